/* Reading files and loading positions with format detection: SGF (first
 * character '('), JSON or JSON Lines ('{'), otherwise OBF lines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/sgf.h"
#include "io/gameio.h"
#include "io/json.h"
#include "io/obf.h"
#include "io/sgf_game.h"
#include "io/state_json.h"

#define MAX_FILE (256u << 20)

gs_status gs_read_file(const char *path, char **data, size_t *len, gs_error *err) {
    *data = NULL;
    *len = 0;
    if (!path) return gs_error_set(err, GS_ERR_INVALID_ARG, "no file name");
    int is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) return gs_error_set(err, GS_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    gs_status st = GS_OK;
    while (buf) {
        if (n + 1 >= cap) {
            if (cap >= MAX_FILE) {
                st = gs_error_set(err, GS_ERR_LIMIT, "'%s' is larger than %u MiB", path, MAX_FILE >> 20);
                break;
            }
            char *b = realloc(buf, cap * 2);
            if (!b) break;
            buf = b;
            cap *= 2;
        }
        size_t k = fread(buf + n, 1, cap - n - 1, f);
        n += k;
        if (k == 0) {
            if (ferror(f)) st = gs_error_set(err, GS_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
            break;
        }
    }
    if (!buf) st = gs_error_set(err, GS_ERR_NOMEM, "out of memory reading '%s'", path);
    if (!is_stdin) fclose(f);
    if (st != GS_OK) {
        free(buf);
        return st;
    }
    buf[n] = 0;
    *data = buf;
    *len = n;
    return GS_OK;
}

static int blank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

typedef struct loader {
    const char *data;
    size_t len;
    const char *override;
    int flags;
    gs_loaded *arr;
    int count, cap;
    gs_error *err;
    io_game_cache *cache;
    const gs_sgf_collection *sgf;   /* the data already parsed as SGF, or NULL */
} loader;

static gs_status push(loader *L, gs_loaded **l) {
    *l = io_loaded_push(&L->arr, &L->count, &L->cap);
    if (!*l) return gs_error_set(L->err, GS_ERR_NOMEM, "out of memory");
    (*l)->cache_ = L->cache;
    return GS_OK;
}

/* After an entry loaded: under GS_LOAD_LAZY its state becomes a record. */
static gs_status done(loader *L, gs_loaded *l, gs_status st) {
    if (st == GS_OK && (L->flags & GS_LOAD_LAZY) && io_loaded_compact(l) != GS_OK)
        st = gs_error_set(L->err, GS_ERR_NOMEM, "out of memory");
    return st;
}

static gs_status load_sgf(loader *L) {
    gs_sgf_collection *own = NULL;
    const gs_sgf_collection *c = L->sgf;
    gs_status st = c ? GS_OK : gs_sgf_parse(L->data, L->len, &own, L->err);
    if (st != GS_OK) return st;
    if (!c) c = own;
    for (int i = 0; i < c->ntrees && st == GS_OK; i++) {
        gs_loaded *l;
        if ((st = push(L, &l)) == GS_OK)
            st = done(L, l, io_sgf_load_tree(c->trees[i], L->data, L->len, L->override, L->flags, l, L->err));
    }
    gs_sgf_free(own);
    return st;
}

static gs_status load_json(loader *L, size_t off) {
    gs_status st = GS_OK;
    while (st == GS_OK) {
        while (off < L->len && blank((unsigned char)L->data[off])) off++;
        if (off >= L->len) break;
        io_json *doc;
        if ((st = io_json_parse_at(L->data, L->len, &off, &doc, L->err)) != GS_OK) break;
        gs_loaded *l;
        if ((st = push(L, &l)) == GS_OK)
            st = done(L, l, io_json_load_doc(doc, L->data, L->len, L->override, L->flags, l, L->err));
        io_json_free(doc);
    }
    return st;
}

