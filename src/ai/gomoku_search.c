/* The Gomoku player's search, over the rules module's incremental line
 * codes:
 *  - per empty cell and colour, a threat class and a pattern value kept
 *    incrementally (only the 32 cells whose line codes a stone changes are
 *    refreshed), with counts per class, so "has a five point", "has an
 *    open three to answer" and the evaluation are O(1);
 *  - VCF (fours only) as a real search with its own table of refuted
 *    positions, VCT (threes and fours) on top of it;
 *  - principal-variation alpha-beta with iterative deepening, aspiration
 *    windows, a transposition table, killer and history ordering, late
 *    move reductions, static futility; forced replies (blocking a five)
 *    are extensions; when the opponent threatens an open four only
 *    defences and own fours are searched; the leaves look for a short VCF.
 * Rule-aware: only legal moves are generated, fives are checked exactly
 * for the rules that need it, and a defender who is black in renju cannot
 * block on a forbidden point (the attacker exploits it). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai/gomoku_ai.h"

#define VCF_TT_BITS 16   /* the threat tables' entries: at least 2^16 (or the main table's), */
#define VCF_TT_SHIFT 2   /* else a quarter of the main table's (large tables: the engine's) */
#define GMK_VCT_DEPTH 12   /* the root's threat searches: attacker's threes and fours */
#define WIN_SOFT 20000     /* a won threat position not yet proven by search */
#define MATE (GMK_WIN - 1000)
/* A node whose searched moves all lose but whose move list was cut short
 * (the width limits): very likely lost, not proven, so worth less than
 * any mate and more than any threat the evaluation sees. */
#define UNPROVEN (2 * WIN_SOFT)
#define MCP_D1 4   /* moves searched at depth 1 before the pruning (see ab) */
#define MCP_D2 7   /* at depth 2 */
#define GMK_KILLER_BONUS 300   /* ordering value of a killer move: about a three's */
/* Static futility: a node below a null window whose static value clears
 * beta by this much per ply of depth left (besides the last) is taken as
 * failing high, up to this depth; not while an open-four threat must be
 * answered (the value does not see it).  Self-play against the search
 * without it, PERFORMANCE.md. */
#define FUT_MARGIN 63
#define FUT_DEPTH 4

/* Priority weights: own / opponent pattern classes (GMK_P_* order). */
static const int w_own[GMK_P_COUNT] = {0, 1, 4, 14, 20, 90, 110, 1200, 1500, 200000};
static const int w_opp[GMK_P_COUNT] = {0, 1, 3, 10, 15, 70, 90, 900, 1000, 100000};
/* Per direction pattern class: its evaluation weight (bits 0-11; per
 * empty cell and direction) plus one in the 3-bit count field of its
 * threat kind, so that a cell's four directions add up to one word. */
#define F_FIVE 12
#define F_FLEX 15   /* straight four or two fours on the line */
#define F_FOUR 18
#define F_THREE 21  /* open three */
static const int32_t p_enc[GMK_P_COUNT] = {
    0, 1, 3, 10, 12, 40 + (1 << F_THREE), 50 + (1 << F_FOUR), 120 + (1 << F_FLEX), 120 + (1 << F_FLEX),
    200 + (1 << F_FIVE)};
/* Extra ordering value of a cell by its threat class (not in the
 * evaluation: who is to move decides what a threat is worth, see leaf). */
static const int w_cls[GMK_C_COUNT] = {0, 0, 0, 150, 300, 400, 0};
/* 64 ln(i) for i < 64: late move reductions grow with the logarithms of
 * the depth left and of the move's number, as in strong alpha-beta
 * engines. */
static const uint16_t ln64[64] = {
    0,   0,   44,  70,  89,  103, 115, 125, 133, 141, 147, 153, 159, 164, 169, 173, 177, 181, 185, 188, 192, 195,
    198, 201, 203, 206, 209, 211, 213, 216, 218, 220, 222, 224, 226, 228, 229, 231, 233, 234, 236, 238, 239, 241,
    242, 244, 245, 246, 248, 249, 250, 252, 253, 254, 255, 256, 258, 259, 260, 261, 262, 263, 264, 265};

/* Plies to reduce the n-th move (from 0) searched with depth left: 1/2 +
 * ln depth ln (n + 1) / 2, rounded down (depth 8, the 12th move: 3). */
static int lmr_plies(int depth, int n) {
    if (depth > 63) depth = 63;
    if (n > 62) n = 62;
    return (ln64[depth] * ln64[n + 1] + 4096) / 8192;
}

/* Count a node; stop at the node limit exactly (a limit of 24 ran 256
 * nodes and more when it was looked at every 256th node) and at the
 * deadline, whose clock is read every 256th node. */
static int tick(gmk_search *S) {
    if (S->stop) return 1;   /* not searched, not counted */
    S->nodes++;
    if (S->node_limit && S->nodes >= S->node_limit) S->stop = 1;
    if (!S->stop && (S->nodes & 255) == 0 && S->deadline > 0 && gs_now() >= S->deadline) S->stop = 1;
    return S->stop;
}

/* ---- incremental cell information ---- */

/* Threat class by the counts of fours (n4) and open threes (n3) in a
 * cell's directions, indexed n3 << 3 | n4 (each 0-4, their fields' order
 * in p_enc words): a table, since the chain of tests mispredicted in the
 * search's innermost loop (0.84 of the CPU time, side by side). */
#define CLS34(n4, n3) ((n4) >= 2 ? GMK_C_FLEX4 : (n4) && (n3) ? GMK_C_43 : (n4) ? GMK_C_FOUR \
                       : (n3) >= 2 ? GMK_C_33 : (n3) ? GMK_C_THREE : GMK_C_NONE)
#define CLS34_ROW(n3) CLS34(0, n3), CLS34(1, n3), CLS34(2, n3), CLS34(3, n3), CLS34(4, n3), 0, 0, 0
static const uint8_t cls34[40] = {CLS34_ROW(0), CLS34_ROW(1), CLS34_ROW(2), CLS34_ROW(3), CLS34_ROW(4)};

/* Threat class, "makes a four" flag and value of a cell from the sum of
 * its four directions' p_enc words. */
static inline void cell_info(int32_t acc, int *cls, int *four, int *val) {
    int five = (acc >> F_FIVE) & 7, flex = (acc >> F_FLEX) & 7;
    *cls = five ? GMK_C_FIVE : flex ? GMK_C_FLEX4 : cls34[(acc >> F_FOUR) & 63];   /* F_THREE = F_FOUR + 3 */
    *four = (acc >> F_FIVE & 0777) != 0;   /* a five, straight four or four */
    *val = acc & 0xFFF;
}

/* Evaluation weights for one side to move, fitted by tools/gomoku_tune.py
 * (logistic regression of a reference engine's win probability on
 * positions from fast self-play games and from games against that
 * engine, PERFORMANCE.md "Gomoku strength"),
 * in units of 0.004 logit, about those of the earlier hand-set evaluation.
 * The cells' own open fours and fives and the four-three to make keep
 * hand-set values: such leaves are won by the search, not judged. */
typedef struct ev_weights {
    int16_t pat[2][GMK_P_COUNT];   /* per empty cell and direction by its GMK_P_* class: [0] for
                                    * the side to move's colour (added), [1] the other's (subtracted) */
    int16_t cls[2][4];             /* per empty cell of class GMK_C_THREE, FOUR, 33, 43: [0] own
                                    * (added), [1] the opponent's (subtracted) */
    int16_t own43, own33;          /* leaf: a four-three / double three to make, no four against it */
    int16_t opp_flex4;             /* leaf: the opponent threatens an open four (subtracted) */
    int16_t tempo;                 /* the move itself */
} ev_weights;
/* Freestyle and standard (either side to move); renju with black, with
 * white to move (black's double threes are forbidden, and it shows). */
