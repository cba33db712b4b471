/* Connect Four solver benchmark and cross-check input.
 *
 *   bench_c4 gen N SEED MIN MAX   print N random 7x6 move sequences (columns
 *                                 1-7) with MIN..MAX stones, no line complete
 *                                 and no immediate win skipped, one a line
 *   bench_c4 solve [--weak] [--no-book] [--tt-bits B]   read sequences on stdin, print
 *                                 "seq value nodes wall-seconds cpu-seconds" per
 *                                 line, then a summary on stderr (the machine is
 *                                 shared: CPU time is the figure to compare)
 *
 *   bench_c4 moves                read canonical keys (hex, as in the part files
 *                                 of tools/c4_book.c, "key value" lines) on
 *                                 stdin, print a move sequence of each key's
 *                                 position, then the value
 *
 * The sequence format is the one of Pascal Pons' solver (github
 * PascalPons/connect4), so both read the same file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ai/mnk_c4.h"

static int gen(long n, uint64_t seed, int lo, int hi) {
    c4_ctx c;
    gs_rng rng;
    if (c4_ctx_init(&c, 7, 6, 4, 10, 0, NULL) != GS_OK) return 1;
    gs_rng_seed(&rng, seed);
    for (long i = 0; i < n;) {
        int len = lo + (int)gs_rng_below(&rng, (uint32_t)(hi - lo + 1));
        c4_pos p = {0, 0, 0};
        char buf[64];
        int ok = 1;
        for (int j = 0; j < len && ok; j++) {
            int cols[7], nc = 0;
            for (int x = 0; x < 7; x++)
                if (c4_can_play(&c, &p, x) && !c4_is_winning_move(&c, &p, x)) cols[nc++] = x;
            if (!nc) ok = 0;
            else {
                int x = cols[gs_rng_below(&rng, (uint32_t)nc)];
                c4_play_col(&c, &p, x);
                buf[j] = (char)('1' + x);
            }
        }
        if (!ok) continue;
        buf[len] = 0;
        printf("%s\n", buf);
        i++;
    }
    c4_ctx_free(&c);
    return 0;
}

static int solve(int weak, int book, int bits) {
    c4_ctx c;
    if (c4_ctx_init(&c, 7, 6, 4, bits, book, NULL) != GS_OK) return 1;
    char line[256];
    double total = 0, worst = 0;
    long n = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        c4_pos p = {0, 0, 0};
        int bad = 0;
        for (char *s = line; *s && !bad; s++) {
            int x = *s - '1';
            if (!c4_can_play(&c, &p, x) || c4_is_winning_move(&c, &p, x)) bad = 1;
            else c4_play_col(&c, &p, x);
        }
        if (bad) {
            fprintf(stderr, "bench_c4: bad sequence '%s'\n", line);
            return 1;
        }
        c4_ctx_clear(&c);
        c.bud.nodes = 0;
        double t0 = gs_now();
        clock_t k0 = clock();
        int v = c4_solve(&c, &p, weak);
        double t = gs_now() - t0, cpu = (double)(clock() - k0) / CLOCKS_PER_SEC;
        printf("%s %d %llu %.6f %.6f\n", line, v, (unsigned long long)c.bud.nodes, t, cpu);
        fflush(stdout);
        total += cpu;
        if (cpu > worst) worst = cpu;
        n++;
    }
    fprintf(stderr, "bench_c4: %ld positions, CPU %.3f s total, mean %.4f s, max %.4f s\n", n, total,
            n ? total / (double)n : 0.0, worst);
    c4_ctx_free(&c);
    return 0;
}

/* Stones cur (side to move) and mask back to a legal move order: the
 * last mover's top stones are taken off one at a time (depth first). */
static int unplay(uint64_t cur, uint64_t mask, int n, char *out) {
    if (n == 0) return 1;
    uint64_t last = cur ^ mask;   /* the stones of the side that moved last */
    for (int x = 0; x < 7; x++) {
        uint64_t col = mask & (0x3Full << (7 * x));
        if (!col) continue;
        uint64_t top = 1ull << (63 - __builtin_clzll(col));
        if (!(last & top)) continue;
        out[n - 1] = (char)('1' + x);
        if (unplay(last ^ top, mask ^ top, n - 1, out)) return 1;
    }
    return 0;
}

static int moves(void) {
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        unsigned long long key;
        int v, n = 0;
        if (sscanf(line, "%llx %d", &key, &v) != 2) continue;
        uint64_t cur = 0, mask = 0;
        for (int x = 0; x < 7; x++) {
            uint64_t kc = (key >> (7 * x)) & 0x7F;
            int h = 0;
            while ((1ull << (h + 1)) - 1 <= kc) h++;   /* kc = own + 2^h - 1 */
            mask |= ((1ull << h) - 1) << (7 * x);
            cur |= (kc - ((1ull << h) - 1)) << (7 * x);
            n += h;
        }
        char buf[64];
        buf[n] = 0;
        if (!unplay(cur, mask, n, buf)) {
            fprintf(stderr, "bench_c4: no move order for %llx\n", key);
            return 1;
        }
        printf("%s %d\n", buf, v);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "moves")) return moves();
    if (argc == 6 && !strcmp(argv[1], "gen"))
        return gen(atol(argv[2]), strtoull(argv[3], NULL, 10), atoi(argv[4]), atoi(argv[5]));
    if (argc >= 2 && !strcmp(argv[1], "solve")) {
        int weak = 0, book = 1, bits = 22;
        for (int i = 2; i < argc; i++) {
            if (!strcmp(argv[i], "--weak")) weak = 1;
            else if (!strcmp(argv[i], "--tt-bits") && i + 1 < argc) bits = atoi(argv[++i]);
            else if (!strcmp(argv[i], "--no-book")) book = 0;
            else goto usage;
        }
        return solve(weak, book, bits);
    }
usage:
    fprintf(stderr, "usage: bench_c4 gen N SEED MIN MAX | bench_c4 solve [--weak] [--no-book] [--tt-bits B] | bench_c4 moves\n");
    return 2;
}
