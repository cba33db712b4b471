/* Serialization round trips for every registered game: JSON with history,
 * JSON bare position, SGF - each after random plies, compared exactly. */
#include <stdlib.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "test.h"

static const char *const specs[] = {
    "tictactoe", "connect4", "mnk:m=5,n=4,k=4", "go:size=9", "go:size=7x5,rules=japanese,komi=0.5",
    "renju", "gomoku:size=11x9,rule=caro", "omok", "reversi", "reversi:size=6", NULL};

static void same_state(const char *spec, const char *fmt, const gs_state *a, const gs_state *b, int history) {
    CHECKF(!strcmp(a->game->spec, b->game->spec), "%s %s: spec %s vs %s", spec, fmt, a->game->spec, b->game->spec);
    REQUIRE(a->game->geom.n == b->game->geom.n);
    CHECKF(!memcmp(a->board.cells, b->board.cells, (size_t)a->game->geom.n), "%s %s: cells differ", spec, fmt);
    CHECKF(a->to_move == b->to_move, "%s %s: side to move differs", spec, fmt);
    CHECKF(gs_state_hash(a) == gs_state_hash(b), "%s %s: hash differs", spec, fmt);
    if (history) {
        CHECKF(a->nhist == b->nhist, "%s %s: %d moves vs %d", spec, fmt, a->nhist, b->nhist);
        for (int i = 0; i < a->nhist && i < b->nhist; i++)
            CHECKF(a->hist[i].move == b->hist[i].move && a->hist[i].color == b->hist[i].color,
                   "%s %s: move %d differs", spec, fmt, i + 1);
    }
    gs_result ra, rb;   /* a bare position drops the passes that may have ended a game */
    gs_result_get(a, &ra);
    gs_result_get(b, &rb);
    CHECKF(!history || (ra.over == rb.over && ra.winner == rb.winner), "%s %s: result differs", spec, fmt);
}

static void roundtrip(const char *spec, int seed) {
    gs_error err;
    gs_game *g = tl_game(spec);
    if (!g) return;
    gs_state *s = gs_state_new(g);
    gs_rng r;
    gs_rng_seed(&r, (uint64_t)seed);
    static gs_move mv[GS_MAX_CELLS + 1];
    int plies = (int)gs_rng_below(&r, 60);
    for (int i = 0; i < plies && !gs_is_over(s); i++) {
        int n = gs_legal_moves(s, mv);
        gs_play(s, mv[gs_rng_below(&r, (uint32_t)n)]);
    }
    if (seed % 5 == 0 && !gs_is_over(s)) gs_play(s, GS_RESIGN);
    /* JSON with history */
    char *js = gs_state_to_json(s, 1);
    REQUIRE(js);
    gs_game *g2 = NULL;
    gs_state *s2 = NULL;
    gs_status st = gs_state_from_json(js, strlen(js), NULL, &g2, &s2, &err);
    CHECKF(st == GS_OK, "%s: JSON reload failed: %s\n%s", spec, err.msg, js);
    if (st == GS_OK) {
        same_state(spec, "json", s, s2, 1);
        char *js2 = gs_state_to_json(s2, 1);
        CHECKF(js2 && !strcmp(js, js2), "%s: JSON not stable", spec);
        free(js2);
        gs_state_free(s2);
        gs_game_free(g2);
    }
    free(js);
    /* bare position */
    js = gs_state_to_json(s, 0);
    REQUIRE(js);
    st = gs_state_from_json(js, strlen(js), NULL, &g2, &s2, &err);
    CHECKF(st == GS_OK, "%s: bare JSON reload failed: %s", spec, err.msg);
    if (st == GS_OK) {
        CHECK(s2->nhist == 0);
        if (!s->resigned) same_state(spec, "bare json", s, s2, 0);
        gs_state_free(s2);
        gs_game_free(g2);
    }
    free(js);
    /* SGF */
    char *sgf = gs_state_to_sgf(s);
    REQUIRE(sgf);
    gs_loaded *l = NULL;
    int n = 0;
    st = gs_load_positions(sgf, strlen(sgf), NULL, GS_LOAD_STRICT, &l, &n, &err);
    CHECKF(st == GS_OK && n == 1, "%s: SGF reload failed: %s\n%s", spec, err.msg, sgf);
    if (st == GS_OK && n == 1) same_state(spec, "sgf", s, l[0].state, 1);
    if (st == GS_OK) gs_loaded_free(l, n);
    free(sgf);
    gs_state_free(s);
    gs_game_free(g);
}

TEST(roundtrip_json_sgf_every_game) {
    for (int i = 0; specs[i]; i++)
        for (int seed = 1; seed <= 12; seed++) roundtrip(specs[i], seed * 31 + i);
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias, *name = gs_registry_name(i, &alias, NULL);
        if (!alias)
            for (int seed = 1; seed <= 4; seed++) roundtrip(name, seed);
    }
}
