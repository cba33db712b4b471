/* server_load: a load benchmark for `gridstone serve` (docs/PROTOCOL.md),
 * loopback only, bounded in count and time.
 *
 *   server_load [--url http://127.0.0.1:8080] [--games 1000] [--rate 2000]
 *               [--seconds 20] [--spec go:size=19] [--seed 1] [--clock MS]
 *               [--acked FILE] [--verify FILE]
 *
 * Setup (not measured): 2 x games players (POST /api/players), one open game
 * per pair (POST /api/games, POST /api/games/ID/join), and one WebSocket per
 * player (hello with its token, watch its game).  Then for `seconds` an open
 * loop offers `rate` moves a second: slot k (at t0 + k/rate) belongs to game
 * k mod games; that game's side to move sends a random legal move (picked by
 * the library on a local copy of the game) unless its previous move is still
 * unacknowledged (then the slot is counted as skipped).  A move's round trip
 * is from the write of the `move` message to the receipt of the server's
 * `move` acknowledgement carrying its `req` (docs/PROTOCOL.md: sent only
 * after the commit).  At the end: moves sent/acknowledged, offered and
 * achieved rates, round-trip p50/p90/p99/p99.9/max, errors by code, and lost
 * moves: acknowledged moves missing from the server's game afterwards
 * (GET /api/games/ID: its ply must be at least the moves acknowledged).
 *
 * --clock MS gives every game an absolute clock of MS milliseconds a side.
 * --acked FILE writes "game-id acknowledged-plies black-token white-token"
 * lines (also when the server dies during the run: kill -9 fault tests);
 * --verify FILE only reads such a file and checks every game on the running
 * server (exit 1 when an acknowledged move is missing).
 *
 * Bounds: games <= 5000, rate <= 100000, seconds <= 600; only 127.0.0.1,
 * ::1 or localhost. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "gridstone/gridstone.h"

#define MAX_GAMES 5000
#define MAX_RATE 100000
#define MAX_SECONDS 600

static const char *host = "127.0.0.1";
static int port = 8080;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *fmt, const char *a) {
    fprintf(stderr, "server_load: ");
    fprintf(stderr, fmt, a);
    fputc('\n', stderr);
    exit(2);
}

/* ---- a tiny JSON scanner: top-level keys of an object, values skipped ---- */

/* Skip one JSON value at p; returns the position after it (or NULL). */
static const char *js_skip(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) p++;
    if (p >= end) return NULL;
    if (*p == '"') {
        for (p++; p < end; p++) {
            if (*p == '\\') p++;
            else if (*p == '"') return p + 1;
        }
        return NULL;
    }
    if (*p == '{' || *p == '[') {
        int depth = 0;
        for (; p < end; p++) {
            if (*p == '"') {
                for (p++; p < end && *p != '"'; p++)
                    if (*p == '\\') p++;
            } else if (*p == '{' || *p == '[') depth++;
            else if (*p == '}' || *p == ']') {
                if (--depth == 0) return p + 1;
            }
        }
        return NULL;
    }
    while (p < end && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\n') p++;
    return p;
}

/* The raw text of top-level key `key` of the object in [p, end): *vlen set,
 * strings returned without their quotes (escapes kept). */
static const char *js_get(const char *p, const char *end, const char *key, size_t *vlen) {
    size_t klen = strlen(key);
    while (p < end && *p != '{') p++;
    if (p >= end) return NULL;
    p++;
    for (;;) {
        while (p < end && (*p == ' ' || *p == ',' || *p == '\n' || *p == '\r' || *p == '\t')) p++;
        if (p >= end || *p != '"') return NULL;
        const char *k = p + 1, *ke = js_skip(p, end);
        if (!ke) return NULL;
        p = ke;
        while (p < end && (*p == ' ' || *p == ':')) p++;
        const char *v = p, *ve = js_skip(p, end);
        if (!ve) return NULL;
        if ((size_t)(ke - 1 - k) == klen && !memcmp(k, key, klen)) {
            if (*v == '"') { *vlen = (size_t)(ve - v - 2); return v + 1; }
            *vlen = (size_t)(ve - v);
            return v;
        }
        p = ve;
    }
}

