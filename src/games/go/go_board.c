/* The fast Go board: see go_board.h for the layout and the invariants. */
#include <stdlib.h>
#include <string.h>
#include "games/go/go_board.h"

/* Fields of the undo log. */
enum { F_COLOR, F_GID, F_NEXT, F_GSIZE, F_LIB, F_EMPTY, F_EPOS, F_NBC };

static uint32_t nbc_of(const go_board *b, int p);
static void board_clear(go_board *b, const go_geom *g);

gs_status go_geom_init(go_geom *g, int w, int h) {
    if (w < GO_MIN_SIDE || h < GO_MIN_SIDE || w > GO_MAX_SIDE || h > GO_MAX_SIDE)
        return GS_ERR_BAD_VALUE;
    memset(g, 0, sizeof *g);
    int s = w + 1;
    g->w = w; g->h = h; g->n = w * h; g->stride = s;
    g->npos = (h + 2) * s + 1;
    g->off4[0] = -s; g->off4[1] = -1; g->off4[2] = 1; g->off4[3] = s;
    g->offd[0] = -s - 1; g->offd[1] = -s + 1; g->offd[2] = s - 1; g->offd[3] = s + 1;
    for (int p = 0; p < GO_MAXPOS; p++) {
        g->pos2idx[p] = -1;
        g->libd[p] = GO_LIBD(p);
    }
    for (unsigned m = 0; m < 16; m++) {
        int64_t so = 0, sq = 0;
        for (int k = 0; k < 4; k++)
            if (m >> k & 1) { so += g->off4[k]; sq += (int64_t)g->off4[k] * g->off4[k]; }
        /* modulo 2^64: the sums the table takes part in are exact */
        g->libc[m] = ((uint64_t)so << GO_LIB_NBITS) + ((uint64_t)sq << GO_LIB_QSHIFT);
        g->libs2[m] = 2 * so;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int p = go_pos(g, x, y), idx = y * w + x;
            g->pos2idx[p] = (int16_t)idx;
            g->idx2pos[idx] = (int16_t)p;
            g->zob[p][GO_BLACK] = gs_zobrist(idx, GS_BLACK);
            g->zob[p][GO_WHITE] = gs_zobrist(idx, GS_WHITE);
        }
    /* the empty board's points (board_clear copies them) */
    for (int p = 0; p < g->npos; p++) {
        g->color0[p] = g->pos2idx[p] < 0 ? GO_BORDER : GO_EMPTY;
        g->gid0[p] = (uint16_t)p;
        g->epos0[p] = (uint16_t)(g->pos2idx[p] < 0 ? 0 : g->pos2idx[p]);
    }
    /* every new or cleared board starts from these counts (a copy, not a
     * count per point per board) */
    go_board *t = malloc(sizeof *t);
    if (!t) return GS_ERR_NOMEM;
    board_clear(t, g);
    for (int i = 0; i < g->n; i++) g->nbc0[g->idx2pos[i]] = nbc_of(t, g->idx2pos[i]);
    free(t);
    return GS_OK;
}

/* ---- undo log ---- */
void go_undo_init(go_undo *u) { memset(u, 0, sizeof *u); }

void go_undo_free(go_undo *u) {
    free(u->ent);
    free(u->fr);
    memset(u, 0, sizeof *u);
}

gs_status go_undo_reserve(go_undo *u, const go_board *b) {
    /* A move writes at most 19 fields around the new stone, 1 per
     * relabelled stone of its colour plus 4 per merge, and per removed
     * stone of the other colour 12 plus 1 per neighbouring stone: at most
     * 35 + 16 * (stones on the board) entries. */
    int need = u->n + 17 * (b->nstones[GO_BLACK] + b->nstones[GO_WHITE]) + 64;
    if (need > u->cap) {
        int cap = u->cap ? u->cap : 256;
        while (cap < need) cap *= 2;
        go_trail_ent *e = realloc(u->ent, (size_t)cap * sizeof *e);
        if (!e) return GS_ERR_NOMEM;
        u->ent = e; u->cap = cap;
    }
    if (u->nfr + 1 > u->frcap) {
        int cap = u->frcap ? u->frcap * 2 : 64;
        go_frame *f = realloc(u->fr, (size_t)cap * sizeof *f);
        if (!f) return GS_ERR_NOMEM;
        u->fr = f; u->frcap = cap;
    }
    return GS_OK;
}

