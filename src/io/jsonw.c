/* The streaming JSON writer (jsonw.h). */
#include <math.h>
#include <string.h>
#include "io/jsonw.h"

void io_jw_init(io_jw *w) {
    memset(w, 0, sizeof *w);
    io_buf_init(&w->b);
    w->first[0] = 1;
}

void io_jw_free(io_jw *w) { io_buf_free(&w->b); }

void io_jw_reset(io_jw *w) {
    w->b.len = 0;
    if (w->b.s) w->b.s[0] = 0;
    w->depth = 0;
    w->first[0] = 1;
}

/* The comma and the key before a value. */
static void io_jw_pre(io_jw *w, const char *key) {
    if (!w->first[w->depth]) io_buf_putc(&w->b, w->depth ? ',' : '\n');
    w->first[w->depth] = 0;
    if (key) {
        io_json_put_str(&w->b, key, strlen(key));
        io_buf_putc(&w->b, ':');
    }
}

static void io_jw_open(io_jw *w, const char *key, char c) {
    io_jw_pre(w, key);
    io_buf_putc(&w->b, c);
    if (w->depth < IO_JSON_MAX_DEPTH) w->depth++;
    else w->b.failed = 1;   /* deeper than any reader accepts: a caller bug */
    w->first[w->depth] = 1;
    w->kind[w->depth] = c;
}

void io_jw_obj(io_jw *w, const char *key) { io_jw_open(w, key, '{'); }
void io_jw_arr(io_jw *w, const char *key) { io_jw_open(w, key, '['); }

void io_jw_end(io_jw *w) {
    if (w->depth == 0) { w->b.failed = 1; return; }   /* nothing open: a caller bug */
    io_buf_putc(&w->b, w->kind[w->depth] == '{' ? '}' : ']');
    w->depth--;
}

void io_jw_str(io_jw *w, const char *key, const char *s) {
    io_jw_pre(w, key);
    if (!s) io_buf_puts(&w->b, "null");
    else io_json_put_str(&w->b, s, strlen(s));
}

void io_jw_int(io_jw *w, const char *key, long long v) {
    io_jw_pre(w, key);
    io_buf_printf(&w->b, "%lld", v);
}

void io_jw_uint(io_jw *w, const char *key, uint64_t v) {
    io_jw_pre(w, key);
    io_buf_printf(&w->b, "%llu", (unsigned long long)v);
}

void io_jw_num(io_jw *w, const char *key, double v, int digits) {
    io_jw_pre(w, key);
    if (!isfinite(v)) io_buf_puts(&w->b, "null");
    else io_buf_printf(&w->b, "%.*g", digits, v == 0 ? 0.0 : v);   /* no "-0" */
}

void io_jw_fixed(io_jw *w, const char *key, double v, int decimals) {
    io_jw_pre(w, key);
    if (!isfinite(v)) io_buf_puts(&w->b, "null");
    else io_buf_printf(&w->b, "%.*f", decimals, v);
}

void io_jw_bool(io_jw *w, const char *key, int v) {
    io_jw_pre(w, key);
    io_buf_puts(&w->b, v ? "true" : "false");
}

void io_jw_null(io_jw *w, const char *key) {
    io_jw_pre(w, key);
    io_buf_puts(&w->b, "null");
}