static long long js_int(const char *p, const char *end, const char *key, long long dflt) {
    size_t n;
    const char *v = js_get(p, end, key, &n);
    if (!v || n == 0 || n > 30) return dflt;
    char buf[32];
    memcpy(buf, v, n);
    buf[n] = 0;
    return strtoll(buf, NULL, 10);
}

/* ---- blocking HTTP for the setup and the checks ---- */

static int tcp_connect(void) {
    struct sockaddr_storage sa;
    socklen_t salen;
    memset(&sa, 0, sizeof sa);
    if (strchr(host, ':')) {
        struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&sa;
        s6->sin6_family = AF_INET6;
        s6->sin6_port = htons((uint16_t)port);
        inet_pton(AF_INET6, host, &s6->sin6_addr);
        salen = sizeof *s6;
    } else {
        struct sockaddr_in *s4 = (struct sockaddr_in *)&sa;
        s4->sin_family = AF_INET;
        s4->sin_port = htons((uint16_t)port);
        inet_pton(AF_INET, host, &s4->sin_addr);
        salen = sizeof *s4;
    }
    int fd = socket(sa.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (connect(fd, (struct sockaddr *)&sa, salen) < 0) {
        close(fd);
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static int write_all(int fd, const char *b, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, b, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        b += w;
        n -= (size_t)w;
    }
    return 0;
}

/* One request on its own connection; returns the HTTP status (or -1) and
 * the body in a malloc-ed *body. */
static int http(const char *method, const char *path, const char *token, const char *json, char **body) {
    char head[1024];
    int fd = tcp_connect();
    *body = NULL;
    if (fd < 0) return -1;
    size_t blen = json ? strlen(json) : 0;
    int hl = snprintf(head, sizeof head,
                      "%s %s HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n%s%s%s"
                      "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                      method, path, host, port, token ? "Authorization: Bearer " : "", token ? token : "",
                      token ? "\r\n" : "", blen);
    if (write_all(fd, head, (size_t)hl) || (blen && write_all(fd, json, blen))) {
        close(fd);
        return -1;
    }
    size_t cap = 8192, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (len + 4096 > cap) buf = realloc(buf, cap *= 2);
        ssize_t r = read(fd, buf + len, cap - len - 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        len += (size_t)r;
    }
    close(fd);
    buf[len] = 0;
    int status = -1;
    if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1) status = -1;
    char *b = strstr(buf, "\r\n\r\n");
    if (b) {
        /* Chunked bodies: join the chunks. */
        int chunked = 0;
        for (char *h = buf; h < b; h++)
            if (!strncasecmp(h, "transfer-encoding: chunked", 26)) chunked = 1;
        b += 4;
        if (chunked) {
            char *o = buf, *q = b;
            for (;;) {
                unsigned long n = strtoul(q, &q, 16);
                q = strstr(q, "\r\n");
                if (!q || n == 0) break;
                q += 2;
                memmove(o, q, n);
                o += n;
                q += n + 2;
            }
            *o = 0;
            *body = buf;
            return status;
        }
        memmove(buf, b, strlen(b) + 1);
    }
    *body = buf;
    return status;
}

/* ---- WebSocket connections ---- */

typedef struct game game;
typedef struct conn {
    int fd;
    game *g;
    int color;              /* GS_BLACK / GS_WHITE */
    char token[80];
    char *in;
    size_t inlen, incap;
    char *out;
    size_t outlen, outoff, outcap;
    int ready;              /* welcome and state received */
    int closed;
} conn;

struct game {
    long long id;
    int idx;
    gs_state *s;
    conn *c[3];             /* by colour */
    long long acked;        /* moves acknowledged to this bench */
    int pending;            /* a move is waiting for its acknowledgement */
    gs_move pending_move;
    double sent_at;
    int stopped;            /* finished or refused: no more moves */
};

static int epfd;
static unsigned long long rng = 88172645463325252ULL;
static unsigned long long xrand(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void conn_queue(conn *c, const char *data, size_t n, int opcode) {
    unsigned char hdr[14];
    size_t hl = 0;
    hdr[hl++] = (unsigned char)(0x80 | opcode);
    if (n < 126) hdr[hl++] = (unsigned char)(0x80 | n);
    else if (n < 65536) { hdr[hl++] = 0x80 | 126; hdr[hl++] = (unsigned char)(n >> 8); hdr[hl++] = (unsigned char)n; }
    else {
        hdr[hl++] = 0x80 | 127;
        for (int i = 7; i >= 0; i--) hdr[hl++] = (unsigned char)((unsigned long long)n >> (8 * i));
    }
    unsigned char mask[4];
    unsigned long long r = xrand();
    memcpy(mask, &r, 4);
    memcpy(hdr + hl, mask, 4);
    hl += 4;
    if (c->outlen + hl + n > c->outcap) {
        while (c->outlen + hl + n > c->outcap) c->outcap = c->outcap ? c->outcap * 2 : 4096;
        c->out = realloc(c->out, c->outcap);
    }
    memcpy(c->out + c->outlen, hdr, hl);
    for (size_t i = 0; i < n; i++) c->out[c->outlen + hl + i] = (char)(data[i] ^ mask[i & 3]);
    c->outlen += hl + n;
}

static void conn_flush(conn *c) {
    while (c->outoff < c->outlen) {
        ssize_t w = write(c->fd, c->out + c->outoff, c->outlen - c->outoff);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        if (w <= 0) { c->closed = 1; return; }
        c->outoff += (size_t)w;
    }
    struct epoll_event ev = {EPOLLIN | (c->outoff < c->outlen ? EPOLLOUT : 0), {.ptr = c}};
    epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &ev);
    if (c->outoff == c->outlen) c->outoff = c->outlen = 0;
}

static void conn_send(conn *c, const char *json) {
    conn_queue(c, json, strlen(json), 1);
    conn_flush(c);
}

/* Connect, upgrade (blocking: setup only), then non-blocking. */
static int conn_open(conn *c) {
    char req[512], resp[2048];
    unsigned char key[16];
    char k64[32];
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < 16; i++) key[i] = (unsigned char)xrand();
    int o = 0;
    for (int i = 0; i < 16; i += 3) {
        unsigned v = (unsigned)key[i] << 16 | (i + 1 < 16 ? (unsigned)key[i + 1] << 8 : 0) | (i + 2 < 16 ? key[i + 2] : 0);
        k64[o++] = b64[v >> 18 & 63];
        k64[o++] = b64[v >> 12 & 63];
        k64[o++] = i + 1 < 16 ? b64[v >> 6 & 63] : '=';
        k64[o++] = i + 2 < 16 ? b64[v & 63] : '=';
    }
    k64[o] = 0;
    if ((c->fd = tcp_connect()) < 0) return -1;
    int n = snprintf(req, sizeof req,
                     "GET /ws HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: gridstone.v1\r\n\r\n",
                     host, port, k64);
    if (write_all(c->fd, req, (size_t)n)) return -1;
    size_t len = 0;
    char *end = NULL;
    while (!end && len < sizeof resp - 1) {
        ssize_t r = read(c->fd, resp + len, sizeof resp - 1 - len);
        if (r <= 0) return -1;
        len += (size_t)r;
        resp[len] = 0;
        end = strstr(resp, "\r\n\r\n");
    }
    if (!end || strncmp(resp, "HTTP/1.1 101", 12)) return -1;
    end += 4;
    c->incap = 65536;
    c->in = malloc(c->incap);
    c->inlen = (size_t)(resp + len - end);
    memcpy(c->in, end, c->inlen);
    fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
    struct epoll_event ev = {EPOLLIN, {.ptr = c}};
    epoll_ctl(epfd, EPOLL_CTL_ADD, c->fd, &ev);
    return 0;
}

