/* The server's HTTP API (docs/PROTOCOL.md): routes under /api, /healthz,
 * /metrics.  Requests arrive whole (net.c collects the body). */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "gridstone/io.h"
#include "gridstone/sgf.h"
#include "io/sgf_game.h"
#include "io/state_json.h"
#include "server/core.h"
#include "server/stats.h"
#include "server/texts.h"

typedef struct ctx {
    srv_core *c;
    const srv_http_req *r;
    srv_http_resp *out;
    gs_lang lang;
    int64_t player;              /* from the Authorization header, 0 if none */
    int auth_state;              /* 0 no header, 1 valid, -1 invalid, -2 db error */
    char pname[4 * SRV_NAME_MAX + 1];
} ctx;

static void reply(ctx *x, int status, io_buf *b) {
    x->out->status = status;
    x->out->content_type = "application/json";
    x->out->body_len = b->len;
    x->out->body = io_buf_take(b);
    if (!x->out->body) {
        x->out->status = 500;
        x->out->body = strdup("{\"error\":{\"code\":\"storage\",\"message\":\"out of memory\",\"lang\":\"en\"}}");
        x->out->body_len = x->out->body ? strlen(x->out->body) : 0;
    }
}

static int reply_err(ctx *x, const srv_err *e) {
    io_buf b;
    io_buf_init(&b);
    io_buf_puts(&b, "{\"error\":");
    srv_err_json(&b, e);
    io_buf_putc(&b, '}');
    reply(x, e->http, &b);
    x->c->errors++;
    return 1;
}

static int fail(ctx *x, const char *code, const char *detail) {
    srv_err e;
    srv_err_set(&e, x->lang, code, detail);
    return reply_err(x, &e);
}

