/* The server's texts in English and Korean (texts.c): the messages of its
 * error codes, the Korean of the error details people meet in the web UI,
 * and the result sentences.  Pure (libc and the library's languages), so
 * the test runner checks every pair (tests/test_texts.c). */
#ifndef GS_SERVER_TEXTS_H
#define GS_SERVER_TEXTS_H

#include <stddef.h>
#include "gridstone/error.h"
#include "gridstone/game.h"

typedef struct srv_text {
    const char *code;            /* the error code (docs/PROTOCOL.md) */
    int http;                    /* its HTTP status */
    const char *en, *ko;
} srv_text;
extern const srv_text srv_texts[];
extern const size_t srv_ntexts;
/* The entry of a server error code, NULL for others (the library's reason codes). */
const srv_text *srv_text_find(const char *code);

/* Details are written in English at the call sites; the ones a person can
 * meet in the web UI have a Korean here, found by the English (as a
 * gettext catalogue is).  Others (API field hints, storage errors) stay
 * English in both languages. */
typedef struct srv_detail {
    const char *en, *ko;
} srv_detail;
extern const srv_detail srv_details[];
extern const size_t srv_ndetails;
/* detail in lang: its Korean when it has one, else detail itself. */
const char *srv_detail_text(const char *detail, gs_lang lang);

/* Result sentences, by how the game ended.  The formats take the
 * winner's colour word, then what sig says: "%s" nothing more, "%s%s" a
 * word, "%s%g" the score's size, "%s%g%s" the size and its unit; the
 * word (resignation, line, unit) is the game's own (gs_game_ops ko_*)
 * or the general one. */
typedef enum srv_word { SRV_WORD_NONE, SRV_WORD_RESIGN, SRV_WORD_LINE, SRV_WORD_UNIT } srv_word;
typedef struct srv_sentence {
    const char *how;
    const char *en, *en_sig;
    const char *ko, *ko_sig;
    srv_word ko_word;
} srv_sentence;
extern const srv_sentence srv_sentences[];
extern const size_t srv_nsentences;
/* The result in lang: ops the game's module (NULL: the general words),
 * winner GS_BLACK/GS_WHITE or another value for a draw, how as
 * srv_game.how, score black minus white (used when has_score). */
void srv_result_sentence(const gs_game_ops *ops, int winner, const char *how, int has_score, double score,
                         gs_lang lang, char *buf, size_t len);

/* Why a Go game is being scored: two passes, or (limit) its bound of
 * max_ply moves (docs/PROTOCOL.md, scoring.reason_message). */
void srv_scoring_reason(int limit, int max_ply, gs_lang lang, char *buf, size_t len);

#endif
