/* The protocol layer (src/proto): the engines' shape, the command tables,
 * and the promise that an error reply leaves the engine's state exactly
 * as it was (checked on random command sequences: after every failure the
 * board and the record, printed by the engine itself, are unchanged). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "gridstone/gridstone.h"
#include "ai/go_ai.h"
#include "io/shelf.h"
#include "proto/proto.h"

static char *dup_reply(proto *p, const char *line) {
    const char *r = proto_handle(p, line, strlen(line));
    char *c = malloc(strlen(r) + 1);
    if (c) strcpy(c, r);
    return c;
}

TEST(proto_unknown_protocol) {
    gs_error err;
    CHECK(proto_new("smtp", NULL, &err) == NULL);
    CHECK(strstr(err.msg, "smtp") != NULL);
}

TEST(proto_gtp_shape) {
    proto_opts o = {0};
    o.level = "random";
    gs_error err;
    proto *p = proto_new("gtp", &o, &err);
    REQUIRE(p);
    CHECK_EQ_STR(proto_handle(p, "", 0), "");
    CHECK_EQ_STR(proto_handle(p, "   # only a comment", 19), "");
    CHECK_EQ_STR(proto_handle(p, "1 protocol_version", 18), "=1 2\n\n");
    /* a NUL inside the line is dropped, the command answered */
    CHECK_EQ_STR(proto_handle(p, "2 na\0me", 7), "=2 gridstone\n\n");
    CHECK_EQ_STR(proto_handle(p, "3 known_command komi", 20), "=3 true\n\n");
    CHECK_EQ_STR(proto_handle(p, "4 known_command frob", 20), "=4 false\n\n");
    CHECK_EQ_STR(proto_handle(p, "5 frob", 6), "?5 unknown command\n\n");
    CHECK(!proto_done(p));
    CHECK_EQ_STR(proto_handle(p, "quit", 4), "= \n\n");
    CHECK(proto_done(p));
    proto_free(p);
}

TEST(proto_gomocup_shape) {
    proto_opts o = {0};
    o.fast = 2;
    gs_error err;
    proto *p = proto_new("gomocup", &o, &err);
    REQUIRE(p);
    CHECK_EQ_STR(proto_handle(p, "START 15", 8), "OK\n");
    CHECK_EQ_STR(proto_handle(p, "BOARD", 5), "");     /* collected until DONE */
    CHECK_EQ_STR(proto_handle(p, "7,7,2", 5), "");
    const char *r = proto_handle(p, "DONE", 4);
    CHECK(strncmp(r, "MESSAGE depth ", 14) == 0);   /* search information first */
    CHECK(strstr(r, "\nDEBUG time ") != NULL);
    CHECK(strncmp(proto_handle(p, "frob", 4), "UNKNOWN ", 8) == 0);
    CHECK(strncmp(proto_handle(p, "INFO timeout_turn x", 19), "ERROR ", 6) == 0);
    CHECK_EQ_STR(proto_handle(p, "INFO timeout_turn 99999999999999999999999", 41), "");
    proto_handle(p, "END", 3);
    CHECK(proto_done(p));
    proto_free(p);
}

TEST(go_ai_move_time_bounded) {
    gs_game *g = tl_game("go:size=9");
    REQUIRE(g);
    gs_state *s = gs_state_new(g);
    REQUIRE(s);
    go_ai_clock c;
    memset(&c, 0, sizeof c);
    CHECK(go_ai_move_time(s, &c, 0) == 0);          /* no clock, no cap: the level's default */
    CHECK(go_ai_move_time(s, &c, 2.5) == 2.5);
    c.byo_time = 1e300;
    c.byo_stones = 1;
    double t = go_ai_move_time(s, &c, 0);
    CHECK(t > 0 && t <= GO_AI_MAX_MOVE_SECONDS);
    c.byo_time = 0;
    c.main_time = 1073741824.0;
    t = go_ai_move_time(s, &c, 0);
    CHECK(t > 0 && t <= GO_AI_MAX_MOVE_SECONDS);
    CHECK(go_ai_move_time(s, &c, 1.0) <= 1.0);      /* --time caps the clock's share */
    c.main_time = 30;
    c.left_known = 1;
    c.left = 10;
    c.stones_left = 5;
    t = go_ai_move_time(s, &c, 0);
    CHECK(t > 0 && t < 2.0);                        /* byo-yomi: 10 s for 5 stones */
    gs_state_free(s);
    gs_game_free(g);
}

