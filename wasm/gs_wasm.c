/* gridstone WASM glue: the flat C functions the JavaScript layer
 * (wasm/api.js) calls.  Not part of the native library.
 *
 * Conventions: a "handle" is an opaque gsw_game pointer (a game plus one
 * state), never shown to JavaScript users.  Functions return a gs_status;
 * on error the last error (code, message, line, column) is kept and read
 * with gsw_err_*.  Strings come back through one glue-owned output buffer
 * (gsw_out), valid until the next call that writes it; integer lists
 * through gsw_ints.  Complex values are JSON text.  WASM runs on one
 * thread, so the glue's few statics are safe here (the library itself has
 * no global state).  Nothing here names a game: everything goes through
 * the generic API (game.h, ai.h, io.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <emscripten/emscripten.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "gridstone/sgf.h"

#define API EMSCRIPTEN_KEEPALIVE

typedef struct gsw_game {
    gs_game *game;
    gs_state *state;
    char note[sizeof ((gs_loaded *)0)->note];   /* what the loaded file said that was not used */
} gsw_game;

static gs_error last_err;
static char *out_str;                       /* gsw_out */
static int32_t ints[GS_MAX_CELLS + 8];      /* gsw_ints */
static int32_t parsed_move;                 /* gsw_move */

static gs_status fail(gs_status st, const char *msg) {
    return gs_error_set(&last_err, st, "%s", msg ? msg : gs_strerror(st, GS_LANG_EN));
}

/* Take ownership of a malloc-ed string as the output. */
static gs_status put_out(char *s) {
    free(out_str);
    out_str = s;
    return s ? GS_OK : fail(GS_ERR_NOMEM, "out of memory");
}

/* A growing string for the JSON answers built here. */
typedef struct sbuf {
    char *p;
    size_t n, cap;
    int oom;
} sbuf;

static void sb_put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void sb_put(sbuf *b, const char *fmt, ...) {
    if (b->oom) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0) { b->oom = 1; return; }
        if (b->p && b->n + (size_t)k < b->cap) { b->n += (size_t)k; return; }
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->n + (size_t)k + 1) cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q) { b->oom = 1; return; }
        b->p = q;
        b->cap = cap;
    }
}

/* A JSON string (the library's texts are ASCII or UTF-8 without controls,
 * but escape what JSON needs anyway). */
static void sb_str(sbuf *b, const char *s) {
    sb_put(b, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') sb_put(b, "\\%c", c);
        else if (c < 0x20) sb_put(b, "\\u%04x", c);
        else sb_put(b, "%c", c);
    }
    sb_put(b, "\"");
}

static gs_status sb_finish(sbuf *b) {
    if (b->oom) {
        free(b->p);
        return fail(GS_ERR_NOMEM, "out of memory");
    }
    return put_out(b->p);
}

static gsw_game *wrap(gs_game *g, gs_state *s) {
    gsw_game *h = malloc(sizeof *h);
    if (!h) {
        gs_state_free(s);
        gs_game_free(g);
        fail(GS_ERR_NOMEM, NULL);
        return NULL;
    }
    h->game = g;
    h->state = s;
    h->note[0] = 0;
    return h;
}

/* ---- errors, reasons ---- */
API int gsw_err_code(void) { return last_err.code; }
API const char *gsw_err_msg(void) { return last_err.msg; }
API const char *gsw_err_msg_ko(void) { return gs_error_message(&last_err, GS_LANG_KO); }
API int gsw_err_line(void) { return last_err.line; }
API int gsw_err_col(void) { return last_err.col; }
API int gsw_status_count(void) { return GS_STATUS_COUNT; }
API const char *gsw_reason_code(int st) { return gs_reason_code((gs_status)st); }
API const char *gsw_strerror(int st, int lang) { return gs_strerror((gs_status)st, lang ? GS_LANG_KO : GS_LANG_EN); }
API int gsw_is_move_reason(int st) { return gs_is_move_reason((gs_status)st); }

/* ---- buffers ---- */
API const char *gsw_out(void) { return out_str ? out_str : ""; }
API int32_t *gsw_ints(void) { return ints; }
API int32_t gsw_move(void) { return parsed_move; }
API const char *gsw_version(void) { return GS_VERSION; }

/* The registry as JSON: [{"name":..,"alias_of":..|null,"summary":..|null}]. */
API int gsw_games(void) {
    sbuf b = {0};
    sb_put(&b, "[");
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias = NULL, *summary = NULL, *name = gs_registry_name(i, &alias, &summary);
        sb_put(&b, "%s{\"name\":", i ? "," : "");
        sb_str(&b, name);
        sb_put(&b, ",\"aliasOf\":");
        if (alias) sb_str(&b, alias); else sb_put(&b, "null");
        sb_put(&b, ",\"summary\":");
        if (summary) sb_str(&b, summary); else sb_put(&b, "null");
        sb_put(&b, "}");
    }
    sb_put(&b, "]");
    return sb_finish(&b);
}

