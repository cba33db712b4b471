/* The game server's core: games, players, connections and the protocol
 * (docs/PROTOCOL.md), without sockets.  net.c drives it from
 * libwebsockets; the fuzz target and tests drive it directly.
 *
 * Everything here runs on one thread (the network thread), except the AI
 * searches, which run on aipool.c's workers on copies of the state and hand
 * their moves back through a locked queue. */
#ifndef GS_SERVER_SRV_H
#define GS_SERVER_SRV_H

#include <stddef.h>
#include <stdint.h>
#include "gridstone/gridstone.h"
#include "io/iobuf.h"
#include "io/json.h"
#include "io/shelf.h"
#include "server/db.h"

#define SRV_PROTOCOL 2
#define SRV_NAME_MAX 32          /* characters in a player name */
#define SRV_MAX_WATCHES 100      /* games one connection watches at once (each is kept in memory) */
/* Unfinished games (open, playing, scoring) one player sits in by default
 * (srv_opts.games_per_player, serve --games-per-player): each live one is
 * kept in memory, and open challenges fill the lobby. */
#define SRV_MAX_GAMES_PER_PLAYER 50
#define SRV_TOKEN_HEX 64         /* 256-bit tokens */

typedef struct srv_core srv_core;
typedef struct srv_conn srv_conn;
typedef struct srv_game srv_game;

typedef struct srv_opts {
    size_t headroom;             /* bytes reserved before each outgoing message (LWS_PRE) */
    size_t max_message;          /* bytes of a frame / body */
    int max_conns;
    int moves_per_second;        /* per connection */
    int games_per_player;        /* unfinished games one player sits in (0 = SRV_MAX_GAMES_PER_PLAYER) */
    int ai_threads;              /* 0: AI moves computed inline (tests, fuzzing) */
    int log;                     /* 1: one JSON line per event on stderr */
    /* Called (on the network thread) when conn has queued output. */
    void (*want_write)(void *transport);
    /* Called from any thread when the network thread must run
     * srv_core_poll (an AI move is ready). */
    void (*wake)(void *ud);
    void *wake_ud;
    /* The database URL: with PostgreSQL, a listener connection makes
     * several instances on one database serve the same games (cluster.c). */
    const char *db_url;
    /* Games shared by spec (io/shelf.h): games loaded from the database
     * use the shelf's game for their spec (or put theirs on it) instead of
     * each building its own; NULL: each its own.  Outlives the core. */
    io_shelf *shelf;
    /* The live games to start with, instead of reading them from the
     * database: the core adopts a copy of each (srv_game_copy).  For a core
     * made again and again on a database put back to the same rows each
     * time (the fuzz target): the rows are read and the moves replayed
     * once, not per core.  They must be what the database holds (loaded by
     * srv_games_live_from_db from it) and outlive the core, whose copies
     * share their gs_game.  NULL: read them from the database. */
    srv_game *const *live;
    int nlive;
    /* An AI to move with no search running and the game unchanged this
     * long (ms; 0 = 60,000) gets its search again: its move failed to
     * commit, or the instance that owed it died (core.c, srv_core_tick). */
    int ai_stall_ms;
    /* Several instances (PostgreSQL): the AI turn an instance searches is
     * claimed in the database for this long (ms; 0 = 30,000), the claim
     * renewed while the search runs; another instance's retry of a stalled
     * turn leaves a claimed one alone (cluster.c). */
    int ai_lease_ms;
} srv_opts;

/* ---- clock ---- */
enum { SRV_CLOCK_NONE = 0, SRV_CLOCK_ABSOLUTE, SRV_CLOCK_FISCHER, SRV_CLOCK_BYOYOMI };
typedef struct srv_clock {
    int type;
    int64_t main_ms, inc_ms, period_ms;
    int periods;
    int64_t left[3];             /* main time left per colour, as of `since` */
    int periods_left[3];
    int running;                 /* colour whose time runs, 0 = stopped */
    double since;                /* gs_now() when it started running */
} srv_clock;
/* Remaining time of colour c at time now: main (or current period) ms,
 * periods left; returns 1 if c's flag has fallen. */
int srv_clock_view(const srv_clock *k, int c, double now, int64_t *ms, int *periods, int *in_byoyomi);
/* Charge the running side for its move at now (increment, period reset)
 * and start the other side. */
void srv_clock_switch(srv_clock *k, double now, int next);

/* ---- games ---- */
enum { SRV_OPEN = 0, SRV_PLAYING, SRV_SCORING, SRV_FINISHED };
typedef struct srv_seat {
    int64_t id;                  /* player id, 0 = none (AI or empty) */
    char name[4 * SRV_NAME_MAX + 1];
    char ai[64];                 /* AI level, "" = human */
} srv_seat;

/* Another instance's watchers of a game (several instances on one
 * PostgreSQL database, cluster.c): which players are online there and how
 * many spectators, as it last announced (every SRV_PRESENCE_S seconds at
 * least; forgotten after three times that). */
#define SRV_PRESENCE_S 30
typedef struct srv_remote {
    char instance[33];
    int online[3];               /* [GS_BLACK], [GS_WHITE] */
    int spectators;
    double at;                   /* gs_now() when heard */
} srv_remote;

