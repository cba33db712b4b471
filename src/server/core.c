/* The server core (srv.h): connections, the WebSocket messages, game
 * actions, AI turns, clocks.  No sockets here: net.c moves the bytes. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "server/aipool.h"
#include "server/core.h"
#include "server/stats.h"
#include "server/texts.h"

/* ---- errors ---- */
void srv_err_set(srv_err *e, gs_lang lang, const char *code, const char *detail) {
    e->code = code;
    e->http = 400;
    const char *base = NULL;
    const srv_text *t = srv_text_find(code);
    if (t) {
        e->http = t->http;
        base = lang == GS_LANG_KO ? t->ko : t->en;
    } else {   /* a library reason code */
        gs_status st = gs_reason_from_code(code);
        base = st < GS_STATUS_COUNT ? gs_strerror(st, lang) : code;
        e->http = 409;
        if (st == GS_ERR_PARSE || st == GS_ERR_OUT_OF_BOUNDS) e->http = 400;
    }
    detail = srv_detail_text(detail, lang);
    if (detail && *detail) snprintf(e->msg, sizeof e->msg, "%s: %s", base, detail);
    else snprintf(e->msg, sizeof e->msg, "%s", base);
    e->lang = lang;
}

void srv_parse_detail(const gs_error *pe, gs_lang lang, char *buf, size_t len) {
    const char *m = gs_error_message(pe, lang);
    if (lang == GS_LANG_KO) snprintf(buf, len, "%d행 %d열: %s", pe->line, pe->col, m);
    else snprintf(buf, len, "line %d, column %d: %s", pe->line, pe->col, m);
}

void srv_err_json(io_buf *b, const srv_err *e) {
    io_buf_printf(b, "{\"code\":\"%s\",\"message\":", e->code);
    srv_json_str(b, e->msg);
    io_buf_printf(b, ",\"lang\":\"%s\"}", e->lang == GS_LANG_KO ? "ko" : "en");
}

/* The driver's message (SQL, table and constraint names, in the database's
 * language) is the operator's: it goes to the log, the client gets the
 * catalogue's text. */
static srv_err err_db(srv_core *c, db_status st, gs_lang lang) {
    srv_err e;
    srv_err_set(&e, lang, st == DB_FULL ? "storage-full" : st == DB_CONFLICT ? "conflict" : "storage", NULL);
    io_buf m;
    io_buf_init(&m);
    srv_json_str(&m, db_errmsg(c->db));
    srv_log(c->o.log, "db-error", "\"status\":%d,\"detail\":\"%s\",\"message\":%s", (int)st,
            st == DB_FULL ? "full" : st == DB_CONFLICT ? "conflict" : "error", m.failed || !m.s ? "null" : m.s);
    io_buf_free(&m);
    return e;
}

/* ---- metrics ---- */
const double srv_buckets[SRV_NBUCKETS] = {0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1.0};

void srv_hist_add(srv_hist *h, double v) {
    for (int i = 0; i < SRV_NBUCKETS; i++)
        if (v <= srv_buckets[i]) h->b[i]++;
    h->count++;
    h->sum += v;
}

/* Run and time one database statement batch: callers wrap with these. */
static double db_t0;
static void db_start(void) { db_t0 = gs_now(); }
static void db_stop(srv_core *c) { srv_hist_add(&c->db_hist, gs_now() - db_t0); }

int srv_store_writable(srv_core *c, gs_lang lang, srv_err *e) {
    db_start();
    db_status st = db_begin(c->db);
    if (st == DB_OK) st = db_exec(c->db, "UPDATE schema_version SET version = version", NULL, 0, NULL);
    if (st == DB_OK) st = db_commit(c->db);
    if (st != DB_OK) db_rollback(c->db);
    db_stop(c);
    if (st == DB_OK) return 0;
    *e = err_db(c, st, lang);
    srv_err_set(e, lang, st == DB_FULL ? "storage-full" : "storage", "the database takes no writes");
    return -1;
}

/* ---- game table ---- */
static unsigned slot(const srv_core *c, int64_t id) {
    /* the top log2(nslots) bits of a multiplicative hash */
    return (unsigned)((uint64_t)id * 0x9E3779B97F4A7C15ull >> (64 - __builtin_ctz((unsigned)c->nslots)));
}

/* Empty chains for n slots (a power of two, at least 64) into *t and *u;
 * 0 when out of memory. */
static int table_alloc(int n, srv_game ***t, uint64_t **u) {
    *t = calloc((size_t)n, sizeof **t);
    *u = calloc((size_t)n / 64, sizeof **u);
    if (*t && *u) return 1;
    free(*t);
    free(*u);
    return 0;
}

static void table_link(srv_core *c, srv_game *g) {
    unsigned s = slot(c, g->id);
    g->next = c->table[s];
    c->table[s] = g;
    c->used[s / 64] |= 1ull << (s % 64);
}

/* Twice the chains, every game relinked; out of memory, nothing changes
 * (the chains just grow longer). */
static void table_grow(srv_core *c) {
    srv_game **t, **old = c->table;
    uint64_t *u, *oldu = c->used;
    int n = c->nslots;
    if (n > INT_MAX / 2 || !table_alloc(n * 2, &t, &u)) return;
    c->table = t;
    c->used = u;
    c->nslots = n * 2;
    for (int s = 0; s < n; s++)
        for (srv_game *g = old[s], *next; g; g = next) {
            next = g->next;
            table_link(c, g);
        }
    free(old);
    free(oldu);
}

srv_game *srv_game_find(srv_core *c, int64_t id) {
    for (srv_game *g = c->table[slot(c, id)]; g; g = g->next)
        if (g->id == id) return g;
    return NULL;
}

void srv_table_add(srv_core *c, srv_game *g) {
    if (c->nloaded >= c->nslots) table_grow(c);
    table_link(c, g);
    c->nloaded++;
}

static void table_remove(srv_core *c, srv_game *g) {
    unsigned s = slot(c, g->id);
    srv_game **pp = &c->table[s];
    while (*pp && *pp != g) pp = &(*pp)->next;
    if (*pp) {
        *pp = g->next;
        c->nloaded--;
        if (!c->table[s]) c->used[s / 64] &= ~(1ull << (s % 64));
    }
}

int srv_table_slot(const srv_core *c, int s) {
    while (s < c->nslots) {
        uint64_t w = c->used[s / 64] >> (s % 64);
        if (w) return s + __builtin_ctzll(w);
        s = (s / 64 + 1) * 64;
    }
    return -1;
}

/* A game read from the database (st its status) into the table; NULL,
 * logged unless there was no such game, when it could not be read. */
static srv_game *table_adopt(srv_core *c, int64_t id, srv_game *g, gs_status st) {
    if (st != GS_OK) {
        if (st != GS_ERR_INVALID_ARG) srv_log(c->o.log, "load-error", "\"game\":%lld", (long long)id);
        return NULL;
    }
    srv_table_add(c, g);
    return g;
}

/* A game read while the service runs (written by another instance, or not
 * in memory here): its clock has run since the row was written (`updated`,
 * the commit's wall time, which the stored times are as of).  Only the games
 * loaded at start resume uncharged, the restart's downtime not being the
 * players'.  Without this a player moved through an instance that did not
 * hold the game and got back the time since the last commit. */
static void charge_since_row(srv_game *g) {
    int64_t gap = srv_wall_ms() - g->updated;
    if (gap > 0 && g->clock.running) g->clock.since -= (double)gap / 1000.0;
}

/* The game with that id, loaded from the database when not in memory;
 * NULL if there is none. */
srv_game *srv_game_get(srv_core *c, int64_t id) {
    srv_game *g = srv_game_find(c, id);
    if (g || id <= 0) return g;
    char err[256];
    db_start();
    gs_status st = srv_game_from_db(c->db, c->o.shelf, id, gs_now(), &g, err, sizeof err);
    db_stop(c);
    if (st == GS_OK) charge_since_row(g);
    return table_adopt(c, id, g, st);
}

/* Drop a game from memory when nothing needs it there: no watcher, no
 * search, and no clock or AI turn to keep. */
void srv_game_release(srv_core *c, srv_game *g) {
    if (!g || g->nwatch || g->ai_pending) return;
    if (g->status == SRV_PLAYING || g->status == SRV_SCORING) return;
    table_remove(c, g);
    srv_game_free(g);
}

