/* Reversi: perft against the reference counts, the bitboard engines
 * against each other and against the cell engine, rule cases on ASCII
 * boards, the exact solver against brute force and the FFO suite, and the
 * player.  GS_SLOW=1 adds the rest of FFO #40-#59 (#41-#59: well over half
 * an hour of CPU - #53 alone took 8 minutes on the development machine)
 * and 6x6 from the start (about 2 minutes). */
#include <stdio.h>
#include <stdlib.h>
#include "gridstone/gridstone.h"
#include "games/reversi/rv_internal.h"
#include "ai/reversi_ai.h"
#include "io/obf.h"
#include "test.h"

/* perft.csv: depth,nodes */
static int read_perft(uint64_t want[32]) {
    char path[512], line[128];
    snprintf(path, sizeof path, "%s/reversi/perft.csv", gs_testdata());
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        int d;
        unsigned long long v;
        if (sscanf(line, "%d,%llu", &d, &v) == 2 && d > 0 && d < 32) {
            want[d] = v;
            if (d > n) n = d;
        }
    }
    fclose(f);
    return n;
}

static gs_state *new_state(const char *spec, gs_game **g) {
    if (!(*g = tl_game(spec))) return NULL;
    return gs_state_new(*g);
}

TEST(reversi_perft_reference) {
    uint64_t want[32] = {0};
    REQUIRE(read_perft(want) >= 9);
    gs_game *g;
    gs_state *s = new_state("reversi", &g);
    REQUIRE(s);
    for (int d = 1; d <= 9; d++) {
        uint64_t ended = 0, n = gs_perft(s, d, &ended), n2 = gs_perft(s, d, NULL);
        CHECKF(n == want[d], "depth %d: %llu, expected %llu", d, (unsigned long long)n, (unsigned long long)want[d]);
        CHECKF(n2 == n, "depth %d: bulk path %llu vs %llu", d, (unsigned long long)n2, (unsigned long long)n);
        if (d < 9) CHECK_EQ_INT(ended, 0);   /* the shortest game has 9 plies */
    }
    /* the othello alias is the same game */
    gs_game *g2;
    gs_state *s2 = new_state("othello", &g2);
    REQUIRE(s2);
    CHECK_EQ_STR(g2->spec, "reversi:size=8,empties=none");
    CHECK_EQ_INT(gs_perft(s2, 6, NULL), want[6]);
    gs_state_free(s2);
    gs_game_free(g2);
    gs_state_free(s);
    gs_game_free(g);
}

TEST(reversi_perft_engines_agree) {
    uint64_t want[32] = {0};
    REQUIRE(read_perft(want) >= 8);
    uint64_t B = (1ull << 28) | (1ull << 35), W = (1ull << 27) | (1ull << 36);
    for (int cpu = RV_CPU_GENERIC; cpu <= RV_CPU_AVX512; cpu++) {
        uint64_t e1 = 0;
        CHECK_EQ_INT(rv_perft_bb_cpu(cpu, B, W, RV_FULL, 8, NULL), want[8]);
        CHECK_EQ_INT(rv_perft_bb_cpu(cpu, B, W, RV_FULL, 9, &e1), want[9]);
        CHECK_EQ_INT(e1, 228);
    }
}

/* Cell engine = bitboard engine on 4x4, 6x6 and 8x8; 10x10 opens like 8x8. */
TEST(reversi_cell_engine_matches_bitboards) {
    static const struct { int size, depth; } cases[] = {{4, 12}, {6, 7}, {8, 5}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char spec[64];
        gs_error err;
        gs_game *gb, *gc;
        snprintf(spec, sizeof spec, "reversi:size=%d", cases[i].size);
        REQUIRE(gs_game_new(spec, &gb, &err) == GS_OK);
        REQUIRE(rv_game_create_spec(spec, 1, &gc, &err) == GS_OK);
        gs_state *sb = gs_state_new(gb), *sc = gs_state_new(gc);
        REQUIRE(sb && sc);
        for (int d = 1; d <= cases[i].depth; d++) {
            uint64_t eb = 0, ec = 0;
            uint64_t nb = gs_perft(sb, d, &eb), nc = gs_perft(sc, d, &ec);
            CHECKF(nb == nc && eb == ec, "size %d depth %d: bitboards %llu/%llu, cells %llu/%llu", cases[i].size, d,
                   (unsigned long long)nb, (unsigned long long)eb, (unsigned long long)nc, (unsigned long long)ec);
        }
        gs_state_free(sb);
        gs_state_free(sc);
        gs_game_free(gb);
        gs_game_free(gc);
    }
    gs_game *g;
    gs_state *s = new_state("reversi:size=10", &g);
    REQUIRE(s);
    static const uint64_t open[] = {0, 4, 12, 56, 244};
    for (int d = 1; d <= 4; d++) CHECK_EQ_INT(gs_perft(s, d, NULL), open[d]);
    gs_state_free(s);
    gs_game_free(g);
}