static const ev_weights ev_tab[3] = {
    {{{0, 0, 2, 6, 13, 17, 37, 144, 144, 240}, {0, 0, 2, 5, 13, -11, 23, 185, 143, 200}},
     {{32, 38, -40, 191}, {52, 46, 58, 354}}, WIN_SOFT / 10, 485, 192, 231},
    {{{0, 0, 2, 6, 20, 23, 53, 144, 144, 240}, {0, 0, -1, 4, 18, -19, 99, 402, 181, 200}},
     {{30, 53, -74, 756}, {70, 8, 164, 278}}, WIN_SOFT / 10, 196, 185, 152},
    {{{0, 0, 0, 7, 27, 27, 59, 144, 144, 240}, {0, 0, 2, 5, 21, -2, -15, 73, 176, 200}},
     {{40, 59, -47, 370}, {46, 115, 36, 334}}, WIN_SOFT / 10, 295, 193, 233},
};

/* Cell q's data for colour index c from its direction sum acc: the sum,
 * threat class (and the class counts), four flag and value, with their
 * totals kept (acc 0 gives an occupied cell's: class NONE, all zero). */
/* Forced inline: with the four list kept here gcc stopped inlining it, and
 * the calls cost more than walking the list saved (measured side by side). */
__attribute__((always_inline)) static inline void cell_data_set(gmk_search *S, int c, int q, int32_t acc) {
    int k, f, val, k0 = S->cls[c][q];
    cell_info(acc, &k, &f, &val);
    S->acc[c][q] = acc;
    if (k != k0) {
        S->cnt[c][k0]--;
        S->cnt[c][k]++;
        S->cls[c][q] = (uint8_t)k;
    }
    if (f != S->four[c][q]) {
        if (f) {
            S->fpos[c][q] = (int16_t)S->nfour[c];
            S->flist[c][S->nfour[c]++] = (int16_t)q;
        } else {   /* the last one takes q's place */
            int i = S->fpos[c][q], last = S->flist[c][--S->nfour[c]];
            S->flist[c][i] = (int16_t)last;
            S->fpos[c][last] = (int16_t)i;
        }
    }
    S->evsum[c] += val - S->val[c][q];
    S->four[c][q] = (uint8_t)f;
    S->val[c][q] = (int16_t)val;
}

/* Direction d of empty cell q changes from pattern class o to v for
 * colour index c (S->pat, which holds both colours, is the caller's):
 * the evaluation sums and q's cell data (its direction sum, threat class,
 * four flag, value and the counts).  One pass over what changes: this
 * runs for about a dozen cells per played or taken-back stone, the
 * search's innermost work. */
static inline void pat_change(gmk_search *S, int c, int q, int o, int v) {
    const ev_weights *wm = S->evw[c], *wo = S->evw[1 - c];
    S->ev[c][0] += wm->pat[0][v] - wm->pat[0][o];
    S->ev[c][1] += wo->pat[1][v] - wo->pat[1][o];
    cell_data_set(S, c, q, S->acc[c][q] + p_enc[v] - p_enc[o]);
}

/* Empty cell q whose data are those of an occupied cell (all zero, class
 * NONE): its patterns and cell data from its line codes. */
static void cell_fill(gmk_search *S, int q) {
    for (int d = 0; d < 4; d++) S->pat[d][q] = gmk_pat_table[S->st.code[d][q]];
    for (int c = 0; c < 2; c++) {
        const ev_weights *wm = S->evw[c], *wo = S->evw[1 - c];
        int32_t acc = 0;
        int e0 = 0, e1 = 0;
        for (int d = 0; d < 4; d++) {
            int v = gmk_spat(S, c, d, q);
            acc += p_enc[v];
            e0 += wm->pat[0][v];   /* class NONE weighs 0 in every table */
            e1 += wo->pat[1][v];
        }
        S->ev[c][0] += e0;
        S->ev[c][1] += e1;
        cell_data_set(S, c, q, acc);
    }
}

/* Cell q has just been occupied: its patterns and cell data back to zero
 * (class NONE), their sums taken out. */
static void cell_empty_out(gmk_search *S, int q) {
    for (int c = 0; c < 2; c++) {
        const ev_weights *wm = S->evw[c], *wo = S->evw[1 - c];
        int e0 = 0, e1 = 0;
        for (int d = 0; d < 4; d++) {
            int o = gmk_spat(S, c, d, q);
            e0 += wm->pat[0][o];
            e1 += wo->pat[1][o];
        }
        S->ev[c][0] -= e0;
        S->ev[c][1] -= e1;
        cell_data_set(S, c, q, 0);
    }
    for (int d = 0; d < 4; d++) S->pat[d][q] = 0;
}

/* The patterns along the four lines through p (p itself excluded) of the
 * empty cells within four, from their line codes, their cell data
 * recomputed when a pattern class changed (one table byte and one compare
 * give both colours' classes).  The frame holds GMK_WALL, so an off-board
 * q is never empty.  With log, each changed cell's pattern byte and
 * direction sums before the change are appended to it (at most 32);
 * returns how many. */
static int refresh_lines(gmk_search *S, int p, gmk_undo_cell *log) {
    const uint8_t *a = S->st.a;
    int n = 0;
    for (int d = 0; d < 4; d++) {
        int s = gmk_dstep[d];
        const uint16_t *code = S->st.code[d];
        uint8_t *pp = S->pat[d];
        for (int k = -4; k <= 4; k++) {
            int q = p + k * s;
            if (!k || a[q]) continue;
            int v = gmk_pat_table[code[q]], o = pp[q];
            if (v == o) continue;
            if (log) log[n++] = (gmk_undo_cell){(int16_t)q, (uint8_t)d, (uint8_t)o, {S->acc[0][q], S->acc[1][q]}};
            pp[q] = (uint8_t)v;
            if ((v ^ o) & 15) pat_change(S, 0, q, o & 15, v & 15);
            if ((v ^ o) >> 4) pat_change(S, 1, q, o >> 4, v >> 4);
        }
    }
    return n;
}

/* A stone at p changed (placed or removed): p afresh, then the lines
 * through it (logged as refresh_lines does; returns how many). */
static int refresh_around(gmk_search *S, int p, gmk_undo_cell *log) {
    if (S->st.a[p]) cell_empty_out(S, p);
    else cell_fill(S, p);
    return refresh_lines(S, p, log);
}

/* A store to slot idx of table t (0 main, 1 VCF, 2 VCT): logged for
 * gmk_search_renew while there is room. */
static inline void note_store(gmk_search *S, uint32_t t, size_t idx) {
    if (S->ndirty > GMK_DIRTY_MAX) return;
    if (S->ndirty < GMK_DIRTY_MAX) S->dirty[S->ndirty] = t << 28 | (uint32_t)idx;
    S->ndirty++;
}

static void near_add(gmk_search *S, int p, int v) {
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) S->near[p + dy * GMK_STRIDE + dx] = (uint8_t)(S->near[p + dy * GMK_STRIDE + dx] + v);
}

/* log2 of the main table's entries for a search with options o. */
static int tt_bits_for(const gs_ai_opts *o, int tt_bits) {
    uint64_t node_limit = o ? o->node_limit : 0;
    if (tt_bits <= 0) {
        /* a search with a node limit gets tables in proportion (8 slots a
         * node), so short searches do not allocate and clear megabytes */
        tt_bits = GMK_TT_BITS;
        if (node_limit && node_limit < ((uint64_t)1 << GMK_TT_BITS)) {
            tt_bits = 10;
            while (tt_bits < GMK_TT_BITS && ((uint64_t)1 << tt_bits) < (node_limit + 256) * 8) tt_bits++;
        }
    }
    return tt_bits > GMK_TT_BITS_MAX ? GMK_TT_BITS_MAX : tt_bits;
}

