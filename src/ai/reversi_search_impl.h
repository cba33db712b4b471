/* The Reversi searchers, included several times by reversi_search.c: once
 * per compiled move engine.  Before including, define RV_X(name) (function
 * names), RV_X_ATTR (target attributes), RV_X_MOVES and RV_X_FLIPS. */

#define RVX_MOVES(P, O) (RV_X_MOVES(P, O) & c->mask)

/* ---- the last plies of the exact search: no table, parity order ---- */

/* One empty square left.  The flips are only counted: every other square
 * of a line through sq is either P's or O's, so the count comes from P's
 * discs on the four lines (rv_last_count), gathered by pext where it is
 * fast and by multiplications elsewhere (rvs_last_count_mul). */
static RV_X_ATTR int RV_X(last1)(rvs_ctx *c, uint64_t P, uint64_t O, int sq) {
    int p = rv_popcount(P), o, k;
    c->nodes++;
#if RV_X_PEXT
    if (c->pext) {
        const uint64_t *m = c->line[sq];
        const uint8_t *ps = c->line_pos[sq];
        o = c->ncells - 1 - p;
        k = rv_last_count[ps[0]][_pext_u64(P, m[0])] + rv_last_count[ps[1]][_pext_u64(P, m[1])]
            + rv_last_count[ps[2]][_pext_u64(P, m[2])] + rv_last_count[ps[3]][_pext_u64(P, m[3])];
        if (k) return p - o + 2 * k + 1;
        uint64_t Q = ~P;   /* O's discs, as seen on the lines (bit sq ignored) */
        k = rv_last_count[ps[0]][_pext_u64(Q, m[0])] + rv_last_count[ps[1]][_pext_u64(Q, m[1])]
            + rv_last_count[ps[2]][_pext_u64(Q, m[2])] + rv_last_count[ps[3]][_pext_u64(Q, m[3])];
        if (k) return p - o - 2 * k - 1;
        return p > o ? p - o + 1 : p < o ? p - o - 1 : 0;
    }
#endif
    (void)O;
    o = c->ncells - 1 - p;
    k = rvs_last_count_mul(c, P, sq);
    if (k) return p - o + 2 * k + 1;
    k = rvs_last_count_mul(c, ~P, sq);
    if (k) return p - o - 2 * k - 1;
    return p > o ? p - o + 1 : p < o ? p - o - 1 : 0;
}

/* Two empty squares x1, x2 left. */
static RV_X_ATTR int RV_X(last2)(rvs_ctx *c, uint64_t P, uint64_t O, int beta, int x1, int x2,
                                 int passed) {
    int best = -RVS_INF;
    uint64_t f;
    c->nodes++;
    if ((rv_nbr[x1] & O) && (f = RV_X_FLIPS(x1, P, O)) != 0) {
        best = -RV_X(last1)(c, O ^ f, P ^ f ^ (1ull << x1), x2);
        if (best >= beta) return best;
    }
    if ((rv_nbr[x2] & O) && (f = RV_X_FLIPS(x2, P, O)) != 0) {
        int v = -RV_X(last1)(c, O ^ f, P ^ f ^ (1ull << x2), x1);
        if (v > best) best = v;
    }
    if (best == -RVS_INF) {
        if (passed) return rv_final_score(P, O, c->mask);
        return -RV_X(last2)(c, O, P, RVS_INF, x1, x2, 1);
    }
    return best;
}

/* Alpha at or above which the stability bound is worth computing, by
 * empty squares (64-square board; scaled for smaller ones). */
static const int8_t RV_X(stab_thr)[65] = {
    99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42,
    44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64};

/* The stability cut-off: the opponent's stable discs cap P's score.  Returns
 * that cap when it is at or below alpha (a cut-off), else RVS_INF after
 * lowering *beta to the cap.  Computed only from RVS_STAB_MIN empties, at
 * an alpha of at least stab_thr, and when O has enough discs to cut. */
static inline RV_X_ATTR int RV_X(stab_cut)(rvs_ctx *c, uint64_t P, uint64_t O, int ne, int alpha,
                                           int *beta) {
    if (ne < RVS_STAB_MIN || alpha < RV_X(stab_thr)[ne < 64 ? ne : 64] * c->ncells / 64
        || c->ncells - 2 * rv_popcount(O) > alpha)
        return RVS_INF;
    int bound = c->ncells - 2 * rv_popcount(rvs_stable(c, O, P));
    if (bound <= alpha) {
#ifdef RVS_STATS
        c->st_stab[ne]++;
#endif
        return bound;
    }
    if (bound < *beta) *beta = bound;
    return RVS_INF;
}

