/* Gravity m,n,k solver: bitboards with a guard bit per column, negamax
 * over the moves that do not hand the opponent an immediate win, a
 * transposition table of upper and lower bounds (8-byte entries, slot =
 * key modulo a prime; positions near the end of the game in a small table
 * of their own that stays in the cache), enhanced transposition cut-offs from the
 * children's entries, the follow-up (claimeven) bound with the odd columns
 * paired, threat-count move ordering with killer moves, null-window
 * iterative deepening of the score window, and the 7x6 opening book. */
#include <stdlib.h>
#include <string.h>
#include "ai/mnk_c4.h"

int c4_fits(int m, int n, int k, int gravity) {
    return gravity && m >= 1 && n >= 1 && k >= 1 && m <= GS_MAX_SIDE && m * (n + 1) <= 64;
}

void c4_ctx_clear(c4_ctx *c) {
    if (c->tt) memset(c->tt, 0, sizeof *c->tt * (size_t)(c->tsize + c->nsize));
    memset(c->killer, 0, sizeof c->killer);
}

void c4_ctx_free(c4_ctx *c) {
    free(c->tt);
    c->tt = NULL;
}

static uint64_t c4_prime_above(uint64_t n) {
    for (;; n++) {
        int prime = n > 1;
        for (uint64_t d = 2; d * d <= n && prime; d++) prime = n % d != 0;
        if (prime) return n;
    }
}

gs_status c4_ctx_init(c4_ctx *c, int m, int n, int k, int tt_bits, int use_book, const mnk_limits *lim) {
    memset(c, 0, sizeof *c);
    if (!c4_fits(m, n, k, 1)) return GS_ERR_INVALID_ARG;
    if (tt_bits < 10) tt_bits = 10;
    if (tt_bits > 28) tt_bits = 28;
    /* an entry keeps 48 bits of the key and its slot is the key modulo a
     * prime above 2^tt_bits: the two tell keys of m * (n + 1) bits apart
     * only when 48 + tt_bits covers them (at most 16 more: 64-bit keys) */
    if (tt_bits < m * (n + 1) - 48) tt_bits = m * (n + 1) - 48;
    c->w = m;
    c->h = n;
    c->k = k;
    c->hp = n + 1;
    c->ncell = m * n;
    for (int x = 0; x < m; x++) {
        c->col[x] = ((1ull << n) - 1) << (x * c->hp);
        c->bottom |= 1ull << (x * c->hp);
        c->board |= c->col[x];
        for (int y = 0; y < n; y++) {
            if (y % 2) c->rows_odd |= 1ull << (x * c->hp + y);
            else c->rows_even |= 1ull << (x * c->hp + y);
        }
    }
    c->claimeven = n % 2 == 0;
    /* columns centre first, then alternating outwards (left before right) */
    for (int i = 0; i < m; i++)
        c->order[i] = m % 2 ? m / 2 + (i % 2 ? -(i + 1) / 2 : (i + 1) / 2)
                            : (i % 2 == 0 ? m / 2 - 1 - i / 2 : m / 2 + i / 2);
    c->tsize = c4_prime_above(1ull << tt_bits);
    c->nsize = c4_prime_above(1ull << (tt_bits < C4_NEAR_BITS ? tt_bits : C4_NEAR_BITS));
    c->near = c->ncell - C4_NEAR_EMPTY;
    c->tt = calloc((size_t)(c->tsize + c->nsize), sizeof *c->tt);
    c->tt_near = c->tt ? c->tt + c->tsize : NULL;
    if (!c->tt) {
        c4_ctx_free(c);
        return GS_ERR_NOMEM;
    }
    c->book_ply = use_book && m == C4_BOOK_W && n == C4_BOOK_H && k == C4_BOOK_K && c4_book_count > 0 ? c4_book_ply : -1;
    mnk_budget_start(&c->bud, lim);
    return GS_OK;
}

/* The empty cells where stones b would complete a line of k: for each
 * direction, a cell with t own stones behind it and k-1-t ahead. */
