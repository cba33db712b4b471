/* The Gomoku AI module ("gomoku"): levels random, beginner (the source
 * document's priority ranking by line patterns: win, block a four, make a
 * four, block a three, ...), medium and strong (VCF/VCT threat search and
 * alpha-beta, see gomoku_search.c). */
#include <stdlib.h>
#include <string.h>
#include "ai/gomoku_ai.h"

static const char *const gmk_levels[] = {"random", "beginner", "medium", "strong", NULL};

static gs_status gmk_ai_move(const gs_state *s, const char *level, const gs_ai_opts *o, gs_move *out,
                             gs_error *err) {
    const gmk_game *g = gmk_game_of(s);
    gs_rng rng;
    gs_rng_seed(&rng, o ? o->seed : 0);
    if (!strcmp(level, "random")) {
        gs_move mv[GS_MAX_CELLS + 1];
        int n = gs_legal_moves(s, mv);
        if (n == 0) return gs_error_set(err, GS_ERR_GAME_OVER, "no legal move");
        *out = mv[gs_rng_below(&rng, (uint32_t)n)];
        return GS_OK;
    }
    int strong = !strcmp(level, "strong");
    gmk_search *S = gmk_search_new(s, o, strong ? 1.0 : 0);
    if (!S) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    if (!strong && !(o && o->node_limit)) S->node_limit = 300000;
    int p = -1;
    if (!strcmp(level, "beginner")) {
        int best = -1, ties = 0, me = S->tomove;
        for (int i = 0; i < g->base.geom.n; i++) {
            int q = g->pidx[i];
            if (!gmk_slegal(S, q)) continue;
            int sc = S->nstones ? gmk_point_score(S, q, me) : -(abs(gs_x(&g->base.geom, i) - g->base.geom.w / 2) +
                                                                  abs(gs_y(&g->base.geom, i) - g->base.geom.h / 2));
            if (sc > best) { best = sc; p = q; ties = 1; }
            else if (sc == best && gs_rng_below(&rng, (uint32_t)++ties) == 0) p = q;
        }
    } else {
        p = gmk_best_move(S, strong);
    }
    gmk_search_free(S);
    if (p < 0) return gs_error_set(err, GS_ERR_GAME_OVER, "no legal move");
    *out = g->cell_of[p];
    return GS_OK;
}

const gs_ai_module gs_gomoku_ai = {
    .game = "gomoku",
    .levels = gmk_levels,
    .move = gmk_ai_move,
    .solve = NULL,
};