/* ---- ASCII boards: X black, O white, . empty; rows from the top ---- */

static gs_state *board(gs_game **g, const char *spec, const char *rows, int to_move) {
    if (!(*g = tl_game(spec))) return NULL;
    gs_state *s = tl_position(*g, rows, to_move);
    if (!s) gs_game_free(*g);
    return s;
}

#define same_board(s, rows) tl_same_board((s), (rows))

TEST(reversi_rule_cases) {
    static const struct {
        const char *name, *before;
        int to_move;
        const char *move;
        gs_status want;
        const char *after;   /* NULL: the move is refused */
    } cases[] = {
        {"flips in all eight directions",
         "X.X.X..." ".OOO...." "XO.OX..." ".OOOX..." "X.XXX..." "........" "........" "........", GS_BLACK, "c3", GS_OK,
         "X.X.X..." ".XXX...." "XXXXX..." ".XXXX..." "X.XXX..." "........" "........" "........"},
        {"a line to the edge flips nothing",
         "........" "........" "........" "...OX..." "...XO..." "........" "........" ".....OOO", GS_BLACK, "e8", GS_ERR_NO_FLIPS, NULL},
        {"edge line closed by an own disc",
         "XOOO...." "........" "........" "...OX..." "...XO..." "........" "........" "........", GS_BLACK, "e1", GS_OK,
         "XXXXX..." "........" "........" "...OX..." "...XO..." "........" "........" "........"},
        {"a corner move along the diagonal",
         "........" ".O......" "..O....." "...OX..." "...XX..." "........" "........" "........", GS_BLACK, "a1", GS_OK,
         "X......." ".X......" "..X....." "...XX..." "...XX..." "........" "........" "........"},
        {"no wrap-around from the h file to the a file",
         "........" "........" "........" "...OX..." "...XO..O" "X......." "........" "........", GS_BLACK, "g5", GS_ERR_NO_FLIPS, NULL},
        {"occupied square", "........" "........" "........" "...OX..." "...XO..." "........" "........" "........", GS_BLACK, "d4",
         GS_ERR_OCCUPIED, NULL},
        {"no flips", "........" "........" "........" "...OX..." "...XO..." "........" "........" "........", GS_BLACK, "a1",
         GS_ERR_NO_FLIPS, NULL},
        {"pass while a move exists", "........" "........" "........" "...OX..." "...XO..." "........" "........" "........", GS_BLACK,
         "pass", GS_ERR_PASS_NOT_ALLOWED, NULL},
        {"white to move", "........" "........" "........" "...OX..." "...XO..." "........" "........" "........", GS_WHITE, "f4",
         GS_OK, "........" "........" "........" "...OOO.." "...XO..." "........" "........" "........"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gs_game *g;
        gs_state *s = board(&g, "reversi", cases[i].before, cases[i].to_move);
        REQUIREF(s, "%s: setup", cases[i].name);
        gs_move m;
        REQUIREF(gs_state_parse_move(s, cases[i].move, &m) == GS_OK, "%s: parse", cases[i].name);
        uint64_t h0 = gs_state_hash(s);
        gs_status st = gs_play(s, m);
        CHECKF(st == cases[i].want, "%s: status %s", cases[i].name, gs_reason_code(st));
        CHECKF(gs_check(s, m) == st || st == GS_OK, "%s: check disagrees", cases[i].name);
        if (cases[i].after) {
            CHECKF(same_board(s, cases[i].after), "%s: wrong board after the move", cases[i].name);
            CHECK(gs_validate(s, NULL) == GS_OK);
            CHECK(gs_undo(s) == GS_OK);
        }
        CHECKF(same_board(s, cases[i].before) && gs_state_hash(s) == h0, "%s: not restored", cases[i].name);
        gs_state_free(s);
        gs_game_free(g);
    }
}

TEST(reversi_forced_pass_and_end) {
    gs_game *g;
    /* white has no move (no line from an empty square ends on a white
     * disc); black has one: e8 */
    gs_state *s = board(&g, "reversi",
                        ".XXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXX.OOX", GS_WHITE);
    REQUIRE(s);
    gs_move mv[GS_MAX_CELLS + 1];
    int n = gs_legal_moves(s, mv);
    CHECK(n == 1 && mv[0] == GS_PASS);
    CHECK(gs_check(s, 0) == GS_ERR_NO_FLIPS);
    CHECK(gs_check(s, 1) == GS_ERR_OCCUPIED);
    CHECK(!gs_is_over(s));
    /* the solver passes too: black then takes everything (a1 empty, to the winner) */
    gs_ai_opts o = {0};
    gs_solve_result sr;
    gs_error err;
    REQUIRE(gs_solve(s, &o, &sr, &err) == GS_OK);
    CHECK(sr.best == GS_PASS && sr.score == -64 && sr.value == -1 && sr.complete);
    gs_move am;
    REQUIRE(gs_ai_move(s, "strong", &o, &am, &err) == GS_OK);
    CHECK(am == GS_PASS);
    CHECK(gs_play(s, GS_PASS) == GS_OK);
    CHECK(s->to_move == GS_BLACK);
    n = gs_legal_moves(s, mv);
    CHECK(n == 1 && mv[0] == 7 * 8 + 4);
    CHECK(gs_check(s, GS_PASS) == GS_ERR_PASS_NOT_ALLOWED);
    CHECK(gs_play(s, 7 * 8 + 4) == GS_OK);
    /* black took the last white discs: over with a1 empty */
    gs_result r;
    gs_result_get(s, &r);
    CHECK(r.over && r.has_score && r.how == GS_END_SCORE && r.winner == GS_BLACK);
    CHECK_EQ_INT((int)r.score, 63);
    CHECK_EQ_INT(gs_legal_moves(s, mv), 0);
    CHECK(gs_check(s, GS_PASS) == GS_ERR_GAME_OVER);
    CHECK(gs_check(s, 0) == GS_ERR_GAME_OVER);
    CHECK(gs_undo(s) == GS_OK && gs_undo(s) == GS_OK);
    CHECK(s->to_move == GS_WHITE && gs_undo(s) == GS_ERR_NO_UNDO);
    gs_state_free(s);
    gs_game_free(g);

    /* empties to the winner */
    s = board(&g, "reversi:empties=winner",
              "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXX.." "XXXXXXX.", GS_WHITE);
    REQUIRE(s);
    gs_result_get(s, &r);
    CHECK(r.over && r.winner == GS_BLACK);
    CHECK_EQ_INT((int)r.score, 64);
    CHECK_EQ_STR(g->spec, "reversi:size=8,empties=winner");
    gs_state_free(s);
    gs_game_free(g);
}

TEST(reversi_setup_and_spec_errors) {
    gs_game *g;
    gs_error err;
    gs_state *s = new_state("reversi:size=6", &g);
    REQUIRE(s);
    uint8_t cells[36] = {0};
    cells[14] = GS_WHITE;   /* c3 */
    CHECK(gs_setup(s, cells, GS_BLACK, &err) == GS_ERR_BAD_POSITION);
    CHECK(same_board(s, "......" "......" "..OX.." "..XO.." "......" "......"));
    gs_state_free(s);
    gs_game_free(g);
    static const char *const bad[] = {"reversi:size=7", "reversi:size=2", "reversi:size=18", "reversi:empties=all",
                                      "reversi:colour=1", NULL};
    for (int i = 0; bad[i]; i++) CHECKF(gs_game_new(bad[i], &g, &err) != GS_OK, "%s accepted", bad[i]);
    CHECK(gs_game_new("reversi:size=16", &g, &err) == GS_OK);
    CHECK(g->notation == GS_NOTE_OTHELLO && g->sgf_gm == 2);
    gs_game_free(g);
}

/* ---- solver ---- */

/* Plain minimax over the rules API: final score for the side to move with
 * empties to the winner. */
static int brute(gs_state *s) {
    gs_move mv[GS_MAX_CELLS + 1];
    int n = gs_legal_moves(s, mv);
    if (n == 0) {
        int b = 0, w = 0, e = 0;
        rv_count(s, &b, &w, &e);
        int d = b - w;
        d += d > 0 ? e : d < 0 ? -e : 0;
        return s->to_move == GS_BLACK ? d : -d;
    }
    int best = -1000;
    for (int i = 0; i < n; i++) {
        gs_play(s, mv[i]);
        int v = -brute(s);
        gs_undo(s);
        if (v > best) best = v;
    }
    return best;
}

/* From the start, random moves until `discs` discs are on the board or
 * the game is over. */
static void random_game(gs_state *s, gs_rng *rng, int discs) {
    gs_move mv[GS_MAX_CELLS + 1];
    while (s->nhist) gs_undo(s);
    int on = 4;
    while (!gs_is_over(s) && on < discs) {
        int n = gs_legal_moves(s, mv);
        gs_move m = mv[gs_rng_below(rng, (uint32_t)n)];
        gs_play(s, m);
        if (m != GS_PASS) on++;
    }
}

/* Up to n random 8x8 positions (side to move first) with lo to
 * lo + 3 empty squares, from random games seeded by seed (games
 * that end early are skipped); returns how many. */
static int random_positions(uint64_t seed, int n, int lo, uint64_t (*bb)[2]) {
    gs_rng rng;
    gs_rng_seed(&rng, seed);
    gs_game *g;
    gs_state *s = new_state("reversi", &g);
    if (!s) return 0;
    int k = 0;
    for (int game = 0; game < n; game++) {
        random_game(s, &rng, 64 - lo - game % 4);
        if (gs_is_over(s)) continue;
        rv_state_bb(s, &bb[k][0], &bb[k][1]);
        k++;
    }
    gs_state_free(s);
    gs_game_free(g);
    return k;
}

TEST(reversi_solver_matches_brute_force) {
    static const char *const specs[] = {"reversi", "reversi:size=6", "reversi:size=4", NULL};
    for (int k = 0; specs[k]; k++) {
        gs_game *g;
        gs_state *s = new_state(specs[k], &g);
        REQUIRE(s);
        gs_rng rng;
        gs_rng_seed(&rng, 99 + (uint64_t)k);
        for (int game = 0; game < 6; game++) {
            random_game(s, &rng, g->geom.n - 8 + game % 2);   /* stop at 7 or 8 empties */
            gs_ai_opts o = {0};
            gs_solve_result r;
            gs_error err;
            REQUIRE(gs_solve(s, &o, &r, &err) == GS_OK);
            int want = brute(s);
            CHECKF(r.complete && r.has_score && r.score == want, "%s game %d: solver %d, brute force %d", specs[k], game,
                   r.score, want);
            CHECK(r.value == (want > 0) - (want < 0));
            if (gs_is_over(s)) CHECK(r.best == GS_NOMOVE);
            else {
                REQUIRE(gs_check(s, r.best) == GS_OK);
                gs_play(s, r.best);
                CHECKF(-brute(s) == want, "%s game %d: the best move is not best", specs[k], game);
                gs_undo(s);
            }
        }
        gs_state_free(s);
        gs_game_free(g);
    }
}

/* The exact search's null windows at the last empties (the stability
 * cut-off from 4 empties, the last square counted by pext and by its
 * flips, the last plies' order by square class) on every compiled
 * engine: fail-soft bounds that agree with brute force, on random
 * positions with 1 to 9 empty squares (lopsided ones included, where the
 * stability bound cuts). */
TEST(reversi_exact_windows_match_brute_force) {
    static const char *const specs[] = {"reversi", "reversi:size=6", NULL};
    for (int k = 0; specs[k]; k++) {
        gs_game *g;
        gs_state *s = new_state(specs[k], &g);
        REQUIRE(s);
        gs_rng rng;
        gs_rng_seed(&rng, 7 + (uint64_t)k);
        int side = k ? 6 : 8, tested = 0;
        for (int game = 0; game < 60; game++) {
            random_game(s, &rng, g->geom.n - 1 - game % 9);
            if (gs_is_over(s)) continue;
            int want = brute(s);
            uint64_t P, O;
            rv_state_bb(s, &P, &O);
            /* engines 0 .. level, then the AVX2 ones again with the other way of counting the last square */
            for (int run = RV_CPU_GENERIC; run <= 2 * rv_cpu_level(); run++) {
                int cpu = run <= rv_cpu_level() ? run : run - rv_cpu_level();
                rvs_ctx c;
                REQUIRE(rvs_init(&c, side, 10, NULL, 0, 0) == GS_OK);
                c.cpu = cpu;
                if (run > rv_cpu_level()) c.pext = !c.pext;
                for (int b = -side * side + 1; b <= side * side; b += 6) {
                    int v = rvs_exact(&c, P, O, b - 1, b, NULL);
                    CHECKF(v >= b ? want >= v : want <= v, "%s game %d cpu %d pext %d: window %d: %d, exact %d",
                           specs[k], game, cpu, c.pext, b, v, want);
                }
                int best = -1;
                CHECK_EQ_INT(rvs_exact(&c, P, O, -RVS_INF, RVS_INF, &best), want);
                rvs_free(&c);
            }
            tested++;
        }
        CHECK(tested > 40);
        gs_state_free(s);
        gs_game_free(g);
    }
}

/* The small per-depth tables (6-9 empties) keep the bounds of earlier
 * searches: null windows in sequence on one context, each reusing what
 * the earlier ones stored, give fail-soft bounds that agree with the
 * score of a context without those tables, on random positions at 10-13
 * empties, on every compiled engine. */
TEST(reversi_small_tables_keep_bounds) {
    uint64_t pos[16][2];
    int tested = random_positions(1127, 16, 10, pos);
    for (int game = 0; game < tested; game++) {
        uint64_t P = pos[game][0], O = pos[game][1];
        rvs_ctx ref;
        REQUIRE(rvs_init(&ref, 8, 12, NULL, 0, 0) == GS_OK);
        free(ref.ltt);
        ref.ltt = NULL;   /* the reference searches without them */
        int dummy, want = rvs_exact(&ref, P, O, -RVS_INF, RVS_INF, &dummy);
        rvs_free(&ref);
        for (int cpu = RV_CPU_GENERIC; cpu <= rv_cpu_level(); cpu++) {
            rvs_ctx c;
            REQUIRE(rvs_init(&c, 8, 12, NULL, 0, 0) == GS_OK);
            REQUIRE(c.ltt);
            c.cpu = cpu;
            for (int b = want - 9; b <= want + 9; b += 3) {
                int v = rvs_exact(&c, P, O, b - 1, b, NULL);
                CHECKF(v >= b ? want >= v : want <= v, "game %d cpu %d: window %d: %d, exact %d", game, cpu, b, v, want);
            }
            int best = -1;
            CHECK_EQ_INT(rvs_exact(&c, P, O, -RVS_INF, RVS_INF, &best), want);
            rvs_free(&c);
        }
    }
    CHECK(tested >= 12);
}

/* The selective passes (ProbCut) before the exact one change only the
 * guess and the table's moves: with them from 12 empties on, random
 * positions at 14-17 empties get the same score as without, on every
 * compiled engine. */
TEST(reversi_selective_passes_keep_scores_exact) {
    uint64_t pos[12][2];
    int tested = random_positions(2026, 12, 14, pos);
    for (int game = 0; game < tested; game++) {
        uint64_t P = pos[game][0], O = pos[game][1];
        int want = 0;
        for (int cpu = RV_CPU_GENERIC; cpu <= rv_cpu_level(); cpu++)
            for (int sel = 0; sel < 2; sel++) {
                rvs_ctx c;
                REQUIRE(rvs_init(&c, 8, 16, NULL, 0, 0) == GS_OK);
                c.cpu = cpu;
                c.sel_root = sel ? 12 : 99;
                int best = -1, v = rvs_solve(&c, P, O, rvs_guess(&c, P, O), &best);
                if (cpu == RV_CPU_GENERIC && !sel) want = v;
                CHECKF(v == want, "game %d cpu %d selective %d: %d, expected %d", game, cpu, sel, v, want);
                rvs_free(&c);
            }
    }
    CHECK(tested >= 10);
}

/* The FFO positions through the io layer's OBF reader: the solver must
 * give the exact score and one of the moves listed with that score. */
static void ffo_check(int first, int last) {
    char path[512], line[1024];
    snprintf(path, sizeof path, "%s/reversi/ffo-40-59.obf", gs_testdata());
    FILE *f = fopen(path, "r");
    REQUIREF(f, "cannot open %s", path);
    gs_game *g;
    gs_state *s = new_state("reversi", &g);
    REQUIRE(s);
    int num = -1, done = 0;
    static gs_obf_position pos;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '%') {
            if (sscanf(line, "%% FFO#%d", &num) != 1) num = -1;
            continue;
        }
        if (num < first || num > last) continue;
        gs_error err;
        REQUIREF(gs_obf_parse_line(line, strcspn(line, "\r\n"), &pos, &err) == GS_OK, "FFO #%d: %s", num, err.msg);
        REQUIRE(pos.side == 8 && pos.neval > 0);
        REQUIRE(gs_setup(s, pos.cells, pos.to_move, &err) == GS_OK);
        gs_ai_opts o = {0};
        gs_solve_result r;
        REQUIRE(gs_solve(s, &o, &r, &err) == GS_OK);
        int want = pos.eval[0].score, listed = 0;
        for (int k = 0; k < pos.neval; k++) listed |= pos.eval[k].move == r.best && pos.eval[k].score == want;
        char mv[16];
        CHECKF(r.complete && r.score == want, "FFO #%d: score %d, expected %d", num, r.score, want);
        CHECKF(listed, "FFO #%d: move %s is not a best move", num, gs_state_format_move(s, r.best, mv, sizeof mv));
        done++;
    }
    fclose(f);
    CHECK_EQ_INT(done, last - first + 1);
    gs_state_free(s);
    gs_game_free(g);
}

