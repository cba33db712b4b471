/* The Gomoku player's search: pattern scores, evaluation, VCF/VCT threat
 * search and alpha-beta with iterative deepening and a transposition
 * table, all over the rules module's incremental line codes.  Rule-aware:
 * only legal moves are generated, and a defender who is black in renju
 * cannot block on a forbidden point (the attacker exploits it). */
#include <stdlib.h>
#include <string.h>
#include "ai/gomoku_ai.h"

#define VCF_FAIL_BITS 16

/* Priority weights: own / opponent pattern classes (GMK_P_* order). */
static const int w_own[GMK_P_COUNT] = {0, 1, 4, 14, 20, 90, 110, 1200, 1500, 200000};
static const int w_opp[GMK_P_COUNT] = {0, 1, 3, 10, 15, 70, 90, 900, 1000, 100000};
/* Evaluation weights (per empty cell and direction). */
static const int w_eval[GMK_P_COUNT] = {0, 1, 4, 12, 14, 50, 60, 250, 300, 2000};

static int tick(gmk_search *S) {
    S->nodes++;
    if (!S->stop && (S->nodes & 255) == 0) {
        if (S->node_limit && S->nodes >= S->node_limit) S->stop = 1;
        if (S->deadline > 0 && gs_now() >= S->deadline) S->stop = 1;
    }
    return S->stop;
}

gmk_search *gmk_search_new(const gs_state *s, const gs_ai_opts *o, double default_time) {
    gmk_search *S = malloc(sizeof *S);
    if (!S) return NULL;
    memset(S, 0, offsetof(gmk_search, st));
    memcpy(&S->st, s, sizeof S->st);
    S->st.base.hist = NULL;
    S->st.base.nhist = S->st.base.hist_cap = 0;
    S->g = gmk_game_of(s);
    memset(S->near, 0, sizeof S->near);
    S->tomove = s->to_move;
    S->me = s->to_move;
    S->nstones = 0;
    S->nodes = 0;
    S->stop = 0;
    S->hash = s->board.hash ^ (s->to_move == GS_WHITE ? GS_ZOBRIST_WHITE_TO_MOVE : 0);
    for (int i = 0; i < S->g->base.geom.n; i++) {
        int p = S->g->pidx[i];
        if (!S->st.a[p]) continue;
        S->nstones++;
        for (int dy = -2; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++) S->near[p + dy * GMK_STRIDE + dx]++;
    }
    S->node_limit = o ? o->node_limit : 0;
    double tl = o && o->time_limit > 0 ? o->time_limit : default_time;
    S->t0 = gs_now();
    S->deadline = tl > 0 ? S->t0 + tl : 0;
    /* A node limit bounds the entries a search can store: the tables get
     * eight slots per node (at most the full sizes), so a short search does
     * not allocate and clear megabytes. */
    int bits = GMK_TT_BITS;
    if (S->node_limit && S->node_limit < ((uint64_t)1 << GMK_TT_BITS)) {
        bits = 10;
        while (bits < GMK_TT_BITS && ((uint64_t)1 << bits) < (S->node_limit + 256) * 8) bits++;
    }
    S->tt_mask = ((uint64_t)1 << bits) - 1;
    S->vcf_mask = ((uint64_t)1 << (bits < VCF_FAIL_BITS ? bits : VCF_FAIL_BITS)) - 1;
    S->tt = calloc(S->tt_mask + 1, sizeof *S->tt);
    S->vcf_fail = calloc(S->vcf_mask + 1, sizeof *S->vcf_fail);
    if (!S->tt || !S->vcf_fail) { gmk_search_free(S); return NULL; }
    return S;
}

void gmk_search_free(gmk_search *S) {
    if (!S) return;
    free(S->tt);
    free(S->vcf_fail);
    free(S);
}

void gmk_splay(gmk_search *S, int p) {
    int c = S->tomove;
    gmk_put(&S->st, p, c);
    S->hash ^= gs_zobrist(S->g->cell_of[p], c) ^ GS_ZOBRIST_WHITE_TO_MOVE;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) S->near[p + dy * GMK_STRIDE + dx]++;
    S->tomove = 3 - c;
    S->nstones++;
}

