/* Reversi trained evaluation against the old hand-tuned one (run by hand,
 * one core):
 *   build/bench/bench_reversi_eval [--seed N] [--n N] [--max-empties E]
 * 1. Speed: ns per call of rv_eval_pattern and of rvs_eval over 200000
 *    positions from random games (each call on a different position).
 * 2. Accuracy against the exact solver on fresh positions (a seed the
 *    trainer does not use; openings of 4-12 random plies, then the old
 *    depth-3 search with 1 move in 8 random) at 14, 16, ..., E empties
 *    (default 20), N per empties count (default 40; halved above 18):
 *    sign agreement with the exact score (non-zero scores), Spearman rank
 *    correlation, RMSE in discs (the old evaluation after the best
 *    least-squares scale), and the best-move rate: how often the move
 *    whose resulting position evaluates worst for the opponent is an
 *    exactly best move (what move ordering needs). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai/reversi_ai.h"
#include "ai/reversi_eval.h"
#include "gridstone/util.h"

#define MAXN 400

static uint64_t rnd_pos_p[200000], rnd_pos_o[200000];

/* A game position with `target` empties, or 0 if the game ended sooner. */
static int game_to(rvs_ctx *c, gs_rng *rng, int target, uint64_t *Pout, uint64_t *Oout) {
    uint64_t P = (1ull << 28) | (1ull << 35), O = (1ull << 27) | (1ull << 36);
    int opening = 4 + (int)gs_rng_below(rng, 9);
    for (int ply = 0;; ply++) {
        int ne = 64 - rv_popcount(P | O);
        uint64_t m = rv_moves(P, O);
        if (ne == target && m) {
            *Pout = P;
            *Oout = O;
            return 1;
        }
        if (!m) {
            if (!rv_moves(O, P)) return 0;
            uint64_t t = P; P = O; O = t;
            continue;
        }
        int mv[64], n = 0, sq;
        while (m) { mv[n++] = rv_lsb(m); m &= m - 1; }
        if (ply < opening || gs_rng_below(rng, 8) == 0) sq = mv[gs_rng_below(rng, (uint32_t)n)];
        else rvs_mid(c, P, O, 3, 0, mv, n, &sq);
        uint64_t f = rv_flips(sq, P, O), t = P ^ f ^ (1ull << sq);
        P = O ^ f;
        O = t;
    }
}

static void ranks(const double *x, int n, double *r) {
    for (int i = 0; i < n; i++) {
        int less = 0, eq = 0;
        for (int j = 0; j < n; j++) less += x[j] < x[i], eq += x[j] == x[i];
        r[i] = less + (eq - 1) / 2.0;
    }
}

static double spearman(const double *x, const double *y, int n) {
    double rx[MAXN], ry[MAXN], mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;
    ranks(x, n, rx);
    ranks(y, n, ry);
    for (int i = 0; i < n; i++) mx += rx[i], my += ry[i];
    mx /= n;
    my /= n;
    for (int i = 0; i < n; i++) {
        sxy += (rx[i] - mx) * (ry[i] - my);
        sxx += (rx[i] - mx) * (rx[i] - mx);
        syy += (ry[i] - my) * (ry[i] - my);
    }
    return sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : 0;
}

static int sign_rate(const double *v, const double *y, int n, int *nz) {
    int a = 0;
    *nz = 0;
    for (int i = 0; i < n; i++)
        if (y[i] != 0) (*nz)++, a += (v[i] > 0) == (y[i] > 0);
    return a;
}

/* 1 if the move minimising eval(child) has the exact best score. */
static int best_move_hit(rvs_ctx *c, uint64_t P, uint64_t O, int exact, int old) {
    int bestsq = -1;
    double bestv = 1e18;
    for (uint64_t m = rv_moves(P, O); m; m &= m - 1) {
        int sq = rv_lsb(m);
        uint64_t f = rv_flips(sq, P, O), np = O ^ f, no = P ^ f ^ (1ull << sq);
        double v = old ? rvs_eval(c, np, no) : rv_eval_pattern(np, no);
        if (v < bestv) bestv = v, bestsq = sq;
    }
    uint64_t f = rv_flips(bestsq, P, O), np = O ^ f, no = P ^ f ^ (1ull << bestsq);
    int dummy;
    return -rvs_solve(c, np, no, -exact, &dummy) == exact;
}

