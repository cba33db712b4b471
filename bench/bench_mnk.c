/* m,n,k benchmarks (run by hand, one core):
 *   build/bench/bench_mnk [--no-es] [--perft-only] [--solve-only]
 * Solves (3,3,3), (4,4,4), (5,5,5), (6,5,4) and the other rows of
 * testdata/mnk/values.csv from the empty board (plus two gravity boards),
 * printing value, nodes, wall and CPU seconds; --no-es also solves each
 * without the Erdos-Selfridge bound (the rest of the search alone).  Then
 * perft speed on tic-tac-toe, 4x4 and Connect Four.  Figures go to
 * docs/PERFORMANCE.md ("m,n,k"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gridstone/gridstone.h"
#include "ai/mnk_solver.h"

static const char *value_name(int v) { return v > 0 ? "win" : v < 0 ? "loss" : "draw"; }

static void solve_one(int m, int n, int k, int gravity, unsigned flags, const char *want) {
    uint8_t cells[GS_MAX_CELLS] = {0};
    mnk_pos p = {m, n, k, gravity, cells, GS_BLACK};
    mnk_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.time_limit = 600;
    lim.flags = flags;
    mnk_solution s;
    clock_t c0 = clock();
    if (mnk_solve(&p, &lim, &s) != GS_OK) { fprintf(stderr, "out of memory\n"); exit(2); }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("  (%d,%d,%d)%s%-9s %-5s %12llu nodes  %8.3f s (cpu %.3f s)%s%s%s\n", m, n, k, gravity ? " gravity" : "",
           flags & MNK_NO_ES ? " no-ES" : "", value_name(s.value), (unsigned long long)s.nodes, s.seconds, cpu,
           s.complete ? "" : "  INCOMPLETE", want && strcmp(want, value_name(s.value)) ? "  MISMATCH, expected " : "",
           want && strcmp(want, value_name(s.value)) ? want : "");
    fflush(stdout);
}

static void solves(int no_es) {
    char path[512], line[128];
    static const int first[][3] = {{3, 3, 3}, {4, 4, 4}, {5, 5, 5}, {6, 5, 4}};
    printf("solve from the empty board (first player's value):\n");
    for (int i = 0; i < 4; i++) {
        solve_one(first[i][0], first[i][1], first[i][2], 0, 0, NULL);
        if (no_es) solve_one(first[i][0], first[i][1], first[i][2], 0, MNK_NO_ES, NULL);
    }
    const char *td = getenv("GS_TESTDATA") ? getenv("GS_TESTDATA") : "tests/data";
    snprintf(path, sizeof path, "%s/mnk/values.csv", td);
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); exit(2); }
    printf("values.csv (m columns, n rows, k):\n");
    while (fgets(line, sizeof line, f)) {
        int m, n, k;
        char val[16];
        if (sscanf(line, "%d,%d,%d,%15s", &m, &n, &k, val) != 4) continue;
        solve_one(m, n, k, 0, 0, val);
        if (no_es) solve_one(m, n, k, 0, MNK_NO_ES, val);
    }
    fclose(f);
    printf("gravity:\n");
    solve_one(4, 4, 4, 1, 0, NULL);
    solve_one(5, 4, 4, 1, 0, NULL);
}

static void perft(const char *spec, int depth, int reps) {
    gs_game *g;
    gs_error err;
    if (gs_game_new(spec, &g, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
    gs_state *s = gs_state_new(g);
    uint64_t n = 0, e = 0;
    clock_t c0 = clock();
    double t = gs_now();
    for (int r = 0; r < reps; r++) n = gs_perft(s, depth, &e);
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    t = gs_now() - t;
    printf("  %-10s depth %d  %10llu nodes %8llu ended  x%d: %.3f s (cpu %.3f s)  %6.1f M nodes/s of cpu\n", spec,
           depth, (unsigned long long)n, (unsigned long long)e, reps, t, cpu,
           cpu > 0 ? (double)n * reps / cpu / 1e6 : 0.0);
    gs_state_free(s);
    gs_game_free(g);
}

int main(int argc, char **argv) {
    int no_es = 0, do_perft = 1, do_solve = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--no-es")) no_es = 1;
        else if (!strcmp(argv[i], "--perft-only")) do_solve = 0;
        else if (!strcmp(argv[i], "--solve-only")) do_perft = 0;
        else { fprintf(stderr, "usage: bench_mnk [--no-es] [--perft-only] [--solve-only]\n"); return 2; }
    }
    if (do_solve) solves(no_es);
    if (do_perft) {
        printf("perft (fast path; a finished game stays a leaf):\n");
        perft("tictactoe", 9, 20);
        perft("mnk:m=4,n=4,k=4", 7, 1);
        perft("connect4", 8, 1);
    }
    return 0;
}
