/* gridstone: status codes, reason codes and messages (English and Korean). */
#ifndef GRIDSTONE_ERROR_H
#define GRIDSTONE_ERROR_H

#include "gridstone/export.h"
#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every API call returns a gs_status.  The first group are the reasons an
 * illegal move is refused (SPEC §3); each has a stable machine-readable code
 * (gs_reason_code).  The second group are ordinary API/parse errors. */
typedef enum gs_status {
    GS_OK = 0,
    /* move reasons */
    GS_ERR_OUT_OF_BOUNDS,
    GS_ERR_OCCUPIED,
    GS_ERR_NOT_YOUR_TURN,
    GS_ERR_SUICIDE,
    GS_ERR_KO,
    GS_ERR_POSITIONAL_SUPERKO,
    GS_ERR_SITUATIONAL_SUPERKO,
    GS_ERR_FORBIDDEN_DOUBLE_THREE,
    GS_ERR_FORBIDDEN_DOUBLE_FOUR,
    GS_ERR_FORBIDDEN_OVERLINE,
    GS_ERR_NO_FLIPS,
    GS_ERR_PASS_NOT_ALLOWED,
    GS_ERR_GAME_OVER,
    /* general errors */
    GS_ERR_INVALID_ARG,     /* bad argument to an API call */
    GS_ERR_NOMEM,
    GS_ERR_PARSE,           /* syntax error in a file or string (line/column in gs_error) */
    GS_ERR_UNKNOWN_GAME,
    GS_ERR_UNKNOWN_KEY,     /* spec key not understood by the game */
    GS_ERR_BAD_VALUE,       /* spec or property value out of range */
    GS_ERR_IO,
    GS_ERR_NO_UNDO,         /* nothing left to undo */
    GS_ERR_UNSUPPORTED,     /* the game does not offer this operation */
    GS_ERR_BAD_POSITION,    /* a position that breaks the game's invariants */
    GS_ERR_LIMIT,           /* a node/time/size limit was reached */
    GS_STATUS_COUNT
} gs_status;

typedef enum gs_lang { GS_LANG_EN = 0, GS_LANG_KO = 1 } gs_lang;

/* Human message for a status in the given language (never NULL). */
GS_API const char *gs_strerror(gs_status st, gs_lang lang);
/* Stable machine-readable code: "out-of-bounds", "ko", ... ("ok" for GS_OK). */
GS_API const char *gs_reason_code(gs_status st);
/* Inverse of gs_reason_code; returns GS_STATUS_COUNT if unknown. */
GS_API gs_status gs_reason_from_code(const char *code);
/* Language from a name ("en", "ko", "ko_KR.UTF-8"...); English if unknown. */
GS_API gs_lang gs_lang_from_name(const char *name);
/* True for the statuses that describe why a move is illegal. */
GS_API int gs_is_move_reason(gs_status st);

/* Detailed error: the status plus a one-line message in English and in
 * Korean and, for parsers, the 1-based line and column (0 when not
 * applicable).
 *
 * The Korean comes from a catalogue (src/core/error_ko.c): gs_error_set
 * looks its English format up there and, when it is listed, writes the
 * Korean format with the same arguments into msg_ko.  A %s argument that
 * is itself a listed text without conversions (a parser's "expected a
 * digit") or a status message (gs_strerror) is written in Korean too;
 * other arguments (names, values, file text) go in as they are.  msg_ko
 * is "" when the format is not listed; gs_error_message then gives msg.
 * tests/test_texts.c checks that every format the library passes is
 * listed with the same conversions in the same order.  msg_ko is longer
 * than msg because Hangul takes three bytes in UTF-8; a message cut at
 * the end is cut at a character boundary. */
typedef struct gs_error {
    gs_status code;
    int line, col;
    char msg[256];
    char msg_ko[384];
} gs_error;

/* The message in lang: msg_ko in Korean when there is one, else msg, else
 * (nothing written) the status's message.  Never NULL; err NULL gives "". */
GS_API const char *gs_error_message(const gs_error *err, gs_lang lang);

/* Fill err (if not NULL) and return st.  fmt is printf-style. */
GS_API gs_status gs_error_set(gs_error *err, gs_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
GS_API gs_status gs_error_set_at(gs_error *err, gs_status st, int line, int col,
                          const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* The same with a va_list, for functions that pass their own format on
 * (parsers adding the position): the catalogue sees fmt itself. */
GS_API gs_status gs_error_setv_at(gs_error *err, gs_status st, int line, int col, const char *fmt, va_list ap);
/* An error that wraps another's message: fmt has one %s, which gets
 * inner's message in each language ("the position is not valid: %s"). */
GS_API gs_status gs_error_wrap_at(gs_error *err, gs_status st, int line, int col, const char *fmt,
                                  const gs_error *inner);
/* Puts prefix and ": " before err's message in both languages: for a name
 * or a place that reads the same in every language (an SGF property
 * "KM[x]", a file name). */
GS_API void gs_error_prefix(gs_error *err, const char *prefix);
GS_API void gs_error_clear(gs_error *err);

#ifdef __cplusplus
}
#endif
#endif
