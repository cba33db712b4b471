/* Monte-Carlo tree search for Go (internal to gridstone: used by the Go AI
 * module go_ai.c, the GTP engine and the benchmark).
 *
 * UCT with RAVE and prior knowledge: every child starts with virtual
 * visits from simple heuristics (captures, atari escapes, 3x3 shape
 * patterns, self-atari, empty edges), and its value mixes its own mean with
 * its all-moves-as-first mean (weight ñ / (ñ + n + n ñ / MC_RAVE_EQUIV)).
 * Playouts are heuristic: answer an atari made by the last move (capture or
 * escape), else a 3x3 pattern move next to the last move, else a random
 * move that fills no own eye and is no self-atari of two or more stones.
 *
 * All tree memory is one node pool allocated per search.  A search with
 * one thread is deterministic: the same position, seed and playout limit
 * give the same move.  With a time limit the number of playouts (and so the
 * move) depends on the machine's speed.  With several threads (tree
 * parallelism: one tree, one lock held while descending and backing up, a
 * virtual loss on every node a thread passes) the playout count is still
 * exact under a playout limit, but which thread gets which playout, and so
 * the move, depends on timing.  A search stops early once
 * the most visited root move can no longer be overtaken in the playouts
 * left (never before a quarter of the budget); with a playout limit that
 * test counts playouts, so it keeps the search deterministic. */
#ifndef GS_GO_MCTS_H
#define GS_GO_MCTS_H

#include <stdint.h>
#include "gridstone/game.h"

typedef struct go_mcts_params {
    uint64_t seed;
    uint64_t max_playouts;     /* 0 = no playout limit */
    double max_time;           /* seconds; 0 = no time limit (one of the two is needed) */
    int light;                 /* 1 = light random playouts (no heuristics, no priors) */
    int threads;               /* threads searching the one tree (0 or 1: one) */
    int ownership_only;        /* 1 = only the ownership matters: the root may be a
                                  finished game, its moves are not checked against
                                  the rules (superko) and its passes are forgotten */
    void (*progress)(void *ud, uint64_t nodes, double seconds);
    void *progress_ud;
} go_mcts_params;

typedef struct go_mcts_result {
    gs_move best;              /* most visited root move (GS_PASS if none) */
    double winrate;            /* of the best move, for the side to move */
    uint64_t playouts;
    double seconds;
    int nodes;                 /* tree nodes used */
    double mean_score;         /* mean final area score, black minus white, komi included */
    /* Ownership per cell (row-major), from black's view: +1 black owns it
     * at the end of every playout, -1 white does. */
    float own[GS_MAX_CELLS];
} go_mcts_result;

/* Search the position of a Go state (s->game must be Go). */
gs_status go_mcts_search(const gs_state *s, const go_mcts_params *p, go_mcts_result *r,
                         gs_error *err);

/* Is the game settled for the search result r of s: every stone and
 * every empty point has a clear owner (|own| >= 0.8), except empty points
 * where neither colour can play without being left in atari (seki)? */
int go_mcts_settled(const gs_state *s, const go_mcts_result *r);

#endif
