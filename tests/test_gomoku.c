/* Gomoku family: the reference forbidden points (renju-cases.jsonl,
 * renju-random-2000.jsonl), variant tables as ASCII boards, setup, undo,
 * draw, and the line-code machinery. */
#include <stdlib.h>
#include "gridstone/gridstone.h"
#include "games/gomoku/gomoku.h"
#include "io/json.h"
#include "test.h"

/* ---- the reference data: JSON Lines read with the project's JSON reader ---- */

/* Points of the array key: [[x, y], ...] into pts (max n); -1 if missing or malformed. */
static int jl_points(const io_json *o, const char *key, int (*pts)[2], int max) {
    const io_json *a = tl_json_get(o, key);
    if (!a || a->type != IO_JSON_ARRAY) return -1;
    int n = tl_json_len(a);
    if (n > max) return -1;
    for (int i = 0; i < n; i++) {
        const io_json *p = tl_json_at(a, i);
        if (tl_json_len(p) != 2 || tl_json_at(p, 0)->type != IO_JSON_NUMBER || tl_json_at(p, 1)->type != IO_JSON_NUMBER)
            return -1;
        pts[i][0] = (int)tl_json_at(p, 0)->num;
        pts[i][1] = (int)tl_json_at(p, 1)->num;
    }
    return n;
}

/* Set up black/white stones of a data line on a renju state, black to move. */
static int load_line(gs_state *s, const io_json *o) {
    static int pts[GS_MAX_CELLS][2];
    uint8_t cells[GS_MAX_CELLS] = {0};
    int w = s->game->geom.w, h = s->game->geom.h;
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        int n = jl_points(o, c == GS_BLACK ? "black" : "white", pts, GS_MAX_CELLS);
        if (n < 0) return 0;
        for (int i = 0; i < n; i++) {
            if (pts[i][0] < 0 || pts[i][0] >= w || pts[i][1] < 0 || pts[i][1] >= h) return 0;
            cells[pts[i][1] * w + pts[i][0]] = (uint8_t)c;
        }
    }
    return gs_setup(s, cells, GS_BLACK, NULL) == GS_OK;
}

static int is_forbidden_code(gs_status st) {
    return st == GS_ERR_FORBIDDEN_DOUBLE_THREE || st == GS_ERR_FORBIDDEN_DOUBLE_FOUR ||
           st == GS_ERR_FORBIDDEN_OVERLINE;
}

TEST(gomoku_renju_cases) {
    tl_jsonl *f = tl_jsonl_open("gomoku/renju-cases.jsonl");
    if (!f) return;
    gs_game *g = tl_game("renju");
    if (!g) return;
    gs_state *s = gs_state_new(g);
    io_json *o;
    int n = 0, forb = 0;
    while (tl_jsonl_next(f, &o)) {
        n++;
        REQUIREF(load_line(s, o), "line %d: bad position", n);
        const io_json *q = tl_json_get(o, "query"), *fb = tl_json_get(o, "forbidden");
        REQUIREF(tl_json_len(q) == 2 && fb && (fb->type == IO_JSON_TRUE || fb->type == IO_JSON_FALSE),
                 "line %d: no query or forbidden", n);
        int x = (int)tl_json_at(q, 0)->num, y = (int)tl_json_at(q, 1)->num;
        int expect = fb->type == IO_JSON_TRUE;
        tl_json_free(o);
        gs_status st = gs_check(s, y * 15 + x);
        CHECKF(is_forbidden_code(st) == expect, "case %d (%d,%d): got %s, expected %s", n, x, y,
               gs_reason_code(st), expect ? "forbidden" : "allowed");
        CHECKF(st == GS_OK || is_forbidden_code(st), "case %d: unexpected %s", n, gs_reason_code(st));
        forb += expect;
    }
    tl_jsonl_close(f);
    CHECK_EQ_INT(n, 59);
    CHECK(forb > 10);
    gs_state_free(s);
    gs_game_free(g);
}