/* ---- connections and sending ---- */
srv_conn *srv_conn_open(srv_core *c, void *transport) {
    srv_conn *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    if (c->nconns == c->capconns) {
        int cap = c->capconns ? 2 * c->capconns : 64;
        srv_conn **n = realloc(c->conns, sizeof *n * (size_t)cap);
        if (!n) {
            free(k);
            return NULL;
        }
        c->conns = n;
        c->capconns = cap;
    }
    c->conns[c->nconns++] = k;
    k->core = c;
    k->transport = transport;
    k->serial = ++c->serial;
    k->lang = GS_LANG_EN;
    k->bucket = c->o.moves_per_second;
    k->bucket_at = gs_now();
    return k;
}

static void send_presence(srv_core *c, srv_game *g);

static void unwatch(srv_conn *k, srv_game *g) {
    for (int i = 0; i < g->nwatch; i++)
        if (g->watchers[i] == k) {
            g->watchers[i] = g->watchers[--g->nwatch];
            break;
        }
    for (int i = 0; i < k->nwatching; i++)
        if (k->watching[i] == g->id) {
            k->watching[i] = k->watching[--k->nwatching];
            break;
        }
}

void srv_conn_close(srv_conn *k) {
    srv_core *c = k->core;
    while (k->nwatching) {
        srv_game *g = srv_game_find(c, k->watching[k->nwatching - 1]);
        if (!g) {
            k->nwatching--;
            continue;
        }
        unwatch(k, g);
        send_presence(c, g);
        srv_game_release(c, g);
    }
    for (int i = 0; i < c->nconns; i++)
        if (c->conns[i] == k) {
            c->conns[i] = c->conns[--c->nconns];
            break;
        }
    for (srv_msg *m = k->head, *n; m; m = n) {
        n = m->next;
        srv_msg_free(m);
    }
    free(k->watching);
    free(k);
}

void srv_msg_free(srv_msg *m) { free(m); }

srv_msg *srv_conn_pop(srv_conn *k) {
    srv_msg *m = k->head;
    if (m) {
        k->head = m->next;
        if (!k->head) k->tail = NULL;
        k->queued -= m->len;
    }
    return m;
}

/* A client that does not read: past this much queued output it is closed. */
#define SRV_MAX_QUEUED (8u << 20)

void srv_send(srv_conn *k, const char *text, size_t len) {
    if (k->closing) return;
    if (k->queued + len > SRV_MAX_QUEUED) {
        k->closing = 1;
        if (k->core->o.want_write) k->core->o.want_write(k->transport);
        return;
    }
    size_t pre = k->core->o.headroom;
    srv_msg *m = malloc(sizeof *m + pre + len + 1);   /* one block: message and text */
    if (!m) return;
    m->next = NULL;
    memcpy(m->buf + pre, text, len);
    m->buf[pre + len] = 0;
    m->len = len;
    if (k->tail) k->tail->next = m;
    else k->head = m;
    k->tail = m;
    k->queued += len;
    k->core->sent++;
    if (k->core->o.want_write) k->core->o.want_write(k->transport);
}

static void send_buf(srv_conn *k, io_buf *b) {
    if (!b->failed && b->s) srv_send(k, b->s, b->len);
}

static void put_req(io_buf *b, const char *req) {
    if (req) io_buf_printf(b, ",\"req\":%s", req);
}

static void send_error(srv_conn *k, const char *req, int64_t game, const srv_err *e) {
    io_buf b;
    io_buf_init(&b);
    io_buf_puts(&b, "{\"type\":\"error\"");
    put_req(&b, req);
    if (game) io_buf_printf(&b, ",\"game\":%lld", (long long)game);
    io_buf_puts(&b, ",\"error\":");
    srv_err_json(&b, e);
    io_buf_putc(&b, '}');
    send_buf(k, &b);
    io_buf_free(&b);
    k->core->errors++;
}

void srv_conn_error(srv_conn *k, const char *code, const char *message) {
    srv_err e;
    srv_err_set(&e, k->lang, code, message);
    send_error(k, NULL, 0, &e);
}

/* ---- presence and broadcasting ---- */
static int seat_of(const srv_game *g, int64_t player) {
    if (!player) return 0;
    if (g->seat[GS_BLACK].id == player) return GS_BLACK;
    if (g->seat[GS_WHITE].id == player) return GS_WHITE;
    return 0;
}

/* Who watches g on this instance. */
static int local_presence(const srv_game *g, int online[3]) {
    int spect = 0;
    online[0] = 0;
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        online[c] = g->seat[c].ai[0] != 0;
        for (int i = 0; i < g->nwatch && !online[c]; i++)
            if (g->seat[c].id && g->watchers[i]->player == g->seat[c].id) online[c] = 1;
    }
    for (int i = 0; i < g->nwatch; i++) spect += !seat_of(g, g->watchers[i]->player);
    return spect;
}

/* Who watches g here or on another instance; returns the spectators. */
static int all_presence(const srv_game *g, int online[3]) {
    int spect = local_presence(g, online);
    for (int i = 0; i < g->nremote; i++) {
        for (int c = GS_BLACK; c <= GS_WHITE; c++) online[c] |= g->remote[i].online[c];
        spect += g->remote[i].spectators;
    }
    return spect;
}

void srv_online(const srv_game *g, int online[3]) { all_presence(g, online); }

/* The presence message to this instance's watchers. */
static void tell_presence(srv_game *g) {
    int on[3];
    int spect = all_presence(g, on);
    char m[160];
    int n = snprintf(m, sizeof m, "{\"type\":\"presence\",\"game\":%lld,\"black\":%s,\"white\":%s,\"spectators\":%d}",
                     (long long)g->id, on[GS_BLACK] ? "true" : "false", on[GS_WHITE] ? "true" : "false", spect);
    for (int i = 0; i < g->nwatch; i++) srv_send(g->watchers[i], m, (size_t)n);
}

/* This instance's watchers of g changed: tell them and the other instances. */
static void send_presence(srv_core *c, srv_game *g) {
    if (c->cluster) {
        int on[3];
        int spect = local_presence(g, on);
        srv_cluster_presence(c, g, on, spect);
        g->presence_at = gs_now();
    }
    tell_presence(g);
}

void srv_core_presence(srv_core *c, int64_t game, const char *instance, int black, int white, int spectators) {
    srv_game *g = srv_game_find(c, game);
    if (!g) return;
    int i = 0;
    while (i < g->nremote && strcmp(g->remote[i].instance, instance)) i++;
    if (i == g->nremote) {
        if (!black && !white && !spectators) return;
        srv_remote *n = realloc(g->remote, sizeof *n * (size_t)(g->nremote + 1));
        if (!n) return;
        g->remote = n;
        memset(&g->remote[i], 0, sizeof g->remote[i]);
        snprintf(g->remote[i].instance, sizeof g->remote[i].instance, "%s", instance);
        g->nremote++;
    }
    if (!black && !white && !spectators) g->remote[i] = g->remote[--g->nremote];   /* nobody there now */
    else {
        g->remote[i].online[GS_BLACK] = black != 0;
        g->remote[i].online[GS_WHITE] = white != 0;
        g->remote[i].spectators = spectators;
        g->remote[i].at = gs_now();
    }
    tell_presence(g);
}

/* Every SRV_PRESENCE_S: announce again (an instance that loaded the game
 * since, or missed a notification, learns it), and forget what an instance
 * that stopped announcing (killed) said. */
static void presence_tick(srv_core *c, srv_game *g, double now) {
    int gone = 0;
    for (int i = 0; i < g->nremote;)
        if (now - g->remote[i].at > 3 * SRV_PRESENCE_S) {
            g->remote[i] = g->remote[--g->nremote];
            gone = 1;
        } else i++;
    if (c->cluster && g->nwatch && now - g->presence_at >= SRV_PRESENCE_S) {
        int on[3];
        int spect = local_presence(g, on);
        srv_cluster_presence(c, g, on, spect);
        g->presence_at = now;
    }
    if (gone) tell_presence(g);
}

/* The GAME object for one viewer (language, invite for its players). */
char *srv_game_text(srv_core *c, srv_game *g, gs_lang lang, int flags) {
    (void)c;
    int on[3];
    srv_online(g, on);
    io_buf b;
    io_buf_init(&b);
    srv_game_json(&b, g, lang, flags, on, gs_now());
    return io_buf_take(&b);
}

