/* Server helpers: wall time, random tokens, markup-safe JSON strings, the
 * structured log. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include "server/srv.h"

int64_t srv_wall_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int srv_random_hex(char *out, size_t nbytes) {
    unsigned char b[64];
    if (nbytes > sizeof b) return -1;
    size_t got = 0;
    while (got < nbytes) {
        ssize_t r = getrandom(b + got, nbytes - got, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        got += (size_t)r;
    }
    for (size_t i = 0; i < nbytes; i++) sprintf(out + 2 * i, "%02x", b[i]);
    out[2 * nbytes] = 0;
    return 0;
}

void srv_json_str(io_buf *b, const char *s) {
    io_buf_putc(b, '"');
    const char *run = s;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7f && c != '<' && c != '>' && c != '&' && c != '\'')
            continue;
        io_buf_put(b, run, (size_t)(s - run));
        run = s + 1;
        switch (c) {
        case '"': io_buf_puts(b, "\\\""); break;
        case '\\': io_buf_puts(b, "\\\\"); break;
        case '\n': io_buf_puts(b, "\\n"); break;
        case '\r': io_buf_puts(b, "\\r"); break;
        case '\t': io_buf_puts(b, "\\t"); break;
        default: io_buf_printf(b, "\\u%04x", c); break;
        }
    }
    io_buf_puts(b, run);
    io_buf_putc(b, '"');
}

void srv_log(int enabled, const char *event, const char *fmt, ...) {
    if (!enabled) return;
    char extra[1024] = "";
    if (fmt && *fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(extra, sizeof extra, fmt, ap);
        va_end(ap);
    }
    int64_t ms = srv_wall_ms();
    time_t t = (time_t)(ms / 1000);
    struct tm tm;
    gmtime_r(&t, &tm);
    char ts[32];
    strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%S", &tm);
    fprintf(stderr, "{\"ts\":\"%s.%03dZ\",\"event\":\"%s\"%s%s}\n", ts, (int)(ms % 1000), event,
            extra[0] ? "," : "", extra);
}