/* ---- query strings ---- */
static int hexval(int ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* The decoded value of key in the query, or NULL. */
static const char *qparam(const ctx *x, const char *key, char *buf, size_t len) {
    const char *q = x->r->query;
    size_t kl = strlen(key);
    while (q && *q) {
        const char *amp = strchr(q, '&'), *end = amp ? amp : q + strlen(q);
        if ((size_t)(end - q) > kl && !strncmp(q, key, kl) && q[kl] == '=') {
            size_t o = 0;
            for (const char *p = q + kl + 1; p < end && o + 1 < len; p++) {
                if (*p == '%' && p + 2 < end + 0 + 1 && hexval(p[1]) >= 0 && hexval(p[2]) >= 0) {
                    buf[o++] = (char)(hexval(p[1]) * 16 + hexval(p[2]));
                    p += 2;
                } else buf[o++] = *p == '+' ? ' ' : *p;
            }
            buf[o] = 0;
            if (strlen(buf) != o) return NULL;   /* an encoded NUL */
            return buf;
        }
        q = amp ? amp + 1 : NULL;
    }
    return NULL;
}

static int qint(const ctx *x, const char *key, int64_t lo, int64_t hi, int64_t *out, int *bad) {
    char buf[32];
    const char *v = qparam(x, key, buf, sizeof buf);
    if (!v) return 0;
    char *e;
    long long n = strtoll(v, &e, 10);
    if (!*v || *e || n < lo || n > hi) {
        *bad = 1;
        return 0;
    }
    *out = n;
    return 1;
}

/* ---- bodies ---- */
static io_json *body_json(ctx *x) {
    io_json *v;
    gs_error pe;
    if (x->r->body_len > x->c->o.max_message) {
        fail(x, "too-large", NULL);
        return NULL;
    }
    if (io_json_parse(x->r->body ? x->r->body : "", x->r->body_len, &v, &pe) != GS_OK) {
        char d[448];
        srv_parse_detail(&pe, x->lang, d, sizeof d);
        fail(x, "bad-request", d);
        return NULL;
    }
    if (v->type != IO_JSON_OBJECT) {
        io_json_free(v);
        fail(x, "bad-request", "a JSON object is expected");
        return NULL;
    }
    return v;
}

static int need_auth(ctx *x) {
    if (x->auth_state == -2) return fail(x, "storage", NULL);
    if (x->auth_state != 1) return fail(x, "unauthorized", NULL);
    return 0;
}

static int jint(const io_json *v, int64_t *out) {
    if (!v || v->type != IO_JSON_NUMBER || v->num != floor(v->num) || fabs(v->num) > 9e15) return 0;
    *out = (int64_t)v->num;
    return 1;
}

/* ---- players ---- */
/* Unicode's spaces (White_Space but the controls): none at either end of a
 * name.  A no-break space or a Korean IME's ideographic space at the end
 * looks like no space at all. */
static int is_space_cp(uint32_t cp) {
    return cp == 0x20 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028
           || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

/* Controls in the broad sense, nowhere in a name: C0 and C1, line and
 * paragraph separators, bidirectional embeddings, overrides and isolates
 * (a name shown backwards), and what draws nothing - zero-width space, word
 * joiner, byte order mark, the Hangul fillers (the usual blank nickname).
 * Zero-width joiners stay: emoji sequences need them. */
static int is_control_cp(uint32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0x2028 || cp == 0x2029 || cp == 0x200B || cp == 0x200E
           || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || cp == 0x2060 || (cp >= 0x2066 && cp <= 0x2069)
           || cp == 0xFEFF || cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0;
}

/* A name: valid UTF-8, 1..SRV_NAME_MAX characters, no control characters,
 * no space at either end.  key gets its case-folded (ASCII) form. */
static int check_name(const char *s, size_t len, char *key, size_t keylen) {
    if (len == 0 || strlen(s) != len || len >= keylen) return 0;
    int chars = 0;
    uint32_t cp = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        int n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (!n || i + (size_t)n > len) return 0;
        if (n == 2 && c < 0xC2) return 0;
        cp = n == 1 ? c : (uint32_t)c & (0x7Fu >> n);
        for (int j = 1; j < n; j++) {
            unsigned char cc = (unsigned char)s[i + (size_t)j];
            if ((cc & 0xC0) != 0x80) return 0;
            cp = cp << 6 | (cc & 0x3Fu);
        }
        if (is_control_cp(cp) || (i == 0 && is_space_cp(cp))) return 0;
        i += (size_t)n;
        chars++;
    }
    if (is_space_cp(cp)) return 0;   /* the last character */
    if (chars > SRV_NAME_MAX) return 0;
    for (size_t i = 0; i <= len; i++) key[i] = (char)tolower((unsigned char)s[i]);
    return 1;
}

static int post_players(ctx *x) {
    io_json *v = body_json(x);
    if (!v) return 1;
    const io_json *n = io_json_get(v, "name"), *l = io_json_get(v, "lang");
    char key[4 * SRV_NAME_MAX + 2];
    if (!n || n->type != IO_JSON_STRING || !check_name(n->str, n->len, key, sizeof key)) {
        io_json_free(v);
        return fail(x, "bad-request", "\"name\": 1 to 32 characters, no control characters, no space at either end");
    }
    gs_lang lang = l && l->type == IO_JSON_STRING ? gs_lang_from_name(l->str) : x->lang;
    char token[SRV_TOKEN_HEX + 1];
    if (srv_random_hex(token, SRV_TOKEN_HEX / 2)) {
        io_json_free(v);
        return fail(x, "storage", "no random source");
    }
    char hash[SRV_TOKEN_HEX + 1];
    srv_token_hash(token, hash);
    int64_t now = srv_wall_ms(), id;
    db_param p[] = {db_text(n->str), db_text(key), db_text(hash), db_text(lang == GS_LANG_KO ? "ko" : "en"),
                    db_int(now)};
    db_status st = db_exec_int(x->c->db,
                               "INSERT INTO players (name, name_key, token_sha256, lang, created)"
                               " VALUES ($1,$2,$3,$4,$5)"
                               " RETURNING id",
                               p, 5, &id);
    if (st != DB_OK) {
        io_json_free(v);
        if (st == DB_CONFLICT) return fail(x, "conflict", "the name is taken");
        return fail(x, st == DB_FULL ? "storage-full" : "storage", NULL);
    }
    io_buf b;
    io_buf_init(&b);
    io_buf_printf(&b, "{\"player\":{\"id\":%lld,\"name\":", (long long)id);
    srv_json_str(&b, n->str);
    io_buf_printf(&b, ",\"lang\":\"%s\"},\"token\":\"%s\"}", lang == GS_LANG_KO ? "ko" : "en", token);
    srv_log(x->c->o.log, "player", "\"player\":%lld", (long long)id);
    io_json_free(v);
    reply(x, 201, &b);
    return 1;
}

static int get_me(ctx *x) {
    if (need_auth(x)) return 1;
    io_buf b;
    io_buf_init(&b);
    io_buf_printf(&b, "{\"player\":{\"id\":%lld,\"name\":", (long long)x->player);
    srv_json_str(&b, x->pname);
    io_buf_printf(&b, ",\"lang\":\"%s\"}}", x->lang == GS_LANG_KO ? "ko" : "en");
    reply(x, 200, &b);
    return 1;
}

/* ---- statistics (stats.c: the same figures `gridstone stats --db` prints) ---- */
static int stats_reply(ctx *x, stats_status st, char *body) {
    if (st == STATS_NOT_FOUND) return fail(x, "not-found", NULL);
    if (st != STATS_OK || !body) {
        free(body);
        return fail(x, "storage", NULL);   /* the driver's message is not the client's (core.c, err_db) */
    }
    x->out->status = 200;
    x->out->content_type = "application/json";
    x->out->body = body;
    x->out->body_len = strlen(body);
    return 1;
}

/* The kind of the game a spec (a kind, a name or an alias) names into buf:
 * 0 when it names none.  The game comes from the core's shelf when it has
 * one (a Go game is 51 KB to build for its kind's name). */
static int kind_of(ctx *x, const char *spec, char *buf, size_t len) {
    gs_game *g;
    int own = 1;
    if (x->c->o.shelf ? io_shelf_game(x->c->o.shelf, spec, &g, &own, NULL) != GS_OK
                      : gs_game_new(spec, &g, NULL) != GS_OK)
        return 0;
    snprintf(buf, len, "%s", g->ops->name);
    if (own) gs_game_free(g);
    return 1;
}

/* ?game= is a kind, a name or an alias (its game's kind); NULL: every kind. */
static int stats_kind(ctx *x, char *buf, size_t len, const char **kind) {
    char q[64];
    *kind = qparam(x, "game", q, sizeof q);
    if (!*kind) return 1;
    if (!kind_of(x, *kind, buf, len)) return 0;
    *kind = buf;
    return 1;
}

static int get_stats(ctx *x) {
    char kb[64];
    const char *kind;
    char *body = NULL;
    if (!stats_kind(x, kb, sizeof kb, &kind)) return fail(x, "bad-request", "game: unknown game");
    stats_status st = stats_json(x->c->db, kind, &body);
    return stats_reply(x, st, body);
}

static int get_player_stats(ctx *x, int64_t id) {
    char *body = NULL;
    stats_status st = stats_player_json(x->c->db, id, &body);
    return stats_reply(x, st, body);
}

static int get_ratings(ctx *x, int64_t id) {
    char kb[64];
    const char *kind;
    char *body = NULL;
    if (!stats_kind(x, kb, sizeof kb, &kind)) return fail(x, "bad-request", "game: unknown game");
    stats_status st = stats_ratings_json(x->c->db, id, kind, &body);
    return stats_reply(x, st, body);
}

/* ---- meta ---- */
/* The spec keys of a game or alias: [{name,label_ko,type,default,min,max,step,choices,help}]
 * (label_ko: the game module's Korean label of the key). */
static void keys_json(io_buf *b, const char *name) {
    static const char *const types[] = {"int", "number", "bool", "enum", "size"};
    int n = 0;
    const gs_spec_key *k = gs_game_keys(name, &n);
    io_buf_putc(b, '[');
    for (int i = 0; k && i < n; i++) {
        char def[64];
        io_buf_printf(b, "%s{\"name\":", i ? "," : "");
        srv_json_str(b, k[i].name);
        io_buf_puts(b, ",\"label_ko\":");
        srv_json_str(b, gs_spec_key_label(&k[i], GS_LANG_KO));
        io_buf_printf(b, ",\"type\":\"%s\",\"default\":", (unsigned)k[i].type < 5 ? types[k[i].type] : "int");
        if (gs_game_key_default(name, &k[i], def, sizeof def)) srv_json_str(b, def);
        else io_buf_puts(b, "null");
        if (k[i].type == GS_KEY_INT || k[i].type == GS_KEY_NUMBER || k[i].type == GS_KEY_SIZE)
            io_buf_printf(b, ",\"min\":%g,\"max\":%g,\"step\":%g", k[i].lo, k[i].hi, k[i].step);
        if (k[i].type == GS_KEY_ENUM && k[i].names) {
            io_buf_puts(b, ",\"choices\":[");
            for (int j = 0; k[i].names[j]; j++) {
                if (j) io_buf_putc(b, ',');
                srv_json_str(b, k[i].names[j]);
            }
            io_buf_putc(b, ']');
        }
        io_buf_puts(b, ",\"help\":");
        srv_json_str(b, k[i].help ? k[i].help : "");
        io_buf_putc(b, '}');
    }
    io_buf_putc(b, ']');
}

/* Both languages in one answer (the page switches without asking again):
 * the game modules' Korean name and summary of a game or alias (an
 * alias's summary is its game's). */
static void names_ko(io_buf *b, const char *name) {
    const char *summary, *ko = gs_registry_text(name, GS_LANG_KO, &summary);
    io_buf_puts(b, ",\"name_ko\":");
    srv_json_str(b, ko ? ko : name);
    io_buf_puts(b, ",\"summary_ko\":");
    srv_json_str(b, summary ? summary : "");
}

static void build_meta(ctx *x, io_buf *b);
static int get_meta(ctx *x) {
    srv_core *c = x->c;
    if (!c->meta) {   /* NULL when out of memory: the reply says so, built again next time */
        io_buf m;
        io_buf_init(&m);
        build_meta(x, &m);
        c->meta_len = m.len;
        c->meta = io_buf_take(&m);
    }
    io_buf b;
    io_buf_init(&b);
    if (c->meta) io_buf_put(&b, c->meta, c->meta_len);
    else b.failed = 1;
    reply(x, 200, &b);
    return 1;
}

/* The body of GET /api/meta into b (see srv_core.meta). */
static void build_meta(ctx *x, io_buf *b) {
    io_buf_printf(b, "{\"server\":\"gridstone %s\",\"protocol\":%d,\"games\":[", GS_VERSION, SRV_PROTOCOL);
    int first = 1;
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias_of, *summary, *name = gs_registry_name(i, &alias_of, &summary);
        if (alias_of) continue;
        const gs_game_ops *ops = gs_registry_find(name);
        gs_game *g;
        if (!ops || gs_game_new(name, &g, NULL) != GS_OK) continue;
        io_buf_printf(b, "%s{\"name\":", first ? "" : ",");
        srv_json_str(b, name);
        io_buf_puts(b, ",\"summary\":");
        srv_json_str(b, summary ? summary : "");
        names_ko(b, name);
        io_buf_puts(b, ",\"keys\":");
        keys_json(b, name);
        char help[2048];
        gs_game_keys_help(name, help, sizeof help);
        io_buf_puts(b, ",\"keys_help\":");
        srv_json_str(b, help);
        io_buf_puts(b, ",\"default_spec\":");
        srv_json_str(b, g->spec);
        io_buf_puts(b, ",\"levels\":[");
        const char *lv[32];
        int nl = gs_ai_levels(g, lv, 32);
        for (int j = 0; j < nl; j++) {
            if (j) io_buf_putc(b, ',');
            srv_json_str(b, lv[j]);
        }
        io_buf_printf(b, "],\"has_scoring\":%s,\"handicap\":%s,\"sgf\":%s}", gs_has_counting(g) ? "true" : "false",
                      gs_has_handicap(g) ? "true" : "false", g->sgf_gm > 0 ? "true" : "false");
        gs_game_free(g);
        first = 0;
    }
    io_buf_puts(b, "],\"aliases\":[");
    first = 1;
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias_of, *summary, *name = gs_registry_name(i, &alias_of, &summary);
        if (!alias_of) continue;
        io_buf_printf(b, "%s{\"name\":", first ? "" : ",");
        srv_json_str(b, name);
        io_buf_puts(b, ",\"spec\":");
        srv_json_str(b, alias_of);
        gs_registry_text(name, GS_LANG_EN, &summary);   /* its game's */
        io_buf_puts(b, ",\"summary\":");
        srv_json_str(b, summary ? summary : "");
        names_ko(b, name);
        io_buf_puts(b, ",\"keys\":");
        keys_json(b, name);
        io_buf_putc(b, '}');
        first = 0;
    }
    io_buf_printf(b,
                  "],\"clocks\":[\"none\",\"absolute\",\"fischer\",\"byoyomi\"],\"languages\":[\"en\",\"ko\"],"
                  "\"limits\":{\"message_bytes\":%zu,\"connections\":%d,\"moves_per_second\":%d,\"name_chars\":%d,"
                  "\"watches\":%d,\"games_per_player\":%d}}",
                  x->c->o.max_message, x->c->o.max_conns, x->c->o.moves_per_second, SRV_NAME_MAX, SRV_MAX_WATCHES,
                  x->c->o.games_per_player);
}

