/* m,n,k-games: rule cases on ASCII boards, spec keys, setup/validate,
 * tic-tac-toe counts against testdata/mnk/tictactoe.csv, the solver
 * against values.csv and against a brute-force minimax, the two bitboard
 * instantiations against each other, and the AI levels (legality,
 * reproducibility, beginner tactics, perfect never losing: exhaustive on
 * tic-tac-toe from every reachable position and on (4,4,4) from the start).
 * Everything here runs in a few seconds; GS_SLOW=1 adds the (5,4,4)
 * perfect-play walks with and without gravity (reported "skip" without it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "ai/mnk_ai.h"
#include "ai/mnk_c4.h"
#include "test.h"

static gs_state *new_state(const char *spec, gs_game **g) {
    if (!(*g = tl_game(spec))) return NULL;
    return gs_state_new(*g);
}

/* Rows top to bottom (tl_cells), side to move from the counts.  Returns
 * GS_OK or setup's status (some cases expect a refusal). */
static gs_status load_board(gs_state *s, const char *const *rows, gs_error *err) {
    uint8_t cells[GS_MAX_CELLS] = {0};
    int w = s->game->geom.w, h = s->game->geom.h, b = 0, wh = 0;
    for (int y = 0; y < h; y++) {
        if ((int)strlen(rows[y]) != w || tl_cells(rows[y], cells + y * w, w) != w)
            return gs_error_set(err, GS_ERR_INVALID_ARG, "row %d is not %d cells", y, w);
    }
    for (int i = 0; i < w * h; i++) b += cells[i] == GS_BLACK, wh += cells[i] == GS_WHITE;
    return gs_setup(s, cells, b > wh ? GS_WHITE : GS_BLACK, err);
}

/* ---- rule cases ---- */

typedef struct rule_case {
    const char *name, *spec;
    const char *rows[8];
    const char *move;         /* in the game's notation or x,y */
    gs_status want;
    int winner;               /* after the move: -1 still running, 0 draw, 1/2 */
    const char *line;         /* winning cells as "x,y x,y ..." in order, or NULL */
} rule_case;

static const rule_case rule_cases[] = {
    {"row", "tictactoe", {"XX.", "OO.", "..."}, "2,0", GS_OK, GS_BLACK, "0,0 1,0 2,0"},
    {"column", "tictactoe", {"XO.", "XO.", "..X"}, "1,2", GS_OK, GS_WHITE, "1,0 1,1 1,2"},
    {"diagonal-se", "tictactoe", {"XO.", "OX.", "..."}, "2,2", GS_OK, GS_BLACK, "0,0 1,1 2,2"},
    {"diagonal-sw", "tictactoe", {"XXO", "XO.", "..."}, "0,2", GS_OK, GS_WHITE, "2,0 1,1 0,2"},
    {"middle-of-line", "tictactoe", {"X.X", "OO.", "..."}, "b3", GS_OK, GS_BLACK, "0,0 1,0 2,0"},
    {"bottom-edge-row", "mnk:m=5,n=4,k=4", {"..O..", ".O...", "O....", ".XXX."}, "4,3", GS_OK, GS_BLACK,
     "1,3 2,3 3,3 4,3"},
    {"right-edge-column", "mnk:m=5,n=4,k=4", {"....X", "....X", "OOO.X", "....."}, "4,3", GS_OK, GS_BLACK,
     "4,0 4,1 4,2 4,3"},
    {"corner-diagonal", "mnk:m=5,n=4,k=4", {"....X", "...X.", "..X..", "O..OO"}, "1,3", GS_OK, GS_BLACK,
     "4,0 3,1 2,2 1,3"},
    {"whole-run-longer-than-k", "mnk:m=6,n=2,k=3", {"XX.XX.", "OO.OO."}, "2,0", GS_OK, GS_BLACK,
     "0,0 1,0 2,0 3,0 4,0"},
    {"no-wrap-across-rows", "mnk:m=4,n=3,k=3", {"...X", "X...", "OO.."}, "1,1", GS_OK, -1, NULL},
    {"two-but-not-three", "tictactoe", {"X..", "O..", "..."}, "2,2", GS_OK, -1, NULL},
    {"draw-full-board", "tictactoe", {"XOX", "XOO", "OX."}, "2,2", GS_OK, 0, NULL},
    {"last-cell-wins", "tictactoe", {"XOX", "OXO", "OX."}, "2,2", GS_OK, GS_BLACK, "0,0 1,1 2,2"},
    {"occupied", "tictactoe", {"X..", "...", "..."}, "0,0", GS_ERR_OCCUPIED, -1, NULL},
    {"out-of-bounds", "tictactoe", {"...", "...", "..."}, "d1", GS_ERR_OUT_OF_BOUNDS, -1, NULL},
    {"pass", "tictactoe", {"...", "...", "..."}, "pass", GS_ERR_PASS_NOT_ALLOWED, -1, NULL},
    {"after-the-end", "tictactoe", {"XXX", "OO.", "..."}, "2,1", GS_ERR_GAME_OVER, GS_BLACK, NULL},
    {"pass-after-the-end", "tictactoe", {"XXX", "OO.", "..."}, "pass", GS_ERR_GAME_OVER, GS_BLACK, NULL},
    {"k1-first-stone-wins", "mnk:m=3,n=2,k=1", {"...", "..."}, "1,1", GS_OK, GS_BLACK, "1,1"},
    {"k-above-both-sides", "mnk:m=2,n=2,k=3", {"XO", "X."}, "1,1", GS_OK, 0, NULL},
    {"gravity-landing", "mnk:m=4,n=4,k=4,gravity=1", {"....", "....", "....", "...."}, "1,3", GS_OK, -1, NULL},
    {"gravity-floating", "mnk:m=4,n=4,k=4,gravity=1", {"....", "....", "....", "...."}, "1,2",
     GS_ERR_OUT_OF_BOUNDS, -1, NULL},
    {"gravity-on-top", "mnk:m=4,n=4,k=4,gravity=1", {"....", "....", ".O..", ".X.."}, "1,1", GS_OK, -1, NULL},
    {"gravity-skip-cell", "mnk:m=4,n=4,k=4,gravity=1", {"....", "....", ".O..", ".X.."}, "1,0",
     GS_ERR_OUT_OF_BOUNDS, -1, NULL},
    {"gravity-full-column", "mnk:m=4,n=4,k=4,gravity=1", {".X..", ".O..", ".X..", ".O.X"}, "1,0",
     GS_ERR_OCCUPIED, -1, NULL},
    {"gravity-win", "connect4", {".......", ".......", ".......", ".......", "OO.....", "XXX.O.."}, "d1", GS_OK,
     GS_BLACK, "0,5 1,5 2,5 3,5"},
    {"gravity-diagonal", "connect4",
     {".......", ".......", "...O...", "..XX...", ".XOO...", "XOXO..."}, "3,2", GS_ERR_OCCUPIED, -1, NULL},
    {"gravity-diagonal-win", "connect4",
     {".......", ".......", ".......", "..XO...", ".XOO...", "XOXOX.."}, "d4", GS_OK, GS_BLACK,
     "3,2 2,3 1,4 0,5"},
};