TEST(go_ai_free_handicap_points) {
    int cells[GS_MAX_CELLS];
    CHECK_EQ_INT(go_ai_free_handicap(9, 9, 12, cells), 12);
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < i; j++) CHECK(cells[i] != cells[j]);
    CHECK_EQ_INT(go_ai_free_handicap(19, 19, 4, cells), 4);
    CHECK_EQ_INT(go_ai_free_handicap(9, 9, 0, cells), 0);
}

/* Random GTP lines from a small vocabulary, malformed ones included. */
static void random_line(gs_rng *r, char *buf, size_t len) {
    static const char *const cmds[] = {"play", "play", "play", "genmove", "undo", "komi", "boardsize", "fixed_handicap",
                                       "place_free_handicap", "set_free_handicap", "kgs-rules", "gridstone-rules",
                                       "time_settings", "time_left", "clear_board", "is_legal", "frob", "loadsgf"};
    static const char *const args[] = {"b", "w", "B", "white", "x", "d4", "e5", "c3", "pass", "a1", "z9", "d0", "i5",
                                       "7.3", "6.5", "-1", "99999999999", "9", "5", "2", "japanese", "klingon",
                                       "ko=situational", "1e300", "nan", "/nonexistent.sgf", "\x01", ""};
    int nc = (int)(sizeof cmds / sizeof *cmds), na = (int)(sizeof args / sizeof *args);
    int k = snprintf(buf, len, "%s", cmds[gs_rng_below(r, (uint32_t)nc)]);
    int n = (int)gs_rng_below(r, 4);
    for (int i = 0; i < n && (size_t)k < len; i++)
        k += snprintf(buf + k, len - (size_t)k, " %s", args[gs_rng_below(r, (uint32_t)na)]);
}

TEST(proto_gtp_error_keeps_state) {
    proto_opts o = {0};
    o.level = "random";
    o.est_playouts = 16;
    gs_error err;
    proto *p = proto_new("gtp", &o, &err);
    REQUIRE(p);
    proto_handle(p, "boardsize 7", 11);
    gs_rng r;
    gs_rng_seed(&r, 7);
    int failures = 0;
    for (int i = 0; i < 600 && !gs_test_failed_now(); i++) {
        char line[160];
        random_line(&r, line, sizeof line);
        char *before = dup_reply(p, "printsgf");
        char *board = dup_reply(p, "showboard");
        const char *reply = proto_handle(p, line, strlen(line));
        REQUIRE(before && board);
        size_t rl = strlen(reply);
        CHECKF(rl >= 3 && (reply[0] == '=' || reply[0] == '?') && !strcmp(reply + rl - 2, "\n\n"),
               "'%s' -> '%s'", line, reply);
        if (reply[0] == '?') {
            failures++;
            char *after = dup_reply(p, "printsgf");
            char *board2 = dup_reply(p, "showboard");
            CHECKF(after && !strcmp(before, after), "'%s' failed but changed the record", line);
            CHECKF(board2 && !strcmp(board, board2), "'%s' failed but changed the board", line);
            free(after);
            free(board2);
        }
        free(before);
        free(board);
    }
    CHECK(failures > 100);   /* the vocabulary does produce errors */
    proto_free(p);
}

/* The GTP engine keeps a few recent games: switching between more sizes
 * than it keeps, and back, plays the same as switching once. */
