/* A test fixture game, added the way docs/ARCHITECTURE.md ("Adding a
 * game") says, to prove that recipe: "avoid", misere k-in-a-row.  Players
 * take turns putting a stone on an empty cell of a size x size board (or
 * WxH); whoever makes k in a row (across, down or diagonally) loses; a
 * full board without such a line is a draw.  No passes.
 *
 * It is registered only in the test runner (src/games/registry.c lists it
 * behind GS_TEST_GAMES; the Makefile builds that registry for the tests),
 * so the library and the CLI do not offer it. */
#include <stdlib.h>
#include <string.h>
#include "gridstone/game.h"

extern const gs_game_ops gs_avoid_ops;

typedef struct av_game {
    gs_game base;
    int k;
} av_game;

typedef struct av_state {
    gs_state base;
    uint8_t loser;       /* colour that made a line, 0 if none */
} av_state;

enum { K_SIZE, K_K };
static const gs_spec_key av_keys[] = {
    [K_SIZE] = {"size", GS_KEY_SIZE, "4", 2, 8, 0, NULL, NULL, "board size", GS_ROLE_SIZE, "판 크기"},
    [K_K] = {"k", GS_KEY_INT, "3", 2, 8, 0, NULL, NULL, "stones in a row that lose", GS_ROLE_NONE, "지는 줄의 돌 수"},
    {NULL, 0, NULL, 0, 0, 0, NULL, NULL, NULL, GS_ROLE_NONE, NULL}};

static const gs_game_alias av_aliases[] = {{"avoid3", "avoid:size=3,k=3", "3×3 피하기"}, {NULL, NULL, NULL}};

static int av_k(const gs_state *s) { return ((const av_game *)s->game)->k; }

/* 1 when the stone on cell i is part of k in a row of its colour. */
static int av_line_at(const gs_state *s, int i) {
    const gs_geom *g = &s->game->geom;
    uint8_t c = s->board.cells[i];
    for (int d = 0; d < 4 && c; d++) {
        int run = 1;
        for (int j = g->nb8[i][d]; j >= 0 && s->board.cells[j] == c; j = g->nb8[j][d]) run++;
        for (int j = g->nb8[i][d + 4]; j >= 0 && s->board.cells[j] == c; j = g->nb8[j][d + 4]) run++;
        if (run >= av_k(s)) return 1;
    }
    return 0;
}

/* Colours with a line anywhere: bit c set for colour c. */
static int av_lines(const gs_state *s) {
    int bits = 0;
    for (int i = 0; i < s->game->geom.n; i++)
        if (s->board.cells[i] && av_line_at(s, i)) bits |= 1 << s->board.cells[i];
    return bits;
}

static gs_status av_create(gs_spec_val *v, gs_game **out, gs_error *err) {
    av_game *g = calloc(1, sizeof *g);
    if (!g) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    gs_status st = gs_geom_init(&g->base.geom, v[K_SIZE].i, v[K_SIZE].h);
    if (st != GS_OK) {
        free(g);
        return gs_error_set(err, st, "bad board size");
    }
    g->base.ops = &gs_avoid_ops;
    g->base.notation = GS_NOTE_ALPHA;
    g->base.sym_mask = v[K_SIZE].i == v[K_SIZE].h ? 0xFFu : 0x0Fu;
    g->k = v[K_K].i;
    *out = &g->base;
    return GS_OK;
}

static void av_destroy(gs_game *g) { free(g); }

static gs_state *av_state_new(const gs_game *g) {
    av_state *s = calloc(1, sizeof *s);
    if (s) gs_state_init_base(&s->base, g);
    return s ? &s->base : NULL;
}

static void av_state_free(gs_state *s) {
    gs_state_free_base(s);
    free(s);
}

static gs_status av_state_copy(gs_state *dst, const gs_state *src) {
    gs_status st = gs_state_copy_base(dst, src);
    if (st == GS_OK) ((av_state *)dst)->loser = ((const av_state *)src)->loser;
    return st;
}

static int av_full(const gs_state *s) { return gs_board_count(&s->board, GS_EMPTY) == 0; }

static gs_status av_check(const gs_state *s, gs_move m) {
    if (((const av_state *)s)->loser || av_full(s)) return GS_ERR_GAME_OVER;
    if (m == GS_PASS) return GS_ERR_PASS_NOT_ALLOWED;
    return s->board.cells[m] ? GS_ERR_OCCUPIED : GS_OK;
}

