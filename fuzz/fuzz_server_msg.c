/* libFuzzer target: the server's message handler without sockets.  Each
 * input is a series of lines fed to a fresh core on an in-memory SQLite
 * database that holds two players, a tic-tac-toe game, a renju game and a
 * Go game in its scoring phase.  A line's first byte picks the sender:
 * 'a' / 'b' (the two players' connections), 'n' (anonymous), 'H' (an HTTP
 * request "METHOD PATH?QUERY BODY" as player a).  Every answer must be one
 * valid JSON object; nothing may crash, leak or hang.
 *
 * What does not depend on the input is done once per process: the
 * database, its schema and migrations, and the starting rows (made through
 * the HTTP API by a first core, exactly as before).  Those rows are copied
 * into an attached in-memory template; before each input every table is
 * wiped and refilled from it (unless no row changed since the last
 * refill, by SQLite's change count), and a new core starts on that
 * database with copies of the live games as setup read them from those
 * same rows, as a restarted server loads them (srv_opts.live; their
 * gs_games kept for the process: srv_opts.shelf).  So
 * an input always meets the same database and a fresh core, and a crash
 * reproduces from its input alone.
 *
 * Inputs differ in cost by 10x and more (a GET /api/stats runs about
 * twenty queries, a line of junk none), and libFuzzer's schedule left to
 * itself spends most of the time on the slow ones: it is told to weigh
 * its choice of input by run time (-entropic_scale_per_exec_time=1).
 * Every input still runs in full and a crash still reproduces from its
 * input alone.  Side by side, 150 s from one corpus: 2.0-2.1x the
 * executions per CPU second, the same edges (PERFORMANCE.md).
 *
 * Inputs are at most 1,024 bytes (4,096, then 2,048 earlier on 2026-12-02):
 * an input's cost grows with its lines (a replay of a
 * 1,636-input corpus of a 1.5 M run: 88 us a run under 128 bytes, 230-290
 * under 512, 700-780 over 1 KB), and libFuzzer lets its inputs grow to
 * -max_len over a long run, so a 10 M run spent its last hours on the
 * longest inputs; messages and bodies longer than srv_opts.max_message
 * (512 here) are refused whole.  Side by side from the seeds, 4 M runs
 * each at once (seed 3): 1.07x the executions per CPU second, 57 more
 * edges, 4.5% fewer features (hit count classes) than 2,048 and 1,024.
 * fuzz-flags: -max_len=1024 -entropic_scale_per_exec_time=1 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sanitizer/asan_interface.h>
#include <sqlite3.h>
#include "server/core.h"
#include "server/game.h"
/* one input allocates at most 5.5 MB (measured on 250 inputs, 2026-11-23) */
#define GS_FUZZ_QUARANTINE_MB "32"
#include "asan_quarantine.h"

/* SQLite's memory (sqlite3_config(SQLITE_CONFIG_MALLOC), set before the
 * database opens): blocks in power-of-two classes kept on free lists for
 * the process, carved from 1 MB pieces of the heap.  SQLite (Debian's,
 * built without lookaside) makes a malloc and a free for nearly every
 * value it handles; through ASan's allocator (a stack recorded per malloc
 * and per free, quarantine) those were a tenth of the time.  The checks
 * stay where the code under test meets SQLite's memory: a block's bytes
 * past its size, its header and a free block are poisoned
 * (ASAN_POISON_MEMORY_REGION), so the server reading past a value SQLite
 * handed it, or a value after SQLite freed it, is still reported (no
 * quarantine: a block freed is reused by the next request of its class).
 * SQLite's own code is not instrumented either way.  What SQLite caches
 * across inputs no longer counts as the input's allocations for
 * libFuzzer's leak check. */
#define SQ_CLASSES 21                   /* 16 B .. 16 MB; bigger ones straight from malloc */
#define SQ_PIECE (1u << 20)
typedef struct sq_hdr {
    struct sq_hdr *next;                /* on its class's free list */
    uint32_t cls, size;                 /* class (SQ_CLASSES: malloc'd alone), bytes asked */
} sq_hdr;
static sq_hdr *sq_free[SQ_CLASSES];
static char *sq_piece;
static size_t sq_left;

