/* Server storage: the driver-independent half of db.h (dispatch by URL,
 * results, migrations). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "server/db.h"

struct db_conn {
    const db_driver *drv;
    void *impl;
};

/* Drivers in the order URLs are tried. */
static const db_driver *const drivers[] = {
    &db_sqlite_driver,
    &db_pg_driver,
};

static db_status open_as(const char *url, int read_only, db_conn **out, char *err, size_t errlen) {
    *out = NULL;
    if (!url || !*url) {
        snprintf(err, errlen, "empty database URL");
        return DB_ERROR;
    }
    for (size_t i = 0; i < sizeof drivers / sizeof drivers[0]; i++) {
        if (!drivers[i]->accepts(url)) continue;
        db_conn *c = calloc(1, sizeof *c);
        if (!c) {
            snprintf(err, errlen, "out of memory");
            return DB_ERROR;
        }
        c->drv = drivers[i];
        db_status st = c->drv->open(url, read_only, &c->impl, err, errlen);
        if (st != DB_OK) {
            free(c);
            return st;
        }
        *out = c;
        return DB_OK;
    }
    if (!strncmp(url, "postgres://", 11) || !strncmp(url, "postgresql://", 13))
        snprintf(err, errlen, "this build has no PostgreSQL driver yet");
    else
        snprintf(err, errlen, "unknown database URL (use sqlite:PATH or postgres://...)");
    return DB_UNSUPPORTED;
}

db_status db_open(const char *url, db_conn **out, char *err, size_t errlen) {
    return open_as(url, 0, out, err, errlen);
}

db_status db_open_read_only(const char *url, db_conn **out, char *err, size_t errlen) {
    return open_as(url, 1, out, err, errlen);
}

void db_close(db_conn *c) {
    if (!c) return;
    c->drv->close(c->impl);
    free(c);
}

int db_notify_fd(db_conn *c) {
    return c->drv->notify_fd ? c->drv->notify_fd(c->impl) : -1;
}

int db_notify_next(db_conn *c, char *chan, size_t clen, char *payload, size_t plen) {
    return c->drv->notify_next ? c->drv->notify_next(c->impl, chan, clen, payload, plen) : 0;
}

const char *db_dialect(const db_conn *c) { return c->drv->name; }
const char *db_errmsg(const db_conn *c) { return c->drv->errmsg(c->impl); }

db_status db_exec(db_conn *c, const char *sql, const db_param *p, int np, db_res **res) {
    if (res) *res = NULL;
    return c->drv->exec(c->impl, sql, p, np, res);
}

db_status db_exec_int(db_conn *c, const char *sql, const db_param *p, int np, int64_t *out) {
    db_res *r;
    db_status st = db_exec(c, sql, p, np, &r);
    if (st != DB_OK) return st;
    if (r->rows < 1 || r->cols < 1 || !db_res_get(r, 0, 0)) st = DB_ERROR;
    else *out = db_res_int(r, 0, 0, 0);
    db_res_free(r);
    return st;
}

db_status db_begin(db_conn *c) { return db_exec(c, "BEGIN", NULL, 0, NULL); }
db_status db_commit(db_conn *c) { return db_exec(c, "COMMIT", NULL, 0, NULL); }
db_status db_rollback(db_conn *c) { return db_exec(c, "ROLLBACK", NULL, 0, NULL); }

int db_schema_version(db_conn *c) {
    db_res *r;
    if (db_exec(c, "SELECT max(version) FROM schema_version", NULL, 0, &r) != DB_OK) return 0;
    int v = (int)db_res_int(r, 0, 0, 0);
    db_res_free(r);
    return v;
}

/* Instances started together on one PostgreSQL database would migrate it
 * at once (one "relation already exists", the others' startup failed): a
 * session advisory lock makes them take turns, and each then sees the
 * version the one before it left.  (Its key is any constant of ours.) */
#define DB_MIGRATE_LOCK "SELECT pg_advisory_lock(7470110015)"
#define DB_MIGRATE_UNLOCK "SELECT pg_advisory_unlock(7470110015)"

static db_status migrate_locked(db_conn *c, const db_migration *m, int n, int *applied, char *err, size_t errlen);

db_status db_migrate(db_conn *c, const db_migration *m, int n, int *applied, char *err, size_t errlen) {
    if (applied) *applied = 0;
    int pg = !strcmp(c->drv->name, "postgres");
    if (pg && db_exec(c, DB_MIGRATE_LOCK, NULL, 0, NULL) != DB_OK) {
        snprintf(err, errlen, "schema lock: %s", db_errmsg(c));
        return DB_ERROR;
    }
    db_status st = migrate_locked(c, m, n, applied, err, errlen);
    if (pg) db_exec(c, DB_MIGRATE_UNLOCK, NULL, 0, NULL);
    return st;
}