/* 3..5 empty squares: no table, odd quadrants first (within them the
 * square classes of c->order), the stability cut-off from RVS_STAB_MIN
 * empties.  par: bit q set when quadrant q holds an odd number of empty
 * squares (kept incrementally). */
static RV_X_ATTR int RV_X(small)(rvs_ctx *c, uint64_t P, uint64_t O, int alpha, int beta,
                                 uint64_t empties, int ne, unsigned par, int passed) {
    if (ne == 1) return RV_X(last1)(c, P, O, rv_lsb(empties));
    if (ne == 2) {
        int x1 = rv_lsb(empties);
        return RV_X(last2)(c, P, O, beta, x1, rv_lsb(empties & (empties - 1)), passed);
    }
    c->nodes++;
#ifdef RVS_STATS
    c->st_nodes[ne]++;
#endif
    int sb = RV_X(stab_cut)(c, P, O, ne, alpha, &beta);
    if (sb <= alpha) return sb;
    const uint64_t *order = c->order[par];
    int best = -RVS_INF;
    uint64_t rem = empties;   /* not yet visited: the passes stop when none is left */
    for (int pass = 0; rem; pass++) {   /* odd quadrants first, each by square class */
        uint64_t sqs = rem & order[pass];
        rem &= ~order[pass];
        for (; sqs; sqs &= sqs - 1) {
            int sq = rv_lsb(sqs);
            if (!(rv_nbr[sq] & O)) continue;
            uint64_t f = RV_X_FLIPS(sq, P, O);
            if (!f) continue;
            int a = alpha > best ? alpha : best;
            int v = -RV_X(small)(c, O ^ f, P ^ f ^ (1ull << sq), -beta, -a, empties & ~(1ull << sq),
                                 ne - 1, par ^ c->quad_bit[sq], 0);
            if (v > best) {
                best = v;
#ifdef RVS_STATS
                if (v >= beta) { c->st_cut[ne]++; if (best == v && a == alpha) c->st_cut1[ne]++; }
#endif
                if (v >= beta) return v;
            }
        }
    }
    if (best == -RVS_INF) {
        if (passed) return rv_final_score(P, O, c->mask);
        return -RV_X(small)(c, O, P, -beta, -alpha, empties, ne, par, 1);
    }
    return best;
}

/* ---- the exact search with table, stability and fastest-first ---- */

typedef struct RV_X(mv) { int sq; int key; uint64_t f, h; } RV_X(mv);

static RV_X_ATTR int RV_X(limits)(rvs_ctx *c) {
    if (c->stopped) return 1;
    if ((c->nodes & 4095) == 0) {
        if (c->node_limit && c->nodes >= c->node_limit) c->stopped = 1;
        if (c->deadline > 0 && gs_now() >= c->deadline) c->stopped = 1;
        if (c->opts && c->opts->progress && (c->nodes & 0xfffff) == 0)
            c->opts->progress(c->opts->progress_ud, c->nodes, gs_now() - c->t0);
    }
    return c->stopped;
}

static RV_X_ATTR int RV_X(mid)(rvs_ctx *c, uint64_t P, uint64_t O, int depth, int alpha, int beta,
                               int ne, int exact_empties, int passed);

/* ProbCut's two probes (the exact search's selective pass and the
 * midgame's): +1 when a `depth`-ply null-window search of the position
 * says its value is at least hi, else -1 when it says at most lo, else 0.
 * A bound beyond +-lim is not probed. */
static RV_X_ATTR int RV_X(probe)(rvs_ctx *c, uint64_t P, uint64_t O, int depth, int hi, int lo, int lim, int ne,
                                 int exact_empties, int passed) {
    if (hi <= lim && RV_X(mid)(c, P, O, depth, hi - 1, hi, ne, exact_empties, passed) >= hi) return 1;
    if (lo >= -lim && RV_X(mid)(c, P, O, depth, lo, lo + 1, ne, exact_empties, passed) <= lo) return -1;
    return 0;
}

