/* Monte-Carlo tree search for Go: UCT with RAVE and heuristic priors over
 * the fast board, heuristic playouts.  See go_mcts.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ai/go_mcts.h"
#include "ai/go_pat.h"
#include "games/go/go_rules.h"
#include "gridstone/util.h"

/* ---- tuning ---- */
#define MC_RAVE_EQUIV 3000.0f   /* visits at which own mean and AMAF mean weigh equally */
#define MC_PRIOR_EVEN 10.0f     /* virtual visits at 50% for every move */
#define MC_HARD_NODES (3u << 20)

typedef struct mc_node {
    float n, w;              /* visits and wins (priors included), for the mover */
    float rn, rw;            /* all-moves-as-first visits and wins */
    uint32_t visits;         /* real visits */
    int32_t child;           /* first child, 0 = not expanded */
    uint16_t nchild;
    int16_t pos;             /* GO_NOPOS = pass */
} mc_node;

typedef struct mc_ctx {
    const go_geom *geo;
    go_board root;
    int root_color;
    int root_passes;         /* passes ending the root position's history */
    float komi;
    int light;
    int expand_at;
    int max_moves;
    gs_rng rng;
    mc_node *nodes;
    uint32_t nn, cap;
    int noff[8];             /* board offsets of the pattern neighbours */
    /* per playout */
    uint32_t stamp;
    uint32_t amaf_stamp[GO_MAXPOS];
    uint16_t amaf_t[GO_MAXPOS];
    uint8_t amaf_c[GO_MAXPOS];
    uint8_t owner[GO_MAXPOS];
    int32_t own_acc[GO_MAXPOS];
    double score_acc;
    uint64_t playouts;
    uint32_t path[1024];
} mc_ctx;

static inline int mc_pat_match(const mc_ctx *x, const go_board *b, int p) {
    unsigned code = 0;
    for (int k = 0; k < 8; k++) code |= (unsigned)b->color[p + x->noff[k]] << (2 * k);
    return go_pat_match_code(code);
}

/* ---- tactical helpers ---- */
/* Liberties (0, 1 or "2 or more") of the chain a stone of colour c at the
 * empty point p would make, captures included.  *merge is set when it joins
 * stones already on the board. */
static int mc_libs_after(const go_board *b, int p, int c, int *merge) {
    const go_geom *g = b->geo;
    int lib[2], nl = 0, opp = go_other(c);
    *merge = 0;   /* only meaningful when the answer is below 2 */
    if (go_nb_empty(b, p) >= 2) return 2;
#define MC_ADD(q)                                                   \
    do {                                                            \
        int q_ = (q);                                               \
        if (q_ != p && (nl == 0 || lib[0] != q_)) {                 \
            if (nl == 1) return 2;                                  \
            lib[nl++] = q_;                                         \
        }                                                           \
    } while (0)
    for (int k = 0; k < 4; k++) {
        int q = p + g->off4[k], col = b->color[q];
        if (col == GO_EMPTY) MC_ADD(q);
        else if (col == opp) {
            if (go_in_atari(b, b->gid[q])) MC_ADD(q);
        }
    }
    for (int k = 0; k < 4; k++) {
        int q = p + g->off4[k];
        if (b->color[q] != c) continue;
        *merge = 1;
        int r = b->gid[q];
        if (go_in_atari(b, r)) { MC_ADD(go_atari_lib(b, r)); continue; }
        /* not in atari: p and one other liberty, or two or more besides p */
        int pairs = 0;   /* the group's stones next to p */
        for (int j = 0; j < 4; j++) pairs += b->gid[p + g->off4[j]] == r;
        int other = go_lib_besides(b, r, p, pairs);
        if (other == GO_NOPOS) return 2;
        MC_ADD(other);
    }
#undef MC_ADD
    return nl;
}

/* Does playing c at p capture something? Returns the captured size (0). */
static int mc_captures(const go_board *b, int p, int c) {
    const go_geom *g = b->geo;
    int opp = go_other(c), n = 0;
    for (int k = 0; k < 4; k++) {
        int q = p + g->off4[k];
        if (b->color[q] == opp && go_in_atari(b, b->gid[q])) n += b->gsize[b->gid[q]];
    }
    return n;
}

/* A self-atari worth playing in a playout: the sacrifice of at most three
 * stones inside a big enemy chain's eye space (nakade), which is how
 * playouts learn that such groups are dead. */