/* ---- lifetime ---- */
API gsw_game *gsw_new(const char *spec) {
    gs_error_clear(&last_err);
    gs_game *g = NULL;
    if (gs_game_new(spec, &g, &last_err) != GS_OK) return NULL;
    gs_state *s = gs_state_new(g);
    if (!s) {
        gs_game_free(g);
        fail(GS_ERR_NOMEM, NULL);
        return NULL;
    }
    return wrap(g, s);
}

/* A deep copy of src through the JSON state (history included), with its
 * own game, so the two lifetimes are independent; NULL with last_err set. */
static gsw_game *independent_copy(const gs_state *src) {
    char *text = src ? gs_state_to_json(src, 1) : NULL;
    if (!text) {
        fail(GS_ERR_NOMEM, NULL);
        return NULL;
    }
    gs_game *g = NULL;
    gs_state *s = NULL;
    gs_status st = gs_state_from_json(text, strlen(text), NULL, &g, &s, &last_err);
    free(text);
    return st == GS_OK ? wrap(g, s) : NULL;
}

API gsw_game *gsw_clone(gsw_game *h) {
    gs_error_clear(&last_err);
    gsw_game *c = independent_copy(h->state);
    if (c) memcpy(c->note, h->note, sizeof c->note);
    return c;
}

API void gsw_free(gsw_game *h) {
    if (!h) return;
    gs_state_free(h->state);
    gs_game_free(h->game);
    free(h);
}

/* {"spec","game","width","height","notation","sgf","counted","levels":[..],"note"} */
API int gsw_info(gsw_game *h) {
    const gs_game *g = h->game;
    sbuf b = {0};
    sb_put(&b, "{\"spec\":");
    sb_str(&b, g->spec);
    sb_put(&b, ",\"game\":");
    sb_str(&b, g->ops->name);
    sb_put(&b, ",\"width\":%d,\"height\":%d,\"notation\":", g->geom.w, g->geom.h);
    sb_str(&b, gs_notation_name(g->notation));
    sb_put(&b, ",\"sgf\":%s,\"counted\":%s,\"levels\":[", g->sgf_gm ? "true" : "false",
           gs_has_counting(g) ? "true" : "false");
    const char *names[32];
    int n = gs_ai_levels(g, names, 32);
    for (int i = 0; i < n; i++) {
        if (i) sb_put(&b, ",");
        sb_str(&b, names[i]);
    }
    sb_put(&b, "],\"note\":");
    sb_str(&b, h->note);
    sb_put(&b, "}");
    return sb_finish(&b);
}

/* ---- position ---- */
API int gsw_to_move(gsw_game *h) { return h->state->to_move; }
API int gsw_moves_played(gsw_game *h) { return h->state->nhist; }
API const uint8_t *gsw_cells(gsw_game *h) { return h->state->board.cells; }
API int gsw_render(gsw_game *h, int lang) {
    char *buf = malloc(65536);
    if (!buf) return fail(GS_ERR_NOMEM, NULL);
    gs_render_lang(h->state, lang ? GS_LANG_KO : GS_LANG_EN, buf, 65536);
    return put_out(buf);
}

/* History as JSON: [[move, colour], ...]. */
API int gsw_history(gsw_game *h) {
    const gs_state *s = h->state;
    sbuf b = {0};
    sb_put(&b, "[");
    for (int i = 0; i < s->nhist; i++) sb_put(&b, "%s[%d,%d]", i ? "," : "", s->hist[i].move, s->hist[i].color);
    sb_put(&b, "]");
    return sb_finish(&b);
}

/* ---- moves ---- */
API int gsw_parse_move(gsw_game *h, const char *text) {
    gs_move m;
    gs_status st = gs_state_parse_move(h->state, text, &m);
    if (st != GS_OK) {
        return gs_error_set(&last_err, st, "%s '%s' (%s notation, or x,y)",
                            st == GS_ERR_OUT_OF_BOUNDS ? "the point is off the board:" : "not a move:", text,
                            gs_notation_name(h->game->notation));
    }
    parsed_move = m;
    return GS_OK;
}

API int gsw_format_move(gsw_game *h, int m) {
    char buf[32];
    gs_state_format_move(h->state, m, buf, sizeof buf);
    return put_out(strdup(buf));
}

