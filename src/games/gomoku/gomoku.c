/* Gomoku family rules: game ops "gomoku" (spec keys size, rule).
 *
 * Decisions (docs/ARCHITECTURE.md, "Gomoku"):
 *  - no pass in any variant (GS_ERR_PASS_NOT_ALLOWED);
 *  - a full board without a winner is a draw;
 *  - setup() accepts any position with valid cells and either side to
 *    move (stone counts are free: puzzles); a winning line of the colour
 *    that is not to move ends the game (it won), one of the side to move
 *    (alone or with the other's) is refused, as in every line game;
 *  - caro: exactly five whose two outer neighbours are not both opponent
 *    stones (the board edge does not block). */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "games/gomoku/gomoku.h"

extern const gs_game_ops gs_gomoku_ops;

/* Line code of padded p in direction d computed from scratch. */
static uint16_t line_code(const uint8_t *a, int p, int d) {
    int s = gmk_dstep[d];
    unsigned code = 0;
    for (int k = 1; k <= 4; k++) {
        code |= (unsigned)a[p - k * s] << (2 * (4 - k));
        code |= (unsigned)a[p + k * s] << (2 * (k + 3));
    }
    return (uint16_t)code;
}

enum { K_SIZE, K_RULE };
static const gs_spec_key gmk_keys[] = {
    [K_SIZE] = {"size", GS_KEY_SIZE, "15", 5, 32, 0, NULL, NULL, "board size", GS_ROLE_SIZE, "판 크기"},
    [K_RULE] = {"rule", GS_KEY_ENUM, "freestyle", 0, 0, 0, gmk_rule_names, NULL,
                "freestyle (five or more), standard (exactly five), renju (black: no 3-3, 4-4, overline), "
                "omok (exactly five, no 3-3 for either), caro (exactly five, not blocked at both ends)", GS_ROLE_NONE, "규칙"},
    {NULL, 0, NULL, 0, 0, 0, NULL, NULL, NULL, GS_ROLE_NONE, NULL}};

/* SGF RU[] of a Gomoku record names the rule ("Renju", "o-mok": any case,
 * spaces, '-' and '_' ignored); GM[4] alone says nothing about it. */
static gs_status gmk_props_read(const gs_file_props *fp, gs_spec *keys, gs_error *err) {
    const char *ru = fp->get(fp->ud, "RU");
    if (!ru || !*ru) return GS_OK;
    char name[32];
    size_t n = 0;
    for (; *ru && n + 1 < sizeof name; ru++)
        if (*ru != ' ' && *ru != '-' && *ru != '_') name[n++] = *ru;
    name[n] = 0;
    int rule = *ru ? -1 : gs_spec_key_enum(&gmk_keys[K_RULE], name);
    if (rule < 0) {
        fp->note(fp->ud, "RU", "rule not understood; freestyle applies");
        return GS_OK;
    }
    return gs_spec_set(keys, "rule", gmk_rule_names[rule], err);
}

static const gs_game_alias gmk_aliases[] = {
    {"renju", "gomoku:rule=renju", "렌주"}, {"omok", "gomoku:rule=omok", "한국식 오목"}, {"caro", "gomoku:rule=caro", "카로"}, {NULL, NULL, NULL}};

static gs_status gmk_create(gs_spec_val *v, gs_game **out, gs_error *err) {
    int w = v[K_SIZE].i, h = v[K_SIZE].h, rule = v[K_RULE].i;
    gs_status st;
    gmk_game *g = calloc(1, sizeof *g);
    if (!g) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    st = gs_geom_init(&g->base.geom, w, h);
    if (st) { free(g); return gs_error_set(err, st, "bad board size %dx%d", w, h); }
    g->base.ops = &gs_gomoku_ops;
    g->base.notation = GS_NOTE_ALPHA;
    g->base.sym_mask = w == h ? 0xFFu : 0x0Fu;
    g->rule = rule;
    memset(g->empty_pad, GMK_WALL, sizeof g->empty_pad);
    for (int i = 0; i < GMK_PADN; i++) g->cell_of[i] = -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int p = (y + GMK_PAD) * GMK_STRIDE + x + GMK_PAD, i = y * w + x;
            g->pidx[i] = (int16_t)p;
            g->cell_of[p] = (int16_t)i;
            g->empty_pad[p] = 0;
        }
    for (int i = 0; i < w * h; i++) {
        int p = g->pidx[i];
        for (int d = 0; d < 4; d++) g->empty_code[d][p] = line_code(g->empty_pad, p, d);
    }
    *out = &g->base;
    return GS_OK;
}