#define SQ_NOCHECK __attribute__((no_sanitize("address", "coverage")))
static SQ_NOCHECK sq_hdr *sq_head(void *p) { return (sq_hdr *)((char *)p - sizeof(sq_hdr)); }
static SQ_NOCHECK size_t sq_cap(const sq_hdr *h) { return h->cls < SQ_CLASSES ? (size_t)16 << h->cls : h->size; }

/* Make the first n bytes of block p addressable and the rest of it not. */
static SQ_NOCHECK void sq_fit(sq_hdr *h, size_t n) {
    char *p = (char *)(h + 1);
    h->size = (uint32_t)n;
    ASAN_UNPOISON_MEMORY_REGION(p, n);
    ASAN_POISON_MEMORY_REGION(p + n, sq_cap(h) - n);
}

static SQ_NOCHECK void *sq_malloc(int n) {
    if (n <= 0) return NULL;
    uint32_t k = 0;
    while (k < SQ_CLASSES && ((size_t)16 << k) < (size_t)n) k++;
    sq_hdr *h;
    if (k == SQ_CLASSES) {
        if (!(h = malloc(sizeof *h + (size_t)n))) return NULL;
        h->cls = k;
        h->size = (uint32_t)n;
        return h + 1;
    }
    if ((h = sq_free[k])) sq_free[k] = h->next;
    else {
        size_t need = sizeof *h + ((size_t)16 << k);
        if (need > sq_left) {
            size_t piece = need > SQ_PIECE ? need : SQ_PIECE;
            /* the rest of the old piece is given up: at most 1 MB a piece */
            if (!(sq_piece = malloc(piece))) return NULL;
            ASAN_POISON_MEMORY_REGION(sq_piece, piece);
            sq_left = piece;
        }
        h = (sq_hdr *)sq_piece;
        sq_piece += need;
        sq_left -= need;
        h->cls = k;
    }
    h->next = NULL;
    sq_fit(h, (size_t)n);
    return h + 1;
}

static SQ_NOCHECK void sq_release(void *p) {
    if (!p) return;
    sq_hdr *h = sq_head(p);
    if (h->cls == SQ_CLASSES) {
        free(h);
        return;
    }
    ASAN_POISON_MEMORY_REGION(p, sq_cap(h));
    h->next = sq_free[h->cls];
    sq_free[h->cls] = h;
}

static SQ_NOCHECK int sq_size(void *p) { return p ? (int)sq_head(p)->size : 0; }

static SQ_NOCHECK void *sq_realloc(void *p, int n) {
    if (!p) return sq_malloc(n);
    sq_hdr *h = sq_head(p);
    if (n > 0 && (size_t)n <= sq_cap(h) && h->cls < SQ_CLASSES) {
        sq_fit(h, (size_t)n);
        return p;
    }
    void *q = sq_malloc(n);
    if (!q) return NULL;
    memcpy(q, p, h->size < (uint32_t)n ? h->size : (size_t)n);
    sq_release(p);
    return q;
}

static int sq_roundup(int n) { return (n + 7) & ~7; }
static int sq_init(void *ud) { (void)ud; return SQLITE_OK; }
static void sq_shutdown(void *ud) { (void)ud; }

static void sq_use_pool(void) {
    static const sqlite3_mem_methods m = {sq_malloc, sq_release, sq_realloc, sq_size,
                                          sq_roundup, sq_init, sq_shutdown, NULL};
    if (sqlite3_config(SQLITE_CONFIG_MALLOC, &m) != SQLITE_OK) abort();
}

/* Answers found valid before, byte for byte, are not parsed again (the
 * verdict is a function of the bytes; the same views and errors come back
 * input after input): kept in static memory, so nothing allocated here
 * outlives an input, and forgotten all at once when full. */
