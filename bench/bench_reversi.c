/* Reversi benchmarks (run by hand, one core):
 *   build/bench/bench_reversi [--perft D] [--ffo FIRST-LAST] [--obf FILE] [--size6]
 *                             [--match GAMES [--time SECONDS] [--level A] [--vs B]]
 * Defaults: perft to depth 11 (NODES only, the bulk-counting path; --perft 14
 * for the long runs), then the FFO positions #40-#49 solved exactly with
 * their times and the total.  --size6 solves 6x6 from the start; --match plays
 * level A (default strong) against B (default beginner), e.g. --level strong
 * --vs strong:eval=hand for the trained against the hand-tuned evaluation.
 * Figures go to docs/PERFORMANCE.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gridstone/gridstone.h"
#include "io/obf.h"
#include "games/reversi/rv_internal.h"

static void perft(int depth) {
    gs_game *g;
    gs_error err;
    if (gs_game_new("reversi", &g, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
    gs_state *s = gs_state_new(g);
    printf("perft reversi (8x8 from the start, NODES only):\n");
    for (int d = 1; d <= depth; d++) {
        double t = gs_now();
        clock_t c0 = clock();
        uint64_t n = gs_perft(s, d, NULL);
        double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
        t = gs_now() - t;
        printf("  depth %2d  %15llu nodes  %8.3f s (cpu %.3f s)  %7.1f M nodes/s of cpu\n", d, (unsigned long long)n,
               t, cpu, cpu > 0 ? (double)n / cpu / 1e6 : 0.0);
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
    double total = 0, tcpu = 0;
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
        clock_t c0 = clock();
        if (gs_solve(s, &o, &r, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
        double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
        char mv[16];
        gs_state_format_move(s, r.best, mv, sizeof mv);
        int empties = 0, ok = 0;
        for (int i = 0; i < 64; i++) empties += !pos.cells[i];
        /* the first pair is a best move with the exact score; ties follow */
        for (int k = 0; k < pos.neval; k++) ok |= pos.eval[k].move == r.best && pos.eval[k].score == r.score;
        ok &= r.score == pos.eval[0].score;
        printf("  #%d  %2d empties  score %+3d  move %-3s  %12llu nodes  %8.2f s (cpu %.2f s)  %s\n", num,
               empties, r.score, mv, (unsigned long long)r.nodes, r.seconds, cpu, ok ? "ok" : "WRONG");
        tcpu += cpu;
        fflush(stdout);
        total += r.seconds;
        tnodes += r.nodes;
    }
    printf("  total %.2f s (cpu %.2f s), %llu nodes (%.1f M nodes/s of cpu)\n", total, tcpu,
           (unsigned long long)tnodes, tcpu > 0 ? (double)tnodes / tcpu / 1e6 : 0.0);
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
           gs_state_format_move(s, r.best, mv, sizeof mv), (unsigned long long)r.nodes, r.seconds);
    gs_state_free(s);
    gs_game_free(g);
}

/* `lv_a` (default strong) against `lv_b` (default beginner), colours
 * alternating, a different seed each game; the first 8 plies of each pair
 * of games are random (the same for both colour assignments) so the games
 * differ. */
static void match(int games, double secs, const char *lv_a, const char *lv_b) {
    gs_game *g;
    gs_error err;
    if (gs_game_new("reversi", &g, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
    int won = 0, lost = 0, passes_with_moves = 0, disc_sum = 0;
    printf("match: %s against %s at %.2f s/move, %d games\n", lv_a, lv_b, secs, games);
    for (int i = 0; i < games; i++) {
        gs_state *s = gs_state_new(g);
        int a_colour = i % 2 ? GS_WHITE : GS_BLACK;
        gs_move mv[GS_MAX_CELLS + 1], m;
        gs_rng rng;
        gs_rng_seed(&rng, 1000003u * (uint64_t)(i / 2) + 17);
        for (int k = 0; k < 8 && !gs_is_over(s); k++) {   /* the pair's random opening */
            int n = gs_legal_moves(s, mv);
            gs_play(s, mv[gs_rng_below(&rng, (uint32_t)n)]);
        }
        while (!gs_is_over(s)) {
            gs_ai_opts o = {0};
            o.seed = 7919u * (uint64_t)i + (uint64_t)s->nhist;
            o.time_limit = secs;
            const char *lv = s->to_move == a_colour ? lv_a : lv_b;
            if (gs_ai_move(s, lv, &o, &m, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(2); }
            int n = gs_legal_moves(s, mv);
            if (m == GS_PASS && !(n == 1 && mv[0] == GS_PASS)) passes_with_moves++;
            if (gs_play(s, m) != GS_OK) { fprintf(stderr, "illegal AI move\n"); exit(2); }
        }
        gs_result r;
        gs_result_get(s, &r);
        char rs[32];
        int b, w, e;
        rv_count(s, &b, &w, &e);
        disc_sum += a_colour == GS_BLACK ? b - w : w - b;
        won += r.winner == a_colour;
        lost += r.winner == GS_OTHER(a_colour);
        printf("  game %2d  %s plays %s  result %s  %s\n", i + 1, lv_a, a_colour == GS_BLACK ? "black" : "white",
               gs_result_string(&r, rs, sizeof rs), r.winner == a_colour ? "won" : r.winner ? "lost" : "draw");
        fflush(stdout);
        gs_state_free(s);
    }
    printf("  %s: %d won, %d lost, %d drawn of %d (mean disc difference %+.1f); passes with a move available: %d\n",
           lv_a, won, lost, games - won - lost, games, games ? (double)disc_sum / games : 0.0, passes_with_moves);
    gs_game_free(g);
}

int main(int argc, char **argv) {
    int depth = 11, first = 40, last = 49, do6 = 0, only = 0, games = 0;
    double secs = 0.5;
    const char *lv_a = "strong", *lv_b = "beginner";
    const char *obf = "tests/data/reversi/ffo-40-59.obf";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--perft") && i + 1 < argc) { depth = atoi(argv[++i]); only |= 1; }
        else if (!strcmp(argv[i], "--ffo") && i + 1 < argc) {
            if (sscanf(argv[++i], "%d-%d", &first, &last) != 2) last = first;
            only |= 2;
        } else if (!strcmp(argv[i], "--obf") && i + 1 < argc) obf = argv[++i];
        else if (!strcmp(argv[i], "--size6")) { do6 = 1; only |= 4; }
        else if (!strcmp(argv[i], "--match") && i + 1 < argc) { games = atoi(argv[++i]); only |= 8; }
        else if (!strcmp(argv[i], "--time") && i + 1 < argc) secs = atof(argv[++i]);
        else if (!strcmp(argv[i], "--level") && i + 1 < argc) lv_a = argv[++i];
        else if (!strcmp(argv[i], "--vs") && i + 1 < argc) lv_b = argv[++i];
        else { fprintf(stderr, "usage: %s [--perft D] [--ffo A-B] [--obf FILE] [--size6] [--match N [--time S] [--level A] [--vs B]]\n", argv[0]); return 2; }
    }
    if (!only) only = 3;
    if (only & 1) perft(depth);
    if (only & 2) ffo(obf, first, last);
    if (do6) size6();
    if (games > 0) match(games, secs, lv_a, lv_b);
    return 0;
}
