/* The Reversi AI module: levels random, beginner (greedy), medium and
 * strong (iterative-deepening PVS with the evaluation, the exact solver
 * taking over near the end), and gs_solve.  Boards up to 8x8 use the
 * bitboard searchers of reversi_search.c; larger boards a plain
 * alpha-beta over the rules API. */
#include <stdlib.h>
#include <string.h>
#include "ai/reversi_ai.h"
#ifndef RVS_SOLVE_TT_BITS
#define RVS_SOLVE_TT_BITS 21
#endif

static const char *const rv_levels[] = {"random", "beginner", "medium", "strong", NULL};

/* ---- helpers ---- */

static int rv_cell_from_bit(const rv_game *G, int b) { return (b >> 3) * G->size + (b & 7); }
static int rv_bit_from_cell(const rv_game *G, int m) { return (m / G->size) * 8 + m % G->size; }

/* Legal moves in a seeded random order (the tie-break of every level). */
static int rv_shuffled_moves(const gs_state *s, gs_rng *rng, gs_move *mv) {
    int n = gs_legal_moves(s, mv);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gs_rng_below(rng, (uint32_t)i + 1);
        gs_move t = mv[i];
        mv[i] = mv[j];
        mv[j] = t;
    }
    return n;
}

static int rv_is_corner(const rv_game *G, gs_move m) {
    int x = m % G->size, y = m / G->size, e = G->size - 1;
    return (x == 0 || x == e) && (y == 0 || y == e);
}

/* beginner: a corner if there is one, else the move that flips most. */
static gs_move rv_greedy(gs_state *s, const gs_move *mv, int n) {
    const rv_game *G = (const rv_game *)s->game;
    int b, w, e, best = -1;
    gs_move pick = mv[0];
    for (int i = 0; i < n; i++) {
        if (mv[i] == GS_PASS) return GS_PASS;
        int before = s->to_move == GS_BLACK ? 0 : 1, score;
        rv_count(s, &b, &w, &e);
        int mine0 = before ? w : b;
        if (gs_play(s, mv[i]) != GS_OK) continue;
        rv_count(s, &b, &w, &e);
        score = (before ? w : b) - mine0 - 1;   /* flipped discs */
        gs_undo(s);
        if (rv_is_corner(G, mv[i])) score += 1000;
        if (score > best) {
            best = score;
            pick = mv[i];
        }
    }
    return pick;
}

/* ---- generic alpha-beta (boards above 8x8) ---- */

typedef struct rvg_ctx {
    uint64_t nodes, node_limit;
    double deadline;
    int stopped;
    gs_move *buf;   /* (n + 1) moves per ply */
    int stride;
} rvg_ctx;

static int rvg_limits(rvg_ctx *c) {
    if (!c->stopped && (c->nodes & 1023) == 0) {
        if (c->node_limit && c->nodes >= c->node_limit) c->stopped = 1;
        if (c->deadline > 0 && gs_now() >= c->deadline) c->stopped = 1;
    }
    return c->stopped;
}

/* Final score for the side to move, empties to the winner. */
static int rvg_final(const gs_state *s) {
    int b, w, e;
    rv_count(s, &b, &w, &e);
    int d = b - w;
    d += d > 0 ? e : d < 0 ? -e : 0;
    return s->to_move == GS_BLACK ? d : -d;
}

static int rvg_eval(gs_state *s, gs_move *buf) {
    const rv_game *G = (const rv_game *)s->game;
    int me = s->to_move, v = 0;
    int nm = gs_legal_moves(s, buf);
    s->to_move = GS_OTHER(me);
    int no = gs_legal_moves(s, buf);
    s->to_move = (uint8_t)me;
    v += 60 * (nm - no);
    int e = G->size - 1, cs[4] = {0, e, e * G->size, e * G->size + e};
    for (int k = 0; k < 4; k++) {
        int c = s->board.cells[cs[k]];
        if (c) v += c == me ? 600 : -600;
    }
    return v;
}