/* Send to every watcher of g: prefix + GAME + suffix, the GAME built once
 * per (language, invite) variant with flags (SRV_GAME_NO_MOVES); the
 * requester (if any) gets req. */
static void broadcast_game(srv_core *c, srv_game *g, const char *prefix, const char *suffix, srv_conn *origin,
                           const char *req, int flags) {
    char *var[4] = {0, 0, 0, 0};
    int origin_told = 0;
    for (int i = 0; i <= g->nwatch; i++) {
        srv_conn *k;
        if (i < g->nwatch) {
            k = g->watchers[i];
            origin_told |= k == origin;
        } else if (origin && !origin_told) k = origin;   /* a requester that does not watch */
        else break;
        int inv = g->priv && seat_of(g, k->player);
        int v = (k->lang == GS_LANG_KO) * 2 + inv;
        if (!var[v]) var[v] = srv_game_text(c, g, k->lang, flags | (inv ? SRV_GAME_INVITE : 0));
        if (!var[v]) continue;
        io_buf b;
        io_buf_init(&b);
        io_buf_puts(&b, prefix);
        io_buf_puts(&b, var[v]);
        io_buf_puts(&b, suffix);
        if (k == origin && req) {
            /* the requester's copy carries its req before the closing brace */
            if (b.len && b.s[b.len - 1] == '}') {
                b.len--;
                put_req(&b, req);
                io_buf_putc(&b, '}');
            }
        }
        send_buf(k, &b);
        io_buf_free(&b);
    }
    for (int i = 0; i < 4; i++) free(var[i]);
}

/* The move just made (the last of g's history) with the state after it, to
 * every watcher; the requester (if any) gets req. */
static void broadcast_move(srv_core *c, srv_game *g, srv_conn *origin, const char *req) {
    io_buf pre;
    io_buf_init(&pre);
    io_buf_printf(&pre, "{\"type\":\"move\",\"game\":%lld,\"move\":", (long long)g->id);
    srv_move_json(&pre, g, g->s->nhist);
    io_buf_puts(&pre, ",\"state\":");
    /* the state without its move list: the client has the moves before this
     * one (state.ply says when it does not), so a move costs the board's
     * size, not the game's length */
    if (!pre.failed) broadcast_game(c, g, pre.s, "}", origin, req, SRV_GAME_NO_MOVES);
    io_buf_free(&pre);
}

static void broadcast_event(srv_core *c, srv_game *g, const char *event, srv_conn *origin, const char *req) {
    char suffix[64];
    snprintf(suffix, sizeof suffix, ",\"event\":\"%s\"}", event);
    broadcast_game(c, g, "{\"type\":\"game\",\"game\":", suffix, origin, req, 0);
}

static void broadcast_text(srv_game *g, const char *text) {
    size_t n = strlen(text);
    for (int i = 0; i < g->nwatch; i++) srv_send(g->watchers[i], text, n);
}

static void broadcast_clock(srv_game *g, double now) {
    if (g->clock.type == SRV_CLOCK_NONE || !g->nwatch) return;
    io_buf b;
    io_buf_init(&b);
    io_buf_printf(&b, "{\"type\":\"clock\",\"game\":%lld,\"clock\":", (long long)g->id);
    srv_clock_json(&b, &g->clock, now);
    io_buf_putc(&b, '}');
    if (!b.failed) broadcast_text(g, b.s);
    io_buf_free(&b);
    g->last_tick = now;
}

static void broadcast_end(srv_core *c, srv_game *g) {
    for (int i = 0; i < g->nwatch; i++) {
        srv_conn *k = g->watchers[i];
        io_buf b;
        io_buf_init(&b);
        io_buf_printf(&b, "{\"type\":\"end\",\"game\":%lld,\"result\":", (long long)g->id);
        srv_result_json(&b, g, k->lang);
        io_buf_putc(&b, '}');
        send_buf(k, &b);
        io_buf_free(&b);
    }
    srv_log(c->o.log, "end", "\"game\":%lld,\"result\":\"%s\",\"how\":\"%s\"", (long long)g->id, g->result, g->how);
}

/* Another instance committed a change of game id (version): read the game
 * again and tell its watchers what changed (a move as a `move`, anything
 * else as a `state`), as the instance that made the change did for its own.
 * When the stored game continues the copy held here (no take-back since),
 * the moves after the copy's are played onto it; otherwise the game is
 * loaded whole (srv_game_reload_from_db). */
void srv_core_reload(srv_core *c, int64_t id, int64_t version) {
    srv_game *g = srv_game_find(c, id), *ng;
    char err[256];
    if (!g || (version >= 0 && g->version >= version)) return;
    db_start();
    int appended = 0;
    int old_ply = g->s->nhist, old_undos = g->undos, old_status = g->status;
    gs_status st = srv_game_reload_from_db(c->db, c->o.shelf, id, gs_now(), g, &ng, &appended, err, sizeof err);
    db_stop(c);
    if (st == GS_ERR_INVALID_ARG && g->status == SRV_OPEN) {
        /* no such row: its creator cancelled the challenge on another
         * instance; tell the watchers here as that one told its own */
        broadcast_event(c, g, "cancel", NULL, NULL);
        while (g->nwatch) unwatch(g->watchers[0], g);
        srv_game_release(c, g);
        return;
    }
    if (st != GS_OK) return;
    c->reloads[appended]++;
    if (appended) ng->s = g->s;   /* held's state, the stored moves played on */
    charge_since_row(ng);
    if (ng->version == g->version) {
        if (appended) ng->s = NULL;
        srv_game_free(ng);
        return;
    }
    srv_game old = *g;
    *g = *ng;
    g->watchers = old.watchers;
    g->nwatch = old.nwatch;
    g->capwatch = old.capwatch;
    g->ai_pending = old.ai_pending;
    g->last_tick = old.last_tick;
    g->remote = old.remote;
    g->nremote = old.nremote;
    g->presence_at = old.presence_at;
    g->next = old.next;
    if (appended) {   /* g keeps its game and state: ng had them on loan */
        g->g = old.g;
        g->shared_game = old.shared_game;
        ng->s = NULL;
    } else {
        ng->g = old.g;
        ng->shared_game = old.shared_game;
        ng->s = old.s;
    }
    ng->dead = old.dead;
    ng->watchers = NULL;
    srv_game_free(ng);
    double now = gs_now();
    if (g->s->nhist == old_ply + 1 && g->undos == old_undos) {
        broadcast_move(c, g, NULL, NULL);
    } else {
        broadcast_game(c, g, "{\"type\":\"state\",\"game\":", ",\"missed\":null}", NULL, NULL, 0);
    }
    if (g->status == SRV_FINISHED && old_status != SRV_FINISHED) broadcast_end(c, g);
    broadcast_clock(g, now);
    srv_log(c->o.log, "reload", "\"game\":%lld,\"version\":%lld", (long long)g->id, (long long)g->version);
}

/* ---- committing ---- */
/* Write g's row (and, with with_move, its last move) in one transaction. */
static db_status commit_game(srv_core *c, srv_game *g, int with_move, int delete_after, double now) {
    db_start();
    db_status st = db_begin(c->db);
    if (st == DB_OK && delete_after >= 0) {
        db_param p[] = {db_int(g->id), db_int(delete_after)};
        st = db_exec(c->db, "DELETE FROM moves WHERE game_id = $1 AND ply > $2", p, 2, NULL);
    }
    if (st == DB_OK && with_move) st = srv_move_insert_row(c->db, g, now);
    if (st == DB_OK) st = srv_game_update_row(c->db, g, now);
    /* a finished game between two players is rated in the same transaction */
    if (st == DB_OK && g->status == SRV_FINISHED) st = stats_game_ended(c->db, g->id, g->updated);
    if (st == DB_OK) st = srv_cluster_announce(c, g);
    if (st == DB_OK) st = srv_cluster_ai_done(c, g);
    if (st == DB_OK) st = db_commit(c->db);
    if (st != DB_OK) db_rollback(c->db);
    else g->version++;
    db_stop(c);
    return st;
}

/* The scalar part of a game, to restore after a failed commit. */
typedef struct game_backup {
    srv_game copy;
    uint8_t dead[GS_MAX_CELLS];
    int had_dead;
} game_backup;

static void backup(const srv_game *g, game_backup *b) {
    b->copy = *g;
    b->had_dead = g->dead != NULL;
    if (g->dead) memcpy(b->dead, g->dead, (size_t)g->g->geom.n);
}