API int gsw_check(gsw_game *h, int m) { return gs_check(h->state, m); }

API int gsw_play(gsw_game *h, int m) {
    gs_status st = gs_play(h->state, m);
    return st == GS_OK ? GS_OK : fail(st, NULL);
}

API int gsw_undo(gsw_game *h) {
    gs_status st = gs_undo(h->state);
    return st == GS_OK ? GS_OK : fail(st, NULL);
}

/* Legal moves into gsw_ints; returns the count. */
API int gsw_legal(gsw_game *h) { return gs_legal_moves(h->state, ints); }

/* Every cell's gs_check status into gsw_ints (0 = legal). */
API int gsw_check_all(gsw_game *h) {
    int n = h->game->geom.n;
    for (int i = 0; i < n; i++) ints[i] = gs_check(h->state, i);
    return n;
}

/* {"over","winner","how","score"|null,"line":[cells],"text"} */
API int gsw_result(gsw_game *h) {
    gs_result r;
    gs_result_get(h->state, &r);
    static const char *const how[] = {"none", "line", "full", "score", "resign"};
    char text[32];
    gs_result_string(&r, text, sizeof text);
    sbuf b = {0};
    sb_put(&b, "{\"over\":%s,\"winner\":%d,\"how\":\"%s\",\"score\":", r.over ? "true" : "false", r.winner,
           (unsigned)r.how < 5 ? how[r.how] : "none");
    if (r.has_score) sb_put(&b, "%.17g", r.score); else sb_put(&b, "null");
    sb_put(&b, ",\"line\":[");
    for (int i = 0; i < r.nline; i++) sb_put(&b, "%s%d", i ? "," : "", r.line[i]);
    sb_put(&b, "],\"text\":");
    sb_str(&b, text);
    sb_put(&b, "}");
    return sb_finish(&b);
}

/* ---- files ---- */
API int gsw_to_json(gsw_game *h, int with_history) { return put_out(gs_state_to_json(h->state, with_history)); }

API int gsw_to_sgf(gsw_game *h) {
    if (!h->game->sgf_gm) return fail(GS_ERR_UNSUPPORTED, "this game has no SGF form (use JSON)");
    return put_out(gs_state_to_sgf(h->state));
}

API gsw_game *gsw_from_json(const char *text, const char *spec) {
    gs_error_clear(&last_err);
    gs_game *g = NULL;
    gs_state *s = NULL;
    if (gs_state_from_json(text, strlen(text), spec && *spec ? spec : NULL, &g, &s, &last_err) != GS_OK) return NULL;
    return wrap(g, s);
}

/* The length of text up to the ')' that closes its first game tree
 * (brackets inside property values, escapes included, do not count), or
 * all of it when that tree is not closed (the loader then says why). */
static size_t first_tree_len(const char *text) {
    int depth = 0, in_value = 0;
    for (const char *p = text; *p; p++) {
        if (in_value) {
            if (*p == '\\' && p[1]) p++;
            else if (*p == ']') in_value = 0;
        } else if (*p == '[') in_value = 1;
        else if (*p == '(') depth++;
        else if (*p == ')' && depth > 0 && --depth == 0) return (size_t)(p - text) + 1;
    }
    return strlen(text);
}

/* The first game of an SGF collection, replayed strictly (an illegal move
 * is an error with its reason code); the games after it are parsed (the
 * text must be SGF) but not replayed. */
API gsw_game *gsw_from_sgf(const char *text, const char *spec) {
    gs_error_clear(&last_err);
    const char *p = text;
    if (!strncmp(p, "\xEF\xBB\xBF", 3)) p += 3;   /* a UTF-8 byte order mark, as the loader skips */
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    if (*p != '(') {
        gs_error_set_at(&last_err, GS_ERR_PARSE, 1, 1, "not SGF: an SGF collection starts with '('");
        return NULL;
    }
    /* the whole text must be SGF; only its first game is replayed */
    gs_sgf_collection *all = NULL;
    if (gs_sgf_parse(text, strlen(text), &all, &last_err) != GS_OK) return NULL;
    gs_sgf_free(all);
    gs_loaded *l = NULL;
    int n = 0;
    if (gs_load_positions(text, first_tree_len(text), spec && *spec ? spec : NULL, GS_LOAD_STRICT, &l, &n, &last_err) != GS_OK)
        return NULL;
    if (n < 1) {
        gs_loaded_free(l, n);
        fail(GS_ERR_PARSE, "the SGF holds no game");
        return NULL;
    }
    /* The loader's games may be shared between its entries and are freed
     * by gs_loaded_free: take an independent copy through the JSON state. */
    gsw_game *h = independent_copy(gs_loaded_state(&l[0]));
    if (h) memcpy(h->note, l[0].note, sizeof h->note);
    gs_loaded_free(l, n);
    return h;
}