#define SEEN_SLOTS 8192                 /* a power of two; filled to half at most */
#define SEEN_BYTES (8u << 20)
static struct { uint64_t h; uint32_t off, len; } seen[SEEN_SLOTS];
static char seen_text[SEEN_BYTES];
static uint32_t seen_used, seen_count;

/* Is p an answer parsed before?  If not, the caller parses it and
 * seen_add()s it when valid. */
static int seen_before(const char *p, size_t n, uint64_t h) {
    for (uint32_t i = (uint32_t)h & (SEEN_SLOTS - 1); seen[i].len; i = (i + 1) & (SEEN_SLOTS - 1))
        if (seen[i].h == h && seen[i].len == n && !memcmp(seen_text + seen[i].off, p, n)) return 1;
    return 0;
}

static void seen_add(const char *p, size_t n, uint64_t h) {
    if (n == 0 || n > SEEN_BYTES / 64) return;
    if (seen_count >= SEEN_SLOTS / 2 || seen_used + n > SEEN_BYTES) {
        memset(seen, 0, sizeof seen);
        seen_used = seen_count = 0;
    }
    uint32_t i = (uint32_t)h & (SEEN_SLOTS - 1);
    while (seen[i].len) i = (i + 1) & (SEEN_SLOTS - 1);
    memcpy(seen_text + seen_used, p, n);
    seen[i].h = h;
    seen[i].off = seen_used;
    seen[i].len = (uint32_t)n;
    seen_used += (uint32_t)n;
    seen_count++;
}

/* Every answer one valid JSON object (an object when want_object).  The
 * reader here is the library's, compiled a second time for this harness
 * without comparison tracing (its names prefixed chk_ by the Makefile):
 * the answers are the server's output, not the input. */
static void check_json(const char *p, size_t n, int want_object) {
    uint64_t h = io_text_hash(p, n) ^ (uint64_t)want_object;
    if (seen_before(p, n, h)) return;
    io_json *v;
    gs_error err;
    if (io_json_parse(p, n, &v, &err) != GS_OK || (want_object && v->type != IO_JSON_OBJECT)) abort();
    io_json_free(v);
    seen_add(p, n, h);
}

static void drain(srv_conn *k) {
    srv_msg *m;
    while ((m = srv_conn_pop(k))) {
        check_json((const char *)m->buf, m->len, 1);
        srv_msg_free(m);
    }
}

static char *http(srv_core *c, const char *method, const char *path, const char *query, const char *auth,
                  const char *body, int *status) {
    srv_http_req r = {method, path, query, auth, "", body, body ? strlen(body) : 0};
    srv_http_resp out;
    if (!srv_http(c, &r, &out)) {
        *status = 0;
        return NULL;
    }
    *status = out.status;
    if (!strncmp(out.content_type, "application/json", 16)) check_json(out.body, out.body_len, 0);
    return out.body;
}

static int64_t new_player(srv_core *c, const char *name, char *auth) {
    char body[128];
    snprintf(body, sizeof body, "{\"name\":\"%s\"}", name);
    int st;
    char *r = http(c, "POST", "/api/players", "", "", body, &st);
    if (st != 201) abort();
    const char *t = strstr(r, "\"token\":\"");
    snprintf(auth, 80, "Bearer %.64s", t + 9);
    int64_t id = strtoll(strstr(r, "\"id\":") + 5, NULL, 10);
    free(r);
    return id;
}

static int64_t new_game(srv_core *c, const char *spec, const char *auth_a, const char *auth_b) {
    char body[160], path[64];
    snprintf(body, sizeof body, "{\"spec\":\"%s\",\"color\":\"black\"}", spec);
    int st;
    char *r = http(c, "POST", "/api/games", "", auth_a, body, &st);
    if (st != 201) abort();
    int64_t id = strtoll(strstr(r, "\"id\":") + 5, NULL, 10);
    free(r);
    snprintf(path, sizeof path, "/api/games/%lld/join", (long long)id);
    r = http(c, "POST", path, "", auth_b, "{}", &st);
    if (st != 200) abort();
    free(r);
    return id;
}