gs_status go_undo_copy(go_undo *dst, const go_undo *src) {
    if (src->n > dst->cap) {   /* what src holds, not what it reserved */
        go_trail_ent *e = realloc(dst->ent, (size_t)src->n * sizeof *e);
        if (!e) return GS_ERR_NOMEM;
        dst->ent = e; dst->cap = src->n;
    }
    if (src->nfr > dst->frcap) {
        go_frame *f = realloc(dst->fr, (size_t)src->nfr * sizeof *f);
        if (!f) return GS_ERR_NOMEM;
        dst->fr = f; dst->frcap = src->nfr;
    }
    if (src->n) memcpy(dst->ent, src->ent, (size_t)src->n * sizeof *src->ent);
    if (src->nfr) memcpy(dst->fr, src->fr, (size_t)src->nfr * sizeof *src->fr);
    dst->n = src->n;
    dst->nfr = src->nfr;
    return GS_OK;
}

/* Every array write goes through SET so that a logged move can be undone.
 * The move code is written once as always-inline functions with a
 * constant `log` argument: the playout instance has no logging at all. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))
/* The four-neighbour loops of the hot paths, unrolled (GCC and clang). */
#define UNROLL4 _Pragma("GCC unroll 4")
ALWAYS_INLINE void tlog(go_board *b, int field, int pos, uint64_t old) {
    go_trail_ent *e = &b->u->ent[b->u->n++];
    e->field = (uint8_t)field;
    e->pos = (uint16_t)pos;
    e->old = old;
}
#define SET(arr, field, p, v) do {                         \
        int p_ = (p);                                      \
        if (log) tlog(b, field, p_, (uint64_t)b->arr[p_]); \
        b->arr[p_] = (v);                                  \
    } while (0)

static void push_frame(go_board *b) {
    go_frame *f = &b->u->fr[b->u->nfr++];
    f->hash = b->hash;
    f->trail_start = b->u->n;
    f->nempty = b->nempty;
    for (int c = 0; c < 3; c++) { f->caps[c] = b->caps[c]; f->nstones[c] = b->nstones[c]; }
    f->ko = (int16_t)b->ko;
    f->last = (int16_t)b->last;
    f->ko_color = (uint8_t)b->ko_color;
}

gs_status go_board_undo(go_board *b) {
    go_undo *u = b->u;
    if (!u || u->nfr == 0) return GS_ERR_NO_UNDO;
    go_frame *f = &u->fr[--u->nfr];
    while (u->n > f->trail_start) {
        go_trail_ent *e = &u->ent[--u->n];
        switch (e->field) {
        case F_COLOR: b->color[e->pos] = (uint8_t)e->old; break;
        case F_GID:   b->gid[e->pos] = (uint16_t)e->old; break;
        case F_NEXT:  b->next[e->pos] = (uint16_t)e->old; break;
        case F_GSIZE: b->gsize[e->pos] = (uint16_t)e->old; break;
        case F_LIB:   b->lib[e->pos] = e->old; break;
        case F_EMPTY: b->empty[e->pos] = (uint16_t)e->old; break;
        case F_EPOS:  b->epos[e->pos] = (uint16_t)e->old; break;
        default:      b->nbc[e->pos] = (uint32_t)e->old; break;
        }
    }
    b->hash = f->hash;
    b->nempty = f->nempty;
    for (int c = 0; c < 3; c++) { b->caps[c] = f->caps[c]; b->nstones[c] = f->nstones[c]; }
    b->ko = f->ko;
    b->last = f->last;
    b->ko_color = f->ko_color;
    b->nremoved = 0;
    return GS_OK;
}

/* ---- board ---- */
/* The neighbour word of pos, from the colours. */
static uint32_t nbc_of(const go_board *b, int p) {
    const go_geom *g = b->geo;
    uint32_t v = 0, edge = 0;
    for (int k = 0; k < 4; k++) {
        int col = b->color[p + g->off4[k]];
        if (col != GO_BORDER) v |= 1u << GO_NBC_SHIFT(col == GO_EMPTY ? 3 : col) << k;
        col = b->color[p + g->offd[k]];
        if (col == GO_BORDER) edge = 1;
        else if (col != GO_EMPTY) v += 1u << GO_NBC_DIAG_SHIFT(col);
    }
    return v + (edge << GO_NBC_DIAG_SHIFT(GO_BLACK)) + (edge << GO_NBC_DIAG_SHIFT(GO_WHITE));
}