static void gmk_destroy(gs_game *g) { free(g); }

static void gmk_clear(gmk_state *st) {
    const gmk_game *g = gmk_game_of(&st->base);
    gs_board_init(&st->base.board, &g->base.geom);
    memcpy(st->a, g->empty_pad, sizeof st->a);
    memcpy(st->code, g->empty_code, sizeof st->code);
    st->base.to_move = GS_BLACK;
    st->base.resigned = 0;
    st->base.nhist = 0;
    st->nstones = st->nb0 = st->nw0 = 0;
    st->winner = 0;
    st->nline = 0;
}

static gs_state *gmk_state_new(const gs_game *g) {
    gmk_state *st = malloc(sizeof *st);   /* every field is set below (line[] once nline says) */
    if (!st) return NULL;
    gs_state_init_base(&st->base, g);
    gmk_clear(st);
    return &st->base;
}

static void gmk_state_free(gs_state *s) {
    if (!s) return;
    gs_state_free_base(s);
    free(s);
}

static gs_status gmk_state_copy(gs_state *dst, const gs_state *src) {
    gs_status st = gs_state_copy_base(dst, src);
    if (st) return st;
    memcpy((char *)dst + sizeof(gs_state), (const char *)src + sizeof(gs_state),
           sizeof(gmk_state) - sizeof(gs_state));
    return GS_OK;
}

static int gmk_over(const gmk_state *st) {
    return st->winner || st->nstones >= st->base.game->geom.n;
}

static gs_status gmk_check(const gs_state *s, gs_move m) {
    const gmk_state *st = (const gmk_state *)s;
    const gmk_game *g = gmk_game_of(s);
    if (gmk_over(st)) return GS_ERR_GAME_OVER;
    if (m == GS_PASS) return GS_ERR_PASS_NOT_ALLOWED;
    if (m < 0 || m >= g->base.geom.n) return GS_ERR_OUT_OF_BOUNDS;
    int p = g->pidx[m];
    if (st->a[p]) return GS_ERR_OCCUPIED;
    return gmk_forbidden(st, p, s->to_move);
}

static int gmk_legal_moves(const gs_state *s, gs_move *out) {
    const gmk_state *st = (const gmk_state *)s;
    const gmk_game *g = gmk_game_of(s);
    int n = 0;
    if (gmk_over(st)) return 0;
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        if (!st->a[p] && gmk_forbidden(st, p, s->to_move) == GS_OK) out[n++] = i;
    }
    return n;
}

/* Place colour c on cell m and record a win it makes (no legality check). */
static void gmk_place(gmk_state *st, int m, int c) {
    const gmk_game *g = gmk_game_of(&st->base);
    int p = g->pidx[m];
    gs_board_set(&st->base.board, m, (uint8_t)c);
    gmk_put(st, p, c);
    st->nstones++;
    if (gmk_makes_win(g, st->a, p, c, st->line, &st->nline)) st->winner = (uint8_t)c;
}

static gs_status gmk_play(gs_state *s, gs_move m) {
    gs_status r = gmk_check(s, m);
    if (r) return r;
    r = gs_hist_push(s, m, s->to_move);
    if (r) return r;
    gmk_place((gmk_state *)s, m, s->to_move);
    s->to_move = GS_OTHER(s->to_move);
    return GS_OK;
}