/* Order the moves of P: table move first, then fewest replies for the
 * opponent (corners count double), odd quadrants and corners earlier; or,
 * from sort_depth 0, by a shallow search of each reply (windowed below the
 * node's alpha, sort_alpha, by RVS_SORT_WIN discs). */
static RV_X_ATTR int RV_X(gen)(rvs_ctx *c, uint64_t P, uint64_t O, uint64_t moves, int ttmove,
                               int parity, int sort_depth, int ne, int sort_alpha, RV_X(mv) *ml) {
    int n = 0;
    /* the children's table entries, fetched while the keys are computed:
     * the child's probe is otherwise a cache miss at its first
     * instructions (the misses were about a quarter of the CPU) */
    int pf = rvs_child_tables(c, ne), small = ne - 1 < RVS_TT_MIN;
    uint64_t odd = parity ? c->par_mask[rvs_parity(c, c->mask & ~(P | O))] : 0;
    /* the replies' window for the opponent: (-inf, RVS_SORT_WIN - alpha) */
    int sort_beta = RVS_SORT_WIN ? (RVS_SORT_WIN - sort_alpha) * RVS_WIN_UNIT : RVS_INF * RVS_WIN_UNIT;
    for (; moves; moves &= moves - 1) {
        int sq = rv_lsb(moves);
        uint64_t f = RV_X_FLIPS(sq, P, O);
        uint64_t np = P ^ f ^ (1ull << sq), no = O ^ f;
        if (pf) {
            uint64_t h = rvs_hash(no, np);
            ml[n].h = h;
            if (small) __builtin_prefetch(rvs_ltt_slot(c, ne - 1, h));
            else __builtin_prefetch(c->tt + (h & c->tt_mask & ~(uint64_t)1));
        }
        uint64_t om = RVX_MOVES(no, np);
        int key;
        if (sort_depth >= 0) {
            /* far from the end: a shallow search of the reply orders best */
            int ne = rv_popcount(c->mask & ~(np | no));
            int v = RV_X(mid)(c, no, np, sort_depth, -RVS_INF * RVS_WIN_UNIT, sort_beta, ne, 0, 0);
            int we = sort_depth >= 3 ? RVS_W_EVAL_DEEP : RVS_W_EVAL;
            key = c->pattern ? v * we / RVS_WIN_UNIT + rv_popcount(om) * RVS_W_EMOB
                                   + rv_popcount(om & c->corners) * RVS_W_ECMOB
                             : v * RVS_W_EVAL_HAND / 1000 + rv_popcount(om) * RVS_W_EMOB_HAND;
        } else {
            key = rv_popcount(om) * RVS_W_MOB + rv_popcount(om & c->corners) * RVS_W_CMOB
                  + rv_popcount(rvs_neighbours(np, c->mask) & ~(np | no)) * RVS_PM_W;
            if ((1ull << sq) & c->corners) key -= RVS_W_CORNER;
            if ((1ull << sq) & odd) key -= RVS_W_ODD;
        }
        if (sq == ttmove) key = -100000;
        ml[n].sq = sq;
        ml[n].f = f;
        ml[n].key = key;
        n++;
    }
    return n;
}

static inline void RV_X(pick)(RV_X(mv) *ml, int i, int n) {
    int b = i;
    for (int j = i + 1; j < n; j++)
        if (ml[j].key < ml[b].key) b = j;
    if (b != i) {
        RV_X(mv) t = ml[i];
        ml[i] = ml[b];
        ml[b] = t;
    }
}

/* The entry of this position (either slot of its pair), or NULL. */
/* h: rvs_hash(P, O), when the caller has it. */
static inline rvs_tt *RV_X(tt_probe_h)(rvs_ctx *c, uint64_t P, uint64_t O, uint64_t h) {
    h &= c->tt_mask;
    rvs_tt *e = &c->tt[h];
    if (e->P == P && e->O == O) return e;
    e = &c->tt[h ^ 1];
    return e->P == P && e->O == O ? e : NULL;
}

static inline rvs_tt *RV_X(tt_probe)(rvs_ctx *c, uint64_t P, uint64_t O) {
    return RV_X(tt_probe_h)(c, P, O, rvs_hash(P, O));
}

static inline int RV_X(tt_move)(const rvs_tt *e) { return e && e->move != 255 ? e->move : -1; }

/* depth: -1 for exact entries (the value is the final score), -1 - m for
 * those of a selective pass of margin m (rvs_tt_sel), else the midgame
 * depth; `weight` decides replacement (bigger stays).  A less exact result
 * never replaces a more exact entry of the same position. */
