/* Server storage: the SQLite driver (db.h).  Prepared statements are cached
 * per SQL text; the database is opened in WAL mode with synchronous=NORMAL
 * (a committed transaction survives the process being killed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "io/iobuf.h"
#include "server/db.h"

#define SQ_CACHE 64
#define SQ_PARAMS 64             /* $1..$64 have their index kept with the statement */

typedef struct sq_stmt {
    char *sql;
    size_t len;
    uint64_t h;
    sqlite3_stmt *st;
    /* the index of parameter $i+1 in st (0: not used), found once when the
     * statement is prepared rather than by name at every call */
    unsigned char idx[SQ_PARAMS];
} sq_stmt;

typedef struct sq_conn {
    sqlite3 *db;
    sq_stmt cache[SQ_CACHE];
    int ncache;
    char err[256];
} sq_conn;

static int sq_accepts(const char *url) { return !strncmp(url, "sqlite:", 7); }

static db_status sq_map(int rc) {
    switch (rc & 0xff) {
    case SQLITE_OK: case SQLITE_DONE: case SQLITE_ROW: return DB_OK;
    case SQLITE_FULL: case SQLITE_IOERR: return DB_FULL;
    case SQLITE_CONSTRAINT: return DB_CONFLICT;
    case SQLITE_BUSY: case SQLITE_LOCKED: return DB_BUSY;
    default: return DB_ERROR;
    }
}

static db_status sq_fail(sq_conn *c, int rc) {
    snprintf(c->err, sizeof c->err, "%s", sqlite3_errmsg(c->db));
    db_status st = sq_map(rc);
    /* An I/O error on write is almost always a full disk here (the
     * extended code says which); report it as storage-full only then. */
    if ((rc & 0xff) == SQLITE_IOERR && rc != SQLITE_IOERR_WRITE && rc != SQLITE_IOERR_FSYNC
        && rc != SQLITE_IOERR_TRUNCATE)
        st = DB_ERROR;
    return st == DB_OK ? DB_ERROR : st;
}

static db_status sq_open(const char *url, int read_only, void **impl, char *err, size_t errlen) {
    const char *path = url + 7;
    if (!*path) {
        snprintf(err, errlen, "sqlite: no file name in '%s'", url);
        return DB_ERROR;
    }
    sq_conn *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return DB_ERROR;
    }
    int flags = read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    int rc = sqlite3_open_v2(path, &c->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "sqlite: %s: %s", path, c->db ? sqlite3_errmsg(c->db) : "cannot open");
        sqlite3_close(c->db);
        free(c);
        return DB_ERROR;
    }
    sqlite3_extended_result_codes(c->db, 1);
    sqlite3_busy_timeout(c->db, 5000);
    /* WAL is a setting of the file, kept after closing: a reader leaves the
     * file's own */
    const char *pragmas = read_only ? "PRAGMA query_only=1;"
                          : strcmp(path, ":memory:")
                              ? "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"
                              : "PRAGMA foreign_keys=ON;";
    char *msg = NULL;
    if (sqlite3_exec(c->db, pragmas, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, errlen, "sqlite: %s: %s", path, msg ? msg : "pragma failed");
        sqlite3_free(msg);
        sqlite3_close(c->db);
        free(c);
        return DB_ERROR;
    }
    *impl = c;
    return DB_OK;
}

static void sq_close(void *impl) {
    sq_conn *c = impl;
    for (int i = 0; i < c->ncache; i++) {
        sqlite3_finalize(c->cache[i].st);
        free(c->cache[i].sql);
    }
    sqlite3_close(c->db);
    free(c);
}

/* The cached statement for sql (prepared now if new): valid until the next
 * call. */
static sq_stmt *sq_prepare(sq_conn *c, const char *sql, int *rc) {
    size_t len = strlen(sql);
    uint64_t h = io_text_hash(sql, len);   /* a game's SELECT is 700 characters */
    for (int i = 0; i < c->ncache; i++)
        if (c->cache[i].h == h && c->cache[i].len == len && !memcmp(c->cache[i].sql, sql, len)) {
            return &c->cache[i];   /* left reset and cleared by sq_done */
        }
    sqlite3_stmt *st = NULL;
    *rc = sqlite3_prepare_v2(c->db, sql, (int)len, &st, NULL);
    if (*rc != SQLITE_OK) return NULL;
    if (c->ncache == SQ_CACHE) {   /* full: drop the oldest */
        sqlite3_finalize(c->cache[0].st);
        free(c->cache[0].sql);
        memmove(c->cache, c->cache + 1, sizeof c->cache[0] * (SQ_CACHE - 1));
        c->ncache--;
    }
    char *copy = malloc(len + 1);
    if (!copy) {
        sqlite3_finalize(st);
        *rc = SQLITE_NOMEM;
        return NULL;
    }
    memcpy(copy, sql, len + 1);
    sq_stmt *e = &c->cache[c->ncache++];
    e->sql = copy;
    e->len = len;
    e->h = h;
    e->st = st;
    memset(e->idx, 0, sizeof e->idx);
    int np = sqlite3_bind_parameter_count(st);
    for (int j = 1; j <= np && j <= 255; j++) {
        const char *name = sqlite3_bind_parameter_name(st, j);
        char *end;
        long k = name && name[0] == '$' ? strtol(name + 1, &end, 10) : 0;
        if (k >= 1 && k <= SQ_PARAMS && !*end) e->idx[k - 1] = (unsigned char)j;
    }
    return e;
}

