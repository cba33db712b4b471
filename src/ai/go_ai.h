/* The Go AI module (internal to gridstone: used by the GTP engine and the
 * tests).  Levels: random, beginner, medium, strong (go_ai.c). */
#ifndef GS_GO_AI_H
#define GS_GO_AI_H

#include "gridstone/ai.h"
#include "ai/go_mcts.h"

/* What one move decision saw (for GTP's logging and the tests). */
typedef struct go_ai_info {
    go_mcts_result search;     /* the search behind the move (empty for random) */
    int searched;              /* 1 if search holds a search */
    int dead[GS_MAX_CELLS];    /* dead stones (cells) by the search's ownership */
    int ndead;
    double est_score;          /* the count with those stones dead, black minus white */
    int settled;               /* go_mcts_settled */
    int pass_checked;          /* 1 if a pass was tried by a search after it */
    double pass_reply_rate;    /* then: the opponent's win rate after our pass */
    int pass_playouts;         /* and the playouts of that search */
} go_ai_info;

/* The move of a level for the side to move (GS_PASS and GS_RESIGN
 * included); info may be NULL. */
gs_status go_ai_genmove(const gs_state *s, const char *level, const gs_ai_opts *o,
                        gs_move *out, go_ai_info *info, gs_error *err);

/* The same; with cleanup set (KGS's kgs-genmove_cleanup) it never
 * resigns and passes only when the board is settled and no dead enemy
 * stone is left on it. */
gs_status go_ai_genmove_mode(const gs_state *s, const char *level, const gs_ai_opts *o, int cleanup,
                             gs_move *out, go_ai_info *info, gs_error *err);

/* Dead stones of s by the player's ownership estimate: a chain is dead when
 * the opponent owns its points at the end of most playouts (mean
 * ownership for its colour below -0.3).  playouts = 0: a default.  Writes
 * cells to dead (room for geom n) and returns the count, or -1 on error. */
int go_ai_dead_stones(const gs_state *s, uint64_t seed, uint64_t playouts, int *dead,
                      gs_error *err);

/* Dead chains from an ownership map (cells; own from black's view). */
int go_ai_dead_from_own(const gs_state *s, const float *own, int *dead);

/* The hard ceiling of one move's search in seconds: every time limit given
 * to the Go player (by a level, an option or a clock) is cut to it. */
#define GO_AI_MAX_MOVE_SECONDS 600.0

/* A game clock (GTP's time_settings / time_left) as seen by the mover. */
typedef struct go_ai_clock {
    double main_time;          /* seconds; main_time = byo_time = 0: no clock */
    double byo_time;           /* byo-yomi period in seconds */
    int byo_stones;            /* stones per period (0 = no byo-yomi) */
    int left_known;            /* 1 once the controller sent time_left */
    double left;               /* seconds left in the current period */
    int stones_left;           /* stones left in it (0 = still in main time) */
} go_ai_clock;

/* Seconds for the next move of s: the clock's share for this move (NULL or
 * no clock: no share), at most cap when cap > 0; 0 when neither limits it
 * (then the level's default applies).  Never above GO_AI_MAX_MOVE_SECONDS. */
double go_ai_move_time(const gs_state *s, const go_ai_clock *c, double cap);

/* Free handicap placement chosen by the engine for n stones on a w x h
 * board: the fixed points while they exist, then points far from every
 * stone (and off the edge lines when possible).  Writes the cells to out
 * (room for n) and returns how many it placed. */
int go_ai_free_handicap(int w, int h, int n, int *out);

/* Does a pass by the side to move hold against the opponent's best reply
 * (see go_ai.c): 1, or 0 with *fix a move that settles the position
 * (GS_PASS if none).  dead: the cells the count treats as dead. */
int go_ai_pass_holds(const gs_state *s, const int *dead, int ndead, gs_move *fix);

#endif