static void restore(srv_game *g, const game_backup *b) {
    uint8_t *dead = g->dead;
    srv_conn **w = g->watchers;
    int nw = g->nwatch, cw = g->capwatch, aip = g->ai_pending;
    gs_state *s = g->s;
    srv_game *next = g->next;
    *g = b->copy;
    g->s = s;
    g->watchers = w;
    g->nwatch = nw;
    g->capwatch = cw;
    g->ai_pending = aip;
    g->next = next;
    if (b->had_dead) {
        if (!dead) dead = malloc((size_t)g->g->geom.n);
        if (dead) memcpy(dead, b->dead, (size_t)g->g->geom.n);
        g->dead = dead;
    } else {
        free(dead);
        g->dead = NULL;
    }
}

static void finish(srv_game *g, double now) {
    g->status = SRV_FINISHED;
    srv_clock_stop(&g->clock, now);
    g->offer_kind = 0;
}

/* After a move: the library says whether the game ended; a game with a
 * counting phase that ended by counting goes to scoring. */
static void after_move(srv_core *c, srv_game *g, double now) {
    int max = srv_max_ply(g->g);
    if (!gs_is_over(g->s) && !(max && g->s->nhist >= max)) return;
    /* Go after two passes, or at its length's bound (game.h): the result
     * waits for the dead stones (counting it here would run the engine's
     * estimate for nothing) */
    if (!g->s->resigned && gs_has_counting(g->g)) {
        g->status = SRV_SCORING;
        srv_clock_stop(&g->clock, now);
        free(g->dead);
        g->dead = calloc((size_t)g->g->geom.n, 1);
        if (g->dead) gs_dead_estimate(g->s, (uint64_t)g->id * 7919u + (uint64_t)g->s->nhist, g->dead);
        g->accepted[GS_BLACK] = g->accepted[GS_WHITE] = 0;
        /* an AI seat accepts its own estimate */
        for (int col = GS_BLACK; col <= GS_WHITE; col++)
            if (g->seat[col].ai[0]) g->accepted[col] = 1;
        (void)c;
        return;
    }
    gs_result r;
    gs_result_get(g->s, &r);
    srv_game_set_result(g, &r, NULL);
    finish(g, now);
}

static void maybe_ai(srv_core *c, srv_game *g);

/* Play m for the side to move (already checked to be the seat's turn).
 * Returns 0 or fills e. */
static int do_move(srv_core *c, srv_game *g, gs_move m, gs_lang lang, srv_conn *origin, const char *req,
                   srv_err *e) {
    double t0 = gs_now(), now = t0;
    /* the flag falls before the move counts */
    int64_t ms;
    int per, byo, col = g->s->to_move;
    if (g->clock.type && srv_clock_view(&g->clock, col, now, &ms, &per, &byo)) {
        srv_core_flag(c, g, col, now);
        srv_err_set(e, lang, "game-over", NULL);
        return -1;
    }
    gs_status st = gs_check(g->s, m);
    if (st != GS_OK) {
        srv_err_set(e, lang, gs_reason_code(st), NULL);
        return -1;
    }
    game_backup bk;
    backup(g, &bk);
    if ((st = gs_play(g->s, m)) != GS_OK) {
        srv_err_set(e, lang, gs_reason_code(st), NULL);
        return -1;
    }
    g->updated = srv_wall_ms();
    g->offer_kind = 0;
    srv_clock_switch(&g->clock, now, GS_OTHER(col));
    after_move(c, g, now);
    db_status ds = commit_game(c, g, 1, -1, now);
    if (ds != DB_OK) {
        gs_undo(g->s);
        restore(g, &bk);
        *e = err_db(c, ds, lang);
        return -1;
    }
    c->moves++;
    broadcast_move(c, g, origin, req);
    srv_hist_add(&c->move_hist, gs_now() - t0);
    srv_log(c->o.log, "move", "\"game\":%lld,\"ply\":%d,\"player\":%lld", (long long)g->id, g->s->nhist,
            (long long)(g->seat[col].id));
    if (g->status == SRV_FINISHED) broadcast_end(c, g);
    else if (g->status == SRV_SCORING) broadcast_event(c, g, "scoring", NULL, NULL);
    g->last_tick = now;   /* the state carries the clock: the next tick is a second away */
    maybe_ai(c, g);
    return 0;
}

/* Colour col ran out of time at now: the game ends. */
void srv_core_flag(srv_core *c, srv_game *g, int col, double now) {
    if (g->status != SRV_PLAYING) return;
    game_backup bk;
    backup(g, &bk);
    gs_result r;
    memset(&r, 0, sizeof r);
    r.over = 1;
    r.winner = GS_OTHER(col);
    g->updated = srv_wall_ms();
    srv_game_set_result(g, &r, "timeout");
    finish(g, now);
    db_status ds = commit_game(c, g, 0, -1, now);
    if (ds != DB_OK) {   /* try again on the next tick */
        restore(g, &bk);
        err_db(c, ds, GS_LANG_EN);
        return;
    }
    broadcast_event(c, g, "timeout", NULL, NULL);
    broadcast_end(c, g);
}

/* ---- AI turns ---- */
static double ai_budget(const srv_game *g, double now) {
    if (g->clock.type == SRV_CLOCK_NONE) return 0;
    int64_t ms;
    int per, byo;
    srv_clock_view(&g->clock, g->s->to_move, now, &ms, &per, &byo);
    double s;
    if (byo) s = ms / 1000.0 * 0.5;
    else if (g->clock.type == SRV_CLOCK_FISCHER) s = ms / 1000.0 / 25.0 + g->clock.inc_ms / 1000.0 * 0.8;
    else if (g->clock.type == SRV_CLOCK_BYOYOMI && g->clock.periods)
        s = ms / 1000.0 / 30.0 + g->clock.period_ms / 1000.0 * 0.5;
    else s = ms / 1000.0 / 30.0;
    if (s > 10) s = 10;
    if (s < 0.02) s = 0.02;
    return s;
}

static void maybe_ai(srv_core *c, srv_game *g) {
    if (g->status != SRV_PLAYING || g->ai_pending || c->shutting) return;
    int col = g->s->to_move;
    if (!g->seat[col].ai[0]) return;
    /* another instance searching this turn keeps it (several instances) */
    if (!srv_cluster_ai_claim(c, g, gs_now())) return;
    gs_state *cl = gs_state_clone(g->s);
    if (!cl) return;
    g->ai_pending = 1;
    srv_aipool_submit(c->ai, g->id, g->s->nhist, g->undos, cl, g->seat[col].ai, ai_budget(g, gs_now()),
                      (uint64_t)g->id * 1000003u + (uint64_t)g->s->nhist);
    if (!c->o.ai_threads && !c->polling) srv_core_poll(c);
}

void srv_core_poll(srv_core *c) {
    srv_ai_result r;
    srv_cluster_poll(c);
    c->polling = 1;
    while (srv_aipool_take(c->ai, &r)) {
        srv_game *g = srv_game_find(c, r.game);
        if (!g) continue;
        g->ai_pending = 0;
        if (g->status != SRV_PLAYING || g->s->nhist != r.ply || g->undos != r.undos) {
            maybe_ai(c, g);   /* stale: the position changed meanwhile */
            continue;
        }
        if (r.st != GS_OK) {
            srv_log(c->o.log, "ai-error", "\"game\":%lld,\"code\":\"%s\"", (long long)g->id, gs_reason_code(r.st));
            continue;
        }
        srv_err e;
        if (do_move(c, g, r.move, GS_LANG_EN, NULL, NULL, &e) != 0)
            srv_log(c->o.log, "ai-move-refused", "\"game\":%lld,\"code\":\"%s\"", (long long)g->id, e.code);
    }
    c->polling = 0;
}

/* ---- actions (WebSocket messages and POST /api/games/{id}/action) ---- */
static int json_int(const io_json *v, int64_t *out) {
    if (!v || v->type != IO_JSON_NUMBER || v->num != floor(v->num) || fabs(v->num) > 9e15) return 0;
    *out = (int64_t)v->num;
    return 1;
}

static const char *json_str(const io_json *v) { return v && v->type == IO_JSON_STRING ? v->str : NULL; }