static inline void RV_X(tt_store)(rvs_ctx *c, uint64_t P, uint64_t O, int depth, int weight, int lo,
                                  int hi, int move) {
    uint64_t h = rvs_hash(P, O) & c->tt_mask;
    rvs_tt *a = &c->tt[h], *b = &c->tt[h ^ 1], *e;
    if (a->P == P && a->O == O) e = a;
    else if (b->P == P && b->O == O) e = b;
    else e = a->weight <= b->weight ? a : b;
    int same = e->P == P && e->O == O;
    /* exact (-1) beats the smaller margin (-1 - m) beats midgame (>= 0) */
    if (same && (depth >= 0 ? 0 : 128 + depth) < (e->depth >= 0 ? 0 : 128 + e->depth)) return;
    if (same && e->depth == depth) {
        if (lo > e->lo) e->lo = lo;
        if (hi < e->hi) e->hi = hi;
    } else {
        e->P = P;
        e->O = O;
        e->lo = lo;
        e->hi = hi;
        e->depth = (int8_t)depth;
    }
    e->move = (uint8_t)(move < 0 ? 255 : move);
    e->weight = (uint8_t)(weight > 255 ? 255 : weight);
}

/* An entry whose bounds are on the final score as this pass sees it: exact
 * (depth -1) always, a selective one (ProbCut below it) only in a pass of
 * at least its margin - a bound of margin 16 would end the margin-8 pass
 * at once with the margin-16 pass's answer. */
static inline int RV_X(tt_exact)(const rvs_ctx *c, const rvs_tt *e) {
    return e && e->depth < 0 && -1 - e->depth <= c->sel;
}