TEST(reversi_ffo_quick) { ffo_check(40, 40); }

TEST(reversi_ffo_all_slow) {
    SLOW_ONLY();
    ffo_check(41, 59);
}

/* Solve SPEC from the start: the score for black must be `want` (with
 * the empties to the winner); brute = 1 also checks by brute force that
 * the chosen move keeps it. */
static void solve_start(const char *spec, int want, int brute_check) {
    gs_game *g;
    gs_state *s = new_state(spec, &g);
    REQUIRE(s);
    gs_ai_opts o = {0};
    gs_solve_result r;
    gs_error err;
    REQUIRE(gs_solve(s, &o, &r, &err) == GS_OK);
    CHECKF(r.complete && r.score == want && r.value == (want > 0) - (want < 0), "%s: score %d", spec, r.score);
    REQUIRE(gs_check(s, r.best) == GS_OK);
    if (brute_check) {
        CHECK_EQ_INT(brute(s), want);
        gs_play(s, r.best);
        CHECK_EQ_INT(-brute(s), want);
    }
    gs_state_free(s);
    gs_game_free(g);
}

/* 4x4 (a symmetric root: one move of each symmetric set is searched):
 * white wins 11-3 with two squares empty, -10 for black with the empties
 * to the winner.  6x6: white wins 20-16 (Feinstein 1993), -4. */
