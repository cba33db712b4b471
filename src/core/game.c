/* The generic game API: thin wrappers over each module's gs_game_ops, plus
 * what every game shares - resignation, history, hashing with the side to
 * move, generic perft, text rendering and result strings. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/game.h"

void gs_state_init_base(gs_state *s, const gs_game *g) {
    s->game = g;
    gs_board_init(&s->board, &g->geom);
    s->to_move = GS_BLACK;
    s->resigned = 0;
    s->nhist = 0;
    s->hist_cap = 0;
    s->hist = NULL;
}

gs_status gs_hist_reserve(gs_state *s, int n) {
    if (n <= s->hist_cap) return GS_OK;
    int cap = s->hist_cap ? s->hist_cap : 64;
    while (cap < n) cap *= 2;
    gs_hist *h = realloc(s->hist, (size_t)cap * sizeof *h);
    if (!h) return GS_ERR_NOMEM;
    s->hist = h;
    s->hist_cap = cap;
    return GS_OK;
}

gs_status gs_hist_push(gs_state *s, gs_move m, uint8_t color) {
    if (s->nhist >= s->hist_cap && gs_hist_reserve(s, s->nhist + 1) != GS_OK) return GS_ERR_NOMEM;
    s->hist[s->nhist].move = m;
    s->hist[s->nhist].color = color;
    s->nhist++;
    return GS_OK;
}

gs_status gs_state_copy_base(gs_state *dst, const gs_state *src) {
    if (dst->game != src->game) return GS_ERR_INVALID_ARG;
    if (gs_hist_reserve(dst, src->nhist) != GS_OK) return GS_ERR_NOMEM;
    gs_hist *keep = dst->hist;
    int cap = dst->hist_cap;
    memcpy(dst, src, sizeof *dst);
    dst->hist = keep;
    dst->hist_cap = cap;
    if (src->nhist) memcpy(dst->hist, src->hist, (size_t)src->nhist * sizeof *src->hist);
    return GS_OK;
}

void gs_state_free_base(gs_state *s) {
    free(s->hist);
    s->hist = NULL;
    s->nhist = s->hist_cap = 0;
}

gs_state *gs_state_new(const gs_game *g) { return g ? g->ops->state_new(g) : NULL; }

void gs_state_free(gs_state *s) {
    if (s) s->game->ops->state_free(s);
}

gs_state *gs_state_clone(const gs_state *s) {
    gs_state *c = gs_state_new(s->game);
    if (c && gs_state_copy(c, s) != GS_OK) {
        gs_state_free(c);
        return NULL;
    }
    return c;
}

gs_status gs_state_copy(gs_state *dst, const gs_state *src) {
    if (dst->game != src->game) return GS_ERR_INVALID_ARG;
    return src->game->ops->state_copy(dst, src);
}

gs_status gs_check(const gs_state *s, gs_move m) {
    if (s->resigned) return GS_ERR_GAME_OVER;
    if (m == GS_RESIGN) return gs_is_over(s) ? GS_ERR_GAME_OVER : GS_OK;
    if (m != GS_PASS && (m < 0 || m >= s->game->geom.n)) return GS_ERR_OUT_OF_BOUNDS;
    return s->game->ops->check(s, m);
}

int gs_legal_moves(const gs_state *s, gs_move *out) {
    return s->resigned ? 0 : s->game->ops->legal_moves(s, out);
}

gs_status gs_play(gs_state *s, gs_move m) {
    if (s->resigned) return GS_ERR_GAME_OVER;
    if (m == GS_RESIGN) {
        if (gs_is_over(s)) return GS_ERR_GAME_OVER;
        if (gs_hist_push(s, GS_RESIGN, s->to_move) != GS_OK) return GS_ERR_NOMEM;
        s->resigned = s->to_move;
        return GS_OK;
    }
    if (m != GS_PASS && (m < 0 || m >= s->game->geom.n)) return GS_ERR_OUT_OF_BOUNDS;
    return s->game->ops->play(s, m);
}

gs_status gs_undo(gs_state *s) {
    if (s->resigned && s->nhist > 0 && s->hist[s->nhist - 1].move == GS_RESIGN) {
        s->nhist--;
        s->resigned = 0;
        return GS_OK;
    }
    return s->game->ops->undo(s);
}

void gs_result_get(const gs_state *s, gs_result *r) {
    memset(r, 0, sizeof *r);
    if (s->resigned) {
        r->over = 1;
        r->winner = GS_OTHER(s->resigned);
        r->how = GS_END_RESIGN;
        return;
    }
    s->game->ops->result(s, r);
}

int gs_captures(const gs_state *s, int color) {
    if (!s->game->ops->captures || (color != GS_BLACK && color != GS_WHITE)) return 0;
    return s->game->ops->captures(s, color);
}

int gs_has_counting(const gs_game *g) {
    return g->ops->dead_estimate && g->ops->dead_toggle && g->ops->count;
}

gs_status gs_dead_estimate(const gs_state *s, uint64_t seed, uint8_t *dead) {
    if (!gs_has_counting(s->game)) return GS_ERR_UNSUPPORTED;
    s->game->ops->dead_estimate(s, seed, dead);
    return GS_OK;
}

gs_status gs_dead_toggle(const gs_state *s, uint8_t *dead, int cell) {
    if (!gs_has_counting(s->game)) return GS_ERR_UNSUPPORTED;
    if (cell < 0 || cell >= s->game->geom.n) return GS_ERR_OUT_OF_BOUNDS;
    return s->game->ops->dead_toggle(s, dead, cell);
}

gs_status gs_count_dead(const gs_state *s, const uint8_t *dead, gs_count *out, gs_error *err) {
    if (!gs_has_counting(s->game)) return gs_error_set(err, GS_ERR_UNSUPPORTED, "this game has no counting phase");
    memset(out, 0, sizeof *out);
    return s->game->ops->count(s, dead, out, err);
}

int gs_has_handicap(const gs_game *g) { return g->ops->handicap != NULL; }

gs_status gs_handicap(gs_state *s, int n, gs_error *err) {
    if (!s->game->ops->handicap) return gs_error_set(err, GS_ERR_UNSUPPORTED, "this game has no handicap stones");
    return s->game->ops->handicap(s, n, err);
}

int gs_is_over(const gs_state *s) {
    if (s->resigned) return 1;
    if (s->game->ops->over) return s->game->ops->over(s);
    gs_result r;
    gs_result_get(s, &r);
    return r.over;
}

gs_status gs_setup(gs_state *s, const uint8_t *cells, int to_move, gs_error *err) {
    if (to_move != GS_BLACK && to_move != GS_WHITE)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "side to move must be black or white");
    for (int i = 0; i < s->game->geom.n; i++)
        if (cells[i] > GS_WHITE) return gs_error_set(err, GS_ERR_BAD_POSITION, "bad cell value %d", cells[i]);
    gs_status st = s->game->ops->setup(s, cells, to_move, err);
    if (st == GS_OK) s->resigned = 0;
    return st;
}

gs_status gs_validate(const gs_state *s, gs_error *err) {
    if (s->board.hash != gs_board_rehash(&s->board))
        return gs_error_set(err, GS_ERR_BAD_POSITION, "incremental hash differs from the recomputed hash");
    if (s->to_move != GS_BLACK && s->to_move != GS_WHITE)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "bad side to move %d", s->to_move);
    for (int i = 0; i < s->nhist; i++)
        if (s->hist[i].move == GS_RESIGN && i != s->nhist - 1)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "moves after a resignation");
    if (!!s->resigned != (s->nhist > 0 && s->hist[s->nhist - 1].move == GS_RESIGN))
        return gs_error_set(err, GS_ERR_BAD_POSITION, "resignation flag and history disagree");
    return s->game->ops->validate(s, err);
}

uint64_t gs_state_hash(const gs_state *s) {
    return s->board.hash ^ (s->to_move == GS_WHITE ? GS_ZOBRIST_WHITE_TO_MOVE : 0);
}

static uint64_t perft_rec(gs_state *s, int depth, gs_move *buf, int stride, uint64_t *ended) {
    gs_result r;
    s->game->ops->result(s, &r);
    if (r.over) {
        if (depth == 0) (*ended)++;   /* counted by the caller at the ply it ended */
        return 1;
    }
    if (depth == 0) return 1;
    int n = s->game->ops->legal_moves(s, buf);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (s->game->ops->play(s, buf[i]) != GS_OK) continue;
        total += perft_rec(s, depth - 1, buf + stride, stride, ended);
        s->game->ops->undo(s);
    }
    return total;
}