TEST(gomoku_renju_random_2000) {
    tl_jsonl *f = tl_jsonl_open("gomoku/renju-random-2000.jsonl");
    if (!f) return;
    gs_game *g = tl_game("renju");
    if (!g) return;
    gs_state *s = gs_state_new(g);
    io_json *o;
    static int fp[GS_MAX_CELLS][2];
    static gs_move legal[GS_MAX_CELLS + 1];
    int n = 0, total = 0, bad = 0;
    while (tl_jsonl_next(f, &o)) {
        n++;
        int ok = load_line(s, o), nf = jl_points(o, "forbidden", fp, GS_MAX_CELLS);
        tl_json_free(o);
        REQUIREF(ok, "line %d: bad position", n);
        REQUIRE(nf >= 0);
        char expect[225] = {0};
        for (int i = 0; i < nf; i++) expect[fp[i][1] * 15 + fp[i][0]] = 1;
        total += nf;
        int nl = gs_legal_moves(s, legal), nempty = 0;
        for (int i = 0; i < 225; i++) {
            if (s->board.cells[i]) continue;
            nempty++;
            gs_status st = gs_check(s, i);
            if (is_forbidden_code(st) != expect[i] || (st && !is_forbidden_code(st))) {
                if (bad++ < 10)
                    gs_test_fail(__FILE__, __LINE__, "position %d, point %d,%d: got %s, expected %s", n,
                                 i % 15, i / 15, gs_reason_code(st), expect[i] ? "forbidden" : "allowed");
            }
        }
        CHECKF(nl == nempty - nf, "position %d: %d legal moves, expected %d", n, nl, nempty - nf);
    }
    tl_jsonl_close(f);
    CHECK_EQ_INT(n, 2000);
    CHECK_EQ_INT(bad, 0);
    CHECK(total > 1000);
    gs_state_free(s);
    gs_game_free(g);
}

/* ---- variant tables ---- */

/* An ASCII board, rows from the top: X black, O white, . empty, * the move
 * to try (by the side to move). */
typedef struct vcase {
    const char *name, *spec;
    int to_move;
    const char *rows[9];
    gs_status check;    /* expected gs_check of * */
    int winner;         /* expected winner after playing it (when legal) */
} vcase;

#define R9(a, b, c, d, e, f, g, h, i) { a, b, c, d, e, f, g, h, i }
#define E9 "........."
#define B GS_BLACK
#define W GS_WHITE

