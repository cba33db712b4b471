/* Several `gridstone serve` instances on one PostgreSQL database.
 *
 * Every committed change of a game bumps games.version (the UPDATE that
 * writes the row requires the version the instance loaded, so an instance
 * holding a stale copy gets DB_CONFLICT and changes nothing) and, inside the
 * same transaction, sends `pg_notify('gridstone', "GAME VERSION INSTANCE")`:
 * PostgreSQL delivers it only at COMMIT, so no instance hears of a change
 * that is not durable.  Payloads carry ids, never states.
 *
 * A listener thread holds its own connection with `LISTEN gridstone`, waits
 * on its socket, queues (game, version) from other instances and wakes the
 * network thread (srv_opts.wake), which reloads those games it holds from
 * the database and tells their watchers (srv_core_reload).  When the
 * listening connection is lost, every game in memory is checked again once
 * it is back.  SQLite (one instance per file) has no cluster: every call
 * here is then a no-op. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "server/core.h"

#define CL_CHANNEL "gridstone"

/* A change of a game (version > 0), or another instance's presence for it
 * (version 0: the instance and its counts). */
typedef struct cl_item {
    int64_t game, version;
    char instance[33];
    int black, white, spectators;
} cl_item;

struct srv_cluster {
    db_conn *listen;              /* the listener thread's own connection */
    pthread_t thread;
    int pipe[2];                  /* writing a byte stops the thread */
    pthread_mutex_t mu;
    cl_item *q;
    int nq, capq;
    int resync;                   /* the connection was lost: check every game */
    char instance[33];            /* c->instance, the listener thread's copy */
    void (*wake)(void *);
    void *wake_ud;
};

static void cl_push(srv_cluster *cl, const cl_item *it, int resync) {
    pthread_mutex_lock(&cl->mu);
    if (resync) cl->resync = 1;
    else {
        if (cl->nq == cl->capq) {
            int cap = cl->capq ? cl->capq * 2 : 256;
            cl_item *n = realloc(cl->q, sizeof *n * (size_t)cap);
            if (!n) cl->resync = 1; /* cannot queue: check everything instead */
            else {
                cl->q = n;
                cl->capq = cap;
            }
        }
        if (cl->nq < cl->capq) cl->q[cl->nq++] = *it;
    }
    pthread_mutex_unlock(&cl->mu);
    if (cl->wake) cl->wake(cl->wake_ud);
}

static void *cl_main(void *arg) {
    srv_cluster *cl = arg;
    for (;;) {
        struct pollfd pf[2] = {{cl->pipe[0], POLLIN, 0}, {db_notify_fd(cl->listen), POLLIN, 0}};
        int n = poll(pf, pf[1].fd >= 0 ? 2 : 1, 1000);
        if (n < 0 && errno != EINTR) break;
        if (pf[0].revents) break;
        if (pf[1].fd < 0) {
            /* Down: a statement makes the driver reconnect (and LISTEN again). */
            if (db_exec(cl->listen, "SELECT 1", NULL, 0, NULL) == DB_OK) cl_push(cl, NULL, 1);
            continue;
        }
        char chan[64], payload[256];
        int r;
        while ((r = db_notify_next(cl->listen, chan, sizeof chan, payload, sizeof payload)) == 1) {
            long long game, version;
            char inst[40];
            cl_item it;
            memset(&it, 0, sizeof it);
            if (payload[0] == 'P') { /* "P GAME INSTANCE BLACK WHITE SPECTATORS" */
                if (sscanf(payload, "P %lld %32s %d %d %d", &game, it.instance, &it.black, &it.white,
                           &it.spectators) != 5
                    || !strcmp(it.instance, cl->instance))
                    continue;
                it.game = game;
            } else {
                if (sscanf(payload, "%lld %lld %39s", &game, &version, inst) != 3) continue;
                if (!strcmp(inst, cl->instance)) continue; /* our own change */
                if (version <= 0) continue;
                it.game = game;
                it.version = version;
            }
            cl_push(cl, &it, 0);
        }
        if (r < 0) cl_push(cl, NULL, 1);
    }
    return NULL;
}

srv_cluster *srv_cluster_start(srv_core *c, const char *url, char *err, size_t errlen) {
    if (!url || db_notify_fd(c->db) < 0) return NULL; /* one instance (SQLite) */
    srv_cluster *cl = calloc(1, sizeof *cl);
    char derr[256];
    if (!cl) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    cl->pipe[0] = cl->pipe[1] = -1;
    snprintf(cl->instance, sizeof cl->instance, "%s", c->instance);
    cl->wake = c->o.wake;
    cl->wake_ud = c->o.wake_ud;
    if (db_open(url, &cl->listen, derr, sizeof derr) != DB_OK) {
        snprintf(err, errlen, "cluster listener: %s", derr);
        free(cl);
        return NULL;
    }
    if (db_exec(cl->listen, "LISTEN " CL_CHANNEL, NULL, 0, NULL) != DB_OK || pipe(cl->pipe) != 0) {
        snprintf(err, errlen, "cluster listener: %s", db_errmsg(cl->listen));
        db_close(cl->listen);
        free(cl);
        return NULL;
    }
    pthread_mutex_init(&cl->mu, NULL);
    if (pthread_create(&cl->thread, NULL, cl_main, cl) != 0) {
        snprintf(err, errlen, "cluster listener: cannot start its thread");
        close(cl->pipe[0]);
        close(cl->pipe[1]);
        pthread_mutex_destroy(&cl->mu);
        db_close(cl->listen);
        free(cl);
        return NULL;
    }
    return cl;
}

