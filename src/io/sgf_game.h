/* Internal: one SGF game tree onto a game and state (used by
 * gs_load_positions). */
#ifndef GS_IO_SGF_GAME_H
#define GS_IO_SGF_GAME_H

#include "gridstone/io.h"
#include "gridstone/sgf.h"

/* Fill l from the tree at root; text/len are the parsed SGF text (for
 * line/column; may be NULL).  On error l may hold a partial game/state
 * for the caller to free with io_loaded_free_one. */
gs_status io_sgf_load_tree(const gs_sgf_node *root, const char *text, size_t len, const char *override, int flags,
                           gs_loaded *l, gs_error *err);

#endif