static const vcase vcases[] = {
    {"freestyle five", "gomoku:size=9", B, R9(E9, E9, E9, E9, "XXXX*....", E9, E9, E9, E9), GS_OK, B},
    {"freestyle overline wins", "gomoku:size=9", B, R9(E9, E9, E9, E9, "XXX*XX...", E9, E9, E9, E9), GS_OK, B},
    {"freestyle white overline wins", "gomoku:size=9", W, R9(E9, E9, E9, E9, "OOO*OO...", E9, E9, E9, E9), GS_OK, W},
    {"freestyle double three allowed", "gomoku:size=9", B,
     R9(E9, E9, "...X.....", "...X.....", ".XX*.....", E9, E9, E9, E9), GS_OK, 0},
    {"standard exact five", "gomoku:size=9,rule=standard", W, R9(E9, E9, E9, E9, ".OOOO*...", E9, E9, E9, E9), GS_OK, W},
    {"standard overline no win", "gomoku:size=9,rule=standard", B, R9(E9, E9, E9, E9, "XXX*XX...", E9, E9, E9, E9), GS_OK, 0},
    {"standard white overline no win", "gomoku:size=9,rule=standard", W, R9(E9, E9, E9, E9, "OO*OOO...", E9, E9, E9, E9), GS_OK, 0},
    {"standard six by column", "gomoku:size=9,rule=standard", B,
     R9("X........", "X........", "X........", "*........", "X........", "X........", E9, E9, E9), GS_OK, 0},
    {"renju black five", "renju:size=9", B, R9(E9, E9, E9, E9, "XXXX*....", E9, E9, E9, E9), GS_OK, B},
    {"renju black overline forbidden", "renju:size=9", B, R9(E9, E9, E9, E9, "XXX*XX...", E9, E9, E9, E9),
     GS_ERR_FORBIDDEN_OVERLINE, 0},
    {"renju white overline wins", "renju:size=9", W, R9(E9, E9, E9, E9, "OOO*OO...", E9, E9, E9, E9), GS_OK, W},
    {"renju black double three", "renju:size=9", B,
     R9(E9, E9, "...X.....", "...X.....", ".XX*.....", E9, E9, E9, E9), GS_ERR_FORBIDDEN_DOUBLE_THREE, 0},
    {"renju split three counts", "renju:size=9", B,
     R9(E9, E9, "...X.....", E9, ".X.*X....", "...X.....", E9, E9, E9), GS_ERR_FORBIDDEN_DOUBLE_THREE, 0},
    {"renju blocked three is no three", "renju:size=9", B,
     R9(E9, E9, "...X.....", "...X.....", "OXX*.....", E9, E9, E9, E9), GS_OK, 0},
    {"renju white double three allowed", "renju:size=9", W,
     R9(E9, E9, "...O.....", "...O.....", ".OO*.....", E9, E9, E9, E9), GS_OK, 0},
    {"renju black double four", "renju:size=9", B,
     R9(E9, "...X.....", "...X.....", "...X.....", "XXX*.....", E9, E9, E9, E9), GS_ERR_FORBIDDEN_DOUBLE_FOUR, 0},
    {"renju double four on one line", "renju:size=9", B, R9(E9, E9, E9, E9, "X.X*X.X..", E9, E9, E9, E9),
     GS_ERR_FORBIDDEN_DOUBLE_FOUR, 0},
    {"renju four-three allowed", "renju:size=9", B,
     R9(E9, "...X.....", "...X.....", "...X.....", ".XX*.....", E9, E9, E9, E9), GS_OK, 0},
    {"renju five with double three wins", "renju:size=9", B,
     R9(E9, E9, ".X.X.....", "..XX.....", ".XX*XX...", E9, E9, E9, E9), GS_OK, B},
    {"renju five with overline elsewhere wins", "renju:size=9", B,
     R9("...X.....", "...X.....", "...X.....", "...X.....", ".XX*XX...", "...X.....", E9, E9, E9), GS_OK, B},
    {"renju white double four allowed", "renju:size=9", W,
     R9(E9, "...O.....", "...O.....", "...O.....", "OOO*.....", E9, E9, E9, E9), GS_OK, 0},
    {"omok black double three", "omok:size=9", B,
     R9(E9, E9, "...X.....", "...X.....", ".XX*.....", E9, E9, E9, E9), GS_ERR_FORBIDDEN_DOUBLE_THREE, 0},
    {"omok white double three", "omok:size=9", W,
     R9(E9, E9, "...O.....", "...O.....", ".OO*.....", E9, E9, E9, E9), GS_ERR_FORBIDDEN_DOUBLE_THREE, 0},
    {"omok white double four allowed", "omok:size=9", W,
     R9(E9, "...O.....", "...O.....", "...O.....", "OOO*.....", E9, E9, E9, E9), GS_OK, 0},
    {"omok black double four allowed", "omok:size=9", B, R9(E9, E9, E9, E9, "X.X*X.X..", E9, E9, E9, E9), GS_OK, 0},
    {"omok overline played, no win", "omok:size=9", B, R9(E9, E9, E9, E9, "XXX*XX...", E9, E9, E9, E9), GS_OK, 0},
    {"omok white five", "omok:size=9", W, R9(E9, E9, E9, E9, "OOOO*....", E9, E9, E9, E9), GS_OK, W},
    {"omok five with double three wins", "omok:size=9", B,
     R9(E9, E9, ".X.X.....", "..XX.....", ".XX*XX...", E9, E9, E9, E9), GS_OK, B},
    {"caro open five", "caro:size=9", B, R9(E9, E9, E9, E9, "OXXXX*...", E9, E9, E9, E9), GS_OK, B},
    {"caro five blocked at both ends", "caro:size=9", B, R9(E9, E9, E9, E9, "OXXXX*O..", E9, E9, E9, E9), GS_OK, 0},
    {"caro five at the edge", "caro:size=9", W, R9(E9, E9, E9, E9, "OOOO*X...", E9, E9, E9, E9), GS_OK, W},
    {"caro overline no win", "caro:size=9", B, R9(E9, E9, E9, E9, "XXX*XX...", E9, E9, E9, E9), GS_OK, 0},
    {"caro diagonal blocked", "caro:size=9", W,
     R9("X........", ".O.......", "..O......", "...O.....", "....O....", ".....*...", "......X..", E9, E9), GS_OK, 0},
};

