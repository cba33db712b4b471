/* Internal streaming JSON writer of the io layer, for output built as it
 * goes (the CLI's --json lines, protocol replies): objects and arrays are
 * opened and closed, members written with their keys; commas are placed
 * automatically.  Strings go through io_json_put_str (escaped; always
 * valid UTF-8), numbers that are not finite become null, so the output is
 * always valid JSON.  After an allocation failure b.failed is set. */
#ifndef GS_IO_JSONW_H
#define GS_IO_JSONW_H

#include <stdint.h>
#include "io/iobuf.h"
#include "io/json.h"

typedef struct io_jw {
    io_buf b;
    int depth;
    unsigned char first[IO_JSON_MAX_DEPTH + 1];   /* no member written yet at this depth */
    char kind[IO_JSON_MAX_DEPTH + 1];             /* '{' or '[' open at this depth */
} io_jw;

void io_jw_init(io_jw *w);
void io_jw_free(io_jw *w);
/* Forget the text (keep the buffer) to start the next document. */
void io_jw_reset(io_jw *w);

/* key is the member name inside an object, NULL inside an array or at the top. */
void io_jw_obj(io_jw *w, const char *key);
void io_jw_arr(io_jw *w, const char *key);
void io_jw_end(io_jw *w);                  /* closes the innermost object or array */
void io_jw_str(io_jw *w, const char *key, const char *s);   /* NULL -> null */
void io_jw_int(io_jw *w, const char *key, long long v);
void io_jw_uint(io_jw *w, const char *key, uint64_t v);
/* A number with at most digits significant digits (%.*g); NaN/inf -> null. */
void io_jw_num(io_jw *w, const char *key, double v, int digits);
/* A number with exactly decimals digits after the point (%.*f). */
void io_jw_fixed(io_jw *w, const char *key, double v, int decimals);
void io_jw_bool(io_jw *w, const char *key, int v);
void io_jw_null(io_jw *w, const char *key);

#endif