/* The index of parameter $i+1 in e's statement, 0 when it has none. */
static int sq_param(const sq_stmt *e, int i) {
    if (i < SQ_PARAMS && sqlite3_bind_parameter_count(e->st) <= 255) return e->idx[i];
    char name[16];
    snprintf(name, sizeof name, "$%d", i + 1);
    return sqlite3_bind_parameter_index(e->st, name);
}

/* A cached statement back to its unused state: reset, and its bound
 * values cleared (the text parameters point into the caller's strings,
 * which live only for the call). */
static void sq_done(sqlite3_stmt *st) {
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
}

static db_status sq_exec(void *impl, const char *sql, const db_param *p, int np, db_res **res) {
    sq_conn *c = impl;
    int rc = SQLITE_OK;
    sq_stmt *e = sq_prepare(c, sql, &rc);
    if (!e) return sq_fail(c, rc);
    sqlite3_stmt *st = e->st;
    for (int i = 0; i < np; i++) {
        int idx = sq_param(e, i);
        if (!idx) continue;   /* the statement does not use it */
        switch (p[i].type) {
        case DB_PNULL: rc = sqlite3_bind_null(st, idx); break;
        case DB_PINT: rc = sqlite3_bind_int64(st, idx, p[i].i); break;
        case DB_PREAL: rc = sqlite3_bind_double(st, idx, p[i].d); break;
        /* not copied (a malloc and a free per text parameter): every way
         * out of this call clears the bindings (sq_done) */
        case DB_PTEXT: rc = sqlite3_bind_text(st, idx, p[i].s, -1, SQLITE_STATIC); break;
        }
        if (rc != SQLITE_OK) {
            sq_done(st);
            return sq_fail(c, rc);
        }
    }
    db_res *r = NULL;
    if (res) {
        r = db_res_new(sqlite3_column_count(st));
        if (!r) {
            sq_done(st);
            snprintf(c->err, sizeof c->err, "out of memory");
            return DB_ERROR;
        }
    }
    const char *vals[64];
    size_t lens[64];
    char ints[64][IO_INT_TEXT];   /* an integer column's text without SQLite's conversion (a malloc each) */
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (!r) continue;
        int n = r->cols < 64 ? r->cols : 64;
        for (int j = 0; j < n; j++) {
            if (sqlite3_column_type(st, j) == SQLITE_INTEGER) {
                lens[j] = io_int_text(sqlite3_column_int64(st, j), ints[j]);
                vals[j] = ints[j];
                continue;
            }
            vals[j] = (const char *)sqlite3_column_text(st, j);
            lens[j] = (size_t)sqlite3_column_bytes(st, j);
        }
        if (db_res_push(r, vals, lens)) {
            rc = SQLITE_NOMEM;
            break;
        }
    }
    if (rc != SQLITE_DONE) {
        db_status s = sq_fail(c, rc);
        sq_done(st);
        db_res_free(r);
        return s;
    }
    if (r) r->changes = sqlite3_changes64(c->db);
    sq_done(st);
    if (res) *res = r;
    return DB_OK;
}

static db_status sq_script(void *impl, const char *sql) {
    sq_conn *c = impl;
    char *msg = NULL;
    int rc = sqlite3_exec(c->db, sql, NULL, NULL, &msg);
    if (rc != SQLITE_OK) {
        snprintf(c->err, sizeof c->err, "%s", msg ? msg : sqlite3_errmsg(c->db));
        sqlite3_free(msg);
        return sq_map(rc) == DB_OK ? DB_ERROR : sq_map(rc);
    }
    return DB_OK;
}

static const char *sq_errmsg(void *impl) { return ((sq_conn *)impl)->err; }

const db_driver db_sqlite_driver = {
    .name = "sqlite",
    .accepts = sq_accepts,
    .open = sq_open,
    .close = sq_close,
    .exec = sq_exec,
    .script = sq_script,
    .errmsg = sq_errmsg,
};