static inline uint64_t c4_winpos(const c4_ctx *c, uint64_t b, uint64_t mask) {
    const int sh[4] = {1, c->hp, c->hp - 1, c->hp + 1};
    const int k = c->k;
    uint64_t r = 0;
    for (int d = (k == 1 ? 3 : 0); d < 4; d++) {
        int s = sh[d];
        uint64_t lo[GS_MAX_SIDE + 1], hi[GS_MAX_SIDE + 1];
        lo[0] = hi[0] = ~0ull;
        for (int j = 1; j < k; j++) {
            int o = j * s;
            lo[j] = o < 64 ? lo[j - 1] & (b << o) : 0;
            hi[j] = o < 64 ? hi[j - 1] & (b >> o) : 0;
        }
        for (int t = 0; t < k; t++) r |= lo[t] & hi[k - 1 - t];
    }
    return r & (c->board ^ mask);
}

/* The same for the standard k = 4 (unrolled). */
static inline uint64_t c4_winpos4(const c4_ctx *c, uint64_t b, uint64_t mask) {
    const int hp = c->hp;
    /* vertical: three below */
    uint64_t r = (b << 1) & (b << 2) & (b << 3);
    const int sh[3] = {hp, hp - 1, hp + 1};
    for (int d = 0; d < 3; d++) {
        int s = sh[d];
        uint64_t p = (b << s) & (b << 2 * s);   /* two behind */
        r |= p & (b << 3 * s);                   /* three behind */
        r |= p & (b >> s);                       /* two behind, one ahead */
        p = (b >> s) & (b >> 2 * s);             /* two ahead */
        r |= p & (b << s);                       /* one behind, two ahead */
        r |= p & (b >> 3 * s);                   /* three ahead */
    }
    return r & (c->board ^ mask);
}

static inline uint64_t c4_wins(const c4_ctx *c, uint64_t b, uint64_t mask) {
    return c->k == 4 ? c4_winpos4(c, b, mask) : c4_winpos(c, b, mask);
}

static inline uint64_t c4_possible(const c4_ctx *c, const c4_pos *p) {
    return (p->mask + c->bottom) & c->board;
}

/* Does b hold a complete line of k? */
static inline int c4_has_line(const c4_ctx *c, uint64_t b) {
    if (c->k == 4) {
        const int sh[4] = {1, c->hp, c->hp - 1, c->hp + 1};
        for (int d = 0; d < 4; d++) {
            uint64_t r = b & (b >> sh[d]);
            if (r & (r >> 2 * sh[d])) return 1;
        }
        return 0;
    }
    const int sh[4] = {1, c->hp, c->hp - 1, c->hp + 1};
    for (int d = 0; d < 4; d++) {
        uint64_t r = b;
        for (int j = 1; j < c->k && r; j++) r &= (j * sh[d] < 64) ? b >> (j * sh[d]) : 0;
        if (r) return 1;
    }
    return 0;
}

int c4_can_play(const c4_ctx *c, const c4_pos *p, int col) {
    return col >= 0 && col < c->w && (c4_possible(c, p) & c->col[col]) != 0;
}

static inline void c4_play_bit(c4_pos *p, uint64_t mv) {
    p->cur ^= p->mask;
    p->mask |= mv;
    p->moves++;
}

void c4_play_col(const c4_ctx *c, c4_pos *p, int col) {
    c4_play_bit(p, c4_possible(c, p) & c->col[col]);
}

int c4_is_winning_move(const c4_ctx *c, const c4_pos *p, int col) {
    return (c4_wins(c, p->cur, p->mask) & c4_possible(c, p) & c->col[col]) != 0;
}

static inline int c4_can_win_next(const c4_ctx *c, const c4_pos *p) {
    return (c4_wins(c, p->cur, p->mask) & c4_possible(c, p)) != 0;
}