/* log2 of the threat tables' entries beside a main table of 2^tt_bits:
 * the root's threat searches deepen (up to 200,000 nodes at each depth)
 * over the positions of the shallower ones, which a larger table keeps. */
static int threat_bits(int tt_bits) {
    int b = tt_bits < VCF_TT_BITS ? tt_bits : VCF_TT_BITS;
    return tt_bits - VCF_TT_SHIFT > b ? tt_bits - VCF_TT_SHIFT : b;
}

size_t gmk_search_table_bytes(int tt_bits) {
    size_t n = (size_t)1 << threat_bits(tt_bits);
    return ((size_t)1 << tt_bits) * sizeof(gmk_tt_entry) + n * (sizeof(uint64_t) + sizeof(gmk_vct_entry));
}

/* Everything but the tables and the cell data (near .. ev), on a zeroed S. */
static void search_fields(gmk_search *S, const gs_state *s, const gs_ai_opts *o, double default_time) {
    memcpy(&S->st, s, sizeof S->st);
    S->st.base.hist = NULL;
    S->st.base.nhist = S->st.base.hist_cap = 0;
    S->g = gmk_game_of(s);
    S->rule = S->g->rule;
    S->w = S->g->base.geom.w;
    S->h = S->g->base.geom.h;
    S->evw[0] = &ev_tab[S->g->rule == GMK_RENJU ? 1 : 0];
    S->evw[1] = &ev_tab[S->g->rule == GMK_RENJU ? 2 : 0];
    S->tomove = s->to_move;
    S->me = s->to_move;
    S->hash = s->board.hash ^ (s->to_move == GS_WHITE ? GS_ZOBRIST_WHITE_TO_MOVE : 0);
    S->node_limit = o ? o->node_limit : 0;
    double tl = o && o->time_limit > 0 ? o->time_limit : default_time;
    S->t0 = gs_now();
    S->deadline = tl > 0 ? S->t0 + tl : 0;
    S->qvcf = 40;
    S->log_cap = GMK_UNDO_CELLS;
}

/* Everything but the tables, on a zeroed S. */
static void search_setup(gmk_search *S, const gs_state *s, const gs_ai_opts *o, double default_time) {
    search_fields(S, s, o, default_time);
    S->cnt[0][0] = S->cnt[1][0] = GMK_PADN;   /* every cell starts as class NONE */
    for (int i = 0; i < S->g->base.geom.n; i++) {
        int p = S->g->pidx[i];
        if (!S->st.a[p]) {
            cell_fill(S, p);   /* S is zeroed: every cell starts as an occupied one's */
            continue;
        }
        S->nstones++;
        near_add(S, p, 1);
    }
}

/* At most this many cells differing from the last search's position: the
 * cell data are brought to the new one stone by stone (each redoes a stone's
 * cell and the four lines through it, some 30 cells; a fresh set-up fills
 * every cell, 225 on 15x15) */
#define RENEW_STONES 24

/* S (its tables cleared) set up over s from the cell data of its last
 * position, which must be of s's rule and board: what search_setup would make,
 * as the incremental updates of a search are exact.  0 (S unchanged) when
 * more than RENEW_STONES cells differ. */
static int setup_from_last(gmk_search *S, const gs_state *s, const gs_ai_opts *o, double default_time) {
    const gmk_game *g = gmk_game_of(s);
    const uint8_t *na = ((const gmk_state *)s)->a;
    int diff[RENEW_STONES], was[RENEW_STONES], nd = 0;
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        if (S->st.a[p] == na[p]) continue;
        if (nd == RENEW_STONES) return 0;
        was[nd] = S->st.a[p];
        diff[nd++] = p;
    }
    int nstones = S->nstones;
    /* every field but the cell data (near .. ev, together in gmk_search)
     * and the tables, which the caller keeps */
    size_t keep0 = offsetof(gmk_search, near), keep1 = offsetof(gmk_search, evw);
    size_t tab0 = offsetof(gmk_search, tt), tab1 = offsetof(gmk_search, path);
    memset(S, 0, keep0);
    memset((char *)S + keep1, 0, tab0 - keep1);
    memset((char *)S + tab1, 0, sizeof *S - tab1);
    S->ndirty = 0;   /* the log, between the tables and path, cleared by the caller */
    search_fields(S, s, o, default_time);
    /* the cells whose stone came or went first, then the lines through
     * every changed cell (a cell emptied here is filled before any line
     * through it is looked at) */
    for (int k = 0; k < nd; k++) {
        int p = diff[k];
        if (!was[k]) {
            cell_empty_out(S, p);
            near_add(S, p, 1);
            nstones++;
        } else if (!S->st.a[p]) {
            cell_fill(S, p);
            near_add(S, p, -1);
            nstones--;
        }
    }
    for (int k = 0; k < nd; k++) refresh_lines(S, diff[k], NULL);
    S->nstones = nstones;
    return 1;
}

gmk_search *gmk_search_new_tt(const gs_state *s, const gs_ai_opts *o, double default_time, int tt_bits) {
    gmk_search *S = calloc(1, sizeof *S);
    if (!S) return NULL;
    search_setup(S, s, o, default_time);
    tt_bits = tt_bits_for(o, tt_bits);
    S->tt_mask = ((uint64_t)1 << tt_bits) - 1;
    S->vcf_mask = ((uint64_t)1 << threat_bits(tt_bits)) - 1;
    S->tt_cap = S->tt_mask + 1;
    S->vcf_cap = S->vcf_mask + 1;
    S->tt = calloc((size_t)S->tt_cap, sizeof *S->tt);
    S->vcf_tt = calloc((size_t)S->vcf_cap, sizeof *S->vcf_tt);
    /* the VCT table waits for the first VCT search (gmk_vct): only the
     * strong level and balanced openings run one */
    if (!S->tt || !S->vcf_tt) { gmk_search_free(S); return NULL; }
    return S;
}

gmk_search *gmk_search_renew(gmk_search *S, const gs_state *s, const gs_ai_opts *o, double default_time, int tt_bits) {
    int bits = tt_bits_for(o, tt_bits);
    /* A search sized by its node limit keeps tables at least as large as
     * it needs (cleared below, all of them: the last search stored only
     * within its masks) and uses their first entries, as a search made new
     * would use its own: the same moves, values and node counts.  Tables
     * of a size the caller gave (the engine's memory budget) are exactly
     * that size. */
    uint64_t want = (uint64_t)1 << bits, want_vcf = (uint64_t)1 << threat_bits(bits);
    int fits = tt_bits > 0 ? S && S->tt_cap == want && S->vcf_cap == want_vcf
                           : S && S->tt_cap >= want && S->vcf_cap >= want_vcf;
    if (!fits) {
        gmk_search_free(S);
        return gmk_search_new_tt(s, o, default_time, tt_bits);
    }
    gmk_tt_entry *tt = S->tt;
    uint64_t *vcf_tt = S->vcf_tt;
    gmk_vct_entry *vct_tt = S->vct_tt;
    uint64_t tt_mask = S->tt_mask, vcf_mask = S->vcf_mask, tt_cap = S->tt_cap, vcf_cap = S->vcf_cap;
    if (S->ndirty > GMK_DIRTY_MAX) {
        memset(tt, 0, sizeof *tt * (size_t)(tt_mask + 1));
        memset(vcf_tt, 0, sizeof *vcf_tt * (size_t)(vcf_mask + 1));
        if (vct_tt) memset(vct_tt, 0, sizeof *vct_tt * (size_t)(vcf_mask + 1));
    } else
        for (int i = 0; i < S->ndirty; i++) {
            uint32_t t = S->dirty[i] >> 28, idx = S->dirty[i] & 0x0FFFFFFF;
            if (t == 0) memset(&tt[idx], 0, sizeof *tt);
            else if (t == 1) vcf_tt[idx] = 0;
            else memset(&vct_tt[idx], 0, sizeof *vct_tt);
        }
    const gmk_game *g = gmk_game_of(s);
    if (!(S->rule == g->rule && S->w == g->base.geom.w && S->h == g->base.geom.h &&
          setup_from_last(S, s, o, default_time))) {
        memset(S, 0, sizeof *S);
        S->tt = tt;
        S->vcf_tt = vcf_tt;
        S->vct_tt = vct_tt;
        S->tt_cap = tt_cap;
        S->vcf_cap = vcf_cap;
        search_setup(S, s, o, default_time);
    }
    S->tt_mask = want - 1;
    S->vcf_mask = want_vcf - 1;
    return S;
}

