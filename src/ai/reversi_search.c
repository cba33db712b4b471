/* Reversi searchers on bitboards (boards up to 8x8): the exact endgame
 * solver (fastest-first and parity ordering, stability cut-offs, a
 * transposition table, PVS) and the midgame alpha-beta with a hand-tuned
 * evaluation.  The recursions are compiled once per move engine (portable,
 * AVX2, AVX-512) and picked at run time, like perft. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE   /* madvise(MADV_HUGEPAGE) for the table */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include "ai/reversi_ai.h"
#include "ai/reversi_eval.h"
#include "games/reversi/rv_avx2.h"

static inline uint64_t rvs_hash(uint64_t P, uint64_t O) {
    uint64_t h = P * 0x9E3779B97F4A7C15ull ^ (O + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 29);
}

#ifndef RVS_PM_W
#define RVS_PM_W 3       /* exact search order: weight of potential mobility */
#endif
/* Shallow-search order: the key is the reply's value times RVS_W_EVAL per
 * disc (RVS_W_EVAL_HAND per 1000 units of the hand-tuned evaluation), plus
 * RVS_W_EMOB (..._HAND) per move the reply has; each pair tuned on its own
 * evaluation (FFO #41-#57 for the trained one, 6x6 from the start for the
 * hand-tuned one).  A reply's move counts as 3.2 discs of its value
 * (RVS_W_EVAL 10): with the deeper searches of RVS_SORT_DEPTH below, 16
 * (two discs) cost 1.04x the nodes of FFO #50-#58 without #55, 24 1.15x
 * and 7 1.08x (2026-12-02); one disc cost 1.16x in the earlier trees.
 * A corner among the reply's moves counts once more (RVS_W_ECMOB; FFO
 * #40-#58: 0.98 of the nodes, no range worse). */
#ifndef RVS_W_ECMOB
#define RVS_W_ECMOB 16
#endif
#ifndef RVS_W_EVAL
#define RVS_W_EVAL 10
#endif
/* RVS_W_EVAL for the searches of 3 or more plies (22 or more empties),
 * whose values are surer: with 16 (a reply's move counts as two discs) FFO
 * #55, left out of the 2026-12-02 tuning, takes 0.92 of the nodes and
 * #40-#59 0.97 (#54 1.05); 24 and 7 were worse on #52, #53, #57, #58
 * (1.00 and 1.14; 2026-12-03, docs/PERFORMANCE.md). */
#ifndef RVS_W_EVAL_DEEP
#define RVS_W_EVAL_DEEP 16
#endif
/* The ordering searches' window: a reply whose value for the mover is
 * below alpha - RVS_SORT_WIN discs is only known to be that bad (the
 * reply's search stops at its first refutation); those moves come last in
 * any order.  0: the full window.  8 against the full window, side by side
 * on FFO #40-#59: 0.980 of the nodes, 0.966 of the CPU (2026-12-07). */
