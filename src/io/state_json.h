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

#endif
