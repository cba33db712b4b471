/* The server's network side: libwebsockets on one service thread, HTTP
 * (the API through srv_http, static files) and WebSocket connections, each
 * with its own outgoing queue in the core.  AI workers wake the loop with
 * lws_cancel_service.
 *
 * The loop is libwebsockets' own poll() loop, or with --libuv a libuv loop
 * of ours that libwebsockets joins (epoll: a wake-up's cost does not grow
 * with the number of connections; measured: 40% less CPU but slower answers
 * at 1,000 games, see docs/PERFORMANCE.md).  We run the libuv loop
 * ourselves: a stop request stops it from inside (the signal handler wakes
 * it through lws_cancel_service). */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <netdb.h>
#include <libwebsockets.h>
#include <uv.h>
#include "server/server.h"
#include "server/srv.h"

#define NET_MAX_MESSAGE 65536

typedef struct net {
    struct lws_context *ctx;
    srv_core *core;
    char static_root[PATH_MAX];
    int have_static;
    lws_sorted_usec_list_t sul;
    int max_conns;
    int log;
    int uv;                      /* libwebsockets runs in loop (else poll) */
    uv_loop_t loop;
    lws_sorted_usec_list_t drain;
} net;

static net *the_net;
static volatile sig_atomic_t stop_requested;

/* ---- HTTP ---- */
typedef struct http_pss {
    char path[512];
    char method[8];
    char *body;
    size_t body_len, body_cap;
    int too_large;
    unsigned char *resp;         /* LWS_PRE + body */
    size_t resp_len;
    int responding;
    int answered;                /* this request has its response: later body callbacks are ignored */
    int close_after;             /* the connection closes once the response is out */
} http_pss;

static const char *mime_of(const char *path) {
    const char *dot = strrchr(path, '.');
    static const struct { const char *ext, *mime; } m[] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
        {".json", "application/json"}, {".svg", "image/svg+xml"}, {".png", "image/png"},
        {".ico", "image/x-icon"}, {".wasm", "application/wasm"}, {".txt", "text/plain; charset=utf-8"},
        {".woff2", "font/woff2"}, {".map", "application/json"},
    };
    if (dot)
        for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
            if (!strcmp(dot, m[i].ext)) return m[i].mime;
    return "application/octet-stream";
}

static void hdr(struct lws *wsi, enum lws_token_indexes t, char *buf, int len) {
    buf[0] = 0;
    if (lws_hdr_total_length(wsi, t) > 0 && lws_hdr_copy(wsi, buf, len, t) < 0) buf[0] = 0;
}

/* Start the response: headers now, the body when writeable. */
static int respond(struct lws *wsi, http_pss *p, int status, const char *ctype, const char *body, size_t len,
                   const char *disposition) {
    unsigned char hbuf[LWS_PRE + 1024], *start = hbuf + LWS_PRE, *q = start, *end = hbuf + sizeof hbuf - 1;
    if (lws_add_http_common_headers(wsi, (unsigned)status, ctype, (lws_filepos_t)len, &q, end)) return -1;
    if (lws_add_http_header_by_name(wsi, (const unsigned char *)"x-content-type-options:",
                                    (const unsigned char *)"nosniff", 7, &q, end))
        return -1;
    if (lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:", (const unsigned char *)"no-store",
                                    8, &q, end))
        return -1;
    /* a 405 names what is allowed (HTTP requires it): GET and POST on
     * the API, GET on the static files */
    if (status == 405) {
        const char *allow = strncmp(p->path, "/api", 4) ? "GET" : "GET, POST";
        if (lws_add_http_header_by_name(wsi, (const unsigned char *)"allow:", (const unsigned char *)allow,
                                        (int)strlen(allow), &q, end))
            return -1;
    }
    if (disposition && *disposition
        && lws_add_http_header_by_name(wsi, (const unsigned char *)"content-disposition:",
                                       (const unsigned char *)disposition, (int)strlen(disposition), &q, end))
        return -1;
    if (lws_finalize_write_http_header(wsi, start, &q, end)) return -1;
    free(p->resp);
    p->resp = malloc(LWS_PRE + len + 1);
    if (!p->resp) return -1;
    memcpy(p->resp + LWS_PRE, body, len);
    p->resp_len = len;
    p->responding = 1;
    lws_callback_on_writable(wsi);
    return 0;
}

/* The error object of the transport's own refusals (code and message are
 * constants here: nothing to escape). */
