/* gridstone: AI players and solvers, dispatched by game. */
#ifndef GRIDSTONE_AI_H
#define GRIDSTONE_AI_H

#include "gridstone/export.h"
#include <stdint.h>
#include "gridstone/game.h"
#include "gridstone/spec.h"
#include "gridstone/util.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gs_ai_opts {
    uint64_t seed;           /* same seed, same position, same limits -> same move */
    double time_limit;       /* seconds per move; 0 = the level's default */
    uint64_t node_limit;     /* nodes/playouts; 0 = the level's default */
    int threads;             /* threads a search may use; 0/1 = one.  Go's player
                                searches one tree with all of them (then a node
                                limit no longer fixes the move); the other
                                games' players search with one */
    /* Optional progress report for long searches (called now and then). */
    void (*progress)(void *ud, uint64_t nodes, double seconds);
    void *progress_ud;
} gs_ai_opts;

/* Choose a move for the side to move with the named level ("random",
 * "beginner", "perfect", ...).  Never returns an illegal move.  A level
 * may carry options in the spec-string form "strong:exact=20" where its
 * game's module takes them (Reversi: exact, depth); unknown or bad
 * options are GS_ERR_UNKNOWN_KEY / GS_ERR_BAD_VALUE; a NULL level is
 * GS_ERR_INVALID_ARG. */
GS_API gs_status gs_ai_move(const gs_state *s, const char *level, const gs_ai_opts *o,
                     gs_move *out, gs_error *err);
/* Check a level string (name and options) for a game without moving:
 * GS_OK or the error gs_ai_move would give for it. */
GS_API gs_status gs_ai_check_level(const gs_game *g, const char *level, gs_error *err);
/* The level names a game offers, weakest first; returns the count. */
GS_API int gs_ai_levels(const gs_game *g, const char **names, int max);

typedef struct gs_solve_result {
    int value;               /* +1 win, 0 draw, -1 loss for the side to move */
    int has_score;
    int score;               /* exact final score for the side to move, if any */
    gs_move best;            /* a best move (GS_PASS / GS_NOMOVE where none) */
    uint64_t nodes;
    double seconds;
    int complete;            /* 0 when a limit stopped the search (value = estimate) */
} gs_solve_result;

/* 1 if gs_solve can solve positions of g (its AI module has a solver). */
GS_API int gs_ai_has_solver(const gs_game *g);

/* Solve the position exactly (within o's limits). */
GS_API gs_status gs_solve(const gs_state *s, const gs_ai_opts *o, gs_solve_result *r, gs_error *err);

/* Per-game AI modules register here (src/ai/ai.c holds the table). */
typedef struct gs_ai_module {
    const char *game;        /* gs_game_ops.name */
    const char *const *levels;   /* NULL-terminated, weakest first */
    gs_status (*move)(const gs_state *s, const char *level, const gs_ai_opts *o,
                      gs_move *out, gs_error *err);
    /* Optional: a move for a level with options ("strong:exact=20"); reads
     * its keys with the gs_spec_* readers and rejects unused ones; with
     * s == NULL it only checks them.  NULL when the game's levels take no
     * options. */
    gs_status (*move_spec)(const gs_state *s, gs_spec *level, const gs_ai_opts *o, gs_move *out,
                           gs_error *err);
    gs_status (*solve)(const gs_state *s, const gs_ai_opts *o, gs_solve_result *r,
                       gs_error *err);   /* NULL if the game has no solver */
} gs_ai_module;

#ifdef __cplusplus
}
#endif
#endif