static int av_legal_moves(const gs_state *s, gs_move *out) {
    int n = 0;
    if (((const av_state *)s)->loser) return 0;
    for (int i = 0; i < s->game->geom.n; i++)
        if (!s->board.cells[i]) out[n++] = i;
    return n;
}

static gs_status av_play(gs_state *s, gs_move m) {
    gs_status st = av_check(s, m);
    if (st != GS_OK) return st;
    if (gs_hist_push(s, m, s->to_move) != GS_OK) return GS_ERR_NOMEM;
    gs_board_set(&s->board, m, s->to_move);
    if (av_line_at(s, m)) ((av_state *)s)->loser = s->to_move;
    s->to_move = GS_OTHER(s->to_move);
    return GS_OK;
}

static gs_status av_undo(gs_state *s) {
    if (s->nhist == 0) return GS_ERR_NO_UNDO;
    gs_hist h = s->hist[--s->nhist];
    gs_board_set(&s->board, h.move, GS_EMPTY);
    ((av_state *)s)->loser = 0;   /* play never continues past a line */
    s->to_move = h.color;
    return GS_OK;
}

static void av_result(const gs_state *s, gs_result *r) {
    memset(r, 0, sizeof *r);
    uint8_t loser = ((const av_state *)s)->loser;
    if (loser) {
        r->over = 1;
        r->winner = GS_OTHER(loser);
        r->how = GS_END_LINE;
    } else if (av_full(s)) {
        r->over = 1;
        r->winner = GS_EMPTY;
        r->how = GS_END_FULL;
    }
}

/* The setup rule every line game shares (docs/FORMATS.md): a line of the
 * side to move, or of both colours, is refused; a line of the other
 * colour means that colour made it and lost.  Counts: black moves first. */
static gs_status av_setup(gs_state *s, const uint8_t *cells, int to_move, gs_error *err) {
    int n = s->game->geom.n, b = 0, w = 0;
    for (int i = 0; i < n; i++) b += cells[i] == GS_BLACK, w += cells[i] == GS_WHITE;
    if (b - w != (to_move == GS_WHITE))
        return gs_error_set(err, GS_ERR_BAD_POSITION, "%d black and %d white stones with %s to move", b, w,
                            gs_color_name(to_move));
    gs_state *t = gs_state_new(s->game);
    if (!t) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    for (int i = 0; i < n; i++)
        if (cells[i]) gs_board_set(&t->board, i, cells[i]);
    int lines = av_lines(t);
    gs_state_free(t);
    if (lines & (1 << to_move))
        return gs_error_set(err, GS_ERR_BAD_POSITION, (lines & (1 << GS_OTHER(to_move)))
                                                          ? "both colours have %d in a row"
                                                          : "the side to move already has %d in a row",
                            ((const av_game *)s->game)->k);
    gs_board_init(&s->board, &s->game->geom);
    for (int i = 0; i < n; i++)
        if (cells[i]) gs_board_set(&s->board, i, cells[i]);
    s->to_move = (uint8_t)to_move;
    s->nhist = 0;
    ((av_state *)s)->loser = lines ? (uint8_t)GS_OTHER(to_move) : 0;
    return GS_OK;
}

static gs_status av_validate(const gs_state *s, gs_error *err) {
    int lines = av_lines(s);
    uint8_t loser = ((const av_state *)s)->loser;
    if (lines & (1 << s->to_move)) return gs_error_set(err, GS_ERR_BAD_POSITION, "the side to move has a line");
    if (!loser != !lines || (loser && loser != GS_OTHER(s->to_move)))
        return gs_error_set(err, GS_ERR_BAD_POSITION, "the stored loser disagrees with the board");
    return GS_OK;
}

const gs_game_ops gs_avoid_ops = {
    .name = "avoid",
    .summary = "test fixture: misere k in a row (making k in a row loses)",
    .ko_name = "피하기",
    .ko_summary = "시험용 게임: k개가 한 줄이 되면 지는 오목 (역오목)",
    .keys = av_keys,
    .aliases = av_aliases,
    .sgf_gm = 0,
    .create = av_create,
    .destroy = av_destroy,
    .state_new = av_state_new,
    .state_free = av_state_free,
    .state_copy = av_state_copy,
    .check = av_check,
    .legal_moves = av_legal_moves,
    .play = av_play,
    .undo = av_undo,
    .result = av_result,
    .setup = av_setup,
    .validate = av_validate,
};