gmk_search *gmk_search_new(const gs_state *s, const gs_ai_opts *o, double default_time) {
    return gmk_search_new_tt(s, o, default_time, 0);
}

void gmk_search_free(gmk_search *S) {
    if (!S) return;
    free(S->tt);
    free(S->vcf_tt);
    free(S->vct_tt);
    free(S);
}

/* Stone p placed: its frame of the undo log when there is room for the
 * most a stone can change, else a frame marked unlogged (or none past
 * GMK_UNDO_FRAMES), which gmk_sunplay recomputes. */
void gmk_splay(gmk_search *S, int p) {
    int c = S->tomove, f = S->nundo++;
    gmk_put(&S->st, p, c);
    S->hash ^= gs_zobrist(S->g->cell_of[p], c) ^ GS_ZOBRIST_WHITE_TO_MOVE;
    near_add(S, p, 1);
    int logged = f < GMK_UNDO_FRAMES && S->nlog + 32 <= S->log_cap;
    if (logged) {
        gmk_undo_frame *u = &S->undo[f];
        memcpy(u->ev, S->ev, sizeof u->ev);
        u->acc[0] = S->acc[0][p];
        u->acc[1] = S->acc[1][p];
        for (int d = 0; d < 4; d++) u->pat[d] = S->pat[d][p];
        u->p = (int16_t)p;
        u->first = (uint16_t)S->nlog;
    } else if (f < GMK_UNDO_FRAMES)
        S->undo[f].p = -1;
    S->nlog += refresh_around(S, p, logged ? S->log + S->nlog : NULL);
    S->tomove = 3 - c;
    S->nstones++;
}

/* Restores what the stone's frame logged, in reverse (the four lists end
 * with the same cells, perhaps in another order: they are read sorted). */
static void undo_frame(gmk_search *S, const gmk_undo_frame *u) {
    for (int i = S->nlog - 1; i >= u->first; i--) {
        const gmk_undo_cell *e = &S->log[i];
        S->pat[e->d][e->q] = e->pat;
        for (int c = 0; c < 2; c++)
            if (S->acc[c][e->q] != e->acc[c]) cell_data_set(S, c, e->q, e->acc[c]);
    }
    S->nlog = u->first;
    for (int d = 0; d < 4; d++) S->pat[d][u->p] = u->pat[d];
    cell_data_set(S, 0, u->p, u->acc[0]);
    cell_data_set(S, 1, u->p, u->acc[1]);
    memcpy(S->ev, u->ev, sizeof S->ev);
}

void gmk_sunplay(gmk_search *S, int p) {
    int c = S->st.a[p];
    gmk_remove(&S->st, p);
    S->hash ^= gs_zobrist(S->g->cell_of[p], c) ^ GS_ZOBRIST_WHITE_TO_MOVE;
    near_add(S, p, -1);
    int f = S->nundo > 0 ? --S->nundo : GMK_UNDO_FRAMES;
    if (f < GMK_UNDO_FRAMES && S->undo[f].p == p) undo_frame(S, &S->undo[f]);
    else refresh_around(S, p, NULL);
    S->tomove = c;
    S->nstones--;
}

static void null_move(gmk_search *S) {
    S->tomove = 3 - S->tomove;
    S->hash ^= GS_ZOBRIST_WHITE_TO_MOVE;
}

int gmk_slegal(const gmk_search *S, int p) {
    if (S->g->cell_of[p] < 0 || S->st.a[p]) return 0;
    if (!gmk_has_forbidden(S->g->rule, S->tomove)) return 1;
    return gmk_forbidden(&S->st, p, S->tomove) == GS_OK;
}

static int legal_for(const gmk_search *S, int p, int c) {
    if (S->g->cell_of[p] < 0 || S->st.a[p]) return 0;
    return !gmk_has_forbidden(S->g->rule, c) || gmk_forbidden(&S->st, p, c) == GS_OK;
}

int gmk_point_score(const gmk_search *S, int p, int c) {
    const gmk_game *g = S->g;
    int o = 3 - c, sc = 0, own_hi = 0, opp_hi = 0, opp = 0;
    for (int d = 0; d < 4; d++) {
        int a = gmk_pat(g, &S->st, c, d, p), b = gmk_pat(g, &S->st, o, d, p);
        sc += w_own[a];
        opp += w_opp[b];
        own_hi += a >= GMK_P_THREE_OPEN && a < GMK_P_FIVE;
        opp_hi += b >= GMK_P_THREE_OPEN && b < GMK_P_FIVE;
    }
    if (own_hi >= 2) sc += 1000;
    if (opp_hi >= 2) opp += 700;
    /* a point the opponent may not play is no threat of his */
    if (opp >= 90 && gmk_has_forbidden(g->rule, o) && gmk_forbidden(&S->st, p, o) != GS_OK) opp = 0;
    return sc + opp;
}

int gmk_eval(const gmk_search *S) {
    int me = S->tomove - 1, op = 1 - me;
    const ev_weights *w = S->evw[me];
    int v = w->tempo + S->ev[me][0] - S->ev[op][1];
    for (int k = 0; k < 4; k++)
        v += w->cls[0][k] * S->cnt[me][GMK_C_THREE + k] - w->cls[1][k] * S->cnt[op][GMK_C_THREE + k];
    return v;
}

/* Colour c's four cells (those that make a four or better), in board
 * order (the order of a scan of the board, so that what the threat
 * searches find does not depend on the order the list was built in):
 * their number. */
static int four_cells(const gmk_search *S, int c, int *out) {
    int n = S->nfour[c - 1];
    const int16_t *l = S->flist[c - 1];
    for (int i = 0; i < n; i++) {   /* insertion sort: a handful of cells */
        int p = l[i], j = i;
        while (j > 0 && out[j - 1] > p) { out[j] = out[j - 1]; j--; }
        out[j] = p;
    }
    return n;
}

int gmk_win_points(const gmk_search *S, int c, int *out, int max) {
    if (!S->cnt[c - 1][GMK_C_FIVE]) return 0;
    const gmk_game *g = S->g;
    int n = 0, left = S->cnt[c - 1][GMK_C_FIVE], f[GS_MAX_CELLS], nf = four_cells(S, c, f);
    for (int i = 0; i < nf && n < max && left; i++) {   /* a five point makes a four too */
        int p = f[i];
        if (S->cls[c - 1][p] != GMK_C_FIVE) continue;
        left--;
        if (g->rule == GMK_FREESTYLE || gmk_makes_win(g, S->st.a, p, c, NULL, NULL)) out[n++] = p;
    }
    return n;
}

/* Does colour c have a real two-five-point threat move (open four or
 * double four) that is legal?  (Exact only where five-or-more wins.) */
static int has_flex4(const gmk_search *S, int c) {
    if (!S->cnt[c - 1][GMK_C_FLEX4]) return 0;
    if (S->g->rule != GMK_FREESTYLE && !(S->g->rule == GMK_RENJU && c == GS_WHITE)) return 0;
    return 1;   /* freestyle / renju white: nothing is forbidden */
}

