/* Internal to the server core: the core's state and what core.c and
 * http.c share. */
#ifndef GS_SERVER_CORE_H
#define GS_SERVER_CORE_H

#include "server/game.h"

/* The game table starts with SRV_TABLE_MIN chains and doubles whenever it
 * holds as many games as chains (chains of one game on average, whatever
 * the number of games). */
#define SRV_TABLE_MIN 64
#define SRV_NBUCKETS 10

typedef struct srv_hist {
    uint64_t b[SRV_NBUCKETS];
    uint64_t count;
    double sum;
} srv_hist;
extern const double srv_buckets[SRV_NBUCKETS];
void srv_hist_add(srv_hist *h, double v);

struct srv_aipool;
typedef struct srv_cluster srv_cluster;

struct srv_core {
    db_conn *db;
    srv_opts o;
    /* nslots chains (a power of two, at least SRV_TABLE_MIN) of the games
     * loaded, nloaded of them.  Bit s of used[s / 64]: table[s] holds a
     * game; the walks over every game (each tick, metrics, shutdown) visit
     * only those slots.  Adding a game may rehash the table: no walk adds
     * one (the cluster's resync collects the ids first). */
    srv_game **table;
    uint64_t *used;
    int nslots;
    int nloaded;
    srv_conn **conns;
    int nconns, capconns;
    uint64_t serial;
    struct srv_aipool *ai;
    srv_cluster *cluster;        /* NULL: the only instance on its database */
    int shutting, polling;
    int others_up;               /* at start: another instance serves this database (cluster.c) */
    int multi;                   /* the database can hold several instances (PostgreSQL): AI turns are claimed */
    char instance[33];           /* this instance's id (random hex), in notifications and AI claims */
    int64_t started;
    /* metrics */
    uint64_t moves, http, errors, sent;
    uint64_t reloads[2];         /* another instance's change: [0] the game loaded whole, [1] moves played on the copy */
    srv_hist move_hist, db_hist;
    /* GET /api/meta's body: the registry's games and the options above, the
     * same for the core's whole life; built at the first request (it makes
     * every game of the registry) and freed with the core */
    char *meta;
    size_t meta_len;
};

typedef struct srv_err {
    const char *code;
    int http;
    gs_lang lang;
    char msg[640];   /* the code's text and a detail (a Korean one takes up to 448 bytes) */
} srv_err;

void srv_err_set(srv_err *e, gs_lang lang, const char *code, const char *detail);
void srv_err_json(io_buf *b, const srv_err *e);
/* A parser's error (a request's JSON) as a detail in lang: its position,
 * then the library's message in that language (gs_error_message). */
void srv_parse_detail(const gs_error *pe, gs_lang lang, char *buf, size_t len);

srv_game *srv_game_find(srv_core *c, int64_t id);
/* The first slot from s on that holds a game, -1 when none:
 * for (int s = srv_table_slot(c, 0); s >= 0; s = srv_table_slot(c, s + 1)) */
int srv_table_slot(const srv_core *c, int s);
void srv_table_add(srv_core *c, srv_game *g);
srv_game *srv_game_get(srv_core *c, int64_t id);
void srv_game_release(srv_core *c, srv_game *g);
void srv_online(const srv_game *g, int online[3]);
char *srv_game_text(srv_core *c, srv_game *g, gs_lang lang, int flags);   /* flags: SRV_GAME_* */
void srv_send(srv_conn *k, const char *text, size_t len);
void srv_core_flag(srv_core *c, srv_game *g, int col, double now);
int srv_player_by_token(srv_core *c, const char *token, int64_t *id, char *name, size_t nlen, gs_lang *lang);
int srv_can_see(const srv_game *g, int64_t player, const char *invite);
/* A game action for player (docs/PROTOCOL.md's game messages); 0 or e. */
int srv_action(srv_core *c, srv_game *g, int64_t player, gs_lang lang, const char *type, const io_json *msg,
               srv_conn *origin, const char *req, srv_err *e);
/* Start a game that has both seats: status playing, clock running, AI turn. */
int srv_game_start(srv_core *c, srv_game *g, srv_err *e, gs_lang lang);
/* srv_game_start in two halves, for a game written playing by its first
 * insert (an AI game): the change in memory, and what follows the commit. */
void srv_game_set_playing(srv_game *g, double now);
/* Whether player may take a seat in one more game (srv_opts.games_per_player):
 * 0 yes, else e is filled (rate-limited, or storage). */
int srv_player_room(srv_core *c, int64_t player, gs_lang lang, srv_err *e);
void srv_game_started(srv_core *c, srv_game *g);
/* Whether the store takes a write now (/healthz): a committed transaction
 * that rewrites the schema version with itself, so nothing changes; 0, or
 * -1 with e filled (storage, storage-full) and the driver's message logged.
 * A read-only database (a read-only SQLite file, PostgreSQL's
 * default_transaction_read_only, a standby) refuses it. */
int srv_store_writable(srv_core *c, gs_lang lang, srv_err *e);

/* cluster.c: several instances on one PostgreSQL database.  start: NULL
 * without error for SQLite; announce: inside a commit's transaction (the
 * notification leaves at COMMIT); poll: on the network thread, reloads the
 * games other instances changed. */
srv_cluster *srv_cluster_start(srv_core *c, const char *url, char *err, size_t errlen);
void srv_cluster_stop(srv_cluster *cl);
db_status srv_cluster_announce(srv_core *c, const srv_game *g);
void srv_cluster_poll(srv_core *c);
/* Whether another instance listens on this database now (before this one's
 * listener starts): 1 yes, 0 no or not a cluster database. */
int srv_cluster_others_up(srv_core *c, const char *url);
/* AI turns (several instances, c->multi; else every call succeeds and does
 * nothing): claim g's turn for this instance (a lease in table ai_leases
 * for srv_opts.ai_lease_ms, won when there is none for the game, or it is
 * this instance's, or of an older version of the game, or it has run out);
 * 1 won, 0 another instance holds it (or the database failed: the stalled
 * turn's retry tries again).  renew: while g's search runs, once half the
 * lease has gone.  release: every claim of this instance (it stops); a
 * finished game's goes with its last commit (srv_cluster_ai_done). */
int srv_cluster_ai_claim(srv_core *c, srv_game *g, double now);
void srv_cluster_ai_renew(srv_core *c, srv_game *g, double now);
void srv_cluster_ai_release(srv_core *c);
db_status srv_cluster_ai_done(srv_core *c, const srv_game *g);
/* Tell the other instances who watches g here (online[c]: seat c's player
 * has a connection watching; spectators: the other watchers). */
void srv_cluster_presence(srv_core *c, const srv_game *g, const int online[3], int spectators);
/* Another instance's presence for a game (cluster.c's poll). */
void srv_core_presence(srv_core *c, int64_t game, const char *instance, int black, int white, int spectators);
/* Reload game id from the database when the copy in memory is older than
 * version (-1: whenever the database's differs) and tell its watchers. */
void srv_core_reload(srv_core *c, int64_t id, int64_t version);

#endif