static int parse_line(const gs_game *g, const char *text, int *cells) {
    int n = 0, x, y, used;
    while (sscanf(text, " %d,%d%n", &x, &y, &used) == 2) {
        cells[n++] = y * g->geom.w + x;
        text += used;
    }
    return n;
}

TEST(mnk_rule_cases) {
    for (size_t i = 0; i < sizeof rule_cases / sizeof rule_cases[0]; i++) {
        const rule_case *c = &rule_cases[i];
        gs_game *g;
        gs_error err;
        gs_state *s = new_state(c->spec, &g);
        REQUIREF(s, "%s: game", c->name);
        REQUIREF(load_board(s, c->rows, &err) == GS_OK, "%s: setup: %s", c->name, err.msg);
        gs_move m;
        gs_status st = gs_state_parse_move(s, c->move, &m);
        if (st == GS_OK) st = gs_check(s, m);
        CHECKF(st == c->want, "%s: check gives %s, expected %s", c->name, gs_reason_code(st), gs_reason_code(c->want));
        if (st == GS_OK) {
            uint64_t h = gs_state_hash(s);
            REQUIRE(gs_play(s, m) == GS_OK);
            CHECK_EQ_INT(gs_validate(s, &err), GS_OK);
            gs_result r;
            gs_result_get(s, &r);
            CHECKF(r.over == (c->winner >= 0) && (c->winner < 0 || r.winner == c->winner), "%s: over %d winner %d",
                   c->name, r.over, r.winner);
            if (c->winner == 0) CHECK(r.how == GS_END_FULL);
            if (c->line) {
                int want[GS_MAX_LINE], nw = parse_line(g, c->line, want);
                CHECK(r.how == GS_END_LINE);
                CHECKF(r.nline == nw, "%s: line of %d cells, expected %d", c->name, r.nline, nw);
                for (int j = 0; j < nw && j < r.nline; j++) CHECKF(r.line[j] == want[j], "%s: line cell %d", c->name, j);
            }
            if (r.over) CHECK(gs_legal_moves(s, (gs_move[GS_MAX_CELLS + 1]){0}) == 0);
            REQUIRE(gs_undo(s) == GS_OK);
            CHECK(gs_state_hash(s) == h);
            CHECK(!gs_is_over(s));
        } else if (gs_is_move_reason(st)) {
            uint64_t h = gs_state_hash(s);
            if (gs_state_parse_move(s, c->move, &m) == GS_OK) CHECK(gs_play(s, m) == c->want);
            CHECK(gs_state_hash(s) == h);
        }
        gs_state_free(s);
        gs_game_free(g);
    }
}

TEST(mnk_spec_keys) {
    gs_game *g;
    gs_error err;
    REQUIRE(gs_game_new("tictactoe", &g, &err) == GS_OK);
    CHECK_EQ_STR(g->spec, "mnk:m=3,n=3,k=3,gravity=0");
    CHECK(g->notation == GS_NOTE_ALPHA && g->sgf_gm == 0);
    gs_game_free(g);
    REQUIRE(gs_game_new("mnk", &g, &err) == GS_OK);
    CHECK_EQ_STR(g->spec, "mnk:m=3,n=3,k=3,gravity=0");
    gs_game_free(g);
    REQUIRE(gs_game_new("connect4", &g, &err) == GS_OK);
    CHECK_EQ_STR(g->spec, "mnk:m=7,n=6,k=4,gravity=1");
    CHECK(g->geom.w == 7 && g->geom.h == 6);
    gs_game_free(g);
    REQUIRE(gs_game_new("mnk:m=32,n=1,k=32", &g, &err) == GS_OK);
    gs_game_free(g);
    static const struct { const char *spec, *key; gs_status want; } bad[] = {
        {"mnk:k=0", "k", GS_ERR_BAD_VALUE},        {"mnk:k=33", "k", GS_ERR_BAD_VALUE},
        {"mnk:m=0", "m", GS_ERR_BAD_VALUE},        {"mnk:n=33", "n", GS_ERR_BAD_VALUE},
        {"mnk:gravity=2", "gravity", GS_ERR_BAD_VALUE}, {"mnk:size=3", "size", GS_ERR_UNKNOWN_KEY},
        {"tictactoe:k=x", "k", GS_ERR_BAD_VALUE},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g = NULL;
        gs_status st = gs_game_new(bad[i].spec, &g, &err);
        CHECKF(st == bad[i].want, "%s: %d", bad[i].spec, st);
        CHECKF(st == GS_OK || strstr(err.msg, bad[i].key), "%s: message '%s' does not name the key", bad[i].spec,
               err.msg);
        if (st == GS_OK) gs_game_free(g);
    }
}

TEST(mnk_setup_and_validate) {
    gs_game *g;
    gs_error err;
    gs_state *s = new_state("tictactoe", &g);
    REQUIRE(s);
    uint8_t cells[9] = {0};
    cells[0] = GS_BLACK;
    CHECK(gs_setup(s, cells, GS_BLACK, &err) == GS_ERR_BAD_POSITION);   /* white is to move */
    CHECK(gs_setup(s, cells, GS_WHITE, &err) == GS_OK);
    cells[1] = GS_BLACK;
    CHECK(gs_setup(s, cells, GS_WHITE, &err) == GS_ERR_BAD_POSITION);   /* two more black stones */
    const char *both[] = {"XXX", "OOO", "X.."};
    CHECK(load_board(s, both, &err) == GS_ERR_BAD_POSITION);
    const char *mover_won[] = {"OOO", "XX.", "..X"};   /* black to move, white has a line: fine */
    CHECK(load_board(s, mover_won, &err) == GS_OK);
    CHECK(gs_is_over(s));
    const char *to_move_won[] = {"XXX", "OO.", "O.."};   /* black to move but black has the line */
    CHECK(load_board(s, to_move_won, &err) == GS_ERR_BAD_POSITION);
    CHECK_EQ_INT(gs_validate(s, &err), GS_OK);   /* the failed setups left the last good one */
    gs_result r;
    gs_result_get(s, &r);
    CHECK(r.over && r.winner == GS_WHITE && r.nline == 3);
    gs_state_free(s);
    gs_game_free(g);

    s = new_state("mnk:m=3,n=3,k=3,gravity=1", &g);
    REQUIRE(s);
    const char *floating[] = {"...", "X..", "..."};
    CHECK(load_board(s, floating, &err) == GS_ERR_BAD_POSITION);
    const char *stacked[] = {"...", "X..", "O.X"};
    CHECK(load_board(s, stacked, &err) == GS_OK);
    CHECK(gs_check(s, 3 * 0 + 0) == GS_OK);   /* a1's column is filled up to a2: a3 lands */
    CHECK(gs_check(s, 1 * 3 + 2) == GS_OK);
    CHECK(gs_check(s, 0 * 3 + 2) == GS_ERR_OUT_OF_BOUNDS);
    /* a corrupted history is reported */
    REQUIRE(gs_play(s, 7) == GS_OK);
    CHECK_EQ_INT(gs_validate(s, &err), GS_OK);
    s->hist[0].color = GS_BLACK;
    CHECK(gs_validate(s, &err) == GS_ERR_BAD_POSITION);
    s->hist[0].color = GS_WHITE;
    CHECK_EQ_INT(gs_validate(s, &err), GS_OK);
    gs_state_free(s);
    gs_game_free(g);
}