static uint64_t c4_mirror(const c4_ctx *c, uint64_t b) {
    uint64_t r = 0;
    for (int x = 0; x < c->w; x++) {
        uint64_t colbits = (b >> (x * c->hp)) & ((1ull << c->hp) - 1);
        r |= colbits << ((c->w - 1 - x) * c->hp);
    }
    return r;
}

uint64_t c4_canon_key(const c4_ctx *c, const c4_pos *p) {
    uint64_t k1 = p->cur + p->mask;
    uint64_t k2 = c4_mirror(c, p->cur) + c4_mirror(c, p->mask);
    return k1 < k2 ? k1 : k2;
}

int c4_pos_from(const c4_ctx *c, const mnk_pos *mp, c4_pos *out) {
    uint64_t own[3] = {0, 0, 0};
    int moves = 0;
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++) {
            int v = mp->cells[y * c->w + x];
            if (v != GS_BLACK && v != GS_WHITE) continue;
            own[v] |= 1ull << (x * c->hp + (c->h - 1 - y));
            moves++;
        }
    out->mask = own[1] | own[2];
    out->cur = own[mp->to_move];
    out->moves = moves;
    if (c4_has_line(c, own[GS_OTHER(mp->to_move)])) return GS_OTHER(mp->to_move);
    if (c4_has_line(c, own[mp->to_move])) return mp->to_move;
    return 0;
}

/* ------------------------------------------------------------------ */
/* search */

/* Bounds of the score are kept in one byte: an upper bound u as
 * u - MINS + 1, a lower bound l as l + MAXS - 2 * MINS + 2. */
#define C4_MINS(c) (-((c)->ncell / 2) - 1)
#define C4_MAXS(c) (((c)->ncell + 1) / 2 + 1)

static inline int c4_tt_match(const c4_ttent *te, uint64_t key) {
    return te->key == (uint32_t)key && te->keyhi == (uint16_t)(key >> 32) && te->val;
}

static inline void c4_tt_store(c4_ttent *te, uint64_t key, int val, int move) {
    te->key = (uint32_t)key;
    te->keyhi = (uint16_t)(key >> 32);
    te->val = (uint8_t)val;
    te->move = (uint8_t)move;
}

/* The moves of the side to move that do not let the opponent win at
 * once (a forced block if the opponent threatens one cell; none if two). */
static inline uint64_t c4_nonlosing(const c4_ctx *c, const c4_pos *p) {
    uint64_t poss = c4_possible(c, p);
    uint64_t opp = c4_wins(c, p->cur ^ p->mask, p->mask);
    uint64_t forced = poss & opp;
    if (forced) {
        if (forced & (forced - 1)) return 0;
        poss = forced;
    }
    return poss & ~(opp >> 1);
}

/* The slot of a position of `moves` stones.  Most nodes lie in the last
 * dozen moves, and one table for all of them waits on a cache miss per
 * node (70-80% of the time); their own table of 1 MB stays in the cache,
 * which costs some more nodes (11.3 M -> 13.4 M on the slowest of the
 * 1,000 bench positions) and saves more time (1.4 s -> 0.9 s). */
static inline c4_ttent *c4_slot(const c4_ctx *c, uint64_t key, int moves) {
    return moves >= c->near ? &c->tt_near[key % c->nsize] : &c->tt[key % c->tsize];
}

/* The follow-up bound for the first player to move (an even number of
 * stones; boards of even height): an upper bound on its score, or C4_NOBOUND.
 *
 * The second player can answer every move in a column of even height on
 * top of it (follow-up, Allis' claimeven), so there the first player gets
 * the cells of the 1st, 3rd.. rows and the second those of the 2nd, 4th..
 * The columns of odd height come in pairs (the stones are even); their
 * lowest empty cells lie on even rows, and when the first player takes
 * one of a pair the second takes the other, which leaves both even.  So
 * the first player gets at most its stones, the empty odd-row cells and
 * one base cell of each pair: with no line among those it cannot win
 * (bound 0); if moreover the second player has a line among its stones
 * and the even-row cells it surely gets, it loses (bound -1).  With two
 * odd columns both choices are checked; with four or six, every base
 * cell counts for the first player and none for the second.  (The old
 * bound, every column even, is the case without base cells, and all that
 * `paired` = 0 allows; 1,000 bench positions, with the killers below:
 * 41.5 M -> 29.0 M nodes.) */
