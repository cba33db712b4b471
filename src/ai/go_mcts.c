/* Monte-Carlo tree search for Go: UCT with RAVE and heuristic priors over
 * the fast board, heuristic playouts.  See go_mcts.h. */
#include <math.h>
#include <pthread.h>
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

/* The tree, shared by a search's threads.  With one thread nothing is
 * locked and the search is exactly the single-threaded one.  With more
 * (tree parallelism), the mutex guards the nodes and the counters: a thread
 * holds it while it descends (each node it passes gets a virtual loss, one
 * visit without a win, so that the threads spread over the tree instead of
 * all following one line), while it publishes an expansion and while it
 * backs up a result; it computes a node's children and plays out, the
 * costly parts, without it. */
typedef struct mc_tree {
    mc_node *nodes;
    uint32_t nn, cap;
    uint64_t started;        /* simulations begun (all finished once the threads end) */
    int stop;                /* the budget is spent or the answer decided */
    int threads;
    pthread_mutex_t mu;      /* used only when threads > 1 */
} mc_tree;

/* One thread's search: the position and rules (copied), its own random
 * numbers and playout scratch, and what its playouts saw. */
typedef struct mc_ctx {
    mc_tree *t;
    const go_mcts_params *p;
    double t0;
    const go_geom *geo;
    go_board root;
    int root_color;
    int root_passes;         /* passes ending the root position's history */
    float komi;
    int light;
    int expand_at;
    int max_moves;
    gs_rng rng;
    int noff[8];             /* board offsets of the pattern neighbours */
    go_board b;              /* the simulation's board */
    mc_node kids[GO_MAX_SIDE * GO_MAX_SIDE + 1];   /* children being made */
    /* per playout */
    uint32_t stamp;
    uint32_t amaf_stamp[GO_MAXPOS];
    uint16_t amaf_t[GO_MAXPOS];
    uint8_t amaf_c[GO_MAXPOS];
    uint8_t owner[GO_MAXPOS];
    int32_t own_acc[GO_MAXPOS];
    double score_acc;
    uint64_t playouts;       /* this thread's */
    uint32_t path[1024];
} mc_ctx;

static inline void mc_lock(mc_tree *t) {
    if (t->threads > 1) pthread_mutex_lock(&t->mu);
}
static inline void mc_unlock(mc_tree *t) {
    if (t->threads > 1) pthread_mutex_unlock(&t->mu);
}

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

/* The children of a node whose position is b with c to move, made in
 * x->kids (their count; a pass alone when nothing else is legal). */
static int mc_children(mc_ctx *x, const go_board *b, int c, const gs_state *rootst) {
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
    /* children in cell order, so the search never depends on the empty list's order */
    for (int i = 1; i < nm; i++)
        for (int j = i; j > 0 && moves[j - 1] > moves[j]; j--) {
            int t = moves[j]; moves[j] = moves[j - 1]; moves[j - 1] = t;
        }
    for (int i = 0; i < nm; i++) {
        mc_node *ch = &x->kids[i];
        memset(ch, 0, sizeof *ch);
        ch->pos = (int16_t)moves[i];
        mc_prior(x, b, moves[i], c, ch);
    }
    return nm;
}

/* Give node ni the n children in x->kids, if the pool has room (caller
 * holds the lock). */
static int mc_publish(mc_ctx *x, uint32_t ni, int n) {
    mc_tree *t = x->t;
    if (t->nn + (uint32_t)n > t->cap) return 0;
    memcpy(&t->nodes[t->nn], x->kids, (size_t)n * sizeof *x->kids);
    t->nodes[ni].child = (int32_t)t->nn;
    t->nodes[ni].nchild = (uint16_t)n;
    t->nn += (uint32_t)n;
    return 1;
}

static uint32_t mc_select(const mc_tree *t, const mc_node *nd) {
    uint32_t best = (uint32_t)nd->child;
    float bv = -1e30f;
    for (uint32_t i = 0; i < nd->nchild; i++) {
        const mc_node *ch = &t->nodes[nd->child + i];
        float v = mc_value(ch);
        if (v > bv) { bv = v; best = (uint32_t)nd->child + i; }
    }
    return best;
}

static void mc_play_node_move(go_board *b, int pos, int c) {
    if (pos == GO_NOPOS) go_board_pass(b);
    else go_board_play(b, pos, c);
}

/* A node whose children another thread is making (child < 0): the others
 * play out from it meanwhile. */
#define MC_EXPANDING (-1)

/* Can the rest of the budget no longer change the answer?  The answer is
 * the most visited root child; when its lead in visits over the runner-up
 * exceeds the playouts still to come, no ordering of them changes it.
 * With a playout limit the count is exact (and so a single-threaded search
 * stays deterministic per seed); with only a time limit the playouts to
 * come are estimated from the rate so far.  Never before a quarter of the
 * budget, so that the ownership estimate (pass and dead-stone decisions)
 * keeps enough playouts behind it.  Caller holds the lock. */
