/* Statistics and ratings from the server's database (SQLite or PostgreSQL,
 * through db.h): what GET /api/stats, GET /api/players/{id} and
 * GET /api/players/{id}/ratings serve (docs/PROTOCOL.md) and what
 * `gridstone stats --db URL` prints — both from the same loaded figures.
 *
 * Ratings are Glicko-2 (glicko2.h) per player and game kind (the registry
 * name: go, gomoku, mnk, reversi), with a rating period of one game: when a
 * game between two players ends, stats_game_ended updates both from their
 * ratings before the game and appends to their rating history.  Games
 * against the AI are not rated. */
#ifndef GS_SERVER_STATS_H
#define GS_SERVER_STATS_H

#include <stdint.h>
#include <stdio.h>
#include "io/iobuf.h"
#include "server/db.h"

/* Migration 2 of the server schema (one text for both dialects). */
extern const char stats_schema[];

#define STATS_LEN_BINS 40
#define STATS_DAYS 60
#define STATS_RATING_BINS 64

typedef struct stats_bin { int64_t from, to, count; } stats_bin;

/* The figures of one game kind (kind[0] == 0: all kinds). */
typedef struct stats_summary {
    char kind[32];
    int64_t games, finished, black_wins, white_wins, draws, resignations, timeouts;
    int64_t plies;                    /* sum of the finished games' lengths */
    int64_t captures_black, captures_white, passes;
    int nlen;                         /* length histogram (finished games) */
    stats_bin len[STATS_LEN_BINS];
    int ndays;                        /* games created per UTC day (the last STATS_DAYS days with games) */
    struct { int64_t day, count, black, white, draws; } days[STATS_DAYS];   /* games created that day; results of those finished */
    int nrat;                         /* current ratings, 50-point bins */
    stats_bin rat[STATS_RATING_BINS];
    int64_t rated_players;
} stats_summary;

typedef enum stats_status { STATS_OK = 0, STATS_NOT_FOUND, STATS_DB } stats_status;

/* Load the figures of `kind` (NULL or "": every kind). */
stats_status stats_load(db_conn *db, const char *kind, stats_summary *out);
/* The game kinds that have games, sorted; *n set (at most max). */
stats_status stats_kinds(db_conn *db, char (*kinds)[32], int max, int *n);

/* The bodies of the HTTP API (malloc-ed JSON in *body, NULL on error).
 * stats_json: GET /api/stats[?game=KIND]; without a kind it adds "kinds":
 * the same object for every kind that has games. */
stats_status stats_json(db_conn *db, const char *kind, char **body);
/* GET /api/players/{id}: STATS_NOT_FOUND for an unknown player. */
stats_status stats_player_json(db_conn *db, int64_t player, char **body);
/* GET /api/players/{id}/ratings?game=KIND. */
stats_status stats_ratings_json(db_conn *db, int64_t player, const char *kind, char **body);

/* `gridstone stats --db`: the same figures as text (kind NULL: overall,
 * then each kind; player > 0: that player's profile instead), the labels
 * in lang. */
stats_status stats_print(db_conn *db, const char *kind, int64_t player, gs_lang lang, FILE *out);

/* Called by the server inside the transaction that records a finished
 * game: rates it when both seats are players (not the AI) and it has not
 * been rated yet.  DB errors are returned as the db_status. */
db_status stats_game_ended(db_conn *db, int64_t game_id, int64_t now_ms);

#endif