TEST(reversi_size4_solved) { solve_start("reversi:size=4", -10, 1); }

TEST(reversi_size6_solved_slow) {
    SLOW_ONLY();
    solve_start("reversi:size=6", -4, 0);
}

/* ---- player ---- */

static int play_game(const char *spec, const char *black, const char *white, uint64_t seed, uint64_t nodes) {
    gs_game *g;
    gs_state *s = new_state(spec, &g);
    if (!s) return -100;
    gs_move mv[GS_MAX_CELLS + 1], m;
    gs_error err;
    while (!gs_is_over(s)) {
        gs_ai_opts o = {0};
        o.seed = seed + (uint64_t)s->nhist;
        o.node_limit = nodes;
        const char *lv = s->to_move == GS_BLACK ? black : white;
        if (gs_ai_move(s, lv, &o, &m, &err) != GS_OK) { gs_test_fail(__FILE__, __LINE__, "%s", err.msg); break; }
        int n = gs_legal_moves(s, mv);
        CHECKF(m != GS_PASS || (n == 1 && mv[0] == GS_PASS), "%s passed with a move available", lv);
        if (gs_play(s, m) != GS_OK) { gs_test_fail(__FILE__, __LINE__, "illegal AI move"); break; }
    }
    gs_result r;
    gs_result_get(s, &r);
    int w = r.winner;
    gs_state_free(s);
    gs_game_free(g);
    return w;
}