uint64_t gs_perft_generic(gs_state *s, int depth, uint64_t *ended_at_depth) {
    uint64_t ended = 0, nodes;
    gs_result r;
    s->game->ops->result(s, &r);
    /* a finished position is one node whatever the depth; so is a resigned
     * one (gs_legal_moves gives it no move), which the rules' result does
     * not see */
    if (ended_at_depth) *ended_at_depth = 0;
    if (r.over || s->resigned || depth <= 0) return 1;
    size_t stride = (size_t)s->game->geom.n + 1;
    if ((size_t)depth >= SIZE_MAX / sizeof(gs_move) / stride) return 0;   /* no such buffer */
    gs_move *buf = malloc(sizeof *buf * stride * ((size_t)depth + 1));
    if (!buf) return 0;
    /* "ended at ply depth" = reached the end exactly after depth plies */
    nodes = perft_rec(s, depth, buf, (int)stride, &ended);
    free(buf);
    if (ended_at_depth) *ended_at_depth = ended;
    return nodes;
}

uint64_t gs_perft(gs_state *s, int depth, uint64_t *ended_at_depth) {
    if (depth < 0) depth = 0;
    if (s->game->ops->perft) return s->game->ops->perft(s, depth, ended_at_depth);
    return gs_perft_generic(s, depth, ended_at_depth);
}

