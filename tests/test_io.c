/* Files onto games: JSON state and SGF round trips for every registered
 * game, the SGF mapping rules, OBF, the loader and its errors. */
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "gridstone/go.h"
#include "gridstone/sgf.h"
#include "io/obf.h"
#include "io/gameio.h"
#include "io/state_json.h"
#include "test.h"

static const char *const specs[] = {
    "tictactoe", "connect4", "mnk:m=5,n=4,k=4", "go:size=5", "go:size=7x5,rules=tromp-taylor,komi=0.5",
    "go:size=9,rules=japanese", "gomoku:size=9", "renju", "gomoku:size=11x7,rule=standard",
    "gomoku:size=30x28", "reversi:size=4", "reversi:size=6", "othello", NULL};

/* Same position, side, history and hash? */
static int same_state(const gs_state *a, const gs_state *b, const char **what) {
    if (strcmp(a->game->spec, b->game->spec)) return *what = "game", 0;
    if (memcmp(a->board.cells, b->board.cells, (size_t)a->game->geom.n)) return *what = "cells", 0;
    if (a->to_move != b->to_move) return *what = "to_move", 0;
    if (gs_state_hash(a) != gs_state_hash(b)) return *what = "hash", 0;
    if (a->nhist != b->nhist) return *what = "history length", 0;
    for (int i = 0; i < a->nhist; i++)
        if (a->hist[i].move != b->hist[i].move || a->hist[i].color != b->hist[i].color) return *what = "history", 0;
    if (a->resigned != b->resigned) return *what = "resignation", 0;
    return 1;
}

static void check_json_round_trip(const char *spec, const gs_state *s) {
    const char *what = "";
    for (int hist = 1; hist >= 0; hist--) {
        char *j = gs_state_to_json(s, hist);
        REQUIRE(j);
        gs_game *g2;
        gs_state *s2;
        gs_error err;
        gs_status st = gs_state_from_json(j, strlen(j), NULL, &g2, &s2, &err);
        CHECKF(st == GS_OK, "%s: JSON state does not load: %s (%d:%d)\n%s", spec, err.msg, err.line, err.col, j);
        if (st == GS_OK) {
            if (hist) CHECKF(same_state(s, s2, &what), "%s: JSON round trip changed the %s\n%s", spec, what, j);
            else {
                CHECK(s2->nhist == 0);
                CHECK(!memcmp(s->board.cells, s2->board.cells, (size_t)s->game->geom.n));
                CHECK(gs_state_hash(s) == gs_state_hash(s2) || s->resigned);
            }
            char *j2 = gs_state_to_json(s2, hist);
            CHECKF(j2 && !strcmp(j, j2), "%s: JSON not a fixed point", spec);
            free(j2);
            gs_state_free(s2);
            gs_game_free(g2);
        }
        free(j);
    }
}

static void check_sgf_round_trip(const char *spec, const gs_state *s) {
    char *t = gs_state_to_sgf(s);
    REQUIRE(t);
    gs_loaded *l;
    int n;
    gs_error err;
    gs_status st = gs_load_positions(t, strlen(t), NULL, GS_LOAD_STRICT, &l, &n, &err);
    CHECKF(st == GS_OK && n == 1, "%s: SGF does not load: %s (%d:%d)\n%s", spec, err.msg, err.line, err.col, t);
    if (st == GS_OK) {
        const char *what = "";
        CHECKF(same_state(s, l[0].state, &what), "%s: SGF round trip changed the %s\n%s", spec, what, t);
        CHECK(l[0].illegal_at == 0);
        gs_loaded_free(l, n);
    }
    free(t);
}

/* Random games; round trips along the way, from a set-up start too, and
 * after a resignation. */
static void round_trips(const char *spec, int games) {
    gs_error err;
    gs_game *g = tl_game(spec);
    if (!g) return;
    gs_rng rng;
    gs_rng_seed(&rng, 99);
    static gs_move moves[GS_MAX_CELLS + 1];
    for (int game = 0; game < games && !gs_test_failed_now(); game++) {
        gs_state *s = gs_state_new(g);
        REQUIRE(s);
        int ply = 0;
        check_json_round_trip(spec, s);
        while (!gs_is_over(s) && ply < (game % 2 ? 120 : 10) && !gs_test_failed_now()) {
            int k = gs_legal_moves(s, moves);
            REQUIRE(k > 0);
            REQUIRE(gs_play(s, moves[gs_rng_below(&rng, (uint32_t)k)]) == GS_OK);
            ply++;
            if (ply == 6 && game == 1) {   /* this position becomes the start */
                uint8_t cells[GS_MAX_CELLS];
                memcpy(cells, s->board.cells, (size_t)g->geom.n);
                REQUIRE(gs_setup(s, cells, s->to_move, &err) == GS_OK);
            }
            if (ply % 17 == 5) {
                check_json_round_trip(spec, s);
                check_sgf_round_trip(spec, s);
            }
        }
        if (!gs_is_over(s) && game % 2 == 0) gs_play(s, GS_RESIGN);
        check_json_round_trip(spec, s);
        check_sgf_round_trip(spec, s);
        gs_state_free(s);
    }
    gs_game_free(g);
}

TEST(io_round_trips_every_game) {
    for (int i = 0; specs[i]; i++) round_trips(specs[i], 4);
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias, *name = gs_registry_name(i, &alias, NULL);
        if (!alias) round_trips(name, 2);
    }
}

/* Passes left out of an SGF record (implicit passes) are put back. */
static void implicit_passes(const char *spec) {
    gs_error err;
    gs_game *g = tl_game(spec);
    if (!g) return;
    gs_rng rng;
    gs_rng_seed(&rng, 7);
    static gs_move moves[GS_MAX_CELLS + 1];
    int found = 0;
    for (int tries = 0; tries < 300 && !found; tries++) {
        gs_state *s = gs_state_new(g);
        REQUIRE(s);
        while (!gs_is_over(s) && s->nhist < 200) {
            int k = gs_legal_moves(s, moves);
            /* Go: pass sometimes, but not twice in a row */
            gs_move m = moves[gs_rng_below(&rng, (uint32_t)k)];
            int last_pass = s->nhist && s->hist[s->nhist - 1].move == GS_PASS;
            if (!strncmp(spec, "go", 2) && gs_rng_below(&rng, 10) == 0 && !last_pass && s->nhist) m = GS_PASS;
            else if (!strncmp(spec, "go", 2) && m == GS_PASS) m = moves[0];
            if (gs_play(s, m) != GS_OK) break;
        }
        int passes = 0, inner = 0;
        for (int i = 0; i < s->nhist; i++)
            if (s->hist[i].move == GS_PASS) { passes++; if (i + 1 < s->nhist && i > 0) inner++; }
        if (inner && s->hist[s->nhist - 1].move != GS_PASS) {
            found = 1;
            char *t = gs_state_to_sgf(s);
            REQUIRE(t);
            /* drop every ";B[]" / ";W[]" node */
            char *q = t;
            for (char *p = t; *p;) {
                if ((p[0] == ';') && (p[1] == 'B' || p[1] == 'W') && p[2] == '[' && p[3] == ']') p += 4;
                else *q++ = *p++;
            }
            *q = 0;
            gs_loaded *l;
            int n;
            gs_status st = gs_load_positions(t, strlen(t), NULL, GS_LOAD_STRICT, &l, &n, &err);
            CHECKF(st == GS_OK, "%s: %s\n%s", spec, err.msg, t);
            if (st == GS_OK) {
                const char *what = "";
                CHECKF(same_state(s, l[0].state, &what), "%s: implicit passes: the %s differs", spec, what);
                gs_loaded_free(l, n);
            }
            free(t);
        }
        gs_state_free(s);
    }
    CHECKF(found, "%s: no game with a pass found", spec);
    gs_game_free(g);
}