static int error_body(char *b, size_t len, const char *code, const char *msg) {
    return snprintf(b, len, "{\"error\":{\"code\":\"%s\",\"message\":\"%s\",\"lang\":\"en\"}}", code, msg);
}

static int respond_error(struct lws *wsi, http_pss *p, int status, const char *code, const char *msg) {
    char b[256];
    int n = error_body(b, sizeof b, code, msg);
    return respond(wsi, p, status, "application/json", b, (size_t)n, NULL);
}

/* A static file under the root, never outside it: the path is resolved
 * (symbolic links too) and must stay below the root. */
static int serve_static(struct lws *wsi, http_pss *p) {
    net *n = the_net;
    if (!n->have_static) return respond_error(wsi, p, 404, "not-found", "no static directory");
    const char *path = p->path;
    if (!strcmp(path, "/") || !*path) path = "/index.html";
    if (path[0] != '/' || strstr(path, "..") || strchr(path, '\\'))
        return respond_error(wsi, p, 404, "not-found", "not found");
    char full[PATH_MAX], real[PATH_MAX];
    if (snprintf(full, sizeof full, "%s%s", n->static_root, path) >= (int)sizeof full)
        return respond_error(wsi, p, 404, "not-found", "not found");
    size_t rl = strlen(n->static_root);
    struct stat st;
    if (!realpath(full, real) || strncmp(real, n->static_root, rl) || real[rl] != '/' || stat(real, &st)
        || !S_ISREG(st.st_mode))
        return respond_error(wsi, p, 404, "not-found", "not found");
    int r = lws_serve_http_file(wsi, real, mime_of(real), NULL, 0);
    if (r < 0) return -1;
    if (r > 0 && lws_http_transaction_completed(wsi)) return -1;
    return 0;
}

static int handle_http(struct lws *wsi, http_pss *p) {
    net *n = the_net;
    /* libwebsockets may report a body's end more than once (after an empty
     * body answered at once, again for bytes after the body): one answer
     * per request, or the headers go out twice */
    if (p->answered) return 0;
    p->answered = 1;
    if (p->too_large) return respond_error(wsi, p, 413, "too-large", "the body is too large");
    char query[2048] = "", auth[256], lang[128];
    /* the query: every URI argument joined with & */
    size_t ql = 0;
    for (int i = 0;; i++) {
        char frag[1024];
        int l = lws_hdr_copy_fragment(wsi, frag, sizeof frag, WSI_TOKEN_HTTP_URI_ARGS, i);
        if (l <= 0) break;
        if (ql + (size_t)l + 2 >= sizeof query) break;
        if (ql) query[ql++] = '&';
        memcpy(query + ql, frag, (size_t)l);
        ql += (size_t)l;
        query[ql] = 0;
    }
    hdr(wsi, WSI_TOKEN_HTTP_AUTHORIZATION, auth, sizeof auth);
    hdr(wsi, WSI_TOKEN_HTTP_ACCEPT_LANGUAGE, lang, sizeof lang);
    srv_http_req rq = {p->method, p->path, query, auth, lang, p->body, p->body_len};
    srv_http_resp rs;
    if (srv_http(n->core, &rq, &rs)) {
        int r = respond(wsi, p, rs.status, rs.content_type, rs.body ? rs.body : "", rs.body_len, rs.disposition);
        free(rs.body);
        return r;
    }
    if (strcmp(p->method, "GET"))
        return respond_error(wsi, p, 405, "method-not-allowed", "this method is not allowed here");
    return serve_static(wsi, p);
}

/* Make the running loop return to srv_run (the poll loop returns after
 * each turn anyway). */
static void loop_stop(net *n) {
    if (n && n->uv) uv_stop(&n->loop);
}

/* One turn of the loop: whatever is ready, or wait for the next event. */
static void loop_turn(net *n) {
    if (n->uv) uv_run(&n->loop, UV_RUN_ONCE);
    else lws_service(n->ctx, 0);
}

static void destroy_context(net *n) {
    if (!n->uv) {
        lws_context_destroy(n->ctx);
        n->ctx = NULL;
        return;
    }
    /* On a loop of ours the destruction finishes in steps while the loop
     * runs (libwebsockets closes its handles, then frees the context and
     * clears n->ctx through info.pcontext); a step may need another call. */
    for (int i = 0; i < 4 && n->ctx; i++) {
        lws_context_destroy(n->ctx);
        uv_run(&n->loop, UV_RUN_DEFAULT);
    }
    uv_loop_close(&n->loop);
}

