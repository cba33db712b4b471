/* Trainer of the Reversi pattern evaluation (src/ai/reversi_eval.h):
 *
 *   make train-reversi          (= build/rv_train --out src/ai/reversi_eval_weights.c)
 *   build/rv_train [--seed N] [--games N] [--exact E] [--depth D] [--lambda L]
 *                  [--play-depth D] [--play-random R] [--out FILE] [--probe]
 *
 * 1. Self-play: --games games, each from a random opening of 0..16 random
 *    plies, then the midgame search (--play-depth plies, default 2, the
 *    hand-tuned evaluation: the games do not depend on the weights being
 *    replaced) with one move in --play-random (default 10) random.
 *    Every position of every game is kept (side to move, empties 0..60);
 *    one game in ten is held out for the accuracy figures.
 * 2. Stage by stage from the end (4 empties per stage): positions with at
 *    most --exact empties are labelled by the exact solver; positions
 *    with more are labelled by a search to --depth fewer empties (passes
 *    are free) whose leaves are evaluated with the stages already fitted
 *    (bootstrapping backwards).  Labels are final disc differences with
 *    the empties to the winner.
 * 3. Each stage's weights are fitted by least squares with an L2 penalty
 *    (conjugate gradients on the normal equations, CGLS), in the space of
 *    weights shared under the symmetries of each base pattern, then
 *    rounded to int16 in 1/RV_EVAL_SCALE discs.  The held-out RMSE per
 *    stage (against the same kind of labels) is printed and written into
 *    the generated file's header comment.
 *
 * One core, deterministic for a given seed and options (no clock or thread
 * dependence: the solver and searches run without limits). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai/reversi_ai.h"
#include "ai/reversi_eval.h"
#include "gridstone/util.h"
#include "rv_selfplay.h"

typedef struct tr_pos {
    uint64_t P, O;
    float y;        /* label, discs */
    uint8_t ne;     /* empties */
    uint8_t held;   /* held out */
} tr_pos;

typedef struct tr_set {
    tr_pos *v;
    size_t n, cap;
} tr_set;

static tr_set by_ne[61];
static int16_t W[RV_EVAL_NSTAGES][RV_EVAL_NW];

static void *xrealloc(void *p, size_t n) {
    void *q = realloc(p, n);
    if (!q) { fprintf(stderr, "rv_train: out of memory\n"); exit(2); }
    return q;
}

static void add_pos(uint64_t P, uint64_t O, int held) {
    int ne = 64 - rv_popcount(P | O);
    tr_set *s = &by_ne[ne];
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->v = xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = (tr_pos){P, O, 0, (uint8_t)ne, (uint8_t)held};
}

/* ---- 1. self-play ---- */

static void keep_pos(void *ud, int game, uint64_t P, uint64_t O) {
    (void)ud;
    add_pos(P, O, game % 10 == 0);   /* one game in ten held out */
}

static void play_games(int ngames, uint64_t seed, int depth, int rand_in) {
    gs_rng rng;
    gs_rng_seed(&rng, seed);
    rvs_ctx c;
    if (rvs_init(&c, 8, 16, NULL, 0, 0) != GS_OK) { fprintf(stderr, "rv_train: out of memory\n"); exit(2); }
    c.pattern = 0;   /* the hand-tuned evaluation: games do not depend on the weights being replaced */
    rv_selfplay(&c, &rng, ngames, depth, rand_in, 10, keep_pos, NULL);
    rvs_free(&c);
}

/* ---- 2. labels ---- */

/* Search to `target` empties (passes are free) with the weights W;
 * scores in 1/RV_EVAL_SCALE discs. */
