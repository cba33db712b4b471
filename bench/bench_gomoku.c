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
 * the wins found and the losing moves avoided.
 *
 * Search shape: build/bench/bench_gomoku --depths FILE NODES: the same
 * positions (FILE as for --suite; expectations ignored), each searched to
 * NODES; per line the nodes at which each depth was finished, then the
 * mean depth reached, the median nodes to finish each depth, the share of
 * cut nodes cut by their first move, the table hit rate and the share of
 * nodes in the leaves' VCF probes (node-limited: load-insensitive).
 *
 * Evaluation tuning (tools/gomoku_tune.py, PERFORMANCE.md): --gen N SEED
 * RULE [OPENINGS] prints N positions of fast self-play games; --features
 * FILE and --combos FILE print each position's evaluation terms and its
 * cells' line-class combinations. */
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

/* The position of a suite line ("RULE MOVES", RULE already read into
 * rule): 1 when every move was legal, 0 when not, -1 when the game could
 * not be made (*g and *s are then unset). */
static int suite_position(char *p, int rule, gs_game **g, gs_state **s) {
    if (gs_game_new(rule == 4 ? "renju" : "gomoku", g, NULL) != GS_OK) return -1;
    *s = gs_state_new(*g);
    while (*p && *p != ' ') p++;
    for (char *t = strtok(p, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
        if (strlen(t) != 2 || t[0] < 'a' || t[0] > 'o' || t[1] < 'a' || t[1] > 'o') return 0;
        if (gs_play(*s, (t[1] - 'a') * 15 + (t[0] - 'a')) != GS_OK) return 0;
    }
    return 1;
}

/* A suite line without its expectation (cut at ';'): -2 when it has no
 * rule (skipped), else as suite_position. */
static int suite_line(char *line, gs_game **g, gs_state **s) {
    int rule;
    char *semi = strchr(line, ';');
    if (semi) *semi = 0;
    if (sscanf(line, "%d", &rule) != 1) return -2;
    return suite_position(line, rule, g, s);
}

static int run_suite(const char *file, uint64_t nodes, double secs) {
    FILE *f = fopen(file, "r");
    if (!f) { fprintf(stderr, "cannot open %s\n", file); return 1; }
    char line[4096];
    int ln = 0;
    uint64_t total = 0;
    int nwin = 0, wins = 0, nlost = 0, avoided = 0, dsum = 0;
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
        gs_state *s;
        int ok = suite_position(p, rule, &g, &s);
        if (ok < 0) return 1;
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
        dsum += S->depth_done;
        gmk_search_free(S);
        gs_state_free(s);
        gs_game_free(g);
    }
    fclose(f);
    printf("suite: mean depth reached %.2f\n", ln ? (double)dsum / ln : 0.0);
    printf("suite: %d lines, %llu nodes, %.1f s; forced wins found %d of %d, losing moves avoided %d of %d\n", ln,
           (unsigned long long)total, gs_now() - t0, wins, nwin, avoided, nlost);
    return 0;
}

/* --depths: nodes at which each iteration finished, from the info lines */
typedef struct depth_log { uint64_t at[GMK_MAXPLY]; int last; } depth_log;