static int mc_nakade_ok(const go_board *b, int p, int c) {
    const go_geom *g = b->geo;
    int size = 1, big = 0, seen[4], ns = 0, opp = go_other(c);
    for (int k = 0; k < 4; k++) {
        int q = p + g->off4[k], col = b->color[q];
        if (col == opp && b->gsize[b->gid[q]] >= 4) big = 1;
        if (col != c) continue;
        int r = b->gid[q], dup = 0;
        for (int i = 0; i < ns; i++) dup |= seen[i] == r;
        if (dup) continue;
        seen[ns++] = r;
        size += b->gsize[r];
    }
    return big && size <= 3;
}

/* ---- playout policy ---- */
static int mc_add_cand(int *cand, int n, int p) {
    for (int i = 0; i < n; i++)
        if (cand[i] == p) return n;
    if (n < 32) cand[n++] = p;
    return n;
}

/* Pick a legal playout move for c (GO_NOPOS = pass). */
static int mc_pick(mc_ctx *x, const go_board *b, int c, int last) {
    const go_geom *g = x->geo;
    int cand[32], n = 0, opp = go_other(c), merge;
    if (last != GO_NOPOS && b->color[last] == opp) {
        /* 1. the last move made an atari: capture it or escape */
        int r = b->gid[last];
        if (go_in_atari(b, r)) n = mc_add_cand(cand, n, go_atari_lib(b, r));
        for (int k = 0; k < 4; k++) {
            int q = last + g->off4[k];
            if (b->color[q] != c || !go_in_atari(b, b->gid[q])) continue;
            int rr = b->gid[q], lib = go_atari_lib(b, rr);
            if (mc_libs_after(b, lib, c, &merge) >= 2) n = mc_add_cand(cand, n, lib);
            int s = rr;
            do {   /* capture an attacker in atari next to the threatened chain */
                for (int j = 0; j < 4; j++) {
                    int t = s + g->off4[j];
                    if (b->color[t] == opp && go_in_atari(b, b->gid[t]))
                        n = mc_add_cand(cand, n, go_atari_lib(b, b->gid[t]));
                }
                s = b->next[s];
            } while (s != rr);
        }
        int m = 0;
        for (int i = 0; i < n; i++)
            if (go_board_check(b, cand[i], c, 0) == GS_OK) cand[m++] = cand[i];
        if (m) return cand[gs_rng_below(&x->rng, (uint32_t)m)];
        /* 2. a shape pattern next to the last move */
        n = 0;
        for (int k = 0; k < 8; k++) {
            int p = last + x->noff[k];
            if (b->color[p] != GO_EMPTY || !mc_pat_match(x, b, p)) continue;
            if (go_board_check(b, p, c, 0) != GS_OK) continue;
            if (mc_libs_after(b, p, c, &merge) < 2 && !mc_captures(b, p, c)) continue;
            cand[n++] = p;
        }
        if (n) return cand[gs_rng_below(&x->rng, (uint32_t)n)];
    }
    /* 3. random: no own eye, no self-atari of two or more stones */
    int ne = b->nempty;
    if (ne == 0) return GO_NOPOS;
    int i = (int)gs_rng_below(&x->rng, (uint32_t)ne);
    for (int k = 0; k < ne; k++) {
        int p = b->empty[i];
        if (++i == ne) i = 0;
        if ((p == b->ko && c == b->ko_color) || go_board_is_eye(b, p, c)) continue;
        int la = mc_libs_after(b, p, c, &merge);
        if (la == 0) continue;                 /* suicide */
        if (la == 1 && merge && !mc_captures(b, p, c) && !mc_nakade_ok(b, p, c)) continue;
        return p;
    }
    return GO_NOPOS;
}

static int mc_pick_light(mc_ctx *x, const go_board *b, int c) {
    int ne = b->nempty;
    if (ne == 0) return GO_NOPOS;
    int i = (int)gs_rng_below(&x->rng, (uint32_t)ne);
    for (int k = 0; k < ne; k++) {
        int p = b->empty[i];
        if (++i == ne) i = 0;
        if ((p == b->ko && c == b->ko_color) || go_board_is_eye(b, p, c)
            || go_board_is_suicide(b, p, c))
            continue;
        return p;
    }
    return GO_NOPOS;
}

static inline void mc_amaf_mark(mc_ctx *x, int p, int c, int t) {
    if (p != GO_NOPOS && x->amaf_stamp[p] != x->stamp) {
        x->amaf_stamp[p] = x->stamp;
        x->amaf_t[p] = (uint16_t)(t < 65535 ? t : 65535);
        x->amaf_c[p] = (uint8_t)c;
    }
}

/* Play out from b (c to move, passes = passes just made); returns the
 * final area score (black minus white, komi included) and fills owner. */