static void move(srv_core *c, int64_t id, const char *auth, int ply, const char *mv) {
    char body[96], path[64];
    snprintf(path, sizeof path, "/api/games/%lld/moves", (long long)id);
    snprintf(body, sizeof body, "{\"ply\":%d,\"move\":\"%s\"}", ply, mv);
    int st;
    free(http(c, "POST", path, "", auth, body, &st));
    if (st != 200) abort();
}

/* The tables the server writes (children after parents); schema_version
 * is left alone. */
static const char *const tables[] = {"players", "games", "moves", "ratings", "rating_history"};
#define NTABLES (int)(sizeof tables / sizeof tables[0])

static void sql(db_conn *db, const char *text) {
    if (db_exec(db, text, NULL, 0, NULL) != DB_OK) abort();
}

/* the games the cores load (immutable), kept for the process */
static io_shelf *shelf;
/* The live games as the database holds them before every input, read and
 * replayed once (setup): each core starts with copies of them
 * (srv_opts.live) instead of reading the same rows and replaying the same
 * moves again (a third of an empty input's time). */
#define MAX_LIVE 8
static srv_game *live[MAX_LIVE];
static int nlive;

static srv_core *core_on(db_conn *db) {
    srv_opts o;
    memset(&o, 0, sizeof o);
    o.shelf = shelf;
    o.live = nlive ? live : NULL;
    o.nlive = nlive;
    /* below -max_len, so that a message or body too big is reached too
     * (with 4096, the longest line an input could hold was just under it) */
    o.max_message = 512;
    o.moves_per_second = 1000;
    /* players a and b sit in the three starting games: three more new
     * games each reach the limit (seed limit).  With the server's 50 the
     * fuzzer's way there, 47 POST /api/games of about 0.2 ms each, made
     * the dearest inputs of the corpus (5% of them, a third of a replay) */
    o.games_per_player = 6;
    char err[256];
    srv_core *c = srv_core_new(db, &o, err, sizeof err);
    if (!c) abort();
    return c;
}

static db_conn *db;
static char aa[80], ab[80];   /* the players' "Bearer TOKEN" */

static void keep_live(void *ud, int64_t id, srv_game *g, gs_status st, const char *err) {
    (void)ud, (void)id, (void)err;
    if (st != GS_OK || nlive == MAX_LIVE) abort();
    live[nlive++] = g;
}

/* Once per process: the schema, the players and games (through the HTTP
 * API, on a first core), then the template copy of every table. */
static void setup(void) {
    char err[256], q[160];
    if (!(shelf = io_shelf_new())) abort();
    sq_use_pool();
    if (db_open("sqlite::memory:", &db, err, sizeof err) != DB_OK) abort();
    srv_core *c = core_on(db);
    new_player(c, "a", aa);
    new_player(c, "b", ab);
    new_game(c, "tictactoe", aa, ab);
    new_game(c, "renju", aa, ab);
    int64_t go = new_game(c, "go:size=5", aa, ab);
    move(c, go, aa, 1, "C3");
    move(c, go, ab, 2, "pass");
    move(c, go, aa, 3, "pass");
    srv_core_free(c);
    sql(db, "ATTACH ':memory:' AS tmpl");
    for (int t = 0; t < NTABLES; t++) {
        snprintf(q, sizeof q, "CREATE TABLE tmpl.%s AS SELECT * FROM main.%s", tables[t], tables[t]);
        sql(db, q);
    }
    if (srv_games_live_from_db(db, shelf, gs_now(), keep_live, NULL, err, sizeof err) != GS_OK || !nlive) abort();
}

/* SQLite's count of rows inserted, updated or deleted on the connection
 * (rolled back or not) since it was opened. */
static int64_t changes(void) {
    int64_t n;
    if (db_exec_int(db, "SELECT total_changes()", NULL, 0, &n) != DB_OK) abort();
    return n;
}

