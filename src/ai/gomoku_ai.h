/* The Gomoku player: search internals shared by src/ai/gomoku_*.c and the
 * Gomocup engine (src/cli/cmd_gomocup.c).  Prefix gmk_. */
#ifndef GS_GOMOKU_AI_H
#define GS_GOMOKU_AI_H

#include "gridstone/ai.h"
#include "games/gomoku/gomoku.h"

#define GMK_WIN 1000000
#define GMK_TT_BITS 18
#define GMK_MAXPLY 64

typedef struct gmk_tt_entry {
    uint64_t key;
    int32_t value;
    int16_t move;        /* padded index, -1 none */
    int8_t depth;
    uint8_t flag;        /* 0 empty, 1 exact, 2 lower, 3 upper */
} gmk_tt_entry;

typedef struct gmk_search {
    gmk_state st;                    /* private copy, changed by put/remove */
    const gmk_game *g;
    int me;                          /* side to move at the root */
    uint64_t hash;                   /* stones + side to move */
    uint8_t near[GMK_PADN];          /* stones within distance 2 */
    int tomove;
    int nstones;
    uint64_t nodes, node_limit;
    double t0, deadline;             /* gs_now() values; deadline 0 = none */
    int stop;
    gmk_tt_entry *tt;                /* tt_mask + 1 entries (at most 1 << GMK_TT_BITS) */
    uint64_t *vcf_fail;              /* small table of positions where VCF failed */
    uint64_t tt_mask, vcf_mask;      /* table sizes - 1 (powers of two, by the node limit) */
    int vcf_budget;                  /* VCF nodes left in the current call */
    int best_vcf;                    /* first move of the last VCF found (padded) */
} gmk_search;

/* Set up a search over s (allocates the tables once); free with gmk_search_free. */
gmk_search *gmk_search_new(const gs_state *s, const gs_ai_opts *o, double default_time);
void gmk_search_free(gmk_search *S);
void gmk_splay(gmk_search *S, int p);       /* play for the side to move */
void gmk_sunplay(gmk_search *S, int p);
/* Pattern score of padded p for colour c (priority ranking). */
int gmk_point_score(const gmk_search *S, int p, int c);
/* Static evaluation for the side to move. */
int gmk_eval(const gmk_search *S);
/* Is p legal for the side to move in the search position? */
int gmk_slegal(const gmk_search *S, int p);
/* Winning cells (padded) of colour c in the search position; returns count. */
int gmk_win_points(const gmk_search *S, int c, int *out, int max);
/* VCF / VCT for the side to move (attacker); returns 1 and the first move
 * in *move (padded) when a win is found within the budget. */
int gmk_vcf(gmk_search *S, int budget, int *move);
int gmk_vct(gmk_search *S, int depth, int budget, int *move);
/* Does the opponent of the side to move have a VCF if we passed? */
int gmk_opp_vcf(gmk_search *S, int budget);
/* Full move choice for the "medium"/"strong" levels (padded index). */
int gmk_best_move(gmk_search *S, int strong);

#endif