/* During the drain at shutdown: a wake-up every 20 ms at least. */
static void drain_turn(lws_sorted_usec_list_t *sul) {
    (void)sul;
    lws_sul_schedule(the_net->ctx, 0, &the_net->drain, drain_turn, 20 * LWS_US_PER_MS);
}

static void tick(lws_sorted_usec_list_t *sul) {
    (void)sul;
    net *n = the_net;
    srv_core_tick(n->core, gs_now());
    lws_sul_schedule(n->ctx, 0, &n->sul, tick, 200 * LWS_US_PER_MS);
}

/* An upgrade refused with an HTTP status and the error object, written at
 * once (libwebsockets closes the connection when the filter returns).  The
 * status line is ours: libwebsockets would write HTTP/1.0 at this stage,
 * which WebSocket clients reject as not HTTP at all. */
static void refuse_upgrade(struct lws *wsi, int status, const char *code, const char *msg) {
    char body[256];
    int bl = error_body(body, sizeof body, code, msg);
    unsigned char buf[LWS_PRE + 512];
    char *t = (char *)buf + LWS_PRE;
    int n = snprintf(t, sizeof buf - LWS_PRE,
                     "HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
                     "cache-control: no-store\r\nconnection: close\r\n\r\n%s",
                     status, status == 429 ? "Too Many Requests" : "Bad Request", bl, body);
    if (n > 0 && n < (int)(sizeof buf - LWS_PRE)) lws_write(wsi, (unsigned char *)t, (size_t)n, LWS_WRITE_HTTP_FINAL);
}

static int cb_http(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    http_pss *p = user;
    switch (reason) {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        if (the_net && the_net->core) srv_core_poll(the_net->core);
        if (stop_requested) loop_stop(the_net);
        return 0;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        /* an upgrade without a subprotocol lands on this first protocol:
         * refuse it, or its messages would go nowhere, unanswered */
        refuse_upgrade(wsi, 400, "bad-request", "the WebSocket subprotocol gridstone.v1 is required");
        return 1;
    case LWS_CALLBACK_HTTP: {
        memset(p, 0, sizeof *p);
        snprintf(p->path, sizeof p->path, "%s", (const char *)in);
        if (lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0) snprintf(p->method, sizeof p->method, "POST");
        else if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0) snprintf(p->method, sizeof p->method, "GET");
        else snprintf(p->method, sizeof p->method, "OTHER");
        srv_core_count_http(the_net->core);
        if (!strcmp(p->method, "POST")) {
            char cl[32];
            hdr(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH, cl, sizeof cl);
            long long n = cl[0] ? strtoll(cl, NULL, 10) : 0;
            /* libwebsockets reads a request body by its Content-Length
             * only: a chunked one was taken for an empty body ("unexpected
             * end of input"), and its chunks for the next request */
            if (!cl[0] && lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING) > 0) {
                p->answered = p->close_after = 1;
                return respond_error(wsi, p, 411, "bad-request",
                                     "a request body needs Content-Length (chunked bodies are not read)");
            }
            if (n > NET_MAX_MESSAGE) {
                p->too_large = 1;
                return handle_http(wsi, p);
            }
            if (n > 0) return 0;   /* the body follows */
        }
        return handle_http(wsi, p);
    }
    case LWS_CALLBACK_HTTP_BODY:
        if (p->too_large || p->answered) return 0;
        if (p->body_len + len > NET_MAX_MESSAGE) {
            p->too_large = 1;
            return 0;
        }
        if (p->body_len + len + 1 > p->body_cap) {
            size_t cap = p->body_len + len + 1024;
            char *nb = realloc(p->body, cap);
            if (!nb) return -1;
            p->body = nb;
            p->body_cap = cap;
        }
        memcpy(p->body + p->body_len, in, len);
        p->body_len += len;
        p->body[p->body_len] = 0;
        return 0;
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        return handle_http(wsi, p);
    case LWS_CALLBACK_HTTP_WRITEABLE: {
        if (!p || !p->responding) break;
        p->responding = 0;
        if (lws_write(wsi, p->resp + LWS_PRE, p->resp_len, LWS_WRITE_HTTP_FINAL) != (int)p->resp_len) return -1;
        free(p->resp);
        p->resp = NULL;
        free(p->body);
        p->body = NULL;
        p->body_len = p->body_cap = 0;
        if (p->close_after || lws_http_transaction_completed(wsi)) return -1;
        return 0;
    }
    case LWS_CALLBACK_HTTP_FILE_COMPLETION:
        if (lws_http_transaction_completed(wsi)) return -1;
        return 0;
    case LWS_CALLBACK_CLOSED_HTTP:
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
        if (p) {
            free(p->body);
            free(p->resp);
            p->body = NULL;
            p->resp = NULL;
            p->body_len = p->body_cap = 0;
        }
        break;
    default:
        break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