TEST(reversi_player_beats_beginner) {
    for (int i = 0; i < 4; i++) {
        int strong_black = i % 2 == 0;
        int w = play_game("reversi", strong_black ? "strong" : "beginner", strong_black ? "beginner" : "strong",
                          1000 + (uint64_t)i, 20000);
        CHECKF(w == (strong_black ? GS_BLACK : GS_WHITE), "game %d: strong lost to beginner", i);
    }
    /* every level plays legal games on small and large boards */
    static const char *const lv[] = {"random", "beginner", "medium", "strong"};
    for (int i = 0; i < 4; i++) {
        CHECK(play_game("reversi:size=6", lv[i], lv[3 - i], 7, 5000) >= 0);
        CHECK(play_game("reversi:size=10", lv[i], "random", 7, 2000) >= 0);
    }
}

/* "medium:exact=16": from 16 empty squares on the player must keep the
 * exact score (its move loses nothing against the solver's value). */
TEST(reversi_level_exact_option_plays_perfectly) {
    gs_game *g;
    gs_state *s = new_state("reversi", &g);
    REQUIRE(s);
    gs_rng rng;
    gs_rng_seed(&rng, 4242);
    gs_move mv[GS_MAX_CELLS + 1];
    gs_error err;
    for (int game = 0; game < 3; game++) {
        while (s->nhist) gs_undo(s);
        int b, w, e;
        do {
            int n = gs_legal_moves(s, mv);
            gs_play(s, mv[gs_rng_below(&rng, (uint32_t)n)]);
            rv_count(s, &b, &w, &e);
        } while (!gs_is_over(s) && e > 14);
        if (gs_is_over(s)) continue;
        gs_ai_opts o = {0};
        gs_solve_result r, r2;
        REQUIRE(gs_solve(s, &o, &r, &err) == GS_OK);
        gs_move m;
        REQUIREF(gs_ai_move(s, "medium:exact=16,depth=2", &o, &m, &err) == GS_OK, "%s", err.msg);
        REQUIRE(gs_play(s, m) == GS_OK);
        REQUIRE(gs_solve(s, &o, &r2, &err) == GS_OK);
        int kept = -r2.score;   /* the turn passes to the other side, even after a pass */
        CHECKF(r.complete && r2.complete && kept == r.score, "game %d: solver %d, after the AI's move %d", game,
               r.score, kept);
    }
    /* every level is bounded whatever its options: medium has no time
     * default, and "medium:depth=60" (or exact=60) without a limit once
     * searched for good - a server's AI worker (and its SIGTERM) held by one
     * game.  Its node ceiling stops such a search; the search itself is
     * shown stopping at a small one. */
    for (int strong = 0; strong < 2; strong++) {
        rv_ai_cfg c = rv_ai_level_cfg(strong);
        CHECKF(c.time_limit > 0 || c.node_limit > 0, "level preset %d has no bound", strong);
    }
    {
        while (s->nhist) gs_undo(s);
        rv_ai_cfg c = rv_ai_level_cfg(0);
        c.max_depth = 60;
        c.exact_empties = 60;
        c.node_limit = 200000;
        gs_ai_opts o = {0};
        gs_move m = GS_NOMOVE;
        REQUIREF(rv_ai_search(s, &c, &o, &m, &err) == GS_OK, "%s", err.msg);
        CHECK(gs_check(s, m) == GS_OK);
    }
    CHECK(gs_ai_check_level(g, "strong:exact=20,depth=9", &err) == GS_OK);
    CHECK(gs_ai_check_level(g, "strong:exact=61", &err) == GS_ERR_BAD_VALUE);
    CHECK(gs_ai_check_level(g, "strong:speed=1", &err) == GS_ERR_UNKNOWN_KEY);
    CHECK(gs_ai_check_level(g, "random:exact=3", &err) == GS_ERR_UNKNOWN_KEY);
    CHECK(gs_ai_check_level(g, "nobody", &err) == GS_ERR_BAD_VALUE);
    gs_state_free(s);
    gs_game_free(g);
}

