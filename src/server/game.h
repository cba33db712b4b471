/* Server games: clocks, JSON views and the stored rows (game.c). */
#ifndef GS_SERVER_GAME_H
#define GS_SERVER_GAME_H

#include "server/srv.h"

void srv_clock_stop(srv_clock *k, double now);
const char *srv_clock_name(int t);
int srv_clock_type(const char *s);              /* -1 if unknown */
void srv_clock_json(io_buf *b, const srv_clock *k, double now);

const char *srv_status_name(int st);
int srv_status_from_name(const char *s);        /* -1 if unknown */

void srv_game_set_result(srv_game *g, const gs_result *r, const char *how);
void srv_result_message(const srv_game *g, gs_lang lang, char *buf, size_t len);

/* The bound on a game's length in plies, 0 when the board bounds it.  Go
 * captures, so a game can go on for ever (and every ply is stored, replayed
 * on load and sent to each watcher): at 3 x the board's points (1083 on
 * 19x19, some three times the longest games people play) it goes to the
 * scoring phase as two passes would. */
int srv_max_ply(const gs_game *g);
/* Whether g's scoring phase came from that bound rather than two passes. */
int srv_limit_reached(const srv_game *g);

/* JSON views (docs/PROTOCOL.md): online[c] = a connection of seat c watches.
 * flags: SRV_GAME_INVITE (the invite of a private game, for its players),
 * SRV_GAME_NO_MOVES (the move list left out: a `move` message's state). */
#define SRV_GAME_INVITE 1
#define SRV_GAME_NO_MOVES 2
void srv_game_json(io_buf *b, const srv_game *g, gs_lang lang, int flags, const int online[3], double now);
void srv_summary_json(io_buf *b, const srv_game *g, gs_lang lang, const int online[3], double now);
void srv_move_json(io_buf *b, const srv_game *g, int ply);
void srv_result_json(io_buf *b, const srv_game *g, gs_lang lang);
void srv_players_json(io_buf *b, const srv_game *g, const int online[3]);
/* The winning line of s (r->line, r->nline; 0 when it has none).  A game
 * with a counting phase (Go) never ends by a line, and its result would
 * run the dead-stone estimate: it is not asked (r is then all zero). */
int srv_win_line(const gs_state *s, gs_result *r);

/* Storage. */
db_status srv_schema_migrate(db_conn *db, char *err, size_t errlen);
db_status srv_game_insert_row(db_conn *db, srv_game *g);            /* sets g->id */
db_status srv_game_update_row(db_conn *db, const srv_game *g, double now);
db_status srv_move_insert_row(db_conn *db, const srv_game *g, double now);   /* the last move */
/* shelf: where to find (or put) the game for the row's spec, or NULL. */
gs_status srv_game_from_db(db_conn *db, io_shelf *shelf, int64_t id, double now, srv_game **out, char *err,
                           size_t errlen);
/* The same for a game held in memory (another instance changed it): when
 * the stored game continues held's history (the same undo count: every
 * take-back counts one, and its handicap), only the stored moves after
 * held's are played, onto held->s itself, and *out has the row with held's
 * game (shared: freeing *out leaves it) and no state (out->s NULL: held->s is
 * the game's); *appended = 1.  Otherwise, or when those moves do not
 * continue held's (held->s is then as it was), the game is loaded whole as
 * srv_game_from_db does: *appended = 0. */
gs_status srv_game_reload_from_db(db_conn *db, io_shelf *shelf, int64_t id, double now, srv_game *held,
                                  srv_game **out, int *appended, char *err, size_t errlen);
/* Every game playing or being scored, in id order: each(ud, id, game, status,
 * error) per row (game NULL unless status is GS_OK; the callee owns it).
 * One query for the rows instead of one per game (a server loads them all
 * when it starts). */
gs_status srv_games_live_from_db(db_conn *db, io_shelf *shelf, double now,
                                 void (*each)(void *ud, int64_t id, srv_game *g, gs_status st, const char *err),
                                 void *ud, char *err, size_t errlen);
/* A copy of g as the database would give it again at now: its own state
 * and dead-stone mask, g's gs_game (g must outlive the copy), no watchers
 * and no search pending, its clock resumed at now.  NULL: out of memory. */
srv_game *srv_game_copy(const srv_game *g, double now);
void srv_game_free(srv_game *g);

#endif
