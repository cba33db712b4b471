/* m,n,k-game solver (internal to src/ai): exact game values by negamax
 * alpha-beta over bitboards, and the heuristic move the AI falls back to.
 *
 * The position is given as plain cells so the solver needs nothing from the
 * rules module: m columns, n rows, k in a row, optional gravity (stones
 * fall to row n-1), cells[y * m + x] in {GS_EMPTY, GS_BLACK, GS_WHITE}.
 * Boards of up to 64 cells use one uint64_t per bitboard; larger boards
 * (up to 32x32) use a multiword bitboard instantiation of the same code. */
#ifndef GS_MNK_SOLVER_H
#define GS_MNK_SOLVER_H

#include <stdint.h>
#include "gridstone/board.h"
#include "gridstone/util.h"

typedef struct mnk_pos {
    int m, n, k, gravity;
    const uint8_t *cells;       /* m * n cells */
    int to_move;                /* GS_BLACK or GS_WHITE */
} mnk_pos;

typedef struct mnk_limits {
    uint64_t node_limit;        /* 0 = none */
    double time_limit;          /* seconds, 0 = none */
    void (*progress)(void *ud, uint64_t nodes, double seconds);   /* ~every 0.25 s */
    void *progress_ud;
    unsigned flags;             /* MNK_NO_ES: for benchmarks, without the Erdos-Selfridge bound */
} mnk_limits;

#define MNK_NO_ES 1u

/* A running search's budget and counters, shared by the m,n,k solvers
 * (mnk_solver.c, mnk_c4.c): nodes so far, the limits, progress. */
typedef struct mnk_budget {
    uint64_t nodes, node_limit;
    double t0, time_limit, last_progress;
    int abort;                  /* set once a limit is reached */
    void (*progress)(void *ud, uint64_t nodes, double seconds);
    void *progress_ud;
} mnk_budget;

/* Start the clock with these limits (NULL: none). */
void mnk_budget_start(mnk_budget *b, const mnk_limits *lim);
/* Called every few thousand nodes: limits and progress; returns b->abort. */
int mnk_budget_poll(mnk_budget *b);

typedef struct mnk_solution {
    int value;                  /* +1 win, 0 draw, -1 loss for the side to move */
    gs_move best;               /* a move of that value (GS_NOMOVE if the game is over) */
    uint64_t nodes;
    double seconds;
    int complete;               /* 0: a limit stopped the search, value/best are not proven */
} mnk_solution;

/* Solve the position.  It must be a position the rules accept (stones
 * supported under gravity); a position where a line is already complete
 * is reported as a loss for the side to move (the other side made it).
 * GS_ERR_NOMEM if the tables cannot be allocated, GS_ERR_INVALID_ARG for
 * bad dimensions. */
gs_status mnk_solve(const mnk_pos *p, const mnk_limits *lim, mnk_solution *out);

/* Same; force_wide = 1 uses the multiword bitboards even for small boards
 * (for tests comparing the two instantiations). */
gs_status mnk_solve_ex(const mnk_pos *p, const mnk_limits *lim, int force_wide, mnk_solution *out);

/* The move the perfect player makes (out->best): the solver's best move;
 * in a drawn position the heuristic move instead when it keeps the draw,
 * in a lost one the heuristic move (both give a fallible opponent the
 * most to do); when a limit stops the search (out->complete = 0), the
 * heuristic move.  The heuristic move: an immediate win, else the block
 * of a single enemy threat, else (gravity) never a cell just below an
 * enemy threat, else the highest line-potential score (own and enemy open
 * lines through the cell, weighted by their stones), ties broken by rng. */
gs_status mnk_choose(const mnk_pos *p, const mnk_limits *lim, gs_rng *rng, mnk_solution *out);

#endif