static int boot_search(uint64_t P, uint64_t O, int alpha, int beta, int target, int passed) {
    uint64_t m = rv_moves(P, O);
    if (!m) {
        if (passed || !rv_moves(O, P)) return rv_final_score(P, O, RV_FULL) * RV_EVAL_SCALE;
        return -boot_search(O, P, -beta, -alpha, target, 1);
    }
    int ne = 64 - rv_popcount(P | O);
    if (ne <= target) return rv_eval_with((const int16_t (*)[RV_EVAL_NW])W, P, O);
    /* order: children by their static value (best for us first) */
    uint64_t cp[32], co[32];
    int key[32], n = 0;
    for (; m && n < 32; m &= m - 1) {
        int sq = rv_lsb(m);
        uint64_t f = rv_flips(sq, P, O);
        cp[n] = O ^ f;
        co[n] = P ^ f ^ (1ull << sq);
        key[n] = ne - 1 > target ? rv_eval_with((const int16_t (*)[RV_EVAL_NW])W, cp[n], co[n]) : 0;
        n++;
    }
    int best = -1000000;
    for (int i = 0; i < n; i++) {
        int b = i;
        for (int j = i + 1; j < n; j++)
            if (key[j] < key[b]) b = j;
        uint64_t t = cp[i]; cp[i] = cp[b]; cp[b] = t;
        t = co[i]; co[i] = co[b]; co[b] = t;
        int tk = key[i]; key[i] = key[b]; key[b] = tk;
        int a = alpha > best ? alpha : best;
        int v = -boot_search(cp[i], co[i], -beta, -a, target, 0);
        if (v > best) {
            best = v;
            if (v >= beta) break;
        }
    }
    return best;
}

static void label_exact(int ne, rvs_ctx *c) {
    tr_set *s = &by_ne[ne];
    for (size_t i = 0; i < s->n; i++) {
        int best;
        int guess = ne >= 8 ? rv_eval_with((const int16_t (*)[RV_EVAL_NW])W, s->v[i].P, s->v[i].O) / RV_EVAL_SCALE : 0;
        guess &= ~1;   /* scores are even on 8x8 */
        s->v[i].y = (float)rvs_solve(c, s->v[i].P, s->v[i].O, guess, &best);
    }
}

static void label_boot(int ne, int depth) {
    tr_set *s = &by_ne[ne];
    int target = ne - depth < 0 ? 0 : ne - depth;
    for (size_t i = 0; i < s->n; i++)
        s->v[i].y = (float)boot_search(s->v[i].P, s->v[i].O, -1000000, 1000000, target, 0) / RV_EVAL_SCALE;
}

/* ---- 3. fitting ---- */

/* canon[i]: the shared (canonical) weight slot of full index i. */
static int32_t canon[RV_EVAL_NW];
static int ncanon;

/* Gather of family f's base pattern from board b (f < RV_EF_MOBP). */
static unsigned fam_gather(int f, uint64_t b) {
    switch (f) {
    case RV_EF_E2X: return RV_G_E2X(b);
    case RV_EF_HV2: return RV_G_ROW(b, 1);
    case RV_EF_HV3: return RV_G_ROW(b, 2);
    case RV_EF_HV4: return RV_G_ROW(b, 3);
    case RV_EF_C33: return RV_G_C33(b);
    case RV_EF_C25: return RV_G_C25(b);
    case RV_EF_D8: return RV_G_DIAG(b, 0);
    case RV_EF_D7: return RV_G_DIAG(b, 1);
    case RV_EF_D6: return RV_G_DIAG(b, 2);
    case RV_EF_D5: return RV_G_DIAG(b, 3);
    default: return RV_G_DIAG(b, 4);
    }
}

/* The smallest index of the orbit of idx (k base-3 digits) under the np
 * digit permutations perm. */
static int orbit_min(int idx, int k, int perm[][16], int np) {
    int d[16], x = idx, best = idx;
    for (int j = 0; j < k; j++) d[j] = x % 3, x /= 3;
    for (int p = 0; p < np; p++) {
        int e[16], v = 0;
        for (int j = 0; j < k; j++) e[perm[p][j]] = d[j];
        for (int j = k - 1; j >= 0; j--) v = v * 3 + e[j];
        if (v < best) best = v;
    }
    return best;
}

