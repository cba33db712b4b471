/* Reversi AI internals: the bitboard searcher (exact endgame solver and
 * midgame alpha-beta) shared by the player and the solver. */
#ifndef REVERSI_AI_H
#define REVERSI_AI_H

#include <stdint.h>
#include "gridstone/ai.h"
#include "games/reversi/rv_internal.h"

#define RVS_INF 10000          /* beyond any score */
#define RVS_WIN_UNIT 1000      /* midgame: exact final scores are scaled by this */

/* Transposition table entry: the whole position as the key, bounds on its
 * value, the best move, the depth (midgame), -1 (exact) or -1 - margin
 * (a selective pass's), and the replacement weight. */
typedef struct rvs_tt {
    uint64_t P, O;
    int32_t lo, hi;
    int8_t depth;
    uint8_t move;
    uint8_t weight;
    uint8_t pad;
} rvs_tt;

/* An entry of the small tables for the last plies above rv_small: the
 * bounds of one position's final score (exact searches only). */
typedef struct rvs_ltt {
    uint64_t P, O;
    int8_t lo, hi;
} rvs_ltt;

typedef struct rvs_ctx {
    uint64_t mask;             /* the board's squares */
    int ncells;                /* squares on the board */
    uint64_t quad[4];          /* quadrants, for parity ordering */
    uint64_t par_mask[16];     /* union of the quadrants whose bit is set */
    uint8_t quad_bit[64];      /* 1 << the quadrant of a square */
    uint64_t corners, xsq, csq;   /* corner, X and C squares */
    uint64_t order[16][8];     /* by parity bits: the last plies' passes - the odd quadrants' squares
                                  by class (corners first, X squares last), then the even ones' */
    uint64_t corner_of_x[64];  /* the corner next to an X or C square */
    uint64_t edge_dir[8];      /* squares whose neighbour in dir is off the board */
    uint8_t sym[8][64];        /* square (bit) images under the 8 board symmetries */
    uint64_t line[64][4];      /* the row, column and diagonals through a square (on the board) */
    uint8_t line_pos[64][4];   /* the square's index among the bits of each line */
    rvs_tt *tt;                /* allocated once per search */
    rvs_ltt *ltt;              /* small per-depth tables below the main one (NULL: none) */
    uint64_t tt_mask;
    uint64_t nodes, node_limit;
    double deadline;           /* gs_now() value; 0 = none */
    int stopped;               /* a limit was hit: results are not exact */
    int sel;                   /* selective pass: ProbCut margin in discs (0: exact search) */
    int mpc;                   /* midgame ProbCut: cut at this many hundredths of the error's
                                  sigma (rv_mpc_sigma; 0: off, the solver's searches) */
    int in_mpc;                /* inside a ProbCut probe: no probe of its own */
    int sel_root;              /* rvs_solve: selective passes first from this many empties */
    int cpu;                   /* RV_CPU_* engine */
    int pext;                  /* the last square counted by pext (a fast pext: rv_fast_pext) */
    int pattern;               /* 8x8: the trained evaluation, else rvs_eval's features */
    int edge_tab;              /* 8x8: rvs_stable starts from rvs_edge_stable */
    const gs_ai_opts *opts;
    double t0;
#ifdef RVS_STATS
    /* debug builds only (-DRVS_STATS): counts by empty squares */
    uint64_t st_nodes[65], st_cut[65], st_cut1[65], st_tt[65], st_etc[65], st_stab[65];
    uint64_t st_waste[65], st_all[65], st_mid;   /* nodes before the cutting move; all-nodes */
#endif
} rvs_ctx;

/* Set up ctx for an n x n board (n <= 8) with a table of 2^tt_bits
 * entries; returns GS_ERR_NOMEM when it cannot be allocated. */
gs_status rvs_init(rvs_ctx *c, int n, int tt_bits, const gs_ai_opts *o, double time_limit,
                   uint64_t node_limit);
void rvs_free(rvs_ctx *c);

/* Exact search: the final disc difference for the player on P with empty
 * squares to the winner, searched in the window (alpha, beta) (fail-soft),
 * and the best move (bit index, -1 for a pass or none). */
int rvs_exact(rvs_ctx *c, uint64_t P, uint64_t O, int alpha, int beta, int *best);
/* The exact score at the root by null-window searches starting at
 * `guess`; *best = the move that reaches it (bit index, -1 to pass). */
