/* Internal strict JSON (RFC 8259) reader and writer for the io layer:
 * parse errors carry line and column, nesting is limited, strings are
 * checked UTF-8 with \u escapes (surrogate pairs) decoded. */
#ifndef GS_IO_JSON_H
#define GS_IO_JSON_H

#include <stddef.h>
#include "gridstone/error.h"
#include "io/iobuf.h"

#define IO_JSON_MAX_DEPTH 64
#define IO_JSON_MAX_INPUT (64u << 20)

typedef enum io_json_type {
    IO_JSON_NULL, IO_JSON_FALSE, IO_JSON_TRUE, IO_JSON_NUMBER,
    IO_JSON_STRING, IO_JSON_ARRAY, IO_JSON_OBJECT
} io_json_type;

typedef struct io_json io_json;
struct io_json {
    io_json_type type;
    double num;              /* NUMBER */
    char *str;               /* STRING (decoded, NUL-terminated) or the number's text */
    size_t len;              /* bytes of str */
    int n, cap;              /* ARRAY / OBJECT entries */
    io_json **items;         /* values */
    char **keys;             /* OBJECT keys (decoded), parallel to items */
    size_t *keylens;
    size_t pos;              /* byte offset where the value starts in the text */
};

/* Parse one value starting at text + *off (leading whitespace skipped);
 * on success *off is just past it.  Line/column in err count from text
 * (so a document inside a larger file reports the file's position). */
gs_status io_json_parse_at(const char *text, size_t len, size_t *off, io_json **out, gs_error *err);
/* Parse a whole text holding exactly one value (whitespace around it). */
gs_status io_json_parse(const char *text, size_t len, io_json **out, gs_error *err);
/* Frees a whole tree: only its root, as io_json_parse gave it (the tree
 * is one arena). */
void io_json_free(io_json *v);

/* Lookup in an object (NULL if absent or v is not an object). */
const io_json *io_json_get(const io_json *v, const char *key);

/* Length of the valid UTF-8 sequence at p (2..4, not past end), or 0 if
 * it is not one (overlong, a surrogate, past U+10FFFF, cut short). */
int io_utf8_len(const unsigned char *p, const unsigned char *end);

/* The writer (json_write.c).
 * Compact writer of a value tree; malloc-ed, NULL when out of memory. */
char *io_json_write(const io_json *v);
/* A JSON string literal of s[0..len) (quotes and escapes) into b.  Valid
 * UTF-8 is copied; every byte that is not part of a valid sequence is
 * written as \ufffd, so the output is always valid JSON. */
void io_json_put_str(io_buf *b, const char *s, size_t len);
/* The same, with <, >, & and ' also written as \u00XX, so that JSON served
 * to browsers never contains markup (the server's answers). */
void io_json_put_str_html(io_buf *b, const char *s, size_t len);

/* Deep equality (object members compared in order). */
int io_json_equal(const io_json *a, const io_json *b);

#endif