/* A point: [x,y], {"x":..,"y":..}, or notation text. */
static int parse_point(const srv_game *g, const io_json *v, gs_move *m, gs_status *why) {
    int64_t x, y;
    const gs_geom *geo = &g->g->geom;
    *why = GS_ERR_PARSE;
    if (!v) return 0;
    if (v->type == IO_JSON_STRING) {
        if (strlen(v->str) != v->len) return 0;
        gs_status st = gs_state_parse_move(g->s, v->str, m);
        *why = st;
        return st == GS_OK;
    }
    if (v->type == IO_JSON_ARRAY && v->n == 2 && json_int(v->items[0], &x) && json_int(v->items[1], &y)) {
    } else if (v->type == IO_JSON_OBJECT && json_int(io_json_get(v, "x"), &x) && json_int(io_json_get(v, "y"), &y)) {
    } else return 0;
    if (x < 0 || y < 0 || x >= geo->w || y >= geo->h) {
        *why = GS_ERR_OUT_OF_BOUNDS;
        return 0;
    }
    *m = gs_idx(geo, (int)x, (int)y);
    return 1;
}

static int opponent_is_ai(const srv_game *g, int col) { return g->seat[GS_OTHER(col)].ai[0] != 0; }

/* Persist a non-move change; on failure restore and fill e. */
static int commit_change(srv_core *c, srv_game *g, const game_backup *bk, int delete_after, gs_lang lang,
                         srv_err *e) {
    g->updated = srv_wall_ms();
    db_status ds = commit_game(c, g, 0, delete_after, gs_now());
    if (ds != DB_OK) {
        restore(g, bk);
        *e = err_db(c, ds, lang);
        return -1;
    }
    return 0;
}

/* Take back moves until it is col's turn again, having removed at least
 * one of col's moves. */
static int take_back(srv_game *g, int col, gs_state **saved) {
    *saved = gs_state_clone(g->s);
    if (!*saved) return -1;
    int n = 0;
    while (g->s->nhist > 0) {
        int mover = g->s->hist[g->s->nhist - 1].color;
        if (gs_undo(g->s) != GS_OK) break;
        n++;
        if (mover == col) break;
    }
    return n;
}

/* Moves were taken back from g (saved holds the state before, bk the rest):
 * count the undo, start the clock of the side to move, commit with the later
 * moves deleted, tell everyone (event ev), let an AI seat move.  On a failed
 * commit everything is as before. */
static int commit_taken_back(srv_core *c, srv_game *g, const game_backup *bk, gs_state *saved, const char *ev,
                             gs_lang lang, srv_conn *origin, const char *req, srv_err *e) {
    g->undos++;
    g->offer_kind = 0;
    /* the running side is charged its time but, not having moved, gets no
     * increment; then the side to move's clock starts */
    double now = gs_now();
    srv_clock_stop(&g->clock, now);
    srv_clock_switch(&g->clock, now, g->s->to_move);
    int rc = commit_change(c, g, bk, g->s->nhist, lang, e);
    if (rc) gs_state_copy(g->s, saved);
    gs_state_free(saved);
    if (rc) return -1;
    srv_log(c->o.log, ev, "\"game\":%lld,\"ply\":%d", (long long)g->id, g->s->nhist);
    broadcast_event(c, g, ev, origin, req);
    maybe_ai(c, g);
    return 0;
}

static int accept_undo(srv_core *c, srv_game *g, int requester, gs_lang lang, srv_conn *origin, const char *req,
                       srv_err *e) {
    game_backup bk;
    backup(g, &bk);
    gs_state *saved;
    int n = take_back(g, requester, &saved);
    if (n <= 0) {
        if (saved) gs_state_free(saved);
        srv_err_set(e, lang, gs_reason_code(GS_ERR_NO_UNDO), NULL);
        return -1;
    }
    return commit_taken_back(c, g, &bk, saved, "undo", lang, origin, req, e);
}

