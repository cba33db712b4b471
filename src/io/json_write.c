/* JSON output (json.h): strings escaped into always valid UTF-8 JSON, and
 * a parsed tree written back.  Apart from the reader (json.c): the server
 * writes every answer's strings here, and the fuzz build leaves the
 * writer's byte comparisons untraced (they look at output, not input). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/io.h"
#include "io/json.h"

/* What put_str does with a byte: 0 copies it, 1 escapes it, 2 escapes it
 * in HTML-safe output only, 3 starts a UTF-8 sequence (checked).  One
 * lookup per byte: the server writes every answer's strings here. */
static const unsigned char put_class[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 1, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
};

static void put_str(io_buf *b, const char *s, size_t len, int html) {
    io_buf_putc(b, '"');
    const char *run = s, *e = s + len;
    const unsigned char pass = html ? 0 : 2;   /* the class copied besides 0 */
    for (; s < e; s++) {
        unsigned char c = (unsigned char)*s, k = put_class[c];
        if (!k || k == pass) continue;
        if (k == 3) {   /* valid UTF-8 passes through; any other byte becomes U+FFFD */
            int n = io_utf8_len((const unsigned char *)s, (const unsigned char *)e);
            if (n) {
                s += n - 1;
                continue;
            }
            io_buf_put(b, run, (size_t)(s - run));
            run = s + 1;
            io_buf_puts(b, "\\ufffd");
            continue;
        }
        io_buf_put(b, run, (size_t)(s - run));
        run = s + 1;
        switch (c) {
        case '"': io_buf_puts(b, "\\\""); break;
        case '\\': io_buf_puts(b, "\\\\"); break;
        case '\n': io_buf_puts(b, "\\n"); break;
        case '\r': io_buf_puts(b, "\\r"); break;
        case '\t': io_buf_puts(b, "\\t"); break;
        case '\b': io_buf_puts(b, "\\b"); break;
        case '\f': io_buf_puts(b, "\\f"); break;
        default: io_buf_printf(b, "\\u%04x", c); break;
        }
    }
    io_buf_put(b, run, (size_t)(e - run));
    io_buf_putc(b, '"');
}

void io_json_put_str(io_buf *b, const char *s, size_t len) { put_str(b, s, len, 0); }
void io_json_put_str_html(io_buf *b, const char *s, size_t len) { put_str(b, s, len, 1); }

char *gs_json_quote(const char *s, size_t len) {
    io_buf b;
    io_buf_init(&b);
    io_json_put_str(&b, s ? s : "", s ? len : 0);
    return io_buf_take(&b);
}

static void write_value(io_buf *b, const io_json *v, int depth) {
    switch (v->type) {
    case IO_JSON_NULL: io_buf_puts(b, "null"); break;
    case IO_JSON_FALSE: io_buf_puts(b, "false"); break;
    case IO_JSON_TRUE: io_buf_puts(b, "true"); break;
    case IO_JSON_NUMBER:
        if (v->str) io_buf_put(b, v->str, v->len);
        else io_buf_printf(b, "%.17g", v->num);
        break;
    case IO_JSON_STRING: io_json_put_str(b, v->str ? v->str : "", v->len); break;
    case IO_JSON_ARRAY:
    case IO_JSON_OBJECT: {
        int obj = v->type == IO_JSON_OBJECT;
        io_buf_putc(b, obj ? '{' : '[');
        for (int i = 0; i < v->n; i++) {
            if (i) io_buf_putc(b, ',');
            if (obj) {
                io_json_put_str(b, v->keys[i], v->keylens[i]);
                io_buf_putc(b, ':');
            }
            if (depth < IO_JSON_MAX_DEPTH) write_value(b, v->items[i], depth + 1);
            else io_buf_puts(b, "null");
        }
        io_buf_putc(b, obj ? '}' : ']');
        break;
    }
    }
}

char *io_json_write(const io_json *v) {
    io_buf b;
    io_buf_init(&b);
    write_value(&b, v, 1);
    return io_buf_take(&b);
}