/* An empty board but for the neighbour counts, left as they were. */
static void board_clear(go_board *b, const go_geom *g) {
    /* only the npos points of this board are cleared (as go_board_copy
     * copies only those): a 9x9 board clears 3 KB, not the 25x25 17 KB;
     * colours, roots and indexes are the geometry's copies of an empty board */
    size_t np = (size_t)g->npos;
    memset(b, 0, offsetof(go_board, removed));
    memset(b->lib, 0, np * sizeof b->lib[0]);
    memset(b->next, 0, np * sizeof b->next[0]);
    memset(b->gsize, 0, np * sizeof b->gsize[0]);
    memcpy(b->epos, g->epos0, np * sizeof b->epos[0]);
    memcpy(b->color, g->color0, np * sizeof b->color[0]);
    memcpy(b->gid, g->gid0, np * sizeof b->gid[0]);
    /* the empty list in cell order: idx2pos (int16_t, every value positive) */
    memcpy(b->empty, g->idx2pos, (size_t)g->n * sizeof b->empty[0]);
    b->geo = g;
    b->nempty = g->n;
    b->ko = GO_NOPOS;
    b->last = GO_NOPOS;
}

void go_board_init(go_board *b, const go_geom *g) {
    board_clear(b, g);
    memcpy(b->nbc, g->nbc0, (size_t)g->npos * sizeof b->nbc[0]);
}

void go_board_copy(go_board *dst, const go_board *src) {
    size_t np = (size_t)src->geo->npos;
    memcpy(dst, src, offsetof(go_board, removed));
    dst->u = NULL;
    dst->nremoved = 0;
    memcpy(dst->color, src->color, np * sizeof src->color[0]);
    memcpy(dst->gid, src->gid, np * sizeof src->gid[0]);
    memcpy(dst->next, src->next, np * sizeof src->next[0]);
    memcpy(dst->gsize, src->gsize, np * sizeof src->gsize[0]);
    memcpy(dst->lib, src->lib, np * sizeof src->lib[0]);
    memcpy(dst->empty, src->empty, (size_t)src->nempty * sizeof src->empty[0]);
    memcpy(dst->epos, src->epos, np * sizeof src->epos[0]);
    memcpy(dst->nbc, src->nbc, np * sizeof src->nbc[0]);
}

static inline int is_stone(int col) { return (unsigned)(col - 1) < 2u; }

/* Pseudo-liberty p gained (d = libd[p]) or lost (d = -libd[p]) by the
 * group of the stone or point q.  Without a log the write is unconditional:
 * an empty or off-board q carries itself in gid[], an unused slot. */
ALWAYS_INLINE void lib_change(go_board *b, int q, uint64_t d, const int log) {
    if (!log) b->lib[b->gid[q]] += d;
    else if (is_stone(b->color[q])) SET(lib, F_LIB, b->gid[q], b->lib[b->gid[q]] + d);
}

ALWAYS_INLINE void empty_del(go_board *b, int p, const int log) {
    int i = b->epos[p];
    int last = b->empty[--b->nempty];
    SET(empty, F_EMPTY, i, (uint16_t)last);
    SET(epos, F_EPOS, last, (uint16_t)i);
}

ALWAYS_INLINE void empty_add(go_board *b, int p, const int log) {
    SET(empty, F_EMPTY, b->nempty, (uint16_t)p);
    SET(epos, F_EPOS, p, (uint16_t)b->nempty);
    b->nempty++;
}

/* Neighbour words of the eight neighbours of p when p turns from empty to
 * colour c (d = +1) or back (d = -1): p is the neighbour at off4[3 - k] of
 * p + off4[k], so its bit moves from the empty mask to c's (or back). */
ALWAYS_INLINE void nbc_update(go_board *b, int p, int c, int s, int d, const int log) {
    uint32_t delta = (uint32_t)d * ((1u << GO_NBC_SHIFT(c)) - (1u << GO_NBC_SHIFT(3)));
    uint32_t ddelta = (uint32_t)d * (1u << GO_NBC_DIAG_SHIFT(c));
    SET(nbc, F_NBC, p - s, b->nbc[p - s] + (delta << 3));
    SET(nbc, F_NBC, p - 1, b->nbc[p - 1] + (delta << 2));
    SET(nbc, F_NBC, p + 1, b->nbc[p + 1] + (delta << 1));
    SET(nbc, F_NBC, p + s, b->nbc[p + s] + delta);
    SET(nbc, F_NBC, p - s - 1, b->nbc[p - s - 1] + ddelta);
    SET(nbc, F_NBC, p - s + 1, b->nbc[p - s + 1] + ddelta);
    SET(nbc, F_NBC, p + s - 1, b->nbc[p + s - 1] + ddelta);
    SET(nbc, F_NBC, p + s + 1, b->nbc[p + s + 1] + ddelta);
}

