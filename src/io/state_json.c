/* The JSON state format (docs/FORMATS.md, "JSON state"): a game spec, the
 * start position when it is not the game's initial one, the moves, and
 * the current side to move, board and result for convenience. */
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "io/gameio.h"
#include "io/json.h"
#include "io/state_json.h"

#define FORMAT_VERSION 1

static void put_board(io_buf *b, const gs_game *g, const uint8_t *cells) {
    int w = g->geom.w, h = g->geom.h;
    io_buf_putc(b, '[');
    for (int y = 0; y < h; y++) {
        if (y) io_buf_putc(b, ',');
        io_buf_putc(b, '"');
        for (int x = 0; x < w; x++) {
            int c = cells[y * w + x];
            io_buf_putc(b, c == GS_BLACK ? 'X' : c == GS_WHITE ? 'O' : '.');
        }
        io_buf_putc(b, '"');
    }
    io_buf_putc(b, ']');
}

char *io_state_json(const gs_state *s, int with_history, const char *result) {
    const gs_game *g = s->game;
    uint8_t *start = malloc((size_t)g->geom.n);
    if (!start) return NULL;
    int start_to_move = s->to_move;
    if (with_history) {
        if (io_start_position(s, start, &start_to_move) != GS_OK) { free(start); return NULL; }
    } else memcpy(start, s->board.cells, (size_t)g->geom.n);
    io_buf b;
    io_buf_init(&b);
    io_buf_printf(&b, "{\"format\":\"gridstone\",\"version\":%d,\"game\":", FORMAT_VERSION);
    io_json_put_str(&b, g->spec, strlen(g->spec));
    if (!io_is_initial(g, start, start_to_move)) {
        io_buf_printf(&b, ",\"setup\":{\"to_move\":\"%s\",\"board\":", gs_color_name(start_to_move));
        put_board(&b, g, start);
        io_buf_putc(&b, '}');
    }
    io_buf_puts(&b, ",\"moves\":[");
    for (int i = 0; with_history && i < s->nhist; i++) {
        char mv[32];
        gs_move m = s->hist[i].move;
        if (m == GS_PASS) snprintf(mv, sizeof mv, "pass");
        else gs_state_format_move(s, m, mv, sizeof mv);
        if (i) io_buf_putc(&b, ',');
        io_json_put_str(&b, mv, strlen(mv));
    }
    io_buf_printf(&b, "],\"to_move\":\"%s\",\"board\":", gs_color_name(s->to_move));
    put_board(&b, g, s->board.cells);
    /* A bare position carries the result the position itself gives: the
     * history (passes, a resignation) that ended the game is not in it. */
    char rs[32];
    if (!result) {
        gs_result r;
        gs_state *bare = with_history ? NULL : gs_state_new(g);
        if (bare && gs_setup(bare, s->board.cells, s->to_move, NULL) == GS_OK) gs_result_get(bare, &r);
        else gs_result_get(s, &r);
        gs_state_free(bare);
        result = gs_result_string(&r, rs, sizeof rs);
    }
    io_buf_puts(&b, ",\"result\":");
    io_json_put_str(&b, result, strlen(result));
    io_buf_putc(&b, '}');
    free(start);
    return io_buf_take(&b);
}

char *gs_state_to_json(const gs_state *s, int with_history) { return io_state_json(s, with_history, NULL); }

/* ---- reading ---- */

typedef struct jctx {
    const char *text;
    size_t len;
    gs_error *err;
} jctx;