struct srv_game {
    int64_t id;
    gs_game *g;
    int shared_game;             /* 1: g is the shelf's (srv_opts.shelf), not freed with the game */
    gs_state *s;
    int status;
    int priv;
    char invite[33];
    int64_t creator;
    srv_seat seat[3];            /* [GS_BLACK], [GS_WHITE] */
    int64_t created, updated;    /* Unix ms */
    int64_t version;             /* games.version this copy matches (bumped by every commit) */
    srv_clock clock;
    int undos;
    int handicap;                /* handicap stones set up before the first move (0 = none) */
    int offer_kind;              /* 0 none, 1 draw, 2 undo */
    int offer_from;
    uint8_t *dead;               /* counting phase: dead-stone mask (geom.n) */
    int accepted[3];
    /* result (status FINISHED) */
    int winner;                  /* GS_BLACK/GS_WHITE/GS_EMPTY */
    char how[16];                /* line|full|score|resign|timeout|agreement */
    int has_score;
    double score;
    char result[32];             /* SGF RE text */
    /* live */
    srv_conn **watchers;
    int nwatch, capwatch;
    int ai_pending;              /* an AI search is running for this game */
    double ai_retry_at;          /* gs_now() before which a stalled AI turn is not tried again */
    double ai_lease_at;          /* gs_now() of this instance's last claim or renewal of the AI turn */
    double last_tick;            /* last clock message */
    srv_remote *remote;          /* other instances' watchers */
    int nremote;
    double presence_at;          /* gs_now() of this instance's last presence announcement */
    srv_game *next;              /* hash chain */
};

/* ---- connections ---- */
typedef struct srv_msg {
    struct srv_msg *next;
    size_t len;
    unsigned char buf[];         /* headroom + len + 1 bytes, in the same malloc */
} srv_msg;

struct srv_conn {
    srv_core *core;
    void *transport;
    uint64_t serial;
    int64_t player;              /* 0 = anonymous */
    char name[4 * SRV_NAME_MAX + 1];
    gs_lang lang;
    int64_t *watching;
    int nwatching, capwatching;
    srv_msg *head, *tail;
    size_t queued;
    int closing;                 /* set: the transport should close after flushing */
    double bucket;               /* rate limit tokens */
    double bucket_at;
};

/* ---- HTTP ---- */
typedef struct srv_http_req {
    const char *method;          /* "GET", "POST" ... */
    const char *path;            /* "/api/games/7" (no query) */
    const char *query;           /* "a=1&b=2" or "" */
    const char *auth;            /* Authorization header or "" */
    const char *accept_lang;     /* Accept-Language or "" */
    const char *body;
    size_t body_len;
} srv_http_req;

typedef struct srv_http_resp {
    int status;
    const char *content_type;
    char *body;                  /* malloc-ed */
    size_t body_len;
    char disposition[160];       /* Content-Disposition value or "" */
} srv_http_resp;

/* ---- core ---- */
srv_core *srv_core_new(db_conn *db, const srv_opts *o, char *err, size_t errlen);
void srv_core_free(srv_core *c);
srv_conn *srv_conn_open(srv_core *c, void *transport);
void srv_conn_close(srv_conn *k);     /* unwatch everything and free */
/* A WebSocket message (one text frame). */
void srv_ws_message(srv_conn *k, const char *data, size_t len);
/* Pop the next outgoing message (caller frees with srv_msg_free). */
srv_msg *srv_conn_pop(srv_conn *k);
void srv_msg_free(srv_msg *m);
/* Queue a message built by the caller (used for errors the transport
 * raises itself, like too-large frames). */
void srv_conn_error(srv_conn *k, const char *code, const char *message);
/* HTTP API (paths under /api, /healthz, /metrics).  Returns 0 when the path
 * is not the API's (the caller serves static files). */
int srv_http(srv_core *c, const srv_http_req *r, srv_http_resp *out);
/* Periodic work: clocks (flag-fall, ticks) and AI results.  now = gs_now(). */
void srv_core_tick(srv_core *c, double now);
void srv_core_poll(srv_core *c);
/* Graceful shutdown: tell every connection, stop AI workers. */
void srv_core_shutdown(srv_core *c);
/* Counts for the transport's limits and metrics. */
int srv_core_conns(const srv_core *c);
void srv_core_count_http(srv_core *c);

/* ---- helpers (util.c) ---- */
int64_t srv_wall_ms(void);
/* Random bytes from getrandom as lowercase hex (2 * nbytes chars + NUL). */
int srv_random_hex(char *out, size_t nbytes);
/* What the database keeps of a player's token: its SHA-256 as lowercase hex.
 * The token itself is only ever in the player's hands, so a copy of the
 * database does not let anyone act as a player. */
void srv_token_hash(const char *token, char out[SRV_TOKEN_HEX + 1]);
/* JSON string literal with <, >, & and ' escaped as \u00XX, so JSON served
 * to browsers never contains markup. */
void srv_json_str(io_buf *b, const char *s);
/* One structured log line: {"ts":...,"event":EV, ...fields} where fields
 * is "" or a JSON members fragment ("\"game\":7"). */
void srv_log(int enabled, const char *event, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
