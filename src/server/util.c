/* Server helpers: wall time, random tokens, markup-safe JSON strings, the
 * structured log. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <pthread.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <openssl/sha.h>
#include "server/srv.h"

int64_t srv_wall_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Lower-case hex of b[0..n) into out (2n + 1 bytes), without a printf
 * per byte: every HTTP request and hello hashes its token. */
static void hex_of(const unsigned char *b, size_t n, char *out) {
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hex[b[i] >> 4];
        out[2 * i + 1] = hex[b[i] & 15];
    }
    out[2 * n] = 0;
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
    hex_of(b, nbytes, out);
    return 0;
}

#if OPENSSL_VERSION_NUMBER >= 0x30000000L
/* OpenSSL 3's SHA256() looks the algorithm up by name on every call (a
 * third of a hash of a token): it is fetched once per process instead
 * (never freed; immutable once fetched, so threads may share it). */
static EVP_MD *sha256_md;
static pthread_once_t sha256_once = PTHREAD_ONCE_INIT;
static void sha256_fetch(void) { sha256_md = EVP_MD_fetch(NULL, "SHA256", NULL); }
#endif

void srv_token_hash(const char *token, char out[SRV_TOKEN_HEX + 1]) {
    unsigned char d[SHA256_DIGEST_LENGTH];
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    pthread_once(&sha256_once, sha256_fetch);
    if (!sha256_md || !EVP_Digest(token, strlen(token), d, NULL, sha256_md, NULL))
#endif
        SHA256((const unsigned char *)token, strlen(token), d);
    hex_of(d, SHA256_DIGEST_LENGTH, out);
}

void srv_json_str(io_buf *b, const char *s) { io_json_put_str_html(b, s, strlen(s)); }

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