/* depth < 0: exact to the end. */
static int rvg_search(rvg_ctx *c, gs_state *s, int depth, int alpha, int beta, int ply, gs_move *best) {
    c->nodes++;
    if (rvg_limits(c)) return 0;
    gs_move *mv = c->buf + (size_t)ply * (size_t)c->stride;
    int n = gs_legal_moves(s, mv);
    if (n == 0) return rvg_final(s) * RVS_WIN_UNIT;
    if (depth == 0) return rvg_eval(s, mv);
    int bestv = -RVS_INF * RVS_WIN_UNIT;
    for (int i = 0; i < n; i++) {
        if (gs_play(s, mv[i]) != GS_OK) continue;
        int a = alpha > bestv ? alpha : bestv;
        int v = -rvg_search(c, s, depth < 0 ? depth : depth - 1, -beta, -a, ply + 1, NULL);
        gs_undo(s);
        if (c->stopped) return 0;
        if (v > bestv) {
            bestv = v;
            if (best) *best = mv[i];
            if (v >= beta) break;
        }
    }
    return bestv;
}

static gs_status rvg_run(const gs_state *s0, int depth, double tlimit, uint64_t nlimit, gs_rng *rng,
                         gs_move *out, int *value, int *complete, uint64_t *nodes) {
    gs_state *s = gs_state_clone(s0);
    rvg_ctx c;
    memset(&c, 0, sizeof c);
    c.stride = s0->game->geom.n + 1;
    c.buf = malloc(sizeof *c.buf * (size_t)c.stride * (size_t)(2 * s0->game->geom.n + 2));
    if (!s || !c.buf) {
        gs_state_free(s);
        free(c.buf);
        return GS_ERR_NOMEM;
    }
    c.node_limit = nlimit;
    c.deadline = tlimit > 0 ? gs_now() + tlimit : 0;
    gs_move first[GS_MAX_CELLS + 1];
    int n = rv_shuffled_moves(s, rng, first);
    *out = n ? first[0] : GS_NOMOVE;
    int v = 0;
    if (depth < 0) v = rvg_search(&c, s, -1, -RVS_INF * RVS_WIN_UNIT, RVS_INF * RVS_WIN_UNIT, 0, out);
    else
        for (int d = 1; d <= depth && !c.stopped; d++) {
            gs_move b = *out;
            int vv = rvg_search(&c, s, d, -RVS_INF * RVS_WIN_UNIT, RVS_INF * RVS_WIN_UNIT, 0, &b);
            if (!c.stopped) {
                *out = b;
                v = vv;
            }
        }
    if (value) *value = v;
    if (complete) *complete = !c.stopped;
    if (nodes) *nodes = c.nodes;
    free(c.buf);
    gs_state_free(s);
    return GS_OK;
}

/* ---- bitboard player ---- */

