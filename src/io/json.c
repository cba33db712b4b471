/* Strict JSON reader/writer (RFC 8259) with line/column errors. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/io.h"
#include "io/arena.h"
#include "io/json.h"

/* A parsed tree lives in one arena (io/arena.h: a value used to be two or
 * three mallocs - node, text, key, growing child arrays), held by the
 * root: io_json_free(root) frees it all. */
typedef struct jroot {
    io_arena mem;
    io_json v;
} jroot;

/* A child of the container being parsed, kept on the parser's stack until
 * the container closes and its arrays are made at their final size. */
typedef struct jkid {
    io_json *item;
    char *key;
    size_t keylen;
} jkid;
#define JKIDS_INLINE 32

typedef struct jparser {
    const char *t, *p, *end;
    size_t len;
    gs_error *err;
    io_buf tmp;              /* a string's decoded text when it differs from the input's */
    const char *sp;          /* the last string's text: in the input or in tmp ... */
    size_t sn;               /* ... and its length (parse_string) */
    io_arena mem;
    jkid *kids;
    int nkids, capkids;
    jkid kids_inline[JKIDS_INLINE];
} jparser;

/* The root record of a tree's root value. */
static jroot *root_of(io_json *v) { return (jroot *)(void *)((char *)v - offsetof(jroot, v)); }

/* A parser over text[0..len) from off (no arena, no child stack yet). */
static void jparser_init(jparser *ps, const char *text, size_t len, size_t off, gs_error *err) {
    memset(ps, 0, sizeof *ps);
    ps->t = text;
    ps->p = text + off;
    ps->end = text + len;
    ps->len = len;
    ps->err = err;
}

static void *jalloc(jparser *ps, size_t n) { return io_arena_alloc(&ps->mem, n); }
static char *jstrdup(jparser *ps, const char *s, size_t n) { return io_arena_strdup(&ps->mem, s, n); }

static gs_status jerr_at(jparser *ps, const char *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static gs_status jerr_at(jparser *ps, const char *at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    gs_status st = io_verr_at(ps->err, GS_ERR_PARSE, ps->t, ps->len, (size_t)(at - ps->t), fmt, ap);
    va_end(ap);
    return st;
}

static gs_status jerr_char(jparser *ps, const char *what) {
    char d[32];
    io_describe_char(ps->p, ps->end, d, sizeof d);
    if (ps->p >= ps->end) return jerr_at(ps, ps->p, "unexpected end of input: %s", what);
    return jerr_at(ps, ps->p, "%s, got %s", what, d);
}

static gs_status nomem(jparser *ps) {
    return gs_error_set(ps->err, GS_ERR_NOMEM, "out of memory");
}

static void skip_ws(jparser *ps) {
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')) ps->p++;
}

/* Only a root (what io_json_parse gave): the tree is its arena. */
void io_json_free(io_json *v) {
    if (!v) return;
    io_arena mem = root_of(v)->mem;
    io_arena_free(&mem);
}

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int read_hex4(const char *p, const char *end) {
    if (end - p < 4) return -1;
    int v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hexval((unsigned char)p[i]);
        if (h < 0) return -1;
        v = v * 16 + h;
    }
    return v;
}

static void put_utf8(io_buf *b, unsigned cp) {
    char u[4];
    size_t n;
    if (cp < 0x80) { u[0] = (char)cp; n = 1; }
    else if (cp < 0x800) { u[0] = (char)(0xC0 | cp >> 6); u[1] = (char)(0x80 | (cp & 0x3F)); n = 2; }
    else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | cp >> 12); u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F)); n = 3;
    } else {
        u[0] = (char)(0xF0 | cp >> 18); u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[3] = (char)(0x80 | (cp & 0x3F)); n = 4;
    }
    io_buf_put(b, u, n);
}