/* ---- VCF ---- */

static uint64_t vcf_key(const gmk_search *S) {
    return S->hash ^ (S->tomove == GS_BLACK ? 0x9E3779B97F4A7C15ull : 0);
}

/* The cells of the last VCF found (its fours and five points): a defence
 * against it must take one of them (or make a four of its own). */
static void path_add(gmk_search *S, int p) {
    if (S->npath < (int)(sizeof S->path / sizeof S->path[0])) S->path[S->npath++] = (int16_t)p;
}

static int vcf_rec(gmk_search *S, int depth, int *first) {
    if (S->vcf_budget-- <= 0 || tick(S) || depth > 60) {
        S->cut = 1;   /* an answer by the budget, not by the position */
        return 0;
    }
    int att = S->tomove, def = 3 - att, wp[2], dwp[2];
    if (gmk_win_points(S, att, wp, 1)) { *first = wp[0]; path_add(S, wp[0]); return 1; }
    if (!S->nfour[att - 1]) return 0;
    uint64_t key = vcf_key(S);
    uint64_t *slot = &S->vcf_tt[key & S->vcf_mask];
    if (*slot == key) return 0;
    int nd = gmk_win_points(S, def, dwp, 2);
    if (nd >= 2) return 0;
    int f[GS_MAX_CELLS], nf = four_cells(S, att, f);   /* a copy: playing changes the list */
    /* open fours / double fours first, then the other fours */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < nf; i++) {
            int p = f[i];
            if (nd == 1 && p != dwp[0]) continue;
            if ((S->cls[att - 1][p] >= GMK_C_FLEX4) != (pass == 0)) continue;
            if (!gmk_slegal(S, p)) continue;
            gmk_splay(S, p);
            int fp[2], nf = gmk_win_points(S, att, fp, 2), win = 0;
            if (nf >= 1 && gmk_win_points(S, def, dwp, 1) == 0) {
                if (nf >= 2 || !gmk_slegal(S, fp[0])) {
                    win = 1;   /* two five points, or the block is forbidden for the defender */
                    for (int k = 1; k < nf; k++) path_add(S, fp[k]);
                } else {
                    int dummy;
                    gmk_splay(S, fp[0]);
                    win = vcf_rec(S, depth + 1, &dummy);
                    gmk_sunplay(S, fp[0]);
                }
                if (win) path_add(S, fp[0]);
            }
            gmk_sunplay(S, p);
            if (win) { *first = p; path_add(S, p); return 1; }
            if (S->stop || S->vcf_budget <= 0) return 0;
        }
    }
    *slot = key;
    note_store(S, 1, (size_t)(slot - S->vcf_tt));
    return 0;
}

int gmk_vcf(gmk_search *S, int budget, int *move) {
    S->vcf_budget = budget;
    int m = -1, r = vcf_rec(S, 0, &m);
    if (r && move) *move = m;
    return r;
}

int gmk_opp_vcf(gmk_search *S, int budget) {
    int m;
    null_move(S);
    int r = gmk_vcf(S, budget, &m);
    null_move(S);
    return r;
}

/* ---- VCT (threes and fours; defences: the threat's lines and the
 * defender's own fours) ---- */

typedef struct scored { int p, s; } scored;
static int cmp_scored(const void *a, const void *b) {
    const scored *x = a, *y = b;
    return x->s != y->s ? (x->s < y->s ? 1 : -1) : (x->p - y->p);
}

static int vct_node(gmk_search *S, int depth, int *first);

/* VCT table: positions (side to move attacking) with their result at a
 * depth: a win (with its first move) holds at every larger depth, no win
 * at every smaller one. */
static gmk_vct_entry *vct_slot(gmk_search *S) {
    return &S->vct_tt[(S->hash ^ 0xD1B54A32D192ED03ull) & S->vcf_mask];
}

/* The defences to try against a threat (a three or better) the attacker
 * just made: the cells of the VCF it threatens (S->path, filled by the
 * caller), then the defender's own fours; each once, legal for the
 * defender (the side to move).  Returns their number. */
/* Append q to out[0..n) unless it is there or illegal for the side to
 * move; the new count. */
static int add_defence(const gmk_search *S, int *out, int n, int q) {
    for (int j = 0; j < n; j++)
        if (out[j] == q) return n;
    if (gmk_slegal(S, q)) out[n++] = q;
    return n;
}

static int defences(gmk_search *S, const int16_t *path, int npath, int *out) {
    int n = 0, f[GS_MAX_CELLS], nf = four_cells(S, S->tomove, f);
    for (int i = 0; i < npath; i++) n = add_defence(S, out, n, path[i]);
    for (int i = 0; i < nf; i++) n = add_defence(S, out, n, f[i]);
    return n;
}

static int vct_rec(gmk_search *S, int depth, int *first) {
    int cut0 = S->cut, r = vct_node(S, depth, first);
    S->cut |= cut0;
    return r;
}

static int vct_node(gmk_search *S, int depth, int *first) {
    S->cut = 0;
    if (S->vcf_budget <= 0 || tick(S)) { S->cut = 1; return 0; }
    int m, r;
    {
        /* try VCF first with part of the budget */
        int b = S->vcf_budget;
        S->vcf_budget = b / 4 + 1;
        r = vcf_rec(S, 0, &m);
        S->vcf_budget = b - (b / 4 + 1 - (S->vcf_budget > 0 ? S->vcf_budget : 0));
        if (r) { *first = m; return 1; }
    }
    if (depth <= 0) return 0;
    gmk_vct_entry *e = vct_slot(S);
    uint64_t key = S->hash;
    if (e->key == key) {
        if (e->win && e->depth <= depth) { *first = e->move; return 1; }
        if (!e->win && e->depth >= depth) return 0;
    }
    int att = S->tomove, def = 3 - att, dwp[2];
    int nd = gmk_win_points(S, def, dwp, 2);
    if (nd >= 2) return 0;
    const gmk_game *g = S->g;
    scored c[GS_MAX_CELLS];
    int nc = 0;
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        /* the defender's four must be blocked: the block is the only
         * move, a threat or not (below: the attacker's threat still
         * pending after it makes it a threat again) */
        if (nd == 1 && p != dwp[0]) continue;
        if (S->st.a[p] || (nd == 0 && S->cls[att - 1][p] < GMK_C_THREE)) continue;
        if (!gmk_slegal(S, p)) continue;
        c[nc].p = p;
        c[nc].s = gmk_point_score(S, p, att);
        nc++;
    }
    qsort(c, (size_t)nc, sizeof c[0], cmp_scored);
    if (nc > 12) nc = 12;
    for (int k = 0; k < nc && !S->stop && S->vcf_budget > 0; k++) {
        int p = c[k].p, win = 0, fp[2];
        gmk_splay(S, p);
        int nf = gmk_win_points(S, att, fp, 2);
        if (gmk_win_points(S, def, dwp, 1)) {
            win = 0;
        } else if (nf >= 2) {
            win = 1;
        } else if (nf == 1) {
            if (!gmk_slegal(S, fp[0])) win = 1;
            else {
                int d2;
                gmk_splay(S, fp[0]);
                win = vct_rec(S, depth - 1, &d2);
                gmk_sunplay(S, fp[0]);
            }
        } else {
            /* a three: real only if the attacker then has a VCF; the
             * defences are that VCF's cells and the defender's fours */
            int tm;
            null_move(S);
            int b = S->vcf_budget;
            S->vcf_budget = b / 8 + 1;
            S->npath = 0;
            int threat = vcf_rec(S, 0, &tm);
            S->vcf_budget = b - (b / 8 + 1);
            null_move(S);
            if (threat && S->vcf_budget > 0) {
                int16_t path[sizeof S->path / sizeof S->path[0]];
                int npath = S->npath, dq[GS_MAX_CELLS];
                memcpy(path, S->path, (size_t)npath * sizeof path[0]);
                int nq = defences(S, path, npath, dq);
                win = 1;
                for (int i = 0; i < nq && win; i++) {
                    int d2;
                    gmk_splay(S, dq[i]);
                    int w2 = vct_rec(S, depth - 1, &d2);
                    gmk_sunplay(S, dq[i]);
                    if (!w2) win = 0;
                }
                if (S->stop || S->vcf_budget <= 0) win = 0;
            }
        }
        gmk_sunplay(S, p);
        if (win) {
            *first = p;
            note_store(S, 2, (size_t)(e - S->vct_tt));
            e->key = key;
            e->win = 1;
            e->depth = (int8_t)depth;
            e->move = (int16_t)p;
            return 1;
        }
    }
    if (!S->stop && S->vcf_budget > 0 && !S->cut) {   /* a full answer: no win */
        note_store(S, 2, (size_t)(e - S->vct_tt));
        e->key = key;
        e->win = 0;
        e->depth = (int8_t)depth;
        e->move = -1;
    }
    return 0;
}