/* A random game on a board where k exceeds both sides always ends drawn. */
TEST(mnk_k_above_both_sides_draws) {
    gs_game *g;
    gs_state *s = new_state("mnk:m=4,n=3,k=5", &g);
    REQUIRE(s);
    gs_rng rng;
    gs_rng_seed(&rng, 7);
    gs_move mv[GS_MAX_CELLS + 1];
    for (int game = 0; game < 20; game++) {
        int n;
        while ((n = gs_legal_moves(s, mv)) > 0) REQUIRE(gs_play(s, mv[gs_rng_below(&rng, (uint32_t)n)]) == GS_OK);
        gs_result r;
        gs_result_get(s, &r);
        CHECK(r.over && r.winner == GS_EMPTY && r.how == GS_END_FULL && s->nhist == 12);
        while (s->nhist) gs_undo(s);
    }
    gs_state_free(s);
    gs_game_free(g);
}

/* ---- tic-tac-toe counts ---- */

typedef struct hset { uint64_t *keys; int8_t *vals; size_t mask, count; } hset;
static void hs_init(hset *h, int bits) {
    h->mask = ((size_t)1 << bits) - 1;
    h->keys = calloc(h->mask + 1, sizeof *h->keys);
    h->vals = calloc(h->mask + 1, 1);
    h->count = 0;
}
static void hs_free(hset *h) { free(h->keys); free(h->vals); }
/* Slot of key (keys are never 0); *found says whether it was there. */
static size_t hs_slot(hset *h, uint64_t key, int *found) {
    size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 20) & h->mask;
    while (h->keys[i] && h->keys[i] != key) i = (i + 1) & h->mask;
    *found = h->keys[i] == key;
    if (!*found) { h->keys[i] = key; h->count++; }
    return i;
}
static uint64_t pos_key(const gs_state *s) { return (gs_state_hash(s) | 1); }

typedef struct ttt_counts {
    uint64_t paths[10], ended[10], xwin, owin, draw;
    hset seen, canon;
} ttt_counts;

static void ttt_walk(gs_state *s, int ply, ttt_counts *c) {
    int found;
    hs_slot(&c->seen, pos_key(s), &found);
    if (!found) {   /* canonical form: the smallest encoding over the 8 symmetries */
        uint64_t best = UINT64_MAX;
        for (int sym = 0; sym < 8; sym++) {
            uint64_t e = 0;
            for (int i = 0; i < 9; i++) e = e * 3 + s->board.cells[gs_sym_apply(sym, 3, 3, i)];
            if (e < best) best = e;
        }
        hs_slot(&c->canon, best + 1, &found);
    }
    gs_result r;
    gs_result_get(s, &r);
    if (r.over) {
        c->ended[ply]++;
        if (r.winner == GS_BLACK) c->xwin++;
        else if (r.winner == GS_WHITE) c->owin++;
        else c->draw++;
        return;
    }
    gs_move mv[10];
    int n = gs_legal_moves(s, mv);
    for (int i = 0; i < n; i++) {
        gs_play(s, mv[i]);
        c->paths[ply + 1]++;
        ttt_walk(s, ply + 1, c);
        gs_undo(s);
    }
}

/* tictactoe.csv: "quantity,value" with value a number or a;b;c list */
static int ttt_get(const char *prefix, uint64_t *vals, int max) {
    char path[512], line[512];
    snprintf(path, sizeof path, "%s/mnk/tictactoe.csv", gs_testdata());
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, prefix, strlen(prefix))) continue;
        char *p = strrchr(line, ',');
        while (p && n < max) {
            vals[n++] = strtoull(p + 1, &p, 10);
            if (*p != ';') break;
        }
        break;
    }
    fclose(f);
    return n;
}

TEST(mnk_tictactoe_reference_counts) {
    uint64_t perft[9], ended[5], pos[9], v[1];
    REQUIRE(ttt_get("perft_nodes_ply_1..9", perft, 9) == 9);
    REQUIRE(ttt_get("games_ended_at_ply_5..9", ended, 5) == 5);
    REQUIRE(ttt_get("positions_at_ply_1..9", pos, 9) == 9);
    gs_game *g;
    gs_state *s = new_state("tictactoe", &g);
    REQUIRE(s);
    for (int d = 1; d <= 9; d++) {
        uint64_t e, e2, n = gs_perft(s, d, &e), n2 = gs_perft_generic(s, d, &e2);
        CHECKF(n == perft[d - 1], "perft %d: %llu, expected %llu", d, (unsigned long long)n,
               (unsigned long long)perft[d - 1]);
        CHECK_EQ_INT(e, d >= 5 ? ended[d - 5] : 0);
        CHECK(n2 == n && e2 == e);   /* the fast path agrees with the generic one */
    }
    CHECK_EQ_INT(gs_perft(s, 0, NULL), 1);
    ttt_counts c;
    memset(&c, 0, sizeof c);
    hs_init(&c.seen, 14);
    hs_init(&c.canon, 12);
    ttt_walk(s, 0, &c);
    for (int p = 1; p <= 9; p++) CHECK_EQ_INT(c.paths[p], pos[p - 1]);
    for (int p = 5; p <= 9; p++) CHECK_EQ_INT(c.ended[p], ended[p - 5]);
    REQUIRE(ttt_get("games_total", v, 1) == 1);
    CHECK_EQ_INT(c.xwin + c.owin + c.draw, v[0]);
    REQUIRE(ttt_get("games_won_by_first_player", v, 1) == 1);
    CHECK_EQ_INT(c.xwin, v[0]);
    REQUIRE(ttt_get("games_won_by_second_player", v, 1) == 1);
    CHECK_EQ_INT(c.owin, v[0]);
    REQUIRE(ttt_get("games_drawn", v, 1) == 1);
    CHECK_EQ_INT(c.draw, v[0]);
    REQUIRE(ttt_get("reachable_positions_including_empty", v, 1) == 1);
    CHECK_EQ_INT(c.seen.count, v[0]);
    REQUIRE(ttt_get("positions_up_to_symmetry", v, 1) == 1);
    CHECK_EQ_INT(c.canon.count, v[0]);
    hs_free(&c.seen);
    hs_free(&c.canon);
    gs_state_free(s);
    gs_game_free(g);
}