TEST(proto_gtp_games_cache) {
    proto_opts o = {0};
    o.level = "random";
    gs_error err;
    proto *p = proto_new("gtp", &o, &err);
    REQUIRE(p);
    static const char *const sizes[] = {"boardsize 5", "boardsize 7", "boardsize 9", "boardsize 11",
                                        "boardsize 13", "boardsize 5", "komi 3.5", "boardsize 7", "boardsize 5", NULL};
    for (int i = 0; sizes[i]; i++) CHECK_EQ_STR(proto_handle(p, sizes[i], strlen(sizes[i])), "= \n\n");
    CHECK_EQ_STR(proto_handle(p, "play b c3", 9), "= \n\n");
    CHECK_EQ_STR(proto_handle(p, "komi 7.5", 8), "= \n\n");
    const char *r = proto_handle(p, "printsgf", 8);
    CHECK(strstr(r, "SZ[5]") != NULL);
    CHECK(strstr(r, "KM[7.5]") != NULL);
    CHECK(strstr(r, ";B[cc]") != NULL);
    proto_free(p);
}

/* printsgf after two passes writes the result final_score gives (the
 * engine's dead stones), under area and territory rules alike: a lone
 * white stone in black's area is dead for both. */
TEST(proto_gtp_printsgf_result_is_final_score) {
    static const char *const rules[] = {"chinese", "japanese", NULL};
    for (int k = 0; rules[k]; k++) {
        proto_opts o = {0};
        o.level = "random";
        o.size = 5;
        gs_error err;
        proto *p = proto_new("gtp", &o, &err);
        REQUIRE(p);
        char line[64];
        snprintf(line, sizeof line, "kgs-rules %s", rules[k]);
        static const char *const script[] = {"komi 0.5",    "play b c1",   "play w a1",   "play b c2",
                                             "play w pass", "play b c3",   "play w pass", "play b c4",
                                             "play w pass", "play b c5",   "play w pass", "play b pass",
                                             NULL};
        CHECK_EQ_STR(proto_handle(p, line, strlen(line)), "= \n\n");
        for (int i = 0; script[i]; i++) CHECK_EQ_STR(proto_handle(p, script[i], strlen(script[i])), "= \n\n");
        char *score = dup_reply(p, "final_score"), *sgf = dup_reply(p, "printsgf");
        REQUIRE(score && sgf);
        CHECKF(!strncmp(score, "= B+", 4), "%s: final_score %s", rules[k], score);
        char want[64];
        snprintf(want, sizeof want, "RE[%.*s]", (int)strcspn(score + 2, "\n"), score + 2);
        CHECKF(strstr(sgf, want) != NULL, "%s: printsgf lacks %s: %s", rules[k], want, sgf);
        free(score);
        free(sgf);
        proto_free(p);
    }
}

/* The engine keeps its last dead-stone estimate for the next scoring
 * command; every answer must still be the one a fresh engine gives for
 * the same record (moves, undo, clear_board, komi and a setup between the
 * questions). */
static proto *gtp_est_engine(void) {
    proto_opts o = {0};
    o.level = "random";
    o.size = 5;
    o.est_playouts = 300;
    gs_error err;
    return proto_new("gtp", &o, &err);
}