#define C4_NOBOUND (1 << 20)
static inline int c4_follow_bound(const c4_ctx *c, uint64_t cur, uint64_t mask, int paired) {
    const uint64_t empty = c->board & ~mask;
    const uint64_t base = (mask + c->bottom) & c->board & c->rows_odd;
    if (base && !paired) return C4_NOBOUND;
    const uint64_t mine = cur | (empty & c->rows_even);
    const uint64_t theirs = (cur ^ mask) | (empty & c->rows_odd & ~base);
    if (__builtin_popcountll(base) == 2) {
        const uint64_t b1 = base & (~base + 1), b2 = base ^ b1;
        if (c4_has_line(c, mine | b1) || c4_has_line(c, mine | b2)) return C4_NOBOUND;
        return c4_has_line(c, theirs | b1) && c4_has_line(c, theirs | b2) ? -1 : 0;
    }
    if (c4_has_line(c, mine | base)) return C4_NOBOUND;
    return c4_has_line(c, theirs) ? -1 : 0;
}

/* A fail-high of the node (key, moves stones) on move mv with score s:
 * the lower bound goes to its table entry (te), with mv as the cut-off move;
 * mv becomes the first killer of its depth (deeper than the book's ply, see
 * c4_negamax; from the table and the bounds too: 24.6 M -> 24.1 M nodes). */
static inline int c4_fail_high(c4_ctx *c, c4_ttent *te, uint64_t key, int moves, int s, uint64_t mv) {
    if (moves > c->book_ply && c->killer[moves][0] != mv) {
        c->killer[moves][1] = c->killer[moves][0];
        c->killer[moves][0] = mv;
    }
    const int col = __builtin_ctzll(mv) / c->hp;
    c4_tt_store(te, key, s + C4_MAXS(c) - 2 * C4_MINS(c) + 2, 1 + col);
    if (moves == c->root_moves) c->root_cut = col;
    return s;
}

