/* m,n,k AI (internal): the levels random, beginner and perfect, and the
 * solver entry for gs_solve.  Exposed pieces for the tests. */
#ifndef GS_MNK_AI_H
#define GS_MNK_AI_H

#include "gridstone/ai.h"
#include "games/mnk/mnk.h"
#include "ai/mnk_solver.h"

extern const gs_ai_module gs_mnk_ai;

/* Default time per move of the perfect level when gs_ai_opts gives none. */
#define MNK_PERFECT_SECONDS 2.0

/* The beginner bot (the source's logic): a winning cell, else a block of
 * the opponent's k, else for len = k-1 down to k-2 (at least 2) a cell that
 * gives the opponent a viable run of len (defend), then one that gives us
 * one (extend), else a free centre or corner, else any legal cell; every
 * choice is uniform among the cells that qualify, drawn from rng. */
gs_move mnk_beginner_move(const gs_state *s, gs_rng *rng);

/* The solver's view of a state (cells point into the state's board). */
void mnk_pos_of(const gs_state *s, mnk_pos *p);

#endif