/* ---- games ---- */
static int game_reply(ctx *x, srv_game *g, int status) {
    int inv = g->priv && x->player && (g->seat[GS_BLACK].id == x->player || g->seat[GS_WHITE].id == x->player
                                       || g->creator == x->player);
    char *t = srv_game_text(x->c, g, x->lang, inv);
    if (!t) return fail(x, "storage", "out of memory");
    io_buf b;
    io_buf_init(&b);
    io_buf_puts(&b, "{\"game\":");
    io_buf_puts(&b, t);
    io_buf_putc(&b, '}');
    free(t);
    reply(x, status, &b);
    return 1;
}

static int parse_clock(ctx *x, const io_json *v, srv_clock *k) {
    memset(k, 0, sizeof *k);
    if (!v || v->type == IO_JSON_NULL) return 0;
    if (v->type != IO_JSON_OBJECT) return fail(x, "bad-request", "\"clock\" must be an object");
    const io_json *t = io_json_get(v, "type");
    int type = t && t->type == IO_JSON_STRING ? srv_clock_type(t->str) : t ? -1 : 0;
    if (type < 0) return fail(x, "bad-request", "clock.type: none, absolute, fischer or byoyomi");
    int64_t main_ms = 0, inc = 0, periods = 0, period_ms = 0;
    const io_json *f;
    if (((f = io_json_get(v, "main_ms")) && (!jint(f, &main_ms) || main_ms < 0 || main_ms > 86400000))
        || ((f = io_json_get(v, "increment_ms")) && (!jint(f, &inc) || inc < 0 || inc > 3600000))
        || ((f = io_json_get(v, "periods")) && (!jint(f, &periods) || periods < 0 || periods > 100))
        || ((f = io_json_get(v, "period_ms")) && (!jint(f, &period_ms) || period_ms < 0 || period_ms > 3600000)))
        return fail(x, "bad-request", "clock: a field is out of range");
    if ((type == SRV_CLOCK_ABSOLUTE || type == SRV_CLOCK_FISCHER) && main_ms <= 0)
        return fail(x, "bad-request", "clock: main_ms > 0 is needed");
    if (type == SRV_CLOCK_BYOYOMI && main_ms <= 0 && (periods <= 0 || period_ms <= 0))
        return fail(x, "bad-request", "clock: byo-yomi needs main_ms or periods of period_ms");
    if (type == SRV_CLOCK_BYOYOMI && periods > 0 && period_ms <= 0)
        return fail(x, "bad-request", "clock: periods need period_ms > 0");
    k->type = type;
    k->main_ms = main_ms;
    k->inc_ms = type == SRV_CLOCK_FISCHER ? inc : 0;
    k->periods = type == SRV_CLOCK_BYOYOMI ? (int)periods : 0;
    k->period_ms = type == SRV_CLOCK_BYOYOMI ? period_ms : 0;
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        k->left[c] = main_ms;
        k->periods_left[c] = k->periods;
    }
    return 0;
}