void gmk_sunplay(gmk_search *S, int p) {
    int c = S->st.a[p];
    gmk_remove(&S->st, p);
    S->hash ^= gs_zobrist(S->g->cell_of[p], c) ^ GS_ZOBRIST_WHITE_TO_MOVE;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) S->near[p + dy * GMK_STRIDE + dx]--;
    S->tomove = c;
    S->nstones--;
}

static void null_move(gmk_search *S) {
    S->tomove = 3 - S->tomove;
    S->hash ^= GS_ZOBRIST_WHITE_TO_MOVE;
}

int gmk_slegal(const gmk_search *S, int p) {
    if (S->g->cell_of[p] < 0 || S->st.a[p]) return 0;
    return gmk_forbidden(&S->st, p, S->tomove) == GS_OK;
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
    const gmk_game *g = S->g;
    int me = S->tomove, op = 3 - me, v = 0;
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        if (S->st.a[p] || !S->near[p]) continue;
        for (int d = 0; d < 4; d++) {
            v += w_eval[gmk_pat(g, &S->st, me, d, p)] * 6 / 5;
            v -= w_eval[gmk_pat(g, &S->st, op, d, p)];
        }
    }
    return v;
}

int gmk_win_points(const gmk_search *S, int c, int *out, int max) {
    const gmk_game *g = S->g;
    int n = 0;
    for (int i = 0; i < g->base.geom.n && n < max; i++) {
        int p = g->pidx[i];
        if (S->st.a[p] || !S->near[p]) continue;
        int five = 0;
        for (int d = 0; d < 4; d++) five |= gmk_pat(g, &S->st, c, d, p) == GMK_P_FIVE;
        if (five && gmk_makes_win(g, S->st.a, p, c, NULL, NULL)) out[n++] = p;
    }
    return n;
}

/* Does colour c at p have a line of at least class k? */
static int has_pat(const gmk_search *S, int p, int c, int k) {
    for (int d = 0; d < 4; d++)
        if (gmk_pat(S->g, &S->st, c, d, p) >= k) return 1;
    return 0;
}

/* ---- VCF ---- */

static int vcf_rec(gmk_search *S, int depth, int *first) {
    if (S->vcf_budget-- <= 0 || tick(S) || depth > 60) return 0;
    int att = S->tomove, def = 3 - att, wp[2], dwp[2];
    if (gmk_win_points(S, att, wp, 1)) { *first = wp[0]; return 1; }
    uint64_t *slot = &S->vcf_fail[S->hash & S->vcf_mask];
    if (*slot == S->hash) return 0;
    int nd = gmk_win_points(S, def, dwp, 2);
    if (nd >= 2) return 0;
    const gmk_game *g = S->g;
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        if (nd == 1 && p != dwp[0]) continue;
        if (S->st.a[p] || !S->near[p] || !has_pat(S, p, att, GMK_P_FOUR)) continue;
        if (!gmk_slegal(S, p)) continue;
        gmk_splay(S, p);
        int fp[2], nf = gmk_win_points(S, att, fp, 2), win = 0;
        if (nf >= 1 && gmk_win_points(S, def, dwp, 1) == 0) {
            if (nf >= 2 || !gmk_slegal(S, fp[0])) {
                win = 1;   /* two five points, or the block is forbidden for the defender */
            } else {
                int dummy;
                gmk_splay(S, fp[0]);
                win = vcf_rec(S, depth + 1, &dummy);
                gmk_sunplay(S, fp[0]);
            }
        }
        gmk_sunplay(S, p);
        if (win) { *first = p; return 1; }
        if (S->stop || S->vcf_budget <= 0) return 0;
    }
    *slot = S->hash;
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