TEST(io_sgf_implicit_passes) {
    implicit_passes("reversi:size=4");
    implicit_passes("go:size=5");
}

static gs_status load(const char *text, const char *override, int flags, gs_loaded **l, int *n, gs_error *err) {
    gs_error_clear(err);
    return gs_load_positions(text, strlen(text), override, flags, l, n, err);
}

TEST(io_reversi_json_and_sgf) {
    gs_loaded *l;
    int n;
    gs_error err;
    /* JSON: moves in Othello notation */
    REQUIRE(load("{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\",\"moves\":[\"d3\",\"c3\"]}", NULL, 0, &l,
                 &n, &err) == GS_OK);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(l[0].state->nhist, 2);
    CHECK_EQ_INT(l[0].state->to_move, GS_BLACK);
    CHECK_EQ_STR(l[0].game->spec, "reversi:size=8,empties=none");
    gs_loaded_free(l, n);
    /* lenient: stops at the illegal move and says so */
    REQUIRE(load("{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\",\n\"moves\":[\"d3\",\"a1\",\"c3\"]}", NULL,
                 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(l[0].illegal_at, 2);
    CHECK_EQ_INT(l[0].illegal_reason, GS_ERR_NO_FLIPS);
    CHECK_EQ_INT(l[0].state->nhist, 1);
    CHECK(strstr(l[0].note, "move 2") != NULL);
    gs_loaded_free(l, n);
    /* strict: an error with the move's position */
    CHECK(load("{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\",\n\"moves\":[\"d3\",\"a1\",\"c3\"]}", NULL,
               GS_LOAD_STRICT, &l, &n, &err) == GS_ERR_NO_FLIPS);
    CHECK(err.line == 2 && err.col == 15);
    CHECK(strstr(err.msg, "move 2 (a1)") != NULL);
    CHECK(l == NULL && n == 0);
    /* SGF GM[2]: 8x8 by SZ, implicit initial position */
    REQUIRE(load("(;FF[4]GM[2]SZ[8];B[dc];W[cc];B[])", NULL, GS_LOAD_STRICT, &l, &n, &err) == GS_ERR_PASS_NOT_ALLOWED);
    CHECKF(err.line == 1 && err.col == 31, "%d:%d %s", err.line, err.col, err.msg);
    REQUIRE(load("(;FF[4]GM[2]SZ[6]RE[B+R];B[cb];W[bb])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].game->spec, "reversi:size=6,empties=none");
    CHECK_EQ_STR(l[0].result, "B+R");
    CHECK(l[0].state->resigned == GS_WHITE || l[0].state->to_move != GS_WHITE);
    gs_loaded_free(l, n);
    /* override keeps the file's size and adds a key */
    REQUIRE(load("(;GM[2]SZ[6];B[cb])", "reversi:empties=winner", 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].game->spec, "reversi:size=6,empties=winner");
    gs_loaded_free(l, n);
    /* setup stones replace the initial position of a game that has one */
    REQUIRE(load("(;GM[2]SZ[4]AB[bb][cc][bc]AW[cb]PL[W])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(l[0].state->to_move, GS_WHITE);
    CHECK_EQ_INT(gs_board_count(&l[0].state->board, GS_BLACK), 3);
    gs_loaded_free(l, n);
}

/* A record's "result" beyond what its position gives: a game that ended by
 * resignation, time or agreement (none of them a move of the record), or a
 * Go game counted with the dead stones its players agreed on (which the
 * record does not hold), as the server's JSON download writes it.  Such a
 * result is accepted where the position cannot contradict it; a position
 * that is over by itself must still give its own result. */
static gs_status load_result(const char *game, const char *moves, const char *result, char *got, gs_error *err) {
    char text[512];
    snprintf(text, sizeof text, "{\"format\":\"gridstone\",\"version\":1,\"game\":\"%s\",\"moves\":[%s],\"result\":\"%s\"}",
             game, moves, result);
    gs_loaded *l;
    int n;
    gs_status st = load(text, NULL, GS_LOAD_STRICT, &l, &n, err);
    if (st == GS_OK) {
        snprintf(got, 32, "%s", l[0].result);
        gs_loaded_free(l, n);
    }
    return st;
}

TEST(io_json_result_beyond_the_position) {
    static const struct {
        const char *game, *moves, *result;
        gs_status st;
    } cases[] = {
        /* the game goes on on the board: ended by a resignation, a flag, an agreed draw */
        {"othello", "\"d3\"", "W+R", GS_OK},
        {"othello", "\"d3\"", "B+R", GS_OK},
        {"othello", "", "B+T", GS_OK},
        {"renju", "\"h8\",\"h9\"", "W+T", GS_OK},
        {"renju", "\"h8\"", "0", GS_OK},
        {"renju", "\"h8\"", "", GS_OK},
        /* but no count or line win the position does not give */
        {"othello", "\"d3\"", "B+3", GS_ERR_BAD_POSITION},
        {"renju", "\"h8\"", "B+", GS_ERR_BAD_POSITION},
        {"renju", "\"h8\"", "B+Q", GS_ERR_BAD_POSITION},
        {"renju", "\"h8\"", "R", GS_ERR_BAD_POSITION},
        {"renju", "\"h8\"", "B+R ", GS_ERR_BAD_POSITION},
        /* a position over by itself gives the result */
        {"tictactoe", "\"a1\",\"b1\",\"a2\",\"b2\",\"a3\"", "B+", GS_OK},
        {"tictactoe", "\"a1\",\"b1\",\"a2\",\"b2\",\"a3\"", "W+R", GS_ERR_BAD_POSITION},
        {"tictactoe", "\"a1\",\"b1\",\"a2\",\"b2\",\"a3\"", "0", GS_ERR_BAD_POSITION},
        {"tictactoe", "\"a1\",\"b1\",\"a2\",\"b2\",\"a3\"", "", GS_ERR_BAD_POSITION},
        {"tictactoe", "\"a1\",\"resign\"", "B+R", GS_OK},
        {"tictactoe", "\"a1\",\"resign\"", "W+T", GS_ERR_BAD_POSITION},
        /* Go after two passes is counted with the agreed dead stones (or
         * resigned while they are marked, or not decided yet); a count in a
         * game that still goes on is the server's move limit's */
        {"go:size=5", "\"C3\",\"pass\",\"pass\"", "W+8", GS_OK},
        {"go:size=5", "\"C3\",\"pass\",\"pass\"", "B+R", GS_OK},
        {"go:size=5", "\"C3\",\"pass\",\"pass\"", "", GS_OK},
        {"go:size=5", "\"C3\"", "B+12.5", GS_OK},
        {"go:size=5", "\"C3\",\"pass\",\"pass\"", "B+", GS_ERR_BAD_POSITION},
        {"go:size=5", "\"C3\",\"pass\",\"pass\"", "B+1.25x", GS_ERR_BAD_POSITION},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char got[32] = "?";
        gs_error err;
        gs_status st = load_result(cases[i].game, cases[i].moves, cases[i].result, got, &err);
        CHECKF(st == cases[i].st, "case %zu (%s, \"%s\"): %s, expected %s (%s)", i, cases[i].game, cases[i].result,
               gs_reason_code(st), gs_reason_code(cases[i].st), err.msg);
        if (st == GS_OK) CHECKF(!strcmp(got, cases[i].result), "case %zu: result \"%s\"", i, got);
        else CHECKF(strstr(err.msg, "\"result\"") != NULL, "case %zu: %s", i, err.msg);
    }
    /* the writer puts the result it is given, and that loads back */
    gs_game *g;
    gs_state *s;
    gs_error err;
    REQUIRE(gs_game_new("othello", &g, &err) == GS_OK);
    s = gs_state_new(g);
    gs_move m;
    REQUIRE(gs_state_parse_move(s, "d3", &m) == GS_OK && gs_play(s, m) == GS_OK);
    char *j = io_state_json(s, 1, "W+T");
    REQUIRE(j);
    CHECKF(strstr(j, ",\"result\":\"W+T\"}") != NULL, "%s", j);
    gs_loaded *l;
    int n;
    REQUIRE(load(j, NULL, GS_LOAD_STRICT, &l, &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].result, "W+T");
    CHECK_EQ_INT(l[0].state->nhist, 1);
    gs_loaded_free(l, n);
    free(j);
    j = io_state_json(s, 1, NULL);   /* NULL: the position's, as gs_state_to_json */
    char *j2 = gs_state_to_json(s, 1);
    CHECK(j && j2 && !strcmp(j, j2) && strstr(j, "\"result\":\"\""));
    free(j);
    free(j2);
    gs_state_free(s);
    gs_game_free(g);
}

TEST(io_obf_ffo) {
    char path[512], *data;
    size_t len;
    gs_error err;
    snprintf(path, sizeof path, "%s/reversi/ffo-40-59.obf", gs_testdata());
    REQUIRE(gs_read_file(path, &data, &len, &err) == GS_OK);
    /* the line parser: FFO #40 */
    const char *p = strstr(data, "\nO--OOOOX");
    REQUIRE(p);
    p++;
    const char *e = strchr(p, '\n');
    static gs_obf_position o;
    REQUIRE(gs_obf_parse_line(p, (size_t)(e - p), &o, &err) == GS_OK);
    CHECK_EQ_INT(o.side, 8);
    CHECK_EQ_INT(o.to_move, GS_BLACK);
    CHECK_EQ_INT(o.neval, 10);
    CHECK_EQ_INT(o.eval[0].move, 8);   /* A2 = x 0, y 1 */
    CHECK_EQ_INT(o.eval[0].score, 38);
    CHECK_EQ_INT(o.eval[1].move, 6 * 8 + 2);   /* C7 */
    int empties = 0;
    for (int i = 0; i < 64; i++) empties += o.cells[i] == GS_EMPTY;
    CHECK_EQ_INT(empties, 20);
    gs_loaded *l;
    int n;
    {
        REQUIRE(gs_load_positions(data, len, NULL, 0, &l, &n, &err) == GS_OK);
        CHECK_EQ_INT(n, 20);
        CHECK_EQ_STR(l[0].game->spec, "reversi:size=8,empties=none");
        CHECK_EQ_INT(gs_board_count(&l[0].state->board, GS_EMPTY), 20);
        CHECK_EQ_INT(l[3].state->to_move, GS_WHITE);   /* FFO #43 */
        gs_loaded_free(l, n);
        REQUIRE(gs_load_positions(data, len, "reversi:empties=winner", 0, &l, &n, &err) == GS_OK);
        CHECK_EQ_STR(l[0].game->spec, "reversi:size=8,empties=winner");
        gs_loaded_free(l, n);
    }
    free(data);
}

static const struct { const char *text; int line, col; const char *msg; } obf_bad[] = {
    {"XO-", 1, 1, "3 squares"},
    {"---------------------------OX------XO--------------------------Z X", 1, 64, "bad square 'Z'"},
    {"---------------------------OX------XO--------------------------- ", 1, 66, "expected the side to move"},
    {"---------------------------OX------XO--------------------------- Xq", 1, 67, "after the side to move"},
    {"---------------------------OX------XO--------------------------- X; Z9:+3", 1, 69, "not a square"},
    {"---------------------------OX------XO--------------------------- X; A1+3", 1, 71, "expected ':'"},
    {"---------------------------OX------XO--------------------------- X; A1:x", 1, 72, "expected a score"},
};

TEST(io_obf_errors) {
    for (size_t i = 0; i < sizeof obf_bad / sizeof obf_bad[0]; i++) {
        static gs_obf_position o;
        gs_error err;
        gs_status st = gs_obf_parse_line(obf_bad[i].text, strlen(obf_bad[i].text), &o, &err);
        CHECKF(st == GS_ERR_PARSE, "case %zu", i);
        CHECKF(err.line == obf_bad[i].line && err.col == obf_bad[i].col, "case %zu: at %d:%d (%s)", i, err.line, err.col,
               err.msg);
        CHECKF(strstr(err.msg, obf_bad[i].msg) != NULL, "case %zu: [%s]", i, err.msg);
    }
    /* in a file the line number is the file's */
    gs_loaded *l;
    int n;
    gs_error err;
    CHECK(load("% comment\n\n---------------------------OX------XO--------------------------- X\nXO\n", NULL, 0, &l,
               &n, &err) != GS_OK);
    CHECK(err.line == 4 && err.col == 1);
}

static const struct { const char *text; gs_status st; int line, col; const char *msg; } load_bad[] = {
    {"", GS_ERR_PARSE, 1, 1, "no positions"},
    {"  \n% only a comment\n", GS_ERR_PARSE, 3, 1, "no positions"},
    {"{\"format\":\"other\",\"version\":1}", GS_ERR_BAD_VALUE, 1, 11, "not a gridstone state"},
    {"{\"format\":\"gridstone\",\"version\":2,\"game\":\"othello\"}", GS_ERR_UNSUPPORTED, 1, 33, "version 2"},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\",\"x\":1}", GS_ERR_UNKNOWN_KEY, 1, 56, "unknown key \"x\""},
    {"{\"format\":\"gridstone\",\"version\":1}", GS_ERR_UNKNOWN_GAME, 0, 0, "does not name its game"},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"nosuchgame\"}", GS_ERR_UNKNOWN_GAME, 1, 42, "unknown game"},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"reversi:size=4\",\n\"setup\":{\"to_move\":\"black\",\"board\":[\"....\",\"..\",\"....\",\"....\"]}}",
     GS_ERR_BAD_VALUE, 2, 44, "row 2 must be a string of 4 cells"},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"reversi:size=4\",\n\"setup\":{\"to_move\":\"black\",\"board\":[\"....\",\".XZ.\",\"....\",\"....\"]}}",
     GS_ERR_BAD_VALUE, 2, 44, "bad cell at column 3"},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"reversi:size=4\",\"setup\":{\"to_move\":\"red\",\"board\":[]}}",
     GS_ERR_BAD_VALUE, 1, 78, "must be \"black\" or \"white\""},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\",\"moves\":[\"d3\"],\"to_move\":\"black\"}",
     GS_ERR_BAD_POSITION, 1, 77, "after the moves white is to move"},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"reversi:size=4\",\"board\":[\"....\",\".XO.\",\".OX.\",\"....\"]}",
     GS_ERR_BAD_POSITION, 1, 67, "row 2, column 2"},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\",\"result\":\"B+64\"}", GS_ERR_BAD_POSITION, 1, 61,
     "but the position gives \"\""},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\",\"moves\":[\"d3\",7]}", GS_ERR_BAD_VALUE, 1, 66, "move 2 must be a string"},
    {"{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\"}\n{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\",}",
     GS_ERR_PARSE, 2, 52, "expected a string key"},
    {"(;GM[2]SZ[8]\n;B[dc]W[cc])", GS_ERR_PARSE, 2, 7, "both B[] and W[]"},
    {"(;GM[99])", GS_ERR_UNKNOWN_GAME, 1, 3, "GM[99] is not a game"},
    {"(;GM[2]SZ[8:x])", GS_ERR_BAD_VALUE, 1, 8, "board size"},
    {"(;GM[2]SZ[8]AB[dd:zz])", GS_ERR_BAD_VALUE, 1, 13, "off the 8x8 board"},
    {"(;GM[2]SZ[8]PL[X])", GS_ERR_BAD_VALUE, 1, 13, "player must be B or W"},
    {"(;GM[2]SZ[8];B[dc];B[ee])", GS_ERR_NOT_YOUR_TURN, 1, 20, "move 2 (B[ee]) is illegal"},
    {"(;GM[2]SZ[8];B[d3])", GS_ERR_PARSE, 1, 14, "not a point"},
    {"(;GM[2]SZ[8];B[dc]", GS_ERR_PARSE, 1, 19, "expected ')'"},
};