static int post_games(ctx *x) {
    if (need_auth(x)) return 1;
    io_json *v = body_json(x);
    if (!v) return 1;
    srv_game *g = calloc(1, sizeof *g);
    int rc = 1;
    if (!g) {
        io_json_free(v);
        return fail(x, "storage", "out of memory");
    }
    const io_json *spec = io_json_get(v, "spec"), *color = io_json_get(v, "color"), *opp = io_json_get(v, "opponent");
    gs_error ge;
    if (!spec || spec->type != IO_JSON_STRING || strlen(spec->str) != spec->len) {
        fail(x, "bad-request", "\"spec\" (a game spec string) is required");
        goto out;
    }
    if (gs_game_new(spec->str, &g->g, &ge) != GS_OK) {
        fail(x, "bad-request", gs_error_message(&ge, x->lang));
        goto out;
    }
    if (!(g->s = gs_state_new(g->g))) {
        fail(x, "storage", "out of memory");
        goto out;
    }
    int col = 0;
    const char *cs = color && color->type == IO_JSON_STRING ? color->str : color ? "" : "random";
    if (!strcmp(cs, "black")) col = GS_BLACK;
    else if (!strcmp(cs, "white")) col = GS_WHITE;
    else if (!strcmp(cs, "random")) {
        char r[3];
        srv_random_hex(r, 1);
        col = (hexval(r[1]) & 1) ? GS_BLACK : GS_WHITE;
    } else {
        fail(x, "bad-request", "\"color\": black, white or random");
        goto out;
    }
    const char *ot = "open";
    if (opp) {
        const io_json *t = io_json_get(opp, "type");
        ot = opp->type == IO_JSON_OBJECT && t && t->type == IO_JSON_STRING ? t->str : "";
    }
    if (strcmp(ot, "open") && strcmp(ot, "private") && strcmp(ot, "ai")) {
        fail(x, "bad-request", "\"opponent.type\": open, private or ai");
        goto out;
    }
    if (parse_clock(x, io_json_get(v, "clock"), &g->clock)) goto out;
    srv_err room;
    if (srv_player_room(x->c, x->player, x->lang, &room)) {
        reply_err(x, &room);
        goto out;
    }
    const io_json *hv = io_json_get(v, "handicap");
    int64_t hc = 0;
    if (hv && hv->type != IO_JSON_NULL && (!jint(hv, &hc) || hc < 0 || hc > 9)) {
        fail(x, "bad-request", "\"handicap\": 0 or 2..9 stones");
        goto out;
    }
    if (hc > 0) {
        if (hc == 1 || gs_handicap(g->s, (int)hc, &ge) != GS_OK) {
            fail(x, "bad-request", hc == 1 ? "\"handicap\": 0 or 2..9 stones" : gs_error_message(&ge, x->lang));
            goto out;
        }
        g->handicap = (int)hc;
    }
    g->seat[col].id = x->player;
    snprintf(g->seat[col].name, sizeof g->seat[col].name, "%s", x->pname);
    g->creator = x->player;
    g->created = g->updated = srv_wall_ms();
    g->status = SRV_OPEN;
    if (!strcmp(ot, "ai")) {
        const io_json *lv = io_json_get(opp, "level");
        const char *level = lv && lv->type == IO_JSON_STRING && lv->len < sizeof g->seat[0].ai ? lv->str : NULL;
        if (!level || strlen(level) != lv->len || gs_ai_check_level(g->g, level, &ge) != GS_OK) {
            fail(x, "bad-request", level ? gs_error_message(&ge, x->lang) : "\"opponent.level\" is required");
            goto out;
        }
        int o = GS_OTHER(col);
        snprintf(g->seat[o].ai, sizeof g->seat[o].ai, "%s", level);
        snprintf(g->seat[o].name, sizeof g->seat[o].name, "AI (%s)", level);
    } else if (!strcmp(ot, "private")) {
        g->priv = 1;
        if (srv_random_hex(g->invite, 16)) {
            fail(x, "storage", "no random source");
            goto out;
        }
    }
    /* An AI game is inserted playing, one statement: started by a second
     * commit, a failure of that one left an open row in the lobby whose AI
     * seat a second player could join. */
    int ai = !strcmp(ot, "ai");
    if (ai) srv_game_set_playing(g, gs_now());
    db_status st = srv_game_insert_row(x->c->db, g);
    if (st != DB_OK) {
        fail(x, st == DB_FULL ? "storage-full" : "storage", NULL);
        goto out;
    }
    srv_log(x->c->o.log, "create", "\"game\":%lld,\"player\":%lld,\"opponent\":\"%s\"", (long long)g->id,
            (long long)x->player, ot);
    /* from here the game is the table's */
    srv_game *gg = g;
    g = NULL;
    srv_core *c = x->c;
    /* put it in the table through a lookup-free path */
    srv_table_add(c, gg);
    if (ai) srv_game_started(c, gg);
    game_reply(x, gg, 201);
    srv_game_release(c, gg);
out:
    io_json_free(v);
    srv_game_free(g);
    return rc;
}