static void depth_info(void *ud, const char *line) {
    depth_log *L = ud;
    int d;
    unsigned long long n;
    if (sscanf(line, "depth %d ev %*d n %llu", &d, &n) == 2 && d > 0 && d < GMK_MAXPLY) {
        L->at[d] = n;
        if (d > L->last) L->last = d;
    }
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int run_depths(const char *file, uint64_t nodes) {
    FILE *f = fopen(file, "r");
    if (!f) { fprintf(stderr, "cannot open %s\n", file); return 1; }
    char line[4096];
    static uint64_t per[GMK_MAXPLY][512];
    int nper[GMK_MAXPLY] = {0}, npos = 0, ln = 0;
    uint64_t tot = 0, ab = 0, cut = 0, cut1 = 0, hit = 0, leafvcf = 0;
    double dsum = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        gs_game *g;
        gs_state *s;
        int ok = suite_line(line, &g, &s);
        if (ok == -2) continue;
        if (ok < 0) { fclose(f); return 1; }
        if (!ok) { gs_state_free(s); gs_game_free(g); continue; }
        gs_ai_opts o = {0};
        o.node_limit = nodes;
        gmk_search *S = gmk_search_new(s, &o, 0);
        depth_log L = {{0}, 0};
        S->info = depth_info;
        S->info_ud = &L;
        gmk_best_move(S, 1);
        printf("depths %d:", ln);
        for (int d = 1; d <= L.last; d++) {
            printf(" %llu", (unsigned long long)L.at[d]);
            if (L.at[d] && npos < 512) per[d][nper[d]++] = L.at[d];
        }
        printf("\n");
        if (L.last > 0) { dsum += L.last; npos++; }
        tot += S->nodes;
        ab += S->stat.ab;
        cut += S->stat.cut;
        cut1 += S->stat.cut1;
        hit += S->stat.hit;
        leafvcf += S->stat.leafvcf;
        gmk_search_free(S);
        gs_state_free(s);
        gs_game_free(g);
    }
    fclose(f);
    printf("depths: %d positions searched, mean depth reached %.2f\n", npos, npos ? dsum / npos : 0.0);
    for (int d = 1; d < GMK_MAXPLY; d++) {
        if (!nper[d]) continue;
        qsort(per[d], (size_t)nper[d], sizeof per[d][0], cmp_u64);
        printf("depth %2d: finished in %3d positions, median nodes %llu\n", d, nper[d],
               (unsigned long long)per[d][nper[d] / 2]);
    }
    printf("nodes %llu, alpha-beta nodes %llu, cut nodes %llu (first move %.1f%%), table hits %.1f%%, leaf VCF %.1f%% of nodes\n",
           (unsigned long long)tot, (unsigned long long)ab, (unsigned long long)cut, cut ? 100.0 * (double)cut1 / (double)cut : 0.0,
           ab ? 100.0 * (double)hit / (double)ab : 0.0, tot ? 100.0 * (double)leafvcf / (double)tot : 0.0);
    return 0;
}

/* Training positions for the evaluation (tools/gomoku_tune.py): N games
 * from the openings file, each move the strong search's at a small node
 * limit or (one time in three) one of the five best by the priority
 * ranking, so that the games wander; a few positions of each game printed
 * as suite lines "RULE MOVES". */
static int gen_positions(int n, uint64_t seed, int rule, const char *openings) {
    char lines[64][64];
    int nop = 0;
    FILE *f = openings ? fopen(openings, "r") : NULL;
    if (f) {
        while (nop < 64 && fgets(lines[nop], sizeof lines[0], f)) nop++;
        fclose(f);
    }
    gs_rng rng;
    gs_rng_seed(&rng, seed);
    int printed = 0;
    while (printed < n) {
        gs_game *g;
        if (gs_game_new(rule == 4 ? "renju" : "gomoku", &g, NULL) != GS_OK) return 1;
        const gmk_game *gg = (const gmk_game *)g;
        gs_state *s = gs_state_new(g);
        int moves[225], nm = 0;
        if (nop) {   /* "dx,dy, dx,dy, ..." offsets from the centre */
            const char *p = lines[gs_rng_below(&rng, (uint32_t)nop)];
            int dx, dy, k;
            while (sscanf(p, " %d,%d%n", &dx, &dy, &k) == 2) {
                int c = (7 + dy) * 15 + 7 + dx;
                if (gs_play(s, c) == GS_OK) moves[nm++] = c;
                p += k;
                while (*p == ',' || *p == ' ') p++;
            }
        }
        int want = 1 + (int)gs_rng_below(&rng, 6), got = 0;
        while (nm < 200 && got < want && !gs_is_over(s)) {
            gs_ai_opts o = {0};
            o.node_limit = 1500 + gs_rng_below(&rng, 3000);
            o.seed = gs_rng_next(&rng);
            gmk_search *S = gmk_search_new(s, &o, 0);
            int p = -1;
            if (gs_rng_below(&rng, 3) == 0) {
                struct { int p, s; } best[5];
                int nb = 0;
                for (int i = 0; i < 225; i++) {
                    int q = gg->pidx[i];
                    if (!S->near[q] || !gmk_slegal(S, q)) continue;
                    int sc = gmk_point_score(S, q, S->tomove);
                    int j = nb < 5 ? nb++ : 4;
                    if (j == 4 && nb == 5 && best[4].s >= sc) continue;
                    while (j > 0 && best[j - 1].s < sc) { best[j] = best[j - 1]; j--; }
                    best[j].p = q;
                    best[j].s = sc;
                }
                if (nb) p = best[gs_rng_below(&rng, (uint32_t)nb)].p;
            }
            if (p < 0) p = gmk_best_move(S, 1);
            gmk_search_free(S);
            if (p < 0 || gs_play(s, gg->cell_of[p]) != GS_OK) break;
            moves[nm++] = gg->cell_of[p];
            if (nm >= 6 && !gs_is_over(s) && gs_rng_below(&rng, 4) == 0) {
                printf("%d", rule);
                for (int i = 0; i < nm; i++) printf(" %c%c", 'a' + moves[i] % 15, 'a' + moves[i] / 15);
                printf("\n");
                got++;
                if (++printed >= n) break;
            }
        }
        gs_state_free(s);
        gs_game_free(g);
    }
    return 0;
}