/* ---- WebSocket ---- */

typedef struct ws_pss {
    srv_conn *conn;
    char *rx;
    size_t rx_len;
    int rx_drop;
} ws_pss;

static void want_write(void *transport) { lws_callback_on_writable((struct lws *)transport); }

static int cb_ws(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    ws_pss *p = user;
    net *n = the_net;
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        char uri[64];
        hdr(wsi, WSI_TOKEN_GET_URI, uri, sizeof uri);
        if (strcmp(uri, "/ws")) return 1;
        if (srv_core_conns(n->core) >= n->max_conns) {
            srv_log(n->log, "refused", "\"reason\":\"connections\"");
            refuse_upgrade(wsi, 429, "rate-limited", "too many connections");
            return 1;
        }
        return 0;
    }
    case LWS_CALLBACK_ESTABLISHED:
        memset(p, 0, sizeof *p);
        p->conn = srv_conn_open(n->core, wsi);
        if (!p->conn) return -1;
        srv_log(n->log, "connect", "\"conns\":%d", srv_core_conns(n->core));
        return 0;
    case LWS_CALLBACK_RECEIVE: {
        if (!p->conn) return -1;
        if (lws_frame_is_binary(wsi)) {
            if (lws_is_final_fragment(wsi)) srv_conn_error(p->conn, "bad-request", "binary frames are not used");
            return 0;
        }
        if (p->rx_len + len > NET_MAX_MESSAGE) {
            free(p->rx);
            p->rx = NULL;
            p->rx_len = 0;
            srv_log(n->log, "too-large", "\"bytes\":%zu", p->rx_len + len);
            lws_close_reason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, (unsigned char *)"too-large", 9);
            return -1;
        }
        /* a whole message in one piece (lws hands over a large frame in
         * chunks: final fragment and nothing of it left to come) */
        if (!p->rx_len && lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
            srv_ws_message(p->conn, in, len);
            return 0;
        }
        char *nb = realloc(p->rx, p->rx_len + len + 1);
        if (!nb) return -1;
        p->rx = nb;
        memcpy(p->rx + p->rx_len, in, len);
        p->rx_len += len;
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
            srv_ws_message(p->conn, p->rx, p->rx_len);
            free(p->rx);
            p->rx = NULL;
            p->rx_len = 0;
        }
        return 0;
    }
    case LWS_CALLBACK_SERVER_WRITEABLE: {
        if (!p->conn) return -1;
        /* as many queued messages as the socket takes without blocking */
        int sent = 0;
        srv_msg *m;
        while (sent < 32 && (m = srv_conn_pop(p->conn))) {
            int w = lws_write(wsi, m->buf + LWS_PRE, m->len, LWS_WRITE_TEXT);
            srv_msg_free(m);
            if (w < 0) return -1;
            sent++;
            if (lws_send_pipe_choked(wsi)) break;
        }
        if (sent) {
            lws_callback_on_writable(wsi);
            return 0;
        }
        if (p->conn->closing) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_GOINGAWAY, (unsigned char *)"bye", 3);
            return -1;
        }
        return 0;
    }
    case LWS_CALLBACK_CLOSED:
        if (p->conn) srv_conn_close(p->conn);
        p->conn = NULL;
        free(p->rx);
        p->rx = NULL;
        srv_log(n->log, "disconnect", "\"conns\":%d", srv_core_conns(n->core));
        return 0;
    default:
        return 0;
    }
}