/* ---- counting (gs_has_counting games: Go) ---- */
/* The dead stones into mask: ndead cells from gsw_ints, each marking its
 * chain (ndead < 0: the engine's estimate with seed). */
static gs_status dead_mask(gsw_game *h, int ndead, double seed, uint8_t *mask) {
    const gs_state *s = h->state;
    int n = h->game->geom.n;
    if (!gs_has_counting(h->game)) return fail(GS_ERR_UNSUPPORTED, "this game has no counting phase");
    memset(mask, 0, (size_t)n);
    if (ndead < 0) return gs_dead_estimate(s, seed >= 0 ? (uint64_t)seed : 0, mask);
    if (ndead > n) return fail(GS_ERR_INVALID_ARG, "too many dead stones");
    for (int i = 0; i < ndead; i++) {
        int c = ints[i];
        char pt[16];
        if (c < 0 || c >= n) return fail(GS_ERR_OUT_OF_BOUNDS, "a dead stone is off the board");
        if (!s->board.cells[c]) {
            gs_state_format_move(s, c, pt, sizeof pt);
            return gs_error_set(&last_err, GS_ERR_BAD_VALUE, "no stone at %s to take off as dead", pt);
        }
        if (!mask[c] && gs_dead_toggle(s, mask, c) != GS_OK) return fail(GS_ERR_BAD_VALUE, "bad dead stone");
    }
    return GS_OK;
}

/* {"winner","score","text","black":{"points","captures"},"white":{..},"owner":[..],"dead":[cells]} */
API int gsw_score(gsw_game *h, int ndead, double seed) {
    uint8_t mask[GS_MAX_CELLS];
    gs_status st = dead_mask(h, ndead, seed, mask);
    if (st != GS_OK) return st;
    gs_count *c = malloc(sizeof *c);
    if (!c) return fail(GS_ERR_NOMEM, NULL);
    if ((st = gs_count_dead(h->state, mask, c, &last_err)) != GS_OK) {
        free(c);
        return st;
    }
    char text[32];
    gs_result_string(&c->result, text, sizeof text);
    sbuf b = {0};
    sb_put(&b, "{\"winner\":%d,\"score\":%.17g,\"text\":", c->result.winner, c->result.score);
    sb_str(&b, text);
    sb_put(&b, ",\"deadEstimated\":%s", ndead < 0 ? "true" : "false");
    for (int col = GS_BLACK; col <= GS_WHITE; col++)
        sb_put(&b, ",\"%s\":{\"points\":%.17g,\"captures\":%d}", col == GS_BLACK ? "black" : "white", c->points[col],
               gs_captures(h->state, col));
    int n = h->game->geom.n;
    sb_put(&b, ",\"owner\":[");
    for (int i = 0; i < n; i++) sb_put(&b, "%s%d", i ? "," : "", c->owner[i]);
    sb_put(&b, "],\"dead\":[");
    int first = 1;
    for (int i = 0; i < n; i++)
        if (c->dead[i]) { sb_put(&b, "%s%d", first ? "" : ",", i); first = 0; }
    sb_put(&b, "]}");
    free(c);
    return sb_finish(&b);
}

/* The engine's dead stones into gsw_ints; returns the count or -1. */
API int gsw_estimate_dead(gsw_game *h, double seed) {
    uint8_t mask[GS_MAX_CELLS];
    if (dead_mask(h, -1, seed, mask) != GS_OK) return -1;
    int k = 0;
    for (int i = 0; i < h->game->geom.n; i++)
        if (mask[i]) ints[k++] = i;
    return k;
}

/* ---- AI ---- */
API int gsw_ai_move(gsw_game *h, const char *level, double seconds, double seed) {
    gs_ai_opts o;
    memset(&o, 0, sizeof o);
    o.time_limit = seconds > 0 ? seconds : 0;
    o.seed = seed >= 0 ? (uint64_t)seed : 0;
    gs_move m = GS_NOMOVE;
    gs_status st = gs_ai_move(h->state, level, &o, &m, &last_err);
    if (st != GS_OK) return st;
    parsed_move = m;
    return GS_OK;
}

API int gsw_check_level(gsw_game *h, const char *level) { return gs_ai_check_level(h->game, level, &last_err); }

/* ---- perft (nodes as a double: exact below 2^53) ---- */
API double gsw_perft(gsw_game *h, int depth) {
    uint64_t ended = 0;
    return (double)gs_perft(h->state, depth, &ended);
}