#ifndef RVS_SORT_WIN
#define RVS_SORT_WIN 8
#endif
#ifndef RVS_W_EMOB
#define RVS_W_EMOB 32
#endif
#ifndef RVS_W_EVAL_HAND
#define RVS_W_EVAL_HAND 125
#endif
#ifndef RVS_W_EMOB_HAND
#define RVS_W_EMOB_HAND 32
#endif
#ifndef RVS_W_MOB
#define RVS_W_MOB 16
#endif
#ifndef RVS_W_CMOB
#define RVS_W_CMOB 16
#endif
#ifndef RVS_W_CORNER
#define RVS_W_CORNER 12
#endif
#ifndef RVS_W_ODD
#define RVS_W_ODD 4
#endif
#ifndef RVS_SMALL
#define RVS_SMALL 5      /* at or below: rv_small */
#endif
#ifndef RVS_STAB_MIN
#define RVS_STAB_MIN 4   /* at or above: stability cut-offs in rv_small too */
#endif
#ifndef RVS_TT_MIN
#define RVS_TT_MIN 10    /* at or above: use the table */
#endif
#ifndef RVS_LTT_MIN
#define RVS_LTT_MIN 6    /* from here to RVS_TT_MIN - 1: the small per-depth tables */
#endif
#ifndef RVS_LTT_BITS
#define RVS_LTT_BITS 12  /* entries per depth: 2^bits (small enough for the L2 cache) */
#endif
#ifndef RVS_ETC_MIN
#define RVS_ETC_MIN 12   /* at or above: enhanced transposition cut-offs */
#endif
#ifndef RVS_PREFETCH
#define RVS_PREFETCH 1   /* fetch the children's table entries ahead of their probes */
#endif
#ifndef RVS_EDGE_TAB
#define RVS_EDGE_TAB 1   /* 8x8: stability from the edge table first */
#endif
/* Midgame nodes this many plies from the horizon or more use the table.
 * One ply from it the children are evaluations: the probe is a cache miss
 * that saves little, and the entries crowd out deeper ones (2 against 1:
 * FFO #50-#58 0.995 of the nodes, #52 0.965; CPU 0.95-0.97 side by side,
 * 2026-12-03). */
#ifndef RVS_MID_TT_MIN
#define RVS_MID_TT_MIN 2
#endif
#ifndef RVS_ETC_LOW
#define RVS_ETC_LOW 1    /* transposition cut-offs below RVS_ETC_MIN from the prefetched entries */
#endif
#ifndef RVS_PC_MIN
#define RVS_PC_MIN 12    /* selective pass: ProbCut at or above */
#endif
#ifndef RVS_PC_DEPTH
#define RVS_PC_DEPTH(ne) (((ne) - 8) / 4)   /* ... with a midgame search this deep */
#endif
#ifndef RVS_SEL_MARGINS
#define RVS_SEL_MARGINS {16, 0}   /* the selective passes' margins in discs, 0-terminated */
#endif
#ifndef RVS_SEL_ROOT
#define RVS_SEL_ROOT 22   /* selective passes before the exact one from this many empties */
#endif
/* The depth of the ordering searches by empty squares: one ply more every
 * three empties from 16 (1 at 16-18 ... 5 at 28-30), the evaluation alone
 * at 14 and 15 (from 12: 0.98 of the nodes, 1.04 of the CPU on FFO
 * #54-#58, 2026-12-07).  Deep positions gain most: with RVS_W_EVAL 10, FFO
 * #40-#59 0.73 of the nodes and 0.81 of the CPU of the earlier 2 from 24,
 * 1 from 18 (#53 0.57, #57 0.61; #40-#49 0.92), side by side on
 * 2026-12-02 (docs/PERFORMANCE.md).  Deeper still (from 15, or 6 plies at
 * 29) visits as many nodes at more cost per node. */
#ifndef RVS_SORT_DEPTH
#define RVS_SORT_DEPTH(ne) ((ne) >= 16 ? ((ne) - 13) / 3 : (ne) >= 14 ? 0 : -1)   /* shallow-search order */
#endif
#ifndef RVS_SORT_DEPTH_HAND
#define RVS_SORT_DEPTH_HAND(ne) ((ne) >= 22 ? 2 : (ne) >= 16 ? 1 : (ne) >= 13 ? 0 : -1)   /* ... with rvs_eval */
#endif

/* Squares next to a disc of x (on the board). */
static inline uint64_t rvs_neighbours(uint64_t x, uint64_t mask) {
    const uint64_t notA = 0xfefefefefefefefeull, notH = 0x7f7f7f7f7f7f7f7full;
    uint64_t h = ((x << 1) & notA) | ((x >> 1) & notH);
    uint64_t r = h | x;
    return (h | (r << 8) | (r >> 8)) & mask;
}