gs_status rv_ai_search(const gs_state *s, const rv_ai_cfg *cfg, const gs_ai_opts *o, gs_move *out,
                       gs_error *err) {
    const rv_game *G = (const rv_game *)s->game;
    gs_rng rng;
    gs_rng_seed(&rng, o->seed);
    gs_move mv[GS_MAX_CELLS + 1];
    int n = rv_shuffled_moves(s, &rng, mv);
    if (n == 0) return gs_error_set(err, GS_ERR_GAME_OVER, "the game is over");
    if (n == 1) { *out = mv[0]; return GS_OK; }   /* includes the forced pass */
    double tl = o->time_limit > 0 ? o->time_limit : cfg->time_limit;
    uint64_t nl = o->node_limit ? o->node_limit : cfg->node_limit;
    if (!G->use_bb) {
        int d = cfg->max_depth < 3 ? cfg->max_depth : 3;
        return rvg_run(s, d, tl, nl, &rng, out, NULL, NULL, NULL);
    }
    uint64_t P, O;
    rv_state_bb(s, &P, &O);
    rvs_ctx c;
    if (rvs_init(&c, G->size, cfg->tt_bits, o, tl, nl) != GS_OK)
        return gs_error_set(err, GS_ERR_NOMEM, "out of memory for the transposition table");
    if (cfg->hand_eval) c.pattern = 0;
    c.mpc = c.pattern ? cfg->mpc : 0;   /* sigma was measured with the trained evaluation */
    int bits[64], nb = 0;
    for (int i = 0; i < n; i++) bits[nb++] = rv_bit_from_cell(G, mv[i]);
    /* fewest replies first (stable, so the seeded order breaks ties) */
    int key[64];
    for (int i = 0; i < nb; i++) {
        uint64_t f = rv_flips(bits[i], P, O), np = P ^ f ^ (1ull << bits[i]), no = O ^ f;
        key[i] = rv_popcount(rv_moves(no, np) & c.mask);
    }
    for (int i = 1; i < nb; i++)
        for (int j = i; j > 0 && key[j] < key[j - 1]; j--) {
            int t = key[j]; key[j] = key[j - 1]; key[j - 1] = t;
            t = bits[j]; bits[j] = bits[j - 1]; bits[j - 1] = t;
        }
    int ne = rv_popcount(c.mask & ~(P | O)), best = bits[0];
    for (int d = 1; d <= cfg->max_depth && d <= ne; d++) {
        int b = -1;
        rvs_mid(&c, P, O, d, cfg->exact_empties, bits, nb, &b);
        if (c.stopped) {
            if (d == 1 && b >= 0) best = b;   /* the best of the moves searched in time */
            break;
        }
        best = b;
        for (int i = 0; i < nb; i++)   /* best first next time, the rest keep their order */
            if (bits[i] == b) {
                memmove(bits + 1, bits, sizeof bits[0] * (size_t)i);
                bits[0] = b;
                break;
            }
        if (ne <= cfg->exact_empties) break;   /* solved exactly already */
        if (c.deadline > 0 && gs_now() - c.t0 > 0.4 * (c.deadline - c.t0)) break;
    }
    rvs_free(&c);
    *out = rv_cell_from_bit(G, best);
    return GS_OK;
}

static gs_status rv_move(const gs_state *s, const char *level, const gs_ai_opts *o, gs_move *out,
                         gs_error *err) {
    gs_rng rng;
    gs_rng_seed(&rng, o->seed);
    gs_move mv[GS_MAX_CELLS + 1];
    if (!strcmp(level, "random") || !strcmp(level, "beginner")) {
        int n = rv_shuffled_moves(s, &rng, mv);
        if (n == 0) return gs_error_set(err, GS_ERR_GAME_OVER, "the game is over");
        if (level[0] == 'r') { *out = mv[0]; return GS_OK; }
        gs_state *c = gs_state_clone(s);
        if (!c) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
        *out = rv_greedy(c, mv, n);
        gs_state_free(c);
        return GS_OK;
    }
    rv_ai_cfg cfg = rv_ai_level_cfg(!strcmp(level, "strong"));
    return rv_ai_search(s, &cfg, o, out, err);
}

/* "medium:exact=14,depth=6", "strong:exact=20,eval=hand": the searching
 * levels' settings overridden (the random and greedy levels search
 * nothing).  eval=hand keeps the hand-tuned evaluation on 8x8, for
 * comparing it with the trained one; probcut=T (0..4) cuts the midgame
 * search by ProbCut at T sigma of the shallow search's measured error
 * (8x8 with the trained evaluation; 0, off). */
static gs_status rv_move_spec(const gs_state *s, gs_spec *level, const gs_ai_opts *o, gs_move *out,
                              gs_error *err) {
    int strong = !strcmp(level->name, "strong");
    if (!strong && strcmp(level->name, "medium"))
        return gs_error_set(err, GS_ERR_UNKNOWN_KEY, "AI level '%s' of reversi takes no options", level->name);
    rv_ai_cfg cfg = rv_ai_level_cfg(strong);
    static const char *const evals[] = {"pattern", "hand", NULL};
    gs_status st;
    double pc = cfg.mpc / 100.0;
    if ((st = gs_spec_int(level, "exact", 0, 60, &cfg.exact_empties, err)) != GS_OK ||
        (st = gs_spec_int(level, "depth", 1, 60, &cfg.max_depth, err)) != GS_OK ||
        (st = gs_spec_enum(level, "eval", evals, &cfg.hand_eval, err)) != GS_OK ||
        (st = gs_spec_double(level, "probcut", 0, 4, &pc, err)) != GS_OK)
        return st;
    cfg.mpc = (int)(pc * 100 + 0.5);
    for (int i = 0; i < level->nkv; i++)
        if (!level->kv[i].used)
            return gs_error_set(err, GS_ERR_UNKNOWN_KEY,
                                "unknown option '%s' for AI level '%s' (options: exact, depth, eval, probcut)",
                                level->kv[i].key, level->name);
    return s ? rv_ai_search(s, &cfg, o, out, err) : GS_OK;
}