static int vct_rec(gmk_search *S, int depth, int *first) {
    if (S->vcf_budget <= 0 || tick(S)) return 0;
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
    int att = S->tomove, def = 3 - att, dwp[2];
    int nd = gmk_win_points(S, def, dwp, 2);
    if (nd >= 2) return 0;
    const gmk_game *g = S->g;
    scored c[GS_MAX_CELLS];
    int nc = 0;
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        if (nd == 1 && p != dwp[0]) continue;
        if (S->st.a[p] || !S->near[p] || !has_pat(S, p, att, GMK_P_THREE_OPEN)) continue;
        if (!gmk_slegal(S, p)) continue;
        c[nc].p = p;
        c[nc].s = gmk_point_score(S, p, att);
        nc++;
    }
    qsort(c, (size_t)nc, sizeof c[0], cmp_scored);
    if (nc > 10) nc = 10;
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
            /* a three: real only if the attacker then has a VCF */
            int tm;
            null_move(S);
            int b = S->vcf_budget;
            S->vcf_budget = b / 8 + 1;
            int threat = vcf_rec(S, 0, &tm);
            S->vcf_budget = b - (b / 8 + 1);
            null_move(S);
            if (threat && S->vcf_budget > 0) {
                /* every defence must fail: cells on the four lines of p, and
                 * the defender's four-making moves */
                win = 1;
                for (int i = 0; i < g->base.geom.n && win; i++) {
                    int q = g->pidx[i];
                    if (S->st.a[q] || !S->near[q]) continue;
                    int on_line = 0;
                    for (int d = 0; d < 4 && !on_line; d++)
                        for (int k2 = -5; k2 <= 5; k2++)
                            if (q == p + k2 * gmk_dstep[d]) { on_line = 1; break; }
                    if (!on_line && !has_pat(S, q, def, GMK_P_FOUR)) continue;
                    if (!gmk_slegal(S, q)) continue;
                    int d2;
                    gmk_splay(S, q);
                    int w2 = vct_rec(S, depth - 1, &d2);
                    gmk_sunplay(S, q);
                    if (!w2) win = 0;
                }
                if (S->stop || S->vcf_budget <= 0) win = 0;
            }
        }
        gmk_sunplay(S, p);
        if (win) { *first = p; return 1; }
    }
    return 0;
}

int gmk_vct(gmk_search *S, int depth, int budget, int *move) {
    S->vcf_budget = budget;
    int m = -1, r = vct_rec(S, depth, &m);
    if (r && move) *move = m;
    return r;
}

/* ---- alpha-beta ---- */

static int gen_moves(gmk_search *S, scored *c, int max, int ttmove) {
    const gmk_game *g = S->g;
    int me = S->tomove, nc = 0;
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        if (S->st.a[p] || !S->near[p]) continue;
        c[nc].p = p;
        c[nc].s = gmk_point_score(S, p, me) + (p == ttmove ? 10000000 : 0);
        nc++;
    }
    qsort(c, (size_t)nc, sizeof c[0], cmp_scored);
    /* keep the best legal ones */
    int k = 0;
    for (int i = 0; i < nc && k < max; i++)
        if (gmk_slegal(S, c[i].p)) c[k++] = c[i];
    return k;
}