int srv_action(srv_core *c, srv_game *g, int64_t player, gs_lang lang, const char *type, const io_json *msg,
               srv_conn *origin, const char *req, srv_err *e) {
    if (!player) {
        srv_err_set(e, lang, "unauthorized", NULL);
        return -1;
    }
    int col = seat_of(g, player);
    if (!col) {
        srv_err_set(e, lang, "forbidden", NULL);
        return -1;
    }
    if (g->status == SRV_FINISHED) {
        srv_err_set(e, lang, "game-over", NULL);
        return -1;
    }
    if (!strcmp(type, "cancel")) {
        /* the creator withdraws an open challenge: its row (no moves yet)
         * goes; an instance holding a copy finds the version gone on its
         * next commit */
        if (player != g->creator) {
            srv_err_set(e, lang, "forbidden", NULL);
            return -1;
        }
        if (g->status != SRV_OPEN) {
            srv_err_set(e, lang, "bad-state", "only an open challenge can be cancelled");
            return -1;
        }
        db_param p[] = {db_int(g->id), db_int(g->version)};
        db_res *r = NULL;
        db_start();
        db_status ds = db_exec(c->db, "DELETE FROM games WHERE id = $1 AND status = 'open' AND version = $2", p, 2, &r);
        db_stop(c);
        if (ds == DB_OK && r->changes != 1) ds = DB_CONFLICT;
        db_res_free(r);
        if (ds != DB_OK) {
            *e = err_db(c, ds, lang);
            return -1;
        }
        srv_log(c->o.log, "cancel", "\"game\":%lld", (long long)g->id);
        srv_cluster_announce(c, g);   /* the row is gone: other instances drop their copies */
        broadcast_event(c, g, "cancel", origin, req);
        /* nobody watches it any more, so the caller's srv_game_release
         * drops it from memory too (an open game is not kept) */
        while (g->nwatch) unwatch(g->watchers[0], g);
        return 0;
    }
    if (g->status == SRV_OPEN) {
        srv_err_set(e, lang, "bad-state", "the game has not started");
        return -1;
    }
    double now = gs_now();
    /* a fallen flag ends the game before anything else happens */
    if (g->status == SRV_PLAYING && g->clock.type) {
        int64_t ms;
        int per, byo, tm = g->s->to_move;
        if (srv_clock_view(&g->clock, tm, now, &ms, &per, &byo)) {
            srv_core_flag(c, g, tm, now);
            srv_err_set(e, lang, "game-over", NULL);
            return -1;
        }
    }
    if (!strcmp(type, "move")) {
        if (g->status != SRV_PLAYING) {
            srv_err_set(e, lang, "bad-state", NULL);
            return -1;
        }
        int64_t ply;
        if (!json_int(io_json_get(msg, "ply"), &ply)) {
            srv_err_set(e, lang, "bad-request", "\"ply\" (an integer) is required");
            return -1;
        }
        gs_move m;
        gs_status why;
        const io_json *mv = io_json_get(msg, "move");
        if (!mv) {
            srv_err_set(e, lang, "bad-request", "\"move\" is required");
            return -1;
        }
        if (!parse_point(g, mv, &m, &why)) {
            srv_err_set(e, lang, gs_reason_code(why == GS_OK ? GS_ERR_PARSE : why), NULL);
            return -1;
        }
        if (m == GS_RESIGN) {
            srv_err_set(e, lang, "bad-request", "resign with the resign message");
            return -1;
        }
        /* the ply first: a move for a ply someone (maybe through another
         * instance) already made is a conflict, whoever is to move now */
        if (ply != g->s->nhist + 1) {
            char d[64];
            snprintf(d, sizeof d, lang == GS_LANG_KO ? "다음 수는 %d수째입니다" : "the next move is %d", g->s->nhist + 1);
            srv_err_set(e, lang, "conflict", d);
            return -1;
        }
        if (g->s->to_move != col) {
            srv_err_set(e, lang, "not-your-turn", NULL);
            return -1;
        }
        return do_move(c, g, m, lang, origin, req, e);
    }
    if (!strcmp(type, "resign")) {
        game_backup bk;
        backup(g, &bk);
        gs_result r;
        memset(&r, 0, sizeof r);
        r.over = 1;
        r.winner = GS_OTHER(col);
        r.how = GS_END_RESIGN;
        srv_game_set_result(g, &r, "resign");
        finish(g, now);
        if (commit_change(c, g, &bk, -1, lang, e)) return -1;
        broadcast_event(c, g, "resign", origin, req);
        broadcast_end(c, g);
        return 0;
    }
    if (!strcmp(type, "draw_offer") || !strcmp(type, "undo_request")) {
        int kind = type[0] == 'd' ? 1 : 2;
        if (g->status != SRV_PLAYING) {
            srv_err_set(e, lang, "bad-state", NULL);
            return -1;
        }
        if (g->offer_kind) {
            srv_err_set(e, lang, "bad-state", "an offer is already open");
            return -1;
        }
        if (kind == 2) {   /* something of the requester's to take back */
            int mine = 0;
            for (int i = 0; i < g->s->nhist; i++) mine |= g->s->hist[i].color == col;
            if (!mine) {
                srv_err_set(e, lang, gs_reason_code(GS_ERR_NO_UNDO), NULL);
                return -1;
            }
        }
        if (opponent_is_ai(g, col)) {
            /* the AI declines draws and accepts undo requests */
            if (kind == 2) return accept_undo(c, g, col, lang, origin, req, e);
            char m[200];
            snprintf(m, sizeof m, "{\"type\":\"answer\",\"game\":%lld,\"kind\":\"draw\",\"accept\":false%s%s}",
                     (long long)g->id, req ? ",\"req\":" : "", req ? req : "");
            if (origin) srv_send(origin, m, strlen(m));
            return 0;
        }
        game_backup bk;
        backup(g, &bk);
        g->offer_kind = kind;
        g->offer_from = col;
        if (commit_change(c, g, &bk, -1, lang, e)) return -1;
        char m[160];
        snprintf(m, sizeof m, "{\"type\":\"offer\",\"game\":%lld,\"kind\":\"%s\",\"from\":\"%s\"}", (long long)g->id,
                 kind == 1 ? "draw" : "undo", gs_color_name(col));
        broadcast_text(g, m);
        broadcast_event(c, g, "offer", origin, req);
        return 0;
    }
    if (!strcmp(type, "draw_answer") || !strcmp(type, "undo_answer")) {
        int kind = type[0] == 'd' ? 1 : 2;
        const io_json *a = io_json_get(msg, "accept");
        if (!a || (a->type != IO_JSON_TRUE && a->type != IO_JSON_FALSE)) {
            srv_err_set(e, lang, "bad-request", "\"accept\" (true or false) is required");
            return -1;
        }
        if (g->offer_kind != kind || g->offer_from == col) {
            srv_err_set(e, lang, "bad-state", "there is no such offer to answer");
            return -1;
        }
        int accept = a->type == IO_JSON_TRUE;
        char m[160];
        snprintf(m, sizeof m, "{\"type\":\"answer\",\"game\":%lld,\"kind\":\"%s\",\"accept\":%s}", (long long)g->id,
                 kind == 1 ? "draw" : "undo", accept ? "true" : "false");
        if (accept && kind == 2) {
            int rc = accept_undo(c, g, g->offer_from, lang, origin, req, e);
            if (!rc) broadcast_text(g, m);
            return rc;
        }
        game_backup bk;
        backup(g, &bk);
        g->offer_kind = 0;
        if (accept) {
            gs_result r;
            memset(&r, 0, sizeof r);
            r.over = 1;
            r.winner = GS_EMPTY;
            srv_game_set_result(g, &r, "agreement");
            finish(g, now);
        }
        if (commit_change(c, g, &bk, -1, lang, e)) return -1;
        broadcast_text(g, m);
        broadcast_event(c, g, accept ? "draw" : "answer", origin, req);
        if (accept) broadcast_end(c, g);
        return 0;
    }
    if (!strcmp(type, "resume")) {
        /* The marking is disputed: play goes on from before the passes that
         * ended it, and the requester's opponent moves first (the usual
         * rule for resuming): take back the last pass, and the one before
         * too when the requester made the last. */
        if (g->status != SRV_SCORING || g->s->nhist < 2) {
            srv_err_set(e, lang, "bad-state", "the game is not in its scoring phase");
            return -1;
        }
        if (srv_limit_reached(g)) {   /* no passes to take back: play would hit the bound again */
            srv_err_set(e, lang, "bad-state", "the game reached its move limit: it can only be scored");
            return -1;
        }
        game_backup bk;
        backup(g, &bk);
        gs_state *saved = gs_state_clone(g->s);
        if (!saved) {
            srv_err_set(e, lang, "storage", NULL);
            return -1;
        }
        int n = g->s->hist[g->s->nhist - 1].color == col ? 2 : 1;
        for (int i = 0; i < n; i++)
            if (gs_undo(g->s) != GS_OK) break;
        g->status = SRV_PLAYING;
        free(g->dead);   /* a failed commit restores the marking from bk */
        g->dead = NULL;
        g->accepted[GS_BLACK] = g->accepted[GS_WHITE] = 0;
        return commit_taken_back(c, g, &bk, saved, "resume", lang, origin, req, e);
    }
    if (!strcmp(type, "mark_dead") || !strcmp(type, "accept_score")) {
        if (g->status != SRV_SCORING || !g->dead) {
            srv_err_set(e, lang, "bad-state", "the game is not in its scoring phase");
            return -1;
        }
        game_backup bk;
        backup(g, &bk);
        if (type[0] == 'm') {
            gs_move m;
            gs_status why;
            if (!parse_point(g, io_json_get(msg, "point"), &m, &why) || m < 0) {
                srv_err_set(e, lang, "bad-request", "\"point\" must be a point with a stone");
                return -1;
            }
            if (gs_dead_toggle(g->s, g->dead, m) != GS_OK) {
                srv_err_set(e, lang, "bad-request", "\"point\" must be a point with a stone");
                return -1;
            }
            g->accepted[GS_BLACK] = g->accepted[GS_WHITE] = 0;
            for (int k = GS_BLACK; k <= GS_WHITE; k++)
                if (g->seat[k].ai[0]) g->accepted[k] = 1;
        } else {
            g->accepted[col] = 1;
            if (g->accepted[GS_BLACK] && g->accepted[GS_WHITE]) {
                gs_count *cnt = malloc(sizeof *cnt);
                gs_error ge;
                if (!cnt || gs_count_dead(g->s, g->dead, cnt, &ge) != GS_OK) {
                    free(cnt);
                    restore(g, &bk);
                    srv_err_set(e, lang, "storage", "counting failed");
                    return -1;
                }
                srv_game_set_result(g, &cnt->result, "score");
                free(cnt);
                finish(g, now);
            }
        }
        if (commit_change(c, g, &bk, -1, lang, e)) return -1;
        broadcast_event(c, g, g->status == SRV_FINISHED ? "end" : "scoring", origin, req);
        if (g->status == SRV_FINISHED) broadcast_end(c, g);
        return 0;
    }
    srv_err_set(e, lang, "unknown-type", type);
    return -1;
}

/* ---- WebSocket messages ---- */
static int rate_ok(srv_conn *k) {
    double now = gs_now(), r = k->core->o.moves_per_second;
    k->bucket += (now - k->bucket_at) * r;
    if (k->bucket > r) k->bucket = r;
    k->bucket_at = now;
    if (k->bucket < 1) return 0;
    k->bucket -= 1;
    return 1;
}

/* Look a player up by token: 1 found, 0 not, -1 database error. */
int srv_player_by_token(srv_core *c, const char *token, int64_t *id, char *name, size_t nlen, gs_lang *lang) {
    if (!token || strlen(token) != SRV_TOKEN_HEX) return 0;
    char hash[SRV_TOKEN_HEX + 1];
    srv_token_hash(token, hash);
    db_param p = db_text(hash);
    db_res *r;
    db_start();
    db_status st = db_exec(c->db, "SELECT id, name, lang FROM players WHERE token_sha256 = $1", &p, 1, &r);
    db_stop(c);
    if (st != DB_OK) return -1;
    int found = r->rows == 1;
    if (found) {
        *id = db_res_int(r, 0, 0, 0);
        if (name) snprintf(name, nlen, "%s", db_res_get(r, 0, 1) ? db_res_get(r, 0, 1) : "");
        if (lang) *lang = gs_lang_from_name(db_res_get(r, 0, 2) ? db_res_get(r, 0, 2) : "en");
    }
    db_res_free(r);
    return found;
}

/* Can conn/player see this game?  Private games need the invite or a seat. */
int srv_can_see(const srv_game *g, int64_t player, const char *invite) {
    if (!g->priv) return 1;
    if (seat_of(g, player) || (player && g->creator == player)) return 1;
    return invite && g->invite[0] && !strcmp(invite, g->invite);
}