int io_utf8_len(const unsigned char *p, const unsigned char *end) {
    unsigned c = p[0];
    int n;
    unsigned min, cp;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; cp = c & 0x1F; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; cp = c & 0x0F; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; cp = c & 0x07; min = 0x10000; }
    else return 0;
    if (end - p < n) return 0;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (p[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

/* A string: p at '"'; its decoded text is left in ps->sp[0..ps->sn), not
 * NUL-terminated: the input's own bytes when the string has no escape and
 * nothing past ASCII (most keys and values: no copy, and a message with
 * only such strings needs no tmp buffer, a malloc), else ps->tmp. */
static gs_status parse_string(jparser *ps) {
    const char *open = ps->p;
    ps->p++;
    const char *q = ps->p;
    while (q < ps->end && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20 && (unsigned char)*q < 0x80) q++;
    if (q < ps->end && *q == '"') {
        ps->sp = ps->p;
        ps->sn = (size_t)(q - ps->p);
        ps->p = q + 1;
        return GS_OK;
    }
    ps->tmp.len = 0;
    io_buf_put(&ps->tmp, "", 0);
    for (;;) {
        const char *run = ps->p;
        while (ps->p < ps->end) {
            unsigned char c = (unsigned char)*ps->p;
            if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
            ps->p++;
        }
        io_buf_put(&ps->tmp, run, (size_t)(ps->p - run));
        if (ps->p >= ps->end) {
            int line, col;
            io_linecol(ps->t, ps->len, (size_t)(open - ps->t), &line, &col);
            return jerr_at(ps, ps->p, "unexpected end of input inside string (started at line %d, column %d)", line, col);
        }
        unsigned char c = (unsigned char)*ps->p;
        if (c == '"') { ps->p++; break; }
        if (c < 0x20) return jerr_at(ps, ps->p, "control character 0x%02X in string (must be escaped)", c);
        if (c >= 0x80) {
            int n = io_utf8_len((const unsigned char *)ps->p, (const unsigned char *)ps->end);
            if (!n) return jerr_at(ps, ps->p, "invalid UTF-8 in string");
            io_buf_put(&ps->tmp, ps->p, (size_t)n);
            ps->p += n;
            continue;
        }
        /* backslash */
        const char *esc = ps->p++;
        if (ps->p >= ps->end) return jerr_at(ps, ps->p, "unexpected end of input inside string escape");
        char e = *ps->p++;
        switch (e) {
        case '"': io_buf_putc(&ps->tmp, '"'); break;
        case '\\': io_buf_putc(&ps->tmp, '\\'); break;
        case '/': io_buf_putc(&ps->tmp, '/'); break;
        case 'b': io_buf_putc(&ps->tmp, '\b'); break;
        case 'f': io_buf_putc(&ps->tmp, '\f'); break;
        case 'n': io_buf_putc(&ps->tmp, '\n'); break;
        case 'r': io_buf_putc(&ps->tmp, '\r'); break;
        case 't': io_buf_putc(&ps->tmp, '\t'); break;
        case 'u': {
            int cp = read_hex4(ps->p, ps->end);
            if (cp < 0) return jerr_at(ps, esc, "bad \\u escape (expected 4 hex digits)");
            ps->p += 4;
            if (cp >= 0xDC00 && cp <= 0xDFFF) return jerr_at(ps, esc, "lone low surrogate \\u%04X in string", (unsigned)cp);
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                int lo = ps->end - ps->p >= 6 && ps->p[0] == '\\' && ps->p[1] == 'u' ? read_hex4(ps->p + 2, ps->end) : -1;
                if (lo < 0xDC00 || lo > 0xDFFF)
                    return jerr_at(ps, esc, "high surrogate \\u%04X not followed by a low surrogate", (unsigned)cp);
                ps->p += 6;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            put_utf8(&ps->tmp, (unsigned)cp);
            break;
        }
        default: return jerr_at(ps, esc, "invalid escape '\\%c' in string", e >= 0x20 && e < 0x7f ? e : '?');
        }
    }
    if (ps->tmp.failed) return nomem(ps);
    ps->sp = ps->tmp.s;
    ps->sn = ps->tmp.len;
    return GS_OK;
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

static gs_status parse_number(jparser *ps, io_json *v) {
    const char *s = ps->p;
    if (ps->p < ps->end && *ps->p == '-') ps->p++;
    if (ps->p >= ps->end || !is_digit((unsigned char)*ps->p)) return jerr_char(ps, "expected a digit");
    if (*ps->p == '0') {
        ps->p++;
        if (ps->p < ps->end && is_digit((unsigned char)*ps->p)) return jerr_at(ps, ps->p, "leading zero in number");
    } else
        while (ps->p < ps->end && is_digit((unsigned char)*ps->p)) ps->p++;
    if (ps->p < ps->end && *ps->p == '.') {
        ps->p++;
        if (ps->p >= ps->end || !is_digit((unsigned char)*ps->p)) return jerr_char(ps, "expected a digit after '.'");
        while (ps->p < ps->end && is_digit((unsigned char)*ps->p)) ps->p++;
    }
    if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
        ps->p++;
        if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-')) ps->p++;
        if (ps->p >= ps->end || !is_digit((unsigned char)*ps->p)) return jerr_char(ps, "expected a digit in the exponent");
        while (ps->p < ps->end && is_digit((unsigned char)*ps->p)) ps->p++;
    }
    v->len = (size_t)(ps->p - s);
    v->str = jstrdup(ps, s, v->len);
    if (!v->str) return nomem(ps);
    v->num = strtod(v->str, NULL);
    return GS_OK;
}

static gs_status push_kid(jparser *ps, io_json *item, char *key, size_t keylen) {
    if (ps->nkids == ps->capkids) {
        if (ps->capkids > INT32_MAX / 2) return nomem(ps);
        int cap = ps->capkids * 2;
        jkid *k = ps->kids == ps->kids_inline ? malloc((size_t)cap * sizeof *k)
                                                : realloc(ps->kids, (size_t)cap * sizeof *k);
        if (!k) return nomem(ps);
        if (ps->kids == ps->kids_inline) memcpy(k, ps->kids_inline, sizeof ps->kids_inline);
        ps->kids = k;
        ps->capkids = cap;
    }
    ps->kids[ps->nkids++] = (jkid){item, key, keylen};
    return GS_OK;
}

/* The children pushed since base become v's arrays, at their final size. */
static gs_status close_container(jparser *ps, io_json *v, int base) {
    int n = ps->nkids - base;
    const jkid *k = ps->kids + base;
    ps->nkids = base;
    v->n = v->cap = n;
    if (!n) return GS_OK;
    v->items = jalloc(ps, (size_t)n * sizeof *v->items);
    if (!v->items) return nomem(ps);
    for (int i = 0; i < n; i++) v->items[i] = k[i].item;
    if (v->type != IO_JSON_OBJECT) return GS_OK;
    v->keys = jalloc(ps, (size_t)n * sizeof *v->keys);
    v->keylens = jalloc(ps, (size_t)n * sizeof *v->keylens);
    if (!v->keys || !v->keylens) return nomem(ps);
    for (int i = 0; i < n; i++) {
        v->keys[i] = k[i].key;
        v->keylens[i] = k[i].keylen;
    }
    return GS_OK;
}

static gs_status parse_value(jparser *ps, int depth, io_json **out);

/* Duplicate keys: a linear scan while an object is small, then one sort
 * when it closes (so hostile objects with many keys stay O(n log n)). */
#define SMALL_OBJECT 32

typedef struct keyref { const char *k; size_t len; const io_json *item; } keyref;

static int keyref_cmp(const void *a, const void *b) {
    const keyref *x = a, *y = b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->k, y->k, n);
    if (c) return c;
    if (x->len != y->len) return x->len < y->len ? -1 : 1;
    return x->item->pos < y->item->pos ? -1 : x->item->pos > y->item->pos;
}

static gs_status dup_check(jparser *ps, const io_json *v) {
    keyref *r = malloc((size_t)v->n * sizeof *r);
    if (!r) return nomem(ps);
    for (int i = 0; i < v->n; i++) {
        r[i].k = v->keys[i];
        r[i].len = v->keylens[i];
        r[i].item = v->items[i];
    }
    qsort(r, (size_t)v->n, sizeof *r, keyref_cmp);
    gs_status st = GS_OK;
    for (int i = 1; i < v->n && st == GS_OK; i++)
        if (r[i].len == r[i - 1].len && !memcmp(r[i].k, r[i - 1].k, r[i].len))
            st = jerr_at(ps, ps->t + r[i].item->pos, "duplicate key \"%.*s\" in object",
                        (int)(r[i].len < 40 ? r[i].len : 40), r[i].k);
    free(r);
    return st;
}

static gs_status parse_container(jparser *ps, int depth, io_json *v) {
    int obj = v->type == IO_JSON_OBJECT;
    char close = obj ? '}' : ']';
    int base = ps->nkids;
    ps->p++;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == close) { ps->p++; return GS_OK; }
    for (;;) {
        skip_ws(ps);
        const char *keypos = ps->p;
        char *key = NULL;
        size_t keylen = 0;
        if (obj) {
            if (ps->p >= ps->end || *ps->p != '"') return jerr_char(ps, "expected a string key in object");
            gs_status st = parse_string(ps);
            if (st != GS_OK) return st;
            int n = ps->nkids - base;
            for (int i = 0; i < n && n < SMALL_OBJECT; i++) {   /* large objects: dup_check */
                const jkid *k = ps->kids + base + i;
                if (k->keylen == ps->sn && !memcmp(k->key, ps->sp, ps->sn))
                    return jerr_at(ps, keypos, "duplicate key \"%.*s\" in object", (int)(ps->sn < 40 ? ps->sn : 40), ps->sp);
            }
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':') return jerr_char(ps, "expected ':' after object key");
            ps->p++;
            /* the value's parse reuses tmp */
            keylen = ps->sn;
            if (!(key = jstrdup(ps, ps->sp, keylen))) return nomem(ps);
        }
        io_json *item = NULL;
        gs_status st = parse_value(ps, depth + 1, &item);
        if (st == GS_OK) st = push_kid(ps, item, key, keylen);
        if (st != GS_OK) return st;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ',') { ps->p++; continue; }
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            st = close_container(ps, v, base);
            if (st != GS_OK) return st;
            return obj && v->n > SMALL_OBJECT ? dup_check(ps, v) : GS_OK;
        }
        return jerr_char(ps, obj ? "expected ',' or '}' in object" : "expected ',' or ']' in array");
    }
}