TEST(proto_gtp_estimate_follows_the_position) {
    static const char *const script[] = {
        "play b c1", "play w a1", "final_status_list dead", "play b c2", "final_score",
        "play w b1", "final_status_list dead", "final_status_list alive", "play b c3", "play w pass",
        "final_score", "final_score", "undo", "final_score", "play w a2", "final_status_list dead",
        "komi 3.5", "final_score", "play b c4", "play w pass", "play b c5", "play w pass",
        "play b pass", "final_score", "printsgf", "final_status_list dead", "clear_board",
        "final_score", "set_free_handicap b2 d4", "final_status_list dead", "play w c3", "final_score",
        NULL};
    proto *a = gtp_est_engine();
    REQUIRE(a);
    for (int i = 0; script[i]; i++) {
        char *got = dup_reply(a, script[i]);
        REQUIRE(got);
        if (!strncmp(script[i], "final", 5) || !strcmp(script[i], "printsgf")) {
            /* a fresh engine: the moves and settings so far, then this question */
            proto *b = gtp_est_engine();
            REQUIRE(b);
            for (int j = 0; j < i; j++)
                if (strncmp(script[j], "final", 5) && strcmp(script[j], "printsgf"))
                    proto_handle(b, script[j], strlen(script[j]));
            char *want = dup_reply(b, script[i]);
            REQUIRE(want);
            CHECKF(!strcmp(got, want), "step %d (%s): %s, a fresh engine %s", i, script[i], got, want);
            free(want);
            proto_free(b);
        } else CHECKF(got[0] == '=', "step %d (%s): %s", i, script[i], got);
        free(got);
    }
    proto_free(a);
}

/* proto_opts.size: the GTP engine starts on that board (a bad size is
 * refused); lines of any length up to the limit are read (the line
 * buffer grows). */
TEST(proto_gtp_start_size_and_long_lines) {
    proto_opts o = {0};
    o.level = "random";
    o.size = 7;
    gs_error err;
    proto *p = proto_new("gtp", &o, &err);
    REQUIRE(p);
    CHECK_EQ_STR(proto_handle(p, "play b g7", 9), "= \n\n");
    CHECK_EQ_STR(proto_handle(p, "play w h8", 9), "? illegal move\n\n");
    size_t n = 5000;
    char *line = malloc(n + 1);
    REQUIRE(line);
    memset(line, ' ', n);
    memcpy(line, "7 name", 6);
    line[n] = 0;
    CHECK_EQ_STR(proto_handle(p, line, n), "=7 gridstone\n\n");
    free(line);
    CHECK_EQ_STR(proto_handle(p, "8 name", 6), "=8 gridstone\n\n");
    proto_free(p);
    o.size = 26;
    CHECK(proto_new("gtp", &o, &err) == NULL);
    CHECK(strstr(err.msg, "26") != NULL);
}

/* proto_opts.shelf: engines made one after another share the games on
 * it.  A session answers the same with or without the shelf, also after
 * the engine that built the games is gone, and past the shelf's capacity
 * (more specs than it keeps: those games belong to the engine). */
static void shelf_session(io_shelf *shelf, char **replies, int nkomi) {
    proto_opts o = {0};
    o.level = "random";
    o.size = 7;
    o.shelf = shelf;
    gs_error err;
    proto *p = proto_new("gtp", &o, &err);
    if (!p) return;
    static const char *const script[] = {"boardsize 5", "play b c3", "komi 3.5", "boardsize 9", "play w e5",
                                         "kgs-rules japanese", "play b d4", "boardsize 5", "printsgf", NULL};
    int k = 0;
    for (int i = 0; script[i]; i++) replies[k++] = dup_reply(p, script[i]);
    for (int i = 0; i < nkomi; i++) {
        char line[32];
        snprintf(line, sizeof line, "komi %d.5", i);
        replies[k++] = dup_reply(p, line);
    }
    replies[k++] = dup_reply(p, "printsgf");
    proto_free(p);
}