static void build_canon(void) {
    static const int off[RV_EF_MOBP + 1] = {RV_EO_E2X, RV_EO_HV2, RV_EO_HV3, RV_EO_HV4, RV_EO_C33, RV_EO_C25,
                                            RV_EO_D8, RV_EO_D7, RV_EO_D6, RV_EO_D5, RV_EO_D4, RV_EO_MOBP};
    for (int i = 0; i < RV_EVAL_NW; i++) canon[i] = -1;
    for (int f = 0; f < RV_EF_MOBP; f++) {
        int cell[16], k = 0;
        for (int sq = 0; sq < 64; sq++) {
            unsigned g = fam_gather(f, 1ull << sq);
            if (g) cell[__builtin_ctz(g)] = sq, k++;
        }
        /* the symmetries fixing the base pattern, as digit permutations */
        int perm[8][16], np = 0;
        for (int s = 0; s < 8; s++) {
            int ok = 1;
            for (int j = 0; j < k && ok; j++) {
                unsigned g = fam_gather(f, rv_sym(1ull << cell[j], s));
                if (!g) ok = 0;
                else perm[np][j] = __builtin_ctz(g);
            }
            if (ok) np++;
        }
        int size = off[f + 1] - off[f];
        for (int idx = 0; idx < size; idx++)
            if (orbit_min(idx, k, perm, np) == idx) canon[off[f] + idx] = ncanon++;
        for (int idx = 0; idx < size; idx++) canon[off[f] + idx] = canon[off[f] + orbit_min(idx, k, perm, np)];
    }
    for (int i = RV_EO_MOBP; i < RV_EVAL_NW; i++) canon[i] = ncanon++;
}

typedef struct fit_data {
    int32_t *idx;   /* n x RV_EVAL_NF canonical slots */
    float *y;
    size_t n;
} fit_data;

/* Positions of empties [lo, hi] (held-out ones or the others), finished
 * games excluded (the evaluation scores them exactly). */
static fit_data gather(int lo, int hi, int held) {
    fit_data d = {0};
    size_t cap = 0;
    for (int ne = lo; ne <= hi; ne++) cap += by_ne[ne].n;
    d.idx = xrealloc(NULL, (cap ? cap : 1) * RV_EVAL_NF * sizeof *d.idx);
    d.y = xrealloc(NULL, (cap ? cap : 1) * sizeof *d.y);
    for (int ne = lo; ne <= hi; ne++)
        for (size_t i = 0; i < by_ne[ne].n; i++) {
            tr_pos *p = &by_ne[ne].v[i];
            if (p->held != held) continue;
            uint32_t ix[RV_EVAL_NF];
            int mp, mo;
            rv_eval_index(p->P, p->O, ix, &mp, &mo);
            if (!mp && !mo) continue;
            for (int j = 0; j < RV_EVAL_NF; j++) d.idx[d.n * RV_EVAL_NF + j] = canon[ix[j]];
            d.y[d.n++] = p->y;
        }
    return d;
}

/* CGLS: minimise |A w - y|^2 + lambda |w|^2 over the canonical weights. */
static void fit(const fit_data *d, double lambda, int iters, double *w) {
    size_t n = d->n;
    double *r = calloc(n ? n : 1, sizeof *r), *q = calloc(n ? n : 1, sizeof *q);
    double *s = calloc((size_t)ncanon, sizeof *s), *p = calloc((size_t)ncanon, sizeof *p);
    if (!r || !q || !s || !p) { fprintf(stderr, "rv_train: out of memory\n"); exit(2); }
    memset(w, 0, (size_t)ncanon * sizeof *w);
    for (size_t i = 0; i < n; i++) r[i] = d->y[i];
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < RV_EVAL_NF; j++) s[d->idx[i * RV_EVAL_NF + j]] += r[i];
    memcpy(p, s, (size_t)ncanon * sizeof *p);
    double gamma = 0;
    for (int k = 0; k < ncanon; k++) gamma += s[k] * s[k];
    for (int it = 0; it < iters && gamma > 1e-12; it++) {
        double delta = 0;
        for (size_t i = 0; i < n; i++) {
            double v = 0;
            for (int j = 0; j < RV_EVAL_NF; j++) v += p[d->idx[i * RV_EVAL_NF + j]];
            q[i] = v;
            delta += v * v;
        }
        for (int k = 0; k < ncanon; k++) delta += lambda * p[k] * p[k];
        double alpha = gamma / delta;
        for (int k = 0; k < ncanon; k++) w[k] += alpha * p[k];
        for (size_t i = 0; i < n; i++) r[i] -= alpha * q[i];
        for (int k = 0; k < ncanon; k++) s[k] = -lambda * w[k];
        for (size_t i = 0; i < n; i++)
            for (int j = 0; j < RV_EVAL_NF; j++) s[d->idx[i * RV_EVAL_NF + j]] += r[i];
        double g2 = 0;
        for (int k = 0; k < ncanon; k++) g2 += s[k] * s[k];
        double beta = g2 / gamma;
        gamma = g2;
        for (int k = 0; k < ncanon; k++) p[k] = s[k] + beta * p[k];
    }
    free(r); free(q); free(s); free(p);
}

