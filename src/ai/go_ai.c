/* The Go AI module: levels over the Monte-Carlo search, with the decisions
 * around it (pass when the game is settled and passing wins, resign when
 * the search sees no hope), and dead stones from ownership. */
#include <stdlib.h>
#include <string.h>
#include "ai/go_ai.h"
#include "games/go/go_rules.h"

static const char *const go_ai_levels[] = {"random", "beginner", "medium", "strong", NULL};

#define GO_AI_STRONG_SECONDS 3.0
#define GO_AI_RESIGN_RATE 0.05
#define GO_AI_RESIGN_MIN_PLAYOUTS 1000

/* A uniformly random legal move that fills no own eye (pass if none). */
static gs_move go_ai_random(const gs_state *s, uint64_t seed) {
    const go_state *gs = (const go_state *)s;
    const go_geom *g = gs->b.geo;
    gs_move mv[GS_MAX_CELLS + 1];
    int n = gs_legal_moves(s, mv), m = 0;
    for (int i = 0; i < n; i++)
        if (mv[i] >= 0 && !go_board_is_eye(&gs->b, g->idx2pos[mv[i]], s->to_move)) mv[m++] = mv[i];
    if (m == 0) return GS_PASS;
    gs_rng r;
    gs_rng_seed(&r, seed);
    return mv[gs_rng_below(&r, (uint32_t)m)];
}

/* Chains of colour c are dead when their mean ownership for c is below
 * thr[c], or below 0 for a lone chain (go_board_lone_chain).  There the
 * playouts, random in the open, often let the surrounding group die and
 * the stone live, so its ownership stays above thr although it is
 * captured more often than not (9x9 games 6 and 16 against GNU Go,
 * 2026-11-23). */
static int go_ai_dead_thr(const gs_state *s, const float *own, int *dead, const double thr[3]) {
    const go_board *b = &((const go_state *)s)->b;
    const go_geom *g = b->geo;
    uint8_t done[GO_MAXPOS];
    int chain[GO_MAX_SIDE * GO_MAX_SIDE], nd = 0;
    memset(done, 0, sizeof done);
    for (int i = 0; i < g->n; i++) {
        int p = g->idx2pos[i], c = b->color[p];
        if ((c != GO_BLACK && c != GO_WHITE) || done[p]) continue;
        int k = go_board_group(b, p, chain);
        double sum = 0;
        for (int j = 0; j < k; j++) {
            done[chain[j]] = 1;
            sum += own[g->pos2idx[chain[j]]];
        }
        double mine = (c == GO_BLACK ? sum : -sum) / k;
        if (mine < (go_board_lone_chain(b, chain, k) ? 0 : thr[c]))
            for (int j = 0; j < k; j++) dead[nd++] = g->pos2idx[chain[j]];
    }
    return nd;
}

int go_ai_dead_from_own(const gs_state *s, const float *own, int *dead) {
    static const double thr[3] = {0, -0.3, -0.3};
    return go_ai_dead_thr(s, own, dead, thr);
}

int go_ai_dead_stones(const gs_state *s, uint64_t seed, uint64_t playouts, int *dead,
                      gs_error *err) {
    go_mcts_params p = {0};
    p.seed = seed;
    p.max_playouts = playouts ? playouts : 2000;
    p.ownership_only = 1;
    go_mcts_result *r = malloc(sizeof *r);
    if (!r) { gs_error_set(err, GS_ERR_NOMEM, "out of memory"); return -1; }
    int n = -1;
    if (go_mcts_search(s, &p, r, err) == GS_OK) n = go_ai_dead_from_own(s, r->own, dead);
    free(r);
    return n;
}

/* Does a pass hold against the opponent's best reply?  No when the reply
 * could change what the count assumed (dead lists dead, in dead[]): one of
 * our chains counted alive is in atari (the reply captures it), an enemy
 * chain counted dead is in atari (the reply saves it), or a simple ko is
 * open.  If not, *fix gets a move that settles it (connect out of the
 * atari, capture, or take the dead chain), or GS_PASS if none is legal.
 * When our pass ends the game (the opponent passed) there is no reply, but
 * a chain in atari is what the two sides' counts disagree on (a ko shape:
 * one calls the stone dead, the other alive).  Under area scoring a move
 * in one's own area costs nothing, so the pass does not hold while such a
 * chain of ours (counted alive, or counted dead with its liberty walled in
 * by our stones: a ko shape we can close) or an enemy chain counted dead
 * can be settled by a move; under territory scoring it holds. */