static int ab(gmk_search *S, int depth, int ply, int alpha, int beta) {
    if (tick(S)) return 0;
    int me = S->tomove, op = 3 - me, wp[4];
    if (gmk_win_points(S, me, wp, 1)) return GMK_WIN - ply;
    int nop = gmk_win_points(S, op, wp, 2);
    if (nop) {
        if (nop >= 2 || !gmk_slegal(S, wp[0])) return -(GMK_WIN - ply - 1);
        if (ply >= GMK_MAXPLY - 2) return gmk_eval(S);
        gmk_splay(S, wp[0]);
        int v = -ab(S, depth, ply + 1, -beta, -alpha);
        gmk_sunplay(S, wp[0]);
        return v;
    }
    if (S->nstones >= S->g->base.geom.n) return 0;
    if (depth <= 0 || ply >= GMK_MAXPLY - 2) return gmk_eval(S);
    gmk_tt_entry *e = &S->tt[S->hash & S->tt_mask];
    int ttmove = -1;
    if (e->key == S->hash) {
        ttmove = e->move;
        if (e->depth >= depth) {
            int v = e->value;
            if (e->flag == 1) return v;
            if (e->flag == 2 && v >= beta) return v;
            if (e->flag == 3 && v <= alpha) return v;
        }
    }
    scored c[GS_MAX_CELLS];
    int nc = gen_moves(S, c, depth >= 3 ? 10 : 14, ttmove);
    if (nc == 0) return -(GMK_WIN - ply - 1);   /* no legal move: treat as lost */
    int best = -GMK_WIN - 1, bestm = c[0].p, a0 = alpha;
    for (int i = 0; i < nc; i++) {
        int p = c[i].p;
        gmk_splay(S, p);
        int v = -ab(S, depth - 1, ply + 1, -beta, -alpha);
        gmk_sunplay(S, p);
        if (S->stop) return best > -GMK_WIN - 1 ? best : 0;
        if (v > best) { best = v; bestm = p; }
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    e->key = S->hash;
    e->value = best;
    e->move = (int16_t)bestm;
    e->depth = (int8_t)depth;
    e->flag = best <= a0 ? 3 : best >= beta ? 2 : 1;
    return best;
}

int gmk_best_move(gmk_search *S, int strong) {
    const gmk_game *g = S->g;
    int me = S->tomove, op = 3 - me, wp[4], m;
    if (S->nstones == 0) {
        int cs[4];
        gs_centres(&g->base.geom, cs);
        int p = g->pidx[cs[0]];
        if (gmk_slegal(S, p)) return p;
    }
    if (gmk_win_points(S, me, wp, 1)) return wp[0];
    int nop = gmk_win_points(S, op, wp, 4);
    for (int i = 0; i < nop; i++)
        if (gmk_slegal(S, wp[i])) return wp[i];
    if (gmk_vcf(S, strong ? 40000 : 4000, &m)) return m;
    scored c[GS_MAX_CELLS];
    int nc = gen_moves(S, c, strong ? 24 : 16, -1);
    if (nc == 0) {
        for (int i = 0; i < g->base.geom.n; i++)
            if (gmk_slegal(S, g->pidx[i])) return g->pidx[i];
        return -1;
    }
    /* defend: keep the moves after which the opponent has no VCF */
    if (gmk_opp_vcf(S, strong ? 20000 : 3000)) {
        scored safe[GS_MAX_CELLS];
        int ns = 0;
        for (int i = 0; i < nc && !S->stop; i++) {
            gmk_splay(S, c[i].p);
            int lost = 0;
            int dummy;
            S->vcf_budget = strong ? 6000 : 1500;
            lost = vcf_rec(S, 0, &dummy);
            gmk_sunplay(S, c[i].p);
            if (!lost) safe[ns++] = c[i];
        }
        if (ns > 0) { memcpy(c, safe, (size_t)ns * sizeof c[0]); nc = ns; }
        if (nc == 1) return c[0].p;
    } else if (strong && gmk_vct(S, 4, 30000, &m)) {
        return m;
    }
    int maxd = strong ? 20 : 4;
    int best = c[0].p;
    double tl = S->deadline > 0 ? S->deadline - S->t0 : 0;
    for (int depth = 1; depth <= maxd; depth++) {
        int alpha = -GMK_WIN - 1, beta = GMK_WIN + 1, bd = c[0].p, bv = -GMK_WIN - 1;
        for (int i = 0; i < nc; i++) {
            gmk_splay(S, c[i].p);
            int v = -ab(S, depth - 1, 1, -beta, -alpha);
            gmk_sunplay(S, c[i].p);
            if (S->stop) break;
            if (v > bv) { bv = v; bd = c[i].p; }
            if (v > alpha) alpha = v;
        }
        if (S->stop) break;
        best = bd;
        /* move the best first for the next iteration */
        for (int i = 0; i < nc; i++)
            if (c[i].p == bd) { scored t = c[i]; memmove(c + 1, c, (size_t)i * sizeof c[0]); c[0] = t; break; }
        if (bv >= GMK_WIN - 100 || bv <= -GMK_WIN + 100) break;
        if (tl > 0 && gs_now() - S->t0 > tl * 0.4) break;
    }
    return best;
}