static int mc_decided(const mc_ctx *x, double elapsed) {
    const go_mcts_params *p = x->p;
    uint64_t done = x->t->started;
    double left;
    if (p->max_playouts) {
        if (done * 4 < p->max_playouts) return 0;
        left = (double)(p->max_playouts - done);
        if (p->max_time > 0 && elapsed > 0) {
            double by_time = (p->max_time - elapsed) * (double)done / elapsed;
            if (by_time < left) left = by_time;
        }
    } else if (p->max_time > 0) {
        if (elapsed * 4 < p->max_time || elapsed <= 0) return 0;
        left = (p->max_time - elapsed) * (double)done / elapsed;
    } else return 0;
    const mc_tree *t = x->t;
    const mc_node *root = &t->nodes[0];
    uint32_t v1 = 0, v2 = 0;
    for (uint32_t i = 0; i < root->nchild; i++) {
        uint32_t v = t->nodes[root->child + i].visits;
        if (v > v1) { v2 = v1; v1 = v; }
        else if (v > v2) v2 = v;
    }
    return (double)(v1 - v2) > left;
}

/* Begin a simulation if the budget allows (caller holds the lock). */
static int mc_begin(mc_ctx *x, double now) {
    mc_tree *t = x->t;
    const go_mcts_params *p = x->p;
    uint64_t k = t->started;
    if (t->stop || (p->max_playouts && k >= p->max_playouts)
        || (!p->max_playouts && p->max_time <= 0 && k >= 1000)
        || ((k & 63) == 0 && mc_decided(x, now - x->t0))) {
        t->stop = 1;
        return 0;
    }
    t->started++;
    return 1;
}

/* One simulation from the root, if the budget allows one (0 when not). */
static int mc_simulate(mc_ctx *x, double now) {
    mc_tree *t = x->t;
    go_board *b = &x->b;
    go_board_copy(b, &x->root);
    x->stamp++;
    int c = x->root_color, depth = 0, passes = x->root_passes;
    uint32_t ni = 0;
    x->path[0] = 0;
    float score;
    int ended = 0;
    mc_lock(t);
    if (!mc_begin(x, now)) {
        mc_unlock(t);
        return 0;
    }
    for (;;) {
        mc_node *nd = &t->nodes[ni];
        if (nd->child == MC_EXPANDING) break;
        if (!nd->child) {
            if (nd->visits < (uint32_t)x->expand_at || depth >= 1000) break;
            int n;
            if (t->threads > 1) {
                nd->child = MC_EXPANDING;   /* the others play out from here meanwhile */
                mc_unlock(t);
                n = mc_children(x, b, c, NULL);
                mc_lock(t);
                nd->child = 0;
            } else n = mc_children(x, b, c, NULL);
            if (!mc_publish(x, ni, n)) break;
        }
        ni = mc_select(t, nd);
        t->nodes[ni].n += 1;   /* the visit now, the win (if any) when backed up */
        int pos = t->nodes[ni].pos;
        mc_play_node_move(b, pos, c);
        mc_amaf_mark(x, pos, c, depth);
        passes = pos == GO_NOPOS ? passes + 1 : 0;
        x->path[++depth] = ni;
        c = go_other(c);
        if (passes >= 2) { ended = 1; break; }
    }
    mc_unlock(t);
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
    mc_lock(t);
    t->nodes[0].visits++;
    for (int i = 0; i < depth; i++) {
        float res = col == GO_BLACK ? bres : 1 - bres;
        mc_node *parent = &t->nodes[x->path[i]];
        mc_node *ch = &t->nodes[x->path[i + 1]];
        ch->w += res;
        ch->visits++;
        for (uint32_t k = 0; k < parent->nchild; k++) {
            mc_node *sib = &t->nodes[parent->child + k];
            int p = sib->pos;
            if (p != GO_NOPOS && x->amaf_stamp[p] == x->stamp && x->amaf_c[p] == col
                && x->amaf_t[p] >= i) {
                sib->rn += 1;
                sib->rw += res;
            }
        }
        col = go_other(col);
    }
    mc_unlock(t);
    return 1;
}

/* A thread's loop: simulations until the budget is spent, the time is up
 * or the answer is decided.  The first thread reports progress. */
static void mc_run(mc_ctx *x, int first) {
    const go_mcts_params *p = x->p;
    double now = x->t0, last_report = x->t0;
    for (uint64_t i = 0;; i++) {
        if ((i & 15) == 0) {
            now = gs_now();
            if (p->max_time > 0 && now - x->t0 >= p->max_time) {
                mc_lock(x->t);
                x->t->stop = 1;
                mc_unlock(x->t);
                break;
            }
            if (first && p->progress && now - last_report >= 0.5) {
                mc_lock(x->t);
                uint64_t n = x->t->started;
                mc_unlock(x->t);
                p->progress(p->progress_ud, n, now - x->t0);
                last_report = now;
            }
        }
        if (!mc_simulate(x, now)) break;
    }
}

static void *mc_thread(void *ud) {
    mc_run(ud, 0);
    return NULL;
}