static RV_X_ATTR int RV_X(exact)(rvs_ctx *c, uint64_t P, uint64_t O, int alpha, int beta, int ne,
                                 int passed, int *bestout) {
    if (bestout) *bestout = -1;
    uint64_t empties = c->mask & ~(P | O);
    if (ne <= RVS_SMALL && !bestout)
        return RV_X(small)(c, P, O, alpha, beta, empties, ne, rvs_parity(c, empties), passed);
    c->nodes++;
#ifdef RVS_STATS
    c->st_nodes[ne]++;
#endif
    if (RV_X(limits)(c)) return 0;
    uint64_t moves = RVX_MOVES(P, O);
    if (!moves) {
        if (passed || !RVX_MOVES(O, P)) return rv_final_score(P, O, c->mask);
        return -RV_X(exact)(c, O, P, -beta, -alpha, ne, 1, NULL);
    }
    if (!bestout) {
        int sb = RV_X(stab_cut)(c, P, O, ne, alpha, &beta);
        if (sb <= alpha) return sb;
    }
    rvs_ltt *le = NULL;
    if (ne >= RVS_LTT_MIN && ne < RVS_TT_MIN && c->ltt && !bestout) {
        /* the small table of this depth (bounds only, always replaced):
         * the main table costs a cache miss per probe here, about what
         * the nodes it saves cost; this one stays in the L2 cache */
        le = rvs_ltt_slot(c, ne, rvs_hash(P, O));
        if (le->P == P && le->O == O) {
            if (le->lo >= beta) return le->lo;
            if (le->hi <= alpha) return le->hi;
            if (le->lo > alpha) alpha = le->lo;
            if (le->hi < beta) beta = le->hi;
        } else {
            le->P = P;
            le->O = O;
            le->lo = -127;
            le->hi = 127;
        }
    }
    rvs_tt *e = ne >= RVS_TT_MIN ? RV_X(tt_probe)(c, P, O) : NULL;
    /* the first move from an exact or selective entry only: a midgame
     * entry's move (a 1-2 ply ordering search, a ProbCut probe) orders
     * worse than the exact search's own ordering (FFO #41-#49, #51, #52:
     * 0.80 of the nodes) */
    int ttmove = e && e->depth < 0 ? RV_X(tt_move)(e) : -1;
    if (RV_X(tt_exact)(c, e)) {
        if (!bestout) {   /* the root needs its move: no cut-off there */
#ifdef RVS_STATS
            if (e->lo >= beta || e->hi <= alpha || e->lo == e->hi) c->st_tt[ne]++;
#endif
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo == e->hi) return e->lo;
            if (e->lo > alpha) alpha = e->lo;
            if (e->hi < beta) beta = e->hi;
        }
    }
    RV_X(mv) ml[64];
    if (bestout) moves = rvs_root_moves(c, P, O, moves);   /* symmetric moves: one each */
    /* enhanced transposition cut-off: a child already known to refute */
    if (ne >= RVS_ETC_MIN && !bestout) {
        /* every child's entry fetched first, so that the misses overlap */
        uint64_t cf[64];
        int nc = 0;
        for (uint64_t mv = moves; mv; mv &= mv - 1) {
            int sq = rv_lsb(mv);
            uint64_t f = RV_X_FLIPS(sq, P, O);
            cf[nc++] = f;
            if (RVS_PREFETCH)
                __builtin_prefetch(c->tt + (rvs_hash(O ^ f, P ^ f ^ (1ull << sq)) & c->tt_mask & ~(uint64_t)1));
        }
        nc = 0;
        for (uint64_t mv = moves; mv; mv &= mv - 1) {
            int sq = rv_lsb(mv);
            uint64_t f = cf[nc++];
            rvs_tt *ce = RV_X(tt_probe)(c, O ^ f, P ^ f ^ (1ull << sq));
#ifdef RVS_STATS
            if (RV_X(tt_exact)(c, ce) && -ce->hi >= beta) c->st_etc[ne]++;
#endif
            if (RV_X(tt_exact)(c, ce) && -ce->hi >= beta) return -ce->hi;
        }
    }
    if (c->sel && ne >= RVS_PC_MIN && !bestout) {
        /* ProbCut (selective pass only): a shallow search beyond the window
         * by the margin predicts the exact one */
        int cut = RV_X(probe)(c, P, O, RVS_PC_DEPTH(ne), (beta + c->sel) * RVS_WIN_UNIT,
                              (alpha - c->sel) * RVS_WIN_UNIT, c->ncells * RVS_WIN_UNIT, ne, 0, 0);
        if (cut) return cut > 0 ? beta : alpha;
    }
    int best = -RVS_INF, bestsq = -1, a0 = alpha;
    if (ttmove >= 0 && (moves >> ttmove & 1)) {
        /* the table's move before the others are generated: it often cuts */
        uint64_t f = RV_X_FLIPS(ttmove, P, O);
        best = -RV_X(exact)(c, O ^ f, P ^ f ^ (1ull << ttmove), -beta, -alpha, ne - 1, 0, NULL);
        if (c->stopped) return 0;
        bestsq = ttmove;
        moves &= ~(1ull << ttmove);
    }
    int sd = c->pattern ? RVS_SORT_DEPTH(ne) : RVS_SORT_DEPTH_HAND(ne);
    int n = best >= beta ? 0 : RV_X(gen)(c, P, O, moves, -1, ne <= 14, sd, ne, alpha, ml);
    if (RVS_ETC_LOW && n && !bestout && rvs_child_tables(c, ne)) {
        /* transposition cut-off below RVS_ETC_MIN: the children's entries
         * were prefetched by gen, so looking at them costs a part of a miss
         * at most (perf still shows a stall here at 7-10 empties) */
        for (int i = 0; i < n; i++) {
            uint64_t cp = O ^ ml[i].f, co = P ^ ml[i].f ^ (1ull << ml[i].sq);
            int hi;
            if (ne - 1 < RVS_TT_MIN) {
                const rvs_ltt *ce = rvs_ltt_slot(c, ne - 1, ml[i].h);
                if (ce->P != cp || ce->O != co) continue;
                hi = ce->hi;
            } else {
                const rvs_tt *ce = RV_X(tt_probe_h)(c, cp, co, ml[i].h);
                if (!RV_X(tt_exact)(c, ce)) continue;
                hi = ce->hi;
            }
            if (-hi >= beta) {
#ifdef RVS_STATS
                c->st_etc[ne]++;
#endif
                return -hi;
            }
        }
    }
#ifdef RVS_STATS
    uint64_t nstart = c->nodes;