/* Perft with gravity and on a board above 64 cells: fast path = generic. */
TEST(mnk_perft_fast_equals_generic) {
    static const char *const specs[] = {"connect4", "mnk:m=4,n=4,k=3", "mnk:m=9,n=8,k=3", "mnk:m=5,n=4,k=2,gravity=1"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gs_game *g;
        gs_state *s = new_state(specs[i], &g);
        REQUIRE(s);
        for (int d = 1; d <= (g->geom.n > 40 ? 3 : 5); d++) {
            uint64_t e, e2, n = gs_perft(s, d, &e), n2 = gs_perft_generic(s, d, &e2);
            CHECKF(n == n2 && e == e2, "%s depth %d: %llu/%llu vs %llu/%llu", specs[i], d, (unsigned long long)n,
                   (unsigned long long)e, (unsigned long long)n2, (unsigned long long)e2);
        }
        gs_state_free(s);
        gs_game_free(g);
    }
}

/* ---- the solver ---- */

TEST(mnk_values_reference) {
    char path[512], line[128];
    snprintf(path, sizeof path, "%s/mnk/values.csv", gs_testdata());
    FILE *f = fopen(path, "r");
    REQUIRE(f);
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        int m, n, k;
        char val[16], spec[64];
        if (sscanf(line, "%d,%d,%d,%15s", &m, &n, &k, val) != 4) continue;
        snprintf(spec, sizeof spec, "mnk:m=%d,n=%d,k=%d", m, n, k);
        gs_game *g;
        gs_state *s = new_state(spec, &g);
        REQUIREF(s, "%s", spec);
        gs_solve_result r;
        gs_error err;
        REQUIRE(gs_solve(s, NULL, &r, &err) == GS_OK);
        int want = !strcmp(val, "win") ? 1 : !strcmp(val, "loss") ? -1 : 0;
        CHECKF(r.complete && r.value == want, "%s: value %d (complete %d), expected %s", spec, r.value, r.complete, val);
        CHECKF(gs_check(s, r.best) == GS_OK, "%s: best move %d not legal", spec, r.best);
        if (r.value == 1) {   /* the best move keeps the win */
            gs_solve_result r2;
            gs_play(s, r.best);
            REQUIRE(gs_solve(s, NULL, &r2, &err) == GS_OK);
            CHECKF(r2.value == -1, "%s: after the best move the opponent's value is %d", spec, r2.value);
        }
        gs_state_free(s);
        gs_game_free(g);
        rows++;
    }
    fclose(f);
    CHECK(rows >= 9);
}

/* Plain minimax with memo over a small board (the independent check). */
typedef struct bf { int m, n, k, gravity; hset memo; } bf;
static int bf_wins(const bf *b, const uint8_t *c, int x, int p) {
    static const int dx[4] = {1, 0, 1, -1}, dy[4] = {0, 1, 1, 1};
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int s = -1; s <= 1; s += 2)
            for (int xx = x % b->m + s * dx[d], yy = x / b->m + s * dy[d];
                 xx >= 0 && xx < b->m && yy >= 0 && yy < b->n && c[yy * b->m + xx] == p; xx += s * dx[d], yy += s * dy[d])
                run++;
        if (run >= b->k) return 1;
    }
    return 0;
}
static int bf_legal(const bf *b, const uint8_t *c, int x) {
    return !c[x] && (!b->gravity || x + b->m >= b->m * b->n || c[x + b->m]);
}
static int bf_value(bf *b, uint8_t *c, int p) {
    uint64_t key = 1;
    for (int i = 0; i < b->m * b->n; i++) key = key * 3 + c[i];
    int found;
    size_t slot = hs_slot(&b->memo, key * 2 + (uint64_t)(p == GS_WHITE), &found);
    if (found) return b->memo.vals[slot];
    int best = -2;
    for (int x = 0; x < b->m * b->n && best < 1; x++)
        if (bf_legal(b, c, x)) {
            c[x] = (uint8_t)p;
            int v = bf_wins(b, c, x, p) ? 1 : -bf_value(b, c, 3 - p);
            c[x] = 0;
            if (v > best) best = v;
        }
    if (best == -2) best = 0;
    b->memo.vals[slot] = (int8_t)best;
    return best;
}

/* Random positions: solver value and best move = brute force, and the
 * uint64_t and multiword instantiations agree. */
TEST(mnk_solver_vs_brute_force) {
    static const int boards[][4] = {{3, 3, 3, 0}, {4, 3, 3, 0}, {4, 4, 4, 0}, {4, 4, 3, 1}, {4, 4, 4, 1},
                                    {5, 3, 3, 0}, {5, 3, 4, 1}, {3, 3, 1, 0}, {6, 1, 2, 0}, {4, 3, 5, 0}};
    gs_rng rng;
    gs_rng_seed(&rng, 99);
    for (size_t bi = 0; bi < sizeof boards / sizeof boards[0]; bi++) {
        bf b = {boards[bi][0], boards[bi][1], boards[bi][2], boards[bi][3], {0}};
        hs_init(&b.memo, 20);
        int nc = b.m * b.n, tested = 0;
        for (int trial = 0; trial < 400 && tested < 60; trial++) {
            uint8_t c[64] = {0};
            int p = GS_BLACK, ok = 1, nm = 2 + (int)gs_rng_below(&rng, (uint32_t)(nc - 2));
            if (nc <= 12) nm = (int)gs_rng_below(&rng, (uint32_t)nc);
            else nm = nc / 2 + (int)gs_rng_below(&rng, (uint32_t)(nc / 2));   /* keep the memo small */
            for (int i = 0; i < nm && ok; i++) {
                int x, tries = 0;
                do x = (int)gs_rng_below(&rng, (uint32_t)nc);
                while (!bf_legal(&b, c, x) && ++tries < 1000);
                if (!bf_legal(&b, c, x)) { ok = 0; break; }
                c[x] = (uint8_t)p;
                if (bf_wins(&b, c, x, p)) ok = 0;
                p = 3 - p;
            }
            int empty = 0;
            for (int i = 0; i < nc; i++) empty += !c[i];
            if (!ok || !empty) continue;
            tested++;
            int want = bf_value(&b, c, p);
            mnk_pos pos = {b.m, b.n, b.k, b.gravity, c, p};
            mnk_solution s1, s2;
            REQUIRE(mnk_solve_ex(&pos, NULL, 0, &s1) == GS_OK);
            REQUIRE(mnk_solve_ex(&pos, NULL, 1, &s2) == GS_OK);
            CHECKF(s1.complete && s1.value == want, "%dx%d k%d g%d: value %d, brute force %d", b.m, b.n, b.k,
                   b.gravity, s1.value, want);
            CHECKF(s2.value == want, "%dx%d k%d: multiword value %d, brute force %d", b.m, b.n, b.k, s2.value, want);
            REQUIRE(s1.best >= 0 && s1.best < nc && bf_legal(&b, c, s1.best));
            c[s1.best] = (uint8_t)p;
            int got = bf_wins(&b, c, s1.best, p) ? 1 : -bf_value(&b, c, 3 - p);
            c[s1.best] = 0;
            CHECKF(got == want, "%dx%d k%d g%d: best move %d has value %d, not %d", b.m, b.n, b.k, b.gravity,
                   s1.best, got, want);
        }
        CHECK(tested > 0);
        hs_free(&b.memo);
    }
}

