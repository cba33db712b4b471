/* Shared test helpers (declared in test.h): games that fail the test
 * instead of returning quietly, one ASCII-position reader, and JSON Lines
 * read through the project's own JSON reader. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "io/json.h"
#include "test.h"

gs_game *tl_game_at(const char *file, int line, const char *spec) {
    gs_game *g = NULL;
    gs_error err;
    if (gs_game_new(spec, &g, &err) != GS_OK) {
        gs_test_fail(file, line, "game '%s': %s", spec ? spec : "(null)", err.msg);
        return NULL;
    }
    return g;
}

int tl_cells(const char *rows, uint8_t *cells, int max) {
    int n = 0;
    for (const char *p = rows; *p; p++) {
        int v = *p == 'X' ? GS_BLACK : *p == 'O' ? GS_WHITE : *p == '.' ? GS_EMPTY : -1;
        if (v < 0) continue;
        if (n < max) cells[n] = (uint8_t)v;
        n++;
    }
    return n;
}

gs_state *tl_position_at(const char *file, int line, const gs_game *g, const char *rows, int to_move) {
    uint8_t cells[GS_MAX_CELLS];
    if (!g) {
        gs_test_fail(file, line, "no game for the position");
        return NULL;
    }
    int n = tl_cells(rows, cells, GS_MAX_CELLS);
    if (n != g->geom.n) {
        gs_test_fail(file, line, "%s: the board has %d cells, the rows %d", g->spec, g->geom.n, n);
        return NULL;
    }
    if (!to_move) {
        int b = 0, w = 0;
        for (int i = 0; i < n; i++) b += cells[i] == GS_BLACK, w += cells[i] == GS_WHITE;
        to_move = b > w ? GS_WHITE : GS_BLACK;
    }
    gs_state *s = gs_state_new(g);
    gs_error err;
    if (!s) {
        gs_test_fail(file, line, "out of memory");
        return NULL;
    }
    if (gs_setup(s, cells, to_move, &err) != GS_OK) {
        gs_test_fail(file, line, "%s: setup refused: %s", g->spec, err.msg);
        gs_state_free(s);
        return NULL;
    }
    return s;
}

gs_state *tl_position_rows_at(const char *file, int line, const gs_game *g, const char *const *rows, int to_move) {
    static char buf[GS_MAX_CELLS * 2 + GS_MAX_SIDE * 2 + 1];
    size_t o = 0;
    for (int y = 0; g && y < g->geom.h; y++) {
        size_t k = rows[y] ? strlen(rows[y]) : 0;
        if (o + k + 2 >= sizeof buf) break;
        memcpy(buf + o, rows[y], k);
        o += k;
        buf[o++] = '/';
    }
    buf[o] = 0;
    return tl_position_at(file, line, g, buf, to_move);
}

int tl_same_board(const gs_state *s, const char *rows) {
    uint8_t cells[GS_MAX_CELLS];
    int n = tl_cells(rows, cells, GS_MAX_CELLS);
    return n == s->game->geom.n && !memcmp(cells, s->board.cells, (size_t)n);
}

struct tl_jsonl {
    FILE *f;
    char path[512];
    int line;
    char *buf;
    size_t cap;
};

tl_jsonl *tl_jsonl_open_at(const char *file, int line, const char *name) {
    tl_jsonl *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    snprintf(r->path, sizeof r->path, "%s/%s", gs_testdata(), name);
    r->f = fopen(r->path, "r");
    if (!r->f) {
        gs_test_fail(file, line, "cannot open %s", r->path);
        free(r);
        return NULL;
    }
    return r;
}

int tl_jsonl_next(tl_jsonl *r, io_json **out) {
    *out = NULL;
    if (!r) return 0;
    ssize_t n;
    while ((n = getline(&r->buf, &r->cap, r->f)) >= 0) {
        r->line++;
        size_t len = (size_t)n;
        while (len && (r->buf[len - 1] == '\n' || r->buf[len - 1] == '\r')) len--;
        size_t i = 0;
        while (i < len && (r->buf[i] == ' ' || r->buf[i] == '\t')) i++;
        if (i == len) continue;
        gs_error err;
        if (io_json_parse(r->buf, len, out, &err) != GS_OK) {
            gs_test_fail(r->path, r->line, "not JSON: %s", err.msg);
            return 0;
        }
        return r->line;
    }
    return 0;
}

void tl_jsonl_close(tl_jsonl *r) {
    if (!r) return;
    fclose(r->f);
    free(r->buf);
    free(r);
}

void tl_json_free(io_json *v) { io_json_free(v); }

const io_json *tl_json_get(const io_json *o, const char *key) { return o ? io_json_get(o, key) : NULL; }

double tl_json_num(const io_json *o, const char *key, double def) {
    const io_json *v = tl_json_get(o, key);
    return v && v->type == IO_JSON_NUMBER ? v->num : def;
}

const char *tl_json_str(const io_json *o, const char *key) {
    const io_json *v = tl_json_get(o, key);
    return v && v->type == IO_JSON_STRING ? v->str : NULL;
}

int tl_json_len(const io_json *v) { return v && (v->type == IO_JSON_ARRAY || v->type == IO_JSON_OBJECT) ? v->n : 0; }

const io_json *tl_json_at(const io_json *v, int i) {
    return v && v->type == IO_JSON_ARRAY && i >= 0 && i < v->n ? v->items[i] : NULL;
}

/* The conversions of fmt, concatenated ("%s%d"); "%%" is not one. */
void tl_conversions(const char *fmt, char *out, size_t len) {
    size_t o = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') continue;
        if (p[1] == '%') { p++; continue; }
        const char *q = p + 1;
        while (*q && !strchr("diouxXeEfFgGaAcspn", *q)) q++;
        for (const char *r = p; r <= q && *r && o + 1 < len; r++) out[o++] = *r;
        if (!*q) break;
        p = q;
    }
    out[o] = 0;
}

/* 1 when s is valid UTF-8 and has a Hangul syllable (U+AC00..U+D7A3). */
int tl_has_hangul(const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    int hangul = 0;
    while (*p) {
        unsigned c = *p, n = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : 9;
        if (n == 9) return 0;
        unsigned cp = n == 0 ? c : c & (0x3F >> n);
        for (unsigned i = 1; i <= n; i++) {
            if ((p[i] & 0xC0) != 0x80) return 0;
            cp = cp << 6 | (p[i] & 0x3F);
        }
        if (cp >= 0xAC00 && cp <= 0xD7A3) hangul = 1;
        p += n + 1;
    }
    return hangul;
}
