/* The generic random-game test every registered game gets for free:
 * legality list = gs_check, rejected moves leave the state untouched, undo
 * restores board, hash, side to move and history exactly, the incremental
 * hash equals the recomputed one (gs_validate), snapshots are independent,
 * and symmetric positions have symmetric legal moves and results. */
#include <limits.h>
#include <stdlib.h>
#include "gridstone/gridstone.h"
#include "test.h"

/* Extra specs beyond each registered game's default. */
static const char *const extra_specs[] = {
    "tictactoe", "connect4", "mnk:m=5,n=4,k=4", "mnk:m=1,n=1,k=1", "mnk:m=4,n=4,k=3,gravity=1",
    "go:size=5", "go:size=7x5,rules=tromp-taylor", "go:size=6,rules=japanese", "go:size=4,ko=situational,suicide=1",
    "go:size=5,rules=chinese",
    "gomoku:size=9", "renju", "omok", "gomoku:size=9,rule=caro", "gomoku:size=11x7,rule=standard",
    "reversi:size=6", "reversi:size=4", "othello", "reversi:size=10",
    "avoid3", "avoid:size=5x4,k=4",   /* the fixture game of tests/games/avoid */
    NULL};

typedef struct snap {
    uint8_t cells[GS_MAX_CELLS];
    uint64_t hash;
    int to_move, nhist, nlegal;
    gs_hist hist[2048];
    gs_move legal[GS_MAX_CELLS + 1];
    gs_result res;
} snap;

static void take(const gs_state *s, snap *p) {
    memset(p, 0, sizeof *p);
    memcpy(p->cells, s->board.cells, (size_t)s->game->geom.n);
    p->hash = gs_state_hash(s);
    p->to_move = s->to_move;
    p->nhist = s->nhist;
    if (s->nhist > 0 && s->nhist <= 2048) memcpy(p->hist, s->hist, sizeof(gs_hist) * (size_t)s->nhist);
    p->nlegal = gs_legal_moves(s, p->legal);
    gs_result_get(s, &p->res);
}

static int same(const snap *a, const snap *b, const char **what) {
    if (memcmp(a->cells, b->cells, sizeof a->cells)) return *what = "cells", 0;
    if (a->hash != b->hash) return *what = "hash", 0;
    if (a->to_move != b->to_move) return *what = "to_move", 0;
    if (a->nhist != b->nhist || memcmp(a->hist, b->hist, sizeof a->hist)) return *what = "history", 0;
    if (a->nlegal != b->nlegal || memcmp(a->legal, b->legal, sizeof a->legal)) return *what = "legal moves", 0;
    if (a->res.over != b->res.over || a->res.winner != b->res.winner) return *what = "result", 0;
    return 1;
}

static void check_state(const char *spec, gs_state *s, int ply) {
    gs_error err;
    gs_status st = gs_validate(s, &err);
    CHECKF(st == GS_OK, "%s ply %d: validate: %s", spec, ply, err.msg);
    CHECKF(s->board.hash == gs_board_rehash(&s->board), "%s ply %d: hash", spec, ply);
    /* the legal list agrees with gs_check on every cell and on pass */
    static gs_move moves[GS_MAX_CELLS + 1];
    static char in[GS_MAX_CELLS + 2];
    int n = gs_legal_moves(s, moves), n2 = s->game->geom.n;
    memset(in, 0, sizeof in);
    for (int i = 0; i < n; i++) {
        CHECKF(moves[i] == GS_PASS || (moves[i] >= 0 && moves[i] < n2), "%s: bad move %d in list", spec, moves[i]);
        if (moves[i] >= 0 && moves[i] < n2) in[moves[i]] = 1;
        else if (moves[i] == GS_PASS) in[n2] = 1;
    }
    int over = gs_is_over(s);
    CHECKF(!over || n == 0, "%s ply %d: legal moves after the end", spec, ply);
    for (int i = 0; i <= n2; i++) {
        gs_move m = i == n2 ? GS_PASS : i;
        gs_status c = gs_check(s, m);
        CHECKF((c == GS_OK) == in[i], "%s ply %d: move %d: check %s but list says %d", spec, ply, m,
               gs_reason_code(c), in[i]);
        CHECKF(c == GS_OK || gs_is_move_reason(c), "%s: check gave a non-move status %d", spec, c);
    }
    CHECK(gs_check(s, n2) == GS_ERR_OUT_OF_BOUNDS);
    CHECK(gs_check(s, -7) == GS_ERR_OUT_OF_BOUNDS);
}

