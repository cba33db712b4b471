/* m,n,k AI module: levels random, beginner, perfect; gs_solve. */
#include <string.h>
#include "ai/mnk_ai.h"
#include "ai/mnk_c4.h"

static const char *const mnk_levels[] = {"random", "beginner", "perfect", NULL};

void mnk_pos_of(const gs_state *s, mnk_pos *p) {
    const mnk_game *G = (const mnk_game *)s->game;
    p->m = G->m;
    p->n = G->n;
    p->k = G->k;
    p->gravity = G->gravity;
    p->cells = s->board.cells;
    p->to_move = s->to_move;
}

/* Can a run through idx (taken as colour c) in direction d still grow to
 * k cells without meeting a stone of the other colour? */
static int mnk_viable(const gs_state *s, int idx, int c, int d) {
    const gs_geom *g = &s->game->geom;
    int k = ((const mnk_game *)s->game)->k, room = 1;
    for (int j = g->nb8[idx][d]; j >= 0 && s->board.cells[j] != GS_OTHER(c) && room < k; j = g->nb8[j][d]) room++;
    for (int j = g->nb8[idx][d + 4]; j >= 0 && s->board.cells[j] != GS_OTHER(c) && room < k; j = g->nb8[j][d + 4])
        room++;
    return room >= k;
}

/* Does colour c on idx make a run of at least len (viable if asked)? */
static int mnk_makes_run(const gs_state *s, int idx, int c, int len, int need_viable) {
    for (int d = 0; d < 4; d++)
        if (mnk_run(s, idx, c, d) >= len && (!need_viable || mnk_viable(s, idx, c, d))) return 1;
    return 0;
}

/* Uniform pick among the moves for which the predicate holds; -1 if none. */
static gs_move mnk_pick(const gs_state *s, const gs_move *mv, int n, int c, int len, int need_viable,
                        gs_rng *rng) {
    gs_move pick = GS_NOMOVE;
    int seen = 0;
    for (int i = 0; i < n; i++)
        if (mnk_makes_run(s, mv[i], c, len, need_viable) && gs_rng_below(rng, (uint32_t)++seen) == 0)
            pick = mv[i];
    return pick;
}

gs_move mnk_beginner_move(const gs_state *s, gs_rng *rng) {
    const mnk_game *G = (const mnk_game *)s->game;
    gs_move mv[GS_MAX_CELLS + 1], pick;
    int n = gs_legal_moves(s, mv), me = s->to_move, you = GS_OTHER(me);
    if (n == 0) return GS_NOMOVE;
    if ((pick = mnk_pick(s, mv, n, me, G->k, 0, rng)) != GS_NOMOVE) return pick;    /* win */
    if ((pick = mnk_pick(s, mv, n, you, G->k, 0, rng)) != GS_NOMOVE) return pick;   /* block */
    for (int len = G->k - 1; len >= G->k - 2 && len >= 2; len--) {
        if ((pick = mnk_pick(s, mv, n, you, len, 1, rng)) != GS_NOMOVE) return pick;   /* defend */
        if ((pick = mnk_pick(s, mv, n, me, len, 1, rng)) != GS_NOMOVE) return pick;    /* extend */
    }
    /* a free centre or corner, else anything */
    int spots[8], ns = gs_centres(&s->game->geom, spots), cand[8], nc = 0;
    ns += gs_corners(&s->game->geom, spots + ns);
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < n; j++)
            if (mv[j] == spots[i]) {
                int dup = 0;
                for (int t = 0; t < nc; t++) dup |= cand[t] == spots[i];
                if (!dup) cand[nc++] = spots[i];
            }
    if (nc) return cand[gs_rng_below(rng, (uint32_t)nc)];
    return mv[gs_rng_below(rng, (uint32_t)n)];
}

static void mnk_limits_of(const gs_ai_opts *o, double default_time, mnk_limits *lim) {
    memset(lim, 0, sizeof *lim);
    lim->node_limit = o->node_limit;
    lim->time_limit = o->time_limit > 0 ? o->time_limit : default_time;
    lim->progress = o->progress;
    lim->progress_ud = o->progress_ud;
}

/* perfect: see mnk_choose; gravity boards that fit 64 bits: c4_run. */
static gs_status mnk_perfect(const gs_state *s, const gs_ai_opts *o, gs_rng *rng, gs_move *out, gs_error *err) {
    mnk_pos p;
    mnk_limits lim;
    mnk_solution sol;
    mnk_pos_of(s, &p);
    mnk_limits_of(o, MNK_PERFECT_SECONDS, &lim);
    gs_status st = c4_fits(p.m, p.n, p.k, p.gravity) ? c4_run(&p, &lim, &sol) : mnk_choose(&p, &lim, rng, &sol);
    if (st != GS_OK) return gs_error_set(err, GS_ERR_NOMEM, "out of memory for the solver");
    if (sol.best == GS_NOMOVE) return gs_error_set(err, GS_ERR_GAME_OVER, "the game is over");
    *out = sol.best;
    return GS_OK;
}

static gs_status mnk_move(const gs_state *s, const char *level, const gs_ai_opts *o, gs_move *out,
                          gs_error *err) {
    gs_rng rng;
    gs_move mv[GS_MAX_CELLS + 1];
    /* the same seed gives the same move in the same position */
    gs_rng_seed(&rng, o->seed ^ gs_state_hash(s));
    int n = gs_legal_moves(s, mv);
    if (n == 0) return gs_error_set(err, GS_ERR_GAME_OVER, "the game is over");
    if (!strcmp(level, "random")) {
        *out = mv[gs_rng_below(&rng, (uint32_t)n)];
        return GS_OK;
    }
    if (!strcmp(level, "beginner")) {
        *out = mnk_beginner_move(s, &rng);
        return GS_OK;
    }
    return mnk_perfect(s, o, &rng, out, err);
}

static gs_status mnk_ai_solve(const gs_state *s, const gs_ai_opts *o, gs_solve_result *r, gs_error *err) {
    mnk_pos p;
    mnk_limits lim;
    mnk_solution sol;
    memset(r, 0, sizeof *r);
    r->best = GS_NOMOVE;
    r->complete = 1;
    if (gs_is_over(s)) {   /* resignation, a line or a full board */
        gs_result res;
        gs_result_get(s, &res);
        r->value = res.winner == GS_EMPTY ? 0 : res.winner == s->to_move ? 1 : -1;
        return GS_OK;
    }
    mnk_pos_of(s, &p);
    mnk_limits_of(o, 0, &lim);
    gs_status st = c4_fits(p.m, p.n, p.k, p.gravity) ? c4_run(&p, &lim, &sol) : mnk_solve(&p, &lim, &sol);
    if (st != GS_OK) return gs_error_set(err, st, "the solver could not start (out of memory)");
    r->value = sol.value;
    r->best = sol.best;
    r->nodes = sol.nodes;
    r->seconds = sol.seconds;
    r->complete = sol.complete;
    return GS_OK;
}

const gs_ai_module gs_mnk_ai = {
    .game = "mnk",
    .levels = mnk_levels,
    .move = mnk_move,
    .solve = mnk_ai_solve,
};