static float mc_playout(mc_ctx *x, go_board *b, int c, int passes, int t) {
    int moves = 0;
    while (passes < 2 && moves < x->max_moves) {
        int p = x->light ? mc_pick_light(x, b, c) : mc_pick(x, b, c, b->last);
        if (p == GO_NOPOS) {
            go_board_pass(b);
            passes++;
        } else {
            go_board_play(b, p, c);
            mc_amaf_mark(x, p, c, t);
            passes = 0;
        }
        c = go_other(c);
        moves++;
        t++;
    }
    return (float)go_board_area_score(b, x->owner) - x->komi;
}

/* ---- tree ---- */
static float mc_value(const mc_node *ch) {
    float q = ch->w / ch->n;
    if (ch->rn > 0) {
        float beta = ch->rn / (ch->rn + ch->n + ch->rn * ch->n / MC_RAVE_EQUIV);
        q = (1 - beta) * q + beta * (ch->rw / ch->rn);
    }
    return q;
}

/* The line of p (0 = the edge) and whether no stone lies within
 * Manhattan distance d of it. */
static int mc_line(const go_geom *g, int p) {
    int idx = g->pos2idx[p], x = idx % g->w, y = idx / g->w, l = x;
    if (y < l) l = y;
    if (g->w - 1 - x < l) l = g->w - 1 - x;
    if (g->h - 1 - y < l) l = g->h - 1 - y;
    return l;
}

static int mc_alone(const go_board *b, int p, int d) {
    const go_geom *g = b->geo;
    int idx = g->pos2idx[p], x = idx % g->w, y = idx / g->w;
    for (int dy = -d; dy <= d; dy++)
        for (int dx = -d; dx <= d; dx++) {
            int xx = x + dx, yy = y + dy;
            if (abs(dx) + abs(dy) > d || xx < 0 || yy < 0 || xx >= g->w || yy >= g->h) continue;
            if (b->color[go_pos(g, xx, yy)] != GO_EMPTY) return 0;
        }
    return 1;
}

static void mc_prior(const mc_ctx *x, const go_board *b, int p, int c, mc_node *ch) {
    ch->n = MC_PRIOR_EVEN;
    ch->w = MC_PRIOR_EVEN / 2;
    if (x->light || p == GO_NOPOS) return;
    int merge, cap = mc_captures(b, p, c), la = mc_libs_after(b, p, c, &merge);
    const go_geom *g = x->geo;
    if (cap) { ch->n += 20; ch->w += 20; }
    for (int k = 0; k < 4; k++) {
        int q = p + g->off4[k];
        if (b->color[q] == c && go_in_atari(b, b->gid[q]) && la >= 2) {
            ch->n += 15;
            ch->w += 15;
            break;
        }
    }
    if (la < 2 && !cap) ch->n += merge ? 30 : 15;   /* self-atari: virtual losses */
    if (mc_pat_match(x, b, p)) { ch->n += 6; ch->w += 6; }
    int line = mc_line(g, p);
    if (line == 0 && mc_alone(b, p, 2)) ch->n += 15;   /* a lone first-line move */
    if (g->w >= 13 && g->h >= 13 && mc_alone(b, p, 3)) {
        /* open areas of big boards: the 3rd and 4th lines, not the 1st and 2nd */
        if (line <= 1) ch->n += 20;
        else if (line <= 3) { ch->n += 10; ch->w += 10; }
    }
}

/* Create the children of node ni for the position b with c to move. */
static int mc_expand(mc_ctx *x, uint32_t ni, const go_board *b, int c, const gs_state *rootst) {
    const go_geom *g = x->geo;
    int moves[GO_MAX_SIDE * GO_MAX_SIDE + 1], nm = 0;
    for (int e = 0; e < b->nempty; e++) {
        int p = b->empty[e];
        if (go_board_check(b, p, c, 0) != GS_OK || go_board_is_eye(b, p, c)) continue;
        /* at the root, the rules' own check (superko, suicide rules) decides */
        if (rootst && gs_check(rootst, g->pos2idx[p]) != GS_OK) continue;
        moves[nm++] = p;
    }
    if (nm == 0) moves[nm++] = GO_NOPOS;
    if (x->nn + (uint32_t)nm > x->cap) return 0;
    /* children in cell order, so the search never depends on the empty list's order */
    for (int i = 1; i < nm; i++)
        for (int j = i; j > 0 && moves[j - 1] > moves[j]; j--) {
            int t = moves[j]; moves[j] = moves[j - 1]; moves[j - 1] = t;
        }
    uint32_t first = x->nn;
    for (int i = 0; i < nm; i++) {
        mc_node *ch = &x->nodes[first + i];
        memset(ch, 0, sizeof *ch);
        ch->pos = (int16_t)moves[i];
        mc_prior(x, b, moves[i], c, ch);
    }
    x->nn += (uint32_t)nm;
    x->nodes[ni].child = (int32_t)first;
    x->nodes[ni].nchild = (uint16_t)nm;
    return 1;
}

