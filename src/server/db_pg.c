/* Server storage: the PostgreSQL driver of db.h (libpq).
 *
 * Every statement is a prepared statement: the first db_exec of an SQL text
 * prepares it under a generated name (cached per connection, keyed by the
 * text), later ones only bind and execute.  Parameters are sent as text and
 * PostgreSQL infers their types from the statement.  Booleans come back as
 * "1"/"0", as SQLite gives them.  SQLSTATE classes map onto db_status:
 * unique violations are DB_CONFLICT, disk full is DB_FULL, serialization
 * failures, deadlocks and lock timeouts are DB_BUSY.
 *
 * Notifications: LISTEN and pg_notify are plain SQL (db_exec); notify_fd
 * gives the connection's socket to poll and notify_next reads what arrived.
 * A lost connection is re-established once before the next statement when
 * no transaction was open (prepared statements are then prepared again;
 * LISTENs are repeated); notify_next then returns -1 once, since
 * notifications may have been missed while it was down. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libpq-fe.h>
#include "server/db.h"

#define PG_CACHE 512        /* prepared statements per connection (open addressing) */
#define PG_MAX_PARAMS 64
#define PG_MAX_LISTEN 8
#define PG_BOOLOID 16

typedef struct pg_stmt {
    char *sql;              /* NULL: free slot */
    unsigned long hash;
    int id;
} pg_stmt;

typedef struct pg_conn {
    PGconn *pg;
    char *url;
    pg_stmt cache[PG_CACHE];
    int nstmt, next_id;
    int in_tx;              /* a BEGIN without COMMIT/ROLLBACK yet */
    char *listen[PG_MAX_LISTEN];
    int nlisten;
    char err[512];
} pg_conn;

static int pg_accepts(const char *url) {
    return !strncmp(url, "postgres://", 11) || !strncmp(url, "postgresql://", 13);
}

static unsigned long pg_hash(const char *s) {
    unsigned long h = 1469598103934665603UL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211UL;
    return h;
}

/* One line from a libpq message (they end with newlines, may span lines). */
static void pg_set_err(pg_conn *c, const char *msg) {
    size_t n = 0;
    if (!msg || !*msg) msg = "unknown PostgreSQL error";
    for (; msg[n] && n + 1 < sizeof c->err; n++) c->err[n] = msg[n] == '\n' || msg[n] == '\r' ? ' ' : msg[n];
    while (n > 0 && c->err[n - 1] == ' ') n--;
    c->err[n] = 0;
}

static void pg_cache_clear(pg_conn *c) {
    for (int i = 0; i < PG_CACHE; i++) {
        free(c->cache[i].sql);
        c->cache[i].sql = NULL;
    }
    c->nstmt = 0;
}

static db_status pg_status_of(pg_conn *c, PGresult *r) {
    const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
    pg_set_err(c, r && PQresultErrorMessage(r)[0] ? PQresultErrorMessage(r) : PQerrorMessage(c->pg));
    if (!state) return DB_ERROR;
    if (!strcmp(state, "23505")) return DB_CONFLICT;                 /* unique_violation */
    if (!strcmp(state, "53100")) return DB_FULL;                     /* disk_full */
    if (!strcmp(state, "40001") || !strcmp(state, "40P01") || !strcmp(state, "55P03"))
        return DB_BUSY;                                              /* serialization, deadlock, lock */
    return DB_ERROR;
}

static db_status pg_relisten(pg_conn *c) {
    for (int i = 0; i < c->nlisten; i++) {
        char *q = PQescapeIdentifier(c->pg, c->listen[i], strlen(c->listen[i]));
        char sql[300];
        if (!q) { pg_set_err(c, PQerrorMessage(c->pg)); return DB_ERROR; }
        snprintf(sql, sizeof sql, "LISTEN %s", q);
        PQfreemem(q);
        PGresult *r = PQexec(c->pg, sql);
        db_status st = PQresultStatus(r) == PGRES_COMMAND_OK ? DB_OK : pg_status_of(c, r);
        PQclear(r);
        if (st != DB_OK) return st;
    }
    return DB_OK;
}

/* Before a statement: if the connection was lost outside a transaction,
 * reconnect once (the statement cache is then empty again). */
static db_status pg_ensure(pg_conn *c) {
    if (PQstatus(c->pg) == CONNECTION_OK) return DB_OK;
    if (c->in_tx) {
        pg_set_err(c, "connection to PostgreSQL lost inside a transaction");
        return DB_ERROR;
    }
    PQreset(c->pg);
    pg_cache_clear(c);
    if (PQstatus(c->pg) != CONNECTION_OK) {
        pg_set_err(c, PQerrorMessage(c->pg));
        return DB_ERROR;
    }
    return pg_relisten(c);
}