TEST(gomoku_variant_tables) {
    for (size_t k = 0; k < sizeof vcases / sizeof vcases[0]; k++) {
        const vcase *c = &vcases[k];
        gs_game *g;
        gs_error err;
        REQUIREF(gs_game_new(c->spec, &g, &err) == GS_OK, "%s: %s", c->name, err.msg);
        gs_state *s = gs_state_new(g);
        uint8_t cells[81] = {0};
        int star = -1;
        for (int y = 0; y < 9; y++)
            for (int x = 0; x < 9; x++) {
                char ch = c->rows[y][x];
                cells[y * 9 + x] = ch == 'X' ? GS_BLACK : ch == 'O' ? GS_WHITE : GS_EMPTY;
                if (ch == '*') star = y * 9 + x;
            }
        REQUIRE(star >= 0);
        CHECKF(gs_setup(s, cells, c->to_move, &err) == GS_OK, "%s: setup: %s", c->name, err.msg);
        CHECKF(!gs_is_over(s), "%s: over before the move", c->name);
        gs_status st = gs_check(s, star);
        CHECKF(st == c->check, "%s: check %s, expected %s", c->name, gs_reason_code(st), gs_reason_code(c->check));
        CHECKF(gs_play(s, star) == st, "%s: play disagrees with check", c->name);
        if (st == GS_OK) {
            gs_result r;
            gs_result_get(s, &r);
            CHECKF(r.winner == c->winner && r.over == (c->winner != 0), "%s: winner %d over %d, expected %d",
                   c->name, r.winner, r.over, c->winner);
            if (c->winner) {
                CHECK(r.how == GS_END_LINE);
                CHECKF(r.nline >= 5, "%s: line of %d", c->name, r.nline);
                int has_star = 0;
                for (int i = 0; i < r.nline; i++) {
                    has_star |= r.line[i] == star;
                    CHECK(s->board.cells[r.line[i]] == c->winner);
                }
                CHECKF(has_star, "%s: the winning line misses the move", c->name);
            }
            CHECK(gs_validate(s, &err) == GS_OK);
            REQUIRE(gs_undo(s) == GS_OK);
            CHECK(!gs_is_over(s));
            for (int i = 0; i < 81; i++) CHECK(s->board.cells[i] == cells[i]);
        } else {
            CHECK(s->nhist == 0 && s->board.cells[star] == GS_EMPTY);
        }
        CHECK(gs_validate(s, &err) == GS_OK);
        gs_state_free(s);
        gs_game_free(g);
    }
}

TEST(gomoku_spec_and_basics) {
    gs_game *g;
    gs_error err;
    REQUIRE(gs_game_new("gomoku", &g, &err) == GS_OK);
    CHECK_EQ_STR(g->spec, "gomoku:size=15,rule=freestyle");
    CHECK(g->notation == GS_NOTE_ALPHA && g->sgf_gm == 4);
    gs_state *s = gs_state_new(g);
    CHECK(gs_check(s, GS_PASS) == GS_ERR_PASS_NOT_ALLOWED);
    gs_move m;
    REQUIRE(gs_state_parse_move(s, "h8", &m) == GS_OK);
    CHECK_EQ_INT(m, 7 * 15 + 7);
    CHECK(gs_play(s, m) == GS_OK);
    CHECK(gs_play(s, m) == GS_ERR_OCCUPIED);
    CHECK(s->to_move == GS_WHITE);
    gs_state_free(s);
    gs_game_free(g);
    REQUIRE(gs_game_new("renju", &g, &err) == GS_OK);
    CHECK_EQ_STR(g->spec, "gomoku:size=15,rule=renju");
    gs_game_free(g);
    REQUIRE(gs_game_new("gomoku:size=20x12,rule=caro", &g, &err) == GS_OK);
    CHECK(g->geom.w == 20 && g->geom.h == 12);
    CHECK_EQ_STR(g->spec, "gomoku:size=20x12,rule=caro");
    gs_game_free(g);
    static const char *const bad[] = {"gomoku:size=4", "gomoku:size=33", "gomoku:size=9x", "gomoku:size=x9",
                                      "gomoku:rule=pente", "gomoku:size=15x4", "gomoku:colour=1", "omok:size=abc", NULL};
    for (int i = 0; bad[i]; i++) {
        g = NULL;
        CHECKF(gs_game_new(bad[i], &g, &err) != GS_OK, "%s accepted", bad[i]);
        if (g) gs_game_free(g);
    }
}