/* Negamax on a position where the side to move cannot win at once. */
static int c4_negamax(c4_ctx *c, const c4_pos *p, c4_ttent *te, int alpha, int beta) {
    if ((++c->bud.nodes & 4095) == 0 && mnk_budget_poll(&c->bud)) return 0;
    if (c->bud.abort) return 0;
    uint64_t next = c4_nonlosing(c, p);
    if (!next) return -(c->ncell - p->moves) / 2;
    if (p->moves >= c->ncell - 2) return 0;
    int lo = -(c->ncell - 2 - p->moves) / 2;
    if (alpha < lo) {
        alpha = lo;
        if (alpha >= beta) return alpha;
    }
    int hi = (c->ncell - 1 - p->moves) / 2;
    uint64_t key = p->cur + p->mask;
    const int MINS = C4_MINS(c), MAXS = C4_MAXS(c);
    int hint = -1;
    int found = c4_tt_match(te, key);
    if (found) {
        int v = te->val;
        hint = te->move - 1;
        if (v > MAXS - MINS + 1) {
            int l = v + 2 * MINS - MAXS - 2;
            if (l > lo) lo = l;
            if (alpha < lo) {
                alpha = lo;
                if (alpha >= beta) {
                    if (p->moves == c->root_moves && l >= beta) c->root_cut = hint;
                    return alpha;
                }
            }
        } else {
            int u = v + MINS - 1;
            if (u < hi) hi = u;
        }
    }
    /* The opening book holds the positions of its ply that the search from
     * the start meets (and perfect's as first player), found with the search
     * of its generation: down to that ply the search stays that one (no
     * paired bound, no killers), or it would meet positions not in it. */
    const int deep = p->moves > c->book_ply;
    if (c->claimeven && p->moves % 2 == 0) {
        int u = c4_follow_bound(c, p->cur, p->mask, deep);
        if (u < hi) hi = u;
    }
    if (beta > hi) {
        beta = hi;
        if (alpha >= beta) return beta;
    }
    if (p->moves == c->book_ply && alpha >= -1 && beta <= 1) {
        int v;
        uint64_t canon = c4_canon_key(c, p);
        if (c->book_miss) v = c->book_miss(c->book_ud, p, canon);
        else if (!c4_book_lookup(canon, &v)) goto search;
        c->book_hits++;
        return v;
    }
search:;
    /* order: the table's best move, then more own threats after the move,
     * then the last two moves (cells) that cut off at this depth (killers),
     * centre first on ties; the children's table entries are fetched
     * meanwhile (enhanced transposition cut-off below).  The killers carry
     * a refutation from one sibling to the next: a move that holds after
     * one reply often holds after the others (1,000 bench positions: 50.1 M
     * -> 41.5 M nodes, the slowest 13.4 M -> 4.2 M). */
    uint64_t mv[GS_MAX_SIDE], ck[GS_MAX_SIDE];
    c4_ttent *cs[GS_MAX_SIDE];
    int sc[GS_MAX_SIDE], nm = 0;
    const uint64_t opp = p->cur ^ p->mask;
    const uint64_t good = p->moves % 2 ? c->rows_odd : c->rows_even;
    for (int i = 0; i < c->w; i++) {
        uint64_t m = next & c->col[c->order[i]];
        if (!m) continue;
        uint64_t k2 = opp + (p->mask | m);
        c4_ttent *e2 = c4_slot(c, k2, p->moves + 1);
        __builtin_prefetch(e2);
        uint64_t t = c4_wins(c, p->cur | m, p->mask | m);
        int s = c->order[i] == hint ? 1 << 20
                : 4 * (2 * __builtin_popcountll(t) + __builtin_popcountll(t & good)) +
                      (!deep ? 0 : m == c->killer[p->moves][0] ? 2 : m == c->killer[p->moves][1]);
        int j = nm++;
        while (j > 0 && sc[j - 1] < s) {
            sc[j] = sc[j - 1];
            mv[j] = mv[j - 1];
            ck[j] = ck[j - 1];
            cs[j] = cs[j - 1];
            j--;
        }
        sc[j] = s;
        mv[j] = m;
        ck[j] = k2;
        cs[j] = e2;
    }
    /* a child whose stored upper bound already refutes: cut off at once;
     * one whose lower bound cannot raise alpha: skip it.  The same for the
     * follow-up bound of the children when the second player is to move
     * (the children are the first player's; 29.0 M -> 24.6 M nodes) */
    unsigned skip = 0;
    for (int i = 0; i < nm; i++) {
        if (c->claimeven && p->moves % 2 && deep) {
            int s = -c4_follow_bound(c, opp, p->mask | mv[i], 1);
            if (s >= beta) {
                return c4_fail_high(c, te, key, p->moves, s, mv[i]);
            }
        }
        const c4_ttent *ce = cs[i];
        if (!c4_tt_match(ce, ck[i])) continue;
        int v = ce->val;
        if (v > MAXS - MINS + 1) {
            if (-(v + 2 * MINS - MAXS - 2) <= alpha) skip |= 1u << i;
        } else if (-(v + MINS - 1) >= beta) {
            int s = -(v + MINS - 1);
            return c4_fail_high(c, te, key, p->moves, s, mv[i]);
        }
    }
    for (int i = 0; i < nm; i++) {
        if (skip >> i & 1) continue;
        c4_pos q = *p;
        c4_play_bit(&q, mv[i]);
        int s = -c4_negamax(c, &q, cs[i], -beta, -alpha);
        if (c->bud.abort) return 0;
        if (s >= beta) {
            return c4_fail_high(c, te, key, p->moves, s, mv[i]);
        }
        if (s > alpha) alpha = s;
    }
    c4_tt_store(te, key, alpha - MINS + 1, found ? te->move : 0);
    return alpha;
}