#endif
    for (int i = 0; i < n; i++) {
        RV_X(pick)(ml, i, n);
        int sq = ml[i].sq;
        uint64_t f = ml[i].f, np = O ^ f, no = P ^ f ^ (1ull << sq);
        int a = alpha > best ? alpha : best, v;
#ifdef RVS_STATS
        uint64_t nbefore = c->nodes;
#endif
        if (bestsq < 0) v = -RV_X(exact)(c, np, no, -beta, -a, ne - 1, 0, NULL);   /* the first move */
        else {
            v = -RV_X(exact)(c, np, no, -a - 1, -a, ne - 1, 0, NULL);
            if (v > a && v < beta) v = -RV_X(exact)(c, np, no, -beta, -v, ne - 1, 0, NULL);
        }
        if (c->stopped) return 0;
        if (v > best) {
            best = v;
            bestsq = sq;
#ifdef RVS_STATS
            if (v >= beta) c->st_waste[ne] += nbefore - nstart;
#endif
            if (v >= beta) break;
        }
    }
#ifdef RVS_STATS
    if (best >= beta) { c->st_cut[ne]++; if (n == 0 || ml[0].sq == bestsq) c->st_cut1[ne]++; }
    else c->st_all[ne]++;
#endif
    if (le && le->P == P && le->O == O) {
        if (best > a0 && best > le->lo) le->lo = (int8_t)best;
        if (best < beta && best < le->hi) le->hi = (int8_t)best;
    }
    if (ne >= RVS_TT_MIN)
        RV_X(tt_store)(c, P, O, ne >= RVS_PC_MIN ? -1 - c->sel : -1, ne, best > a0 ? best : -RVS_INF,
                       best < beta ? best : RVS_INF, bestsq);
    if (bestout) *bestout = bestsq;
    return best;
}

/* ---- midgame: PVS with the evaluation ---- */

#if RV_X_PEXT && RV_EVAL_HAVE_WEIGHTS
/* rv_eval_with_mob's value with the trained weights, for engines with a
 * fast pext: each feature's cells are gathered from the board, its
 * vertical mirror (a byte swap), its transpose and the transpose's mirror,
 * instead of from all eight images.  A row of an image is a row of one of
 * these four in the same cell order; the diagonals and the long
 * anti-diagonal keep their order too; the corner blocks on the right-hand
 * side come out with each row reversed, which rv_eval_b3_rows_rev (3x3)
 * and rv_eval_b3_rev5 (2x5) read.  mp, mo: P's and O's move counts, not
 * both 0. */
static inline RV_X_ATTR int RV_X(eval_pext)(uint64_t P, uint64_t O, int mp, int mo) {
    const uint16_t *t = rv_eval_b3, *tr = rv_eval_b3_rows_rev, *t5 = rv_eval_b3_rev5;
    const int16_t *w = rv_eval_weights[RV_EVAL_STAGE(64 - rv_popcount(P | O))];
    const uint64_t col = 0x0101010101010101ull, diag = 0x8040201008040201ull, anti = 0x0102040810204080ull;
    uint64_t bp[4], bo[4];   /* images 0, 2, 4 and 6 (rv_sym) */
    bp[0] = P; bo[0] = O;
    bp[1] = __builtin_bswap64(P); bo[1] = __builtin_bswap64(O);
    bp[2] = rv_transpose(P); bo[2] = rv_transpose(O);
    bp[3] = __builtin_bswap64(bp[2]); bo[3] = __builtin_bswap64(bo[2]);
    int v = 0;
#define RVE_F(off, tab, gp, go) (v += w[(off) + (tab)[gp] + 2 * (tab)[go]])
#define RVE_X(off, tab, p, o, m) RVE_F(off, tab, _pext_u64(p, m), _pext_u64(o, m))
    for (int k = 0; k < 4; k++) {
        uint64_t p = bp[k], o = bo[k];
        RVE_X(RV_EO_E2X, t, p, o, 0x42ffull);   /* the edge row and its X squares */
        RVE_F(RV_EO_HV2, t, (p >> 8) & 0xff, (o >> 8) & 0xff);
        RVE_F(RV_EO_HV3, t, (p >> 16) & 0xff, (o >> 16) & 0xff);
        RVE_F(RV_EO_HV4, t, (p >> 24) & 0xff, (o >> 24) & 0xff);
        RVE_X(RV_EO_C25, t, p, o, 0x1f1full);   /* left 2x5 block */
        RVE_X(RV_EO_C25, t5, p, o, 0xf8f8ull);  /* right 2x5 block (its image under x -> 7 - x) */
    }
    RVE_X(RV_EO_C33, t, P, O, 0x070707ull);     /* image 0 */
    RVE_X(RV_EO_C33, tr, P, O, 0xe0e0e0ull);    /* image 1 */
    RVE_X(RV_EO_C33, t, bp[1], bo[1], 0x070707ull);   /* image 2 */
    RVE_X(RV_EO_C33, tr, bp[1], bo[1], 0xe0e0e0ull);  /* image 3 */
    RVE_X(RV_EO_D8, t, P, O, diag);
    RVE_X(RV_EO_D8, t, P, O, anti);
    static const int32_t diags[4] = {RV_EO_D7, RV_EO_D6, RV_EO_D5, RV_EO_D4};
    for (int d = 1; d <= 4; d++) {
        uint64_t right = col * ((0xffu << d) & 0xffu);   /* files d..7 */
        RVE_X(diags[d - 1], t, P, O, diag << (8 * d));             /* image 0: (x, x + d) */
        RVE_X(diags[d - 1], t, P, O, anti << (8 * d));             /* image 1: (7 - x, x + d) */
        RVE_X(diags[d - 1], t, bp[1], bo[1], diag << (8 * d));     /* image 2: (x, 7 - x - d) */
        RVE_X(diags[d - 1], t, P, O, (diag << d) & right);         /* image 4: (x + d, x) */
    }
#undef RVE_X
#undef RVE_F
    v += w[RV_EO_MOBP + (mp < RV_EVAL_MOBMAX ? mp : RV_EVAL_MOBMAX)];
    v += w[RV_EO_MOBO + (mo < RV_EVAL_MOBMAX ? mo : RV_EVAL_MOBMAX)] + w[RV_EO_BIAS];
    return rv_eval_clamp(v);
}
#endif