static int match_word(jparser *ps, const char *w) {
    size_t n = strlen(w);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, w, n)) return 0;
    ps->p += n;
    return 1;
}

static gs_status parse_value(jparser *ps, int depth, io_json **out) {
    *out = NULL;
    skip_ws(ps);
    if (depth > IO_JSON_MAX_DEPTH) return jerr_at(ps, ps->p, "JSON nested deeper than %d levels", IO_JSON_MAX_DEPTH);
    if (ps->p >= ps->end) return jerr_char(ps, "expected a JSON value");
    io_json *v;
    if (depth == 1) {   /* the root holds the arena (io_json_parse_at) */
        jroot *r = jalloc(ps, sizeof *r);
        v = r ? &r->v : NULL;
    } else
        v = jalloc(ps, sizeof *v);
    if (!v) return nomem(ps);
    memset(v, 0, sizeof *v);
    v->pos = (size_t)(ps->p - ps->t);
    gs_status st = GS_OK;
    char c = *ps->p;
    if (c == '{' || c == '[') {
        v->type = c == '{' ? IO_JSON_OBJECT : IO_JSON_ARRAY;
        st = parse_container(ps, depth, v);
    } else if (c == '"') {
        v->type = IO_JSON_STRING;
        st = parse_string(ps);
        if (st == GS_OK) {
            v->str = jstrdup(ps, ps->sp, ps->sn);
            if (!v->str) st = nomem(ps);
            else v->len = ps->sn;
        }
    } else if (c == '-' || is_digit((unsigned char)c)) {
        v->type = IO_JSON_NUMBER;
        st = parse_number(ps, v);
    } else if (match_word(ps, "true")) v->type = IO_JSON_TRUE;
    else if (match_word(ps, "false")) v->type = IO_JSON_FALSE;
    else if (match_word(ps, "null")) v->type = IO_JSON_NULL;
    else st = jerr_char(ps, "expected a JSON value");
    if (st != GS_OK) return st;   /* the arena goes with the parse */
    *out = v;
    return GS_OK;
}

