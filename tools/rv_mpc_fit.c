/* Measures the error model of the Reversi player's midgame ProbCut
 * (reversi_ai.h, RVS_MPC_SHALLOW) and writes it as src/ai/reversi_mpc.c:
 *
 *   make fit-reversi-mpc        (= build/rv_mpc_fit --out src/ai/reversi_mpc.c)
 *   build/rv_mpc_fit [--seed N] [--games N] [--per N] [--depth D] [--out FILE]
 *
 * 1. Self-play (rv_selfplay.h): --games games (default 400), each from a
 *    random opening of 0..16 random plies, then the midgame search (depth
 *    2, the trained evaluation) with 10% random moves: the positions the
 *    player meets.
 *    Of the distinct positions with a move, at most --per (default 40)
 *    per stage (4 empties a stage, as the table is indexed) are kept,
 *    spread evenly over the stage's positions in the order of their
 *    bitboards (a repeated opening position counts once).
 * 2. Each kept position is searched at every depth 1..D (default 10; the
 *    player's own midgame search, no exact search below, a fresh table
 *    per position), giving v(d).
 * 3. For each stage and each depth d >= RVS_MPC_MIN, the differences
 *    v(d) - v(RVS_MPC_SHALLOW(d)) over the stage's positions with more
 *    than d empties: their mean (rv_mpc_mean: the deep search expects
 *    the shallow value plus it) and their standard deviation about it
 *    (rv_mpc_sigma).  A cell with fewer than 20 positions stays 0 (no cut
 *    there).
 *
 * One core, deterministic for a given seed and options (no clock or
 * thread dependence: the searches run without limits). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai/reversi_ai.h"
#include "gridstone/util.h"
#include "rv_selfplay.h"

#define MAXD 16
#define MIN_CELL 20

typedef struct fit_pos { uint64_t P, O; int ne; } fit_pos;

static int pos_cmp(const void *a, const void *b) {
    const fit_pos *x = a, *y = b;
    if (x->ne != y->ne) return x->ne < y->ne ? -1 : 1;
    if (x->P != y->P) return x->P < y->P ? -1 : 1;
    return x->O < y->O ? -1 : x->O > y->O;
}

static void *xrealloc(void *p, size_t n) {
    void *q = realloc(p, n);
    if (!q) { fprintf(stderr, "rv_mpc_fit: out of memory\n"); exit(2); }
    return q;
}

typedef struct fit_set { fit_pos *v; size_t n, cap; } fit_set;

/* A position with a move for the side to move. */
static void keep_pos(void *ud, int game, uint64_t P, uint64_t O) {
    fit_set *s = ud;
    (void)game;
    if (!rv_moves(P, O)) return;
    if (s->n == s->cap) s->v = xrealloc(s->v, (s->cap = s->cap ? 2 * s->cap : 4096) * sizeof *s->v);
    s->v[s->n++] = (fit_pos){P, O, 64 - rv_popcount(P | O)};
}

/* Every position of the self-play games with a move (the trained
 * evaluation playing, no exact search). */
static fit_pos *play_games(int ngames, uint64_t seed, size_t *count) {
    gs_rng rng;
    gs_rng_seed(&rng, seed);
    rvs_ctx c;
    if (rvs_init(&c, 8, 16, NULL, 0, 0) != GS_OK) { fprintf(stderr, "rv_mpc_fit: out of memory\n"); exit(2); }
    fit_set s = {NULL, 0, 0};
    rv_selfplay(&c, &rng, ngames, 2, 10, 0, keep_pos, &s);
    rvs_free(&c);
    *count = s.n;
    return s.v;
}

static double sum[RV_MPC_STAGES][MAXD + 1], sum2[RV_MPC_STAGES][MAXD + 1];
static int cnt[RV_MPC_STAGES][MAXD + 1];
static double mean_of(int st, int d) { return sum[st][d] / cnt[st][d]; }
static double sd_of(int st, int d) {
    double m = mean_of(st, d), var = sum2[st][d] / cnt[st][d] - m * m;
    return var > 0 ? sqrt(var) : 0;
}

static int usage(void) {
    fprintf(stderr, "usage: rv_mpc_fit [--seed N] [--games N] [--per N] [--depth D] [--out FILE]\n");
    return 2;
}