/* Join the groups rooted at a and c; returns the new root. */
ALWAYS_INLINE int merge(go_board *b, int a, int c, const int log) {
    if (b->gsize[a] < b->gsize[c]) { int t = a; a = c; c = t; }
    int s = c;
    do { SET(gid, F_GID, s, (uint16_t)a); s = b->next[s]; } while (s != c);
    int na = b->next[a];
    SET(next, F_NEXT, a, b->next[c]);
    SET(next, F_NEXT, c, (uint16_t)na);
    SET(gsize, F_GSIZE, a, (uint16_t)(b->gsize[a] + b->gsize[c]));
    SET(lib, F_LIB, a, b->lib[a] + b->lib[c]);
    return a;
}

/* Take the group rooted at r off the board; returns its size.  sc: the
 * board's stride as a constant for a specialised copy, or 0 (read it). */
ALWAYS_INLINE int remove_group(go_board *b, int r, const int log, const int sc) {
    const go_geom *g = b->geo;
    const int st = sc ? sc : g->stride;
    int col = b->color[r], s = r, cnt = 0;
    uint64_t h = 0;
    do {
        SET(color, F_COLOR, s, GO_EMPTY);
        SET(gid, F_GID, s, (uint16_t)s);
        h ^= g->zob[s][col];
        empty_add(b, s, log);
        nbc_update(b, s, col, st, -1, log);
        b->removed[b->nremoved++] = (uint16_t)s;
        cnt++;
        s = b->next[s];
    } while (s != r);
    b->hash ^= h;
    do {
        uint64_t d = g->libd[s];
        lib_change(b, s - st, d, log);
        lib_change(b, s - 1, d, log);
        lib_change(b, s + 1, d, log);
        lib_change(b, s + st, d, log);
        s = b->next[s];
    } while (s != r);
    b->nstones[col] -= cnt;
    return cnt;
}

/* Put a stone of colour c on the empty point p: group bookkeeping, merges
 * with the own neighbours, captures of opponent neighbours left without
 * liberties (when capture is set).  Returns the root of the new stone's
 * group; *captured gets the number of opponent stones taken.  sc: as for
 * remove_group. */