static void ws_hello(srv_conn *k, const io_json *msg, const char *req) {
    srv_core *c = k->core;
    const io_json *t = io_json_get(msg, "token"), *l = io_json_get(msg, "lang");
    if (l && l->type == IO_JSON_STRING) k->lang = gs_lang_from_name(l->str);
    if (t && t->type != IO_JSON_NULL) {
        const char *tok = json_str(t);
        int64_t id = 0;
        char name[sizeof k->name];
        gs_lang pl = k->lang;
        int f = tok ? srv_player_by_token(c, tok, &id, name, sizeof name, &pl) : 0;
        if (f <= 0) {
            srv_err e;
            srv_err_set(&e, k->lang, f < 0 ? "storage" : "unauthorized", NULL);
            send_error(k, req, 0, &e);
            return;
        }
        k->player = id;
        snprintf(k->name, sizeof k->name, "%s", name);
        if (!l || l->type != IO_JSON_STRING) k->lang = pl;
    }
    io_buf b;
    io_buf_init(&b);
    io_buf_printf(&b, "{\"type\":\"welcome\",\"protocol\":%d,\"server\":\"gridstone %s\",\"player\":", SRV_PROTOCOL,
                  GS_VERSION);
    if (k->player) {
        io_buf_printf(&b, "{\"id\":%lld,\"name\":", (long long)k->player);
        srv_json_str(&b, k->name);
        io_buf_printf(&b, ",\"lang\":\"%s\"}", k->lang == GS_LANG_KO ? "ko" : "en");
    } else io_buf_puts(&b, "null");
    put_req(&b, req);
    io_buf_putc(&b, '}');
    send_buf(k, &b);
    io_buf_free(&b);
    srv_log(c->o.log, "hello", "\"conn\":%llu,\"player\":%lld", (unsigned long long)k->serial, (long long)k->player);
}

static void ws_watch(srv_conn *k, srv_game *g, const io_json *msg, const char *req) {
    srv_core *c = k->core;
    int already = 0;
    for (int i = 0; i < g->nwatch; i++) already |= g->watchers[i] == k;
    if (!already && k->nwatching >= SRV_MAX_WATCHES) {
        srv_err e;
        srv_err_set(&e, k->lang, "rate-limited", "one connection watches at most limits.watches games");
        send_error(k, req, g->id, &e);
        return;
    }
    if (!already) {
        if (g->nwatch == g->capwatch) {
            int cap = g->capwatch ? 2 * g->capwatch : 4;
            srv_conn **n = realloc(g->watchers, sizeof *n * (size_t)cap);
            if (!n) return;
            g->watchers = n;
            g->capwatch = cap;
        }
        if (k->nwatching == k->capwatching) {
            int cap = k->capwatching ? 2 * k->capwatching : 4;
            int64_t *n = realloc(k->watching, sizeof *n * (size_t)cap);
            if (!n) return;
            k->watching = n;
            k->capwatching = cap;
        }
        g->watchers[g->nwatch++] = k;
        k->watching[k->nwatching++] = g->id;
    }
    int64_t since = -1, undos = 0;
    const io_json *sv = io_json_get(msg, "since"), *uv = io_json_get(msg, "undos");
    int have_since = json_int(sv, &since);
    int have_undos = json_int(uv, &undos);
    if (!have_undos) undos = 0;
    int inv = g->priv && seat_of(g, k->player);
    char *gt = srv_game_text(c, g, k->lang, inv);
    io_buf b;
    io_buf_init(&b);
    io_buf_puts(&b, "{\"type\":\"state\",\"game\":");
    io_buf_puts(&b, gt ? gt : "null");
    io_buf_puts(&b, ",\"missed\":");
    if (have_since && since >= 0 && since <= g->s->nhist && undos == g->undos) {
        io_buf_putc(&b, '[');
        for (int p = (int)since + 1; p <= g->s->nhist; p++) {
            if (p > since + 1) io_buf_putc(&b, ',');
            srv_move_json(&b, g, p);
        }
        io_buf_putc(&b, ']');
    } else io_buf_puts(&b, "null");
    put_req(&b, req);
    io_buf_putc(&b, '}');
    send_buf(k, &b);
    io_buf_free(&b);
    free(gt);
    if (!already) send_presence(c, g);
}

void srv_ws_message(srv_conn *k, const char *data, size_t len) {
    srv_core *c = k->core;
    srv_err e;
    io_json *msg = NULL;
    gs_error pe;
    /* a req of 64 characters, each written as \u00XX at worst, and its quotes */
    char reqbuf[64 * 6 + 3], *req = NULL;
    if (c->shutting) {
        srv_err_set(&e, k->lang, "shutting-down", NULL);
        send_error(k, NULL, 0, &e);
        return;
    }
    if (len > c->o.max_message) {
        srv_err_set(&e, k->lang, "too-large", NULL);
        send_error(k, NULL, 0, &e);
        return;
    }
    if (io_json_parse(data, len, &msg, &pe) != GS_OK) {
        char d[448];
        srv_parse_detail(&pe, k->lang, d, sizeof d);
        srv_err_set(&e, k->lang, "bad-request", d);
        send_error(k, NULL, 0, &e);
        return;
    }
    /* req: a string or number up to 64 characters (not bytes: a Korean
     * req is 3 bytes a character), echoed back */
    const io_json *rq = io_json_get(msg, "req");
    size_t rq_chars = 0;
    for (size_t i = 0; rq && rq->str && i < rq->len; i++) rq_chars += ((unsigned char)rq->str[i] & 0xC0) != 0x80;
    if (rq && (rq->type == IO_JSON_STRING || rq->type == IO_JSON_NUMBER) && rq_chars <= 64
        && strlen(rq->str) == rq->len) {
        io_buf rb;
        io_buf_init(&rb);
        if (rq->type == IO_JSON_STRING) srv_json_str(&rb, rq->str);
        else io_buf_put(&rb, rq->str, rq->len);
        if (!rb.failed && rb.len < sizeof reqbuf) {
            memcpy(reqbuf, rb.s, rb.len + 1);
            req = reqbuf;
        }
        io_buf_free(&rb);
    }
    const char *type = msg->type == IO_JSON_OBJECT ? json_str(io_json_get(msg, "type")) : NULL;
    if (!type) {
        srv_err_set(&e, k->lang, "bad-request", "a JSON object with a \"type\" string is expected");
        send_error(k, req, 0, &e);
        goto done;
    }
    if (!strcmp(type, "ping")) {
        io_buf b;
        io_buf_init(&b);
        io_buf_puts(&b, "{\"type\":\"pong\"");
        put_req(&b, req);
        io_buf_putc(&b, '}');
        send_buf(k, &b);
        io_buf_free(&b);
        goto done;
    }
    if (!strcmp(type, "hello")) {
        ws_hello(k, msg, req);
        goto done;
    }
    static const char *const game_types[] = {"watch", "unwatch", "move", "resign", "draw_offer", "draw_answer",
                                             "undo_request", "undo_answer", "mark_dead", "accept_score", "resume",
                                             "cancel", NULL};
    int known = 0;
    for (int i = 0; game_types[i]; i++) known |= !strcmp(type, game_types[i]);
    if (!known) {
        srv_err_set(&e, k->lang, "unknown-type", type);
        send_error(k, req, 0, &e);
        goto done;
    }
    int64_t gid;
    if (!json_int(io_json_get(msg, "game"), &gid)) {
        srv_err_set(&e, k->lang, "bad-request", "\"game\" (an id) is required");
        send_error(k, req, 0, &e);
        goto done;
    }
    if (strcmp(type, "watch") && strcmp(type, "unwatch") && !rate_ok(k)) {
        srv_err_set(&e, k->lang, "rate-limited", NULL);
        send_error(k, req, gid, &e);
        goto done;
    }
    srv_game *g = srv_game_get(c, gid);
    const char *invite = json_str(io_json_get(msg, "invite"));
    if (!g || (!srv_can_see(g, k->player, invite) && !seat_of(g, k->player))) {
        srv_err_set(&e, k->lang, "not-found", NULL);
        send_error(k, req, gid, &e);
        if (g) srv_game_release(c, g);
        goto done;
    }
    if (!strcmp(type, "watch")) ws_watch(k, g, msg, req);
    else if (!strcmp(type, "unwatch")) {
        unwatch(k, g);
        send_presence(c, g);
        io_buf b;
        io_buf_init(&b);
        io_buf_printf(&b, "{\"type\":\"ok\",\"game\":%lld", (long long)gid);
        put_req(&b, req);
        io_buf_putc(&b, '}');
        send_buf(k, &b);
        io_buf_free(&b);
    } else if (srv_action(c, g, k->player, k->lang, type, msg, k, req, &e) != 0) {
        send_error(k, req, gid, &e);
    }
    srv_game_release(c, g);
done:
    io_json_free(msg);
}

