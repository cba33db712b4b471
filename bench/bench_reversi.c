/* Reversi benchmarks (run by hand, one core):
 *   build/bench/bench_reversi [--perft D] [--ffo FIRST-LAST] [--obf FILE] [--size6]
 * Defaults: perft to depth 11 (NODES only, the bulk-counting path; --perft 14
 * for the long runs), then the FFO positions #40-#49 solved exactly with
 * their times and the total.  Figures go to docs/PERFORMANCE.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "io/obf.h"

static void perft(int depth) {
    gs_game *g;
    gs_error err;
    if (gs_game_new("reversi", &g, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
    gs_state *s = gs_state_new(g);
    printf("perft reversi (8x8 from the start, NODES only):\n");
    for (int d = 1; d <= depth; d++) {
        double t = gs_now();
        uint64_t n = gs_perft(s, d, NULL);
        t = gs_now() - t;
        printf("  depth %2d  %15llu nodes  %8.3f s  %7.1f M nodes/s\n", d, (unsigned long long)n, t,
               t > 0 ? (double)n / t / 1e6 : 0.0);
        fflush(stdout);
    }
    gs_state_free(s);
    gs_game_free(g);
}

static void ffo(const char *path, int first, int last) {
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); exit(2); }
    gs_game *g;
    gs_error err;
    if (gs_game_new("reversi", &g, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
    gs_state *s = gs_state_new(g);
    char line[1024];
    int num = -1;
    double total = 0;
    uint64_t tnodes = 0;
    printf("FFO endgame positions (exact solve, empties to the winner):\n");
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '%') {
            if (sscanf(line, "%% FFO#%d", &num) != 1) num = -1;
            continue;
        }
        static gs_obf_position pos;
        if (num < first || num > last) continue;
        if (gs_obf_parse_line(line, strcspn(line, "\r\n"), &pos, &err) != GS_OK || pos.neval == 0) {
            fprintf(stderr, "FFO #%d: %s\n", num, err.msg);
            exit(2);
        }
        if (gs_setup(s, pos.cells, pos.to_move, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
        gs_ai_opts o = {0};
        gs_solve_result r;
        if (gs_solve(s, &o, &r, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
        char mv[16];
        gs_format_move(s, r.best, mv, sizeof mv);
        int empties = 0, ok = 0;
        for (int i = 0; i < 64; i++) empties += !pos.cells[i];
        /* the first pair is a best move with the exact score; ties follow */
        for (int k = 0; k < pos.neval; k++) ok |= pos.eval[k].move == r.best && pos.eval[k].score == r.score;
        ok &= r.score == pos.eval[0].score;
        printf("  #%d  %2d empties  score %+3d  move %-3s  %12llu nodes  %8.2f s  %s\n", num, empties,
               r.score, mv, (unsigned long long)r.nodes, r.seconds, ok ? "ok" : "WRONG");
        fflush(stdout);
        total += r.seconds;
        tnodes += r.nodes;
    }
    printf("  total %.2f s, %llu nodes (%.1f M nodes/s)\n", total, (unsigned long long)tnodes,
           total > 0 ? (double)tnodes / total / 1e6 : 0.0);
    fclose(f);
    gs_state_free(s);
    gs_game_free(g);
}

static void size6(void) {
    gs_game *g;
    gs_error err;
    if (gs_game_new("reversi:size=6", &g, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
    gs_state *s = gs_state_new(g);
    gs_ai_opts o = {0};
    gs_solve_result r;
    if (gs_solve(s, &o, &r, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
    char mv[16];
    printf("reversi:size=6 from the start: score %+d for black (move %s), %llu nodes, %.2f s\n", r.score,
           gs_format_move(s, r.best, mv, sizeof mv), (unsigned long long)r.nodes, r.seconds);
    gs_state_free(s);
    gs_game_free(g);
}

int main(int argc, char **argv) {
    int depth = 11, first = 40, last = 49, do6 = 0, only = 0;
    const char *obf = "../shared/testdata/reversi/ffo-40-59.obf";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--perft") && i + 1 < argc) { depth = atoi(argv[++i]); only |= 1; }
        else if (!strcmp(argv[i], "--ffo") && i + 1 < argc) {
            if (sscanf(argv[++i], "%d-%d", &first, &last) != 2) last = first;
            only |= 2;
        } else if (!strcmp(argv[i], "--obf") && i + 1 < argc) obf = argv[++i];
        else if (!strcmp(argv[i], "--size6")) { do6 = 1; only |= 4; }
        else { fprintf(stderr, "usage: %s [--perft D] [--ffo A-B] [--obf FILE] [--size6]\n", argv[0]); return 2; }
    }
    if (!only) only = 3;
    if (only & 1) perft(depth);
    if (only & 2) ffo(obf, first, last);
    if (do6) size6();
    return 0;
}