ALWAYS_INLINE int place(go_board *b, int p, int c, int *captured, const int log, const int capture, const int sc) {
    const go_geom *g = b->geo;
    const int st = sc ? sc : g->stride;
    const int nb[4] = {p - st, p - 1, p + 1, p + st};
    /* the neighbours' colours as masks, from p's neighbour word (which the
     * stone at p leaves unchanged) */
    const uint32_t w = b->nbc[p];
    const unsigned em = w >> GO_NBC_SHIFT(3) & 15;
    const unsigned bm = w & 15, wm = w >> GO_NBC_SHIFT(GO_WHITE) & 15;
    unsigned m = c == GO_BLACK ? bm : wm;   /* own stones */
    const unsigned om = bm ^ wm ^ m;        /* opponent stones */
    int rt[4];
    UNROLL4
    for (int k = 0; k < 4; k++) rt[k] = b->gid[nb[k]];
    SET(color, F_COLOR, p, (uint8_t)c);
    b->hash ^= g->zob[p][c];
    empty_del(b, p, log);
    nbc_update(b, p, c, st, 1, log);
    b->nstones[c]++;
    /* liberties of the lone stone (branch-free), and one fewer for every
     * neighbouring group (the gid of an empty or off-board point is an
     * unused slot) */
    const uint64_t d = g->libd[p];
    const uint64_t own = (uint64_t)go_nb_bits(em) * d + g->libc[em] + ((uint64_t)((int64_t)p * g->libs2[em]) << GO_LIB_QSHIFT);
    if (log) {
        UNROLL4
        for (int k = 0; k < 4; k++)
            if ((m | om) >> k & 1) SET(lib, F_LIB, rt[k], b->lib[rt[k]] - d);
    } else {
        UNROLL4
        for (int k = 0; k < 4; k++) b->lib[rt[k]] -= d;
    }
    int r;
    if (!log) {
        /* branch-free, with the same roots and lists as below: p starts as
         * a group of its own; then the singleton o joins root a, where
         * (a, o) = (r, p) when p's first own neighbour group r is larger,
         * (p, r) when r is a lone stone, and (p, p) without own neighbours */
        b->next[p] = (uint16_t)p;
        b->gsize[p] = 1;
        b->lib[p] = own;
        int r1 = m ? b->gid[p + g->off4[__builtin_ctz(m)]] : p;
        int big = b->gsize[r1] > 1;
        int sel = r1 ^ p, a = p ^ (sel & -big), o = a ^ sel, join = a != o;   /* no branch */
        int nx = b->next[a];
        b->next[o] = (uint16_t)nx;
        b->next[a] = (uint16_t)o;
        b->gid[o] = (uint16_t)a;
        b->gsize[a] = (uint16_t)(b->gsize[a] + join);
        b->lib[a] += b->lib[o] & (0 - (uint64_t)join);
        r = a;
        m &= m - 1;
    } else {
        r = m ? b->gid[p + g->off4[__builtin_ctz(m)]] : 0;
        if (m && b->gsize[r] > 1) {
            /* join the first own group (as merge() would: it is the
             * larger), then merge any others */
            SET(gid, F_GID, p, (uint16_t)r);
            SET(next, F_NEXT, p, b->next[r]);
            SET(next, F_NEXT, r, (uint16_t)p);
            SET(gsize, F_GSIZE, r, (uint16_t)(b->gsize[r] + 1));
            SET(lib, F_LIB, r, b->lib[r] + own);
            m &= m - 1;
        } else {    /* a group of its own first (gid[p] == p already) */
            r = p;
            SET(next, F_NEXT, p, (uint16_t)p);
            SET(gsize, F_GSIZE, p, 1);
            SET(lib, F_LIB, p, own);
        }
    }
    for (; m; m &= m - 1) {
        int q = b->gid[p + g->off4[__builtin_ctz(m)]];
        if (q != r) r = merge(b, r, q, log);
    }
    int cap = 0;
    if (capture) {
        /* opponent groups left without liberties: usually none */
        unsigned z = 0;
        UNROLL4
        for (int k = 0; k < 4; k++) z |= (unsigned)(b->lib[rt[k]] == 0) << k;
        for (z &= om; z; z &= z - 1) {
            int q = p + g->off4[__builtin_ctz(z)];
            if (b->color[q] == go_other(c)) cap += remove_group(b, b->gid[q], log, sc);   /* not taken already */
        }
    }
    *captured = cap;
    return r;
}

/* The simple-ko point after c's stone (group root r) captured `captured`
 * stones: a lone stone with one liberty that took exactly one stone. */
ALWAYS_INLINE void set_ko(go_board *b, int r, int c, int captured) {
    if (captured == 1 && b->gsize[r] == 1 && go_nlib(b, r) == 1) {
        b->ko = b->removed[0];
        b->ko_color = go_other(c);
    } else {
        b->ko = GO_NOPOS;
        b->ko_color = 0;
    }
}

ALWAYS_INLINE int play_impl(go_board *b, int p, int c, const int log) {
    int opp = go_other(c), captured;
    if (log) push_frame(b);
    b->nremoved = 0;
    int r = place(b, p, c, &captured, log, 1, 0);
    b->caps[c] += captured;
    set_ko(b, r, c, captured);
    if (b->lib[r] == 0) b->caps[opp] += remove_group(b, r, log, 0);   /* suicide */
    b->last = p;
    return captured;
}

int go_board_play(go_board *b, int p, int c) {
    return b->u ? play_impl(b, p, c, 1) : play_impl(b, p, c, 0);
}

void go_board_pass(go_board *b) {
    if (b->u) push_frame(b);
    b->nremoved = 0;
    b->ko = GO_NOPOS;
    b->ko_color = 0;
    b->last = GO_NOPOS;
}

void go_board_set_cells(go_board *b, const uint8_t *cells) {
    const go_geom *g = b->geo;
    go_undo *u = b->u;
    go_board_init(b, g);
    for (int i = 0; i < g->n; i++)
        if (cells[i] == GS_BLACK || cells[i] == GS_WHITE) {
            int unused;
            place(b, g->idx2pos[i], cells[i], &unused, 0, 0, 0);
        }
    b->u = u;
}

int go_board_is_suicide(const go_board *b, int p, int c) {
    if (go_nb_empty(b, p)) return 0;
    const int st = b->geo->stride;
    const int nb[4] = {p - st, p - 1, p + 1, p + st};
    int opp = go_other(c);
    for (int k = 0; k < 4; k++) {
        int q = nb[k], col = b->color[q];
        if (col == c) { if (!go_atari_at(b, b->gid[q], p)) return 0; }
        else if (col == opp && go_atari_at(b, b->gid[q], p)) return 0;
    }
    return 1;
}