int rvs_solve(rvs_ctx *c, uint64_t P, uint64_t O, int guess, int *best);
/* A first guess of the exact score (even, in discs) from a midgame
 * search with the trained evaluation; 0 where there is none. */
int rvs_guess(rvs_ctx *c, uint64_t P, uint64_t O);
/* Midgame alpha-beta to `depth` plies with the evaluation (switching to
 * the exact search at `exact_empties` empties or fewer); scores in eval
 * units, exact results scaled by RVS_WIN_UNIT.  moves/nmoves: root move
 * order (bit indices); the best is returned in *best. */
int rvs_mid(rvs_ctx *c, uint64_t P, uint64_t O, int depth, int exact_empties, const int *moves,
            int nmoves, int *best);
/* Static evaluation for the player on P: on 8x8 the trained evaluation,
 * the predicted final disc difference times RVS_WIN_UNIT; on smaller
 * boards a hand-tuned sum of features in the same rough scale. */
int rvs_eval(rvs_ctx *c, uint64_t P, uint64_t O);
/* The moves of `moves` worth searching at a root: one of each set of
 * moves that a symmetry of the position maps onto each other. */
uint64_t rvs_root_moves(const rvs_ctx *c, uint64_t P, uint64_t O, uint64_t moves);
/* The evaluation as the searchers of c's engine compute it at their
 * horizon (8x8 with the trained weights: rvs_eval's value; with a fast
 * pext, c->pext, gathered another way), for positions where a side can
 * move. */
int rvs_eval_searcher(const rvs_ctx *c, uint64_t P, uint64_t O);
/* Discs of X that can never be flipped (a safe lower bound). */
uint64_t rvs_stable(const rvs_ctx *c, uint64_t X, uint64_t Y);
/* rvs_edge_stable[b3(x) + 2 b3(y)] (b3: rv_eval_b3, the bits as base-3
 * digits): the discs of x on an edge of the 8x8 board (x, y: the two
 * sides' discs on it, bit i the i-th square along the edge) that no
 * sequence of moves can flip; generated at build time (tools/gen_rv_stab.c). */
extern const uint8_t rvs_edge_stable[6561];

/* Midgame ProbCut (Buro): at a node `depth` plies from the horizon, a
 * search of RVS_MPC_SHALLOW(depth) plies predicts the deep one; the
 * difference deep - shallow has the mean rv_mpc_mean[ne / 4][depth] and
 * the standard deviation rv_mpc_sigma[ne / 4][depth] (eval units,
 * RVS_WIN_UNIT a disc), measured on self-play positions by
 * tools/rv_mpc_fit.c (make fit-reversi-mpc, src/ai/reversi_mpc.c).  A
 * sigma of 0 (not measured): no cut there. */
#define RV_MPC_STAGES 16
#define RV_MPC_MAXD 12
#define RVS_MPC_MIN 3
#define RVS_MPC_SHALLOW(d) (2 * ((d) / 4) + ((d) & 1))
extern const int16_t rv_mpc_mean[RV_MPC_STAGES][RV_MPC_MAXD + 1];
extern const int16_t rv_mpc_sigma[RV_MPC_STAGES][RV_MPC_MAXD + 1];

/* A player's settings: the exact solver takes over at exact_empties or
 * fewer empty squares (configurable here; the levels preset it). */
typedef struct rv_ai_cfg {
    int max_depth;           /* iterative deepening stops here */
    int exact_empties;
    double time_limit;       /* seconds when gs_ai_opts gives none (0 = none) */
    uint64_t node_limit;     /* when gs_ai_opts gives none (0 = none) */
    int tt_bits;             /* table of 2^tt_bits entries, allocated once per move */
    int hand_eval;           /* 8x8: the hand-tuned evaluation instead of the trained one */
    int mpc;                 /* 8x8, trained evaluation: midgame ProbCut at mpc / 100 sigma (0: off) */
} rv_ai_cfg;

/* The medium level's node ceiling when the caller gives no node limit. */
#define RV_AI_MEDIUM_MAX_NODES 10000000ull

/* Presets: medium (strong = 0) and strong (strong = 1).  Both are bounded
 * whatever their options ask: strong by its time, medium by its nodes. */
rv_ai_cfg rv_ai_level_cfg(int strong);
/* Choose a move with the searcher (never an illegal one). */
gs_status rv_ai_search(const gs_state *s, const rv_ai_cfg *cfg, const gs_ai_opts *o, gs_move *out,
                       gs_error *err);

extern const gs_ai_module gs_reversi_ai;

#endif