int c4_solve(c4_ctx *c, const c4_pos *p, int weak) {
    c->best = -1;
    c->root_moves = p->moves;
    if (c4_can_win_next(c, p)) {
        int s = (c->ncell + 1 - p->moves) / 2;
        return weak ? 1 : s;
    }
    if (p->moves >= c->ncell) return 0;
    int lo = -(c->ncell - p->moves) / 2, hi = (c->ncell + 1 - p->moves) / 2;
    if (weak) {
        lo = -1;
        hi = 1;
    }
    while (lo < hi && !c->bud.abort) {
        int med = lo + (hi - lo) / 2;
        if (med <= 0 && lo / 2 < med) med = lo / 2;
        else if (med >= 0 && hi / 2 > med) med = hi / 2;
        c->root_cut = -1;
        int r = c4_negamax(c, p, c4_slot(c, p->cur + p->mask, p->moves), med, med + 1);
        if (r <= med) hi = r;
        else {
            lo = r;
            c->best = c->root_cut;   /* the move that reached lo (or -1) */
        }
    }
    if (weak) return lo > 0 ? 1 : lo < 0 ? -1 : 0;
    return lo;
}

/* ------------------------------------------------------------------ */
/* opening book */

typedef struct c4_ent {
    uint64_t key;
    c4_pos pos;
} c4_ent;

static int c4_ent_cmp(const void *a, const void *b) {
    uint64_t x = ((const c4_ent *)a)->key, y = ((const c4_ent *)b)->key;
    return x < y ? -1 : x > y;
}

long c4_book_enumerate(const c4_ctx *c, int ply, uint64_t *keys, c4_pos *pos, long max) {
    long n = 1, cap = 1;
    c4_ent *cur = malloc(sizeof *cur);
    if (!cur) return -1;
    cur[0].pos.cur = cur[0].pos.mask = 0;
    cur[0].pos.moves = 0;
    cur[0].key = 0;
    for (int d = 0; d < ply; d++) {
        long ncap = n * c->w + 1, nn = 0;
        c4_ent *nx = malloc(sizeof *nx * (size_t)ncap);
        if (!nx) {
            free(cur);
            return -1;
        }
        for (long i = 0; i < n; i++)
            for (int x = 0; x < c->w; x++) {
                if (!c4_can_play(c, &cur[i].pos, x) || c4_is_winning_move(c, &cur[i].pos, x)) continue;
                c4_pos q = cur[i].pos;
                c4_play_col(c, &q, x);
                nx[nn].pos = q;
                nx[nn].key = c4_canon_key(c, &q);
                nn++;
            }
        qsort(nx, (size_t)nn, sizeof *nx, c4_ent_cmp);
        long u = 0;
        for (long i = 0; i < nn; i++)
            if (u == 0 || nx[i].key != nx[u - 1].key) nx[u++] = nx[i];
        free(cur);
        cur = nx;
        n = u;
        cap = ncap;
    }
    (void)cap;
    for (long i = 0; i < n && i < max; i++) {
        if (keys) keys[i] = cur[i].key;
        if (pos) pos[i] = cur[i].pos;
    }
    free(cur);
    return n;
}