/* ---- the run ---- */

static game *games;
static int ngames;
static double *samples;
static size_t nsamples, maxsamples;
static long long sent, acked_total, skipped, finished_games, closed_conns;
static struct { char code[40]; long long n; } errs[32];
static int nerrs;

static void count_error(const char *code, size_t n) {
    if (n >= sizeof errs[0].code) n = sizeof errs[0].code - 1;
    for (int i = 0; i < nerrs; i++)
        if (strlen(errs[i].code) == n && !memcmp(errs[i].code, code, n)) { errs[i].n++; return; }
    if (nerrs < 32) {
        memcpy(errs[nerrs].code, code, n);
        errs[nerrs].code[n] = 0;
        errs[nerrs++].n = 1;
    }
}

static void on_message(conn *c, const char *m, size_t n) {
    const char *end = m + n;
    size_t tl, rl;
    const char *type = js_get(m, end, "type", &tl);
    if (!type) return;
    if (tl == 7 && !memcmp(type, "welcome", 7)) return;
    if (tl == 5 && !memcmp(type, "state", 5)) { c->ready = 1; return; }
    const char *req = js_get(m, end, "req", &rl);
    game *g = c->g;
    if (!req || !g->pending || c != g->c[g->s->to_move]) {
        if (tl == 3 && !memcmp(type, "bye", 3)) count_error("bye", 3);
        return;
    }
    char want[48];
    int wl = snprintf(want, sizeof want, "m%d-%lld", g->idx, g->acked + 1);
    if ((size_t)wl != rl || memcmp(req, want, rl)) return;
    double dt = now() - g->sent_at;
    g->pending = 0;
    if (tl == 4 && !memcmp(type, "move", 4)) {
        if (nsamples < maxsamples) samples[nsamples++] = dt;
        g->acked++;
        acked_total++;
        gs_play(g->s, g->pending_move);
        gs_result r;
        gs_result_get(g->s, &r);
        if (r.over) { g->stopped = 1; finished_games++; }
    } else if (tl == 5 && !memcmp(type, "error", 5)) {
        size_t el;
        const char *e = js_get(m, end, "error", &el);
        const char *code = e ? js_get(e, e + el, "code", &el) : NULL;
        if (code) count_error(code, el);
        else count_error("error", 5);
        g->stopped = 1; /* its state is unknown now */
    }
}