static void pg_quiet(void *arg, const char *msg) { (void)arg; (void)msg; }

/* read_only: nothing to do (reading changes no setting of the database) */
static db_status pg_open(const char *url, int read_only, void **impl, char *err, size_t errlen) {
    (void)read_only;
    pg_conn *c = calloc(1, sizeof *c);
    *impl = NULL;
    if (!c || !(c->url = strdup(url))) {
        free(c);
        snprintf(err, errlen, "out of memory");
        return DB_ERROR;
    }
    c->pg = PQconnectdb(url);
    if (!c->pg || PQstatus(c->pg) != CONNECTION_OK) {
        pg_set_err(c, c->pg ? PQerrorMessage(c->pg) : "out of memory");
        snprintf(err, errlen, "postgres: %s", c->err);
        PQfinish(c->pg);
        free(c->url);
        free(c);
        return DB_ERROR;
    }
    /* Quiet NOTICEs (e.g. "relation already exists, skipping"). */
    PQsetNoticeProcessor(c->pg, pg_quiet, NULL);
    *impl = c;
    return DB_OK;
}

static void pg_close(void *impl) {
    pg_conn *c = impl;
    if (!c) return;
    PQfinish(c->pg);
    pg_cache_clear(c);
    for (int i = 0; i < c->nlisten; i++) free(c->listen[i]);
    free(c->url);
    free(c);
}

/* The cached statement for sql, prepared now if new; NULL name when the
 * cache is full (the statement then runs unnamed). */
static db_status pg_prepare(pg_conn *c, const char *sql, int np, char *name, size_t namelen) {
    unsigned long h = pg_hash(sql);
    size_t i = h % PG_CACHE;
    name[0] = 0;
    for (int probe = 0; probe < PG_CACHE; probe++, i = (i + 1) % PG_CACHE) {
        pg_stmt *s = &c->cache[i];
        if (s->sql && s->hash == h && !strcmp(s->sql, sql)) {
            snprintf(name, namelen, "gs%d", s->id);
            return DB_OK;
        }
        if (!s->sql) break;
    }
    if (c->nstmt >= PG_CACHE * 3 / 4) return DB_OK; /* full: unnamed */
    pg_stmt *s = &c->cache[i];
    int id = ++c->next_id;
    snprintf(name, namelen, "gs%d", id);
    PGresult *r = PQprepare(c->pg, name, sql, np, NULL);
    if (PQresultStatus(r) != PGRES_COMMAND_OK) {
        db_status st = pg_status_of(c, r);
        PQclear(r);
        name[0] = 0;
        return st;
    }
    PQclear(r);
    if (!(s->sql = strdup(sql))) return DB_OK; /* prepared but uncached: harmless */
    s->hash = h;
    s->id = id;
    c->nstmt++;
    return DB_OK;
}

static db_status pg_collect(pg_conn *c, PGresult *r, db_res **res) {
    int rows = PQntuples(r), cols = PQnfields(r);
    const char *cmd = PQcmdTuples(r);
    db_res *out;
    if (!res) return DB_OK;
    if (!(out = db_res_new(cols))) { pg_set_err(c, "out of memory"); return DB_ERROR; }
    out->changes = cmd && *cmd ? strtoll(cmd, NULL, 10) : 0;
    if (cols > 0 && rows > 0) {
        const char **vals = malloc(sizeof *vals * (size_t)cols);
        size_t *lens = malloc(sizeof *lens * (size_t)cols);
        if (!vals || !lens) {
            free(vals); free(lens); db_res_free(out);
            pg_set_err(c, "out of memory");
            return DB_ERROR;
        }
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                if (PQgetisnull(r, i, j)) { vals[j] = NULL; lens[j] = 0; continue; }
                vals[j] = PQgetvalue(r, i, j);
                lens[j] = (size_t)PQgetlength(r, i, j);
                if (PQftype(r, j) == PG_BOOLOID) { vals[j] = vals[j][0] == 't' ? "1" : "0"; lens[j] = 1; }
            }
            if (db_res_push(out, vals, lens)) {
                free(vals); free(lens); db_res_free(out);
                pg_set_err(c, "out of memory");
                return DB_ERROR;
            }
        }
        free(vals);
        free(lens);
    }
    *res = out;
    return DB_OK;
}

/* Track BEGIN/COMMIT/ROLLBACK so a reconnect never happens mid-transaction. */
static void pg_track_tx(pg_conn *c, const char *sql, db_status st) {
    while (*sql == ' ' || *sql == '\n' || *sql == '\t') sql++;
    if (!strncmp(sql, "BEGIN", 5)) { if (st == DB_OK) c->in_tx = 1; }
    else if (!strncmp(sql, "COMMIT", 6) || !strncmp(sql, "ROLLBACK", 8) || !strncmp(sql, "END", 3)) c->in_tx = 0;
}