/* The midgame ProbCut (strong:probcut=T): the option is read and checked;
 * the committed error model (src/ai/reversi_mpc.c, tools/rv_mpc_fit.c) has
 * a sigma for the midgame stages; with it a fixed-depth search cuts nodes
 * and still answers a legal move, and the exact solver never uses it. */
TEST(reversi_probcut_option_and_cuts) {
    gs_game *g;
    gs_error err;
    REQUIRE(gs_game_new("reversi", &g, &err) == GS_OK);
    CHECK(gs_ai_check_level(g, "strong:probcut=1.5", &err) == GS_OK);
    CHECK(gs_ai_check_level(g, "strong:probcut=0", &err) == GS_OK);
    CHECK(gs_ai_check_level(g, "strong:probcut=4.5", &err) == GS_ERR_BAD_VALUE);
    CHECK(gs_ai_check_level(g, "medium:probcut=x", &err) != GS_OK);
    CHECK(gs_ai_check_level(g, "strong:speed=1", &err) == GS_ERR_UNKNOWN_KEY);
    CHECK(strstr(err.msg, "probcut") != NULL);
    for (int st = 6; st <= 12; st++) CHECKF(rv_mpc_sigma[st][8] > 0, "stage %d", st);
    /* a midgame position: 20 random plies of a seeded game */
    gs_state *s = gs_state_new(g);
    gs_rng rng;
    gs_rng_seed(&rng, 99);
    gs_move mv[GS_MAX_CELLS + 1];
    for (int k = 0; k < 20; k++) {
        int n = gs_legal_moves(s, mv);
        REQUIRE(gs_play(s, mv[gs_rng_below(&rng, (uint32_t)n)]) == GS_OK);
    }
    uint64_t P, O, nodes[2];
    rv_state_bb(s, &P, &O);
    int list[64], nl = 0, best[2];
    for (uint64_t x = rv_moves(P, O); x; x &= x - 1) list[nl++] = rv_lsb(x);
    for (int on = 0; on < 2; on++) {
        rvs_ctx c;
        REQUIRE(rvs_init(&c, 8, 16, NULL, 0, 0) == GS_OK);
        c.mpc = on ? 100 : 0;
        rvs_mid(&c, P, O, 8, 0, list, nl, &best[on]);
        nodes[on] = c.nodes;
        rvs_free(&c);
    }
    CHECKF(nodes[1] < nodes[0], "nodes with ProbCut %llu, without %llu", (unsigned long long)nodes[1],
           (unsigned long long)nodes[0]);
    CHECK(rv_moves(P, O) >> best[1] & 1);
    gs_move m = GS_NOMOVE;
    gs_ai_opts o = {0};
    o.node_limit = 100000;
    REQUIREF(gs_ai_move(s, "strong:probcut=1.5", &o, &m, &err) == GS_OK, "%s", err.msg);
    CHECK(gs_check(s, m) == GS_OK);
    gs_state_free(s);
    gs_game_free(g);
}