#if RV_EVAL_HAVE_WEIGHTS
/* The trained evaluation (8x8) in RVS_WIN_UNIT units, given both sides'
 * move counts (mp > 0 or mo > 0). */
static inline RV_X_ATTR int RV_X(eval_mob)(const rvs_ctx *c, uint64_t P, uint64_t O, int mp, int mo) {
    int v;
#if RV_X_PEXT
    if (c->pext) v = RV_X(eval_pext)(P, O, mp, mo);
    else
#endif
        v = rv_eval_with_mob(rv_eval_weights, P, O, mp, mo);
    (void)c;
    return v * RVS_WIN_UNIT / RV_EVAL_SCALE;
}

/* The same for rvs_eval_searcher (the tests), counting the moves. */
static RV_X_ATTR int RV_X(eval_count)(const rvs_ctx *c, uint64_t P, uint64_t O) {
    return RV_X(eval_mob)(c, P, O, rv_popcount(RVX_MOVES(P, O)), rv_popcount(RVX_MOVES(O, P)));
}
#endif

static RV_X_ATTR int RV_X(mid)(rvs_ctx *c, uint64_t P, uint64_t O, int depth, int alpha, int beta,
                               int ne, int exact_empties, int passed) {
    if (ne <= exact_empties) {
        int a = alpha >= 0 ? alpha / RVS_WIN_UNIT : -((-alpha + RVS_WIN_UNIT - 1) / RVS_WIN_UNIT);
        int b = beta >= 0 ? (beta + RVS_WIN_UNIT - 1) / RVS_WIN_UNIT : -(-beta / RVS_WIN_UNIT);
        if (a < -c->ncells - 1) a = -c->ncells - 1;
        if (b > c->ncells + 1) b = c->ncells + 1;
        return RV_X(exact)(c, P, O, a, b, ne, passed, NULL) * RVS_WIN_UNIT;
    }
    c->nodes++;
    if (RV_X(limits)(c)) return 0;
    uint64_t moves = RVX_MOVES(P, O);
    if (!moves) {
        if (passed || !RVX_MOVES(O, P)) return rv_final_score(P, O, c->mask) * RVS_WIN_UNIT;
        return -RV_X(mid)(c, O, P, depth, -beta, -alpha, ne, exact_empties, 1);
    }
#ifdef RVS_STATS
    c->st_mid++;
#endif
    if (depth <= 0) {
#if RV_EVAL_HAVE_WEIGHTS
        /* inlined here: compiled for this engine, with the move counts
         * the search has (8x8 only, so c->mask is the whole board) */
        if (c->pattern) return RV_X(eval_mob)(c, P, O, rv_popcount(moves), rv_popcount(RVX_MOVES(O, P)));
#endif
        return rvs_eval(c, P, O);
    }
    rvs_tt *e = depth >= RVS_MID_TT_MIN ? RV_X(tt_probe)(c, P, O) : NULL;
    int ttmove = RV_X(tt_move)(e);
    if (e && e->depth >= depth) {
        if (e->lo >= beta) return e->lo;
        if (e->hi <= alpha) return e->hi;
        if (e->lo > alpha) alpha = e->lo;
        if (e->hi < beta) beta = e->hi;
    }
    if (c->mpc && !c->in_mpc && depth >= RVS_MPC_MIN && depth <= RV_MPC_MAXD && ne - depth > exact_empties) {
        /* ProbCut: the shallow search's verdict beyond the window by
         * mpc / 100 of the error's sigma stands for the deep one's */
        int st = ne / 4 < RV_MPC_STAGES ? ne / 4 : RV_MPC_STAGES - 1, sig = rv_mpc_sigma[st][depth];
        if (sig > 0) {
            /* deep ~ shallow + mean: the shallow search is asked about
             * beta - mean + m and alpha - mean - m */
            int m = (int)((int64_t)sig * c->mpc / 100), mu = rv_mpc_mean[st][depth];
            c->in_mpc = 1;
            int cut = RV_X(probe)(c, P, O, RVS_MPC_SHALLOW(depth), beta - mu + m, alpha - mu - m,
                                  RVS_INF * RVS_WIN_UNIT - 1, ne, exact_empties, passed);
            c->in_mpc = 0;
            if (c->stopped) return 0;
            if (cut) return cut > 0 ? beta : alpha;
        }
    }
    RV_X(mv) ml[64];
    int n = RV_X(gen)(c, P, O, moves, ttmove, 0, -1, 0, 0, ml);
    int best = -RVS_INF * RVS_WIN_UNIT, bestsq = -1, a0 = alpha;
    for (int i = 0; i < n; i++) {
        RV_X(pick)(ml, i, n);
        int sq = ml[i].sq;
        uint64_t f = ml[i].f, np = O ^ f, no = P ^ f ^ (1ull << sq);
        int a = alpha > best ? alpha : best, v;
        if (i == 0) v = -RV_X(mid)(c, np, no, depth - 1, -beta, -a, ne - 1, exact_empties, 0);
        else {
            v = -RV_X(mid)(c, np, no, depth - 1, -a - 1, -a, ne - 1, exact_empties, 0);
            if (v > a && v < beta) v = -RV_X(mid)(c, np, no, depth - 1, -beta, -v, ne - 1, exact_empties, 0);
        }
        if (c->stopped) return 0;
        if (v > best) {
            best = v;
            bestsq = sq;
            if (v >= beta) break;
        }
    }
    if (depth >= RVS_MID_TT_MIN)
        RV_X(tt_store)(c, P, O, depth, depth, best > a0 ? best : -RVS_INF * RVS_WIN_UNIT,
                       best < beta ? best : RVS_INF * RVS_WIN_UNIT, bestsq);
    return best;
}