/* "LISTEN name" is remembered so a reconnect repeats it. */
static void pg_track_listen(pg_conn *c, const char *sql) {
    while (*sql == ' ') sql++;
    if (strncmp(sql, "LISTEN ", 7) || c->nlisten >= PG_MAX_LISTEN) return;
    const char *ch = sql + 7;
    while (*ch == ' ') ch++;
    size_t n = strcspn(ch, " ;\n");
    if (n == 0 || n > 63) return;
    for (int i = 0; i < c->nlisten; i++)
        if (strlen(c->listen[i]) == n && !strncmp(c->listen[i], ch, n)) return;
    char *s = malloc(n + 1);
    if (!s) return;
    memcpy(s, ch, n);
    s[n] = 0;
    if (s[0] == '"') { /* keep the quoted name as written, minus quotes */
        memmove(s, s + 1, n);
        if (n >= 2 && s[n - 2] == '"') s[n - 2] = 0;
    }
    c->listen[c->nlisten++] = s;
}

static db_status pg_exec(void *impl, const char *sql, const db_param *p, int np, db_res **res) {
    pg_conn *c = impl;
    const char *vals[PG_MAX_PARAMS];
    char nums[PG_MAX_PARAMS][32], name[24];
    db_status st;
    PGresult *r;
    if (np < 0 || np > PG_MAX_PARAMS) { pg_set_err(c, "too many statement parameters"); return DB_ERROR; }
    if ((st = pg_ensure(c)) != DB_OK) return st;
    for (int i = 0; i < np; i++) {
        switch (p[i].type) {
        case DB_PINT: snprintf(nums[i], sizeof nums[i], "%lld", (long long)p[i].i); vals[i] = nums[i]; break;
        case DB_PREAL: snprintf(nums[i], sizeof nums[i], "%.17g", p[i].d); vals[i] = nums[i]; break;
        case DB_PTEXT: vals[i] = p[i].s; break;
        default: vals[i] = NULL; break;
        }
    }
    if ((st = pg_prepare(c, sql, np, name, sizeof name)) != DB_OK) return st;
    if (name[0]) r = PQexecPrepared(c->pg, name, np, vals, NULL, NULL, 0);
    else r = PQexecParams(c->pg, sql, np, NULL, vals, NULL, NULL, 0);
    switch (PQresultStatus(r)) {
    case PGRES_COMMAND_OK:
    case PGRES_TUPLES_OK:
        st = pg_collect(c, r, res);
        break;
    default:
        st = pg_status_of(c, r);
        break;
    }
    PQclear(r);
    pg_track_tx(c, sql, st);
    if (st == DB_OK) pg_track_listen(c, sql);
    return st;
}

static db_status pg_script(void *impl, const char *sql) {
    pg_conn *c = impl;
    db_status st;
    if ((st = pg_ensure(c)) != DB_OK) return st;
    PGresult *r = PQexec(c->pg, sql);
    ExecStatusType t = PQresultStatus(r);
    st = t == PGRES_COMMAND_OK || t == PGRES_TUPLES_OK || t == PGRES_EMPTY_QUERY ? DB_OK : pg_status_of(c, r);
    PQclear(r);
    return st;
}

static const char *pg_errmsg(void *impl) {
    pg_conn *c = impl;
    return c->err[0] ? c->err : "no error";
}

static int pg_notify_fd(void *impl) {
    pg_conn *c = impl;
    return PQsocket(c->pg);
}

static int pg_notify_next(void *impl, char *chan, size_t clen, char *payload, size_t plen) {
    pg_conn *c = impl;
    PGnotify *n;
    if (!PQconsumeInput(c->pg)) {
        /* Lost: notifications may have been missed.  Reconnect (LISTENs are
         * repeated) and tell the caller to reload what it holds. */
        pg_set_err(c, PQerrorMessage(c->pg));
        if (!c->in_tx) pg_ensure(c);
        return -1;
    }
    if (!(n = PQnotifies(c->pg))) return 0;
    if (chan && clen) snprintf(chan, clen, "%s", n->relname);
    if (payload && plen) snprintf(payload, plen, "%s", n->extra ? n->extra : "");
    PQfreemem(n);
    return 1;
}

const db_driver db_pg_driver = {
    .name = "postgres",
    .accepts = pg_accepts,
    .open = pg_open,
    .close = pg_close,
    .exec = pg_exec,
    .script = pg_script,
    .errmsg = pg_errmsg,
    .notify_fd = pg_notify_fd,
    .notify_next = pg_notify_next,
};