/* One random ply on bitboards: a random legal move of P (or a pass), then
 * the sides swap; 0 when the game is over (nothing changed). */
static int bb_random_ply(gs_rng *rng, uint64_t mask, uint64_t *P, uint64_t *O) {
    uint64_t mv = rv_moves(*P, *O) & mask;
    if (!mv && !(rv_moves(*O, *P) & mask)) return 0;
    if (mv) {
        int k = (int)gs_rng_below(rng, (uint32_t)rv_popcount(mv));
        while (k--) mv &= mv - 1;
        int sq = rv_lsb(mv);
        uint64_t f = rv_flips(sq, *P, *O);
        *P ^= f | (1ull << sq);
        *O ^= f;
    }
    uint64_t t = *P;
    *P = *O;
    *O = t;
    return 1;
}

/* rvs_stable is a safe bound: from random positions (8x8, where the edge
 * table seeds it, and 6x6, where it does not), random games to the end
 * never flip a disc it called stable; a taken corner is always stable,
 * and on a full board every disc is. */
TEST(reversi_stable_discs_never_flip) {
    static const int sizes[2] = {8, 6};
    for (int si = 0; si < 2; si++) {
        int n = sizes[si], h = n / 2;
        rvs_ctx c;
        REQUIRE(rvs_init(&c, n, 0, NULL, 0, 0) == GS_OK);
        gs_rng rng;
        gs_rng_seed(&rng, 77 + (uint64_t)n);
        uint64_t start_o = (1ull << ((h - 1) * 8 + h - 1)) | (1ull << (h * 8 + h));
        uint64_t start_p = (1ull << ((h - 1) * 8 + h)) | (1ull << (h * 8 + h - 1));
        int found = 0;
        for (int game = 0; game < 300; game++) {
            uint64_t P = start_p, O = start_o;
            int stop = 1 + (int)gs_rng_below(&rng, (uint32_t)(n * n - 5));
            for (int ply = 0; ply < stop && bb_random_ply(&rng, c.mask, &P, &O); ply++) {}
            uint64_t sp = rvs_stable(&c, P, O), so = rvs_stable(&c, O, P);
            CHECK((sp & ~P) == 0 && (so & ~O) == 0);
            CHECK((P & c.corners & ~sp) == 0 && (O & c.corners & ~so) == 0);
            if (!(c.mask & ~(P | O))) CHECK(sp == P && so == O);
            found += rv_popcount(sp | so) > rv_popcount((P | O) & c.corners);
            for (int tries = 0; tries < 20; tries++) {   /* random continuations */
                uint64_t p = P, o = O, spn = sp, son = so;   /* spn: the stable discs of the side to move */
                do {
                    CHECK((spn & ~p) == 0 && (son & ~o) == 0);
                    if ((spn & ~p) || (son & ~o)) break;
                    uint64_t t = spn;
                    spn = son;
                    son = t;
                } while (bb_random_ply(&rng, c.mask, &p, &o));
            }
        }
        CHECK(found > 30);   /* more than the corners, often */
        rvs_free(&c);
    }
}
