/* The self-play games of the Reversi tools (rv_train.c, rv_mpc_fit.c):
 * each game from a random opening of 0..16 random plies, then the
 * midgame search of c (`depth` plies, the exact solver from `exact`
 * empties) with one move in `rand_in` random.  visit(ud, game, P, O) sees every position
 * of every game before its move, the side to move on P (also a position
 * where that side must pass).  Deterministic for a given rng state. */
#ifndef GS_TOOLS_RV_SELFPLAY_H
#define GS_TOOLS_RV_SELFPLAY_H

#include "ai/reversi_ai.h"
#include "gridstone/util.h"

static void rv_selfplay(rvs_ctx *c, gs_rng *rng, int ngames, int depth, int rand_in, int exact,
                        void (*visit)(void *ud, int game, uint64_t P, uint64_t O), void *ud) {
    for (int g = 0; g < ngames; g++) {
        uint64_t P = 0x0000000810000000ull, O = 0x0000001008000000ull;   /* black to move */
        int nrand = (int)gs_rng_below(rng, 17), ply = 0, passes = 0;
        while (passes < 2) {
            visit(ud, g, P, O);
            uint64_t m = rv_moves(P, O);
            if (!m) {
                passes++;
                uint64_t t = P; P = O; O = t;
                continue;
            }
            passes = 0;
            int list[64], n = 0, sq;
            for (uint64_t x = m; x; x &= x - 1) list[n++] = rv_lsb(x);
            if (ply < nrand || gs_rng_below(rng, (uint32_t)rand_in) == 0) sq = list[gs_rng_below(rng, (uint32_t)n)];
            else rvs_mid(c, P, O, depth, exact, list, n, &sq);
            uint64_t f = rv_flips(sq, P, O);
            uint64_t np = O ^ f, no = P ^ f ^ (1ull << sq);
            P = np;
            O = no;
            ply++;
        }
    }
}

#endif
