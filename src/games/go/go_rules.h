/* The Go rules module's game and state structs (internal: shared by go.c,
 * go_score.c and the Go AI / GTP code).  A go state keeps the generic
 * gs_state head (cells + hash, side to move, history) in sync with the
 * fast board after every move and undo. */
#ifndef GS_GO_RULES_H
#define GS_GO_RULES_H

#include "gridstone/game.h"
#include "gridstone/go.h"
#include "games/go/go_board.h"

typedef struct go_game {
    gs_game base;
    go_geom geo;
    gs_go_rules rules;
} go_game;

/* Per ply: the stone hash of the position and the side to move in it. */
typedef struct go_ply {
    uint64_t hash;
    uint8_t to_move;
} go_ply;

typedef struct go_state {
    gs_state base;
    go_board b;              /* b.u == &u: every move is logged */
    go_undo u;
    go_ply *ply;             /* ply[0] = start position, ply[k] after hist[k-1] */
    int ply_cap;
    uint8_t start_cells[GS_MAX_CELLS];   /* the setup position (row-major) */
    uint8_t start_to_move;
} go_state;

extern const gs_game_ops gs_go_ops;

static inline const go_game *go_game_of(const gs_state *s) { return (const go_game *)s->game; }
static inline int go_is_go(const gs_game *g) { return g && g->ops == &gs_go_ops; }

#endif