/* The gravity solver (c4_run, used for gravity boards that fit 64 bits)
 * against the brute force on small boards with various k: value, and the
 * move it gives keeps that value; also the exact score's sign. */
TEST(mnk_c4_solver_vs_brute_force) {
    static const int boards[][3] = {{4, 4, 3}, {4, 4, 4}, {5, 3, 3}, {5, 4, 4}, {3, 3, 3},
                                    {4, 3, 2}, {6, 3, 4}, {3, 4, 3}, {5, 4, 3}, {2, 5, 2}};
    gs_rng rng;
    gs_rng_seed(&rng, 7);
    for (size_t bi = 0; bi < sizeof boards / sizeof boards[0]; bi++) {
        bf b = {boards[bi][0], boards[bi][1], boards[bi][2], 1, {0}};
        hs_init(&b.memo, 20);
        int nc = b.m * b.n, tested = 0;
        REQUIRE(c4_fits(b.m, b.n, b.k, 1));
        for (int trial = 0; trial < 400 && tested < 60; trial++) {
            uint8_t c[64] = {0};
            int p = GS_BLACK, ok = 1, nm = (int)gs_rng_below(&rng, (uint32_t)nc);
            if (nc > 12) nm = nc / 2 + (int)gs_rng_below(&rng, (uint32_t)(nc / 2));   /* keep the memo small */
            for (int i = 0; i < nm && ok; i++) {
                int x, tries = 0;
                do x = (int)gs_rng_below(&rng, (uint32_t)nc);
                while (!bf_legal(&b, c, x) && ++tries < 1000);
                if (!bf_legal(&b, c, x)) { ok = 0; break; }
                c[x] = (uint8_t)p;
                if (bf_wins(&b, c, x, p)) ok = 0;
                p = 3 - p;
            }
            int empty = 0;
            for (int i = 0; i < nc; i++) empty += !c[i];
            if (!ok || !empty) continue;
            tested++;
            int want = bf_value(&b, c, p);
            mnk_pos pos = {b.m, b.n, b.k, 1, c, p};
            mnk_solution s1;
            REQUIRE(c4_run(&pos, NULL, &s1) == GS_OK);
            CHECKF(s1.complete && s1.value == want, "%dx%d k%d: value %d, brute force %d", b.m, b.n, b.k, s1.value,
                   want);
            REQUIRE(s1.best >= 0 && s1.best < nc && bf_legal(&b, c, s1.best));
            c[s1.best] = (uint8_t)p;
            int got = bf_wins(&b, c, s1.best, p) ? 1 : -bf_value(&b, c, 3 - p);
            c[s1.best] = 0;
            CHECKF(got == want, "%dx%d k%d: best move %d has value %d, not %d", b.m, b.n, b.k, s1.best, got, want);
            /* the exact score has the same sign */
            c4_ctx cx;
            c4_pos cp;
            REQUIRE(c4_ctx_init(&cx, b.m, b.n, b.k, 12, 0, NULL) == GS_OK);
            REQUIRE(c4_pos_from(&cx, &pos, &cp) == 0);
            int sc = c4_solve(&cx, &cp, 0);
            CHECKF((sc > 0) - (sc < 0) == want, "%dx%d k%d: score %d, value %d", b.m, b.n, b.k, sc, want);
            c4_ctx_free(&cx);
        }
        CHECK(tested > 0);
        hs_free(&b.memo);
    }
}

/* The follow-up bound with the columns of odd height paired (mnk_c4.c)
 * applies to the first player to move on boards of even height: positions
 * of that kind with two, four or more odd columns, the weak value and the
 * exact score's sign against the brute force. */
TEST(mnk_c4_paired_follow_up_vs_brute_force) {
    static const int boards[][3] = {{4, 6, 4}, {6, 4, 4}, {6, 4, 3}, {5, 4, 3}, {4, 4, 3}};
    gs_rng rng;
    gs_rng_seed(&rng, 11);
    int two = 0, more = 0;
    for (size_t bi = 0; bi < sizeof boards / sizeof boards[0]; bi++) {
        bf b = {boards[bi][0], boards[bi][1], boards[bi][2], 1, {0}};
        int nc = b.m * b.n, tested = 0;
        c4_ctx cx;
        REQUIRE(c4_ctx_init(&cx, b.m, b.n, b.k, 14, 0, NULL) == GS_OK);
        hs_init(&b.memo, 20);
        for (int trial = 0; trial < 4000 && tested < 40; trial++) {
            uint8_t c[64] = {0};
            /* an even number of stones, at most 10 empty cells (the memo) */
            int p = GS_BLACK, ok = 1, lo = nc - 10 > 2 ? nc - 10 : 2;
            int nm = lo + (int)gs_rng_below(&rng, (uint32_t)(nc - 1 - lo));
            nm -= nm % 2;
            for (int i = 0; i < nm && ok; i++) {
                int x, tries = 0;
                do x = (int)gs_rng_below(&rng, (uint32_t)nc);
                while (!bf_legal(&b, c, x) && ++tries < 1000);
                if (!bf_legal(&b, c, x) || (c[x] = (uint8_t)p, bf_wins(&b, c, x, p))) ok = 0;
                p = 3 - p;
            }
            int odd = 0;
            for (int x = 0; x < b.m && ok; x++) {
                int h = 0;
                for (int y = 0; y < b.n; y++) h += c[y * b.m + x] != 0;
                odd += h % 2;
            }
            if (!ok || odd < 2) continue;
            tested++;
            two += odd == 2;
            more += odd > 2;
            if (b.memo.count > b.memo.mask / 2) {
                hs_free(&b.memo);
                hs_init(&b.memo, 20);
            }
            int want = bf_value(&b, c, p);
            mnk_pos pos = {b.m, b.n, b.k, 1, c, p};
            c4_pos cp;
            REQUIRE(c4_pos_from(&cx, &pos, &cp) == 0);
            c4_ctx_clear(&cx);
            int weak = c4_solve(&cx, &cp, 1);
            c4_ctx_clear(&cx);
            int sc = c4_solve(&cx, &cp, 0);
            CHECKF(weak == want && (sc > 0) - (sc < 0) == want, "%dx%d k%d, %d stones, %d odd columns: "
                   "weak %d, score %d, brute force %d", b.m, b.n, b.k, nm, odd, weak, sc, want);
        }
        CHECK(tested > 0);
        hs_free(&b.memo);
        c4_ctx_free(&cx);
    }
    CHECK(two > 0 && more > 0);
}

/* A 7x6 position from a Pons-style move string (columns 1-7); 0 if the
 * string is not a legal sequence without a finished line. */
static int c4_from_moves(c4_ctx *c, const char *mv, c4_pos *p) {
    p->cur = p->mask = 0;
    p->moves = 0;
    for (; *mv >= '1' && *mv <= '9'; mv++) {
        int x = *mv - '1';
        if (!c4_can_play(c, p, x) || c4_is_winning_move(c, p, x)) return 0;
        c4_play_col(c, p, x);
    }
    return 1;
}