static int post_join(ctx *x, srv_game *g) {
    if (need_auth(x)) return 1;
    io_json *v = x->r->body_len ? body_json(x) : NULL;
    if (x->r->body_len && !v) return 1;
    const char *invite = v ? (io_json_get(v, "invite") && io_json_get(v, "invite")->type == IO_JSON_STRING
                                  ? io_json_get(v, "invite")->str
                                  : NULL)
                           : NULL;
    int rc = 1;
    if (!srv_can_see(g, x->player, invite)) {
        fail(x, "not-found", NULL);
        goto out;
    }
    if (g->creator == x->player || g->seat[GS_BLACK].id == x->player || g->seat[GS_WHITE].id == x->player) {
        /* the reason alone: forbidden's own text ("you do not hold this
         * seat") says the opposite of the truth here */
        srv_err e;
        srv_err_set(&e, x->lang, "forbidden", NULL);
        snprintf(e.msg, sizeof e.msg, "%s",
                 srv_detail_text(g->creator == x->player ? "you cannot join your own game"
                                                         : "you already play in this game",
                                 x->lang));
        reply_err(x, &e);
        goto out;
    }
    if (g->status != SRV_OPEN) {
        fail(x, "conflict", "the seat is taken");
        goto out;
    }
    srv_err room;
    if (srv_player_room(x->c, x->player, x->lang, &room)) {
        reply_err(x, &room);
        goto out;
    }
    int col = g->seat[GS_BLACK].id || g->seat[GS_BLACK].ai[0] ? GS_WHITE : GS_BLACK;
    g->seat[col].id = x->player;
    snprintf(g->seat[col].name, sizeof g->seat[col].name, "%s", x->pname);
    srv_err e;
    if (srv_game_start(x->c, g, &e, x->lang)) {
        g->seat[col].id = 0;
        g->seat[col].name[0] = 0;
        reply_err(x, &e);
        goto out;
    }
    game_reply(x, g, 200);
out:
    io_json_free(v);
    return rc;
}

static int post_action(ctx *x, srv_game *g, const char *fixed_type) {
    if (need_auth(x)) return 1;
    io_json *v = body_json(x);
    if (!v) return 1;
    const char *type = fixed_type;
    if (!type) {
        const io_json *t = io_json_get(v, "type");
        type = t && t->type == IO_JSON_STRING ? t->str : NULL;
    }
    if (!type || !strcmp(type, "watch") || !strcmp(type, "unwatch") || !strcmp(type, "hello")) {
        /* type points into v: the answer is written before v is freed */
        int r = fail(x, type ? "unknown-type" : "bad-request", type ? type : "\"type\" is required");
        io_json_free(v);
        return r;
    }
    srv_err e;
    if (srv_action(x->c, g, x->player, x->lang, type, v, NULL, NULL, &e)) reply_err(x, &e);
    else game_reply(x, g, 200);
    io_json_free(v);
    return 1;
}

/* SGF with the players, the result and the date added. */
static int get_sgf(ctx *x, srv_game *g) {
    if (g->g->sgf_gm <= 0) return fail(x, "not-found", "this game has no SGF form; use /json");
    /* the server's result (resignation, time, agreed count), not the
     * position's (which would count a Go game in its scoring phase) */
    gs_sgf_collection *col = io_state_sgf(g->s, NULL);
    if (!col || col->ntrees < 1) {
        gs_sgf_free(col);
        return fail(x, "storage", "cannot write SGF");
    }
    gs_sgf_node *root = col->trees[0];
    for (int c = GS_BLACK; c <= GS_WHITE; c++)
        if (g->seat[c].name[0]) gs_sgf_add_value(root, c == GS_BLACK ? "PB" : "PW", g->seat[c].name, strlen(g->seat[c].name));
    if (g->status == SRV_FINISHED) gs_sgf_add_value(root, "RE", g->result, strlen(g->result));
    char dt[16];
    time_t t = (time_t)(g->created / 1000);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(dt, sizeof dt, "%Y-%m-%d", &tm);
    gs_sgf_add_value(root, "DT", dt, strlen(dt));
    size_t len;
    char *out = gs_sgf_write(col, &len);
    gs_sgf_free(col);
    if (!out) return fail(x, "storage", "cannot write SGF");
    x->out->status = 200;
    x->out->content_type = "application/x-go-sgf; charset=utf-8";
    x->out->body = out;
    x->out->body_len = len;
    snprintf(x->out->disposition, sizeof x->out->disposition, "attachment; filename=\"gridstone-%lld.sgf\"",
             (long long)g->id);
    return 1;
}

/* The JSON state with the server's result (resignation, time, agreement,
 * the agreed count), "" until the game has finished: the position's would
 * say nothing of the first three, and count a Go game's dead stones alive. */
static int get_json_download(ctx *x, srv_game *g) {
    char *out = io_state_json(g->s, 1, g->status == SRV_FINISHED ? g->result : "");
    if (!out) return fail(x, "storage", "cannot write JSON");
    x->out->status = 200;
    x->out->content_type = "application/json";
    x->out->body = out;
    x->out->body_len = strlen(out);
    snprintf(x->out->disposition, sizeof x->out->disposition, "attachment; filename=\"gridstone-%lld.json\"",
             (long long)g->id);
    return 1;
}

/* Review: the position after each move (index 0 = the start), drawn by the
 * library's replay, so a client needs no rules to step through a game. */
static void position_json(io_buf *b, const gs_state *s, const uint8_t *before, int ply) {
    const gs_geom *geo = &s->game->geom;
    io_buf_printf(b, "{\"ply\":%d,\"to_move\":\"%s\",\"board\":[", ply, gs_color_name(s->to_move));
    for (int y = 0; y < geo->h; y++) {
        io_buf_puts(b, y ? ",\"" : "\"");
        for (int x = 0; x < geo->w; x++) {
            int v = s->board.cells[gs_idx(geo, x, y)];
            io_buf_putc(b, v == GS_BLACK ? 'X' : v == GS_WHITE ? 'O' : '.');
        }
        io_buf_putc(b, '"');
    }
    gs_move m = ply ? s->hist[ply - 1].move : GS_NOMOVE;
    io_buf_puts(b, "],\"last\":");
    if (m >= 0) io_buf_printf(b, "{\"x\":%d,\"y\":%d}", gs_x(geo, m), gs_y(geo, m));
    else io_buf_puts(b, "null");
    io_buf_puts(b, ",\"changed\":[");
    int first = 1;
    for (int i = 0; before && i < geo->n; i++)
        if (i != m && before[i] != s->board.cells[i]) {
            io_buf_printf(b, "%s[%d,%d]", first ? "" : ",", gs_x(geo, i), gs_y(geo, i));
            first = 0;
        }
    io_buf_printf(b, "],\"captures\":{\"black\":%d,\"white\":%d},\"line\":[", gs_captures(s, GS_BLACK),
                  gs_captures(s, GS_WHITE));
    gs_result r;
    int nline = srv_win_line(s, &r);
    for (int i = 0; i < nline; i++)
        io_buf_printf(b, "%s[%d,%d]", i ? "," : "", gs_x(geo, r.line[i]), gs_y(geo, r.line[i]));
    io_buf_puts(b, "]}");
}