static gs_status gmk_undo(gs_state *s) {
    gmk_state *st = (gmk_state *)s;
    const gmk_game *g = gmk_game_of(s);
    if (s->nhist == 0) return GS_ERR_NO_UNDO;
    gs_hist h = s->hist[--s->nhist];
    gs_board_set(&s->board, h.move, GS_EMPTY);
    gmk_remove(st, g->pidx[h.move]);
    st->nstones--;
    /* no move follows a win, so the undone move made any win there was */
    st->winner = 0;
    st->nline = 0;
    s->to_move = h.color;
    return GS_OK;
}

static void gmk_result(const gs_state *s, gs_result *r) {
    const gmk_state *st = (const gmk_state *)s;
    memset(r, 0, sizeof *r);
    if (st->winner) {
        r->over = 1;
        r->winner = st->winner;
        r->how = GS_END_LINE;
        r->nline = st->nline;
        memcpy(r->line, st->line, (size_t)st->nline * sizeof st->line[0]);
    } else if (st->nstones >= s->game->geom.n) {
        r->over = 1;
        r->winner = GS_EMPTY;
        r->how = GS_END_FULL;
    }
}

/* Find a winning line of colour c on padded board a (for setup positions);
 * its cells go to line[], their count to *nline. */
static int gmk_find_line(const gmk_game *g, const uint8_t *a, int c, int *line, int *nline) {
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        if (a[p] == c && gmk_makes_win(g, a, p, c, line, nline)) return 1;
    }
    return 0;
}

static gs_status gmk_setup(gs_state *s, const uint8_t *cells, int to_move, gs_error *err) {
    gmk_state *st = (gmk_state *)s;
    const gmk_game *g = gmk_game_of(s);
    if (to_move != GS_BLACK && to_move != GS_WHITE)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "side to move must be black or white");
    for (int i = 0; i < g->base.geom.n; i++)
        if (cells[i] > GS_WHITE)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "cell %d has value %d", i, cells[i]);
    /* the lines are judged on a padded scratch board first, so a refused
     * position leaves the state as it was without a copy of it */
    uint8_t a[GMK_PADN];
    int line[GS_MAX_LINE], nline = 0;
    memcpy(a, g->empty_pad, sizeof a);
    for (int i = 0; i < g->base.geom.n; i++) a[g->pidx[i]] = cells[i];
    /* the same rule as every line game (docs/FORMATS.md, "Setup positions"):
     * a line of the side to move cannot have been followed by a move of
     * the other side, so it is refused, as is a line of both colours */
    int last = GS_OTHER(to_move);
    if (gmk_find_line(g, a, to_move, line, &nline)) {
        int both = gmk_find_line(g, a, last, line, &nline);
        return gs_error_set(err, GS_ERR_BAD_POSITION, both ? "both colours have five in a row"
                                                           : "the side to move already has five in a row");
    }
    int won = gmk_find_line(g, a, last, line, &nline);
    gmk_clear(st);
    for (int i = 0; i < g->base.geom.n; i++) {
        if (!cells[i]) continue;
        gs_board_set(&s->board, i, cells[i]);
        gmk_put(st, g->pidx[i], cells[i]);
        st->nstones++;
        if (cells[i] == GS_BLACK) st->nb0++; else st->nw0++;
    }
    s->to_move = (uint8_t)to_move;
    if (won) {
        st->winner = (uint8_t)last;
        st->nline = nline;
        memcpy(st->line, line, (size_t)nline * sizeof line[0]);
    }
    return GS_OK;
}