static uint32_t mc_select(const mc_ctx *x, const mc_node *nd) {
    uint32_t best = (uint32_t)nd->child;
    float bv = -1e30f;
    for (uint32_t i = 0; i < nd->nchild; i++) {
        const mc_node *ch = &x->nodes[nd->child + i];
        float v = mc_value(ch);
        if (v > bv) { bv = v; best = (uint32_t)nd->child + i; }
    }
    return best;
}

static void mc_play_node_move(go_board *b, int pos, int c) {
    if (pos == GO_NOPOS) go_board_pass(b);
    else go_board_play(b, pos, c);
}

/* One simulation from the root. */
static void mc_simulate(mc_ctx *x, go_board *b) {
    go_board_copy(b, &x->root);
    x->stamp++;
    int c = x->root_color, depth = 0, passes = x->root_passes;
    uint32_t ni = 0;
    x->path[0] = 0;
    float score;
    int ended = 0;
    for (;;) {
        mc_node *nd = &x->nodes[ni];
        if (!nd->child) {
            if (nd->visits < (uint32_t)x->expand_at || depth >= 1000 || !mc_expand(x, ni, b, c, NULL))
                break;
            nd = &x->nodes[ni];
        }
        ni = mc_select(x, nd);
        int pos = x->nodes[ni].pos;
        mc_play_node_move(b, pos, c);
        mc_amaf_mark(x, pos, c, depth);
        passes = pos == GO_NOPOS ? passes + 1 : 0;
        x->path[++depth] = ni;
        c = go_other(c);
        if (passes >= 2) { ended = 1; break; }
    }
    if (ended) score = (float)go_board_area_score(b, x->owner) - x->komi;
    else score = mc_playout(x, b, c, passes, depth);
    float bres = score > 0 ? 1.0f : score < 0 ? 0.0f : 0.5f;   /* result for black */
    x->score_acc += score;
    x->playouts++;
    for (int i = 0; i < x->geo->n; i++) {
        int p = x->geo->idx2pos[i];
        x->own_acc[p] += x->owner[p] == GO_BLACK ? 1 : x->owner[p] == GO_WHITE ? -1 : 0;
    }
    /* back up: node path[i] (i >= 1) was played by the colour to move at depth i - 1 */
    int col = x->root_color;
    x->nodes[0].visits++;
    for (int i = 0; i < depth; i++) {
        float res = col == GO_BLACK ? bres : 1 - bres;
        mc_node *parent = &x->nodes[x->path[i]];
        mc_node *ch = &x->nodes[x->path[i + 1]];
        ch->n += 1;
        ch->w += res;
        ch->visits++;
        for (uint32_t k = 0; k < parent->nchild; k++) {
            mc_node *sib = &x->nodes[parent->child + k];
            int p = sib->pos;
            if (p != GO_NOPOS && x->amaf_stamp[p] == x->stamp && x->amaf_c[p] == col
                && x->amaf_t[p] >= i) {
                sib->rn += 1;
                sib->rw += res;
            }
        }
        col = go_other(col);
    }
}

/* Can the rest of the budget no longer change the answer?  The answer is
 * the most visited root child; when its lead in visits over the runner-up
 * exceeds the playouts still to come, no ordering of them changes it.
 * With a playout limit the count is exact (and so the search stays
 * deterministic per seed); with only a time limit the playouts to come are
 * estimated from the rate so far.  Never before a quarter of the budget,
 * so that the ownership estimate (pass and dead-stone decisions) keeps
 * enough playouts behind it. */
static int mc_decided(const mc_ctx *x, const go_mcts_params *p, double elapsed) {
    double left;
    if (p->max_playouts) {
        if (x->playouts * 4 < p->max_playouts) return 0;
        left = (double)(p->max_playouts - x->playouts);
        if (p->max_time > 0 && elapsed > 0) {
            double by_time = (p->max_time - elapsed) * (double)x->playouts / elapsed;
            if (by_time < left) left = by_time;
        }
    } else if (p->max_time > 0) {
        if (elapsed * 4 < p->max_time || elapsed <= 0) return 0;
        left = (p->max_time - elapsed) * (double)x->playouts / elapsed;
    } else return 0;
    const mc_node *root = &x->nodes[0];
    uint32_t v1 = 0, v2 = 0;
    for (uint32_t i = 0; i < root->nchild; i++) {
        uint32_t v = x->nodes[root->child + i].visits;
        if (v > v1) { v2 = v1; v1 = v; }
        else if (v > v2) v2 = v;
    }
    return (double)(v1 - v2) > left;
}