TEST(gomoku_full_board_draw) {
    gs_game *g;
    REQUIRE(gs_game_new("gomoku:size=5", &g, NULL) == GS_OK);
    gs_state *s = gs_state_new(g);
    static const char *rows[5] = {"XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOO."};
    uint8_t cells[25];
    for (int i = 0; i < 25; i++) cells[i] = rows[i / 5][i % 5] == 'X' ? GS_BLACK : rows[i / 5][i % 5] == 'O' ? GS_WHITE : 0;
    REQUIRE(gs_setup(s, cells, GS_WHITE, NULL) == GS_OK);
    CHECK(!gs_is_over(s));
    CHECK(gs_play(s, 24) == GS_OK);
    gs_result r;
    gs_result_get(s, &r);
    CHECK(r.over && r.winner == GS_EMPTY && r.how == GS_END_FULL);
    gs_move mv[32];
    CHECK_EQ_INT(gs_legal_moves(s, mv), 0);
    CHECK(gs_undo(s) == GS_OK && !gs_is_over(s));
    gs_state_free(s);
    gs_game_free(g);
}

TEST(gomoku_setup_with_five) {
    gs_game *g;
    REQUIRE(gs_game_new("gomoku:size=9,rule=standard", &g, NULL) == GS_OK);
    gs_state *s = gs_state_new(g);
    uint8_t cells[81] = {0};
    for (int x = 0; x < 5; x++) cells[x] = GS_WHITE;
    for (int x = 0; x < 5; x++) cells[18 + x] = GS_BLACK;
    /* both have a five: refused (as in every line game), the state unchanged */
    REQUIRE(gs_play(s, 40) == GS_OK);
    uint64_t h0 = gs_state_hash(s);
    gs_error err;
    CHECK(gs_setup(s, cells, GS_BLACK, &err) == GS_ERR_BAD_POSITION);
    CHECK(strstr(err.msg, "both colours") != NULL);
    CHECK(gs_state_hash(s) == h0 && s->nhist == 1 && s->board.cells[40] == GS_BLACK);
    CHECK(gs_validate(s, NULL) == GS_OK);
    /* only the side to move has five: refused too */
    for (int x = 0; x < 5; x++) cells[x] = GS_EMPTY;
    CHECK(gs_setup(s, cells, GS_BLACK, &err) == GS_ERR_BAD_POSITION);
    CHECK(strstr(err.msg, "side to move") != NULL);
    /* only the colour that moved last has five: it has won */
    REQUIRE(gs_setup(s, cells, GS_WHITE, NULL) == GS_OK);
    for (int x = 0; x < 5; x++) cells[x] = GS_WHITE;
    for (int x = 0; x < 5; x++) cells[18 + x] = GS_EMPTY;
    cells[18] = GS_BLACK;
    REQUIRE(gs_setup(s, cells, GS_BLACK, NULL) == GS_OK);
    gs_result r;
    gs_result_get(s, &r);
    CHECK(r.over && r.winner == GS_WHITE && r.nline == 5);
    CHECK(gs_check(s, 40) == GS_ERR_GAME_OVER);
    CHECK(gs_undo(s) == GS_ERR_NO_UNDO);
    CHECK(gs_validate(s, NULL) == GS_OK);
    cells[0] = 7;
    CHECK(gs_setup(s, cells, GS_BLACK, NULL) == GS_ERR_BAD_POSITION);
    cells[0] = 0;
    CHECK(gs_setup(s, cells, 0, NULL) == GS_ERR_BAD_POSITION);
    gs_state_free(s);
    gs_game_free(g);
}

/* gs_validate finds a stale line code at any cell and direction (it checks
 * the codes line by line with a sliding window), on a non-square board with
 * stones near every edge. */
TEST(gomoku_validate_finds_stale_codes) {
    gs_game *g;
    REQUIRE(gs_game_new("gomoku:size=7x9,rule=renju", &g, NULL) == GS_OK);
    gs_state *s = gs_state_new(g);
    const gmk_game *gg = (const gmk_game *)g;
    int n = g->geom.n;
    uint8_t cells[GS_MAX_CELLS] = {0};
    for (int i = 0; i < n; i++) cells[i] = (uint8_t)((i * 7 + i / 7) % 5 == 0 ? GS_BLACK : (i * 3) % 7 == 1 ? GS_WHITE : 0);
    REQUIRE(gs_setup(s, cells, GS_BLACK, NULL) == GS_OK);
    REQUIRE(gs_validate(s, NULL) == GS_OK);
    gmk_state *st = (gmk_state *)s;
    int found = 0;
    for (int i = 0; i < n; i++)
        for (int d = 0; d < 4; d++) {
            int p = gg->pidx[i];
            uint16_t keep = st->code[d][p];
            st->code[d][p] ^= (uint16_t)(1u << ((i + d) % 16));
            gs_error err;
            char want[64];
            snprintf(want, sizeof want, "cell %d direction %d", i, d);
            if (gs_validate(s, &err) == GS_ERR_BAD_POSITION && strstr(err.msg, want)) found++;
            st->code[d][p] = keep;
        }
    CHECK_EQ_INT(found, 4 * n);
    CHECK(gs_validate(s, NULL) == GS_OK);
    gs_state_free(s);
    gs_game_free(g);
}