static int get_positions(ctx *x, srv_game *g) {
    gs_state *s = gs_state_clone(g->s);
    gs_move *moves = malloc(sizeof *moves * (size_t)(g->s->nhist + 1));
    uint8_t *before = malloc(GS_MAX_CELLS);
    if (!s || !moves || !before) {
        gs_state_free(s);
        free(moves);
        free(before);
        return fail(x, "storage", "out of memory");
    }
    int n = g->s->nhist;
    for (int i = 0; i < n; i++) moves[i] = g->s->hist[i].move;
    while (s->nhist > 0 && gs_undo(s) == GS_OK) {
    }
    io_buf b;
    io_buf_init(&b);
    io_buf_printf(&b, "{\"game\":%lld,\"positions\":[", (long long)g->id);
    position_json(&b, s, NULL, 0);
    int ok = s->nhist == 0;
    for (int i = 0; ok && i < n; i++) {
        memcpy(before, s->board.cells, (size_t)s->game->geom.n);
        if (gs_play(s, moves[i]) != GS_OK) ok = 0;
        else {
            io_buf_putc(&b, ',');
            position_json(&b, s, before, i + 1);
        }
    }
    io_buf_puts(&b, "]}");
    gs_state_free(s);
    free(moves);
    free(before);
    if (!ok) {
        io_buf_free(&b);
        return fail(x, "storage", "the game does not replay");
    }
    reply(x, 200, &b);
    return 1;
}

/* A summary from a games row (the columns of SUMMARY_COLS). */
#define SUMMARY_COLS                                                                                                \
    "g.id, g.spec, g.kind, g.status, g.private, g.created, g.updated, g.black_id, g.white_id, g.black_ai,"          \
    " g.white_ai, pb.name, pw.name, g.ply, g.result, g.winner, g.how, g.score, g.clock_type"
#define SUMMARY_FROM " FROM games g LEFT JOIN players pb ON pb.id = g.black_id LEFT JOIN players pw ON pw.id = g.white_id"

static void row_seat(io_buf *b, const db_res *r, int i, int idcol, int aicol, int namecol) {
    io_buf_puts(b, "{\"id\":");
    if (db_res_get(r, i, idcol)) io_buf_printf(b, "%lld", (long long)db_res_int(r, i, idcol, 0));
    else io_buf_puts(b, "null");
    const char *ai = db_res_get(r, i, aicol), *nm = db_res_get(r, i, namecol);
    char aname[96];
    if (ai) snprintf(aname, sizeof aname, "AI (%s)", ai);
    io_buf_puts(b, ",\"name\":");
    if (ai) srv_json_str(b, aname);
    else if (nm) srv_json_str(b, nm);
    else io_buf_puts(b, "null");
    io_buf_puts(b, ",\"ai\":");
    if (ai) srv_json_str(b, ai);
    else io_buf_puts(b, "null");
    io_buf_putc(b, '}');
}

static void row_summary(io_buf *b, const db_res *r, int i, gs_lang lang) {
    io_buf_printf(b, "{\"id\":%lld,\"spec\":", (long long)db_res_int(r, i, 0, 0));
    srv_json_str(b, db_res_get(r, i, 1) ? db_res_get(r, i, 1) : "");
    io_buf_puts(b, ",\"kind\":");
    srv_json_str(b, db_res_get(r, i, 2) ? db_res_get(r, i, 2) : "");
    io_buf_puts(b, ",\"status\":");
    srv_json_str(b, db_res_get(r, i, 3) ? db_res_get(r, i, 3) : "");
    io_buf_printf(b, ",\"private\":%s,\"created\":%lld,\"updated\":%lld,\"players\":{\"black\":",
                  db_res_int(r, i, 4, 0) ? "true" : "false", (long long)db_res_int(r, i, 5, 0),
                  (long long)db_res_int(r, i, 6, 0));
    row_seat(b, r, i, 7, 9, 11);
    io_buf_puts(b, ",\"white\":");
    row_seat(b, r, i, 8, 10, 12);
    int64_t ply = db_res_int(r, i, 13, 0);
    io_buf_printf(b, "},\"ply\":%lld,\"clock_type\":", (long long)ply);
    srv_json_str(b, db_res_get(r, i, 18) ? db_res_get(r, i, 18) : "none");
    io_buf_puts(b, ",\"result\":");
    const char *res = db_res_get(r, i, 14);
    if (res && db_res_get(r, i, 3) && !strcmp(db_res_get(r, i, 3), "finished")) {
        srv_game tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.status = SRV_FINISHED;
        const char *w = db_res_get(r, i, 15);
        tmp.winner = w && !strcmp(w, "black") ? GS_BLACK : w && !strcmp(w, "white") ? GS_WHITE : GS_EMPTY;
        snprintf(tmp.how, sizeof tmp.how, "%s", db_res_get(r, i, 16) ? db_res_get(r, i, 16) : "");
        tmp.has_score = db_res_get(r, i, 17) != NULL;
        tmp.score = db_res_real(r, i, 17, 0);
        snprintf(tmp.result, sizeof tmp.result, "%s", res);
        srv_result_json(b, &tmp, lang);
    } else io_buf_puts(b, "null");
    io_buf_putc(b, '}');
}

static int get_lobby(ctx *x) {
    io_buf b;
    io_buf_init(&b);
    io_buf_puts(&b, "{\"open\":[");
    static const char *const q[2] = {
        "SELECT " SUMMARY_COLS SUMMARY_FROM " WHERE g.status = 'open' AND g.private = 0 ORDER BY g.id DESC LIMIT 100",
        "SELECT " SUMMARY_COLS SUMMARY_FROM
        " WHERE g.status IN ('playing', 'scoring') AND g.private = 0 ORDER BY g.updated DESC LIMIT 100"};
    for (int k = 0; k < 2; k++) {
        db_res *r;
        if (db_exec(x->c->db, q[k], NULL, 0, &r) != DB_OK) {
            io_buf_free(&b);
            return fail(x, "storage", NULL);
        }
        for (int i = 0; i < r->rows; i++) {
            if (i) io_buf_putc(&b, ',');
            row_summary(&b, r, i, x->lang);
        }
        db_res_free(r);
        io_buf_puts(&b, k == 0 ? "],\"live\":[" : "]}");
    }
    reply(x, 200, &b);
    return 1;
}