static int16_t round_w(double x) {
    double v = floor(x * RV_EVAL_SCALE + 0.5);
    return (int16_t)(v > 32767 ? 32767 : v < -32767 ? -32767 : v);
}

/* RMSE (discs) on d of the canonical weights w, rounded and clamped as
 * the evaluation does; *sign: the share of positions with a nonzero label
 * whose sign the evaluation gets right. */
static double rmse(const fit_data *d, const double *w, double *sign) {
    double e2 = 0;
    size_t agree = 0, nz = 0;
    for (size_t i = 0; i < d->n; i++) {
        int v = 0;
        for (int j = 0; j < RV_EVAL_NF; j++) v += round_w(w[d->idx[i * RV_EVAL_NF + j]]);
        v = rv_eval_clamp(v);
        double e = (double)v / RV_EVAL_SCALE - d->y[i];
        e2 += e * e;
        if (d->y[i] != 0) {
            nz++;
            agree += (v > 0) == (d->y[i] > 0);
        }
    }
    *sign = nz ? (double)agree / (double)nz : 0;
    return d->n ? sqrt(e2 / (double)d->n) : 0;
}

/* ---- output ---- */

static void write_weights(const char *path, const char *cmd, const char *report) {
    FILE *f = fopen(path, "w");
    if (!f) { perror(path); exit(2); }
    fprintf(f, "/* Generated by tools/rv_train.c - do not edit.  Command:\n *   %s\n", cmd);
    fprintf(f, " * Weights of the Reversi pattern evaluation (layout: reversi_eval.h),\n"
               " * int16 in 1/RV_EVAL_SCALE discs, per stage of 4 empties.\n%s */\n", report);
    fprintf(f, "#include \"ai/reversi_eval.h\"\n\n");
    fprintf(f, "const int16_t rv_eval_weights[RV_EVAL_NSTAGES][RV_EVAL_NW] = {\n");
    for (int st = 0; st < RV_EVAL_NSTAGES; st++) {
        fprintf(f, "{\n");
        int col = 0;
        for (int i = 0; i < RV_EVAL_NW; i++) {
            col += fprintf(f, "%d,", W[st][i]);
            if (col >= 100 || i == RV_EVAL_NW - 1) {
                fputc('\n', f);
                col = 0;
            }
        }
        fprintf(f, "},\n");
    }
    fprintf(f, "};\n");
    if (fclose(f)) { perror(path); exit(2); }
}

static void usage(void) {
    fprintf(stderr, "usage: rv_train [--seed N] [--games N] [--exact E] [--depth D] [--lambda L] [--iters N]\n"
                    "                [--play-depth D] [--play-random R] [--out FILE] [--probe]\n");
    exit(2);
}