/* The Connect Four solver against Pascal Pons' solver (tests/data/mnk,
 * see its README): every weak value of the 1,000 random positions with 18
 * or more stones (the rest take longer: bench_c4 checks them all), and the
 * exact scores of the 100 strong-solved ones. */
TEST(mnk_c4_values_against_pons) {
    static const char *const files[] = {"connect4-pons-weak.txt", "connect4-pons-strong.txt"};
    c4_ctx c;
    REQUIRE(c4_ctx_init(&c, 7, 6, 4, 20, 1, NULL) == GS_OK);
    for (int f = 0; f < 2; f++) {
        char path[512], line[256], mv[128];
        snprintf(path, sizeof path, "%s/mnk/%s", gs_testdata(), files[f]);
        FILE *in = fopen(path, "r");
        REQUIRE(in);
        int rows = 0, checked = 0;
        while (fgets(line, sizeof line, in)) {
            int want;
            if (sscanf(line, "%127s %d", mv, &want) != 2) continue;
            rows++;
            c4_pos p;
            CHECKF(c4_from_moves(&c, mv, &p), "%s: bad line '%s'", files[f], mv);
            if (f == 0 && p.moves < 18) continue;
            c4_ctx_clear(&c);
            int got = c4_solve(&c, &p, f == 0);
            if (f == 0) want = (want > 0) - (want < 0);   /* Pons -w prints the score of an immediate win */
            CHECKF(got == want, "%s: %s: ours %d, Pons %d", files[f], mv, got, want);
            checked++;
        }
        fclose(in);
        CHECK(rows == (f == 0 ? 1000 : 100));
        CHECK(checked >= (f == 0 ? 600 : 100));
    }
    c4_ctx_free(&c);
}

/* Play the game out: perfect (time limit tlimit, 0 = its default) for
 * `me`, random legal moves for the other side.  The winner (GS_EMPTY for
 * a draw), -1 if a move failed. */
static int c4_play_out(gs_state *s, int me, double tlimit, uint64_t seed, gs_rng *rng) {
    gs_error err;
    while (!gs_is_over(s)) {
        gs_move m;
        if (s->to_move == me) {
            gs_ai_opts o = {0};
            o.seed = seed;
            o.time_limit = tlimit;
            if (gs_ai_move(s, "perfect", &o, &m, &err) != GS_OK) return -1;
        } else {
            gs_move all[GS_MAX_CELLS + 1];
            int n = gs_legal_moves(s, all);
            m = all[gs_rng_below(rng, (uint32_t)n)];
        }
        if (gs_play(s, m) != GS_OK) return -1;
    }
    gs_result res;
    gs_result_get(s, &res);
    return res.winner;
}

/* The shipped opening book against Pascal Pons' solver: positions sampled
 * from the book (tests/data/mnk/connect4-book-pons.txt, see its README)
 * are in it with the value Pons' weak solver gives. */
TEST(mnk_c4_book_against_pons) {
    if (c4_book_count == 0) {
        gs_test_skip("no opening book generated");
        return;
    }
    char path[512], line[256], mv[128];
    snprintf(path, sizeof path, "%s/mnk/connect4-book-pons.txt", gs_testdata());
    FILE *in = fopen(path, "r");
    REQUIRE(in);
    c4_ctx c;
    REQUIRE(c4_ctx_init(&c, 7, 6, 4, 10, 1, NULL) == GS_OK);
    int rows = 0;
    while (fgets(line, sizeof line, in)) {
        int want, got;
        if (sscanf(line, "%127s %d", mv, &want) != 2) continue;
        c4_pos p;
        CHECKF(c4_from_moves(&c, mv, &p), "bad line '%s'", mv);
        want = (want > 0) - (want < 0);
        CHECKF(p.moves == c4_book_ply && c4_book_lookup(c4_canon_key(&c, &p), &got) && got == want,
               "%s: not in the book with Pons' value %d", mv, want);
        rows++;
    }
    fclose(in);
    c4_ctx_free(&c);
    CHECK(rows >= 50);
}

/* With the book, the start of Connect Four is a first-player win at
 * once (the book holds every position its search meets), and perfect,
 * playing first from the start against random replies, wins every game. */
TEST(mnk_c4_start_and_perfect_first) {
    if (!(c4_book_covers & C4_BOOK_START)) {
        gs_test_skip("no opening book generated");
        return;
    }
    gs_game *g;
    gs_state *s = new_state("connect4", &g);
    REQUIRE(s);
    gs_solve_result r;
    gs_error err;
    gs_ai_opts o = {0};
    o.time_limit = 60;   /* a missing book position shows as a failure, not a hang */
    REQUIRE(gs_solve(s, &o, &r, &err) == GS_OK);
    CHECK(r.complete && r.value == 1);
    CHECK(r.best == 5 * 7 + 3);   /* d1: the only winning first move */
    gs_state_free(s);
    gs_game_free(g);
    gs_rng rng;
    gs_rng_seed(&rng, 11);
    if (!(c4_book_covers & C4_BOOK_PERFECT)) {
        gs_test_skip("the book does not cover perfect's games from the start");
        return;
    }
    for (int game = 0; game < (gs_test_slow() ? 20 : 3); game++) {
        s = new_state("connect4", &g);
        REQUIRE(s);
        int winner = c4_play_out(s, GS_BLACK, 60, 0, &rng);
        REQUIRE(winner >= 0);
        CHECKF(winner == GS_BLACK, "game %d: perfect did not win from the start", game);
        gs_state_free(s);
        gs_game_free(g);
    }
}

/* perfect on connect4 keeps the value of positions from the Pons data
 * against a random opponent: a won position is won, a drawn one not lost;
 * gs_solve gives the same value. */
TEST(mnk_c4_perfect_keeps_value) {
    char path[512], line[256], mv[128];
    snprintf(path, sizeof path, "%s/mnk/connect4-pons-strong.txt", gs_testdata());
    FILE *in = fopen(path, "r");
    REQUIRE(in);
    int games = 0;
    gs_rng rng;
    gs_rng_seed(&rng, 5);
    while (games < 20 && fgets(line, sizeof line, in)) {
        int want;
        if (sscanf(line, "%127s %d", mv, &want) != 2) continue;
        if (want < 0) continue;   /* the perfect side is the side to move */
        gs_game *g;
        gs_state *s = new_state("connect4", &g);
        REQUIRE(s);
        for (const char *q = mv; *q; q++) {
            int x = *q - '1', y = 5;
            while (y >= 0 && s->board.cells[y * 7 + x]) y--;
            REQUIRE(y >= 0 && gs_play(s, y * 7 + x) == GS_OK);
        }
        int me = s->to_move;
        gs_solve_result r;
        gs_error err;
        REQUIRE(gs_solve(s, NULL, &r, &err) == GS_OK);
        CHECKF(r.complete && r.value == (want > 0) - (want < 0), "%s: gs_solve %d, Pons %d", mv, r.value, want);
        int winner = c4_play_out(s, me, 0, (uint64_t)games, &rng);
        REQUIRE(winner >= 0);
        if (want > 0) CHECKF(winner == me, "%s: won position not won", mv);
        else CHECKF(winner != GS_OTHER(me), "%s: drawn position lost", mv);
        gs_state_free(s);
        gs_game_free(g);
        games++;
    }
    fclose(in);
    CHECK(games == 20);
}