/* Parse complete frames in c->in. */
static void conn_read(conn *c) {
    for (;;) {
        if (c->inlen + 16384 > c->incap) c->in = realloc(c->in, c->incap *= 2);
        ssize_t r = read(c->fd, c->in + c->inlen, c->incap - c->inlen);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        if (r <= 0) { c->closed = 1; break; }
        c->inlen += (size_t)r;
    }
    size_t off = 0;
    while (c->inlen - off >= 2) {
        unsigned char *h = (unsigned char *)c->in + off;
        int op = h[0] & 15;
        unsigned long long len = h[1] & 127;
        size_t hl = 2;
        if (len == 126) {
            if (c->inlen - off < 4) break;
            len = (unsigned long long)h[2] << 8 | h[3];
            hl = 4;
        } else if (len == 127) {
            if (c->inlen - off < 10) break;
            len = 0;
            for (int i = 0; i < 8; i++) len = len << 8 | h[2 + i];
            hl = 10;
        }
        if (h[1] & 128) hl += 4; /* servers do not mask; tolerate it */
        if (c->inlen - off < hl + len) {
            if (hl + len > c->incap) c->in = realloc(c->in, c->incap = hl + len + 65536);
            break;
        }
        char *payload = c->in + off + hl;
        if (op == 1 || op == 0) on_message(c, payload, (size_t)len);
        else if (op == 8) c->closed = 1;
        else if (op == 9) conn_queue(c, payload, (size_t)len, 10);
        off += hl + (size_t)len;
    }
    if (off) {
        memmove(c->in, c->in + off, c->inlen - off);
        c->inlen -= off;
    }
    if (c->outlen) conn_flush(c);
    if (c->closed) {
        epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
        c->fd = -1;
        closed_conns++;
        game *g = c->g;
        if (g->pending || !g->stopped) { g->stopped = 1; if (g->pending) count_error("connection-closed", 17); g->pending = 0; }
    }
}

static void pump(int ms) {
    struct epoll_event evs[256];
    int n = epoll_wait(epfd, evs, 256, ms);
    for (int i = 0; i < n; i++) {
        conn *c = evs[i].data.ptr;
        if (c->fd < 0) continue;
        if (evs[i].events & EPOLLOUT) conn_flush(c);
        if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) conn_read(c);
    }
}

