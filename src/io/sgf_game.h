/* Internal: one SGF game tree onto a game and state (used by
 * gs_load_positions), and a state's SGF as a tree. */
#ifndef GS_IO_SGF_GAME_H
#define GS_IO_SGF_GAME_H

#include "gridstone/io.h"
#include "gridstone/sgf.h"

/* Fill l from the tree at root; text/len are the parsed SGF text (for
 * line/column; may be NULL).  On error l may hold a partial game/state
 * for the caller to free with io_loaded_free_one. */
gs_status io_sgf_load_tree(const gs_sgf_node *root, const char *text, size_t len, const char *override, int flags,
                           gs_loaded *l, gs_error *err);

/* The SGF of s as a collection of one game (root properties, setup, the
 * moves), for a caller that adds to it before writing: RE[] from res when
 * it says the game is over, none when res is NULL (a caller with a result
 * of its own need not count the position: Go's dead-stone estimate).
 * gs_state_to_sgf is this with the position's result, written out.  NULL
 * when out of memory or the start position cannot be found. */
gs_sgf_collection *io_state_sgf(const gs_state *s, const gs_result *res);

#endif