static db_status migrate_locked(db_conn *c, const db_migration *m, int n, int *applied, char *err, size_t errlen) {
    db_status st = db_exec(c, "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY)",
                           NULL, 0, NULL);
    if (st != DB_OK) {
        snprintf(err, errlen, "schema_version: %s", db_errmsg(c));
        return st;
    }
    int have = db_schema_version(c);
    for (int i = 0; i < n; i++) {
        if (m[i].version <= have) continue;
        const char *sql = m[i].sqlite;
        if (!strcmp(c->drv->name, "postgres") && m[i].postgres) sql = m[i].postgres;
        if ((st = db_begin(c)) != DB_OK) {
            snprintf(err, errlen, "migration %d: %s", m[i].version, db_errmsg(c));
            return st;
        }
        db_param v = db_int(m[i].version);
        if ((st = c->drv->script(c->impl, sql)) != DB_OK
            || (st = db_exec(c, "INSERT INTO schema_version (version) VALUES ($1)", &v, 1, NULL)) != DB_OK) {
            snprintf(err, errlen, "migration %d: %s", m[i].version, db_errmsg(c));
            db_rollback(c);
            return st;
        }
        if (m[i].then && (st = m[i].then(c, err, errlen)) != DB_OK) {
            db_rollback(c);
            return st;
        }
        if ((st = db_commit(c)) != DB_OK) {
            snprintf(err, errlen, "migration %d: %s", m[i].version, db_errmsg(c));
            db_rollback(c);
            return st;
        }
        have = m[i].version;
        if (applied) (*applied)++;
    }
    return DB_OK;
}

/* ---- results ---- */
/* A result is one arena: the struct, the value array and the values'
 * text all live in it, so a small result costs one malloc (it was three:
 * the struct, the array and the arena's first chunk). */
db_res *db_res_new(int cols) {
    io_arena mem;
    io_arena_init(&mem, 1024);
    db_res *r = io_arena_alloc(&mem, sizeof *r);
    if (!r) return NULL;   /* nothing was allocated */
    memset(r, 0, sizeof *r);
    r->cols = cols;
    r->mem = mem;
    return r;
}

int db_res_push(db_res *r, const char *const *vals, const size_t *lens) {
    size_t cols = (size_t)(r->cols ? r->cols : 1), need = ((size_t)r->rows + 1) * cols;
    if (need > r->capvals) {
        size_t cap = r->capvals ? 2 * r->capvals : 8 * cols;
        if (cap < need) cap = need;
        if (cap > SIZE_MAX / sizeof(char *)) return -1;
        /* the old array stays in the arena (the arrays double: the
         * abandoned ones hold fewer entries than the last) */
        char **nv = io_arena_alloc(&r->mem, sizeof *nv * cap);
        if (!nv) return -1;
        if (r->rows) memcpy(nv, r->vals, sizeof *nv * (size_t)r->rows * (size_t)r->cols);
        if (r->vals) io_arena_retire(r->vals, sizeof *nv * r->capvals);
        r->vals = nv;
        r->capvals = cap;
    }
    char **row = r->vals + (size_t)r->rows * (size_t)r->cols;
    for (int j = 0; j < r->cols; j++) {
        row[j] = NULL;
        if (!vals[j]) continue;
        /* the copies stay in mem until the result is freed, also on failure */
        if (!(row[j] = io_arena_strdup(&r->mem, vals[j], lens ? lens[j] : strlen(vals[j])))) return -1;
    }
    r->rows++;
    return 0;
}

const char *db_res_get(const db_res *r, int row, int col) {
    if (!r || row < 0 || row >= r->rows || col < 0 || col >= r->cols) return NULL;
    return r->vals[(size_t)row * (size_t)r->cols + (size_t)col];
}

int64_t db_res_int(const db_res *r, int row, int col, int64_t dflt) {
    const char *s = db_res_get(r, row, col);
    return s ? strtoll(s, NULL, 10) : dflt;
}

double db_res_real(const db_res *r, int row, int col, double dflt) {
    const char *s = db_res_get(r, row, col);
    return s ? strtod(s, NULL) : dflt;
}

void db_res_free(db_res *r) {
    if (!r) return;
    io_arena mem = r->mem;   /* r itself is in it */
    io_arena_free(&mem);
}
