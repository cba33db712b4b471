/* Core: spec strings, reason codes and messages, coordinates, geometry,
 * hashing, symmetries. */
#include "gridstone/gridstone.h"
#include "test.h"

TEST(spec_parse_ok) {
    gs_spec s;
    gs_error e;
    REQUIRE(gs_spec_parse("go:size=9,komi=7.5,Rules=Chinese", &s, &e) == GS_OK);
    CHECK_EQ_STR(s.name, "go");
    CHECK_EQ_INT(s.nkv, 3);
    CHECK_EQ_STR(s.kv[2].key, "rules");
    CHECK_EQ_STR(s.kv[2].val, "Chinese");
    int size = 19;
    double komi = 0;
    static const char *const rules[] = {"korean", "chinese", NULL};
    int r = 0;
    CHECK(gs_spec_int(&s, "size", 2, 25, &size, &e) == GS_OK && size == 9);
    CHECK(gs_spec_double(&s, "komi", -1000, 1000, &komi, &e) == GS_OK && komi == 7.5);
    CHECK(gs_spec_enum(&s, "rules", rules, &r, &e) == GS_OK && r == 1);
    CHECK(gs_spec_check_unused(&s, &e) == GS_OK);
    REQUIRE(gs_spec_parse("reversi", &s, &e) == GS_OK);
    CHECK_EQ_INT(s.nkv, 0);
    REQUIRE(gs_spec_parse("mnk:", &s, &e) == GS_OK);
}