TEST(io_load_errors_have_positions) {
    gs_error err;
    for (size_t i = 0; i < sizeof load_bad / sizeof load_bad[0]; i++) {
        gs_loaded *l = (gs_loaded *)1;
        int n = 5;
        gs_status st = load(load_bad[i].text, NULL, GS_LOAD_STRICT, &l, &n, &err);
        CHECKF(st == load_bad[i].st, "case %zu: status %s, expected %s (%s)", i, gs_reason_code(st),
               gs_reason_code(load_bad[i].st), err.msg);
        CHECKF(l == NULL && n == 0, "case %zu: something returned", i);
        CHECKF(err.line == load_bad[i].line && err.col == load_bad[i].col, "case %zu: at %d:%d, expected %d:%d (%s)", i,
               err.line, err.col, load_bad[i].line, load_bad[i].col, err.msg);
        CHECKF(strstr(err.msg, load_bad[i].msg) != NULL, "case %zu: [%s] lacks [%s]", i, err.msg, load_bad[i].msg);
    }
}

TEST(io_json_lines_and_collections) {
    gs_error err;
    gs_loaded *l;
    int n;
    REQUIRE(load("\xEF\xBB\xBF{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\"}\n"
                 "{\"format\":\"gridstone\",\"version\":1,\"game\":\"reversi:size=6\",\"moves\":[\"c2\"]}\n\n"
                 "{\"format\":\"gridstone\",\"version\":1,\"game\":\"reversi:size=4\"}\n",
                 NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(n, 3);
    CHECK_EQ_INT(l[1].game->geom.w, 6);
    CHECK_EQ_INT(l[1].state->nhist, 1);
    gs_loaded_free(l, n);
    REQUIRE(load("(;GM[2]SZ[8];B[dc])\n(;GM[2]SZ[6](;B[cb])(;B[bc]))", "reversi", 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(n, 2);
    CHECK_EQ_INT(l[1].state->hist[0].move, 1 * 6 + 2);   /* main line = first variation */
    gs_loaded_free(l, n);
    /* override naming another game replaces the game */
    {
        REQUIRE(load("(;GM[2]SZ[8])", "tictactoe", 0, &l, &n, &err) == GS_OK);
        CHECK(!strncmp(l[0].game->spec, "mnk:", 4));
        gs_loaded_free(l, n);
        /* no GM: SZ maps onto the override's game */
        REQUIRE(load("(;SZ[4];B[aa];W[bb])", "mnk:k=3", 0, &l, &n, &err) == GS_OK);
        CHECK_EQ_INT(l[0].game->geom.w, 4);
        CHECK_EQ_INT(l[0].state->nhist, 2);
        gs_loaded_free(l, n);
    }
}

TEST(io_go_sgf_mapping) {
    gs_error err;
    gs_loaded *l;
    int n;
    REQUIRE(load("(;GM[1]SZ[9]KM[7.5]RU[New Zealand]HA[2]AB[cc][gg];W[ee];W[dd];B[tt];W[])", NULL, GS_LOAD_STRICT, &l,
                 &n, &err) == GS_OK);
    CHECK(strstr(l[0].game->spec, "size=9") && strstr(l[0].game->spec, "komi=7.5") &&
          strstr(l[0].game->spec, "rules=new-zealand"));
    /* W first after setup, W again = implicit black pass, tt = pass */
    CHECK_EQ_INT(l[0].state->nhist, 5);
    CHECK_EQ_INT(l[0].state->hist[1].move, GS_PASS);
    CHECK_EQ_INT(l[0].state->hist[3].move, GS_PASS);
    gs_loaded_free(l, n);
    REQUIRE(load("(;GM[1]SZ[9:7]RU[tromp taylor])", "go:komi=0.5", 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(l[0].game->geom.w, 9);
    CHECK_EQ_INT(l[0].game->geom.h, 7);
    CHECK(strstr(l[0].game->spec, "komi=0.5") && strstr(l[0].game->spec, "rules=tromp-taylor"));
    gs_loaded_free(l, n);
    REQUIRE(load("(;GM[1]RU[Ing]KM[6.5])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK(strstr(l[0].note, "RU[Ing]") != NULL);
    gs_loaded_free(l, n);
    /* the superko test record: lenient load stops at the last move */
    char path[512], *data;
    size_t len;
    snprintf(path, sizeof path, "%s/go/rules/suicide.sgf", gs_testdata());
    REQUIRE(gs_read_file(path, &data, &len, &err) == GS_OK);
    REQUIRE(gs_load_positions(data, len, NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(l[0].illegal_at, 4);
    CHECK_EQ_INT(l[0].illegal_reason, GS_ERR_SUICIDE);
    gs_loaded_free(l, n);
    free(data);
}

TEST(io_read_file_errors) {
    char *data;
    size_t len;
    gs_error err;
    CHECK(gs_read_file("/nonexistent/file.sgf", &data, &len, &err) == GS_ERR_IO);
    CHECK(strstr(err.msg, "/nonexistent/file.sgf") != NULL);
    CHECK(data == NULL);
}

/* Truncations of real records: never a crash, an error with a position or a
 * shorter record. */
TEST(io_every_prefix_loads_or_fails_cleanly) {
    gs_error err;
    const char *spec = "othello";
    gs_game *g = tl_game(spec);
    if (!g) return;
    gs_state *s = gs_state_new(g);
    gs_rng rng;
    gs_rng_seed(&rng, 3);
    static gs_move moves[GS_MAX_CELLS + 1];
    for (int i = 0; i < 20 && !gs_is_over(s); i++) {
        int k = gs_legal_moves(s, moves);
        gs_play(s, moves[gs_rng_below(&rng, (uint32_t)k)]);
    }
    char *texts[2] = {gs_state_to_json(s, 1), gs_state_to_sgf(s)};
    for (int t = 0; t < 2; t++) {
        REQUIRE(texts[t]);
        size_t n = strlen(texts[t]);
        for (size_t k = 0; k < n; k++) {
            gs_loaded *l;
            int cnt;
            gs_status st = gs_load_positions(texts[t], k, NULL, 0, &l, &cnt, &err);
            if (st == GS_OK) gs_loaded_free(l, cnt);
            else CHECKF(err.line >= 1 || err.code != GS_ERR_PARSE, "prefix %zu: no position (%s)", k, err.msg);
        }
        free(texts[t]);
    }
    gs_state_free(s);
    gs_game_free(g);
}

/* GNU Go's self-play records (testdata/go/scored): the JSON Lines parse
 * with our reader, each game's "sgf" replays strictly to its last move,
 * and the SGF written back loads to the same state. */
#include "io/json.h"

TEST(io_gnugo_records_replay_strictly) {
    gs_error err;
    static const char *const files[] = {"gnugo-area_9", "gnugo-terr_9", "gnugo-area_13", "gnugo-terr_13",
                                         "gnugo-area_19", "gnugo-terr_19", NULL};
    int games = 0;
    for (int f = 0; files[f]; f++) {
        char path[512], *data;
        size_t len, off = 0;
        snprintf(path, sizeof path, "%s/go/scored/%s.jsonl", gs_testdata(), files[f]);
        REQUIREF(gs_read_file(path, &data, &len, &err) == GS_OK, "%s", err.msg);
        for (int line = 0; off < len; line++) {
            while (off < len && (data[off] == '\n' || data[off] == '\r')) off++;
            if (off >= len) break;
            io_json *doc;
            REQUIREF(io_json_parse_at(data, len, &off, &doc, &err) == GS_OK, "%s: %s", path, err.msg);
            const io_json *sgf = io_json_get(doc, "sgf"), *moves = io_json_get(doc, "moves");
            REQUIRE(sgf && sgf->type == IO_JSON_STRING && moves && moves->type == IO_JSON_ARRAY);
            gs_loaded *l;
            int n;
            gs_status st = gs_load_positions(sgf->str, sgf->len, NULL, GS_LOAD_STRICT, &l, &n, &err);
            CHECKF(st == GS_OK, "%s line %d: %s (%d:%d)", path, line + 1, err.msg, err.line, err.col);
            if (st == GS_OK) {
                games++;
                CHECK_EQ_INT(l[0].state->nhist, moves->n);
                CHECK(strstr(l[0].game->spec, "komi=") != NULL);
                char *t = gs_state_to_sgf(l[0].state);
                gs_loaded *l2;
                int n2;
                REQUIRE(t);
                CHECK(gs_load_positions(t, strlen(t), NULL, GS_LOAD_STRICT, &l2, &n2, &err) == GS_OK);
                if (n2 == 1) {
                    const char *what = "";
                    CHECKF(same_state(l[0].state, l2[0].state, &what), "%s line %d: SGF round trip: %s", path,
                           line + 1, what);
                    gs_loaded_free(l2, n2);
                }
                free(t);
                gs_loaded_free(l, n);
            }
            io_json_free(doc);
        }
        free(data);
    }
    CHECK_EQ_INT(games, 110);
}

/* issue 15 item 7: a version far outside int's range is an error, not a
 * float-to-int overflow (clang's float-cast-overflow check sees it). */
TEST(io_json_version_out_of_range) {
    static const char *const bad[] = {
        "{\"format\":\"gridstone\",\"version\":1e999,\"game\":\"go\"}",
        "{\"format\":\"gridstone\",\"version\":-1e999,\"game\":\"go\"}",
        "{\"format\":\"gridstone\",\"version\":1e19,\"game\":\"go\"}",
        "{\"format\":\"gridstone\",\"version\":4294967297,\"game\":\"go\"}",
        "{\"format\":\"gridstone\",\"version\":1.5,\"game\":\"go\"}",
        "{\"format\":\"gridstone\",\"version\":0,\"game\":\"go\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gs_loaded *l;
        int n;
        gs_error err;
        gs_status st = load(bad[i], NULL, 0, &l, &n, &err);
        CHECKF(st == GS_ERR_BAD_VALUE || st == GS_ERR_UNSUPPORTED, "case %zu: %d", i, st);
        CHECKF(err.line == 1 && err.col == 33, "case %zu: at %d:%d", i, err.line, err.col);
    }
    gs_loaded *l;
    int n;
    gs_error err;
    CHECK(load("{\"format\":\"gridstone\",\"version\":2,\"game\":\"go\"}", NULL, 0, &l, &n, &err) == GS_ERR_UNSUPPORTED);
}

/* issue 15 item 13: a UTF-8 byte order mark before OBF lines is skipped
 * (it was read as a square). */
TEST(io_obf_after_bom) {
    gs_loaded *l;
    int n;
    gs_error err;
    REQUIRE(load("\xEF\xBB\xBF---------------------------OX------XO--------------------------- X;\n"
                 "---------------------------OX------XO--------------------------- O;\n", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(n, 2);
    CHECK_EQ_INT(l[0].state->to_move, GS_BLACK);
    CHECK_EQ_INT(l[1].state->to_move, GS_WHITE);
    gs_loaded_free(l, n);
    /* an error on a later line still names that line */
    CHECK(load("\xEF\xBB\xBF---------------------------OX------XO--------------------------- X;\nZ\n", NULL, 0, &l, &n,
               &err) == GS_ERR_PARSE);
    CHECK_EQ_INT(err.line, 2);
}

/* issue 15 item 2: GS_LOAD_LAZY keeps records, not states; the state built
 * from a record is the state an eager load gives, every time it is built.
 * With a cache that outlives the load (cache != NULL), a released state is
 * its game's spare, reset and reused by the next entry of that game. */
static void lazy_equals_eager(const char *what, const char *text, size_t len, int flags, io_game_cache *cache) {
    gs_loaded *e, *z;
    int ne, nz;
    gs_error err;
    gs_status st = gs_load_positions(text, len, NULL, flags, &e, &ne, &err);
    REQUIREF(st == GS_OK, "%s: %s", what, err.msg);
    st = io_load_positions(text, len, NULL, flags | GS_LOAD_LAZY, cache, &z, &nz, &err);
    REQUIREF(st == GS_OK, "%s: lazy: %s", what, err.msg);
    CHECK_EQ_INT(ne, nz);
    for (int i = 0; i < ne && i < nz; i++) {
        const char *why = "";
        CHECKF(z[i].state == NULL, "%s #%d: lazy entry holds a state", what, i);
        CHECK_EQ_STR(e[i].result, z[i].result);
        CHECK_EQ_STR(e[i].note, z[i].note);
        CHECK_EQ_INT(e[i].illegal_at, z[i].illegal_at);
        CHECK_EQ_STR(e[i].game->spec, z[i].game->spec);
        for (int round = 0; round < 2; round++) {
            gs_state *s = gs_loaded_state(&z[i]);
            REQUIRE(s);
            CHECK(gs_loaded_state(&z[i]) == s);   /* kept until released */
            CHECKF(same_state(e[i].state, s, &why), "%s #%d round %d: %s differs", what, i, round, why);
            CHECKF(gs_validate(s, &err) == GS_OK, "%s #%d: %s", what, i, err.msg);
            gs_loaded_release(&z[i]);
            CHECK(z[i].state == NULL);
        }
        gs_loaded_release(&e[i]);   /* no record: nothing happens */
        CHECK(e[i].state != NULL && gs_loaded_state(&e[i]) == e[i].state);
    }
    gs_loaded_state(&z[0]);   /* freed with the array while built */
    gs_loaded_free(e, ne);
    gs_loaded_free(z, nz);
}

TEST(io_lazy_load_equals_eager) {
    static const char *const texts[] = {
        /* setup + side to move, a first move by white, a resignation, an
         * illegal move (replay stops with a note), renju, reversi with an
         * implicit pass, a game with captures, an m,n,k game */
        "(;GM[1]SZ[9]AB[aa][bb]AW[cc]PL[W];W[dd];B[ee])(;GM[1]SZ[5];W[aa];B[bb])"
        "(;GM[1]SZ[9]RE[W+R];B[aa])(;GM[1]SZ[9];B[aa];W[aa];B[bb])(;GS[renju];B[hh];W[hi];B[ii])"
        "(;GM[2]SZ[4];B[ba];W[aa];B[ab])(;GM[1]SZ[5];B[ba];W[aa];B[ab];W[ee];B[cc])"
        "(;GS[tictactoe];B[bb];W[aa];B[cc])(;GS[connect4];B[da];W[da])",
        "{\"format\":\"gridstone\",\"version\":1,\"game\":\"othello\",\"moves\":[\"d3\",\"c3\"]}\n"
        "{\"format\":\"gridstone\",\"version\":1,\"game\":\"go:size=9\",\"setup\":{\"to_move\":\"white\",\"board\":"
        "[\"X........\",\".........\",\".........\",\".........\",\".........\",\".........\",\".........\","
        "\".........\",\".........\"]},\"moves\":[\"E5\",\"pass\"]}\n"
        "{\"format\":\"gridstone\",\"version\":1,\"game\":\"renju\",\"moves\":[\"h8\",\"zz\"]}\n",
    };
    io_game_cache *c = io_game_cache_new(1);
    REQUIRE(c);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        lazy_equals_eager("text", texts[i], strlen(texts[i]), 0, NULL);
        lazy_equals_eager("text, kept cache", texts[i], strlen(texts[i]), 0, c);
    }
    static const char *const files[] = {"reversi/ffo-40-59.obf", "go/rules/positional-superko.sgf",
                                         "go/rules/situational-superko.sgf", "go/rules/suicide.sgf", NULL};
    for (int f = 0; files[f]; f++) {
        char path[512], *data;
        size_t len;
        gs_error err;
        snprintf(path, sizeof path, "%s/%s", gs_testdata(), files[f]);
        REQUIREF(gs_read_file(path, &data, &len, &err) == GS_OK, "%s", err.msg);
        lazy_equals_eager(files[f], data, len, 0, NULL);
        lazy_equals_eager(files[f], data, len, 0, c);
        free(data);
    }
    io_game_cache_free(c);
}

/* Entries of one game share one gs_game (built once); different games
 * do not; more different games than GS_LOAD_MAX_GAMES is a clear error. */
TEST(io_loaded_games_are_shared) {
    gs_loaded *l;
    int n;
    gs_error err;
    for (int lazy = 0; lazy <= 1; lazy++) {
        REQUIRE(load("(;GM[1]SZ[9];B[aa])(;GM[1]SZ[9];B[bb])(;GM[1]SZ[13];B[aa])(;SZ[9]GM[1])", NULL,
                     lazy ? GS_LOAD_LAZY : 0, &l, &n, &err) == GS_OK);
        CHECK_EQ_INT(n, 4);
        CHECK(l[0].game == l[1].game && l[0].game == l[3].game);
        CHECK(l[0].game != l[2].game);
        CHECK(!strcmp(gs_loaded_state(&l[1])->game->spec, l[0].game->spec));
        gs_loaded_free(l, n);
    }
    /* an override applies to every entry, still one game */
    REQUIRE(load("(;GM[1]SZ[9];B[aa])(;GM[1]SZ[9];B[bb])", "go:komi=0.5", 0, &l, &n, &err) == GS_OK);
    CHECK(l[0].game == l[1].game && strstr(l[0].game->spec, "komi=0.5"));
    gs_loaded_free(l, n);
    /* GS_LOAD_MAX_GAMES + 1 different komi values */
    size_t cap = (GS_LOAD_MAX_GAMES + 1) * 32 + 1, o = 0;
    char *t = malloc(cap);
    REQUIRE(t);
    for (int i = 0; i <= GS_LOAD_MAX_GAMES; i++) o += (size_t)snprintf(t + o, cap - o, "(;GM[1]SZ[3]KM[%d.%d])", i / 2, i % 2 ? 5 : 0);
    gs_status st = gs_load_positions(t, o, NULL, GS_LOAD_LAZY, &l, &n, &err);
    CHECK(st == GS_ERR_LIMIT && l == NULL && n == 0);
    CHECKF(strstr(err.msg, "different games") && err.line == 1 && err.col > 1, "%s at %d:%d", err.msg, err.line, err.col);
    /* GS_LOAD_MAX_GAMES different games, then the same again in reverse
     * order: each repeat finds its game (the cache's indexes), and every
     * lazily built state is of its own game */
    o = 0;
    for (int k = 0; k < 2 * GS_LOAD_MAX_GAMES; k++) {
        int i = k < GS_LOAD_MAX_GAMES ? k : 2 * GS_LOAD_MAX_GAMES - 1 - k;
        o += (size_t)snprintf(t + o, cap - o, "(;GM[1]SZ[3]KM[%d.%d];B[%c%c])", i / 2, i % 2 ? 5 : 0, 'a' + k % 3, 'a' + k / 3 % 3);
        if (k == GS_LOAD_MAX_GAMES - 1) {   /* room for the second half */
            cap = 2 * cap;
            char *t2 = realloc(t, cap);
            REQUIRE(t2);
            t = t2;
        }
    }
    REQUIRE(gs_load_positions(t, o, NULL, GS_LOAD_LAZY, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(n, 2 * GS_LOAD_MAX_GAMES);
    int bad = 0;
    for (int k = 0; k < GS_LOAD_MAX_GAMES; k++) {
        if (l[k].game != l[2 * GS_LOAD_MAX_GAMES - 1 - k].game) bad++;
        if (k && l[k].game == l[k - 1].game) bad++;
        const gs_state *s = gs_loaded_state(&l[2 * GS_LOAD_MAX_GAMES - 1 - k]);
        if (!s || s->game != l[k].game || s->nhist != 1) bad++;
    }
    CHECK_EQ_INT(bad, 0);
    gs_loaded_free(l, n);
    free(t);
}

/* A cache that outlives loads (what the fuzz targets keep): a game built
 * for one load is reused by the next; the cache owns and frees it. */
TEST(io_game_cache_across_loads) {
    io_game_cache *c = io_game_cache_new(1);
    REQUIRE(c);
    gs_loaded *a, *b;
    int na, nb;
    gs_error err;
    const char *t1 = "(;GS[renju];B[hh])", *t2 = "(;GS[renju];B[ii];W[hh])(;GM[1]SZ[5])";
    REQUIRE(io_load_positions(t1, strlen(t1), NULL, 0, c, &a, &na, &err) == GS_OK);
    REQUIRE(io_load_positions(t2, strlen(t2), NULL, GS_LOAD_LAZY, c, &b, &nb, &err) == GS_OK);
    CHECK(a[0].game == b[0].game);
    CHECK_EQ_INT(io_game_cache_count(c), 2);
    CHECK(gs_loaded_state(&b[0]) && b[0].state->nhist == 2);
    gs_loaded_free(a, na);
    gs_loaded_free(b, nb);
    io_game_cache_free(c);
}

/* A kept cache trimmed back to its first n games (the fuzz targets drop
 * what an input added, so no input ends with more allocations than it
 * began with): the games kept are found again, the dropped ones are
 * built anew, and loads through it still give the same positions. */
TEST(io_game_cache_trim_keeps_the_first) {
    io_game_cache *c = io_game_cache_new(1);
    REQUIRE(c);
    gs_loaded *a, *b;
    int na, nb;
    gs_error err;
    const char *t1 = "(;GS[renju];B[hh])", *t2 = "(;GM[1]SZ[5];B[cc])(;GS[renju];W[ii])(;GM[1]SZ[7]KM[2])";
    REQUIRE(io_load_positions(t1, strlen(t1), NULL, GS_LOAD_LAZY, c, &a, &na, &err) == GS_OK);
    const gs_game *renju = a[0].game;
    REQUIRE(gs_loaded_state(&a[0]));
    gs_loaded_free(a, na);
    CHECK_EQ_INT(io_game_cache_count(c), 1);
    for (int round = 0; round < 3; round++) {
        REQUIRE(io_load_positions(t2, strlen(t2), NULL, GS_LOAD_LAZY, c, &b, &nb, &err) == GS_OK);
        CHECK_EQ_INT(nb, 3);
        CHECK_EQ_INT(io_game_cache_count(c), 3);
        CHECK(b[1].game == renju);
        for (int i = 0; i < nb; i++) {
            const gs_state *s = gs_loaded_state(&b[i]);
            CHECK(s && s->nhist == (i < 2 ? 1 : 0));
            gs_loaded_release(&b[i]);
        }
        gs_loaded_free(b, nb);
        io_game_cache_trim(c, 1);
        CHECK_EQ_INT(io_game_cache_count(c), 1);
    }
    io_game_cache_trim(c, 5);   /* more than it holds: nothing changes */
    CHECK_EQ_INT(io_game_cache_count(c), 1);
    io_game_cache_trim(c, 0);
    CHECK_EQ_INT(io_game_cache_count(c), 0);
    REQUIRE(io_load_positions(t1, strlen(t1), NULL, 0, c, &a, &na, &err) == GS_OK);
    CHECK(a[0].state && a[0].state->nhist == 1);
    gs_loaded_free(a, na);
    io_game_cache_free(c);
}

/* A load from a collection the caller parsed (io_load_parsed) gives what
 * the load of the text gives: the same games, positions, notes, and in
 * strict mode the same error. */
TEST(io_load_parsed_matches_the_text_load) {
    const char *texts[] = {"(;GM[1]SZ[9]KM[6.5];B[ee];W[ec];B[zz])(;GS[renju];B[hh];W[hi])",
                           "(;GM[1]SZ[5];B[cc];W[cc])", "  (;GM[1]SZ[7]AB[aa][bb]PL[W];W[cc](;B[dd])(;B[ee]))"};
    for (int t = 0; t < 3; t++) {
        for (int flags = 0; flags <= (GS_LOAD_STRICT | GS_LOAD_LAZY); flags++) {
            gs_sgf_collection *c;
            gs_error e1, e2;
            gs_loaded *a = NULL, *b = NULL;
            int na = 0, nb = 0;
            size_t len = strlen(texts[t]);
            REQUIRE(gs_sgf_parse(texts[t], len, &c, &e1) == GS_OK);
            gs_status s1 = io_load_positions(texts[t], len, NULL, flags, NULL, &a, &na, &e1);
            gs_status s2 = io_load_parsed(texts[t], len, c, NULL, flags, NULL, &b, &nb, &e2);
            gs_sgf_free(c);
            CHECK_EQ_INT(s2, s1);
            CHECK_EQ_INT(nb, na);
            if (s1 != GS_OK) {
                CHECK_EQ_STR(e2.msg, e1.msg);
                CHECK_EQ_INT(e2.line, e1.line);
                CHECK_EQ_INT(e2.col, e1.col);
            }
            for (int i = 0; i < na && i < nb; i++) {
                const gs_state *x = gs_loaded_state(&a[i]), *y = gs_loaded_state(&b[i]);
                REQUIRE(x && y);
                CHECK_EQ_STR(y->game->spec, x->game->spec);
                CHECK(gs_state_hash(y) == gs_state_hash(x));
                CHECK_EQ_INT(y->nhist, x->nhist);
                CHECK_EQ_INT(b[i].illegal_at, a[i].illegal_at);
                CHECK_EQ_STR(b[i].note, a[i].note);
            }
            gs_loaded_free(a, na);
            gs_loaded_free(b, nb);
        }
    }
}

/* Through a kept cache, freeing an eager load hands its states back to
 * their games' spare slots (as gs_loaded_release does for a lazy one): the
 * next load of that game reuses one instead of allocating, and starts from
 * the initial position as a new state would. */
TEST(io_game_cache_free_gives_states_back) {
    io_game_cache *c = io_game_cache_new(1);
    REQUIRE(c);
    gs_loaded *a;
    int na;
    gs_error err;
    const char *t1 = "(;GM[1]SZ[9];B[cc];W[dd])", *t2 = "(;GM[1]SZ[9];B[ee])";
    REQUIRE(io_load_positions(t1, strlen(t1), NULL, 0, c, &a, &na, &err) == GS_OK);
    CHECK(a[0].state && a[0].state->nhist == 2);
    CHECK_EQ_INT(io_game_cache_spares(c), 0);   /* the load took it */
    gs_loaded_free(a, na);
    CHECK_EQ_INT(io_game_cache_spares(c), 1);
    REQUIRE(io_load_positions(t2, strlen(t2), NULL, 0, c, &a, &na, &err) == GS_OK);
    CHECK_EQ_INT(io_game_cache_spares(c), 0);
    CHECK(a[0].state->nhist == 1 && gs_board_count(&a[0].state->board, GS_BLACK) == 1 &&
          gs_board_count(&a[0].state->board, GS_WHITE) == 0);
    gs_loaded_free(a, na);
    io_game_cache_free(c);
}

/* ---- issue 15 reproducers (items 9, 12, 15): one answer, the same for every game ---- */

/* A setup node after moves: lenient = stop there, reported like an illegal
 * move (unsupported) with a note; strict = the load fails, unsupported. */
TEST(io_sgf_setup_after_moves_is_reported) {
    gs_loaded *l;
    int n;
    gs_error err;
    const char *rec = "(;GM[1]SZ[9];B[aa];AB[cc];W[dd])";
    REQUIRE(load(rec, NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(l[0].state->nhist, 1);
    CHECK_EQ_INT(l[0].illegal_at, 2);
    CHECK_EQ_INT(l[0].illegal_reason, GS_ERR_UNSUPPORTED);
    CHECKF(strstr(l[0].note, "setup properties") != NULL, "note: %s", l[0].note);
    gs_loaded_free(l, n);
    CHECK(load(rec, NULL, GS_LOAD_STRICT, &l, &n, &err) == GS_ERR_UNSUPPORTED);
    CHECK(err.line == 1 && err.col > 0);
    /* the same in a game without passes */
    REQUIRE(load("(;GS[tictactoe];B[bb];AW[aa];W[cc])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK(l[0].illegal_at == 2 && l[0].illegal_reason == GS_ERR_UNSUPPORTED && l[0].state->nhist == 1);
    gs_loaded_free(l, n);
}

/* issue 15 items 1-2: a file of many records that each stop at a setup
 * node after moves loads in linear time (before: every record's lenient
 * stop computed the line and column of its node by scanning the file from
 * its start, though only the strict error uses them: 20,000 records took
 * 10 s, 100,000 several minutes). */
TEST(io_sgf_many_setup_stops_load_in_linear_time) {
    const char unit[] = "(;GM[1]SZ[9];B[aa];AB[cc];W[dd])\n";
    int count = 100000;
    size_t ul = sizeof unit - 1;
    char *t = malloc(ul * (size_t)count);
    REQUIRE(t);
    for (int i = 0; i < count; i++) memcpy(t + ul * (size_t)i, unit, ul);
    gs_loaded *l;
    int n;
    gs_error err;
    REQUIRE(gs_load_positions(t, ul * (size_t)count, NULL, GS_LOAD_LAZY, &l, &n, &err) == GS_OK);
    CHECK_EQ_INT(n, count);
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (l[i].illegal_at != 2 || l[i].illegal_reason != GS_ERR_UNSUPPORTED || !strstr(l[i].note, "setup properties"))
            bad++;
    CHECK_EQ_INT(bad, 0);
    gs_loaded_free(l, n);
    free(t);
}

/* An unknown RU[] is a note (the default rules apply); it survives a later stop. */
TEST(io_sgf_unknown_rules_note) {
    gs_loaded *l;
    int n;
    gs_error err;
    REQUIRE(load("(;GM[1]SZ[9]RU[Ing-ish];B[aa])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECKF(strstr(l[0].note, "RU[Ing-ish]") && strstr(l[0].note, "not understood"), "note: %s", l[0].note);
    CHECK(strstr(l[0].game->spec, "rules=korean") != NULL);
    CHECK_EQ_INT(l[0].illegal_at, 0);
    gs_loaded_free(l, n);
    REQUIRE(load("(;GM[1]SZ[9]RU[Ing-ish];B[aa];W[aa])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECKF(strstr(l[0].note, "RU[Ing-ish]") && strstr(l[0].note, "replay stopped at move 2"), "note: %s", l[0].note);
    gs_loaded_free(l, n);
    /* known spellings, any case, spaces/-/_ ignored */
    REQUIRE(load("(;GM[1]SZ[9]RU[new zealand])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK(strstr(l[0].game->spec, "rules=new-zealand") && !l[0].note[0]);
    gs_loaded_free(l, n);
}

/* Setup validation, the same rule in every game: a point in two of
 * AB/AW/AE of one node and a repeated single-valued property are errors;
 * a line of both colours (or of the side to move) is refused by every
 * line game. */
TEST(io_sgf_setup_validation_is_uniform) {
    gs_loaded *l;
    int n;
    gs_error err;
    static const char *const bad[] = {
        "(;GM[1]SZ[9]AB[aa]AW[aa])", "(;GS[renju]AB[aa]AE[aa])", "(;GS[reversi]AB[dd]AW[dd])",
        "(;GS[tictactoe]AB[aa]AW[aa])", "(;GM[1]SZ[9]SZ[13])", "(;GM[1]GM[4])", "(;GS[go]GS[renju])",
        "(;GM[1]SZ[9];PL[B]PL[W])", NULL};
    for (int i = 0; bad[i]; i++) {
        CHECKF(load(bad[i], NULL, 0, &l, &n, &err) == GS_ERR_BAD_VALUE, "%s loaded", bad[i]);
        CHECKF(err.line == 1 && err.col > 1, "%s: no position (%d:%d)", bad[i], err.line, err.col);
    }
    CHECK(load("(;GM[1]SZ[9]AB[aa]AW[aa])", NULL, 0, &l, &n, &err) != GS_OK && strstr(err.msg, "also in AB"));
    /* five of both colours: Gomoku refuses it as tic-tac-toe does */
    static const char *const both[] = {"(;GM[4]SZ[9]AW[aa][ba][ca][da][ea]AB[ac][bc][cc][dc][ec])",
                                       "(;GS[tictactoe]AB[aa][ba][ca]AW[ac][bc][cc])", NULL};
    for (int i = 0; both[i]; i++) {
        CHECKF(load(both[i], NULL, 0, &l, &n, &err) == GS_ERR_BAD_POSITION, "%s loaded", both[i]);
        CHECKF(strstr(err.msg, "both colours"), "%s: %s", both[i], err.msg);
    }
}

/* Messages say the problem once and name it right. */
TEST(io_sgf_messages_name_the_problem_once) {
    gs_loaded *l;
    int n;
    gs_error err;
    REQUIRE(load("(;GM[1]SZ[9]AB[aa:zz])", NULL, 0, &l, &n, &err) == GS_ERR_BAD_VALUE);
    CHECKF(!strcmp(err.msg, "AB[aa:zz]: point off the 9x9 board"), "%s", err.msg);
    REQUIRE(load("(;GM[1]SZ[9]KM[1e308])", NULL, 0, &l, &n, &err) == GS_ERR_BAD_VALUE);
    CHECKF(strstr(err.msg, "KM[1e308]: komi is out of range") == err.msg, "%s", err.msg);
    REQUIRE(load("(;GM[1]SZ[9]KM[seven])", NULL, 0, &l, &n, &err) == GS_ERR_BAD_VALUE);
    CHECKF(strstr(err.msg, "not a number") != NULL, "%s", err.msg);
    REQUIRE(load("(;GM[1]SZ[9]KM[7.3])", NULL, 0, &l, &n, &err) == GS_ERR_BAD_VALUE);
    CHECKF(strstr(err.msg, "multiple of 0.5") != NULL, "%s", err.msg);
    REQUIRE(load("(;GM[1]SZ[9]KM[ 6.5 ])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK(strstr(l[0].game->spec, "komi=6.5") != NULL);
    gs_loaded_free(l, n);
    /* a dead stone off the board is named as such, without a prefix */
    gs_game *g = tl_game("go:size=9");
    if (!g) return;
    gs_state *s = gs_state_new(g);
    gs_go_score sc;
    int dead[1] = {81};
    CHECK(gs_go_score_state(s, NULL, dead, 1, &sc, &err) == GS_ERR_OUT_OF_BOUNDS);
    CHECKF(strstr(err.msg, "off the 9x9 board") && !strstr(err.msg, "?") && strncmp(err.msg, "score:", 6),
           "%s", err.msg);
    dead[0] = 0;
    CHECK(gs_go_score_state(s, NULL, dead, 1, &sc, &err) == GS_ERR_BAD_VALUE);
    CHECKF(!strcmp(err.msg, "dead stone at A9: there is no stone there"), "%s", err.msg);
    gs_state_free(s);
    gs_game_free(g);
}

/* Go's file properties are written by Go's hook: KM, RU and, for a
 * handicap start, HA. */
TEST(io_sgf_go_hook_writes_km_ru_ha) {
    gs_game *g = tl_game("go:size=9,rules=japanese,komi=0.5");
    if (!g) return;
    gs_state *s = gs_state_new(g);
    gs_error err;
    REQUIRE(gs_go_fixed_handicap(s, 3, &err) == GS_OK);
    char *sgf = gs_state_to_sgf(s);
    REQUIRE(sgf);
    CHECKF(strstr(sgf, "KM[0.5]") && strstr(sgf, "RU[Japanese]") && strstr(sgf, "HA[3]"), "%s", sgf);
    free(sgf);
    gs_state_free(s);
    gs_game_free(g);
    g = tl_game("renju");
    if (!g) return;
    s = gs_state_new(g);
    sgf = gs_state_to_sgf(s);
    REQUIRE(sgf);
    CHECKF(strstr(sgf, "GM[4]") && !strstr(sgf, "KM[") && !strstr(sgf, "RU["), "%s", sgf);
    free(sgf);
    gs_state_free(s);
    gs_game_free(g);
}

/* An override of keys alone ("komi=0.5", as `--game` and the WASM
 * fromSGF/fromJSON `spec` option document) completes the file's game. */
TEST(io_override_of_keys_alone) {
    gs_error err;
    gs_loaded *l;
    int n;
    REQUIRE(load("(;GM[1]SZ[9]KM[6.5];B[ee])", "komi=0.5", GS_LOAD_STRICT, &l, &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].game->spec, "go:size=9,rules=korean,komi=0.5,ko=simple,suicide=0,scoring=territory");
    CHECK_EQ_INT(l[0].state->nhist, 1);
    gs_loaded_free(l, n);
    REQUIRE(load("{\"format\":\"gridstone\",\"version\":1,\"game\":\"renju\",\"moves\":[\"h8\"]}", "size=19", 0, &l,
                 &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].game->spec, "gomoku:size=19,rule=renju");
    gs_loaded_free(l, n);
    /* a key the file's game lacks is named as such */
    CHECK(load("(;GM[1]SZ[9];B[ee])", "rule=renju", 0, &l, &n, &err) == GS_ERR_UNKNOWN_KEY);
    CHECK(strstr(err.msg, "'rule'") != NULL);
}

/* Gomoku records name their rule in RU[] (GM[4] alone is freestyle): a
 * renju record must not be replayed as freestyle without a word. */
TEST(io_sgf_gomoku_rule_from_ru) {
    gs_loaded *l;
    int n;
    gs_error err;
    REQUIRE(load("(;GM[4]SZ[15]RU[Renju];B[hh];W[hi])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].game->spec, "gomoku:size=15,rule=renju");
    CHECK(!l[0].note[0]);
    gs_loaded_free(l, n);
    REQUIRE(load("(;GM[4]SZ[15]RU[o-mok])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].game->spec, "gomoku:size=15,rule=omok");
    gs_loaded_free(l, n);
    /* unknown: a note, the default rule */
    REQUIRE(load("(;GM[4]SZ[15]RU[Yamaguchi];B[hh])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].game->spec, "gomoku:size=15,rule=freestyle");
    CHECKF(strstr(l[0].note, "RU[Yamaguchi]") && strstr(l[0].note, "not understood"), "note: %s", l[0].note);
    gs_loaded_free(l, n);
    /* GS[] still wins over RU[] */
    REQUIRE(load("(;GM[4]GS[gomoku:rule=caro]SZ[15]RU[renju])", NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].game->spec, "gomoku:size=15,rule=caro");
    gs_loaded_free(l, n);
}