/* Map every cell of s by symmetry sym into a fresh state and compare. */
static void check_symmetry(const char *spec, const gs_state *s) {
    const gs_game *g = s->game;
    int w = g->geom.w, h = g->geom.h;
    static uint8_t cells[GS_MAX_CELLS];
    static gs_move m1[GS_MAX_CELLS + 1], m2[GS_MAX_CELLS + 1];
    gs_state *a = gs_state_new(g), *b = gs_state_new(g);
    gs_error err;
    if (gs_setup(a, s->board.cells, s->to_move, &err) != GS_OK) goto out;
    for (int sym = 1; sym < gs_sym_count(w, h); sym++) {
        if (!(g->sym_mask & (1u << sym))) continue;
        for (int i = 0; i < g->geom.n; i++) cells[gs_sym_apply(sym, w, h, i)] = s->board.cells[i];
        gs_status st = gs_setup(b, cells, s->to_move, &err);
        CHECKF(st == GS_OK, "%s: setup of the mirrored position failed: %s", spec, err.msg);
        if (st != GS_OK) continue;
        int n1 = gs_legal_moves(a, m1), n2 = gs_legal_moves(b, m2);
        CHECKF(n1 == n2, "%s sym %d: %d legal moves vs %d", spec, sym, n1, n2);
        for (int i = 0; i < n1 && n1 == n2; i++) {
            gs_move t = m1[i] >= 0 ? gs_sym_apply(sym, w, h, m1[i]) : m1[i];
            CHECKF(gs_check(b, t) == GS_OK, "%s sym %d: mirrored move not legal", spec, sym);
        }
        gs_result r1, r2;
        gs_result_get(a, &r1);
        gs_result_get(b, &r2);
        CHECKF(r1.over == r2.over && r1.winner == r2.winner, "%s sym %d: results differ", spec, sym);
    }
out:
    gs_state_free(a);
    gs_state_free(b);
}

static void random_games(const char *spec, int games, int max_plies) {
    gs_game *g;
    gs_error err;
    gs_status st = gs_game_new(spec, &g, &err);
    REQUIREF(st == GS_OK, "%s: %s", spec, err.msg);
    static snap before, after, start;
    static gs_move moves[GS_MAX_CELLS + 1];
    gs_rng rng;
    gs_rng_seed(&rng, 12345);
    int n = g->geom.n;
    for (int game = 0; game < games && !gs_test_failed_now(); game++) {
        gs_state *s = gs_state_new(g);
        REQUIRE(s);
        take(s, &start);
        int ply = 0;
        while (!gs_is_over(s) && ply < max_plies && !gs_test_failed_now()) {
            check_state(spec, s, ply);
            take(s, &before);
            /* a rejected move leaves the state exactly as it was */
            gs_move bad = (gs_move)gs_rng_below(&rng, (uint32_t)n);
            if (gs_check(s, bad) != GS_OK) {
                gs_status c = gs_check(s, bad), p = gs_play(s, bad);
                CHECKF(p == c, "%s: play and check disagree on a rejected move (%d vs %d)", spec, p, c);
                const char *what;
                take(s, &after);
                CHECKF(same(&before, &after, &what), "%s: rejected move changed the %s", spec, what);
            }
            int k = gs_legal_moves(s, moves);
            REQUIREF(k > 0, "%s: no legal moves but not over", spec);
            gs_move m = moves[gs_rng_below(&rng, (uint32_t)k)];
            /* snapshot, play, undo, compare; the clone is independent */
            gs_state *c = gs_state_clone(s);
            REQUIRE(c);
            REQUIREF(gs_play(s, m) == GS_OK, "%s: legal move refused", spec);
            REQUIRE(gs_undo(s) == GS_OK);
            take(s, &after);
            const char *what;
            CHECKF(same(&before, &after, &what), "%s ply %d: undo did not restore the %s", spec, ply, what);
            REQUIRE(gs_play(s, m) == GS_OK);
            take(c, &after);
            CHECKF(same(&before, &after, &what), "%s: the snapshot changed with the original (%s)", spec, what);
            gs_state_free(c);
            if (ply % 7 == 3 && game < 3) check_symmetry(spec, s);
            ply++;
        }
        check_state(spec, s, ply);
        if (gs_is_over(s)) {
            CHECK(gs_play(s, moves[0] >= 0 ? 0 : GS_PASS) != GS_OK);
            CHECK(gs_check(s, GS_RESIGN) == GS_ERR_GAME_OVER);
        } else if (game % 2) {   /* resignation ends the game and undoes exactly */
            int mover = s->to_move;
            take(s, &before);
            REQUIRE(gs_play(s, GS_RESIGN) == GS_OK);
            gs_result r;
            gs_result_get(s, &r);
            CHECK(r.over && r.how == GS_END_RESIGN && r.winner == GS_OTHER(mover));
            CHECK(gs_legal_moves(s, moves) == 0);
            REQUIRE(gs_undo(s) == GS_OK);
            const char *what;
            take(s, &after);
            CHECKF(same(&before, &after, &what), "%s: undoing a resignation changed the %s", spec, what);
        }
        while (s->nhist > 0) REQUIRE(gs_undo(s) == GS_OK);
        CHECK(gs_undo(s) == GS_ERR_NO_UNDO);
        take(s, &after);
        const char *what;
        CHECKF(same(&start, &after, &what), "%s: undoing the whole game did not restore the %s", spec, what);
        gs_state_free(s);
    }
    gs_game_free(g);
}