int main(int argc, char **argv) {
    uint64_t seed = 1;
    int games = 10000, exact = 16, depth = 4, iters = 200, probe = 0, play_depth = 2, play_random = 10;
    double lambda = 10.0;
    const char *out = "src/ai/reversi_eval_weights.c";
    char cmd[1024] = "";
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {   /* where it goes is not how it was made */
            i++;
            continue;
        }
        if (strlen(cmd) + strlen(argv[i]) + 2 < sizeof cmd) {
            if (i) strcat(cmd, " ");
            strcat(cmd, argv[i]);
        }
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--probe")) { probe = 1; continue; }
        if (i + 1 >= argc) usage();
        const char *v = argv[++i];
        if (!strcmp(a, "--seed")) seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--games")) games = atoi(v);
        else if (!strcmp(a, "--exact")) exact = atoi(v);
        else if (!strcmp(a, "--depth")) depth = atoi(v);
        else if (!strcmp(a, "--iters")) iters = atoi(v);
        else if (!strcmp(a, "--play-depth")) play_depth = atoi(v);
        else if (!strcmp(a, "--play-random")) play_random = atoi(v);
        else if (!strcmp(a, "--lambda")) lambda = atof(v);
        else if (!strcmp(a, "--out")) out = v;
        else usage();
    }
    if (games < 1 || exact < 0 || exact > 30 || depth < 1 || iters < 1 || lambda < 0 || play_depth < 1
        || play_depth > 8 || play_random < 1)
        usage();
    double t0 = gs_now();
    play_games(games, seed, play_depth, play_random);
    size_t total = 0;
    for (int ne = 0; ne <= 60; ne++) total += by_ne[ne].n;
    fprintf(stderr, "self-play: %d games, %zu positions, %.1f s\n", games, total, gs_now() - t0);
    build_canon();
    fprintf(stderr, "%d shared weights per stage (of %d)\n", ncanon, RV_EVAL_NW);
    rvs_ctx c;
    if (rvs_init(&c, 8, 20, NULL, 0, 0) != GS_OK) { fprintf(stderr, "rv_train: out of memory\n"); exit(2); }
    if (probe) {   /* time the exact labelling per empties (first 200 positions) */
        for (int ne = 10; ne <= 24; ne += 2) {
            tr_set *s = &by_ne[ne];
            size_t n = s->n < 200 ? s->n : 200;
            double t = gs_now();
            for (size_t i = 0; i < n; i++) {
                int best;
                rvs_solve(&c, s->v[i].P, s->v[i].O, 0, &best);
            }
            fprintf(stderr, "  %2d empties: %.2f ms per exact solve\n", ne, (gs_now() - t) * 1e3 / (double)n);
        }
        rvs_free(&c);
        return 0;
    }
    double *w = xrealloc(NULL, (size_t)ncanon * sizeof *w);
    char report[8192];
    int rl = snprintf(report, sizeof report,
                      " * Held-out RMSE (discs) and sign agreement against the labels, per stage\n"
                      " * (labels: exact at <= %d empties, else a %d-empties search on the later stages):\n",
                      exact, depth);
    for (int st = 0; st < RV_EVAL_NSTAGES; st++) {
        int lo = st * 4, hi = st == RV_EVAL_NSTAGES - 1 ? 60 : lo + 3;
        double t = gs_now();
        for (int ne = lo; ne <= hi; ne++) {
            if (ne <= exact) label_exact(ne, &c);
            else label_boot(ne, depth);
        }
        double tl = gs_now() - t;
        fit_data tr = gather(lo, hi, 0), ho = gather(lo, hi, 1);
        t = gs_now();
        fit(&tr, lambda, iters, w);
        double sg_tr, sg_ho;
        double e_tr = rmse(&tr, w, &sg_tr), e_ho = rmse(&ho, w, &sg_ho);
        for (int i = 0; i < RV_EVAL_NW; i++) W[st][i] = round_w(w[canon[i]]);
        fprintf(stderr, "stage %2d (%2d-%2d empties): %7zu train %6zu held-out, label %.1f s, fit %.1f s, "
                        "RMSE train %.2f held-out %.2f, sign %.3f\n",
                st, lo, hi, tr.n, ho.n, tl, gs_now() - t, e_tr, e_ho, sg_ho);
        if (rl < (int)sizeof report)
            rl += snprintf(report + rl, sizeof report - (size_t)rl,
                           " *   stage %2d (%2d-%2d empties, %s): %6zu train, %5zu held-out, RMSE %5.2f (train %5.2f), "
                           "sign %.3f\n",
                           st, lo, hi, hi <= exact ? "exact" : lo > exact ? "search" : "mixed", tr.n, ho.n, e_ho,
                           e_tr, sg_ho);
        free(tr.idx); free(tr.y); free(ho.idx); free(ho.y);
    }
    rvs_free(&c);
    write_weights(out, cmd, report);
    fprintf(stderr, "wrote %s, total %.1f s\n", out, gs_now() - t0);
    free(w);
    for (int ne = 0; ne <= 60; ne++) free(by_ne[ne].v);
    return 0;
}
