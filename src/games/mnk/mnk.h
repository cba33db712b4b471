/* m,n,k-games (internal header): tic-tac-toe, Connect Four and every
 * m columns x n rows board where k in a row wins, optionally with gravity.
 *
 * Rules as implemented (see also docs/ARCHITECTURE.md):
 *   - spec keys m (columns, 1..32, default 3), n (rows, 1..32, default 3),
 *     k (1..32, default 3), gravity (0/1, default 0).  k larger than both
 *     sides is accepted: no line can ever be made, so the game is always a
 *     draw when the board is full.
 *   - black (X) moves first; no passes; the first k or more in a row
 *     (horizontal, vertical, diagonal) wins; a full board without one is a
 *     draw; any move after the end is GS_ERR_GAME_OVER.
 *   - gravity: stones fall to the bottom (row n-1).  Only the landing cell of
 *     a column (its lowest empty cell) is a legal move; another empty cell
 *     of the column is refused with GS_ERR_OUT_OF_BOUNDS (nothing would hold
 *     the stone there), a cell of a full column with GS_ERR_OCCUPIED.
 *   - the winning line (gs_result.line) is the whole run of the winner's
 *     stones through the last move in the first direction that reached k
 *     (E, S, SE, SW), in order along the line; at most 32 cells, so it
 *     always fits in GS_MAX_LINE. */
#ifndef GS_MNK_H
#define GS_MNK_H

#include "gridstone/game.h"

typedef struct mnk_game {
    gs_game base;
    int m, n, k, gravity;
} mnk_game;

typedef struct mnk_state {
    gs_state base;
    int nstones;
    int height[GS_MAX_SIDE];   /* stones in each column */
    gs_result res;             /* result of the current position */
} mnk_state;

extern const gs_game_ops gs_mnk_ops;

/* Length of the run of colour c through cell idx along line direction
 * dir (0..3: E, S, SE, SW, both ways), counting idx itself as c whatever
 * it holds. */
int mnk_run(const gs_state *s, int idx, int c, int dir);
/* The landing cell of column x under gravity (or -1 if full). */
int mnk_landing(const gs_state *s, int x);

#endif