/* Bit q set when quadrant q holds an odd number of the empty squares. */
static inline unsigned rvs_parity(const rvs_ctx *c, uint64_t empties) {
    unsigned par = 0;
    for (int q = 0; q < 4; q++) par |= (unsigned)(rv_popcount(empties & c->quad[q]) & 1) << q;
    return par;
}

/* Column x = 0 of b as a byte, row y at bit y: the magic's shifts put row
 * y of the column at bit 56 + y, with no two bits meeting. */
static inline unsigned rvs_col_gather(uint64_t b) {
    return (unsigned)(((b & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
}

/* The discs a move on the last empty square sq flips when P holds the
 * mover's discs (every other square being the opponent's): each line's
 * squares gathered into one byte by a multiplication (a row by a shift,
 * a column by a magic that puts row r at bit r, a diagonal by summing its
 * bytes: one square per file, so bit f is file f), then counted by
 * rv_last_count.  Flips along a line do not depend on its direction, so
 * the anti-diagonal may be read in file order too.  For CPUs whose pext is
 * slow (AMD before Zen 3), where computing the flips costs more. */
static inline int rvs_last_count_mul(const rvs_ctx *c, uint64_t P, int sq) {
    const uint64_t *m = c->line[sq], files = 0x0101010101010101ull;
    int x = sq & 7, y = sq >> 3;
    return rv_last_count[x][(P & m[0]) >> (sq & 56)]
           + rv_last_count[y][rvs_col_gather((P & m[1]) >> x)]
           + rv_last_count[x][((P & m[2]) * files) >> 56] + rv_last_count[x][((P & m[3]) * files) >> 56];
}

/* The small table's entry for a position with ne empties and hash h. */
static inline rvs_ltt *rvs_ltt_slot(const rvs_ctx *c, int ne, uint64_t h) {
    return &c->ltt[((size_t)(ne - RVS_LTT_MIN) << RVS_LTT_BITS) + (h & (((uint64_t)1 << RVS_LTT_BITS) - 1))];
}

/* Whether the children of an exact node with ne empties, below the ETC
 * depths, are looked up in a table that this context has (the small
 * tables or the main one): gen then fetches their entries ahead and the
 * node reads them for a cut-off. */
static inline int rvs_child_tables(const rvs_ctx *c, int ne) {
    int d = ne - 1;
    if (!RVS_PREFETCH || d < RVS_LTT_MIN || d >= RVS_ETC_MIN) return 0;
    return d < RVS_TT_MIN ? c->ltt != NULL : c->tt != NULL;   /* ltt NULL: searching without them */
}

#define RV_X(name) rvs_##name##_generic
#define RV_X_ATTR
#define RV_X_MOVES rv_moves
#define RV_X_FLIPS rv_flips
#define RV_X_PEXT 0
#include "ai/reversi_search_impl.h"
#undef RV_X_PEXT
#undef RV_X
#undef RV_X_ATTR
#undef RV_X_MOVES
#undef RV_X_FLIPS

#ifdef RV_HAVE_AVX2
#define RV_X(name) rvs_##name##_avx2
#define RV_X_ATTR RV_AVX2_TARGET
#define RV_X_MOVES rv_moves_avx2
#define RV_X_FLIPS rv_flips_avx2
#define RV_X_PEXT 1
#include "ai/reversi_search_impl.h"
#undef RV_X
#undef RV_X_ATTR
#undef RV_X_FLIPS
#define RV_X(name) rvs_##name##_avx512
#define RV_X_ATTR RV_AVX512_TARGET
#define RV_X_FLIPS rv_flips_avx512
#include "ai/reversi_search_impl.h"
#undef RV_X
#undef RV_X_ATTR
#undef RV_X_MOVES
#undef RV_X_FLIPS
#undef RV_X_PEXT
#endif

#if RV_EVAL_HAVE_WEIGHTS
int rvs_eval_searcher(const rvs_ctx *c, uint64_t P, uint64_t O) {
#ifdef RV_HAVE_AVX2
    if (c->cpu == RV_CPU_AVX512) return rvs_eval_count_avx512(c, P, O);
    if (c->cpu == RV_CPU_AVX2) return rvs_eval_count_avx2(c, P, O);
#endif
    return rvs_eval_count_generic(c, P, O);
}
#endif

/* ---- context ---- */

#ifndef RVS_HUGE
#define RVS_HUGE 1   /* the table in 2 MB pages where the system offers them */
#endif

/* A zeroed table of `bytes`.  Where it can, in 2 MB pages: the probes
 * and the prefetches of the children's entries are spread over the whole
 * table, and with 4 KB pages most of them also miss the TLB (a page walk
 * per prefetch, which stalls it). */
static void *rvs_table_alloc(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    if (RVS_HUGE && bytes >= huge && bytes % huge == 0) {
        void *p = aligned_alloc(huge, bytes);
        if (p) {
            (void)madvise(p, bytes, MADV_HUGEPAGE);   /* a hint: the table works without it */
            memset(p, 0, bytes);
            return p;
        }
    }
#endif
    return calloc(1, bytes);
}

gs_status rvs_init(rvs_ctx *c, int n, int tt_bits, const gs_ai_opts *o, double time_limit,
                   uint64_t node_limit) {
    memset(c, 0, sizeof *c);
    c->mask = rv_board_mask(n);
    c->ncells = n * n;
    int h = n / 2;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int q = (y >= h) * 2 + (x >= h);
            c->quad[q] |= 1ull << (y * 8 + x);
            c->quad_bit[y * 8 + x] = (uint8_t)(1u << q);
        }
    for (unsigned b = 0; b < 16; b++)
        for (int q = 0; q < 4; q++)
            if (b >> q & 1) c->par_mask[b] |= c->quad[q];
    int m = n - 1;
    int cx[4] = {0, m, 0, m}, cy[4] = {0, 0, m, m};
    for (int k = 0; k < 4; k++) {
        int dx = cx[k] ? -1 : 1, dy = cy[k] ? -1 : 1;
        uint64_t corner = 1ull << (cy[k] * 8 + cx[k]);
        int xs = (cy[k] + dy) * 8 + cx[k] + dx, c1 = cy[k] * 8 + cx[k] + dx, c2 = (cy[k] + dy) * 8 + cx[k];
        c->corners |= corner;
        c->xsq |= 1ull << xs;
        c->csq |= (1ull << c1) | (1ull << c2);
        c->corner_of_x[xs] = c->corner_of_x[c1] = c->corner_of_x[c2] = corner;
    }
    /* the last plies' square classes: corners, then the edges and the
     * centre, then the second ring, X squares last (the squares most
     * likely to give the opponent a corner), kept only as c->order */
    uint64_t prio[4] = {0, 0, 0, 0};
    for (int sq = 0; sq < 64; sq++) {
        int x = sq & 7, y = sq >> 3;
        uint64_t b = 1ull << sq;
        if (x >= n || y >= n) continue;
        int ring2 = x == 1 || x == m - 1 || y == 1 || y == m - 1, edge = x == 0 || x == m || y == 0 || y == m;
        prio[b & c->corners ? 0 : b & c->xsq ? 3 : ring2 && !edge ? 2 : 1] |= b;
    }
    for (unsigned par = 0; par < 16; par++)
        for (int pass = 0; pass < 8; pass++)
            c->order[par][pass] = (pass < 4 ? c->par_mask[par] : ~c->par_mask[par]) & prio[pass & 3];
    /* squares whose neighbour in each nb8 direction is off the board */
    for (int sq = 0; sq < 64; sq++) {
        int x = sq & 7, y = sq >> 3;
        if (x >= n || y >= n) continue;
        for (int d = 0; d < 8; d++) {
            int nx = x + gs_dir_dx[d], ny = y + gs_dir_dy[d];
            if (nx < 0 || ny < 0 || nx >= n || ny >= n) c->edge_dir[d] |= 1ull << sq;
        }
    }
    for (int sq = 0; sq < 64; sq++) {
        const uint64_t *r = rv_ray[sq], b = 1ull << sq;
        uint64_t lo[4] = {r[4], r[5], r[6], r[7]};   /* W, N, NW, NE: towards lower bits */
        uint64_t hi[4] = {r[0], r[1], r[2], r[3]};   /* E, S, SE, SW */
        for (int k = 0; k < 4; k++) {
            c->line[sq][k] = (lo[k] | hi[k] | b) & c->mask;
            c->line_pos[sq][k] = (uint8_t)rv_popcount(lo[k] & c->mask);
        }
    }
    for (int sym = 0; sym < 8; sym++)
        for (int b = 0; b < 64; b++) {
            int x = b & 7, y = b >> 3;
            if (x >= n || y >= n) continue;
            int t = gs_sym_apply(sym, n, n, y * n + x);
            c->sym[sym][b] = (uint8_t)((t / n) * 8 + t % n);
        }
    c->opts = o;
    c->t0 = gs_now();
    c->deadline = time_limit > 0 ? c->t0 + time_limit : 0;
    c->node_limit = node_limit;
    c->cpu = rv_cpu_level();
    c->pext = rv_fast_pext();
    c->pattern = n == 8 && RV_EVAL_HAVE_WEIGHTS;
    c->edge_tab = n == 8 && RVS_EDGE_TAB;
    c->sel_root = RVS_SEL_ROOT;
    if (tt_bits > 0) {
        c->tt = rvs_table_alloc(((size_t)1 << tt_bits) * sizeof *c->tt);
        if (!c->tt) return GS_ERR_NOMEM;
        c->tt_mask = ((uint64_t)1 << tt_bits) - 1;
        if (RVS_LTT_MIN < RVS_TT_MIN) {
            c->ltt = calloc((size_t)(RVS_TT_MIN - RVS_LTT_MIN) << RVS_LTT_BITS, sizeof *c->ltt);
            if (!c->ltt) {
                free(c->tt);
                c->tt = NULL;
                return GS_ERR_NOMEM;
            }
        }
    }
    return GS_OK;
}

void rvs_free(rvs_ctx *c) {
#ifdef RVS_STATS
    fprintf(stderr, "ne nodes cut cut1%% tt etc stab all waste (mid %llu)\n", (unsigned long long)c->st_mid);
    for (int i = 0; i <= 64; i++)
        if (c->st_nodes[i])
            fprintf(stderr, "%2d %12llu %11llu %5.1f %10llu %10llu %10llu %10llu %12llu\n", i,
                    (unsigned long long)c->st_nodes[i], (unsigned long long)c->st_cut[i],
                    c->st_cut[i] ? 100.0 * c->st_cut1[i] / c->st_cut[i] : 0.0, (unsigned long long)c->st_tt[i],
                    (unsigned long long)c->st_etc[i], (unsigned long long)c->st_stab[i],
                    (unsigned long long)c->st_all[i], (unsigned long long)c->st_waste[i]);
#endif
    free(c->tt);
    c->tt = NULL;
    free(c->ltt);
    c->ltt = NULL;
}

/* ---- stability ---- */

/* Squares whose whole line (along the shift d, both ways) is occupied;
 * occ counts off-board squares as occupied.  lo/hi: the squares with no
 * neighbour towards higher / lower bits.  Three doubling steps cover 8. */
static inline uint64_t rvs_full_line(uint64_t occ, int d, uint64_t lo, uint64_t hi) {
    uint64_t t = occ & ((occ >> d) | lo), e = lo | (lo >> d);
    t &= (t >> 2 * d) | e;
    e |= e >> 2 * d;
    t &= (t >> 4 * d) | e;
    uint64_t u = occ & ((occ << d) | hi);
    e = hi | (hi << d);
    u &= (u << 2 * d) | e;
    e |= e << 2 * d;
    u &= (u << 4 * d) | e;
    return t & u;
}

/* A byte's bits spread back onto column x = 0 (bit y to row y). */
static inline uint64_t rvs_col_scatter(unsigned v) {
    uint64_t b = v;
    b = (b | b << 28) & 0x0000000f0000000full;
    b = (b | b << 14) & 0x0003000300030003ull;
    return (b | b << 7) & 0x0101010101010101ull;
}

/* X's discs on the edge line x, y (bytes) that can never be flipped. */
static inline unsigned rvs_edge_line(unsigned x, unsigned y) {
    return rvs_edge_stable[rv_eval_b3[x] + 2 * rv_eval_b3[y]];
}

/* X's discs on the four edges that can never be flipped (8x8 only). */
static inline uint64_t rvs_edges_stable(uint64_t X, uint64_t Y) {
    uint64_t st = rvs_edge_line(X & 0xff, Y & 0xff);
    st |= (uint64_t)rvs_edge_line((unsigned)(X >> 56), (unsigned)(Y >> 56)) << 56;
    st |= rvs_col_scatter(rvs_edge_line(rvs_col_gather(X), rvs_col_gather(Y)));
    st |= rvs_col_scatter(rvs_edge_line(rvs_col_gather(X >> 7), rvs_col_gather(Y >> 7))) << 7;
    return st;
}

uint64_t rvs_stable(const rvs_ctx *c, uint64_t X, uint64_t Y) {
    const uint64_t notA = 0xfefefefefefefefeull, notH = 0x7f7f7f7f7f7f7f7full;
    uint64_t occ = X | Y | ~c->mask, full[4], x;
    x = occ & (occ >> 4);
    x &= x >> 2;
    x &= x >> 1;
    full[0] = (x & 0x0101010101010101ull) * 0xff;
    x = occ & ((occ >> 32) | (occ << 32));
    x &= (x >> 16) | (x << 48);
    x &= (x >> 8) | (x << 56);
    full[1] = x;
    full[2] = rvs_full_line(occ, 9, 0xff80808080808080ull, 0x01010101010101ffull);
    full[3] = rvs_full_line(occ, 7, 0xff01010101010101ull, 0x80808080808080ffull);
    const uint64_t *ed = c->edge_dir;
    uint64_t eh = full[0] | ed[GS_DIR_E] | ed[GS_DIR_W];
    uint64_t ev = full[1] | ed[GS_DIR_S] | ed[GS_DIR_N];
    uint64_t ed1 = full[2] | ed[GS_DIR_SE] | ed[GS_DIR_NW];
    uint64_t ed2 = full[3] | ed[GS_DIR_SW] | ed[GS_DIR_NE];
    /* the edges' stable discs first (exact on the edges), so that the
     * rounds below only spread them inwards */
    uint64_t st = c->edge_tab ? rvs_edges_stable(X, Y) : 0, prev;
    do {
        prev = st;
        uint64_t h = eh | ((st >> 1) & notH) | ((st << 1) & notA);
        uint64_t v = ev | (st >> 8) | (st << 8);
        uint64_t d1 = ed1 | ((st >> 9) & notH) | ((st << 9) & notA);
        uint64_t d2 = ed2 | ((st >> 7) & notA) | ((st << 7) & notH);
        st |= X & h & v & d1 & d2;
    } while (st != prev);
    return st;
}

/* ---- symmetries at the root ---- */

static uint64_t rvs_sym_bb(const rvs_ctx *c, int sym, uint64_t x) {
    uint64_t r = 0;
    for (; x; x &= x - 1) r |= 1ull << c->sym[sym][rv_lsb(x)];
    return r;
}

uint64_t rvs_root_moves(const rvs_ctx *c, uint64_t P, uint64_t O, uint64_t moves) {
    int stab[8], ns = 0;
    for (int sym = 1; sym < 8; sym++)
        if (rvs_sym_bb(c, sym, P) == P && rvs_sym_bb(c, sym, O) == O) stab[ns++] = sym;
    if (!ns) return moves;
    uint64_t keep = 0;
    for (; moves; moves &= moves - 1) {
        int sq = rv_lsb(moves), dup = 0;
        for (int k = 0; k < ns; k++) dup |= (int)((keep >> c->sym[stab[k]][sq]) & 1);
        if (!dup) keep |= 1ull << sq;
    }
    return keep;
}

/* ---- evaluation ---- */

int rvs_eval(rvs_ctx *c, uint64_t P, uint64_t O) {
#if RV_EVAL_HAVE_WEIGHTS
    if (c->pattern) return rv_eval_pattern(P, O) * RVS_WIN_UNIT / RV_EVAL_SCALE;
#endif
    uint64_t empty = c->mask & ~(P | O);
    int ne = rv_popcount(empty);
    int mob = rv_popcount(rv_moves(P, O) & c->mask) - rv_popcount(rv_moves(O, P) & c->mask);
    int pot = rv_popcount(rvs_neighbours(O, c->mask) & empty) - rv_popcount(rvs_neighbours(P, c->mask) & empty);
    int cor = rv_popcount(P & c->corners) - rv_popcount(O & c->corners);
    int xs = 0, cs = 0;
    for (uint64_t b = (P | O) & (c->xsq | c->csq); b; b &= b - 1) {
        int sq = rv_lsb(b);
        if (c->corner_of_x[sq] & (P | O)) continue;   /* corner taken: harmless */
        int sign = (P >> sq) & 1 ? 1 : -1;
        if ((1ull << sq) & c->xsq) xs += sign;
        else cs += sign;
    }
    int stab = rv_popcount(rvs_stable(c, P, O)) - rv_popcount(rvs_stable(c, O, P));
    int v = 60 * mob + 20 * pot + 600 * cor - 200 * xs - 60 * cs + 120 * stab;
    if (ne & 1) v += 40;                                  /* parity: the last move */
    if (ne < 14) v += (14 - ne) * 8 * (rv_popcount(P) - rv_popcount(O));
    return v;
}

/* ---- dispatch ---- */

int rvs_exact(rvs_ctx *c, uint64_t P, uint64_t O, int alpha, int beta, int *best) {
    int ne = rv_popcount(c->mask & ~(P | O));
#ifdef RV_HAVE_AVX2
    if (c->cpu == RV_CPU_AVX512) return rvs_exact_avx512(c, P, O, alpha, beta, ne, 0, best);
    if (c->cpu == RV_CPU_AVX2) return rvs_exact_avx2(c, P, O, alpha, beta, ne, 0, best);
#endif
    return rvs_exact_generic(c, P, O, alpha, beta, ne, 0, best);
}

/* Midgame value of the position itself searched `depth` plies deep (no
 * exact search below), in RVS_WIN_UNIT units. */
static int rvs_mid_value(rvs_ctx *c, uint64_t P, uint64_t O, int depth) {
    int ne = rv_popcount(c->mask & ~(P | O)), a = -RVS_INF * RVS_WIN_UNIT, b = RVS_INF * RVS_WIN_UNIT;
#ifdef RV_HAVE_AVX2
    if (c->cpu == RV_CPU_AVX512) return rvs_mid_avx512(c, P, O, depth, a, b, ne, 0, 0);
    if (c->cpu == RV_CPU_AVX2) return rvs_mid_avx2(c, P, O, depth, a, b, ne, 0, 0);
#endif
    return rvs_mid_generic(c, P, O, depth, a, b, ne, 0, 0);
}

int rvs_mid(rvs_ctx *c, uint64_t P, uint64_t O, int depth, int exact_empties, const int *moves,
            int nmoves, int *best) {
#ifdef RV_HAVE_AVX2
    if (c->cpu == RV_CPU_AVX512) return rvs_mid_root_avx512(c, P, O, depth, exact_empties, moves, nmoves, best);
    if (c->cpu == RV_CPU_AVX2) return rvs_mid_root_avx2(c, P, O, depth, exact_empties, moves, nmoves, best);
#endif
    return rvs_mid_root_generic(c, P, O, depth, exact_empties, moves, nmoves, best);
}

/* The first guess: midgame searches of up to RVS_GUESS_DEPTH plies with
 * the trained evaluation (stopping 8 empties short of the end), rounded to
 * an even score.  A close guess saves MTD(f) most of its tests. */
#ifndef RVS_GUESS_DEPTH
#define RVS_GUESS_DEPTH 8
#endif

int rvs_guess(rvs_ctx *c, uint64_t P, uint64_t O) {
    int ne = rv_popcount(c->mask & ~(P | O));
    if (!c->pattern || ne < 12) return 0;
    int v = 0, dmax = ne - 8 < RVS_GUESS_DEPTH ? ne - 8 : RVS_GUESS_DEPTH;
    for (int d = 1; d <= dmax && !c->stopped; d++) v = rvs_mid_value(c, P, O, d);
    int g = v >= 0 ? (v + RVS_WIN_UNIT) / (2 * RVS_WIN_UNIT) * 2 : -((-v + RVS_WIN_UNIT) / (2 * RVS_WIN_UNIT) * 2);
    return g > c->ncells ? c->ncells : g < -c->ncells ? -c->ncells : g;
}

/* Exact root: MTD(f) - a sequence of null-window searches converging on
 * the score from the guess, the table keeping what each one learnt.
 * Scores on an even board are even, so the window (b - 1, b) around an
 * odd b decides one even value at a time. */
int rvs_solve(rvs_ctx *c, uint64_t P, uint64_t O, int guess, int *best) {
    uint64_t moves = rv_moves(P, O) & c->mask;
    *best = -1;
    if (!moves) {
        if (!(rv_moves(O, P) & c->mask)) return rv_final_score(P, O, c->mask);
        int dummy;
        return -rvs_solve(c, O, P, -guess, &dummy);
    }
    int ne = rv_popcount(c->mask & ~(P | O));
    if (c->pattern && ne >= c->sel_root && !c->sel) {
        /* selective passes: a closer guess, and the table's moves */
        static const int margins[] = RVS_SEL_MARGINS;
        for (int i = 0; margins[i] && !c->stopped; i++) {
            c->sel = margins[i];
            int dummy;
#ifdef RVS_STATS
            uint64_t n0 = c->nodes;
#endif
            guess = rvs_solve(c, P, O, guess, &dummy);
#ifdef RVS_STATS
            fprintf(stderr, "  selective pass (margin %d): %d, %llu nodes\n", c->sel, guess,
                    (unsigned long long)(c->nodes - n0));
#endif
        }
        c->sel = 0;
    }
    int lo = -c->ncells - 1, hi = c->ncells + 1, g = guess;
#ifdef RVS_STATS
    fprintf(stderr, "  guess %d, %llu nodes\n", guess, (unsigned long long)c->nodes);
#endif
    *best = rv_lsb(moves);
    while (lo + 1 < hi && !c->stopped) {
        int b = g > lo ? g : lo + 1;   /* test: score >= b */
        if (b >= hi) b = hi - 1;
        int m = -1;
#ifdef RVS_STATS
        uint64_t n0 = c->nodes;
#endif
        int v = rvs_exact(c, P, O, b - 1, b, &m);
#ifdef RVS_STATS
        fprintf(stderr, "  test >= %d: %d, %llu nodes\n", b, v, (unsigned long long)(c->nodes - n0));
#endif
        if (c->stopped) break;
        if (v >= b) {
            lo = v;
            if (m >= 0) *best = m;
        } else hi = v + 1;
        g = v >= b ? v + 1 : v;
    }
    return lo;
}