/* Root of the midgame search over the given move order. */
static RV_X_ATTR int RV_X(mid_root)(rvs_ctx *c, uint64_t P, uint64_t O, int depth, int exact_empties,
                                    const int *moves, int nmoves, int *bestout) {
    int ne = rv_popcount(c->mask & ~(P | O));
    int alpha = -RVS_INF * RVS_WIN_UNIT, beta = RVS_INF * RVS_WIN_UNIT, best = alpha;
    *bestout = nmoves ? moves[0] : -1;
    for (int i = 0; i < nmoves; i++) {
        int sq = moves[i];
        uint64_t f = RV_X_FLIPS(sq, P, O), np = O ^ f, no = P ^ f ^ (1ull << sq);
        int v;
        if (i == 0) v = -RV_X(mid)(c, np, no, depth - 1, -beta, -alpha, ne - 1, exact_empties, 0);
        else {
            v = -RV_X(mid)(c, np, no, depth - 1, -alpha - 1, -alpha, ne - 1, exact_empties, 0);
            if (v > alpha && !c->stopped) v = -RV_X(mid)(c, np, no, depth - 1, -beta, -v, ne - 1, exact_empties, 0);
        }
        if (c->stopped) break;
        if (v > best) {
            best = v;
            *bestout = sq;
            if (v > alpha) alpha = v;
        }
    }
    return best;
}

#undef RVX_MOVES
