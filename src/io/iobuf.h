/* Internal helpers of the io layer: a growable text buffer and the
 * position (line, column) of a byte offset in a text. */
#ifndef GS_IO_IOBUF_H
#define GS_IO_IOBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "gridstone/error.h"

/* A growable NUL-terminated buffer.  After an allocation failure `failed`
 * is set and further appends do nothing, so writers check once at the end. */
typedef struct io_buf {
    char *s;
    size_t len, cap;
    int failed;
} io_buf;

void io_buf_init(io_buf *b);
void io_buf_free(io_buf *b);
void io_buf_putc(io_buf *b, char c);
void io_buf_put(io_buf *b, const char *s, size_t n);
void io_buf_puts(io_buf *b, const char *s);
void io_buf_printf(io_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The decimal text of v (what "%lld" writes), without printf: into buf
 * (not terminated; its length returned), or appended to b. */
#define IO_INT_TEXT 20
size_t io_int_text(long long v, char buf[IO_INT_TEXT]);
void io_buf_put_int(io_buf *b, long long v);
/* The finished string (caller frees), or NULL if an allocation failed. */
char *io_buf_take(io_buf *b);

/* A 64-bit hash of s[0..n) (not cryptographic: table keys), eight bytes
 * a step. */
uint64_t io_text_hash(const char *s, size_t n);

/* 1-based line and column of byte offset off in text[0..len): lines end at
 * LF, CRLF or a lone CR; columns count characters (UTF-8 continuation
 * bytes do not start a new column). */
void io_linecol(const char *text, size_t len, size_t off, int *line, int *col);

/* Set err (if not NULL) to status st with the printf-style message, at the
 * line and column of byte offset off in text; returns st. */
gs_status io_verr_at(gs_error *err, gs_status st, const char *text, size_t len, size_t off, const char *fmt,
                     va_list ap);

/* A short printable rendering of the byte at p ("'x'", "byte 0xC3", or
 * "end of input" when p == end) for error messages. */
void io_describe_char(const char *p, const char *end, char *out, size_t outlen);

#endif