static int plies_for(const char *spec) {
    return strncmp(spec, "go", 2) == 0 ? 150 : 400;
}

TEST(harness_registered_defaults) {
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias, *name = gs_registry_name(i, &alias, NULL);
        if (!alias) random_games(name, 4, plies_for(name));
    }
}

TEST(harness_variants) {
    for (int i = 0; extra_specs[i]; i++) random_games(extra_specs[i], 6, plies_for(extra_specs[i]));
}

/* A resigned state is a valid state: gs_validate replays the history
 * without the resignation entry (found by fuzz_load_many: a Go file with no
 * moves and RE[W+R] failed "position history out of step"). */
static void resign_validates(const char *spec) {
    gs_game *g;
    if (!(g = tl_game(spec))) return;
    gs_move moves[GS_MAX_CELLS + 1];
    for (int plies = 0; plies <= 3; plies++) {
        gs_state *s = gs_state_new(g);
        REQUIRE(s);
        for (int i = 0; i < plies && !gs_is_over(s); i++) {
            int k = gs_legal_moves(s, moves);
            if (k > 0) REQUIRE(gs_play(s, moves[(i * 7) % k]) == GS_OK);
        }
        if (!gs_is_over(s)) {
            gs_error err;
            REQUIRE(gs_play(s, GS_RESIGN) == GS_OK);
            gs_status st = gs_validate(s, &err);
            CHECKF(st == GS_OK, "%s: resigned after %d plies: validate: %s", spec, plies, err.msg);
        }
        gs_state_free(s);
    }
    gs_game_free(g);
}

/* check() on every registered game (its aliases too, with aliases) and on
 * the extra specs. */
static void each_spec(void (*check)(const char *spec), int aliases) {
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias, *name = gs_registry_name(i, &alias, NULL);
        if (aliases || !alias) check(name);
    }
    for (int i = 0; extra_specs[i]; i++) check(extra_specs[i]);
}

TEST(harness_resigned_states_validate) { each_spec(resign_validates, 0); }

/* A resigned position is one perft node at any depth, INT_MAX included,
 * through the game's own perft and the generic one, as gs_legal_moves
 * gives it no move: the generic perft asked only the rules' result, which
 * does not see a resignation, and searched on below it (depth 1 was not
 * one node, INT_MAX never ended); it also sized its move buffer by
 * depth + 1 in int arithmetic (found by a hostile pass). */
static void perft_of_resigned(const char *spec) {
    gs_game *g;
    if (!(g = tl_game(spec))) return;
    gs_state *s = gs_state_new(g);
    REQUIRE(s);
    REQUIRE(gs_play(s, GS_RESIGN) == GS_OK);
    static const int depths[] = {0, 1, 7, INT_MAX};
    for (int i = 0; i < 4; i++) {
        uint64_t e1 = 99, e2 = 99;
        CHECKF(gs_perft(s, depths[i], &e1) == 1 && e1 == 0, "%s: perft %d of a resigned game", spec, depths[i]);
        CHECKF(gs_perft_generic(s, depths[i], &e2) == 1 && e2 == 0, "%s: generic perft %d of a resigned game",
               spec, depths[i]);
    }
    gs_state_free(s);
    gs_game_free(g);
}

TEST(harness_perft_of_a_resigned_position) { each_spec(perft_of_resigned, 0); }

TEST(harness_spec_canonical_roundtrip) {
    for (int i = 0; extra_specs[i]; i++) {
        gs_game *g, *g2;
        gs_error err;
        if (!(g = tl_game(extra_specs[i]))) continue;
        gs_status st = gs_game_new(g->spec, &g2, &err);
        CHECKF(st == GS_OK, "canonical spec '%s' does not parse: %s", g->spec, err.msg);
        if (st == GS_OK) {
            CHECK_EQ_STR(g2->spec, g->spec);
            CHECK(g2->geom.w == g->geom.w && g2->geom.h == g->geom.h);
            gs_game_free(g2);
        }
        gs_game_free(g);
    }
}