void srv_cluster_stop(srv_cluster *cl) {
    if (!cl) return;
    ssize_t w = write(cl->pipe[1], "x", 1);
    (void)w;
    pthread_join(cl->thread, NULL);
    close(cl->pipe[0]);
    close(cl->pipe[1]);
    pthread_mutex_destroy(&cl->mu);
    db_close(cl->listen);
    free(cl->q);
    free(cl);
}

/* Another instance's listener is a session whose last statement was our
 * LISTEN (it runs nothing else while its connection holds).  The database
 * shows other sessions of the same role; instances share one. */
int srv_cluster_others_up(srv_core *c, const char *url) {
    if (!url || db_notify_fd(c->db) < 0) return 0;
    int64_t n = 0;
    if (db_exec_int(c->db,
                    "SELECT count(*) FROM pg_stat_activity WHERE query = 'LISTEN " CL_CHANNEL "'"
                    " AND datname = current_database() AND pid <> pg_backend_pid()",
                    NULL, 0, &n) != DB_OK)
        return 0;
    return n > 0;
}

db_status srv_cluster_announce(srv_core *c, const srv_game *g) {
    if (!c->cluster) return DB_OK;
    char payload[96];
    snprintf(payload, sizeof payload, "%lld %lld %s", (long long)g->id, (long long)(g->version + 1),
             c->instance);
    db_param p = db_text(payload);
    return db_exec(c->db, "SELECT pg_notify('" CL_CHANNEL "', $1)", &p, 1, NULL);
}

void srv_cluster_presence(srv_core *c, const srv_game *g, const int online[3], int spectators) {
    if (!c->cluster) return;
    char payload[128];
    snprintf(payload, sizeof payload, "P %lld %s %d %d %d", (long long)g->id, c->instance,
             online[GS_BLACK] != 0, online[GS_WHITE] != 0, spectators);
    db_param p = db_text(payload);
    db_exec(c->db, "SELECT pg_notify('" CL_CHANNEL "', $1)", &p, 1, NULL);   /* best effort: a tick repeats it */
}

void srv_cluster_poll(srv_core *c) {
    srv_cluster *cl = c->cluster;
    if (!cl) return;
    pthread_mutex_lock(&cl->mu);
    cl_item *q = cl->q;
    int nq = cl->nq, resync = cl->resync;
    cl->q = NULL;
    cl->nq = cl->capq = 0;
    cl->resync = 0;
    pthread_mutex_unlock(&cl->mu);
    for (int i = 0; i < nq; i++)
        if (q[i].version) srv_core_reload(c, q[i].game, q[i].version);
        else srv_core_presence(c, q[i].game, q[i].instance, q[i].black, q[i].white, q[i].spectators);
    free(q);
    if (resync) {
        /* Collect first: reloading does not change the table, but stay safe. */
        int n = 0, cap = 0;
        int64_t *ids = NULL;
        for (int s = srv_table_slot(c, 0); s >= 0; s = srv_table_slot(c, s + 1))
            for (srv_game *g = c->table[s]; g; g = g->next) {
                if (n == cap) {
                    int nc = cap ? cap * 2 : 64;
                    int64_t *ni = realloc(ids, sizeof *ni * (size_t)nc);
                    if (!ni) break;
                    ids = ni;
                    cap = nc;
                }
                if (n < cap) ids[n++] = g->id;
            }
        for (int i = 0; i < n; i++) srv_core_reload(c, ids[i], -1);
        free(ids);
    }
}

/* ---- AI turns ---- */
static int64_t lease_ms(const srv_core *c) { return c->o.ai_lease_ms > 0 ? c->o.ai_lease_ms : 30000; }

int srv_cluster_ai_claim(srv_core *c, srv_game *g, double now) {
    if (!c->multi) return 1;
    int64_t wall = srv_wall_ms();
    db_param p[] = {db_int(g->id), db_int(g->version), db_text(c->instance), db_int(wall + lease_ms(c)), db_int(wall)};
    db_res *r = NULL;
    db_status st = db_exec(c->db,
                           "INSERT INTO ai_leases (game_id, version, instance, until_ms) VALUES ($1, $2, $3, $4)"
                           " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,"
                           " instance = excluded.instance, until_ms = excluded.until_ms"
                           " WHERE ai_leases.until_ms < $5 OR ai_leases.instance = excluded.instance"
                           " OR ai_leases.version < excluded.version",
                           p, 5, &r);
    int won = st == DB_OK && r && r->changes == 1;
    db_res_free(r);
    if (won) g->ai_lease_at = now;
    return won;
}

void srv_cluster_ai_renew(srv_core *c, srv_game *g, double now) {
    if (!c->multi || !g->ai_pending || now - g->ai_lease_at < lease_ms(c) / 2000.0) return;
    /* the version follows the game (a change beside the turn, a draw
     * offer through another instance, leaves the search's result good) */
    db_param p[] = {db_int(g->id), db_text(c->instance), db_int(srv_wall_ms() + lease_ms(c)), db_int(g->version)};
    db_res *r = NULL;
    if (db_exec(c->db, "UPDATE ai_leases SET until_ms = $3, version = $4 WHERE game_id = $1 AND instance = $2", p, 4,
                &r) == DB_OK)
        g->ai_lease_at = now;   /* renewed, or taken over (then the version check decides) */
    db_res_free(r);
}

void srv_cluster_ai_release(srv_core *c) {
    if (!c->multi) return;
    db_param p = db_text(c->instance);
    db_exec(c->db, "DELETE FROM ai_leases WHERE instance = $1", &p, 1, NULL);   /* best effort: leases run out */
}

db_status srv_cluster_ai_done(srv_core *c, const srv_game *g) {
    if (!c->multi || g->status != SRV_FINISHED) return DB_OK;
    db_param p = db_int(g->id);
    return db_exec(c->db, "DELETE FROM ai_leases WHERE game_id = $1", &p, 1, NULL);
}