gs_status go_board_check(const go_board *b, int p, int c, int allow_suicide) {
    if (b->color[p] != GO_EMPTY) return GS_ERR_OCCUPIED;
    if (p == b->ko && c == b->ko_color) return GS_ERR_KO;
    if (!allow_suicide && go_board_is_suicide(b, p, c)) return GS_ERR_SUICIDE;
    return GS_OK;
}

static uint64_t group_hash(const go_board *b, int r) {
    uint64_t h = 0;
    int col = b->color[r], s = r;
    do { h ^= b->geo->zob[s][col]; s = b->next[s]; } while (s != r);
    return h;
}

uint64_t go_board_hash_after(const go_board *b, int p, int c) {
    const go_geom *g = b->geo;
    int opp = go_other(c), seen[4], ns = 0, captures = 0;
    uint64_t h = b->hash ^ g->zob[p][c];
    for (int k = 0; k < 4; k++) {
        int q = p + g->off4[k];
        if (b->color[q] != opp || !go_in_atari(b, b->gid[q])) continue;
        int r = b->gid[q], dup = 0;
        for (int i = 0; i < ns; i++) dup |= seen[i] == r;
        if (dup) continue;
        seen[ns++] = r;
        h ^= group_hash(b, r);
        captures = 1;
    }
    if (!captures && go_board_is_suicide(b, p, c)) {
        h ^= g->zob[p][c];
        ns = 0;
        for (int k = 0; k < 4; k++) {
            int q = p + g->off4[k];
            if (b->color[q] != c) continue;
            int r = b->gid[q], dup = 0;
            for (int i = 0; i < ns; i++) dup |= seen[i] == r;
            if (dup) continue;
            seen[ns++] = r;
            h ^= group_hash(b, r);
        }
    }
    return h;
}

ALWAYS_INLINE int is_eye(const go_board *b, int p, int c) {
    /* no empty or opponent neighbour, at most one opponent diagonal (bits
     * 1-3 of its count clear): one mask test */
    uint32_t mask = 15u << GO_NBC_SHIFT(3) | 15u << GO_NBC_SHIFT(go_other(c)) | 14u << GO_NBC_DIAG_SHIFT(go_other(c));
    return (b->nbc[p] & mask) == 0;
}

int go_board_is_eye(const go_board *b, int p, int c) { return is_eye(b, p, c); }

int go_board_libs(const go_board *b, int p, int *out, int max) {
    const go_geom *g = b->geo;
    uint64_t seen[(GO_MAXPOS + 63) / 64] = {0};
    int r = b->gid[p], s = r, n = 0;
    do {
        for (int k = 0; k < 4; k++) {
            int q = s + g->off4[k];
            if (b->color[q] != GO_EMPTY || (seen[q >> 6] >> (q & 63) & 1)) continue;
            seen[q >> 6] |= 1ull << (q & 63);
            if (out && n < max) out[n] = q;
            n++;
        }
        s = b->next[s];
    } while (s != r);
    return n;
}

int go_board_group(const go_board *b, int p, int *out) {
    int r = b->gid[p], s = r, n = 0;
    do { out[n++] = s; s = b->next[s]; } while (s != r);
    return n;
}

int go_board_lone_chain(const go_board *b, const int *chain, int k) {
    const go_geom *g = b->geo;
    int c = b->color[chain[0]], id = b->gid[chain[0]], enemies = 0;
    for (int j = 0; j < k; j++)
        for (int d = 0; d < 4; d++) enemies += b->color[chain[j] + g->off4[d]] == (c ^ 3);
    if (!enemies) return 0;
    int libs[GO_MAX_SIDE * GO_MAX_SIDE];
    int n = go_board_libs(b, chain[0], libs, GO_MAX_SIDE * GO_MAX_SIDE);
    for (int j = 0; j < n; j++)
        for (int d = 0; d < 4; d++) {
            int r = libs[j] + g->off4[d];
            if (b->color[r] == c && b->gid[r] != id) return 0;
        }
    return 1;
}

int go_board_find_dead_group(const go_board *b) {
    const go_geom *g = b->geo;
    for (int i = 0; i < g->n; i++) {
        int p = g->idx2pos[i];
        if (is_stone(b->color[p]) && b->gid[p] == p && b->lib[p] == 0) return p;
    }
    return GO_NOPOS;
}