static void send_move(game *g) {
    gs_move mv[GS_MAX_CELLS + 1];
    int n = gs_legal_moves(g->s, mv), np = 0;
    for (int i = 0; i < n; i++)
        if (mv[i] != GS_PASS) mv[np++] = mv[i];
    gs_move m = np ? mv[xrand() % (unsigned long long)np] : GS_PASS;
    char buf[160];
    conn *c = g->c[g->s->to_move];
    if (!c || c->fd < 0) { g->stopped = 1; return; }
    int w = g->s->game->geom.w;
    if (m == GS_PASS)
        snprintf(buf, sizeof buf, "{\"type\":\"move\",\"game\":%lld,\"ply\":%lld,\"move\":\"pass\",\"req\":\"m%d-%lld\"}",
                 g->id, g->acked + 1, g->idx, g->acked + 1);
    else
        snprintf(buf, sizeof buf, "{\"type\":\"move\",\"game\":%lld,\"ply\":%lld,\"move\":{\"x\":%d,\"y\":%d},\"req\":\"m%d-%lld\"}",
                 g->id, g->acked + 1, m % w, m / w, g->idx, g->acked + 1);
    g->pending = 1;
    g->pending_move = m;
    conn_send(c, buf);
    g->sent_at = now();
    sent++;
}

static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double pct(double p) {
    if (!nsamples) return 0;
    size_t i = (size_t)(p * (double)(nsamples - 1) + 0.5);
    return samples[i] * 1000.0;
}

/* Check a "game-id plies" file against the server; returns lost moves. */
static long long verify(const char *path, long long *checked) {
    FILE *f = fopen(path, "r");
    long long id, plies, lost = 0;
    if (!f) die("cannot read %s", path);
    *checked = 0;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%lld %lld", &id, &plies) != 2) continue;
        char p[64], *body;
        snprintf(p, sizeof p, "/api/games/%lld", id);
        int st = http("GET", p, NULL, NULL, &body);
        long long have = -1;
        if (st == 200) {
            size_t gl;
            const char *gv = js_get(body, body + strlen(body), "game", &gl);
            if (gv) have = js_int(gv, gv + gl, "ply", -1);
        }
        free(body);
        if (have < plies) {
            lost += have < 0 ? plies : plies - have;
            fprintf(stderr, "server_load: game %lld: %lld moves acknowledged, the server has %lld\n", id, plies, have);
        }
        (*checked)++;
    }
    fclose(f);
    return lost;
}

static void usage(void) {
    fprintf(stderr, "usage: server_load [--url http://127.0.0.1:PORT] [--games N] [--rate MOVES_PER_S] [--seconds S]\n"
                    "                   [--spec SPEC] [--seed N] [--clock MS] [--acked FILE] [--verify FILE]\n");
    exit(2);
}