gs_status io_json_parse_at(const char *text, size_t len, size_t *off, io_json **out, gs_error *err) {
    *out = NULL;
    if (!text || *off > len) return gs_error_set(err, GS_ERR_INVALID_ARG, "no JSON text");
    if (len > IO_JSON_MAX_INPUT)
        return gs_error_set(err, GS_ERR_LIMIT, "JSON text of %zu bytes is over the %u byte limit", len, IO_JSON_MAX_INPUT);
    jparser ps;
    jparser_init(&ps, text, len, *off, err);
    /* most documents fit in the first chunk */
    io_arena_init(&ps.mem, (len - *off) < (8u << 10) ? 1024 + 6 * (len - *off) : (64u << 10));
    ps.kids = ps.kids_inline;
    ps.capkids = JKIDS_INLINE;
    io_json *v;
    gs_status st = parse_value(&ps, 1, &v);
    io_buf_free(&ps.tmp);
    if (ps.kids != ps.kids_inline) free(ps.kids);
    if (st != GS_OK) {
        io_arena_free(&ps.mem);
        return st;
    }
    root_of(v)->mem = ps.mem;
    *out = v;
    *off = (size_t)(ps.p - text);
    return GS_OK;
}

gs_status io_json_parse(const char *text, size_t len, io_json **out, gs_error *err) {
    size_t off = 0;
    gs_status st = io_json_parse_at(text, len, &off, out, err);
    if (st != GS_OK) return st;
    jparser ps;
    jparser_init(&ps, text, len, off, err);
    skip_ws(&ps);
    if (ps.p < ps.end) {
        io_json_free(*out);
        *out = NULL;
        return jerr_char(&ps, "expected the end of input after the JSON value");
    }
    return GS_OK;
}

const io_json *io_json_get(const io_json *v, const char *key) {
    if (!v || v->type != IO_JSON_OBJECT) return NULL;
    size_t n = strlen(key);
    for (int i = 0; i < v->n; i++)
        if (v->keylens[i] == n && !memcmp(v->keys[i], key, n)) return v->items[i];
    return NULL;
}

int io_json_equal(const io_json *a, const io_json *b) {
    if (a->type != b->type) return 0;
    switch (a->type) {
    case IO_JSON_NUMBER: return a->num == b->num;
    case IO_JSON_STRING: return a->len == b->len && !memcmp(a->str, b->str, a->len);
    case IO_JSON_ARRAY:
    case IO_JSON_OBJECT:
        if (a->n != b->n) return 0;
        for (int i = 0; i < a->n; i++) {
            if (a->type == IO_JSON_OBJECT &&
                (a->keylens[i] != b->keylens[i] || memcmp(a->keys[i], b->keys[i], a->keylens[i])))
                return 0;
            if (!io_json_equal(a->items[i], b->items[i])) return 0;
        }
        return 1;
    default: return 1;
    }
}
