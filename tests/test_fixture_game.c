/* "Adding a game" proved: the fixture game tests/games/avoid was added
 * exactly as docs/ARCHITECTURE.md says (its folder plus one registry line,
 * here behind GS_TEST_GAMES), and everything generic works for it with no
 * other change: the registry and aliases, spec keys and their errors and
 * help, the random-game harness (test_harness.c walks the registry), and
 * SGF and JSON files through io. */
#include <stdlib.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "test.h"

TEST(fixture_game_is_registered_for_tests) {
    const char *alias_spec;
    const gs_game_ops *ops = gs_registry_find("avoid");
    REQUIRE(ops);   /* so harness_registered_defaults plays it */
    CHECK(gs_registry_resolve("avoid3", &alias_spec) == ops && alias_spec && !strcmp(alias_spec, "avoid:size=3,k=3"));
    int found = 0;
    for (int i = 0; i < gs_registry_count(); i++) found += !strcmp(gs_registry_name(i, NULL, NULL), "avoid");
    CHECK_EQ_INT(found, 1);
}

TEST(fixture_game_spec_keys) {
    gs_game *g = tl_game("avoid3");
    if (!g) return;
    CHECK_EQ_STR(g->spec, "avoid:size=3,k=3");
    CHECK_EQ_INT(g->sgf_gm, 0);
    gs_game_free(g);
    g = tl_game("avoid:size=6x4");
    if (g) CHECK_EQ_STR(g->spec, "avoid:size=6x4,k=3");
    gs_game_free(g);
    gs_error err;
    CHECK(gs_game_new("avoid:k=9", &g, &err) == GS_ERR_BAD_VALUE && strstr(err.msg, "'k'"));
    CHECK(gs_game_new("avoid:komi=1", &g, &err) == GS_ERR_UNKNOWN_KEY && strstr(err.msg, "'komi'"));
    char help[1024];
    gs_game_keys_help("avoid", help, sizeof help);
    CHECKF(strstr(help, "size=N|WxH (2..8)") && strstr(help, "k=2..8") && strstr(help, "(default 3)"), "%s", help);
}

TEST(fixture_game_rules) {
    gs_game *g = tl_game("avoid3");
    if (!g) return;
    /* black to move; b1 would make three in a row for black: black loses */
    gs_state *s = tl_position(g, "X.X/"
                                 "OO./"
                                 "...", GS_BLACK);
    if (!s) return;
    gs_move m;
    REQUIRE(gs_state_parse_move(s, "b3", &m) == GS_OK);
    CHECK(gs_check(s, GS_PASS) == GS_ERR_PASS_NOT_ALLOWED);
    CHECK(gs_check(s, 0) == GS_ERR_OCCUPIED);
    REQUIRE(gs_play(s, m) == GS_OK);
    gs_result r;
    gs_result_get(s, &r);
    CHECK(r.over && r.winner == GS_WHITE && r.how == GS_END_LINE);
    CHECK(gs_legal_moves(s, NULL) == 0);
    REQUIRE(gs_undo(s) == GS_OK);
    CHECK(tl_same_board(s, "X.X/OO./...") && !gs_is_over(s));
    /* the shared setup rule: a line of the side to move is refused, one of
     * the other colour means it lost */
    gs_error err;
    uint8_t cells[9];
    tl_cells("XXX/OO./...", cells, 9);
    CHECK(gs_setup(s, cells, GS_BLACK, &err) == GS_ERR_BAD_POSITION);
    CHECK(tl_same_board(s, "X.X/OO./..."));
    tl_cells("XX./OOO/X..", cells, 9);
    REQUIRE(gs_setup(s, cells, GS_BLACK, &err) == GS_OK);
    gs_result_get(s, &r);
    CHECK(r.over && r.winner == GS_BLACK);
    gs_state_free(s);
    gs_game_free(g);
}

/* io names no game: the fixture's records load and save like any other. */
TEST(fixture_game_files) {
    gs_game *g = tl_game("avoid:size=5x4,k=4");
    if (!g) return;
    gs_state *s = gs_state_new(g);
    gs_move moves[GS_MAX_CELLS + 1];
    gs_rng rng;
    gs_rng_seed(&rng, 5);
    while (!gs_is_over(s)) {
        int k = gs_legal_moves(s, moves);
        REQUIRE(gs_play(s, moves[gs_rng_below(&rng, (uint32_t)k)]) == GS_OK);
    }
    char *sgf = gs_state_to_sgf(s), *json = gs_state_to_json(s, 1);
    REQUIRE(sgf && json);
    CHECKF(strstr(sgf, "GS[avoid:size=5x4,k=4]") && strstr(sgf, "SZ[5:4]") && !strstr(sgf, "GM["), "%s", sgf);
    const char *texts[2] = {sgf, json};
    for (int t = 0; t < 2; t++) {
        gs_loaded *l;
        int n;
        gs_error err;
        REQUIREF(gs_load_positions(texts[t], strlen(texts[t]), NULL, GS_LOAD_STRICT, &l, &n, &err) == GS_OK, "%s",
                 err.msg);
        CHECK_EQ_INT(n, 1);
        CHECK_EQ_STR(l[0].game->spec, g->spec);
        CHECK(l[0].state->nhist == s->nhist && gs_state_hash(l[0].state) == gs_state_hash(s));
        CHECK(gs_is_over(l[0].state));
        gs_loaded_free(l, n);
    }
    /* SZ[] goes into the key the fixture's table marks as the size */
    gs_loaded *l;
    int n;
    gs_error err;
    REQUIRE(gs_load_positions("(;GS[avoid]SZ[6:3])", 19, NULL, 0, &l, &n, &err) == GS_OK);
    CHECK_EQ_STR(l[0].game->spec, "avoid:size=6x3,k=3");
    gs_loaded_free(l, n);
    free(sgf);
    free(json);
    gs_state_free(s);
    gs_game_free(g);
}