TEST(proto_gtp_shelf) {
    enum { NK = IO_SHELF_MAX + 6, NR = 9 + NK + 1 };
    char *plain[NR], *first[NR], *second[NR];
    io_shelf *shelf = io_shelf_new();
    REQUIRE(shelf);
    memset(plain, 0, sizeof plain);
    memset(first, 0, sizeof first);
    memset(second, 0, sizeof second);
    shelf_session(NULL, plain, NK);
    shelf_session(shelf, first, NK);
    shelf_session(shelf, second, NK);   /* on the games the first session built */
    for (int i = 0; i < NR; i++) {
        REQUIRE(plain[i] && first[i] && second[i]);
        CHECK_EQ_STR(first[i], plain[i]);
        CHECK_EQ_STR(second[i], plain[i]);
        CHECK(plain[i][0] == '=');
        free(plain[i]);
        free(first[i]);
        free(second[i]);
    }
    gs_game *g = io_shelf_find(shelf, "go:size=7,rules=chinese");
    CHECK(g != NULL && g->geom.n == 49);
    CHECK(io_shelf_find(shelf, "go:size=8,rules=chinese") == NULL);
    CHECK(io_shelf_find(NULL, "go:size=7,rules=chinese") == NULL);
    io_shelf_free(shelf);
}

/* A shelf made for max games takes that many and no more (the caller
 * keeps the rest); io_shelf_new's takes IO_SHELF_MAX. */
TEST(io_shelf_holds_its_max) {
    enum { MAX = IO_SHELF_MAX + 3 };
    io_shelf *big = io_shelf_new_max(MAX), *none = io_shelf_new_max(0), *std = io_shelf_new();
    REQUIRE(big && none && std);
    gs_error err;
    gs_game *g;
    REQUIRE(gs_game_new("tictactoe", &g, &err) == GS_OK);
    CHECK(io_shelf_put(none, "tictactoe", g) == 0);
    gs_game_free(g);
    for (int i = 0; i <= MAX; i++) {
        char spec[40];
        snprintf(spec, sizeof spec, "mnk:m=%d,n=%d,k=3", 3 + i % 20, 3 + i / 20);
        REQUIRE(gs_game_new(spec, &g, &err) == GS_OK);
        int took_big = io_shelf_put(big, spec, g);
        CHECK_EQ_INT(took_big, i < MAX);
        gs_game *h = g;
        if (!took_big) gs_game_free(g);
        REQUIRE(gs_game_new(spec, &g, &err) == GS_OK);
        int took_std = io_shelf_put(std, spec, g);
        CHECK_EQ_INT(took_std, i < IO_SHELF_MAX);
        if (!took_std) gs_game_free(g);
        if (took_big) CHECK(io_shelf_find(big, spec) == h);
        else CHECK(io_shelf_find(big, spec) == NULL);
    }
    CHECK(io_shelf_find(big, "mnk:m=3,n=3,k=3") != NULL);
    CHECK(io_shelf_find(none, "tictactoe") == NULL);
    io_shelf_free(big);
    io_shelf_free(none);
    io_shelf_free(std);
}

/* The shelf's spare (an ended engine's search for the next engine): one at
 * a time, given back only to a taker of its kind, freed with the shelf. */
static int spare_frees;
static void spare_free_a(void *p) { spare_frees++; free(p); }
static void spare_free_b(void *p) { free(p); }

TEST(io_shelf_spare_by_kind) {
    io_shelf *shelf = io_shelf_new();
    REQUIRE(shelf);
    void *a = malloc(16), *b = malloc(16);
    REQUIRE(a && b);
    CHECK(io_shelf_take_spare(shelf, spare_free_a) == NULL);
    CHECK(io_shelf_put_spare(shelf, a, spare_free_a) == 1);
    CHECK(io_shelf_put_spare(shelf, b, spare_free_b) == 0);   /* taken: b stays the caller's */
    CHECK(io_shelf_take_spare(shelf, spare_free_b) == NULL);  /* another kind */
    CHECK(io_shelf_take_spare(shelf, spare_free_a) == a);
    CHECK(io_shelf_take_spare(shelf, spare_free_a) == NULL);
    CHECK(io_shelf_put_spare(NULL, b, spare_free_b) == 0);
    CHECK(io_shelf_put_spare(shelf, a, spare_free_a) == 1);
    free(b);
    spare_frees = 0;
    io_shelf_free(shelf);   /* frees a */
    CHECK(spare_frees == 1);
}