static gs_status at(const jctx *c, const io_json *v, gs_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static gs_status at(const jctx *c, const io_json *v, gs_status st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    st = io_verr_at(c->err, st, c->text, c->len, v->pos, fmt, ap);
    va_end(ap);
    return st;
}

static int color_from(const io_json *v) {
    if (!v || v->type != IO_JSON_STRING) return 0;
    const char *s = v->str;
    if (!strcmp(s, "black") || !strcmp(s, "b") || !strcmp(s, "B") || !strcmp(s, "X") || !strcmp(s, "x"))
        return GS_BLACK;
    if (!strcmp(s, "white") || !strcmp(s, "w") || !strcmp(s, "W") || !strcmp(s, "O") || !strcmp(s, "o"))
        return GS_WHITE;
    return 0;
}

static gs_status read_color(const jctx *c, const io_json *v, const char *what, int *out) {
    *out = color_from(v);
    if (!*out) return at(c, v, GS_ERR_BAD_VALUE, "%s must be \"black\" or \"white\"", what);
    return GS_OK;
}

/* "board": rows from the top, '.', 'X', 'O'. */
static gs_status read_board(const jctx *c, const io_json *v, const gs_game *g, uint8_t *cells, const char *what) {
    int w = g->geom.w, h = g->geom.h;
    if (v->type != IO_JSON_ARRAY) return at(c, v, GS_ERR_BAD_VALUE, "%s must be an array of row strings", what);
    if (v->n != h) return at(c, v, GS_ERR_BAD_VALUE, "%s has %d rows, the %dx%d board has %d", what, v->n, w, h, h);
    for (int y = 0; y < h; y++) {
        const io_json *row = v->items[y];
        if (row->type != IO_JSON_STRING || row->len != (size_t)w)
            return at(c, row, GS_ERR_BAD_VALUE, "%s row %d must be a string of %d cells", what, y + 1, w);
        for (int x = 0; x < w; x++) {
            char ch = row->str[x];
            cells[y * w + x] = ch == 'X' ? GS_BLACK : ch == 'O' ? GS_WHITE : GS_EMPTY;
            if (ch != 'X' && ch != 'O' && ch != '.')
                return at(c, row, GS_ERR_BAD_VALUE, "%s row %d: bad cell at column %d (expected '.', 'X' or 'O')",
                          what, y + 1, x + 1);
        }
    }
    return GS_OK;
}

/* Whether a record may end with result text rs that its position r (the
 * position after the moves) does not give: a game ended by resignation
 * ("B+R", "W+R"), time ("B+T", "W+T") or an agreed draw ("0"), none of them
 * a move of the record, while the position goes on; and in a game with a
 * counting phase a count ("B+3.5") the dead stones decide, which the record
 * does not hold, once play has ended by passes (or at a server's bound on
 * the game's length, before).  A position that is over by itself (a line,
 * a full board, a resignation move) gives its result; so does a position
 * still being played, when it gives "". */
static int result_beyond(const gs_game *g, const gs_result *r, const char *rs) {
    int counting = gs_has_counting(g);
    if (r->over && !(counting && r->how == GS_END_SCORE)) return 0;
    if (!rs[0] || !strcmp(rs, "0")) return 1;   /* not counted yet; a draw */
    if ((rs[0] != 'B' && rs[0] != 'W') || rs[1] != '+') return 0;
    if ((rs[2] == 'R' || rs[2] == 'T') && !rs[3]) return 1;
    if (!counting) return 0;
    const char *p = rs + 2;   /* a count: digits, then maybe a fraction */
    if (*p < '0' || *p > '9') return 0;
    while (*p >= '0' && *p <= '9') p++;
    if (*p == '.') {
        p++;
        if (*p < '0' || *p > '9') return 0;
        while (*p >= '0' && *p <= '9') p++;
    }
    return !*p;
}

static const char *const top_keys[] = {"format", "version", "game", "setup", "moves", "to_move", "board",
                                       "result", NULL};

gs_status io_json_load_doc(const io_json *doc, const char *text, size_t len, const char *override, int flags,
                           gs_loaded *l, gs_error *err) {
    jctx c = {text, len, err};
    gs_status st;
    if (doc->type != IO_JSON_OBJECT) return at(&c, doc, GS_ERR_BAD_VALUE, "a gridstone state must be a JSON object");
    for (int i = 0; i < doc->n; i++) {
        int known = 0;
        for (int k = 0; top_keys[k]; k++) known |= !strcmp(doc->keys[i], top_keys[k]);
        if (!known) return at(&c, doc->items[i], GS_ERR_UNKNOWN_KEY, "unknown key \"%.40s\" in a gridstone state", doc->keys[i]);
    }
    const io_json *fmt = io_json_get(doc, "format"), *ver = io_json_get(doc, "version");
    const io_json *game = io_json_get(doc, "game"), *setup = io_json_get(doc, "setup");
    const io_json *moves = io_json_get(doc, "moves"), *tm = io_json_get(doc, "to_move");
    const io_json *board = io_json_get(doc, "board"), *res = io_json_get(doc, "result");
    if (!fmt || fmt->type != IO_JSON_STRING || strcmp(fmt->str, "gridstone"))
        return at(&c, fmt ? fmt : doc, GS_ERR_BAD_VALUE, "not a gridstone state: \"format\" must be \"gridstone\"");
    /* range first: converting a double outside int's range is undefined */
    if (!ver || ver->type != IO_JSON_NUMBER || !(ver->num >= 1 && ver->num <= 1e9) || ver->num != floor(ver->num))
        return at(&c, ver ? ver : doc, GS_ERR_BAD_VALUE, "\"version\" must be a positive integer");
    if (ver->num > FORMAT_VERSION)
        return at(&c, ver, GS_ERR_UNSUPPORTED, "state format version %d is newer than this program reads (%d)",
                  (int)ver->num, FORMAT_VERSION);
    io_file_game fg;
    memset(&fg, 0, sizeof fg);
    if (game) {
        if (game->type != IO_JSON_STRING || game->len >= sizeof fg.spec || memchr(game->str, 0, game->len))
            return at(&c, game, GS_ERR_BAD_VALUE, "\"game\" must be a game spec string");
        memcpy(fg.spec, game->str, game->len + 1);
    }
    if (moves && moves->type != IO_JSON_ARRAY) return at(&c, moves, GS_ERR_BAD_VALUE, "\"moves\" must be an array");
    if (res && res->type != IO_JSON_STRING) return at(&c, res, GS_ERR_BAD_VALUE, "\"result\" must be a string");
    if ((st = io_loaded_make_game(l, &fg, override, NULL, err)) != GS_OK) {
        if (game && err && !(override && override[0])) {   /* point at the spec (not when --game may be at fault) */
            io_linecol(text, len, game->pos, &err->line, &err->col);
        }
        return st;
    }
    const gs_game *g = l->game;
    l->state = io_loaded_new_state(l);
    if (!l->state) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    uint8_t cells[GS_MAX_CELLS];
    if (setup) {
        int to_move;
        if (setup->type != IO_JSON_OBJECT) return at(&c, setup, GS_ERR_BAD_VALUE, "\"setup\" must be an object");
        for (int i = 0; i < setup->n; i++)
            if (strcmp(setup->keys[i], "to_move") && strcmp(setup->keys[i], "board"))
                return at(&c, setup->items[i], GS_ERR_UNKNOWN_KEY, "unknown key \"%.40s\" in \"setup\"", setup->keys[i]);
        const io_json *sb = io_json_get(setup, "board"), *stm = io_json_get(setup, "to_move");
        if (!sb || !stm) return at(&c, setup, GS_ERR_BAD_VALUE, "\"setup\" needs \"to_move\" and \"board\"");
        if ((st = read_color(&c, stm, "\"setup\".\"to_move\"", &to_move)) != GS_OK) return st;
        if ((st = read_board(&c, sb, g, cells, "\"setup\".\"board\"")) != GS_OK) return st;
        gs_error e2;
        if ((st = gs_setup(l->state, cells, to_move, &e2)) != GS_OK)
            return at(&c, setup, st, "the setup position is not valid: %s", e2.msg);
    }
    int stopped = 0;
    for (int i = 0; moves && i < moves->n && !stopped; i++) {
        const io_json *mv = moves->items[i];
        if (mv->type != IO_JSON_STRING || memchr(mv->str, 0, mv->len))
            return at(&c, mv, GS_ERR_BAD_VALUE, "move %d must be a string", i + 1);
        gs_move m;
        st = gs_state_parse_move(l->state, mv->str, &m);
        if (st == GS_OK) st = gs_play(l->state, m);
        if (st == GS_ERR_NOMEM) return gs_error_set(err, st, "out of memory");
        if (st != GS_OK) {
            gs_status r = io_illegal(l, flags, i + 1, mv->str, st, text, len, mv->pos, err);
            if (r != GS_OK) return r;
            stopped = 1;
        }
    }
    if (res) snprintf(l->result, sizeof l->result, "%s", res->str);
    if (stopped) return GS_OK;   /* the summary fields describe the whole record */
    if (tm) {
        int want;
        if ((st = read_color(&c, tm, "\"to_move\"", &want)) != GS_OK) return st;
        if (want != l->state->to_move)
            return at(&c, tm, GS_ERR_BAD_POSITION, "\"to_move\" says %s but after the moves %s is to move",
                      gs_color_name(want), gs_color_name(l->state->to_move));
    }
    if (board) {
        if ((st = read_board(&c, board, g, cells, "\"board\"")) != GS_OK) return st;
        for (int i = 0; i < g->geom.n; i++)
            if (cells[i] != l->state->board.cells[i])
                return at(&c, board, GS_ERR_BAD_POSITION,
                          "\"board\" differs from the position after the moves (row %d, column %d)",
                          i / g->geom.w + 1, i % g->geom.w + 1);
    }
    if (res) {
        gs_result r;
        char rs[32];
        gs_result_get(l->state, &r);
        gs_result_string(&r, rs, sizeof rs);
        if (strcmp(rs, res->str) && !result_beyond(g, &r, res->str))
            return at(&c, res, GS_ERR_BAD_POSITION, "\"result\" is \"%.31s\" but the position gives \"%s\"", res->str, rs);
    }
    return GS_OK;
}

gs_status gs_state_from_json(const char *text, size_t len, const char *spec_override, gs_game **game,
                             gs_state **state, gs_error *err) {
    io_json *doc;
    gs_loaded l;
    *game = NULL;
    *state = NULL;
    memset(&l, 0, sizeof l);
    gs_status st = io_json_parse(text, len, &doc, err);
    if (st != GS_OK) return st;
    st = io_json_load_doc(doc, text, len, spec_override, GS_LOAD_STRICT, &l, err);
    io_json_free(doc);
    if (st != GS_OK) {
        io_loaded_free_one(&l);
        return st;
    }
    *game = l.game;
    *state = l.state;
    return GS_OK;
}