/* ---- playouts ---- */
/* Legal (not suicide, not the ko point), for a point without empty
 * neighbours (w: its neighbour word); branch-free. */
static inline int random_ok_crowded(const go_board *b, int p, int c, uint32_t w, const int sc) {
    const int st = sc ? sc : b->geo->stride;
    const uint64_t d = b->geo->libd[p];
    const int nb[4] = {p - st, p - 1, p + 1, p + st};
    unsigned at = 0;    /* neighbours whose group has p as its only liberty */
    UNROLL4
    for (int k = 0; k < 4; k++) {
        uint64_t v = b->lib[b->gid[nb[k]]];
        at |= (unsigned)(v == go_lw_count(v) * d) << k;
    }
    const unsigned own = w >> GO_NBC_SHIFT(c) & 15, opp = w >> GO_NBC_SHIFT(go_other(c)) & 15;
    /* joins an own group with another liberty, or captures */
    int ok = ((own & ~at) | (opp & at)) != 0;
    int ko = (p == b->ko) & (c == b->ko_color);
    return ok & !ko;
}

/* The first point from empty[i] on (wrapping) that is legal for c and not
 * an eye of c, or GO_NOPOS. */
ALWAYS_INLINE int pick_from(const go_board *b, int c, int i, const int sc) {
    const int n = b->nempty;
    for (int k = 0; k < n; k++) {
        int p = b->empty[i];
        if (++i == n) i = 0;
        /* an empty neighbour: legal, and not an eye */
        uint32_t w = b->nbc[p];
        if (w >> GO_NBC_SHIFT(3) & 15) return p;
        if (is_eye(b, p, c)) continue;
        if (random_ok_crowded(b, p, c, w, sc)) return p;
    }
    return GO_NOPOS;
}

int go_board_play_random(go_board *b, int c, gs_rng *r) {
    int p = b->nempty ? pick_from(b, c, (int)gs_rng_below(r, (uint32_t)b->nempty), 0) : GO_NOPOS;
    if (p) go_board_play(b, p, c);
    else go_board_pass(b);
    return p;
}

/* The unlogged playout loop; sc as for remove_group.  The scan for a move
 * is compiled once per colour (the eye test's shifts become constants). */
ALWAYS_INLINE int playout_fast(go_board *b, int c, gs_rng *r, int max_moves, const int sc) {
    int moves = 0, passes = 0;
    for (; moves < max_moves && passes < 2; moves++, c = go_other(c)) {
        int p = GO_NOPOS;
        if (b->nempty) {
            int i = (int)gs_rng_below_inline(r, (uint32_t)b->nempty);
            p = c == GO_BLACK ? pick_from(b, GO_BLACK, i, sc) : pick_from(b, GO_WHITE, i, sc);
        }
        if (p) {
            int captured;
            b->nremoved = 0;
            int root = place(b, p, c, &captured, 0, 1, sc);
            b->caps[c] += captured;
            set_ko(b, root, c, captured);
            b->last = p;
            passes = 0;
        } else {
            go_board_pass(b);
            passes++;
        }
    }
    return moves;
}

int go_board_playout(go_board *b, int c, gs_rng *r, int max_moves) {
    if (b->u) {     /* logged: move by move */
        int moves = 0, passes = 0;
        for (; moves < max_moves && passes < 2; moves++, c = go_other(c))
            passes = go_board_play_random(b, c, r) ? 0 : passes + 1;
        return moves;
    }
    /* the common boards with the neighbour offsets as constants */
    switch (b->geo->stride) {
    case 10: return playout_fast(b, c, r, max_moves, 10);
    case 14: return playout_fast(b, c, r, max_moves, 14);
    case 20: return playout_fast(b, c, r, max_moves, 20);
    default: return playout_fast(b, c, r, max_moves, 0);
    }
}