int main(int argc, char **argv) {
    const char *url = "http://127.0.0.1:8080", *spec = "go:size=19", *acked_path = NULL, *verify_path = NULL;
    long ng = 1000, rate = 2000, seconds = 20, seed = 1, clock_ms = 0;
    for (int i = 1; i < argc; i += 2) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) usage();
        if (!strcmp(a, "--url")) url = v;
        else if (!strcmp(a, "--games")) ng = strtol(v, NULL, 10);
        else if (!strcmp(a, "--rate")) rate = strtol(v, NULL, 10);
        else if (!strcmp(a, "--seconds")) seconds = strtol(v, NULL, 10);
        else if (!strcmp(a, "--spec")) spec = v;
        else if (!strcmp(a, "--seed")) seed = strtol(v, NULL, 10);
        else if (!strcmp(a, "--clock")) clock_ms = strtol(v, NULL, 10);
        else if (!strcmp(a, "--acked")) acked_path = v;
        else if (!strcmp(a, "--verify")) verify_path = v;
        else usage();
    }
    if (ng < 1 || ng > MAX_GAMES || rate < 1 || rate > MAX_RATE || seconds < 1 || seconds > MAX_SECONDS ||
        clock_ms < 0 || clock_ms > 86400000)
        die("%s", "out of bounds: games 1..5000, rate 1..100000, seconds 1..600, clock 0..86400000");
    static char hostbuf[128];
    if (sscanf(url, "http://[%127[^]]]:%d", hostbuf, &port) == 2 || sscanf(url, "http://%127[^:/]:%d", hostbuf, &port) == 2)
        host = hostbuf;
    else
        die("bad --url %s (http://127.0.0.1:PORT)", url);
    if (!strcmp(host, "localhost")) host = "127.0.0.1";
    if (strcmp(host, "127.0.0.1") && strcmp(host, "::1")) die("loopback only: %s", host);
    signal(SIGPIPE, SIG_IGN);
    rng ^= (unsigned long long)seed * 0x9E3779B97F4A7C15ULL;

    if (verify_path) {
        long long checked;
        long long lost = verify(verify_path, &checked);
        printf("verify: %lld games checked, %lld acknowledged moves missing\n", checked, lost);
        return lost ? 1 : 0;
    }

    gs_game *gdef;
    gs_error err;
    if (strpbrk(spec, "\"\\") || strlen(spec) > 200) die("bad --spec: %s", spec);
    if (gs_game_new(spec, &gdef, &err) != GS_OK) die("bad --spec: %s", err.msg);
    ngames = (int)ng;
    games = calloc((size_t)ngames, sizeof *games);
    conn *conns = calloc((size_t)ngames * 2, sizeof *conns);
    epfd = epoll_create1(EPOLL_CLOEXEC);
    maxsamples = (size_t)rate * (size_t)seconds + 1000;
    samples = malloc(maxsamples * sizeof *samples);

    /* Setup: players, games, connections. */
    double t_setup = now();
    unsigned run = (unsigned)(time(NULL) ^ getpid()) & 0xffffff;
    for (int i = 0; i < ngames; i++) {
        game *g = &games[i];
        char body[512], *resp;
        g->idx = i;
        g->s = gs_state_new(gdef);
        for (int k = 0; k < 2; k++) {
            conn *c = &conns[2 * i + k];
            snprintf(body, sizeof body, "{\"name\":\"ld%06x-%d%c\",\"lang\":\"en\"}", run, i, k ? 'w' : 'b');
            int st = http("POST", "/api/players", NULL, body, &resp);
            size_t tl;
            const char *tok = st == 201 || st == 200 ? js_get(resp, resp + strlen(resp), "token", &tl) : NULL;
            if (!tok || tl >= sizeof c->token) {
                fprintf(stderr, "server_load: POST /api/players: %d %s\n", st, resp ? resp : "");
                exit(1);
            }
            memcpy(c->token, tok, tl);
            c->token[tl] = 0;
            free(resp);
            c->g = g;
            c->fd = -1;
        }
        if (clock_ms)
            snprintf(body, sizeof body,
                     "{\"spec\":\"%s\",\"color\":\"black\",\"opponent\":{\"type\":\"open\"},"
                     "\"clock\":{\"type\":\"absolute\",\"main_ms\":%ld}}", spec, clock_ms);
        else
            snprintf(body, sizeof body, "{\"spec\":\"%s\",\"color\":\"black\",\"opponent\":{\"type\":\"open\"}}", spec);
        int st = http("POST", "/api/games", conns[2 * i].token, body, &resp);
        size_t gl;
        const char *gv = st == 201 || st == 200 ? js_get(resp, resp + strlen(resp), "game", &gl) : NULL;
        if (!gv || (g->id = js_int(gv, gv + gl, "id", -1)) < 0) {
            fprintf(stderr, "server_load: POST /api/games: %d %s\n", st, resp ? resp : "");
            exit(1);
        }
        free(resp);
        char path[64];
        snprintf(path, sizeof path, "/api/games/%lld/join", g->id);
        st = http("POST", path, conns[2 * i + 1].token, "{}", &resp);
        if (st != 200 && st != 201) {
            fprintf(stderr, "server_load: POST %s: %d %s\n", path, st, resp ? resp : "");
            exit(1);
        }
        free(resp);
        g->c[GS_BLACK] = &conns[2 * i];
        g->c[GS_WHITE] = &conns[2 * i + 1];
        conns[2 * i].color = GS_BLACK;
        conns[2 * i + 1].color = GS_WHITE;
        for (int k = 0; k < 2; k++) {
            conn *c = &conns[2 * i + k];
            if (conn_open(c)) {
                fprintf(stderr, "server_load: WebSocket %d: %s\n", 2 * i + k, strerror(errno));
                exit(1);
            }
            snprintf(body, sizeof body, "{\"type\":\"hello\",\"token\":\"%s\"}", c->token);
            conn_send(c, body);
            snprintf(body, sizeof body, "{\"type\":\"watch\",\"game\":%lld}", g->id);
            conn_send(c, body);
        }
        pump(0);
    }
    double deadline = now() + 30;
    for (;;) {
        int ready = 0;
        for (int i = 0; i < 2 * ngames; i++) ready += conns[i].ready;
        if (ready == 2 * ngames) break;
        if (now() > deadline) { fprintf(stderr, "server_load: only %d of %d connections ready\n", ready, 2 * ngames); exit(1); }
        pump(10);
    }
    t_setup = now() - t_setup;

    /* The open loop. */
    double t0 = now(), tend = t0 + (double)seconds, interval = 1.0 / (double)rate;
    long long slot = 0;
    while (now() < tend) {
        double t = now();
        while (t0 + (double)slot * interval <= t && slot < (long long)rate * seconds) {
            game *g = &games[slot % ngames];
            if (g->stopped || g->pending) skipped++;
            else send_move(g);
            slot++;
        }
        double next = t0 + (double)slot * interval - now();
        int ms = next > 0 ? (int)(next * 1000) : 0;
        pump(ms > 5 ? 5 : ms);
        if (closed_conns == 2LL * ngames) break;
    }
    double elapsed = now() - t0;
    /* Drain: wait up to 5 s for the outstanding acknowledgements. */
    double drain = now() + 5;
    for (;;) {
        int pend = 0;
        for (int i = 0; i < ngames; i++) pend += games[i].pending;
        if (!pend || now() > drain) {
            if (pend) for (int i = 0; i < ngames; i++) if (games[i].pending) count_error("no-answer", 9);
            break;
        }
        pump(10);
    }
    if (acked_path) {
        FILE *f = fopen(acked_path, "w");
        if (!f) die("cannot write %s", acked_path);
        for (int i = 0; i < ngames; i++)
            fprintf(f, "%lld %lld %s %s\n", games[i].id, games[i].acked, games[i].c[GS_BLACK]->token,
                    games[i].c[GS_WHITE]->token);
        fclose(f);
    }
    long long errors = 0;
    for (int i = 0; i < nerrs; i++) errors += errs[i].n;
    /* Lost moves: acknowledged but not in the server's game (skipped when
     * the server is gone: use --verify after the restart). */
    long long lost = -1, checked = 0;
    if (closed_conns < 2LL * ngames) {
        char tmp[] = "/tmp/server_load_ackXXXXXX";
        int fd = mkstemp(tmp);
        FILE *f = fdopen(fd, "w");
        for (int i = 0; i < ngames; i++) fprintf(f, "%lld %lld\n", games[i].id, games[i].acked);
        fclose(f);
        lost = verify(tmp, &checked);
        unlink(tmp);
    }
    qsort(samples, nsamples, sizeof *samples, cmp_d);
    printf("server_load: %s, %d games (%s), %d WebSockets, setup %.1f s\n", url, ngames, spec, 2 * ngames, t_setup);
    printf("offered   %ld moves/s for %ld s (%lld slots; %lld skipped: previous move of that game unanswered)\n",
           rate, seconds, slot, skipped);
    printf("sent      %lld moves, %.0f moves/s\n", sent, (double)sent / elapsed);
    printf("acked     %lld moves, %.0f moves/s\n", acked_total, (double)acked_total / elapsed);
    printf("round trip ms: p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f  (%zu samples)\n", pct(0.5), pct(0.9),
           pct(0.99), pct(0.999), nsamples ? samples[nsamples - 1] * 1000 : 0.0, nsamples);
    printf("errors    %lld", errors);
    for (int i = 0; i < nerrs; i++) printf("%s%s %lld", i ? ", " : " (", errs[i].code, errs[i].n);
    printf("%s\n", nerrs ? ")" : "");
    printf("finished  %lld games ended during the run\n", finished_games);
    if (lost >= 0) printf("lost      %lld acknowledged moves missing on the server (%lld games checked)\n", lost, checked);
    else printf("lost      not checked: the server closed every connection (run --verify after a restart)\n");
    for (int i = 0; i < ngames; i++) gs_state_free(games[i].s);
    for (int i = 0; i < 2 * ngames; i++) {
        if (conns[i].fd >= 0) close(conns[i].fd);
        free(conns[i].in);
        free(conns[i].out);
    }
    gs_game_free(gdef);
    free(conns);
    free(games);
    free(samples);
    return errors || lost > 0 ? 1 : 0;
}