/* ---- periodic work ---- */
/* The AI is to move and nothing searches: its move failed to commit (a full
 * disk, a lost database), or the instance that owed it died after the
 * human's move while this one holds the game.  Once the game has not changed
 * for ai_stall_ms the search runs (again), at most once per ai_stall_ms; two
 * instances that both do commit one move, the other is refused (version). */
static void ai_stalled(srv_core *c, srv_game *g, double now) {
    if (g->ai_pending || c->shutting || !g->seat[g->s->to_move].ai[0]) return;
    int64_t stall = c->o.ai_stall_ms > 0 ? c->o.ai_stall_ms : 60000;
    if (srv_wall_ms() - g->updated < stall || now < g->ai_retry_at) return;
    g->ai_retry_at = now + stall / 1000.0;
    srv_log(c->o.log, "ai-retry", "\"game\":%lld,\"ply\":%d", (long long)g->id, g->s->nhist);
    maybe_ai(c, g);
}

void srv_core_tick(srv_core *c, double now) {
    for (int s = srv_table_slot(c, 0); s >= 0; s = srv_table_slot(c, s + 1)) {
        for (srv_game *g = c->table[s], *next; g; g = next) {
            next = g->next;
            presence_tick(c, g, now);
            if (g->status == SRV_PLAYING) ai_stalled(c, g, now);
            srv_cluster_ai_renew(c, g, now);
            if (g->status != SRV_PLAYING || g->clock.type == SRV_CLOCK_NONE || !g->clock.running) continue;
            int64_t ms;
            int per, byo;
            if (srv_clock_view(&g->clock, g->clock.running, now, &ms, &per, &byo))
                srv_core_flag(c, g, g->clock.running, now);
            else if (now - g->last_tick >= 1.0) broadcast_clock(g, now);
        }
    }
}

/* ---- lifetime ---- */
/* A game loaded with the others at start (each id once: the query's two
 * statuses are disjoint). */
static void live_loaded(void *ud, int64_t id, srv_game *g, gs_status st, const char *err) {
    srv_core *c = ud;
    (void)err;
    /* the service ran on (another instance): the time since the last
     * commit is the players' (a rolling restart gave it back) */
    if (st == GS_OK && c->others_up) charge_since_row(g);
    if ((g = table_adopt(c, id, g, st))) maybe_ai(c, g);
}

static db_status load_live(srv_core *c) {
    char err[256];
    if (c->o.live) {
        double now = gs_now();
        for (int i = 0; i < c->o.nlive; i++) {
            srv_game *g = srv_game_copy(c->o.live[i], now);
            live_loaded(c, c->o.live[i]->id, g, g ? GS_OK : GS_ERR_NOMEM, "out of memory");
        }
        return DB_OK;
    }
    db_start();
    gs_status st = srv_games_live_from_db(c->db, c->o.shelf, gs_now(), live_loaded, c, err, sizeof err);
    db_stop(c);
    return st == GS_OK ? DB_OK : DB_ERROR;
}

srv_core *srv_core_new(db_conn *db, const srv_opts *o, char *err, size_t errlen) {
    srv_core *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    c->db = db;
    c->o = *o;
    if (!table_alloc(SRV_TABLE_MIN, &c->table, &c->used)) {
        free(c);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    c->nslots = SRV_TABLE_MIN;
    if (!c->o.max_message) c->o.max_message = 65536;
    if (!c->o.max_conns) c->o.max_conns = 4096;
    if (!c->o.moves_per_second) c->o.moves_per_second = 20;
    if (c->o.games_per_player <= 0) c->o.games_per_player = SRV_MAX_GAMES_PER_PLAYER;
    c->started = srv_wall_ms();
    if (srv_schema_migrate(db, err, errlen) != DB_OK) {
        srv_core_free(c);
        return NULL;
    }
    c->ai = srv_aipool_new(c->o.ai_threads, c->o.wake, c->o.wake_ud);
    if (!c->ai) {
        snprintf(err, errlen, "cannot start the AI workers");
        srv_core_free(c);
        return NULL;
    }
    c->others_up = srv_cluster_others_up(c, o->db_url);
    c->multi = o->db_url && db_notify_fd(db) >= 0;
    if (srv_random_hex(c->instance, 16) != 0) snprintf(c->instance, sizeof c->instance, "%08lx", (long)getpid());
    /* alone on the database: the AI turns claimed before are of instances
     * that are gone */
    if (c->multi && !c->others_up) db_exec(db, "DELETE FROM ai_leases", NULL, 0, NULL);
    if (load_live(c) != DB_OK) {
        snprintf(err, errlen, "loading games: %s", db_errmsg(db));
        srv_core_free(c);
        return NULL;
    }
    err[0] = 0;
    c->cluster = srv_cluster_start(c, o->db_url, err, errlen);
    if (!c->cluster && err[0]) {
        srv_core_free(c);
        return NULL;
    }
    return c;
}

void srv_core_shutdown(srv_core *c) {
    if (c->shutting) return;
    c->shutting = 1;
    srv_aipool_free(c->ai);   /* a running search finishes; its move is dropped */
    srv_cluster_ai_release(c);   /* another instance takes those turns over at once */
    c->ai = srv_aipool_new(0, NULL, NULL);
    const char *bye = "{\"type\":\"bye\",\"reason\":\"shutting-down\"}";
    for (int i = 0; i < c->nconns; i++) {
        srv_send(c->conns[i], bye, strlen(bye));
        c->conns[i]->closing = 1;
    }
}

void srv_core_free(srv_core *c) {
    if (!c) return;
    srv_cluster_stop(c->cluster);
    while (c->nconns) srv_conn_close(c->conns[c->nconns - 1]);
    free(c->conns);
    srv_aipool_free(c->ai);
    for (int s = srv_table_slot(c, 0); s >= 0; s = srv_table_slot(c, s + 1))
        for (srv_game *g = c->table[s], *n; g; g = n) {
            n = g->next;
            srv_game_free(g);
        }
    free(c->table);
    free(c->used);
    free(c->meta);
    free(c);
}

int srv_core_conns(const srv_core *c) { return c->nconns; }
void srv_core_count_http(srv_core *c) { c->http++; }

/* ---- starting a game ---- */
int srv_player_room(srv_core *c, int64_t player, gs_lang lang, srv_err *e) {
    /* the creator always sits in a seat: the seats say it all */
    db_param p = db_int(player);
    int64_t n = 0;
    db_start();
    db_status st = db_exec_int(c->db,
                               "SELECT count(*) FROM games WHERE status IN ('open', 'playing', 'scoring')"
                               " AND (black_id = $1 OR white_id = $1)",
                               &p, 1, &n);
    db_stop(c);
    if (st != DB_OK) {
        *e = err_db(c, st, lang);
        return -1;
    }
    if (n < c->o.games_per_player) return 0;
    char d[128];
    snprintf(d, sizeof d,
             lang == GS_LANG_KO ? "끝나지 않은 대국은 한 사람에 %d개까지입니다 (limits.games_per_player)"
                                : "at most %d unfinished games per player (limits.games_per_player)",
             c->o.games_per_player);
    srv_err_set(e, lang, "rate-limited", d);
    return -1;
}


void srv_game_set_playing(srv_game *g, double now) {
    g->status = SRV_PLAYING;
    g->clock.running = 0;
    srv_clock_switch(&g->clock, now, g->s->to_move);
}

void srv_game_started(srv_core *c, srv_game *g) {
    srv_log(c->o.log, "start", "\"game\":%lld", (long long)g->id);
    broadcast_event(c, g, "start", NULL, NULL);
    send_presence(c, g);
    maybe_ai(c, g);
}

int srv_game_start(srv_core *c, srv_game *g, srv_err *e, gs_lang lang) {
    game_backup bk;
    backup(g, &bk);
    srv_game_set_playing(g, gs_now());
    if (commit_change(c, g, &bk, -1, lang, e)) return -1;
    srv_game_started(c, g);
    return 0;
}