int gmk_vct(gmk_search *S, int depth, int budget, int *move) {
    /* made on the first VCT search, cleared as if made with the search (a
     * medium search never runs one: it cleared 1 MB per move for nothing) */
    if (!S->vct_tt && !(S->vct_tt = calloc((size_t)S->vcf_cap, sizeof *S->vct_tt))) {
        S->cut = 1;   /* out of memory: no win found, as when out of budget */
        return 0;
    }
    S->vcf_budget = budget;
    int m = -1, r = vct_rec(S, depth, &m);
    if (r && move) *move = m;
    return r;
}

/* ---- alpha-beta ---- */

/* Can colour c play an open-four threat (a straight four or two fours)?
 * Where c has forbidden points (renju black) a double four is one of them,
 * so only a legal cell counts; such a cell makes a four, so the four list
 * holds it. */
static int flex4_playable(const gmk_search *S, int c) {
    if (!S->cnt[c - 1][GMK_C_FLEX4]) return 0;
    if (!gmk_has_forbidden(S->g->rule, c)) return 1;
    const int16_t *l = S->flist[c - 1];
    for (int i = 0; i < S->nfour[c - 1]; i++)
        if (S->cls[c - 1][l[i]] == GMK_C_FLEX4 && legal_for(S, l[i], c)) return 1;
    return 0;
}

/* Must the side to move answer an open-four threat (an open three, a
 * four-three, ...) of the opponent?  Legal threats only. */
static int must_defend(const gmk_search *S) { return flex4_playable(S, 3 - S->tomove); }

/* Candidate moves, best first: the table's move first, then by the cells'
 * pattern values and threat classes, with a little from the killers and
 * the history.  Killers once outranked every other move and the history
 * grew to outweigh the patterns late in a search: on the tactical suite
 * the first move failed high in 85.6% of the cut nodes, and with the
 * killers ranked as a three and the history at a quarter, in 88.2% (mean
 * depth at 200,000 nodes 5.70 -> 6.00, PERFORMANCE.md).  defend: only
 * cells where the opponent makes a four or an open three's completion
 * (the defences) and own fours. */
static int gen_moves(gmk_search *S, scored *c, int ply, int ttmove, int defend, int sort) {
    const gmk_game *g = S->g;
    int me = S->tomove - 1, op = 1 - me, nc = 0;
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        if (S->st.a[p] || !S->near[p]) continue;
        if (defend) {
            if (!S->four[me][p] && !S->four[op][p]) continue;
        }
        int s = S->val[me][p] * 6 / 5 + S->val[op][p] + w_cls[S->cls[me][p]] + w_cls[S->cls[op][p]] * 4 / 5;
        if (S->cls[me][p] >= GMK_C_FOUR) s += 2000;
        if (S->cls[op][p] >= GMK_C_FOUR) s += 1000;
        s += S->hist[me][p] >> 6;
        if (p == ttmove) s += 1 << 28;
        else if (ply < GMK_MAXPLY && (p == S->killer[ply][0] || p == S->killer[ply][1])) s += GMK_KILLER_BONUS;
        c[nc].p = p;
        c[nc].s = s;
        nc++;
    }
    if (sort) qsort(c, (size_t)nc, sizeof c[0], cmp_scored);
    return nc;
}

/* Move the best of c[i..n) to c[i] (lazy ordering: cut-offs come early). */
static void pick(scored *c, int i, int n) {
    int b = i, bs = c[i].s;   /* the best score in a register: c[b].s made each step wait on a load */
    for (int j = i + 1; j < n; j++)
        if (c[j].s > bs) {
            bs = c[j].s;
            b = j;
        }
    scored t = c[i];
    c[i] = c[b];
    c[b] = t;
}

static void pv_set(gmk_search *S, int ply, int p) {
    S->pv[ply][0] = (int16_t)p;
    int n = ply + 1 < GMK_MAXPLY ? S->pvlen[ply + 1] : 0;
    if (n > GMK_MAXPLY - 1) n = GMK_MAXPLY - 1;
    memcpy(&S->pv[ply][1], S->pv[ply + 1], (size_t)n * sizeof S->pv[0][0]);
    S->pvlen[ply] = n + 1;
}

/* Static leaf value for the side to move: the evaluation with the
 * threats on the board. */
static int leaf_static(const gmk_search *S) {
    int me = S->tomove, op = 3 - me;
    int v = gmk_eval(S);
    /* threats of the side to move while the opponent has no four to
     * interpose: an open four to make (where exactness kept it off
     * has_flex4), a four-three, a double three (not for renju black, whose
     * double threes are forbidden: self-play 23 of 40, as black 14 of 20,
     * PERFORMANCE.md); the opponent's open three only costs a tempo */
    if (!S->nfour[op - 1]) {
        if (flex4_playable(S, me)) v += WIN_SOFT / 4;
        else if (S->cnt[me - 1][GMK_C_43]) v += S->evw[me - 1]->own43;
        else if (S->cnt[me - 1][GMK_C_33] && !gmk_has_forbidden(S->g->rule, me)) v += S->evw[me - 1]->own33;
    }
    if (flex4_playable(S, op)) v -= S->evw[me - 1]->opp_flex4;
    return v;
}

int gmk_static_value(const gmk_search *S) { return leaf_static(S); }

/* Leaf value: wins by threats the side to move can cash, else the static
 * value.  A static value at or above beta fails high as a VCF win would,
 * so the VCF probe (most of the search's nodes) is left out there:
 * self-play 51 of 80 against probing every leaf (PERFORMANCE.md). */
static int leaf(gmk_search *S, int ply, int beta) {
    int me = S->tomove;
    if (has_flex4(S, me)) return GMK_WIN - ply - 3;
    int v = leaf_static(S);
    if (v >= beta) return v;
    if (S->nfour[me - 1] && S->qvcf > 0) {
        int m;
        S->vcf_budget = S->qvcf;
        uint64_t n0 = S->nodes;
        int won = vcf_rec(S, 0, &m);
        S->stat.leafvcf += S->nodes - n0;
        if (won) return MATE - ply;
    }
    return v;
}