static gs_status load_obf(loader *L, size_t start) {
    const char *p = L->data + start, *end = L->data + L->len;
    int lineno = 0;
    gs_status st = GS_OK;
    gs_obf_position *o = malloc(sizeof *o);
    if (!o) return gs_error_set(L->err, GS_ERR_NOMEM, "out of memory");
    while (p < end && st == GS_OK) {
        const char *eol = memchr(p, '\n', (size_t)(end - p)), *line = p;
        if (!eol) eol = end;
        p = eol < end ? eol + 1 : end;
        lineno++;
        const char *q = line;
        while (q < eol && blank((unsigned char)*q)) q++;
        if (q == eol || *q == '%') continue;
        if ((st = gs_obf_parse_line(line, (size_t)(eol - line), o, L->err)) != GS_OK) {
            if (L->err) L->err->line = lineno;
            break;
        }
        io_file_game fg;
        memset(&fg, 0, sizeof fg);
        snprintf(fg.spec, sizeof fg.spec, "reversi:size=%d", o->side);
        gs_loaded *l;
        if ((st = push(L, &l)) != GS_OK) break;
        if ((st = io_loaded_make_game(l, &fg, L->override, NULL, L->err)) != GS_OK) break;
        if (l->game->geom.n != o->side * o->side) {
            st = gs_error_set_at(L->err, GS_ERR_BAD_VALUE, lineno, 1, "the position has %d squares but the game's board has %d",
                                 o->side * o->side, l->game->geom.n);
            break;
        }
        /* lazy: check the position on the game's scratch state, keep a record */
        gs_state *s = L->flags & GS_LOAD_LAZY ? io_game_cache_scratch(L->cache, l->game) : NULL;
        if (!s) s = l->state = gs_state_new(l->game);
        if (!s) { st = gs_error_set(L->err, GS_ERR_NOMEM, "out of memory"); break; }
        gs_error e2;
        if ((st = gs_setup(s, o->cells, o->to_move, &e2)) != GS_OK)
            st = gs_error_wrap_at(L->err, st, lineno, 1, "the position is not valid: %s", &e2);
        else if (!l->state && io_loaded_set_record(l, o->cells, o->to_move) != GS_OK)
            st = gs_error_set(L->err, GS_ERR_NOMEM, "out of memory");
    }
    free(o);
    return st;
}

gs_status gs_load_positions(const char *data, size_t len, const char *spec_override, int flags, gs_loaded **out,
                            int *count, gs_error *err) {
    return io_load_positions(data, len, spec_override, flags, NULL, out, count, err);
}

gs_status io_load_positions(const char *data, size_t len, const char *spec_override, int flags, io_game_cache *cache,
                            gs_loaded **out, int *count, gs_error *err) {
    return io_load_parsed(data, len, NULL, spec_override, flags, cache, out, count, err);
}

gs_status io_load_parsed(const char *data, size_t len, const gs_sgf_collection *sgf, const char *spec_override,
                         int flags, io_game_cache *cache, gs_loaded **out, int *count, gs_error *err) {
    *out = NULL;
    *count = 0;
    if (!data) return gs_error_set(err, GS_ERR_INVALID_ARG, "no data");
    loader L = {data, len, spec_override, flags, NULL, 0, 0, err, cache ? cache : io_game_cache_new(0), sgf};
    if (!L.cache) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    size_t off = 0, bom = 0;
    if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3)) off = bom = 3;   /* UTF-8 byte order mark */
    while (off < len && blank((unsigned char)data[off])) off++;
    gs_status st;
    if (off < len && data[off] == '(') st = load_sgf(&L);
    else if (off < len && data[off] == '{') st = load_json(&L, off);
    else st = load_obf(&L, bom);
    if (st == GS_OK && L.count == 0) {
        int line, col;
        io_linecol(data, len, len, &line, &col);
        st = gs_error_set_at(err, GS_ERR_PARSE, line, col, "no positions in the input");
    }
    if (L.cache != cache) {   /* the per-load cache ends with the load */
        for (int i = 0; i < L.count; i++) L.arr[i].cache_ = NULL;
        io_game_cache_free(L.cache);
    }
    if (st != GS_OK) {
        gs_loaded_free(L.arr, L.count);
        return st;
    }
    *out = L.arr;
    *count = L.count;
    return GS_OK;
}