static gs_status gmk_validate(const gs_state *s, gs_error *err) {
    const gmk_state *st = (const gmk_state *)s;
    const gmk_game *g = gmk_game_of(s);
    int n = g->base.geom.n, nb = 0, nw = 0;
    if (s->to_move != GS_BLACK && s->to_move != GS_WHITE)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "bad side to move %d", s->to_move);
    for (int i = 0; i < n; i++) {
        uint8_t v = s->board.cells[i];
        if (v > GS_WHITE) return gs_error_set(err, GS_ERR_BAD_POSITION, "cell %d has value %d", i, v);
        if (st->a[g->pidx[i]] != v)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "padded board differs at cell %d", i);
        nb += v == GS_BLACK;
        nw += v == GS_WHITE;
    }
    if (nb + nw != st->nstones) return gs_error_set(err, GS_ERR_BAD_POSITION, "stone count %d, board has %d", st->nstones, nb + nw);
    /* every line code against the board, one line of cells at a time: a
     * window w holds the 9 cells around p (2 bits each, p in bits 8-9) and
     * slides one step along the line, the code being w without p */
    for (int d = 0; d < 4; d++) {
        int step = gmk_dstep[d];
        for (int i = 0; i < n; i++) {
            int p = g->pidx[i];
            if (g->cell_of[p - step] >= 0) continue;   /* not the start of a line */
            uint32_t w = 0;
            for (int k = -4; k <= 4; k++) w |= (uint32_t)st->a[p + k * step] << (2 * (k + 4));
            for (;;) {
                if (st->code[d][p] != (uint16_t)((w & 0xFFu) | ((w >> 2) & 0xFF00u)))
                    return gs_error_set(err, GS_ERR_BAD_POSITION, "line code of cell %d direction %d is stale",
                                        g->cell_of[p], d);
                if (g->cell_of[p + step] < 0) break;
                w = (w >> 2) | (uint32_t)st->a[p + 5 * step] << 16;
                p += step;
            }
        }
    }
    if (s->board.hash != gs_board_rehash(&s->board))
        return gs_error_set(err, GS_ERR_BAD_POSITION, "hash differs from the stones");
    int hb = 0, hw = 0, nh = gs_moves_played(s);
    for (int k = 0; k < nh; k++) {
        gs_hist h = s->hist[k];
        if (h.move < 0 || h.move >= n) return gs_error_set(err, GS_ERR_BAD_POSITION, "history move %d is not a cell", k + 1);
        if (s->board.cells[h.move] != h.color) return gs_error_set(err, GS_ERR_BAD_POSITION, "history move %d is not on the board", k + 1);
        if (k && s->hist[k - 1].color == h.color) return gs_error_set(err, GS_ERR_BAD_POSITION, "history move %d: same colour twice", k + 1);
        if (h.color == GS_BLACK) hb++; else hw++;
    }
    if (nh && GS_OTHER(s->hist[nh - 1].color) != s->to_move)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "side to move does not follow the last move");
    if (nb != st->nb0 + hb || nw != st->nw0 + hw)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "stones differ from setup plus history");
    if (st->winner && nh && st->winner != s->hist[nh - 1].color)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "winner did not make the last move");
    return GS_OK;
}

static void gmk_describe(const gs_state *s, gs_lang lang, char *buf, size_t len) {
    const gmk_game *g = gmk_game_of(s);
    snprintf(buf, len, lang == GS_LANG_KO ? "규칙 %s" : "rule %s", gmk_rule_names[g->rule]);
}

const gs_game_ops gs_gomoku_ops = {
    .name = "gomoku",
    .summary = "Gomoku family: freestyle, standard, renju, omok, caro (five in a row)",
    .ko_name = "오목",
    .ko_summary = "오목 계열: 자유룰, 표준(정확히 다섯), 렌주룰, 한국식 오목, 카로 (다섯 개를 한 줄로)",
    .keys = gmk_keys,
    .aliases = gmk_aliases,
    .sgf_gm = 4,
    .props_read = gmk_props_read,
    .create = gmk_create,
    .destroy = gmk_destroy,
    .state_new = gmk_state_new,
    .state_free = gmk_state_free,
    .state_copy = gmk_state_copy,
    .check = gmk_check,
    .legal_moves = gmk_legal_moves,
    .play = gmk_play,
    .undo = gmk_undo,
    .result = gmk_result,
    .setup = gmk_setup,
    .validate = gmk_validate,
    .describe = gmk_describe,
    .perft = NULL,
    .ko_line_win = "오목 완성",
};