static void count_progress(void *ud, uint64_t nodes, double seconds) {
    (void)nodes;
    (void)seconds;
    (*(int *)ud)++;
}

/* Limits: a big board stops on time, calls progress, and still gives a
 * legal move; finished positions have their value without search. */
TEST(mnk_solver_limits_and_finished) {
    gs_game *g;
    gs_state *s = new_state("mnk:m=12,n=11,k=5", &g);
    REQUIRE(s);
    int calls = 0;
    gs_ai_opts o = {0};
    o.time_limit = 0.6;
    o.progress = count_progress;
    o.progress_ud = &calls;
    gs_solve_result r;
    gs_error err;
    REQUIRE(gs_solve(s, &o, &r, &err) == GS_OK);
    CHECK(!r.complete && r.nodes > 0);
    CHECK(calls >= 1);
    CHECK(gs_check(s, r.best) == GS_OK);
    o.time_limit = 0;
    o.progress = NULL;
    o.node_limit = 2000;
    REQUIRE(gs_solve(s, &o, &r, &err) == GS_OK);
    CHECK(!r.complete && gs_check(s, r.best) == GS_OK);
    gs_state_free(s);
    gs_game_free(g);

    s = new_state("tictactoe", &g);
    const char *won[] = {"XXX", "OO.", "..."};
    REQUIRE(load_board(s, won, &err) == GS_OK);
    REQUIRE(gs_solve(s, NULL, &r, &err) == GS_OK);
    CHECK(r.value == -1 && r.complete && r.best == GS_NOMOVE);
    const char *full[] = {"XOX", "XOO", "OXX"};
    REQUIRE(load_board(s, full, &err) == GS_OK);
    REQUIRE(gs_solve(s, NULL, &r, &err) == GS_OK);
    CHECK(r.value == 0 && r.complete);
    const char *forced[] = {"XX.", "O..", "..."};   /* white must block c3 */
    REQUIRE(load_board(s, forced, &err) == GS_OK);
    REQUIRE(gs_solve(s, NULL, &r, &err) == GS_OK);
    CHECK(r.best == 2);
    gs_state_free(s);
    gs_game_free(g);
}

/* ---- AI levels ---- */

TEST(mnk_ai_levels_play_legal_moves) {
    static const char *const specs[] = {"tictactoe", "connect4", "mnk:m=5,n=4,k=4", "mnk:m=9,n=9,k=5",
                                        "mnk:m=3,n=2,k=4", "mnk:m=1,n=1,k=1"};
    const char *levels[8];
    gs_rng rng;
    gs_rng_seed(&rng, 5);
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        gs_game *g;
        gs_state *s = new_state(specs[i], &g);
        REQUIRE(s);
        int nl = gs_ai_levels(g, levels, 8);
        REQUIRE(nl == 3);
        CHECK_EQ_STR(levels[0], "random");
        CHECK_EQ_STR(levels[2], "perfect");
        for (int game = 0; game < 6; game++) {
            while (!gs_is_over(s)) {
                for (int l = 0; l < nl; l++) {
                    gs_ai_opts o = {0};
                    o.seed = gs_rng_next(&rng);
                    o.node_limit = 3000;
                    gs_move m, m2;
                    gs_error err;
                    REQUIREF(gs_ai_move(s, levels[l], &o, &m, &err) == GS_OK, "%s %s: %s", specs[i], levels[l], err.msg);
                    CHECKF(gs_check(s, m) == GS_OK, "%s %s: illegal move %d", specs[i], levels[l], m);
                    REQUIRE(gs_ai_move(s, levels[l], &o, &m2, &err) == GS_OK);
                    CHECKF(m == m2, "%s %s: same seed, different move", specs[i], levels[l]);
                }
                gs_move mv[GS_MAX_CELLS + 1];
                int n = gs_legal_moves(s, mv);
                REQUIRE(gs_play(s, mv[gs_rng_below(&rng, (uint32_t)n)]) == GS_OK);
            }
            gs_ai_opts o = {0};
            gs_move m;
            gs_error err;
            CHECK(gs_ai_move(s, "beginner", &o, &m, &err) == GS_ERR_GAME_OVER);
            while (s->nhist) gs_undo(s);
        }
        gs_state_free(s);
        gs_game_free(g);
    }
}

typedef struct bcase {
    const char *spec, *rows[6], *want;   /* want: cells any of which is right */
} bcase;

TEST(mnk_beginner_tactics) {
    static const bcase cases[] = {
        {"tictactoe", {"XX.", "OO.", "..."}, "2,0"},                 /* win rather than block */
        {"tictactoe", {"X..", "OO.", "X.."}, "2,1"},                 /* block */
        {"tictactoe", {"...", "...", "..."}, "1,1 0,0 2,0 0,2 2,2"},  /* centre or corner */
        {"mnk:m=6,n=6,k=4", {"......", "......", "..OO..", "......", "...X..", "..X..."}, "1,2 4,2"},  /* defend 2 */
        {"connect4", {".......", ".......", ".......", "O......", "O......", "OXXX..."}, "4,5"},  /* win first */
        {"connect4", {".......", ".......", ".......", ".......", "O......", "OX.XX.."}, "2,5"},  /* block */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gs_game *g;
        gs_error err;
        gs_state *s = new_state(cases[i].spec, &g);
        REQUIRE(s);
        REQUIRE(load_board(s, cases[i].rows, &err) == GS_OK);
        int want[16], nw = parse_line(g, cases[i].want, want);
        for (uint64_t seed = 1; seed <= 8; seed++) {
            gs_ai_opts o = {0};
            o.seed = seed;
            gs_move m;
            REQUIRE(gs_ai_move(s, "beginner", &o, &m, &err) == GS_OK);
            int ok = 0;
            for (int j = 0; j < nw; j++) ok |= m == want[j];
            CHECKF(ok, "case %zu seed %llu: beginner played %d", i, (unsigned long long)seed, m);
        }
        gs_state_free(s);
        gs_game_free(g);
    }
}

/* Worst outcome (+1/0/-1 for `side`) of perfect as `side` against every
 * reply, memoised by position. */
