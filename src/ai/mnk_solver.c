/* m,n,k-game solver: context (lines, symmetries, transposition table),
 * the two bitboard instantiations of the search, and the entry points. */
#include <stdlib.h>
#include <string.h>
#include "ai/mnk_solver_int.h"

#define BBW 1
#define FN(x) x##_64
#include "ai/mnk_search.inc"
#undef BBW
#undef FN

#define BBW (GS_MAX_CELLS / 64)
#define FN(x) x##_wide
#include "ai/mnk_search.inc"
#undef BBW
#undef FN

int mnk_ctx_poll(mnk_ctx *c) {
    if (c->node_limit && c->nodes >= c->node_limit) c->abort = 1;
    if (c->time_limit > 0 || c->progress) {
        double t = gs_now() - c->t0;
        if (c->time_limit > 0 && t >= c->time_limit) c->abort = 1;
        if (c->progress && t - c->last_progress >= 0.25) {
            c->last_progress = t;
            c->progress(c->progress_ud, c->nodes, t);
        }
    }
    return c->abort;
}

static void ctx_free(mnk_ctx *c) {
    free(c->lcell);
    free(c->coff);
    free(c->clines);
    free(c->sym);
    free(c->inv);
    free(c->zob);
    free(c->tt);
    free(c->mbuf);
    free(c->sbuf);
}

/* The k-lines of the board: every run of k cells in the four directions
 * E, S, SE, SW (for k = 1 each cell once). */
static int enum_lines(int m, int n, int k, int *out) {
    static const int dx[4] = {1, 0, 1, -1}, dy[4] = {0, 1, 1, 1};
    int nl = 0;
    for (int d = 0; d < (k == 1 ? 1 : 4); d++)
        for (int y = 0; y < n; y++)
            for (int x = 0; x < m; x++) {
                int ex = x + dx[d] * (k - 1), ey = y + dy[d] * (k - 1);
                if (ex < 0 || ex >= m || ey >= n) continue;
                if (out)
                    for (int i = 0; i < k; i++) out[nl * k + i] = (y + dy[d] * i) * m + x + dx[d] * i;
                nl++;
            }
    return nl;
}

static gs_status ctx_init(mnk_ctx *c, const mnk_pos *p, const mnk_limits *lim) {
    memset(c, 0, sizeof *c);
    int m = p->m, n = p->n, k = p->k, nc = m * n;
    if (m < 1 || n < 1 || m > GS_MAX_SIDE || n > GS_MAX_SIDE || k < 1 || k > GS_MAX_SIDE)
        return GS_ERR_INVALID_ARG;
    c->m = m;
    c->n = n;
    c->k = k;
    c->gravity = p->gravity ? 1 : 0;
    c->ncell = nc;
    c->nsym = c->gravity ? 2 : gs_sym_count(m, n);
    c->nline = enum_lines(m, n, k, NULL);
    c->lcell = malloc(sizeof(int) * (size_t)(c->nline * k + 1));
    c->coff = calloc((size_t)nc + 1, sizeof(int));
    c->clines = malloc(sizeof(int) * (size_t)(c->nline * k + 1));
    c->sym = malloc(sizeof(int16_t) * (size_t)(c->nsym * nc));
    c->inv = malloc(sizeof(int16_t) * (size_t)(c->nsym * nc));
    c->zob = malloc(sizeof(uint64_t) * 2 * (size_t)(c->nsym * nc));
    c->mbuf = malloc(sizeof(int) * (size_t)(nc + 1) * (size_t)nc);
    c->sbuf = malloc(sizeof(int64_t) * (size_t)(nc + 1) * (size_t)nc);
    int empties = 0;
    for (int i = 0; i < nc; i++) empties += p->cells[i] == GS_EMPTY;
    /* table size: grows with the empty cells, at most 2^22 entries (64 MB) */
    int bits = empties;
    if (bits < 12) bits = 12;
    if (bits > 22) bits = 22;
    if (lim && lim->node_limit) {
        int nb = 10;
        while (nb < bits && (1ull << nb) < lim->node_limit) nb++;
        bits = nb;
    }
    c->ttmask = (1ull << bits) - 1;
    c->tt = calloc((size_t)1 << bits, sizeof(mnk_ttent));
    if (!c->lcell || !c->coff || !c->clines || !c->sym || !c->inv || !c->zob || !c->mbuf ||
        !c->sbuf || !c->tt) {
        ctx_free(c);
        return GS_ERR_NOMEM;
    }
    enum_lines(m, n, k, c->lcell);
    for (int L = 0; L < c->nline; L++)
        for (int i = 0; i < k; i++) c->coff[c->lcell[L * k + i] + 1]++;
    for (int x = 0; x < nc; x++) c->coff[x + 1] += c->coff[x];
    int *fill = calloc((size_t)nc, sizeof(int));
    if (!fill) {
        ctx_free(c);
        return GS_ERR_NOMEM;
    }
    for (int L = 0; L < c->nline; L++)
        for (int i = 0; i < k; i++) {
            int x = c->lcell[L * k + i];
            c->clines[c->coff[x] + fill[x]++] = L;
        }
    free(fill);
    for (int s = 0; s < c->nsym; s++)
        for (int x = 0; x < nc; x++) {
            int y = gs_sym_apply(s, m, n, x);
            c->sym[s * nc + x] = (int16_t)y;
            c->inv[s * nc + y] = (int16_t)x;
            c->zob[((size_t)s * nc + x) * 2 + 0] = gs_zobrist(y, GS_BLACK);
            c->zob[((size_t)s * nc + x) * 2 + 1] = gs_zobrist(y, GS_WHITE);
        }
    /* ordering weights: own lines slightly above blocking, x4 per stone */
    for (int a = 0; a <= k && a < GS_MAX_SIDE + 2; a++) {
        int sh = 2 * a < 40 ? 2 * a : 40;
        c->wown[a] = (int64_t)3 << sh;
        c->wopp[a] = (int64_t)2 << sh;
    }
    if (lim) {
        c->node_limit = lim->node_limit;
        c->time_limit = lim->time_limit;
        c->progress = lim->progress;
        c->progress_ud = lim->progress_ud;
    }
    c->t0 = gs_now();
    return GS_OK;
}