int c4_book_lookup(uint64_t key, int *v) {
    long lo = 0, hi = c4_book_count - 1;
    while (lo <= hi) {
        long mid = lo + (hi - lo) / 2;
        if (c4_book_keys[mid] == key) {
            *v = ((c4_book_vals[mid / 4] >> (2 * (mid % 4))) & 3) - 1;
            return 1;
        }
        if (c4_book_keys[mid] < key) lo = mid + 1;
        else hi = mid - 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* the entry used by the m,n,k AI */

static gs_status c4_run_with(const mnk_pos *mp, const mnk_limits *lim, mnk_solution *out, int ply,
                             int (*miss)(void *ud, const c4_pos *p, uint64_t canon), void *ud) {
    c4_ctx c;
    c4_pos p;
    memset(out, 0, sizeof *out);
    out->best = GS_NOMOVE;
    out->complete = 1;
    int empties = 0;
    for (int i = 0; i < mp->m * mp->n; i++) empties += mp->cells[i] == GS_EMPTY;
    /* the table grows with the work left: 2^10 .. 2^22 entries (8 bytes each, 32 MB at most) */
    int bits = empties < 3 ? 10 : empties > 27 ? 22 : 10 + (empties - 3) / 2;
    gs_status st = c4_ctx_init(&c, mp->m, mp->n, mp->k, bits, !miss, lim);
    if (st != GS_OK) return st;
    if (miss) {
        c.book_ply = ply;
        c.book_miss = miss;
        c.book_ud = ud;
    }
    int won = c4_pos_from(&c, mp, &p);
    if (won) out->value = won == mp->to_move ? 1 : -1;
    else if (c4_possible(&c, &p) == 0) out->value = 0;
    else {
        int v = c4_solve(&c, &p, 1), best = -1;
        /* the search named the move that proved the value (a win, or a draw
         * that is not a loss): no second search.  Otherwise (a loss, or the
         * proof came from the table, the book or a bound) every move is
         * tried below in the search's order. */
        if (!c.bud.abort && v >= 0 && c.best >= 0 && c4_can_play(&c, &p, c.best)) best = c.best;
        /* a move of that value: the first in search order that keeps it */
        uint64_t next = c4_possible(&c, &p);
        int cols[GS_MAX_SIDE], sc[GS_MAX_SIDE], nm = 0;
        for (int i = 0; i < c.w; i++) {
            uint64_t m = next & c.col[c.order[i]];
            if (!m) continue;
            int s = __builtin_popcountll(c4_wins(&c, p.cur | m, p.mask | m)), j = nm++;
            while (j > 0 && sc[j - 1] < s) {
                sc[j] = sc[j - 1];
                cols[j] = cols[j - 1];
                j--;
            }
            sc[j] = s;
            cols[j] = c.order[i];
        }
        for (int i = 0; i < nm && best < 0 && !c.bud.abort; i++) {
            if (c4_is_winning_move(&c, &p, cols[i])) {
                if (v == 1) best = cols[i];
                continue;
            }
            c4_pos q = p;
            c4_play_col(&c, &q, cols[i]);
            int cv = q.moves >= c.ncell ? 0 : -c4_solve(&c, &q, 1);
            if (!c.bud.abort && cv == v) best = cols[i];
        }
        if (c.bud.abort) {   /* a limit: not proven; the best-ordered move that does not lose at once */
            uint64_t safe = c4_nonlosing(&c, &p);
            out->complete = 0;
            v = 0;
            best = -1;
            for (int i = 0; i < nm && best < 0; i++)
                if (c4_is_winning_move(&c, &p, cols[i]) || (safe & c.col[cols[i]])) best = cols[i];
            if (best < 0) best = cols[0];
        }
        out->value = v;
        if (best >= 0) {   /* the landing cell of that column, in the cells layout */
            int h = __builtin_popcountll(p.mask & c.col[best]);
            out->best = (mp->n - 1 - h) * mp->m + best;
        }
    }
    out->nodes = c.bud.nodes;
    out->seconds = gs_now() - c.bud.t0;
    c4_ctx_free(&c);
    return GS_OK;
}

gs_status c4_run(const mnk_pos *p, const mnk_limits *lim, mnk_solution *out) {
    return c4_run_with(p, lim, out, -1, NULL, NULL);
}

gs_status c4_run_generating(const mnk_pos *p, mnk_solution *out, int ply,
                            int (*miss)(void *ud, const c4_pos *p, uint64_t canon), void *ud) {
    return c4_run_with(p, NULL, out, ply, miss, ud);
}