/* Is every on-board neighbour of pos a stone of colour c? */
static int go_ai_walled(const go_board *b, int pos, int c) {
    for (int d = 0; d < 4; d++) {
        int q = b->color[pos + b->geo->off4[d]];
        if (q != c && q != GO_BORDER) return 0;
    }
    return 1;
}

int go_ai_pass_holds(const gs_state *s, const int *dead, int ndead, gs_move *fix) {
    const go_board *b = &((const go_state *)s)->b;
    const go_geom *g = b->geo;
    int me = s->to_move, holds = 1;
    int ends = gs_go_trailing_passes(s) > 0;
    uint8_t isdead[GS_MAX_CELLS];
    *fix = GS_PASS;
    if (ends) {
        gs_go_rules rules;
        if (gs_go_get_rules(s->game, &rules) != GS_OK || rules.scoring != GS_GO_AREA) return 1;
    }
    memset(isdead, 0, sizeof isdead);
    for (int i = 0; i < ndead; i++) isdead[dead[i]] = 1;
    if (b->ko != GO_NOPOS && !ends) holds = 0;
    for (int i = 0; i < g->n; i++) {
        int p = g->idx2pos[i], c = b->color[p];
        if ((c != GO_BLACK && c != GO_WHITE) || b->gid[p] != p || !go_in_atari(b, p)) continue;
        int lib = go_atari_lib(b, p);
        if (c == me && (!isdead[i] || (ends && go_ai_walled(b, lib, me)))) {
            holds = 0;
            /* connect out at the liberty if that leaves two or more, else
             * capture a neighbouring enemy chain in atari */
            gs_move m = g->pos2idx[lib];
            if (*fix == GS_PASS && gs_check(s, m) == GS_OK) {
                go_board t;
                go_board_copy(&t, b);
                go_board_play(&t, lib, me);
                if (t.color[lib] == me && go_board_libs(&t, lib, NULL, 2) >= 2) *fix = m;
            }
            int chain[GS_MAX_CELLS], k = go_board_group(b, p, chain);
            for (int j = 0; j < k && *fix == GS_PASS; j++)
                for (int d = 0; d < 4 && *fix == GS_PASS; d++) {
                    int q = chain[j] + g->off4[d];
                    if (b->color[q] != go_other(me) || !go_in_atari(b, b->gid[q])) continue;
                    gs_move cm = g->pos2idx[go_atari_lib(b, b->gid[q])];
                    if (gs_check(s, cm) == GS_OK) *fix = cm;
                }
        } else if (c != me && isdead[i]) {
            holds = 0;
            if (*fix == GS_PASS && gs_check(s, g->pos2idx[lib]) == GS_OK) *fix = g->pos2idx[lib];
        }
    }
    /* ending the game: only a settling move there is makes the pass wait */
    return ends ? *fix == GS_PASS : holds;
}

/* Does a pass hold by search?  The pass the count and the ownership call
 * safe is tried: the position after it is searched with the opponent to
 * move (half the playouts of the main search, at least 1,000 or the main
 * search's budget if smaller; a different seed), and the
 * pass holds when the opponent's best reply there leaves them no better
 * off than our best move r->best would (1 - its win rate) plus
 * GO_AI_PASS_MARGIN.  The ownership of the main search is that of the
 * lines after its best move, so a reply that only works after a pass (a
 * cut left unanswered, a group short of liberties) is seen only here.
 * Sets *holds and info->pass_reply_rate. */
