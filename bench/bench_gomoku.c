/* Gomoku benchmarks: forbidden-point checks per second (renju, the 2,000
 * reference positions), alpha-beta nodes per second, VCF solve times.
 * Run by hand: build/bench/bench_gomoku [testdata dir].
 *
 * Tactical suite: build/bench/bench_gomoku --suite FILE [--nodes N]
 * [--time S]: each line of FILE is "RULE MOVES [; win | ; lost MOVE]"
 * (RULE 0 freestyle, 4 renju; MOVES the game so far, space-separated SGF
 * points "hh ih ..." from black; "win": the side to move has a forced win,
 * "lost MOVE": that move loses); prints, per line, the strong player's
 * move for the side to move ("suite LINE MOVE depth D score V nodes N"
 * and ok / FAIL where the line says what to expect), searched within the
 * node limit (default 100000; load-insensitive) or the time limit, then
 * the wins found and the losing moves avoided. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "ai/gomoku_ai.h"

static int load_positions(const char *path, uint8_t (*pos)[225], int max) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    static char line[1 << 16];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        memset(pos[n], 0, 225);
        for (int c = 1; c <= 2; c++) {
            const char *p = strstr(line, c == 1 ? "\"black\": [" : "\"white\": [");
            if (!p) continue;
            p += 10;
            int x, y;
            while (*p && *p != ']') {
                if (*p == '[' && sscanf(p, "[%d, %d]", &x, &y) == 2) { pos[n][y * 15 + x] = (uint8_t)c; p = strchr(p, ']'); }
                if (!p) break;
                p++;
            }
        }
        n++;
    }
    fclose(f);
    return n;
}

static int run_suite(const char *file, uint64_t nodes, double secs) {
    FILE *f = fopen(file, "r");
    if (!f) { fprintf(stderr, "cannot open %s\n", file); return 1; }
    char line[4096];
    int ln = 0;
    uint64_t total = 0;
    int nwin = 0, wins = 0, nlost = 0, avoided = 0;
    double t0 = gs_now();
    while (fgets(line, sizeof line, f)) {
        ln++;
        int rule;
        char *p = line, *expect = strchr(line, ';'), lost[3] = "";
        int want_win = 0;
        if (expect) {
            *expect++ = 0;
            want_win = strstr(expect, "win") != NULL;
            const char *l = strstr(expect, "lost ");
            if (l && sscanf(l + 5, "%2s", lost) != 1) lost[0] = 0;
        }
        if (sscanf(p, "%d", &rule) != 1) continue;
        gs_game *g;
        if (gs_game_new(rule == 4 ? "renju" : "gomoku", &g, NULL) != GS_OK) return 1;
        gs_state *s = gs_state_new(g);
        while (*p && *p != ' ') p++;
        int ok = 1;
        for (char *t = strtok(p, " \t\r\n"); t && ok; t = strtok(NULL, " \t\r\n")) {
            if (strlen(t) != 2 || t[0] < 'a' || t[0] > 'o' || t[1] < 'a' || t[1] > 'o') { ok = 0; break; }
            ok = gs_play(s, (t[1] - 'a') * 15 + (t[0] - 'a')) == GS_OK;
        }
        if (!ok) { printf("suite %d bad-line\n", ln); gs_state_free(s); gs_game_free(g); continue; }
        gs_ai_opts o = {0};
        o.node_limit = nodes;
        o.time_limit = secs;
        gmk_search *S = gmk_search_new(s, &o, 0);
        int best = gmk_best_move(S, 1);
        int cell = best >= 0 ? ((const gmk_game *)g)->cell_of[best] : -1;
        char mv[3] = {cell < 0 ? '-' : (char)('a' + cell % 15), cell < 0 ? '-' : (char)('a' + cell / 15), 0};
        const char *verdict = "";
        if (want_win) {
            nwin++;
            int ok = S->score >= GMK_WIN - 2000;
            wins += ok;
            verdict = ok ? " win ok" : " win FAIL";
        } else if (lost[0]) {
            nlost++;
            int ok = strcmp(mv, lost) != 0;
            avoided += ok;
            verdict = ok ? " lost ok" : " lost FAIL";
        }
        printf("suite %d %s depth %d score %d nodes %llu%s\n", ln, mv, S->depth_done, S->score,
               (unsigned long long)S->nodes, verdict);
        fflush(stdout);
        total += S->nodes;
        gmk_search_free(S);
        gs_state_free(s);
        gs_game_free(g);
    }
    fclose(f);
    printf("suite: %d lines, %llu nodes, %.1f s; forced wins found %d of %d, losing moves avoided %d of %d\n", ln,
           (unsigned long long)total, gs_now() - t0, wins, nwin, avoided, nlost);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 2 && !strcmp(argv[1], "--suite")) {
        uint64_t nodes = 0;
        double secs = 0;
        for (int i = 3; i + 1 < argc; i += 2) {
            if (!strcmp(argv[i], "--nodes")) nodes = strtoull(argv[i + 1], NULL, 10);
            else if (!strcmp(argv[i], "--time")) secs = atof(argv[i + 1]);
        }
        if (!nodes && secs <= 0) nodes = 100000;
        return run_suite(argv[2], nodes, secs);
    }
    const char *td = argc > 1 ? argv[1] : "tests/data";
    char path[512];
    snprintf(path, sizeof path, "%s/gomoku/renju-random-2000.jsonl", td);
    static uint8_t pos[2000][225];
    int np = load_positions(path, pos, 2000);
    gs_game *g;
    gs_game_new("renju", &g, NULL);
    gs_state *s = gs_state_new(g);
    if (np) {
        long checks = 0, forb = 0;
        double t0 = gs_now();
        for (int rep = 0; rep < 5; rep++)
            for (int i = 0; i < np; i++) {
                gs_setup(s, pos[i], GS_BLACK, NULL);
                for (int c = 0; c < 225; c++)
                    if (!pos[i][c]) { checks++; forb += gs_check(s, c) != GS_OK; }
            }
        double t = gs_now() - t0;
        printf("forbidden checks (renju, 2000 dense positions x5, incl. setup): %ld checks, %.0f checks/s (%ld forbidden)\n",
               checks, checks / t, forb);
        const gmk_game *gg = (const gmk_game *)g;
        uint8_t a[GMK_PADN];
        checks = 0;
        t0 = gs_now();
        for (int i = 0; i < np; i++) {
            gs_setup(s, pos[i], GS_BLACK, NULL);
            memcpy(a, ((const gmk_state *)s)->a, sizeof a);
            for (int c = 0; c < 225; c++)
                if (!pos[i][c]) { checks++; gmk_forbidden_raw(GMK_RENJU, a, gg->pidx[c], GS_BLACK); }
        }
        t = gs_now() - t0;
        printf("  without the line-code prefilter (raw recursive check): %.0f checks/s\n", checks / t);
    } else {
        printf("(no reference positions at %s)\n", path);
    }
    /* alpha-beta nodes per second from a middle-game position */
    gs_game *fg;
    gs_game_new("gomoku", &fg, NULL);
    gs_state *fs = gs_state_new(fg);
    static const char *open[] = {"h8", "i9", "g9", "i7", "i8", "g8", "j8", "h9", NULL};
    for (int i = 0; open[i]; i++) { gs_move m; gs_state_parse_move(fs, open[i], &m); gs_play(fs, m); }
    gs_ai_opts o = {0};
    o.time_limit = 2.0;
    gmk_search *S = gmk_search_new(fs, &o, 0);
    double t0 = gs_now();
    int best = gmk_best_move(S, 1);
    double t = gs_now() - t0;
    printf("strong search, 8-stone middle game, 2 s limit: %llu nodes in %.2f s = %.0f nodes/s (cell %d)\n",
           (unsigned long long)S->nodes, t, S->nodes / t, best >= 0 ? ((const gmk_game *)fg)->cell_of[best] : -1);
    gmk_search_free(S);
    /* VCF solve times: the documented positions of tests/test_gomoku_ai.c */
    static const char *vcf1[15] = {
        "...............", ".............O.", "..........O....", "...............", "...............",
        "......X........", "......X........", "..OXXX.........", "...............", "...............",
        "...............", "...............", "............O..", ".O.............", "..............."};
    static const char *vcf2[15] = {
        "...............", "...............", "......O........", "..OXXX.........", ".....O.XXX.....",
        "......X........", "......X........", "...............", "...............", "...............",
        "............O..", "...............", ".O..........OO.", "...............", "..............."};
    const char **vcfs[2] = {vcf1, vcf2};
    for (int k = 0; k < 2; k++) {
        uint8_t cells[225];
        for (int i = 0; i < 225; i++) {
            char c = vcfs[k][i / 15][i % 15];
            cells[i] = c == 'X' ? GS_BLACK : c == 'O' ? GS_WHITE : 0;
        }
        gs_setup(fs, cells, GS_BLACK, NULL);
        int reps = 200, found = 0, m = -1;
        gs_ai_opts z = {0};
        t0 = gs_now();
        uint64_t nodes = 0;
        for (int r = 0; r < reps; r++) {
            gmk_search *V = gmk_search_new(fs, &z, 0);
            found += gmk_vcf(V, 1000000, &m);
            nodes += V->nodes;
            gmk_search_free(V);
        }
        t = (gs_now() - t0) / reps;
        printf("VCF position %d: solved %d/%d, %.3f ms per solve (incl. table setup), %llu nodes\n", k + 1, found, reps,
               t * 1000, (unsigned long long)(nodes / reps));
    }
    /* a harder open-board VCF: none found in the middle game (full budget) */
    gs_state_free(fs);
    gs_game_free(fg);
    gs_state_free(s);
    gs_game_free(g);
    return 0;
}