/* Before each input: every table as the template has it (nothing to do
 * when no row changed since the last refill). */
static int64_t restored = -1;
static void restore(void) {
    char q[160];
    if (changes() == restored) return;
    sql(db, "BEGIN");
    for (int t = NTABLES - 1; t >= 0; t--) {
        snprintf(q, sizeof q, "DELETE FROM main.%s", tables[t]);
        sql(db, q);
    }
    for (int t = 0; t < NTABLES; t++) {
        snprintf(q, sizeof q, "INSERT INTO main.%s SELECT * FROM tmpl.%s", tables[t], tables[t]);
        sql(db, q);
    }
    sql(db, "COMMIT");
    restored = changes();
}

/* Player a's (i 0) or b's (i 1, in Korean) hello on connection k: sent
 * just before the connection's first line (a connection the input does
 * not use stays anonymous: the hello, a token hash and a SELECT, was a
 * tenth of the time). */
static void hello(srv_conn *k, int i) {
    char text[128];
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"token\":\"%s\"%s}", (i ? ab : aa) + 7,
             i ? ",\"lang\":\"ko\"" : "");
    srv_ws_message(k, text, strlen(text));
    drain(k);
}

/* Would POST /api/games with this body make a game with an AI seat (the
 * server's test: an object whose "opponent" is an object whose "type" is
 * the string "ai", read by the same JSON reader)?  Other new games (open
 * and private challenges: cancel, the per-player limit) are made. */
static int asks_ai(const char *body) {
    io_json *v;
    gs_error err;
    if (!body || io_json_parse(body, strlen(body), &v, &err) != GS_OK) return 0;
    const io_json *opp = v->type == IO_JSON_OBJECT ? io_json_get(v, "opponent") : NULL;
    const io_json *t = opp && opp->type == IO_JSON_OBJECT ? io_json_get(opp, "type") : NULL;
    int ai = t && t->type == IO_JSON_STRING && !strcmp(t->str, "ai");
    io_json_free(v);
    return ai;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!db) setup();
    restore();
    srv_core *c = core_on(db);
    srv_conn *k[3] = {srv_conn_open(c, NULL), srv_conn_open(c, NULL), srv_conn_open(c, NULL)};
    int said[2] = {0, 0};   /* has player a / b's connection said hello? */

    const char *p = (const char *)data, *end = p + size;
    int lines = 0;
    while (p < end && lines++ < 64) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        if (le > p) {
            char who = *p;
            const char *msg = p + 1;
            size_t len = (size_t)(le - msg);
            if (who == 'H') {
                /* "METHOD PATH?QUERY BODY" */
                char buf[4200];
                if (len < sizeof buf) {
                    memcpy(buf, msg, len);
                    buf[len] = 0;
                    char *sp = strchr(buf, ' ');
                    if (sp) {
                        *sp = 0;
                        char *path = sp + 1, *body = strchr(path, ' '), *q;
                        if (body) *body++ = 0;
                        q = strchr(path, '?');
                        if (q) *q++ = 0;
                        /* new games with an AI opponent would run searches inline: not here */
                        if (strcmp(buf, "POST") || strcmp(path, "/api/games") || !asks_ai(body)) {
                            int st;
                            free(http(c, buf, path, q ? q : "", aa, body, &st));
                        }
                    }
                }
            } else {
                int i = who == 'a' ? 0 : who == 'b' ? 1 : 2;
                if (i < 2 && !said[i]) {
                    hello(k[i], i);
                    said[i] = 1;
                }
                srv_ws_message(k[i], msg, len);
            }
        }
        for (int i = 0; i < 3; i++) drain(k[i]);
        p = nl ? nl + 1 : end;
    }
    /* no game of this harness has a clock (new games are not created):
     * one tick per input covers the walk over the games */
    srv_core_tick(c, gs_now());
    for (int i = 0; i < 3; i++) drain(k[i]);
    srv_core_free(c);
    return 0;
}