static const struct lws_protocols protocols[] = {
    {"http", cb_http, sizeof(http_pss), 0, 0, NULL, 0},
    {"gridstone.v1", cb_ws, sizeof(ws_pss), 4096, 1, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

static void wake(void *ud) {
    net *n = ud;
    if (n->ctx) lws_cancel_service(n->ctx);
}

static void on_signal(int sig) {
    (void)sig;
    stop_requested = 1;
    if (the_net && the_net->ctx) lws_cancel_service(the_net->ctx);
}


/* The address to give libwebsockets for the --listen host, and whether it
 * is IPv4.  libwebsockets takes an address or an interface's name: any
 * other name (localhost) was taken for an interface that does not exist,
 * and nothing listened.  A name is resolved here, IPv4 first; "[::1]"
 * loses its brackets. */
static int listen_address(const char *host, char *iface, size_t len, int *v4) {
    char h[128];
    size_t hl = strlen(host);
    if (hl >= 2 && host[0] == '[' && host[hl - 1] == ']' && hl - 2 < sizeof h) {
        memcpy(h, host + 1, hl - 2);
        h[hl - 2] = 0;
    } else snprintf(h, sizeof h, "%s", host);
    unsigned char a[sizeof(struct in6_addr)];
    *v4 = inet_pton(AF_INET, h, a) == 1;
    if (*v4 || inet_pton(AF_INET6, h, a) == 1 || if_nametoindex(h)) {
        snprintf(iface, len, "%s", h);
        return 0;
    }
    for (int fam = 0; fam < 2; fam++) {
        struct addrinfo hints, *res = NULL;
        memset(&hints, 0, sizeof hints);
        hints.ai_family = fam ? AF_INET6 : AF_INET;
        hints.ai_socktype = SOCK_STREAM;
        if (getaddrinfo(h, NULL, &hints, &res) || !res) continue;
        int bad = getnameinfo(res->ai_addr, res->ai_addrlen, iface, (socklen_t)len, NULL, 0, NI_NUMERICHOST);
        freeaddrinfo(res);
        if (!bad) {
            *v4 = !fam;
            return 0;
        }
    }
    return -1;
}

/* 0 when a TCP socket can be bound to iface:port now, else the errno of
 * the bind (EADDRINUSE, EACCES...).  Port 0 always can. */
static int bind_errno(const char *iface, int port, int v4) {
    if (!port) return 0;
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    socklen_t len;
    if (v4) {
        struct sockaddr_in *a = (struct sockaddr_in *)&ss;
        a->sin_family = AF_INET;
        a->sin_port = htons((uint16_t)port);
        if (inet_pton(AF_INET, iface, &a->sin_addr) != 1) return 0;
        len = sizeof *a;
    } else {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;
        a->sin6_family = AF_INET6;
        a->sin6_port = htons((uint16_t)port);
        if (inet_pton(AF_INET6, iface, &a->sin6_addr) != 1) return 0;   /* an interface name: libwebsockets' */
        len = sizeof *a;
    }
    int fd = socket(ss.ss_family, SOCK_STREAM, 0);
    if (fd < 0) return 0;
    int one = 1, e = 0;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);   /* as libwebsockets binds */
    if (bind(fd, (struct sockaddr *)&ss, len)) e = errno;
    close(fd);
    return e;
}

int srv_run(const srv_config *cfg, char *err, size_t errlen) {
    static net n;
    memset(&n, 0, sizeof n);
    the_net = &n;
    n.log = cfg->log;
    n.max_conns = cfg->max_conns > 0 ? cfg->max_conns : 4096;
    /* listen address */
    char host[128] = "127.0.0.1";
    int port = 8080;
    if (cfg->listen) {
        const char *colon = strrchr(cfg->listen, ':');
        char *e;
        long pv = strtol(colon ? colon + 1 : cfg->listen, &e, 10);
        if (*e || pv < 0 || pv > 65535 || (colon && (size_t)(colon - cfg->listen) >= sizeof host)) {
            snprintf(err, errlen, "--listen: expected HOST:PORT, got '%s'", cfg->listen);
            return 1;
        }
        port = (int)pv;
        if (colon && colon > cfg->listen) {
            memcpy(host, cfg->listen, (size_t)(colon - cfg->listen));
            host[colon - cfg->listen] = 0;
        }
    }
    char iface[128];
    int v4 = 0;
    if (listen_address(host, iface, sizeof iface, &v4)) {
        snprintf(err, errlen, "--listen: cannot resolve '%s'", host);
        return 1;
    }
    if (cfg->static_dir) {
        struct stat sd;
        if (!realpath(cfg->static_dir, n.static_root)) {
            snprintf(err, errlen, "--static %s: %s", cfg->static_dir, strerror(errno));
            return 1;
        }
        if (stat(n.static_root, &sd) || !S_ISDIR(sd.st_mode)) {   /* a file: nothing but 404s */
            snprintf(err, errlen, "--static %s: not a directory", cfg->static_dir);
            return 1;
        }
        n.have_static = 1;
    }
    db_conn *db;
    char derr[256];
    if (db_open(cfg->db_url, &db, derr, sizeof derr) != DB_OK) {
        snprintf(err, errlen, "--db: %s", derr);
        return 1;
    }
    srv_opts o;
    memset(&o, 0, sizeof o);
    o.headroom = LWS_PRE;
    o.max_message = NET_MAX_MESSAGE;
    o.max_conns = n.max_conns;
    o.moves_per_second = 20;
    o.games_per_player = cfg->games_per_player;
    o.ai_threads = cfg->ai_threads > 0 ? cfg->ai_threads : 1;
    o.log = cfg->log;
    o.want_write = want_write;
    o.wake = wake;
    o.wake_ud = &n;
    o.db_url = cfg->db_url;
    /* room for the connections: the soft descriptor limit up to the hard one */
    struct rlimit rl;
    if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = port;
    info.iface = iface;
    info.protocols = protocols;
    info.timeout_secs = 10;
    /* A browser sends every cookie of the host whatever the port: 8 KB of
     * other local sites' cookies ran out of libwebsockets' default 4 KB of
     * header space, and the connection was dropped without an answer. */
    info.max_http_header_data = 16384;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8;
    /* An IPv4 address on libwebsockets' default IPv6 socket is not bound:
     * the socket listened on every interface, IPv4 and IPv6.  An IPv4
     * listen address gets an IPv4 socket bound to it. */
    if (v4) info.options |= LWS_SERVER_OPTION_DISABLE_IPV6;
    info.fd_limit_per_thread = (unsigned)n.max_conns + 64;
    info.count_threads = 1;
    /* why the port cannot be had (in use, not ours to take), found before
     * libwebsockets tries: its own report is three log lines without it */
    int listen_errno = bind_errno(iface, port, v4);
    if (listen_errno) {
        snprintf(err, errlen, "cannot listen on %s:%d: %s", host, port, strerror(listen_errno));
        db_close(db);
        return 1;
    }
    void *loops[1] = {&n.loop};
    if (cfg->libuv_loop && uv_loop_init(&n.loop) == 0) {
        info.foreign_loops = loops;
        info.pcontext = &n.ctx;
        info.options |= LWS_SERVER_OPTION_LIBUV;
        n.ctx = lws_create_context(&info);
        n.uv = n.ctx != NULL;
        if (!n.ctx) uv_loop_close(&n.loop);
    }
    if (!n.ctx) {   /* no --libuv, or no libuv plugin: libwebsockets' own poll() loop */
        info.foreign_loops = NULL;
        info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBUV;
        n.ctx = lws_create_context(&info);
    }
    if (!n.ctx) {
        snprintf(err, errlen, "cannot listen on %s:%d", host, port);
        db_close(db);
        return 1;
    }
    char cerr[256];
    o.shelf = io_shelf_new();   /* NULL (out of memory): every game builds its own */
    n.core = srv_core_new(db, &o, cerr, sizeof cerr);
    if (!n.core) {
        snprintf(err, errlen, "%s", cerr);
        io_shelf_free(o.shelf);
        destroy_context(&n);
        db_close(db);
        return 1;
    }
    struct lws_vhost *vh = lws_get_vhost_by_name(n.ctx, "default");
    int real_port = vh ? lws_get_vhost_listen_port(vh) : port;
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    printf("gridstone serve: listening on http://%s:%d/ (database %s, %s loop)\n", host, real_port, db_dialect(db),
           n.uv ? "libuv" : "poll");
    fflush(stdout);
    srv_log(cfg->log, "start", "\"port\":%d,\"db\":\"%s\"", real_port, db_dialect(db));
    lws_sul_schedule(n.ctx, 0, &n.sul, tick, 200 * LWS_US_PER_MS);
    while (!stop_requested) {
        if (n.uv) uv_run(&n.loop, UV_RUN_DEFAULT);   /* until loop_stop */
        else if (lws_service(n.ctx, 0) < 0) break;
    }
    /* graceful: every committed move is already durable; tell the clients,
     * let the queues drain for a moment, then close */
    srv_log(cfg->log, "stopping", NULL);
    srv_core_shutdown(n.core);
    double until = gs_now() + 1.0;
    lws_sul_schedule(n.ctx, 0, &n.drain, drain_turn, 20 * LWS_US_PER_MS);
    while (gs_now() < until && srv_core_conns(n.core) > 0) loop_turn(&n);
    lws_sul_cancel(&n.drain);
    lws_sul_cancel(&n.sul);
    destroy_context(&n);
    srv_core_free(n.core);
    io_shelf_free(o.shelf);
    db_close(db);
    srv_log(cfg->log, "stopped", NULL);
    the_net = NULL;
    return 0;
}