static int worst_vs_all(gs_state *s, int side, hset *memo, int *errors) {
    gs_result r;
    gs_result_get(s, &r);
    if (r.over) return r.winner == GS_EMPTY ? 0 : r.winner == side ? 1 : -1;
    int found;
    size_t slot = hs_slot(memo, pos_key(s) * 2 + (uint64_t)(side == GS_WHITE), &found);
    if (found) return memo->vals[slot];
    int v;
    if (s->to_move == side) {
        gs_ai_opts o = {0};
        gs_move m;
        gs_error err;
        if (gs_ai_move(s, "perfect", &o, &m, &err) != GS_OK || gs_play(s, m) != GS_OK) {
            (*errors)++;
            return -1;
        }
        v = worst_vs_all(s, side, memo, errors);
        gs_undo(s);
    } else {
        gs_move mv[GS_MAX_CELLS + 1];
        int n = gs_legal_moves(s, mv);
        v = 1;
        for (int i = 0; i < n && v > -1; i++) {
            gs_play(s, mv[i]);
            int w = worst_vs_all(s, side, memo, errors);
            gs_undo(s);
            if (w < v) v = w;
        }
    }
    memo->vals[slot] = (int8_t)v;
    return v;
}

/* Visit every reachable tic-tac-toe position once; from each running one,
 * perfect (to move) must reach at least the brute-force value. */
static void ttt_every_position(gs_state *s, hset *seen, hset *memo, bf *b, int *bad, int *errors) {
    int found;
    hs_slot(seen, pos_key(s), &found);
    if (found || gs_is_over(s)) return;
    uint8_t c[9];
    memcpy(c, s->board.cells, 9);
    int want = bf_value(b, c, s->to_move);
    int got = worst_vs_all(s, s->to_move, memo, errors);
    if (got < want) (*bad)++;
    gs_move mv[10];
    int n = gs_legal_moves(s, mv);
    for (int i = 0; i < n; i++) {
        gs_play(s, mv[i]);
        ttt_every_position(s, seen, memo, b, bad, errors);
        gs_undo(s);
    }
}

TEST(mnk_perfect_tictactoe_exhaustive) {
    gs_game *g;
    gs_state *s = new_state("tictactoe", &g);
    REQUIRE(s);
    hset seen, memo;
    bf b = {3, 3, 3, 0, {0}};
    hs_init(&seen, 14);
    hs_init(&memo, 15);
    hs_init(&b.memo, 15);
    int bad = 0, errors = 0;
    ttt_every_position(s, &seen, &memo, &b, &bad, &errors);
    CHECK_EQ_INT(errors, 0);
    CHECKF(bad == 0, "perfect fell short of the game value from %d positions", bad);
    CHECK_EQ_INT(seen.count, 5478);
    hs_free(&seen);
    hs_free(&memo);
    hs_free(&b.memo);
    gs_state_free(s);
    gs_game_free(g);
}

/* Perfect as each side from the start, against every reply of the other
 * side, never does worse than the solved value. */
static void perfect_from_start(const char *spec) {
    gs_game *g;
    gs_state *s = new_state(spec, &g);
    REQUIRE(s);
    gs_solve_result r;
    gs_error err;
    REQUIRE(gs_solve(s, NULL, &r, &err) == GS_OK && r.complete);
    for (int side = GS_BLACK; side <= GS_WHITE; side++) {
        hset memo;
        hs_init(&memo, 20);
        int errors = 0, want = side == GS_BLACK ? r.value : -r.value;
        int got = worst_vs_all(s, side, &memo, &errors);
        CHECK_EQ_INT(errors, 0);
        CHECKF(got >= want, "%s: perfect as %s gets %d against some replies, value %d", spec, gs_color_name(side),
               got, want);
        hs_free(&memo);
    }
    gs_state_free(s);
    gs_game_free(g);
}

TEST(mnk_perfect_444_never_loses) { perfect_from_start("mnk:m=4,n=4,k=4"); }

TEST(mnk_perfect_more_boards) {
    perfect_from_start("mnk:m=4,n=3,k=3");
    perfect_from_start("mnk:m=4,n=4,k=3,gravity=1");
}

TEST(mnk_perfect_5x4_slow) {
    SLOW_ONLY();
    perfect_from_start("mnk:m=5,n=4,k=4");
    perfect_from_start("mnk:m=5,n=4,k=4,gravity=1");
}

/* The gravity solver's tables identify every position: an entry keeps the
 * key's low 48 bits and its slot is the key modulo the table's prime, so
 * every key of w * (h + 1) bits is told apart only when 2^48 times the
 * prime is above 2^(w * (h + 1)).  With the smallest tables (2^10) an 8x7
 * board's 64-bit keys could share an entry. */
TEST(mnk_c4_tables_tell_every_key_apart) {
    for (int m = 1; m <= 16; m++)
        for (int n = 1; n <= 16; n++) {
            if (!c4_fits(m, n, 4, 1)) continue;
            for (int bits = 10; bits <= 18; bits += 4) {
                c4_ctx cx;
                REQUIRE(c4_ctx_init(&cx, m, n, 4, bits, 0, NULL) == GS_OK);
                int kb = m * (n + 1);
                uint64_t sizes[2] = {cx.tsize, cx.nsize};
                for (int t = 0; t < 2; t++) {
                    int lg = 0;
                    while (lg < 63 && (1ull << (lg + 1)) <= sizes[t]) lg++;
                    CHECKF(48 + lg >= kb, "%dx%d, 2^%d: a table of %llu entries for keys of %d bits", m, n, bits,
                           (unsigned long long)sizes[t], kb);
                }
                c4_ctx_free(&cx);
            }
        }
}

/* A level that is not a level name ("", "Perfect!") is an unknown AI level,
 * not a "game name in spec", and the message lists the game's levels. */
TEST(mnk_ai_bad_level_names_the_levels) {
    gs_game *g;
    gs_error err;
    REQUIRE(gs_game_new("tictactoe", &g, &err) == GS_OK);
    const char *bad[] = {"", "Perfect!", ":depth=3", "nobody"};
    for (int i = 0; i < 4; i++) {
        CHECK(gs_ai_check_level(g, bad[i], &err) == GS_ERR_BAD_VALUE);
        CHECKF(strstr(err.msg, "unknown AI level") && strstr(err.msg, "(levels: random, beginner, perfect)") &&
                   !strstr(err.msg, "game name"),
               "%s: %s", bad[i], err.msg);
    }
    gs_game_free(g);
}

/* No level at all (a NULL pointer) is an invalid argument that says so,
 * from both entry points, and never formats the NULL ("(null)"). */
TEST(ai_null_level_is_an_invalid_argument) {
    gs_game *g;
    gs_state *s;
    gs_error err;
    gs_move mv = GS_NOMOVE;
    REQUIRE(gs_game_new("tictactoe", &g, &err) == GS_OK);
    REQUIRE((s = gs_state_new(g)) != NULL);
    CHECK(gs_ai_check_level(g, NULL, &err) == GS_ERR_INVALID_ARG);
    CHECKF(!strstr(err.msg, "(null)") && strstr(err.msg, "no AI level"), "%s", err.msg);
    CHECK(gs_ai_move(s, NULL, NULL, &mv, &err) == GS_ERR_INVALID_ARG);
    CHECKF(!strstr(err.msg, "(null)") && strstr(err.msg, "no AI level"), "%s", err.msg);
    CHECK(mv == GS_NOMOVE);
    gs_state_free(s);
    gs_game_free(g);
}