#define MC_MAX_THREADS 64

gs_status go_mcts_search(const gs_state *s, const go_mcts_params *p, go_mcts_result *r,
                         gs_error *err) {
    if (!go_is_go(s->game)) return gs_error_set(err, GS_ERR_INVALID_ARG, "not a Go game");
    const go_state *gs = (const go_state *)s;
    const go_game *gg = go_game_of(s);
    memset(r, 0, sizeof *r);
    r->best = GS_PASS;
    int nthreads = p->threads < 1 ? 1 : p->threads > MC_MAX_THREADS ? MC_MAX_THREADS : p->threads;
    mc_tree tree;
    memset(&tree, 0, sizeof tree);
    mc_tree *t = &tree;
    mc_ctx *xs[MC_MAX_THREADS];
    int nx = 0;
    gs_status st = GS_OK;
    for (; nx < nthreads; nx++)
        if (!(xs[nx] = calloc(1, sizeof *xs[nx]))) break;
    if (nx < nthreads) { st = GS_ERR_NOMEM; goto done; }
    int expand_at = gg->geo.n <= 100 ? 2 : 4;
    uint64_t cap = MC_HARD_NODES;
    if (p->max_playouts) {
        uint64_t want = (p->max_playouts / (uint64_t)expand_at + 2) * (uint64_t)(gg->geo.n + 1);
        if (want < cap) cap = want;
    }
    t->cap = (uint32_t)cap;
    if (!(t->nodes = malloc((size_t)t->cap * sizeof *t->nodes))) { st = GS_ERR_NOMEM; goto done; }
    memset(&t->nodes[0], 0, sizeof t->nodes[0]);
    t->nn = 1;
    double t0 = gs_now();
    for (int k = 0; k < nthreads; k++) {
        mc_ctx *x = xs[k];
        x->t = t;
        x->p = p;
        x->t0 = t0;
        x->geo = &gg->geo;
        go_board_copy(&x->root, &gs->b);
        x->root_color = s->to_move;
        x->root_passes = p->ownership_only ? 0 : gs_go_trailing_passes(s);
        x->komi = (float)gg->rules.komi;
        x->light = p->light;
        x->expand_at = expand_at;
        x->max_moves = 3 * x->geo->n + 50;
        /* thread k's own sequence; the first thread's is the seed's */
        gs_rng_seed(&x->rng, p->seed + (uint64_t)k * 0x9E3779B97F4A7C15ull);
        for (int j = 0; j < 8; j++) x->noff[j] = go_pat_ndy[j] * x->geo->stride + go_pat_ndx[j];
    }
    mc_publish(xs[0], 0, mc_children(xs[0], &xs[0]->root, xs[0]->root_color, p->ownership_only ? NULL : s));
    pthread_t tid[MC_MAX_THREADS];
    int started = 1;
    if (nthreads > 1) {
        if (pthread_mutex_init(&t->mu, NULL)) nthreads = 1;
        t->threads = nthreads;
        /* a thread that cannot start leaves its share to the others; if
         * none can (a WebAssembly build without threads), nothing locks */
        while (started < nthreads && !pthread_create(&tid[started], NULL, mc_thread, xs[started])) started++;
        if (started == 1 && t->threads > 1) {
            pthread_mutex_destroy(&t->mu);
            t->threads = 1;
        }
    } else t->threads = 1;
    mc_run(xs[0], 1);
    for (int k = 1; k < started; k++) pthread_join(tid[k], NULL);
    if (t->threads > 1) pthread_mutex_destroy(&t->mu);
    double now = gs_now();
    /* the answer: the most visited child */
    const mc_node *root = &t->nodes[0];
    const mc_node *best = NULL;
    for (uint32_t i = 0; i < root->nchild; i++) {
        const mc_node *ch = &t->nodes[root->child + i];
        if (!best || ch->visits > best->visits
            || (ch->visits == best->visits && mc_value(ch) > mc_value(best)))
            best = ch;
    }
    const go_geom *g = &gg->geo;
    if (best) {
        r->best = best->pos == GO_NOPOS ? GS_PASS : g->pos2idx[best->pos];
        r->winrate = best->visits ? best->w / best->n : 0.5;
    }
    /* what every thread's playouts saw, summed in thread order */
    double score = 0;
    for (int k = 0; k < started; k++) {
        r->playouts += xs[k]->playouts;
        score += xs[k]->score_acc;
    }
    r->seconds = now - t0;
    r->nodes = (int)t->nn;
    double np = r->playouts ? (double)r->playouts : 1.0;
    r->mean_score = score / np;
    for (int i = 0; i < g->n; i++) {
        int64_t o = 0;
        for (int k = 0; k < started; k++) o += xs[k]->own_acc[g->idx2pos[i]];
        r->own[i] = (float)((double)o / np);
    }
done:
    free(t->nodes);
    for (int k = 0; k < nx; k++) free(xs[k]);
    return st == GS_OK ? GS_OK : gs_error_set(err, st, "out of memory");
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