static int ab(gmk_search *S, int depth, int ply, int alpha, int beta) {
    S->pvlen[ply] = 0;
    if (tick(S)) return 0;
    int me = S->tomove, op = 3 - me, wp[4];
    if (gmk_win_points(S, me, wp, 1)) return GMK_WIN - ply;
    if (ply >= GMK_MAXPLY - 3) return gmk_eval(S);
    int nop = gmk_win_points(S, op, wp, 2);
    if (nop) {
        if (nop >= 2 || !gmk_slegal(S, wp[0])) return -(GMK_WIN - ply - 1);
        gmk_splay(S, wp[0]);
        int v = -ab(S, depth, ply + 1, -beta, -alpha);   /* forced: no depth spent */
        gmk_sunplay(S, wp[0]);
        pv_set(S, ply, wp[0]);
        return v;
    }
    if (S->nstones >= S->g->base.geom.n) return 0;
    if (has_flex4(S, me)) return GMK_WIN - ply - 3;
    if (depth <= 0) return leaf(S, ply, beta);
    gmk_tt_entry *e = &S->tt[S->hash & S->tt_mask];
    int ttmove = -1, pvnode = beta - alpha > 1;
    S->stat.ab++;   /* a table probe too */
    if (e->key == S->hash) {
        S->stat.hit++;
        ttmove = e->move;
        if (e->depth >= depth && !pvnode) {
            int v = e->value;
            if (e->flag == 1) return v;
            if (e->flag == 2 && v >= beta) return v;
            if (e->flag == 3 && v <= alpha) return v;
        }
    }
    int defend = must_defend(S);
    if (!pvnode && !defend && depth <= FUT_DEPTH && beta > -WIN_SOFT) {
        int sv = leaf_static(S);
        if (sv < WIN_SOFT && sv - FUT_MARGIN * (depth - 1) >= beta) return sv;
    }
    scored c[GS_MAX_CELLS];
    int nc = gen_moves(S, c, ply, ttmove, defend, 0);
    int maxn = defend ? nc : depth >= 6 ? 14 : depth >= 3 ? 12 : 10;
    /* answering an open three costs no depth (the three did), within twice
     * the iteration's depth */
    int ext = defend && ply < 2 * S->root_depth;
    /* move-count pruning: near the leaves only the first few moves that
     * make no three of our own and take no double-threat cell of the
     * opponent are searched; the others are kept at the front of c
     * (c[0..nskip)) in case every searched move loses */
    int quiet_max = defend || depth > 2 ? GS_MAX_CELLS : depth == 1 ? MCP_D1 : MCP_D2, nskip = 0;
    int best = -GMK_WIN - 1, bestm = -1, a0 = alpha, searched = 0, i;
    for (i = 0; i < nc && searched < maxn; i++) {
        pick(c, i, nc);
        int p = c[i].p;
        if (!gmk_slegal(S, p)) continue;
        int km = S->cls[me - 1][p], ko = S->cls[op - 1][p];   /* what p makes for us, takes from him */
        int tactical = km >= GMK_C_THREE || ko >= GMK_C_THREE;
        if (searched >= quiet_max && p != ttmove && km < GMK_C_THREE && ko < GMK_C_33) {
            scored t = c[nskip];
            c[nskip++] = c[i];
            c[i] = t;
            continue;
        }
        /* Reduced: late moves that make no four and take no double
         * threat cell of the opponent (most candidates make or block an
         * open three, so reducing only moves without any three reduced
         * almost nothing); one ply less for a three and at PV nodes;
         * re-searched at full depth when they fail high.  Answering an
         * open three: the third defence on, unless it makes a four, one
         * ply less from depth 3 (the answers cost no depth, see ext, and
         * unreduced they held the iterations back; self-play 50 of 80,
         * PERFORMANCE.md) */
        int r = 0;
        if (searched >= 2 && depth >= 2 && !defend && p != ttmove && km < GMK_C_FOUR && ko < GMK_C_33) {
            r = lmr_plies(depth, searched) - pvnode - (km >= GMK_C_THREE);
            if (r > depth - 1) r = depth - 1;
            if (r < 0) r = 0;
        } else if (defend && searched >= 2 && depth >= 3 && p != ttmove && km < GMK_C_FOUR)
            r = 1;
        gmk_splay(S, p);
        int v, nd = depth - 1 + ext;
        if (searched == 0) v = -ab(S, nd, ply + 1, -beta, -alpha);
        else {
            v = -ab(S, nd - r, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && r) v = -ab(S, nd, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && v < beta) v = -ab(S, nd, ply + 1, -beta, -alpha);
        }
        gmk_sunplay(S, p);
        searched++;
        if (S->stop) return best > -GMK_WIN - 1 ? best : 0;
        if (v > best) {
            best = v;
            bestm = p;
            if (v > alpha) {
                alpha = v;
                pv_set(S, ply, p);
            }
        }
        if (alpha >= beta) {
            S->stat.cut++;
            S->stat.cut1 += searched == 1;
            if (!tactical && ply < GMK_MAXPLY && S->killer[ply][0] != p) {
                S->killer[ply][1] = S->killer[ply][0];
                S->killer[ply][0] = (int16_t)p;
            }
            S->hist[me - 1][p] += depth * depth;
            break;
        }
    }
    if (searched == 0) return -(GMK_WIN - ply - 1);   /* no legal (useful) move: lost */
    /* every searched move loses: the pruned moves at full depth */
    for (int k = 0; k < nskip && best < -UNPROVEN && alpha < beta && !S->stop; k++) {
        int p = c[k].p;
        gmk_splay(S, p);
        int v = -ab(S, depth - 1, ply + 1, -beta, -alpha);
        gmk_sunplay(S, p);
        if (S->stop) return best;
        if (v > best) { best = v; bestm = p; }
        if (v > alpha) { alpha = v; pv_set(S, ply, p); }
    }
    /* every searched move loses, but moves past the width limit were not
     * searched: one of them may hold (a false "forced win" for the
     * opponent lost a game, PERFORMANCE.md).  The rest, one ply shallower
     * (a mate found shallower is as much a proof): the loss stands only
     * if every one of them loses too */
    for (; i < nc && best < -UNPROVEN && alpha < beta && !S->stop; i++) {
        pick(c, i, nc);
        int p = c[i].p;
        if (!gmk_slegal(S, p)) continue;
        gmk_splay(S, p);
        int v = -ab(S, depth > 2 ? depth - 2 : 0, ply + 1, -beta, -alpha);
        gmk_sunplay(S, p);
        if (S->stop) return best;
        if (v >= MATE - 100) { best = v; bestm = p; }
        else if (v > -UNPROVEN) best = -UNPROVEN;
    }
    note_store(S, 0, (size_t)(e - S->tt));
    e->key = S->hash;
    e->value = best;
    e->move = (int16_t)bestm;
    e->depth = (int8_t)depth;
    e->flag = best <= a0 ? 3 : best >= beta ? 2 : 1;
    return best;
}

/* Limit the search to the fraction f of its time (tl seconds, 0 = none)
 * and node (nl, 0 = none) budgets, counted from its start; f = 1 restores
 * the whole budget.  Clears a stop that a smaller fraction caused, unless
 * the nodes are spent. */
static void phase(gmk_search *S, double tl, uint64_t nl, double f) {
    if (tl > 0) S->deadline = S->t0 + tl * f;
    if (nl) {
        uint64_t l = (uint64_t)((double)nl * f);
        S->node_limit = l ? l : 1;
    }
    S->stop = S->node_limit && S->nodes >= S->node_limit;   /* a spent budget stays spent */
}

static void report(gmk_search *S, int depth, int score, const int16_t *pv, int npv) {
    if (!S->info) return;
    char line[512];
    double t = gs_now() - S->t0;
    int n = snprintf(line, sizeof line, "depth %d ev %d n %llu n/s %llu tm %d pv", depth, score,
                     (unsigned long long)S->nodes, (unsigned long long)(t > 0 ? (double)S->nodes / t : 0),
                     (int)(t * 1000));
    int w = S->g->base.geom.w;
    for (int i = 0; i < npv && n < (int)sizeof line - 16; i++) {
        int cell = S->g->cell_of[pv[i]];
        if (cell < 0) break;
        n += snprintf(line + n, sizeof line - (size_t)n, " %d,%d", cell % w, cell / w);
    }
    S->info(S->info_ud, line);
}