/* Per-position arrays for an engine. */
typedef struct eng_mem {
    uint8_t *cells, *cnt1, *cnt2;
    int *nopen;
} eng_mem;

static int mem_alloc(eng_mem *em, const mnk_ctx *c) {
    em->cells = malloc((size_t)c->ncell);
    em->cnt1 = malloc((size_t)c->nline + 1);
    em->cnt2 = malloc((size_t)c->nline + 1);
    em->nopen = malloc(sizeof(int) * (size_t)c->ncell);
    return em->cells && em->cnt1 && em->cnt2 && em->nopen;
}

static void mem_free(eng_mem *em) {
    free(em->cells);
    free(em->cnt1);
    free(em->cnt2);
    free(em->nopen);
}

gs_status mnk_solve(const mnk_pos *p, const mnk_limits *lim, mnk_solution *out) {
    return mnk_solve_ex(p, lim, 0, out);
}

gs_status mnk_solve_ex(const mnk_pos *p, const mnk_limits *lim, int force_wide, mnk_solution *out) {
    mnk_ctx c;
    eng_mem em;
    gs_status st = ctx_init(&c, p, lim);
    memset(out, 0, sizeof *out);
    out->best = GS_NOMOVE;
    if (st != GS_OK) return st;
    if (!mem_alloc(&em, &c)) {
        mem_free(&em);
        ctx_free(&c);
        return GS_ERR_NOMEM;
    }
    int best = -1, won, empties;
    if (c.ncell <= 64 && !force_wide) {
        eng_64 e;
        won = init_64(&e, &c, p, em.cells, em.cnt1, em.cnt2, em.nopen);
        empties = e.empties;
        if (!won && empties > 0) {
            out->value = search_64(&e, 0, -1, 1, &best);
            if (best < 0 || c.abort) best = heuristic_64(&e, NULL);
        }
    } else {
        eng_wide *e = malloc(sizeof *e);
        if (!e) {
            mem_free(&em);
            ctx_free(&c);
            return GS_ERR_NOMEM;
        }
        won = init_wide(e, &c, p, em.cells, em.cnt1, em.cnt2, em.nopen);
        empties = e->empties;
        if (!won && empties > 0) {
            out->value = search_wide(e, 0, -1, 1, &best);
            if (best < 0 || c.abort) best = heuristic_wide(e, NULL);
        }
        free(e);
    }
    if (won) out->value = won == p->to_move ? 1 : -1;
    else if (empties == 0) out->value = 0;
    out->best = best >= 0 ? best : GS_NOMOVE;
    out->nodes = c.nodes;
    out->seconds = gs_now() - c.t0;
    out->complete = !c.abort;
    if (c.abort) out->value = 0;
    mem_free(&em);
    ctx_free(&c);
    return GS_OK;
}

gs_move mnk_heuristic_move(const mnk_pos *p, gs_rng *rng) {
    mnk_ctx c;
    eng_mem em;
    mnk_limits lim = {1, 0, NULL, NULL};   /* smallest table: not used */
    int best = -1;
    if (ctx_init(&c, p, &lim) != GS_OK) return GS_NOMOVE;
    if (mem_alloc(&em, &c)) {
        if (c.ncell <= 64) {
            eng_64 e;
            if (!init_64(&e, &c, p, em.cells, em.cnt1, em.cnt2, em.nopen)) best = heuristic_64(&e, rng);
        } else {
            eng_wide *e = malloc(sizeof *e);
            if (e && !init_wide(e, &c, p, em.cells, em.cnt1, em.cnt2, em.nopen))
                best = heuristic_wide(e, rng);
            free(e);
        }
    }
    mem_free(&em);
    ctx_free(&c);
    return best >= 0 ? best : GS_NOMOVE;
}