int main(int argc, char **argv) {
    uint64_t seed = 1;
    int games = 400, per = 40, depth = 10;
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) return usage();
        if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--games")) games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--per")) per = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--depth")) depth = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--out")) out = argv[++i];
        else return usage();
    }
    if (games < 1 || per < 1 || depth < RVS_MPC_MIN || depth > RV_MPC_MAXD || depth > MAXD) return usage();
    size_t npos;
    fit_pos *all = play_games(games, seed, &npos);
    qsort(all, npos, sizeof *all, pos_cmp);
    size_t nd = 0;
    for (size_t i = 0; i < npos; i++)
        if (!nd || pos_cmp(&all[nd - 1], &all[i])) all[nd++] = all[i];
    size_t ngame_pos = npos;
    npos = nd;
    /* per stage: every k-th of its positions, k chosen so about `per` remain */
    size_t in_stage[RV_MPC_STAGES] = {0}, seen[RV_MPC_STAGES] = {0};
    for (size_t i = 0; i < npos; i++) in_stage[all[i].ne / 4]++;
    int kept[RV_MPC_STAGES] = {0};
    uint64_t nodes = 0;
    for (size_t i = 0; i < npos; i++) {
        int st = all[i].ne / 4;
        size_t step = in_stage[st] > (size_t)per ? in_stage[st] / (size_t)per : 1;
        if (seen[st]++ % step || kept[st] >= per) continue;
        kept[st]++;
        uint64_t P = all[i].P, O = all[i].O;
        int ne = all[i].ne, list[64], k = 0, best, v[MAXD + 1];
        for (uint64_t x = rv_moves(P, O); x; x &= x - 1) list[k++] = rv_lsb(x);
        rvs_ctx c;
        if (rvs_init(&c, 8, 18, NULL, 0, 0) != GS_OK) { fprintf(stderr, "rv_mpc_fit: out of memory\n"); return 2; }
        int dmax = depth < ne ? depth : ne - 1;
        v[0] = rvs_eval(&c, P, O);
        for (int d = 1; d <= dmax; d++) v[d] = rvs_mid(&c, P, O, d, 0, list, k, &best);
        nodes += c.nodes;
        rvs_free(&c);
        for (int d = RVS_MPC_MIN; d <= dmax; d++) {
            double r = (double)(v[d] - v[RVS_MPC_SHALLOW(d)]);
            sum[st][d] += r;
            sum2[st][d] += r * r;
            cnt[st][d]++;
        }
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) { perror(out); return 2; }
    fprintf(f, "/* Generated by tools/rv_mpc_fit.c (make fit-reversi-mpc): do not edit.\n"
               " *   rv_mpc_fit --seed %llu --games %d --per %d --depth %d\n"
               " * %zu self-play positions (%zu distinct), %llu search nodes.  The\n"
               " * midgame ProbCut's error model (reversi_ai.h): for stage = empties / 4\n"
               " * and depth d, the mean and the standard deviation of\n"
               " * v(d) - v(RVS_MPC_SHALLOW(d)) in eval units (RVS_WIN_UNIT a disc); 0\n"
               " * where fewer than %d positions were measured.  Per stage: positions,\n"
               " * then for d = %d..%d the mean / sigma in discs.\n",
            (unsigned long long)seed, games, per, depth, ngame_pos, npos, (unsigned long long)nodes, MIN_CELL,
            RVS_MPC_MIN, depth);
    for (int st = 0; st < RV_MPC_STAGES; st++) {
        if (!kept[st]) continue;
        fprintf(f, " *   stage %2d (%2d-%2d empties) %3d:", st, 4 * st, 4 * st + 3, kept[st]);
        for (int d = RVS_MPC_MIN; d <= depth; d++)
            if (cnt[st][d] >= MIN_CELL)
                fprintf(f, " %+.1f/%.1f", mean_of(st, d) / RVS_WIN_UNIT, sd_of(st, d) / RVS_WIN_UNIT);
        fprintf(f, "\n");
    }
    fprintf(f, " */\n#include \"ai/reversi_ai.h\"\n");
    for (int which = 0; which < 2; which++) {
        fprintf(f, "\nconst int16_t rv_mpc_%s[RV_MPC_STAGES][RV_MPC_MAXD + 1] = {\n", which ? "sigma" : "mean");
        for (int st = 0; st < RV_MPC_STAGES; st++) {
            fprintf(f, "    {");
            for (int d = 0; d <= RV_MPC_MAXD; d++) {
                double r = 0;
                if (d >= RVS_MPC_MIN && d <= depth && cnt[st][d] >= MIN_CELL) r = which ? sd_of(st, d) : mean_of(st, d);
                if (r > 32767) r = 32767;
                if (r < -32767) r = -32767;
                fprintf(f, "%s%d", d ? ", " : "", (int)lround(r));
            }
            fprintf(f, "},\n");
        }
        fprintf(f, "};\n");
    }
    if (out) fclose(f);
    free(all);
    return 0;
}
