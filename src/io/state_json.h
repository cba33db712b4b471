/* Internal: loading one parsed JSON state document (used by
 * gs_state_from_json and gs_load_positions). */
#ifndef GS_IO_STATE_JSON_H
#define GS_IO_STATE_JSON_H

#include "gridstone/io.h"
#include "io/json.h"

/* Fill l (game, state, result, illegal move) from doc; text/len are the
 * whole file, for line/column in errors.  On error l may hold a partial
 * game/state that the caller frees with io_loaded_free_one. */
gs_status io_json_load_doc(const io_json *doc, const char *text, size_t len, const char *override, int flags,
                           gs_loaded *l, gs_error *err);

/* gs_state_to_json with the record's result given (text as in SGF RE[]:
 * "W+R", "B+T", "0", "B+3.5", "" unfinished) instead of the position's, for
 * a game that ended beyond its moves (the server's games: resigned, timed
 * out, agreed, counted with dead stones).  NULL: the position's.  The
 * reader accepts such a result where the position allows it (docs/FORMATS.md). */
char *io_state_json(const gs_state *s, int with_history, const char *result);

#endif