/* The forbidden-point prefilter never hides a forbidden point: random
 * dense renju/omok positions, prefiltered check = raw recursive check. */
TEST(gomoku_prefilter_is_exact) {
    static const char *const specs[] = {"renju", "omok", "renju:size=8x11", NULL};
    gs_rng rng;
    gs_rng_seed(&rng, 99);
    for (int k = 0; specs[k]; k++) {
        gs_game *g;
        REQUIRE(gs_game_new(specs[k], &g, NULL) == GS_OK);
        gs_state *s = gs_state_new(g);
        const gmk_game *gg = (const gmk_game *)g;
        int n = g->geom.n, mism = 0, tried = 0;
        for (int pos = 0; pos < 150; pos++) {
            uint8_t cells[GS_MAX_CELLS] = {0};
            int dens = 20 + (int)gs_rng_below(&rng, 40);
            for (int i = 0; i < n; i++) {
                uint32_t r = gs_rng_below(&rng, 100);
                cells[i] = r < (uint32_t)dens / 2 ? GS_BLACK : r < (uint32_t)dens ? GS_WHITE : 0;
            }
            /* a position with a five of the side to move is refused: try the other side */
            int tm = 1 + (int)gs_rng_below(&rng, 2);
            if (gs_setup(s, cells, tm, NULL) != GS_OK && gs_setup(s, cells, GS_OTHER(tm), NULL) != GS_OK) continue;
            tried++;
            const gmk_state *st = (const gmk_state *)s;
            for (int i = 0; i < n; i++) {
                int p = gg->pidx[i];
                if (st->a[p]) continue;
                uint8_t a[GMK_PADN];
                memcpy(a, st->a, sizeof a);
                for (int c = 1; c <= 2; c++)
                    if (gmk_forbidden(st, p, c) != gmk_forbidden_raw(gg->rule, a, p, c)) mism++;
            }
        }
        CHECKF(mism == 0, "%s: %d prefilter mismatches", specs[k], mism);
        CHECKF(tried >= 100, "%s: only %d of 150 random positions could be set up", specs[k], tried);
        gs_state_free(s);
        gs_game_free(g);
    }
}

/* The compile-time window table equals what gmk_classify_window computes,
 * and a few windows have the expected classes. */
TEST(gomoku_window_table) {
    static int8_t memo[6561];
    memset(memo, -1, sizeof memo);
    int bad = 0;
    for (int i = 0; i < 6561; i++) bad += gmk_classify_window(memo, i) != (int8_t)gmk_window_class[i];
    CHECK_EQ_INT(bad, 0);
    /* own stones at offsets -3..-1 with everything else empty: five or more
     * needs one more -> centre makes a straight four */
    int idx = 1 * 3 + 1 * 9 + 1 * 27;   /* slots 1,2,3 = offsets -3,-2,-1 */
    CHECK_EQ_INT(gmk_window_class[idx], GMK_P_FOUR_OPEN);
    CHECK_EQ_INT(gmk_window_class[0], GMK_P_ONE);
    idx = 1 * 27 + 1 * 81 * 1;          /* offsets -1 and +1 */
    CHECK_EQ_INT(gmk_window_class[idx], GMK_P_THREE_OPEN);
}

/* The generated pattern table gives, for every 16-bit line code and colour,
 * the class of the window built digit by digit (the other colour and the
 * frame are blocked). */
TEST(gomoku_code_tables) {
    int bad = 0;
    for (int c = 1; c <= 2; c++)
        for (int code = 0; code < 65536; code++) {
            int idx = 0, p = 1;
            for (int s = 0; s < 8; s++, p *= 3) {
                int v = code >> (2 * s) & 3;
                idx += (v == 0 ? 0 : v == c ? 1 : 2) * p;
            }
            bad += gmk_pat_class(c, (unsigned)code) != gmk_window_class[idx];
        }
    CHECK_EQ_INT(bad, 0);
}
