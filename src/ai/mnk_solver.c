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

void mnk_budget_start(mnk_budget *b, const mnk_limits *lim) {
    memset(b, 0, sizeof *b);
    if (lim) {
        b->node_limit = lim->node_limit;
        b->time_limit = lim->time_limit;
        b->progress = lim->progress;
        b->progress_ud = lim->progress_ud;
    }
    b->t0 = gs_now();
}

int mnk_budget_poll(mnk_budget *b) {
    if (b->node_limit && b->nodes >= b->node_limit) b->abort = 1;
    if (b->time_limit > 0 || b->progress) {
        double t = gs_now() - b->t0;
        if (b->time_limit > 0 && t >= b->time_limit) b->abort = 1;
        if (b->progress && t - b->last_progress >= 0.25) {
            b->last_progress = t;
            b->progress(b->progress_ud, b->nodes, t);
        }
    }
    return b->abort;
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
    int bits = empties - 4;
    if (bits < 10) bits = 10;
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
    /* symmetry s: the key of a stone on x is the key of its image */
    for (int x = 0; x < nc; x++) {
        c->zob[x * 2 + 0] = gs_zobrist(x, GS_BLACK);
        c->zob[x * 2 + 1] = gs_zobrist(x, GS_WHITE);
    }
    for (int s = c->nsym - 1; s >= 0; s--)
        for (int x = 0; x < nc; x++) {
            int y = gs_sym_apply(s, m, n, x);
            c->sym[s * nc + x] = (int16_t)y;
            c->inv[s * nc + y] = (int16_t)x;
        }
    for (int s = c->nsym - 1; s > 0; s--)
        for (int x = 0; x < nc; x++) {
            int y = c->sym[s * nc + x];
            c->zob[((size_t)s * nc + x) * 2 + 0] = c->zob[y * 2 + 0];
            c->zob[((size_t)s * nc + x) * 2 + 1] = c->zob[y * 2 + 1];
        }
    /* ordering weights: own lines slightly above blocking, x4 per stone */
    for (int a = 0; a <= k && a < GS_MAX_SIDE + 2; a++) {
        int sh = 2 * a < 40 ? 2 * a : 40;
        c->wown[a] = (int64_t)3 << sh;
        c->wopp[a] = (int64_t)2 << sh;
    }
    c->use_es = !c->gravity && !(lim && (lim->flags & MNK_NO_ES));
    mnk_budget_start(&c->bud, lim);
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

/* The engine work of one call: solve (mode 0) or choose a move to play
 * (mode 1, see mnk_choose). */
#define MNK_RUN(E, e)                                                           \
    do {                                                                        \
        won = init_##E(e, &c, p, em.cells, em.cnt1, em.cnt2, em.nopen);         \
        empties = (e)->empties;                                                 \
        if (won || empties == 0) break;                                         \
        if (choose) best = choose_##E(e, rng, &out->value, &complete);          \
        else {                                                                  \
            out->value = search_##E(e, 0, -1, 1, &best);                        \
            complete = !c.bud.abort;                                                \
            if (best < 0 || c.bud.abort) best = heuristic_##E(e, NULL);             \
        }                                                                       \
    } while (0)

static gs_status mnk_run(const mnk_pos *p, const mnk_limits *lim, int force_wide, int choose, gs_rng *rng,
                         mnk_solution *out) {
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
    int best = -1, won = 0, empties = 0, complete = 1;
    if (c.ncell <= 64 && !force_wide) {
        eng_64 e;
        MNK_RUN(64, &e);
    } else {
        eng_wide *e = malloc(sizeof *e);
        if (!e) {
            mem_free(&em);
            ctx_free(&c);
            return GS_ERR_NOMEM;
        }
        MNK_RUN(wide, e);
        free(e);
    }
    if (won) out->value = won == p->to_move ? 1 : -1;
    else if (empties == 0) out->value = 0;
    out->best = best >= 0 ? best : GS_NOMOVE;
    out->nodes = c.bud.nodes;
    out->seconds = gs_now() - c.bud.t0;
    out->complete = complete;
    if (!complete) out->value = 0;
    mem_free(&em);
    ctx_free(&c);
    return GS_OK;
}

gs_status mnk_solve(const mnk_pos *p, const mnk_limits *lim, mnk_solution *out) {
    return mnk_run(p, lim, 0, 0, NULL, out);
}

gs_status mnk_solve_ex(const mnk_pos *p, const mnk_limits *lim, int force_wide, mnk_solution *out) {
    return mnk_run(p, lim, force_wide, 0, NULL, out);
}

gs_status mnk_choose(const mnk_pos *p, const mnk_limits *lim, gs_rng *rng, mnk_solution *out) {
    return mnk_run(p, lim, 0, 1, rng, out);
}