int gmk_best_move(gmk_search *S, int strong) {
    const gmk_game *g = S->g;
    int me = S->tomove, op = 3 - me, wp[4], m;
    int16_t one[1];
    S->score = S->score_prev = gmk_eval(S);   /* until a search or a threat says more */
    S->depth_done = 0;
    if (S->nstones == 0) {
        int cs[4];
        gs_centres(&g->base.geom, cs);
        int p = g->pidx[cs[0]];
        if (gmk_slegal(S, p)) return p;
    }
    if (gmk_win_points(S, me, wp, 1)) {
        one[0] = (int16_t)wp[0];
        S->score = GMK_WIN;
        report(S, 1, GMK_WIN, one, 1);
        return wp[0];
    }
    int nop = gmk_win_points(S, op, wp, 4);
    for (int i = 0; i < nop; i++)
        if (gmk_slegal(S, wp[i])) return wp[i];
    double tl = S->deadline > 0 ? S->deadline - S->t0 : 0;
    uint64_t nl = S->node_limit;
    if (gmk_vcf(S, strong ? 60000 : 4000, &m)) {
        one[0] = (int16_t)m;
        S->score = MATE;
        report(S, 0, MATE, one, 1);
        return m;
    }
    scored c[GS_MAX_CELLS];
    int defend = must_defend(S);
    int nc = gen_moves(S, c, 0, -1, defend, 1), k = 0;
    for (int i = 0; i < nc; i++)
        if (gmk_slegal(S, c[i].p)) c[k++] = c[i];
    nc = k;
    if (nc == 0) {
        for (int i = 0; i < g->base.geom.n; i++)
            if (gmk_slegal(S, g->pidx[i])) return g->pidx[i];
        return -1;
    }
    if (!strong && nc > 16) nc = 16;
    if (strong && nc > 40) nc = 40;
    /* defend: keep the moves after which the opponent has no VCF */
    if (gmk_opp_vcf(S, strong ? 20000 : 3000)) {
        scored safe[GS_MAX_CELLS];
        int ns = 0;
        for (int i = 0; i < nc && !S->stop; i++) {
            gmk_splay(S, c[i].p);
            int dummy;
            S->vcf_budget = strong ? 6000 : 1500;
            int lost = vcf_rec(S, 0, &dummy);
            gmk_sunplay(S, c[i].p);
            if (!lost) safe[ns++] = c[i];
        }
        if (ns > 0) { memcpy(c, safe, (size_t)ns * sizeof c[0]); nc = ns; }
        if (nc == 1) return c[0].p;
    } else if (strong) {
        /* deeper and deeper threat sequences within a tenth of the budget
         * (the threat phases end at 10%, 15% and 25% of it, leaving the
         * rest to the alpha-beta: against phases twice as long this won
         * self-play 45 of 80, PERFORMANCE.md) */
        int found = 0;
        phase(S, tl, nl, 0.1);
        for (int d = 2; d <= GMK_VCT_DEPTH && !found && !S->stop; d += 2) found = gmk_vct(S, d, 200000, &m);
        phase(S, tl, nl, 1.0);
        if (found) {
            one[0] = (int16_t)m;
            S->score = MATE - 1;
            report(S, 0, MATE - 1, one, 1);
            return m;
        }
        /* the opponent's threat sequence (threes and fours) if we passed:
         * prefer the moves after which none is found */
        phase(S, tl, nl, 0.15);
        null_move(S);
        int threat = 0, td = 2;
        for (; td <= GMK_VCT_DEPTH && !S->stop; td += 2)
            if ((threat = gmk_vct(S, td, 100000, &m))) break;
        null_move(S);
        if (threat) {
            scored safe[GS_MAX_CELLS];
            int ns = 0, tested = 0;
            phase(S, tl, nl, 0.25);
            for (; tested < nc; tested++) {
                gmk_splay(S, c[tested].p);
                int lost = gmk_vct(S, td, 20000, &m);
                gmk_sunplay(S, c[tested].p);
                if (S->stop) break;
                if (!lost) safe[ns++] = c[tested];
            }
            if (ns > 0) {
                for (int i = tested; i < nc; i++) safe[ns++] = c[i];   /* untested: after the safe ones */
                memcpy(c, safe, (size_t)ns * sizeof c[0]);
                nc = ns;
            }
        }
        phase(S, tl, nl, 1.0);
    }
    int maxd = strong ? GMK_MAXPLY - 8 : 4;
    int best = c[0].p, prev = 0;
    int16_t rootpv[GMK_MAXPLY];
    int rootpvlen = 0;
    for (int depth = 1; depth <= maxd; depth++) {
        S->root_depth = depth;
        int window = depth >= 4 && prev > -WIN_SOFT && prev < WIN_SOFT ? 60 : 0;
        int lo = window ? prev - window : -GMK_WIN - 1, hi = window ? prev + window : GMK_WIN + 1;
        int bd = -1, bv = -GMK_WIN - 1;
        for (;;) {
            int alpha = lo, beta = hi;
            bd = -1;
            bv = -GMK_WIN - 1;
            for (int i = 0; i < nc; i++) {
                int v;
                gmk_splay(S, c[i].p);
                if (i == 0) v = -ab(S, depth - 1, 1, -beta, -alpha);
                else {
                    v = -ab(S, depth - 1, 1, -alpha - 1, -alpha);
                    if (v > alpha && v < beta && !S->stop) v = -ab(S, depth - 1, 1, -beta, -alpha);
                }
                gmk_sunplay(S, c[i].p);
                if (S->stop) break;
                if (v > bv) { bv = v; bd = i; }
                if (v > alpha) {
                    alpha = v;
                    pv_set(S, 0, c[i].p);
                    if (depth > 1 && i > 0) {
                        /* a better move found and proven: keep it even if time runs out */
                        best = c[i].p;
                        rootpvlen = S->pvlen[0];
                        memcpy(rootpv, S->pv[0], (size_t)rootpvlen * sizeof rootpv[0]);
                    }
                }
                if (alpha >= beta) break;
            }
            if (S->stop) break;
            if (bv <= lo && lo > -GMK_WIN - 1) { lo = -GMK_WIN - 1; continue; }   /* fail low */
            if (bv >= hi && hi < GMK_WIN + 1) { hi = GMK_WIN + 1; continue; }     /* fail high */
            break;
        }
        if (S->stop) break;
        if (bd < 0) break;
        best = c[bd].p;
        prev = bv;
        S->depth_done = depth;
        S->score_prev = S->score;
        S->score = bv;
        rootpvlen = S->pvlen[0];
        if (rootpvlen == 0 || S->pv[0][0] != best) { S->pv[0][0] = (int16_t)best; rootpvlen = 1; }
        memcpy(rootpv, S->pv[0], (size_t)rootpvlen * sizeof rootpv[0]);
        report(S, depth, bv, rootpv, rootpvlen);
        /* move the best first for the next iteration */
        scored t = c[bd];
        memmove(c + 1, c, (size_t)bd * sizeof c[0]);
        c[0] = t;
        if (bv >= MATE - 100 || bv <= -MATE + 100) break;
        /* otherwise on to the deadline: a deeper iteration's proven better
         * root move is kept even when time runs out inside it */
    }
    return best;
}

void gmk_search_restart(gmk_search *S, double seconds, uint64_t nodes) {
    S->me = S->tomove;
    S->nodes = 0;
    S->node_limit = nodes;
    S->stop = 0;
    S->t0 = gs_now();
    S->deadline = seconds > 0 ? S->t0 + seconds : 0;
}

int gmk_value(const gmk_search *S) {
    int a = S->score, b = S->score_prev;
    if (S->depth_done < 2 || a <= -WIN_SOFT || a >= WIN_SOFT || b <= -WIN_SOFT || b >= WIN_SOFT) return a;
    return (a + b) / 2;
}