TEST(spec_parse_errors) {
    static const struct { const char *text; gs_status st; const char *needle; } cases[] = {
        {"", GS_ERR_PARSE, "empty"},
        {":size=9", GS_ERR_PARSE, "empty"},
        {"go:size", GS_ERR_PARSE, "key=value"},
        {"go:size=9,size=9", GS_ERR_PARSE, "twice"},
        {"go:=9", GS_ERR_PARSE, "bad key"},
        {"go:size=", GS_ERR_BAD_VALUE, "size"},
        {"go:size=9,", GS_ERR_PARSE, "key=value"},
        {"g o", GS_ERR_PARSE, "bad game name"},
        {"go:si ze=3", GS_ERR_PARSE, "bad key"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gs_spec s;
        gs_error e = {0};
        gs_status st = gs_spec_parse(cases[i].text, &s, &e);
        CHECKF(st == cases[i].st, "'%s': status %d", cases[i].text, st);
        CHECKF(strstr(e.msg, cases[i].needle) != NULL, "'%s': message '%s'", cases[i].text, e.msg);
    }
}

TEST(spec_values_name_key) {
    gs_spec s;
    gs_error e;
    int v = 3;
    REQUIRE(gs_spec_parse("mnk:m=0,q=1,k=x", &s, &e) == GS_OK);
    CHECK(gs_spec_int(&s, "m", 1, 32, &v, &e) == GS_ERR_BAD_VALUE && strstr(e.msg, "'m'"));
    CHECK(gs_spec_int(&s, "k", 1, 32, &v, &e) == GS_ERR_BAD_VALUE && strstr(e.msg, "'k'"));
    CHECK(gs_spec_check_unused(&s, &e) == GS_ERR_UNKNOWN_KEY && strstr(e.msg, "'q'"));
    CHECK_EQ_INT(v, 3);
    gs_game *g;
    CHECK(gs_game_new("nosuchgame", &g, &e) == GS_ERR_UNKNOWN_GAME && strstr(e.msg, "nosuchgame"));
}

TEST(reason_codes_roundtrip) {
    static const char *const codes[] = {"out-of-bounds", "occupied", "not-your-turn", "suicide", "ko",
        "positional-superko", "situational-superko", "forbidden-double-three", "forbidden-double-four",
        "forbidden-overline", "no-flips", "pass-not-allowed", "game-over"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        gs_status st = gs_reason_from_code(codes[i]);
        CHECKF(st != GS_STATUS_COUNT && gs_is_move_reason(st), "%s", codes[i]);
        CHECK_EQ_STR(gs_reason_code(st), codes[i]);
    }
    /* the messages of every status, both languages: test_texts.c */
    CHECK(gs_lang_from_name("ko_KR.UTF-8") == GS_LANG_KO);
    CHECK(gs_lang_from_name("C") == GS_LANG_EN);
    CHECK(strcmp(gs_strerror(GS_STATUS_COUNT, GS_LANG_EN), "unknown error") == 0);
}

TEST(coordinates_each_notation) {
    static const struct { gs_notation nt; int w, h, x, y; const char *text; } cases[] = {
        {GS_NOTE_GTP, 19, 19, 3, 15, "D4"},   {GS_NOTE_GTP, 19, 19, 8, 0, "J19"},
        {GS_NOTE_GTP, 19, 19, 0, 18, "A1"},   {GS_NOTE_GTP, 9, 9, 8, 8, "J1"},
        {GS_NOTE_SGF, 19, 19, 3, 3, "dd"},    {GS_NOTE_SGF, 52, 52, 30, 51, "EZ"},
        {GS_NOTE_ALPHA, 15, 15, 7, 7, "h8"},  {GS_NOTE_ALPHA, 15, 15, 8, 14, "i1"},
        {GS_NOTE_OTHELLO, 8, 8, 3, 2, "d3"},  {GS_NOTE_OTHELLO, 8, 8, 0, 0, "a1"},
        {GS_NOTE_XY, 20, 20, 19, 0, "19,0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[32];
        int w = cases[i].w, h = cases[i].h;
        gs_move m = cases[i].y * w + cases[i].x, back = -99;
        if (w <= GS_MAX_SIDE) {
            gs_notation_format_move(cases[i].nt, w, h, m, buf, sizeof buf);
            CHECK_EQ_STR(buf, cases[i].text);
        }
        gs_status st = gs_notation_parse_move(cases[i].nt, w, h, cases[i].text, &back);
        CHECKF(st == GS_OK && back == m, "%s: st %d got %d want %d", cases[i].text, st, back, m);
        char xy[16];
        snprintf(xy, sizeof xy, "%d,%d", cases[i].x, cases[i].y);
        CHECK(gs_notation_parse_move(cases[i].nt, w, h, xy, &back) == GS_OK && back == m);
    }
    gs_move m;
    CHECK(gs_notation_parse_move(GS_NOTE_GTP, 19, 19, "pass", &m) == GS_OK && m == GS_PASS);
    CHECK(gs_notation_parse_move(GS_NOTE_GTP, 19, 19, "RESIGN", &m) == GS_OK && m == GS_RESIGN);
    CHECK(gs_notation_parse_move(GS_NOTE_SGF, 19, 19, "tt", &m) == GS_OK && m == GS_PASS);
    CHECK(gs_notation_parse_move(GS_NOTE_SGF, 19, 19, "", &m) == GS_OK && m == GS_PASS);
    CHECK(gs_notation_parse_move(GS_NOTE_SGF, 21, 21, "tt", &m) == GS_OK && m == 19 * 21 + 19);
    CHECK(gs_notation_parse_move(GS_NOTE_GTP, 19, 19, "I5", &m) == GS_ERR_PARSE);
    CHECK(gs_notation_parse_move(GS_NOTE_GTP, 9, 9, "K5", &m) == GS_ERR_OUT_OF_BOUNDS);
    CHECK(gs_notation_parse_move(GS_NOTE_GTP, 9, 9, "A10", &m) == GS_ERR_OUT_OF_BOUNDS);
    CHECK(gs_notation_parse_move(GS_NOTE_GTP, 9, 9, "A0", &m) == GS_ERR_OUT_OF_BOUNDS);
    CHECK(gs_notation_parse_move(GS_NOTE_ALPHA, 15, 15, "h", &m) == GS_ERR_PARSE);
    CHECK(gs_notation_parse_move(GS_NOTE_XY, 15, 15, "3,", &m) == GS_ERR_PARSE);
    CHECK(gs_notation_parse_move(GS_NOTE_XY, 15, 15, "-1,3", &m) == GS_ERR_PARSE);
    CHECK(gs_notation_parse_move(GS_NOTE_XY, 15, 15, "99999999999,3", &m) == GS_ERR_PARSE);
    CHECK(gs_notation_parse_move(GS_NOTE_XY, 15, 15, "", &m) == GS_ERR_PARSE);
}

TEST(geometry_neighbours) {
    static gs_geom g;
    REQUIRE(gs_geom_init(&g, 5, 3) == GS_OK);
    CHECK_EQ_INT(g.n, 15);
    CHECK_EQ_INT(g.nnb4[0], 2);
    CHECK_EQ_INT(g.nnb4[7], 4);
    CHECK_EQ_INT(g.nb8[0][GS_DIR_W], -1);
    CHECK_EQ_INT(g.nb8[0][GS_DIR_SE], 6);
    CHECK_EQ_INT(g.nb8[14][GS_DIR_NW], 8);
    for (int i = 0; i < g.n; i++)
        for (int d = 0; d < 4; d++)
            if (g.nb8[i][d] >= 0) CHECK_EQ_INT(g.nb8[g.nb8[i][d]][d + 4], i);
    CHECK(gs_geom_init(&g, 0, 3) == GS_ERR_BAD_VALUE);
    CHECK(gs_geom_init(&g, 33, 3) == GS_ERR_BAD_VALUE);
    REQUIRE(gs_geom_init(&g, 4, 4) == GS_OK);
    int c[4], n = gs_centres(&g, c);
    CHECK_EQ_INT(n, 4);
    n = gs_corners(&g, c);
    CHECK(n == 4 && c[0] == 0 && c[1] == 3 && c[2] == 12 && c[3] == 15);
    REQUIRE(gs_geom_init(&g, 3, 3) == GS_OK);
    CHECK(gs_centres(&g, c) == 1 && c[0] == 4);
    REQUIRE(gs_geom_init(&g, 1, 1) == GS_OK);
    CHECK(gs_corners(&g, c) == 1);
}

TEST(board_hash_incremental) {
    static gs_geom g;
    static gs_board b;
    gs_rng r;
    gs_rng_seed(&r, 7);
    REQUIRE(gs_geom_init(&g, 19, 19) == GS_OK);
    gs_board_init(&b, &g);
    for (int i = 0; i < 5000; i++) {
        gs_board_set(&b, (int)gs_rng_below(&r, (uint32_t)g.n), (uint8_t)gs_rng_below(&r, 3));
        if (i % 97 == 0) CHECK(b.hash == gs_board_rehash(&b));
    }
    CHECK(b.hash == gs_board_rehash(&b));
    CHECK(gs_zobrist(0, GS_BLACK) != gs_zobrist(0, GS_WHITE));
    CHECK(gs_zobrist(5, GS_BLACK) == gs_zobrist(5, GS_BLACK));
}

TEST(symmetries_are_permutations) {
    for (int w = 1; w <= 6; w++)
        for (int h = 1; h <= 6; h++)
            for (int s = 0; s < gs_sym_count(w, h); s++) {
                int seen[36] = {0};
                for (int i = 0; i < w * h; i++) {
                    int j = gs_sym_apply(s, w, h, i);
                    REQUIRE(j >= 0 && j < w * h);
                    seen[j]++;
                }
                for (int i = 0; i < w * h; i++) CHECK_EQ_INT(seen[i], 1);
            }
}

TEST(rng_reproducible) {
    gs_rng a, b;
    gs_rng_seed(&a, 42);
    gs_rng_seed(&b, 42);
    for (int i = 0; i < 100; i++) CHECK(gs_rng_next(&a) == gs_rng_next(&b));
    int counts[5] = {0};
    for (int i = 0; i < 5000; i++) counts[gs_rng_below(&a, 5)]++;
    for (int i = 0; i < 5; i++) CHECK(counts[i] > 800 && counts[i] < 1200);
}

/* gs_setup refused leaves the state as it was, in every game (the SGF
 * loader sets up a record's side to move in place and relies on it):
 * after a few moves, each refused setup (bad side to move, bad cell value,
 * and the game's own refusals among a few full or empty boards) changes
 * nothing that can be seen: cells, hash, side to move, history, the legal
 * moves, validity, and the same next move gives the same position. */
TEST(setup_refused_leaves_state_unchanged) {
    static const char *const specs[] = {"tictactoe", "connect4", "go:size=9", "go:size=7x5,rules=japanese",
                                        "gomoku:size=9", "renju", "reversi:size=6", "othello", "avoid3", NULL};
    for (int i = 0; specs[i]; i++) {
        gs_game *g = tl_game(specs[i]);
        REQUIRE(g);
        gs_state *s = gs_state_new(g);
        REQUIRE(s);
        gs_move mv[GS_MAX_CELLS + 2];
        for (int k = 0; k < 3; k++) {   /* a few moves: history to keep */
            int nm = gs_legal_moves(s, mv);
            REQUIRE(nm > 0);
            REQUIRE(gs_play(s, mv[nm / 2]) == GS_OK);
        }
        gs_state *keep = gs_state_clone(s);
        REQUIRE(keep);
        int n = g->geom.n, refused = 0;
        uint8_t bad[4][GS_MAX_CELLS];
        memset(bad[0], GS_BLACK, (size_t)n);                          /* all black */
        for (int c = 0; c < n; c++) bad[1][c] = (uint8_t)(c / g->geom.w % 2 ? GS_WHITE : GS_BLACK);   /* rows */
        memset(bad[2], GS_EMPTY, (size_t)n);                          /* empty */
        memcpy(bad[3], s->board.cells, (size_t)n);
        bad[3][n - 1] = 3;                                            /* a bad cell value */
        for (int b = 0; b < 5; b++) {
            gs_status st = b < 4 ? gs_setup(s, bad[b], GS_WHITE, NULL) : gs_setup(s, s->board.cells, 3, NULL);
            if (st == GS_OK) {   /* accepted: back to the kept state for the next */
                REQUIRE(gs_state_copy(s, keep) == GS_OK);
                continue;
            }
            refused++;
            CHECKF(!memcmp(s->board.cells, keep->board.cells, (size_t)n), "%s, setup %d: cells changed", specs[i], b);
            CHECKF(gs_state_hash(s) == gs_state_hash(keep), "%s, setup %d: hash changed", specs[i], b);
            CHECKF(s->to_move == keep->to_move && s->nhist == keep->nhist, "%s, setup %d: side or history", specs[i], b);
            CHECKF(gs_validate(s, NULL) == GS_OK, "%s, setup %d: no longer valid", specs[i], b);
            gs_move m1[GS_MAX_CELLS + 2], m2[GS_MAX_CELLS + 2];
            int n1 = gs_legal_moves(s, m1), n2 = gs_legal_moves(keep, m2);
            CHECKF(n1 == n2 && !memcmp(m1, m2, (size_t)n1 * sizeof m1[0]), "%s, setup %d: legal moves", specs[i], b);
            if (n1 > 0) {
                gs_state *t = gs_state_clone(keep);
                REQUIRE(t);
                CHECK(gs_play(s, m1[0]) == GS_OK && gs_play(t, m1[0]) == GS_OK);
                CHECKF(gs_state_hash(s) == gs_state_hash(t) && gs_is_over(s) == gs_is_over(t), "%s, setup %d: next move",
                       specs[i], b);
                CHECK(gs_undo(s) == GS_OK);
                gs_state_free(t);
            }
        }
        CHECKF(refused >= 3, "%s: only %d setups refused", specs[i], refused);
        gs_state_free(keep);
        gs_state_free(s);
        gs_game_free(g);
    }
}