static int get_games(ctx *x) {
    int bad = 0;
    int64_t player = 0, from = 0, to = 0, limit = 20, offset = 0;
    int hp = qint(x, "player", 1, INT64_MAX, &player, &bad);
    int hf = qint(x, "from", 0, INT64_MAX, &from, &bad);
    int ht = qint(x, "to", 0, INT64_MAX, &to, &bad);
    qint(x, "limit", 1, 100, &limit, &bad);
    qint(x, "offset", 0, 1000000000, &offset, &bad);
    char kindb[64], statusb[16], resb[16];
    const char *kind = qparam(x, "game", kindb, sizeof kindb);
    const char *status = qparam(x, "status", statusb, sizeof statusb);
    const char *result = qparam(x, "result", resb, sizeof resb);
    if (bad) return fail(x, "bad-request", "player/from/to/limit/offset must be integers in range");
    if (status && srv_status_from_name(status) < 0) return fail(x, "bad-request", "status: open, playing, scoring or finished");
    if (result && strcmp(result, "black") && strcmp(result, "white") && strcmp(result, "draw"))
        return fail(x, "bad-request", "result: black, white or draw");
    /* a name or an alias stands for its game's kind */
    char kbuf[64];
    if (kind) {
        if (!kind_of(x, kind, kbuf, sizeof kbuf)) return fail(x, "bad-request", "game: unknown game");
        kind = kbuf;
    }
    db_param p[] = {
        db_int(x->player), hp ? db_int(player) : db_null(), db_text(kind), db_text(status), db_text(result),
        hf ? db_int(from) : db_null(), ht ? db_int(to) : db_null(), db_int(limit), db_int(offset),
    };
#define GAMES_WHERE                                                                                                 \
    " WHERE (g.private = 0 OR g.black_id = $1 OR g.white_id = $1 OR g.creator = $1)"                                \
    " AND (CAST($2 AS BIGINT) IS NULL OR g.black_id = $2 OR g.white_id = $2)"                                       \
    " AND (CAST($3 AS TEXT) IS NULL OR g.kind = $3) AND (CAST($4 AS TEXT) IS NULL OR g.status = $4)"                \
    " AND (CAST($5 AS TEXT) IS NULL OR g.winner = $5) AND (CAST($6 AS BIGINT) IS NULL OR g.created >= $6)"          \
    " AND (CAST($7 AS BIGINT) IS NULL OR g.created <= $7)"
    db_res *r;
    int64_t total = 0;
    if (db_exec_int(x->c->db, "SELECT count(*)" SUMMARY_FROM GAMES_WHERE, p, 7, &total) != DB_OK
        || db_exec(x->c->db,
                   "SELECT " SUMMARY_COLS SUMMARY_FROM GAMES_WHERE " ORDER BY g.id DESC LIMIT $8 OFFSET $9", p, 9,
                   &r) != DB_OK)
        return fail(x, "storage", NULL);
    io_buf b;
    io_buf_init(&b);
    io_buf_puts(&b, "{\"games\":[");
    for (int i = 0; i < r->rows; i++) {
        if (i) io_buf_putc(&b, ',');
        row_summary(&b, r, i, x->lang);
    }
    io_buf_printf(&b, "],\"total\":%lld,\"limit\":%lld,\"offset\":%lld}", (long long)total, (long long)limit,
                  (long long)offset);
    db_res_free(r);
    reply(x, 200, &b);
    return 1;
}

/* ---- operations ---- */
/* Healthy: the store takes a write (answering a read is not enough: an
 * instance on a read-only database cannot commit a move).  503 otherwise,
 * with the error object. */
static int get_health(ctx *x) {
    srv_err e;
    int ok = !srv_store_writable(x->c, x->lang, &e);
    io_buf b;
    io_buf_init(&b);
    io_buf_printf(&b, "{\"status\":\"%s\",\"db\":\"%s\"", ok ? "ok" : "failing", ok ? "ok" : "failing");
    if (!ok) {
        io_buf_puts(&b, ",\"error\":");
        srv_err_json(&b, &e);
        x->c->errors++;
    }
    io_buf_putc(&b, '}');
    reply(x, ok ? 200 : 503, &b);
    return 1;
}

static void hist_text(io_buf *b, const char *name, const char *help, const srv_hist *h) {
    io_buf_printf(b, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name);
    for (int i = 0; i < SRV_NBUCKETS; i++)
        io_buf_printf(b, "%s_bucket{le=\"%g\"} %llu\n", name, srv_buckets[i], (unsigned long long)h->b[i]);
    io_buf_printf(b, "%s_bucket{le=\"+Inf\"} %llu\n%s_sum %.6f\n%s_count %llu\n", name, (unsigned long long)h->count,
                  name, h->sum, name, (unsigned long long)h->count);
}

static int get_metrics(ctx *x) {
    srv_core *c = x->c;
    int live = 0;
    for (int s = srv_table_slot(c, 0); s >= 0; s = srv_table_slot(c, s + 1))
        for (srv_game *g = c->table[s]; g; g = g->next) live += g->status == SRV_PLAYING || g->status == SRV_SCORING;
    io_buf b;
    io_buf_init(&b);
    io_buf_printf(&b,
                  "# HELP gridstone_connections Open WebSocket connections.\n# TYPE gridstone_connections gauge\n"
                  "gridstone_connections %d\n"
                  "# HELP gridstone_live_games Games being played or scored.\n# TYPE gridstone_live_games gauge\n"
                  "gridstone_live_games %d\n"
                  "# HELP gridstone_moves_total Moves committed.\n# TYPE gridstone_moves_total counter\n"
                  "gridstone_moves_total %llu\n"
                  "# HELP gridstone_http_requests_total HTTP requests.\n# TYPE gridstone_http_requests_total counter\n"
                  "gridstone_http_requests_total %llu\n"
                  "# HELP gridstone_errors_total Error answers.\n# TYPE gridstone_errors_total counter\n"
                  "gridstone_errors_total %llu\n"
                  "# HELP gridstone_messages_sent_total WebSocket messages queued.\n"
                  "# TYPE gridstone_messages_sent_total counter\ngridstone_messages_sent_total %llu\n"
                  "# HELP gridstone_reloads_total Games read again after another instance's change: the stored"
                  " moves played onto the copy held (appended), or the game loaded whole (full).\n"
                  "# TYPE gridstone_reloads_total counter\ngridstone_reloads_total{path=\"appended\"} %llu\n"
                  "gridstone_reloads_total{path=\"full\"} %llu\n",
                  c->nconns, live, (unsigned long long)c->moves, (unsigned long long)c->http,
                  (unsigned long long)c->errors, (unsigned long long)c->sent, (unsigned long long)c->reloads[1],
                  (unsigned long long)c->reloads[0]);
    hist_text(&b, "gridstone_move_seconds", "Move handling time: received, checked, committed, sent.", &c->move_hist);
    hist_text(&b, "gridstone_db_seconds", "Database statement batches.", &c->db_hist);
    reply(x, 200, &b);
    x->out->content_type = "text/plain; version=0.0.4";
    return 1;
}