int main(int argc, char **argv) {
    uint64_t seed = 20261122;
    int nper = 40, maxe = 20;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--n")) nper = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--max-empties")) maxe = atoi(argv[i + 1]);
        else { fprintf(stderr, "usage: bench_reversi_eval [--seed N] [--n N] [--max-empties E]\n"); return 2; }
    }
    if (nper < 2 || nper > MAXN) nper = 40;
    rvs_ctx c;
    if (rvs_init(&c, 8, 20, NULL, 0, 0) != GS_OK) return 2;
    c.pattern = 0;   /* rvs_eval (and the game generator's search): the hand-tuned evaluation */
    gs_rng rng;
    gs_rng_seed(&rng, seed);

    /* 1. speed */
    int np = 0;
    while (np < 200000) {
        uint64_t P = (1ull << 28) | (1ull << 35), O = (1ull << 27) | (1ull << 36);
        for (int pass = 0; pass < 2 && np < 200000;) {
            uint64_t m = rv_moves(P, O);
            if (!m) { pass++; uint64_t t = P; P = O; O = t; continue; }
            pass = 0;
            rnd_pos_p[np] = P;
            rnd_pos_o[np++] = O;
            int k = (int)gs_rng_below(&rng, (uint32_t)rv_popcount(m));
            while (k--) m &= m - 1;
            int sq = rv_lsb(m);
            uint64_t f = rv_flips(sq, P, O), t = P ^ f ^ (1ull << sq);
            P = O ^ f;
            O = t;
        }
    }
    for (int round = 0; round < 2; round++) {
        long long sum = 0;
        double t = gs_now();
        for (int r = 0; r < 10; r++)
            for (int i = 0; i < np; i++) sum += rv_eval_pattern(rnd_pos_p[i], rnd_pos_o[i]);
        double tn = (gs_now() - t) / (10.0 * np) * 1e9;
        t = gs_now();
        for (int r = 0; r < 10; r++)
            for (int i = 0; i < np; i++) sum += rvs_eval(&c, rnd_pos_p[i], rnd_pos_o[i]);
        double to = (gs_now() - t) / (10.0 * np) * 1e9;
        if (round) printf("speed (%d positions x 10): rv_eval_pattern %.1f ns/call, old rvs_eval %.1f ns/call (checksum %lld)\n",
                          np, tn, to, sum);
    }

    /* 2. accuracy against the exact solver */
    printf("accuracy against the exact score (fresh positions, seed %llu):\n", (unsigned long long)seed);
    printf("  empties    n | sign new  old | spearman new  old | RMSE new  old(scaled) | best move new  old | solve s\n");
    for (int e = 14; e <= maxe; e += 2) {
        int n = e > 18 ? nper / 2 : nper, k = 0, hit_new = 0, hit_old = 0;
        static double y[MAXN], vn[MAXN], vo[MAXN];
        double t = gs_now();
        while (k < n) {
            uint64_t P, O;
            if (!game_to(&c, &rng, e, &P, &O)) continue;
            int best;
            int ex = rvs_solve(&c, P, O, 0, &best);
            y[k] = ex;
            vn[k] = (double)rv_eval_pattern(P, O) / RV_EVAL_SCALE;
            vo[k] = rvs_eval(&c, P, O);
            hit_new += best_move_hit(&c, P, O, ex, 0);
            hit_old += best_move_hit(&c, P, O, ex, 1);
            k++;
        }
        t = gs_now() - t;
        int nz, sn = sign_rate(vn, y, n, &nz), so = sign_rate(vo, y, n, &nz);
        double sxy = 0, sxx = 0, en = 0, eo = 0;
        for (int i = 0; i < n; i++) sxy += vo[i] * y[i], sxx += vo[i] * vo[i];
        double a = sxx > 0 ? sxy / sxx : 0;
        for (int i = 0; i < n; i++) {
            en += (vn[i] - y[i]) * (vn[i] - y[i]);
            eo += (a * vo[i] - y[i]) * (a * vo[i] - y[i]);
        }
        printf("  %7d %4d | %8.3f %5.3f | %12.3f %5.3f | %8.2f %5.2f      | %13.3f %5.3f | %.1f\n", e, n,
               nz ? (double)sn / nz : 0, nz ? (double)so / nz : 0, spearman(vn, y, n), spearman(vo, y, n),
               sqrt(en / n), sqrt(eo / n), (double)hit_new / n, (double)hit_old / n, t);
        fflush(stdout);
    }
    rvs_free(&c);
    return 0;
}