#define GO_AI_PASS_MARGIN 0.10
#define GO_AI_PASS_MIN_PLAYOUTS 1000
static gs_status go_ai_pass_verified(const gs_state *s, const go_mcts_params *p, go_ai_info *info,
                                     int *holds, gs_error *err) {
    const go_mcts_result *r = &info->search;
    gs_state *t = gs_state_clone(s);
    go_mcts_result *r2 = malloc(sizeof *r2);
    gs_status st;
    if (!t || !r2) st = gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    else if ((st = gs_play(t, GS_PASS)) == GS_OK) {
        go_mcts_params p2 = *p;
        p2.seed = p->seed ^ 0x9e3779b97f4a7c15ULL;
        /* at least GO_AI_PASS_MIN_PLAYOUTS, but never beyond the main
         * search's own playout budget (a caller's node limit is a limit) */
        uint64_t least = p->max_playouts > 0 && p->max_playouts < GO_AI_PASS_MIN_PLAYOUTS ? p->max_playouts
                                                                                          : GO_AI_PASS_MIN_PLAYOUTS;
        p2.max_playouts = r->playouts / 2 > least ? r->playouts / 2 : least;
        if (!p->max_playouts) p2.max_time = r->seconds / 2 > 0.05 ? r->seconds / 2 : 0.05;
        st = go_mcts_search(t, &p2, r2, err);
        if (st == GS_OK) {
            info->pass_checked = 1;
            info->pass_reply_rate = r2->winrate;
            info->pass_playouts = (int)r2->playouts;
            *holds = r2->winrate <= 1 - r->winrate + GO_AI_PASS_MARGIN;
        }
    }
    free(r2);
    gs_state_free(t);
    return st;
}

gs_status go_ai_genmove(const gs_state *s, const char *level, const gs_ai_opts *o,
                        gs_move *out, go_ai_info *info, gs_error *err) {
    return go_ai_genmove_mode(s, level, o, 0, out, info, err);
}

gs_status go_ai_genmove_mode(const gs_state *s, const char *level, const gs_ai_opts *o, int cleanup,
                             gs_move *out, go_ai_info *info, gs_error *err) {
    gs_ai_opts def = {0};
    go_ai_info local;
    if (!o) o = &def;
    if (!info) info = &local;
    memset(info, 0, sizeof *info);
    if (!go_is_go(s->game)) return gs_error_set(err, GS_ERR_INVALID_ARG, "not a Go game");
    if (!strcmp(level, "random")) {
        *out = go_ai_random(s, o->seed);
        return GS_OK;
    }
    go_mcts_params p = {0};
    p.seed = o->seed;
    p.threads = o->threads;
    p.progress = o->progress;
    p.progress_ud = o->progress_ud;
    if (!strcmp(level, "beginner")) p.max_playouts = 300;
    else if (!strcmp(level, "medium")) p.max_playouts = 3000;
    else if (!strcmp(level, "strong")) p.max_time = GO_AI_STRONG_SECONDS;
    else return gs_error_set(err, GS_ERR_BAD_VALUE, "unknown Go AI level '%s'", level);
    /* the caller's limits replace the level's own of the same kind (0 =
     * the level's default, gs_ai_opts): a clock's time leaves beginner's
     * and medium's playout counts in place; a playout count alone is a
     * pure count (no time: the same moves under any load) */
    if (o->node_limit || o->time_limit > 0) {
        if (o->node_limit) p.max_playouts = o->node_limit;
        p.max_time = o->time_limit > 0 ? o->time_limit : 0;
    }
    /* a hard ceiling whatever the caller asked for (also with a node limit
     * alone: the pool is bounded, the clock bounds the rest) */
    if (p.max_time <= 0 || p.max_time > GO_AI_MAX_MOVE_SECONDS) p.max_time = GO_AI_MAX_MOVE_SECONDS;
    go_mcts_result *r = &info->search;
    gs_status st = go_mcts_search(s, &p, r, err);
    if (st != GS_OK) return st;
    info->searched = 1;
    /* the count if the game ended now, with the search's dead stones: our
     * chains count as dead unless they are clearly alive (owned by us in
     * most playouts), the opponent's unless they are clearly dead */
    int me = s->to_move;
    double thr[3];
    thr[me] = 0.5;
    thr[GS_OTHER(me)] = -0.3;
    info->ndead = go_ai_dead_thr(s, r->own, info->dead, thr);
    gs_go_score *sc = malloc(sizeof *sc);
    if (!sc) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    st = gs_go_score_state(s, NULL, info->dead, info->ndead, sc, err);
    int wins_now = 0;
    if (st == GS_OK) {
        info->est_score = sc->score;
        wins_now = sc->winner == me;
    }
    free(sc);
    if (st != GS_OK) return st;
    info->settled = go_mcts_settled(s, r);
    *out = r->best;
    int pass_checked = 0;   /* go_ai_pass_holds already asked (below) */
    if (cleanup) {
        /* pass only when no dead enemy stone is left to take off */
        int dead[GS_MAX_CELLS], theirs = 0;
        int nd = go_ai_dead_from_own(s, r->own, dead);
        for (int i = 0; i < nd; i++) theirs |= s->board.cells[dead[i]] == GS_OTHER(me);
        if (!theirs && info->settled) *out = GS_PASS;
    } else if (wins_now && (gs_go_trailing_passes(s) > 0 || info->settled)) {
        /* a pass that does not hold (a chain in atari, an open ko) is
         * replaced by the move that settles it or, when there is none (a
         * ko the opponent just took), by the search's own choice, which
         * weighed the pass against a ko threat */
        gs_move fix;
        *out = go_ai_pass_holds(s, info->dead, info->ndead, &fix) ? GS_PASS
               : fix != GS_PASS ? fix : r->best;
        pass_checked = 1;
    }
    if (*out == GS_PASS && !cleanup) {   /* the search's own pass must hold too */
        gs_move fix;
        if (!pass_checked && !go_ai_pass_holds(s, info->dead, info->ndead, &fix) && fix != GS_PASS) *out = fix;
        /* a pass the search did not choose (it had a move) must also hold
         * against the opponent's best reply, unless it ends the game */
        if (*out == GS_PASS && r->best != GS_PASS && gs_go_trailing_passes(s) == 0) {
            int holds = 1;
            st = go_ai_pass_verified(s, &p, info, &holds, err);
            if (st != GS_OK) return st;
            if (!holds) *out = r->best;
        }
    }
    else if (r->playouts >= GO_AI_RESIGN_MIN_PLAYOUTS && r->winrate < GO_AI_RESIGN_RATE
             && s->nhist >= 10)
        *out = GS_RESIGN;
    return GS_OK;
}