gs_status go_mcts_search(const gs_state *s, const go_mcts_params *p, go_mcts_result *r,
                         gs_error *err) {
    if (!go_is_go(s->game)) return gs_error_set(err, GS_ERR_INVALID_ARG, "not a Go game");
    const go_state *gs = (const go_state *)s;
    const go_game *gg = go_game_of(s);
    memset(r, 0, sizeof *r);
    r->best = GS_PASS;
    mc_ctx *x = calloc(1, sizeof *x);
    if (!x) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    x->geo = &gg->geo;
    go_board_copy(&x->root, &gs->b);
    x->root_color = s->to_move;
    x->root_passes = p->ownership_only ? 0 : gs_go_trailing_passes(s);
    x->komi = (float)gg->rules.komi;
    x->light = p->light;
    x->expand_at = x->geo->n <= 100 ? 2 : 4;
    x->max_moves = 3 * x->geo->n + 50;
    gs_rng_seed(&x->rng, p->seed);
    for (int k = 0; k < 8; k++) x->noff[k] = go_pat_ndy[k] * x->geo->stride + go_pat_ndx[k];
    uint64_t cap = MC_HARD_NODES;
    if (p->max_playouts) {
        uint64_t want = (p->max_playouts / (uint64_t)x->expand_at + 2) * (uint64_t)(x->geo->n + 1);
        if (want < cap) cap = want;
    }
    x->cap = (uint32_t)cap;
    x->nodes = malloc((size_t)x->cap * sizeof *x->nodes);
    if (!x->nodes) { free(x); return gs_error_set(err, GS_ERR_NOMEM, "out of memory"); }
    memset(&x->nodes[0], 0, sizeof x->nodes[0]);
    x->nn = 1;
    go_board *b = malloc(sizeof *b);
    if (!b) { free(x->nodes); free(x); return gs_error_set(err, GS_ERR_NOMEM, "out of memory"); }
    mc_expand(x, 0, &x->root, x->root_color, p->ownership_only ? NULL : s);
    double t0 = gs_now(), now = t0, last_report = t0;
    for (;;) {
        if (p->max_playouts && x->playouts >= p->max_playouts) break;
        if ((x->playouts & 15) == 0) {
            now = gs_now();
            if (p->max_time > 0 && now - t0 >= p->max_time) break;
            if (p->progress && now - last_report >= 0.5) {
                p->progress(p->progress_ud, x->playouts, now - t0);
                last_report = now;
            }
        }
        if (!p->max_playouts && p->max_time <= 0 && x->playouts >= 1000) break;
        if ((x->playouts & 63) == 0 && mc_decided(x, p, now - t0)) break;
        mc_simulate(x, b);
    }
    now = gs_now();
    /* the answer: the most visited child */
    const mc_node *root = &x->nodes[0];
    const mc_node *best = NULL;
    for (uint32_t i = 0; i < root->nchild; i++) {
        const mc_node *ch = &x->nodes[root->child + i];
        if (!best || ch->visits > best->visits
            || (ch->visits == best->visits && mc_value(ch) > mc_value(best)))
            best = ch;
    }
    if (best) {
        r->best = best->pos == GO_NOPOS ? GS_PASS : x->geo->pos2idx[best->pos];
        r->winrate = best->visits ? best->w / best->n : 0.5;
    }
    r->playouts = x->playouts;
    r->seconds = now - t0;
    r->nodes = (int)x->nn;
    double np = x->playouts ? (double)x->playouts : 1.0;
    r->mean_score = x->score_acc / np;
    for (int i = 0; i < x->geo->n; i++)
        r->own[i] = (float)(x->own_acc[x->geo->idx2pos[i]] / np);
    free(b);
    free(x->nodes);
    free(x);
    return GS_OK;
}

int go_mcts_settled(const gs_state *s, const go_mcts_result *r) {
    if (!go_is_go(s->game)) return 0;
    const go_board *b = &((const go_state *)s)->b;
    const go_geom *g = b->geo;
    for (int i = 0; i < g->n; i++) {
        float o = fabsf(r->own[i]);
        if (o >= 0.8f) continue;
        int p = g->idx2pos[i], merge;
        if (b->color[p] != GO_EMPTY) return 0;
        for (int c = GO_BLACK; c <= GO_WHITE; c++)
            if (go_board_check(b, p, c, 0) == GS_OK && mc_libs_after(b, p, c, &merge) >= 2) return 0;
    }
    return 1;
}