const char *gs_color_name(int c) { return c == GS_BLACK ? "black" : c == GS_WHITE ? "white" : "empty"; }

char *gs_state_format_move(const gs_state *s, gs_move m, char *buf, size_t len) {
    const gs_game *g = s->game;
    return gs_notation_format_move(g->notation, g->geom.w, g->geom.h, m, buf, len);
}

gs_status gs_state_parse_move(const gs_state *s, const char *text, gs_move *out) {
    const gs_game *g = s->game;
    return gs_notation_parse_move(g->notation, g->geom.w, g->geom.h, text, out);
}

char *gs_result_string(const gs_result *r, char *buf, size_t len) {
    if (!len) return buf;
    if (!r->over) buf[0] = 0;
    else if (r->how == GS_END_RESIGN) snprintf(buf, len, "%c+R", r->winner == GS_BLACK ? 'B' : 'W');
    else if (r->winner == GS_EMPTY) snprintf(buf, len, "0");
    else if (r->has_score) {
        double v = r->score < 0 ? -r->score : r->score;
        snprintf(buf, len, "%c+%g", r->winner == GS_BLACK ? 'B' : 'W', v);
    } else snprintf(buf, len, "%c+", r->winner == GS_BLACK ? 'B' : 'W');
    return buf;
}

/* Column label of x in the game's notation (row labels are numbers). */
static void col_label(gs_notation nt, int w, int x, char *out) {
    char tmp[16];
    if (nt == GS_NOTE_XY) { snprintf(out, 8, "%d", x % 100); return; }
    gs_notation_format_move(nt == GS_NOTE_SGF ? GS_NOTE_SGF : nt, w, 1, x, tmp, sizeof tmp);
    out[0] = tmp[0];
    out[1] = 0;
}

static int row_label(gs_notation nt, int h, int y) {
    switch (nt) {
    case GS_NOTE_GTP: case GS_NOTE_ALPHA: return h - y;
    case GS_NOTE_OTHELLO: return y + 1;
    default: return y;
    }
}

size_t gs_render(const gs_state *s, char *buf, size_t len) { return gs_render_lang(s, GS_LANG_EN, buf, len); }

size_t gs_render_lang(const gs_state *s, gs_lang lang, char *buf, size_t len) {
    const gs_game *g = s->game;
    int w = g->geom.w, h = g->geom.h;
    size_t o = 0;
#define PUT(...) do { int k_ = snprintf(buf + (o < len ? o : len), o < len ? len - o : 0, __VA_ARGS__); \
                      if (k_ > 0) o += (size_t)k_; } while (0)
    gs_notation nt = g->notation;
    gs_move last = GS_NOMOVE;
    if (s->nhist > 0) last = s->hist[s->nhist - 1].move;
    char cols[3 * GS_MAX_SIDE + 8];   /* the column labels, above and below */
    size_t cl = (size_t)snprintf(cols, sizeof cols, "    ");
    for (int x = 0; x < w; x++) {
        char l[8];
        col_label(nt, w, x, l);
        cl += (size_t)snprintf(cols + cl, sizeof cols - cl, "%2s", l);
    }
    PUT("%s\n", cols);
    for (int y = 0; y < h; y++) {
        char rl[16];
        if (nt == GS_NOTE_SGF) gs_notation_format_move(GS_NOTE_SGF, 1, h, y, rl, sizeof rl);
        else snprintf(rl, sizeof rl, "%d", row_label(nt, h, y));
        PUT("%3s ", rl);
        for (int x = 0; x < w; x++) {
            int i = y * w + x, c = s->board.cells[i];
            char ch = c == GS_BLACK ? 'X' : c == GS_WHITE ? 'O' : '.';
            PUT("%c%c", i == last ? '(' : (x > 0 && i - 1 == last ? ')' : ' '), ch);
        }
        PUT("%s %s\n", y * w + w - 1 == last ? ")" : "", rl);
    }
    PUT("%s\n", cols);
    gs_result r;
    gs_result_get(s, &r);
    if (r.over) {
        char rs[32];
        gs_result_string(&r, rs, sizeof rs);
        if (lang == GS_LANG_KO)
            PUT("대국 끝: %s (%s)\n", r.winner ? (r.winner == GS_BLACK ? "흑(X) 승" : "백(O) 승") : "무승부", rs);
        else
            PUT("game over: %s (%s)\n", r.winner ? (r.winner == GS_BLACK ? "X (black) wins" : "O (white) wins") : "draw", rs);
    } else if (lang == GS_LANG_KO) PUT("%s 차례입니다\n", s->to_move == GS_BLACK ? "흑(X)" : "백(O)");
    else PUT("%s to move\n", s->to_move == GS_BLACK ? "X (black)" : "O (white)");
    if (g->ops->describe) {
        char extra[256] = "";
        g->ops->describe(s, lang, extra, sizeof extra);
        if (extra[0]) PUT("%s\n", extra);
    }
#undef PUT
    return o;
}