/* ---- routing ---- */
static int id_after(const char *path, const char *prefix, int64_t *id, const char **rest) {
    size_t n = strlen(prefix);
    if (strncmp(path, prefix, n)) return 0;
    const char *p = path + n;
    if (!isdigit((unsigned char)*p)) return 0;
    char *e;
    long long v = strtoll(p, &e, 10);
    if (v <= 0 || v > (long long)9e15) return 0;
    *id = v;
    *rest = e;
    return 1;
}

/* The token of an "Authorization: Bearer TOKEN" header, else NULL.  The
 * scheme's name is case-insensitive (HTTP's rule for every scheme). */
static const char *bearer_token(const char *auth) {
    if (strncasecmp(auth, "Bearer", 6) || auth[6] != ' ') return NULL;
    auth += 6;
    return auth + strspn(auth, " ");
}

/* An Accept-Language qvalue ("0", "0.8", "1.000": at most three decimals,
 * at most 1) in thousandths, or -1 when it is not one. */
static int qvalue(const char *p, size_t n) {
    if (n == 0 || (p[0] != '0' && p[0] != '1') || (n > 1 && p[1] != '.') || n > 5) return -1;
    int v = (p[0] - '0') * 1000, scale = 100;
    for (size_t i = 2; i < n; i++, scale /= 10) {
        if (!isdigit((unsigned char)p[i])) return -1;
        v += (p[i] - '0') * scale;
    }
    return v > 1000 ? -1 : v;
}

/* The language of an Accept-Language header: Korean when a range for it
 * ("ko", "ko-KR") has a higher quality than English's (or the earlier
 * place at the same quality), else English; "*" and ranges of other
 * languages choose nothing, a quality of 0 refuses, and an element with a
 * malformed quality counts as absent. */
static gs_lang accept_language(const char *h) {
    int best[2] = {-1, -1}, at[2] = {0, 0}, pos = 0;   /* [0] English, [1] Korean */
    while (*h) {
        size_t n = strcspn(h, ",");
        const char *e = h + n, *p = h + strspn(h, " \t");
        size_t rl = strcspn(p, ";,");
        while (rl && (p[rl - 1] == ' ' || p[rl - 1] == '\t')) rl--;
        int q = 1000;
        const char *semi = memchr(p, ';', (size_t)(e - p));
        if (semi) {
            const char *w = semi + 1 + strspn(semi + 1, " \t");
            size_t wl = (size_t)(e - w);
            while (wl && (w[wl - 1] == ' ' || w[wl - 1] == '\t')) wl--;
            q = (wl > 2 && (w[0] == 'q' || w[0] == 'Q') && w[1] == '=') ? qvalue(w + 2, wl - 2) : -1;
        }
        int k = -1;   /* the primary subtag: "ko", "en" or another */
        if (rl == 2 || (rl > 2 && p[2] == '-')) k = !strncasecmp(p, "ko", 2) ? 1 : !strncasecmp(p, "en", 2) ? 0 : -1;
        if (k >= 0 && q > best[k]) best[k] = q, at[k] = pos;
        pos++;
        h = *e ? e + 1 : e;
    }
    return best[1] > 0 && (best[1] > best[0] || (best[1] == best[0] && at[1] < at[0])) ? GS_LANG_KO : GS_LANG_EN;
}

int srv_http(srv_core *c, const srv_http_req *r, srv_http_resp *out) {
    memset(out, 0, sizeof *out);
    const char *path = r->path;
    if (strcmp(path, "/healthz") && strcmp(path, "/metrics") && strncmp(path, "/api/", 5) && strcmp(path, "/api"))
        return 0;
    c->http++;
    ctx x = {c, r, out, GS_LANG_EN, 0, 0, ""};
    if (r->accept_lang && *r->accept_lang) x.lang = accept_language(r->accept_lang);
    if (r->auth && *r->auth) {
        gs_lang pl = x.lang;
        const char *token = bearer_token(r->auth);
        int f = token ? srv_player_by_token(c, token, &x.player, x.pname, sizeof x.pname, &pl) : 0;
        x.auth_state = f > 0 ? 1 : f < 0 ? -2 : -1;
        if (f > 0 && !(r->accept_lang && *r->accept_lang)) x.lang = pl;
        if (f <= 0) x.player = 0;
    }
    char lb[8];
    const char *ql = qparam(&x, "lang", lb, sizeof lb);
    if (ql) x.lang = gs_lang_from_name(ql);
    if (c->shutting) return fail(&x, "shutting-down", NULL);
    int get = !strcmp(r->method, "GET"), post = !strcmp(r->method, "POST");
    int64_t id;
    const char *rest;
    if (!strcmp(path, "/healthz") && get) return get_health(&x);
    if (!strcmp(path, "/metrics") && get) return get_metrics(&x);
    if (!strcmp(path, "/api/meta") && get) return get_meta(&x);
    if (!strcmp(path, "/api/players") && post) return post_players(&x);
    if (!strcmp(path, "/api/players/me") && get) return get_me(&x);
    if (id_after(path, "/api/players/", &id, &rest)) {
        if (!*rest && get) return get_player_stats(&x, id);
        if (!strcmp(rest, "/ratings") && get) return get_ratings(&x, id);
    }
    if (!strcmp(path, "/api/lobby") && get) return get_lobby(&x);
    if (!strcmp(path, "/api/games") && post) return post_games(&x);
    if (!strcmp(path, "/api/games") && get) return get_games(&x);
    if (!strcmp(path, "/api/stats") && get) return get_stats(&x);
    if (id_after(path, "/api/games/", &id, &rest)) {
        srv_game *g = srv_game_get(c, id);
        char ib[40];
        const char *invite = qparam(&x, "invite", ib, sizeof ib);
        if (!g) return fail(&x, "not-found", NULL);
        int rc = -1;
        if (!strcmp(rest, "/join") && post) rc = post_join(&x, g);
        else if (!srv_can_see(g, x.player, invite)) rc = fail(&x, "not-found", NULL);
        else if (!*rest && get) rc = game_reply(&x, g, 200);
        else if (!strcmp(rest, "/moves") && post) rc = post_action(&x, g, "move");
        else if (!strcmp(rest, "/action") && post) rc = post_action(&x, g, NULL);
        else if (!strcmp(rest, "/sgf") && get) rc = get_sgf(&x, g);
        else if (!strcmp(rest, "/json") && get) rc = get_json_download(&x, g);
        else if (!strcmp(rest, "/positions") && get) rc = get_positions(&x, g);
        srv_game_release(c, g);
        if (rc >= 0) return rc;
    }
    return fail(&x, get || post ? "not-found" : "method-not-allowed", NULL);
}