rv_ai_cfg rv_ai_level_cfg(int strong) {
    rv_ai_cfg c;
    memset(&c, 0, sizeof c);
    if (strong) {
        c.max_depth = 60;
        c.exact_empties = 16;
        c.time_limit = 1.0;
        c.tt_bits = 18;
    } else {
        c.max_depth = 4;
        c.exact_empties = 10;
        c.time_limit = 0;
        /* medium has no time default (its moves are the same under any
         * load): a node ceiling bounds it, or its options (depth=60,
         * exact=60) ask for a search that never ends - a server's AI
         * worker held for good by one game.  Depth 16 from the start fits
         * (about 9 M nodes). */
        c.node_limit = RV_AI_MEDIUM_MAX_NODES;
        c.tt_bits = 16;
    }
    return c;
}

/* ---- solver ---- */

static gs_status rv_solve(const gs_state *s, const gs_ai_opts *o, gs_solve_result *r, gs_error *err) {
    const rv_game *G = (const rv_game *)s->game;
    double t0 = gs_now();
    memset(r, 0, sizeof *r);
    r->best = GS_NOMOVE;
    r->has_score = 1;
    if (!G->use_bb) {
        gs_rng rng;
        gs_rng_seed(&rng, o->seed);
        int v = 0, complete = 0;
        gs_status st = rvg_run(s, -1, o->time_limit, o->node_limit, &rng, &r->best, &v, &complete, &r->nodes);
        if (st != GS_OK) return gs_error_set(err, st, "out of memory");
        r->score = complete ? v / RVS_WIN_UNIT : 0;
        r->has_score = complete;
        r->complete = complete;
    } else {
        uint64_t P, O;
        rv_state_bb(s, &P, &O);
        rvs_ctx c;
        int ne = rv_popcount(rv_board_mask(G->size) & ~(P | O));
        int bits = ne >= 20 ? RVS_SOLVE_TT_BITS : ne >= 14 ? 18 : 12;   /* 2^21 entries = 64 MB */
        if (rvs_init(&c, G->size, bits, o, o->time_limit, o->node_limit) != GS_OK)
            return gs_error_set(err, GS_ERR_NOMEM, "out of memory for the transposition table");
        int best = -1;
        if (rv_is_over(s)) r->score = rv_final_score(P, O, c.mask);
        else {
            r->score = rvs_solve(&c, P, O, rvs_guess(&c, P, O), &best);
            r->best = best >= 0 ? rv_cell_from_bit(G, best) : GS_PASS;
        }
        r->nodes = c.nodes;
        r->complete = !c.stopped;
        rvs_free(&c);
        if (!r->complete) {
            /* a limit stopped the search: estimate with a short midgame search */
            rv_ai_cfg cfg = rv_ai_level_cfg(0);
            gs_ai_opts o2 = *o;
            o2.time_limit = 0;
            o2.node_limit = 0;
            if (!rv_is_over(s)) rv_ai_search(s, &cfg, &o2, &r->best, err);
            r->score = 0;
            r->has_score = 0;
        }
    }
    r->value = r->score > 0 ? 1 : r->score < 0 ? -1 : 0;
    r->seconds = gs_now() - t0;
    return GS_OK;
}

const gs_ai_module gs_reversi_ai = {
    .game = "reversi",
    .levels = rv_levels,
    .move = rv_move,
    .move_spec = rv_move_spec,
    .solve = rv_solve,
};