double go_ai_move_time(const gs_state *s, const go_ai_clock *c, double cap) {
    double t = cap > 0 ? cap : 0;
    if (c && (c->main_time > 0 || c->byo_time > 0)) {
        double left = c->left_known ? c->left : c->main_time;
        int stones = c->left_known ? c->stones_left : 0;
        double budget;
        if (stones > 0) budget = left / stones;                       /* in byo-yomi */
        else {
            int empty = gs_board_count(&s->board, GS_EMPTY);
            double moves_left = empty / 3.0 > 12 ? empty / 3.0 : 12;
            budget = left / moves_left + (c->byo_stones > 0 ? c->byo_time / c->byo_stones : 0) * 0.8;
        }
        budget = budget * 0.92 - 0.05;
        if (!(budget >= 0.05)) budget = 0.05;   /* also NaN */
        if (t <= 0 || budget < t) t = budget;
    }
    if (t > GO_AI_MAX_MOVE_SECONDS) t = GO_AI_MAX_MOVE_SECONDS;
    return t;
}

int go_ai_free_handicap(int w, int h, int n, int *cells) {
    int k = 0, cn = w * h;
    if (n <= 0 || w < 1 || h < 1 || cn > GS_MAX_CELLS) return 0;
    if (n > cn) n = cn;
    int *dist = malloc((size_t)cn * sizeof *dist);
    if (!dist) return 0;
    for (int f = n < 9 ? n : 9; f >= 2 && !k; f--) k = gs_go_fixed_handicap_points(w, h, f, cells);
    for (int i = 0; i < cn; i++) dist[i] = 1 << 20;
    for (int j = 0; j <= k; j++) {
        if (j == k) {   /* choose the next point */
            if (k >= n) break;
            int best = -1, bests = -1;
            for (int i = 0; i < cn; i++) {
                if (dist[i] == 0) continue;
                int x = i % w, y = i / w;
                int edge = x < 2 || y < 2 || x > w - 3 || y > h - 3;
                int sc = (dist[i] < 1000 ? dist[i] : 1000) * 4 - (edge && w >= 7 ? 3 : 0);
                if (sc > bests) { bests = sc; best = i; }
            }
            if (best < 0) break;
            cells[k++] = best;
        }
        int cx = cells[j] % w, cy = cells[j] / w;
        for (int i = 0; i < cn; i++) {
            int d = abs(i % w - cx) + abs(i / w - cy);
            if (d < dist[i]) dist[i] = d;
        }
    }
    free(dist);
    return k;
}

static gs_status go_ai_move(const gs_state *s, const char *level, const gs_ai_opts *o,
                            gs_move *out, gs_error *err) {
    return go_ai_genmove(s, level, o, out, NULL, err);
}

const gs_ai_module gs_go_ai = {
    .game = "go",
    .levels = go_ai_levels,
    .move = go_ai_move,
    .solve = NULL,
};