/* A game keeps its initial position (gs_game.init_cells / init_to_move,
 * written when it is made): record readers and writers compare a start
 * with it instead of making a fresh state, so it must be a fresh state's. */
static void keeps_initial(const char *spec) {
    gs_game *g;
    if (!(g = tl_game(spec))) return;
    gs_state *s = gs_state_new(g);
    REQUIRE(s);
    CHECKF(g->init_to_move == s->to_move, "%s: init_to_move %d, a fresh state's %d", spec, g->init_to_move, s->to_move);
    CHECKF(!memcmp(g->init_cells, s->board.cells, (size_t)g->geom.n), "%s: init_cells differ from a fresh state's", spec);
    gs_state_free(s);
    gs_game_free(g);
}

TEST(harness_game_keeps_its_initial_position) { each_spec(keeps_initial, 1); }

/* Every game speaks Korean from its own tables: a Korean name and summary,
 * each alias a Korean name, each spec key a Korean label (the server's
 * /api/meta and the web UI show them; nothing above the games names a
 * game).  gs_registry_text and gs_spec_key_label give them out. */
TEST(harness_every_game_has_korean_texts) {
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias_of, *name = gs_registry_name(i, &alias_of, NULL);
        const gs_game_ops *ops = gs_registry_resolve(name, NULL);
        CHECKF(ops != NULL, "%s: not resolved", name);
        if (!ops) continue;
        const char *sum_ko, *sum_en, *ko = gs_registry_text(name, GS_LANG_KO, &sum_ko);
        CHECKF(ko && tl_has_hangul(ko) && strcmp(ko, name), "%s: Korean name '%s'", name, ko ? ko : "NULL");
        CHECKF(sum_ko && tl_has_hangul(sum_ko), "%s: Korean summary '%s'", name, sum_ko ? sum_ko : "NULL");
        const char *en = gs_registry_text(name, GS_LANG_EN, &sum_en);
        CHECKF(en && !strcmp(en, name) && sum_en == ops->summary, "%s: English name '%s'", name, en ? en : "NULL");
        if (alias_of) continue;
        CHECKF(ops->ko_name && !strcmp(ops->ko_name, ko), "%s: ko_name", name);
        for (int a = 0; ops->aliases && ops->aliases[a].name; a++)
            CHECKF(ops->aliases[a].ko_name && tl_has_hangul(ops->aliases[a].ko_name), "%s alias %s: ko_name", name,
                   ops->aliases[a].name);
        for (const gs_spec_key *k = ops->keys; k && k->name; k++) {
            const char *l = gs_spec_key_label(k, GS_LANG_KO);
            CHECKF(k->ko_label && tl_has_hangul(k->ko_label) && l == k->ko_label, "%s key %s: ko_label '%s'", name,
                   k->name, k->ko_label ? k->ko_label : "NULL");
            CHECKF(!strcmp(gs_spec_key_label(k, GS_LANG_EN), k->name), "%s key %s: English label", name, k->name);
        }
    }
    CHECK(gs_registry_text("nosuchgame", GS_LANG_KO, NULL) == NULL);
    /* the text board's own lines (who is to move, the result, the game's
     * line) in each language: Korean has Hangul, English none, at the
     * start and after a few moves */
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias_of, *name = gs_registry_name(i, &alias_of, NULL);
        gs_game *g = tl_game(name);
        if (!g) continue;
        gs_state *s = gs_state_new(g);
        gs_move mv[GS_MAX_CELLS + 1];
        for (int ply = 0; s && ply < 6; ply++) {
            static char en[65536], ko[65536];
            gs_render_lang(s, GS_LANG_EN, en, sizeof en);
            gs_render_lang(s, GS_LANG_KO, ko, sizeof ko);
            char plain[65536];
            gs_render(s, plain, sizeof plain);
            CHECKF(!strcmp(plain, en), "%s: gs_render is the English text", name);
            CHECKF(tl_has_hangul(ko) && !tl_has_hangul(en), "%s at ply %d: Korean '%s'", name, ply, ko);
            if (gs_is_over(s) || gs_legal_moves(s, mv) == 0 || gs_play(s, mv[0]) != GS_OK) break;
        }
        gs_state_free(s);
        gs_game_free(g);
    }
    CHECK_EQ_STR(gs_registry_text("renju", GS_LANG_KO, NULL), "렌주");
    CHECK_EQ_STR(gs_registry_text("go", GS_LANG_KO, NULL), "바둑");
}