int go_board_area_score(const go_board *b, uint8_t *owner) {
    const go_geom *g = b->geo;
    int score = b->nstones[GO_BLACK] - b->nstones[GO_WHITE];
    uint8_t mark[GO_MAXPOS];
    uint16_t stack[GO_MAXPOS];
    int marked = 0;
    if (owner)
        for (int i = 0; i < g->n; i++) {
            int p = g->idx2pos[i];
            owner[p] = b->color[p] == GO_EMPTY ? GO_EMPTY : b->color[p];
        }
    for (int e = 0; e < b->nempty; e++) {
        int p = b->empty[e];
        /* a one-point region: no empty neighbour and stones of one colour
         * only (a point has at least one on-board neighbour) */
        uint32_t nbc = b->nbc[p];
        int m = ((nbc & 0xf0f) == 0) * GO_WHITE + ((nbc & 0xff0) == 0) * GO_BLACK;
        if (m) {
            score += m == GO_BLACK ? 1 : -1;
            if (owner) owner[p] = (uint8_t)m;
            continue;
        }
        if (!marked) { memset(mark, 0, (size_t)g->npos); marked = 1; }
        if (mark[p]) continue;
        /* flood the region, remembering which colours it reaches */
        int sp = 0, size = 0, reach = 0, first = 0;
        stack[sp++] = (uint16_t)p;
        mark[p] = 1;
        uint16_t *region = stack;   /* stack doubles as the region list */
        while (first < sp) {
            int q = region[first++];
            size++;
            for (int k = 0; k < 4; k++) {
                int t = q + g->off4[k], col = b->color[t];
                if (col == GO_EMPTY) {
                    if (!mark[t]) { mark[t] = 1; region[sp++] = (uint16_t)t; }
                } else if (col != GO_BORDER) reach |= col;
            }
        }
        if (reach == GO_BLACK) score += size;
        else if (reach == GO_WHITE) score -= size;
        if (owner && (reach == GO_BLACK || reach == GO_WHITE))
            for (int i = 0; i < sp; i++) owner[region[i]] = (uint8_t)reach;
    }
    return score;
}

/* ---- invariants ---- */
gs_status go_board_check_invariants(const go_board *b, gs_error *err) {
    const go_geom *g = b->geo;
    uint64_t h = 0;
    int cnt[4] = {0, 0, 0, 0};
    for (int p = 0; p < g->npos; p++) {
        int on = g->pos2idx[p] >= 0, col = b->color[p];
        if ((!on || col == GO_EMPTY) && b->gid[p] != p)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: empty or border point %d has a group", p);
        if (!on) {
            if (col != GO_BORDER)
                return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: border cell %d is %d", p, col);
            continue;
        }
        if (col > GO_WHITE)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: cell %d has value %d", g->pos2idx[p], col);
        if (b->nbc[p] != nbc_of(b, p))
            return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: neighbour counts wrong at cell %d", g->pos2idx[p]);
        cnt[col]++;
        if (col) h ^= g->zob[p][col];
    }
    if (h != b->hash) return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: hash differs from the stones");
    if (cnt[GO_EMPTY] != b->nempty || cnt[GO_BLACK] != b->nstones[GO_BLACK]
        || cnt[GO_WHITE] != b->nstones[GO_WHITE])
        return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: stone/empty counters are wrong");
    for (int i = 0; i < b->nempty; i++) {
        int p = b->empty[i];
        if (p >= g->npos || b->color[p] != GO_EMPTY || b->epos[p] != i)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: empty list broken at %d", i);
    }
    uint8_t seen[GO_MAXPOS];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < g->n; i++) {
        int p = g->idx2pos[i], col = b->color[p];
        if (!is_stone(col) || seen[p]) continue;
        int r = b->gid[p];
        if (r >= g->npos || b->gid[r] != r || b->color[r] != col)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: bad group root at cell %d", i);
        /* walk the list: all stones of the colour with this root, connected */
        int s = r, n = 0;
        uint64_t lib = 0;
        do {
            if (b->color[s] != col || b->gid[s] != r || seen[s] || n > g->n)
                return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: group list broken at cell %d", g->pos2idx[s]);
            seen[s] = 1;
            n++;
            for (int k = 0; k < 4; k++) {
                int q = s + g->off4[k];
                if (b->color[q] == GO_EMPTY) lib += g->libd[q];
                else if (b->color[q] == col && b->gid[q] != r)
                    return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: adjacent stones in two groups at cell %d", g->pos2idx[s]);
            }
            s = b->next[s];
        } while (s != r);
        if (n != b->gsize[r] || lib != b->lib[r])
            return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: group counters wrong at cell %d", i);
    }
    for (int i = 0; i < g->n; i++) {
        int p = g->idx2pos[i];
        if (is_stone(b->color[p]) && !seen[p])
            return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: stone at cell %d is in no list", i);
    }
    if (b->ko != GO_NOPOS && (b->ko >= g->npos || b->color[b->ko] != GO_EMPTY))
        return gs_error_set(err, GS_ERR_BAD_POSITION, "go board: ko point is not empty");
    return GS_OK;
}
