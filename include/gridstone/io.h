/* gridstone: loading and saving games and positions (SGF, JSON, OBF).
 * The generic SGF tree layer is in sgf.h; this header maps files onto
 * games and states. */
#ifndef GRIDSTONE_IO_H
#define GRIDSTONE_IO_H

#include "gridstone/export.h"
#include <stddef.h>
#include "gridstone/game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Read a whole file ("-" = standard input) into a NUL-terminated buffer
 * the caller frees.  Errors name the path. */
GS_API gs_status gs_read_file(const char *path, char **data, size_t *len, gs_error *err);

enum {
    GS_LOAD_STRICT = 1,     /* an illegal move in a record is an error (default: stop
                               replay there and report it in gs_loaded.note) */
    GS_LOAD_LAZY = 2        /* keep a compact record per position (start position
                               when it is not the game's initial one, and the moves)
                               instead of a state: memory then grows with the input's
                               size, not with its count.  gs_loaded_state() builds the
                               state when asked, gs_loaded_release() drops it again. */
};

struct gs_loaded_rec;
struct io_game_cache;

/* One position from a file: the state (main line replayed to its end),
 * plus what the file said that the state does not hold. */
typedef struct gs_loaded {
    gs_state *state;         /* NULL under GS_LOAD_LAZY until gs_loaded_state() */
    gs_game *game;           /* immutable; entries of one game share one gs_game
                                (gs_loaded_free frees each once) */
    char result[32];         /* RE[] / "result", "" if none */
    int illegal_at;          /* 1-based number of the first move not replayed (an illegal
                                move, or GS_ERR_UNSUPPORTED: setup properties after moves),
                                0 if the whole main line was replayed */
    gs_status illegal_reason;
    char note[160];          /* free text: why replay stopped, and what the file said that
                                was not used (e.g. an unknown RU[]); notes joined by "; " */
    char *note_ko;           /* the same notes in Korean, or NULL when there are none
                                (malloc-ed only for a position with notes: a file of many
                                positions pays 8 bytes each; gs_loaded_free frees it) */
    /* the loader's bookkeeping (do not touch) */
    struct gs_loaded_rec *rec_;
    struct io_game_cache *cache_;
    int own_game_;
} gs_loaded;

/* Load every position in data: one per SGF game tree, per JSON document
 * (or per line of JSON Lines), per OBF line.  The format is detected from
 * the content.  spec_override (may be NULL) overrides or completes the
 * game named by the file (its keys are applied on top).  Positions of the
 * same game share one gs_game (built once; at most GS_LOAD_MAX_GAMES
 * different games per input, GS_ERR_LIMIT beyond).  On error nothing is
 * returned and err has the line and column. */
#define GS_LOAD_MAX_GAMES 1024
GS_API gs_status gs_load_positions(const char *data, size_t len, const char *spec_override,
                             int flags, gs_loaded **out, int *count, gs_error *err);
/* The state of a loaded position: l->state, built from the record first
 * under GS_LOAD_LAZY (and kept in l->state until gs_loaded_release).
 * NULL only when out of memory. */
GS_API gs_state *gs_loaded_state(gs_loaded *l);
/* Under GS_LOAD_LAZY: free the state gs_loaded_state built (the record
 * stays, so it can be built again).  Without a record: does nothing. */
GS_API void gs_loaded_release(gs_loaded *l);
GS_API void gs_loaded_free(gs_loaded *l, int count);

/* JSON state (docs/FORMATS.md): a game with its history, or a bare
 * position (with_history = 0).  Returns a malloc-ed string. */
GS_API char *gs_state_to_json(const gs_state *s, int with_history);
GS_API gs_status gs_state_from_json(const char *text, size_t len, const char *spec_override,
                             gs_game **game, gs_state **state, gs_error *err);

/* A JSON string literal (with its quotes) for s[0..len): escapes as JSON
 * needs, valid UTF-8 copied, every other byte (text from a file in some
 * other encoding) written as \ufffd, so the result is always valid JSON.
 * Malloc-ed; NULL when out of memory. */
GS_API char *gs_json_quote(const char *s, size_t len);

/* SGF FF[4] record of a state: setup stones of the start position, then
 * the moves.  Returns a malloc-ed string. */
GS_API char *gs_state_to_sgf(const gs_state *s);

#ifdef __cplusplus
}
#endif
#endif