/* Run out() on a search over each suite line's position of file (tables
 * for 1,000 nodes), in order; "bad" for a line whose search cannot be
 * made.  1 when the file cannot be read or a line not parsed. */
static int each_position(const char *file, void (*out)(gmk_search *S, const gmk_game *gg)) {
    FILE *f = fopen(file, "r");
    if (!f) { fprintf(stderr, "cannot open %s\n", file); return 1; }
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        gs_game *g;
        gs_state *s;
        int ok = suite_line(line, &g, &s);
        if (ok == -2) continue;
        if (ok < 0) { fclose(f); return 1; }
        gs_ai_opts o = {0};
        o.node_limit = 1000;
        gmk_search *S = ok ? gmk_search_new(s, &o, 0) : NULL;
        if (S) out(S, (const gmk_game *)g);
        else printf("bad\n");
        gmk_search_free(S);
        gs_state_free(s);
        gs_game_free(g);
    }
    fclose(f);
    return 0;
}

/* Evaluation features of a position for the side to move
 * (tools/gomoku_tune.py): per colour (own first) the count of (empty
 * cell, direction) pairs of each line-pattern class GMK_P_ONE..FOUR_OPEN,
 * the empty cells per threat class GMK_C_THREE..FLEX4, the four-making
 * cells; then the current static evaluation and whether the side to move
 * has a VCF within the alpha-beta leaves' budget (such leaves never use
 * the evaluation). */
static void features(gmk_search *S, const gmk_game *gg) {
    for (int side = 0; side < 2; side++) {
        int c = side == 0 ? S->tomove - 1 : 2 - S->tomove, n[GMK_P_COUNT] = {0};
        for (int i = 0; i < 225; i++) {
            int q = gg->pidx[i];
            if (S->st.a[q]) continue;
            for (int d = 0; d < 4; d++) n[gmk_spat(S, c, d, q)]++;
        }
        for (int k = GMK_P_ONE; k <= GMK_P_FOUR_OPEN; k++) printf("%d ", n[k]);
        for (int k = GMK_C_THREE; k <= GMK_C_FIVE; k++) printf("%d ", S->cnt[c][k]);
        printf("%d ", S->nfour[c]);
    }
    int m;
    printf("%d %d\n", gmk_eval(S), gmk_vcf(S, 40, &m));
}

/* The cell combinations of a position (tools/gomoku_tune.py fit
 * --combos): per colour, the side to move's first, the empty cells
 * counted by the multiset of their four directions' line-pattern classes,
 * written "KEY:COUNT" with KEY the four classes' digits from the largest
 * down (6420: a four, a three, a two, none), class ONE counted as NONE;
 * only cells with two directions of class TWO or more (the others' value
 * is the sum of their directions').  The two colours are separated by
 * " | ". */
static void combos(gmk_search *S, const gmk_game *gg) {
    static int n[10000];
    for (int side = 0; side < 2; side++) {
        int c = side == 0 ? S->tomove - 1 : 2 - S->tomove;
        memset(n, 0, sizeof n);
        for (int i = 0; i < 225; i++) {
            int q = gg->pidx[i], k[4];
            if (S->st.a[q]) continue;
            for (int d = 0; d < 4; d++) {   /* insertion sort, largest first */
                int v = gmk_spat(S, c, d, q), j = d;
                if (v <= GMK_P_ONE) v = 0;
                while (j > 0 && k[j - 1] < v) { k[j] = k[j - 1]; j--; }
                k[j] = v;
            }
            if (k[1]) n[k[0] * 1000 + k[1] * 100 + k[2] * 10 + k[3]]++;
        }
        if (side) printf(" |");
        for (int key = 0; key < 10000; key++)
            if (n[key]) printf(" %d:%d", key, n[key]);
    }
    printf("\n");
}

int main(int argc, char **argv) {
    if (argc > 2 && !strcmp(argv[1], "--features")) return each_position(argv[2], features);
    if (argc > 2 && !strcmp(argv[1], "--combos")) return each_position(argv[2], combos);
    if (argc > 4 && !strcmp(argv[1], "--gen"))
        return gen_positions(atoi(argv[2]), strtoull(argv[3], NULL, 10), atoi(argv[4]), argc > 5 ? argv[5] : NULL);
    if (argc > 3 && !strcmp(argv[1], "--depths")) return run_depths(argv[2], strtoull(argv[3], NULL, 10));
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
