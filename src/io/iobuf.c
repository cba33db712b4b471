/* Internal helpers of the io layer: growable buffer, text positions. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "io/iobuf.h"

void io_buf_init(io_buf *b) { memset(b, 0, sizeof *b); }

void io_buf_free(io_buf *b) {
    free(b->s);
    io_buf_init(b);
}

static int reserve(io_buf *b, size_t extra) {
    if (b->failed) return 0;
    if (b->len + extra + 1 <= b->cap) return 1;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) {
        if (cap > ((size_t)-1) / 2) { b->failed = 1; return 0; }
        cap *= 2;
    }
    char *s = realloc(b->s, cap);
    if (!s) { b->failed = 1; return 0; }
    b->s = s;
    b->cap = cap;
    return 1;
}

void io_buf_put(io_buf *b, const char *s, size_t n) {
    if (!reserve(b, n)) return;
    if (n) memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void io_buf_putc(io_buf *b, char c) { io_buf_put(b, &c, 1); }
void io_buf_puts(io_buf *b, const char *s) { io_buf_put(b, s, strlen(s)); }

void io_buf_printf(io_buf *b, const char *fmt, ...) {
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) { b->failed = 1; return; }
    if ((size_t)n < sizeof tmp) { io_buf_put(b, tmp, (size_t)n); return; }
    if (!reserve(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

size_t io_int_text(long long v, char buf[IO_INT_TEXT]) {
    char t[IO_INT_TEXT];
    size_t n = sizeof t, len = 0;
    unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
    do t[--n] = (char)('0' + u % 10); while ((u /= 10));
    if (v < 0) buf[len++] = '-';
    memcpy(buf + len, t + n, sizeof t - n);
    return len + sizeof t - n;
}

void io_buf_put_int(io_buf *b, long long v) {
    char t[IO_INT_TEXT];
    io_buf_put(b, t, io_int_text(v, t));
}

char *io_buf_take(io_buf *b) {
    if (!b->failed && !b->s) reserve(b, 0);
    if (b->failed) { io_buf_free(b); return NULL; }
    b->s[b->len] = 0;
    char *s = b->s;
    io_buf_init(b);
    return s;
}

uint64_t io_text_hash(const char *s, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    for (; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0xff51afd7ed558ccdull;
    return h ^ (h >> 29);
}

void io_linecol(const char *text, size_t len, size_t off, int *line, int *col) {
    long l = 1, c = 1;
    if (off > len) off = len;
    for (size_t i = 0; i < off; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '\n') { l++; c = 1; }
        else if (ch == '\r') {
            if (i + 1 < len && text[i + 1] == '\n') continue;   /* CRLF: the LF counts */
            l++; c = 1;
        } else if ((ch & 0xC0) != 0x80) c++;
    }
    *line = l > 0x7fffffff ? 0x7fffffff : (int)l;
    *col = c > 0x7fffffff ? 0x7fffffff : (int)c;
}

void io_describe_char(const char *p, const char *end, char *out, size_t outlen) {
    if (p >= end) { snprintf(out, outlen, "end of input"); return; }
    unsigned char c = (unsigned char)*p;
    if (c > 0x20 && c < 0x7f) snprintf(out, outlen, "'%c'", c);
    else if (c == ' ') snprintf(out, outlen, "space");
    else if (c == '\n' || c == '\r') snprintf(out, outlen, "end of line");
    else if (c == '\t') snprintf(out, outlen, "tab");
    else snprintf(out, outlen, "byte 0x%02X", c);
}

gs_status io_verr_at(gs_error *err, gs_status st, const char *text, size_t len, size_t off, const char *fmt,
                     va_list ap) {
    int line, col;
    io_linecol(text, len, off, &line, &col);
    return gs_error_setv_at(err, st, line, col, fmt, ap);   /* fmt itself, so it gets its Korean */
}
