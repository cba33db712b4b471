/* Opening rules with a choice of colour (swap1, swap2): the stones a player
 * opens with are chosen by the search's own judgement so that the other
 * player gains nothing by either colour.  Two stages: every placement is
 * ranked by the static evaluation (cheap, hundreds of them), then the most
 * even few are searched and the one whose searched value is nearest zero
 * is kept.  The choices between the colours themselves are made by the
 * Gomocup engine from gmk_best_move's value (src/proto/gomocup.c). */
#include <stdlib.h>
#include "ai/gomoku_ai.h"

typedef struct {
    int p[3];
    int v;       /* static value, side to move after the stones */
} gmk_placing;

typedef struct {
    gmk_search *S;
    int n;
    int cur[3];
    gmk_placing best[GMK_SWAP_FINALISTS];
    int nbest;
    long leaves;          /* placings left to rank; < 0 = no limit */
} gmk_balance;

/* Keep the GMK_SWAP_FINALISTS placings of smallest |v|; an equal value is
 * taken for a mirror image of one already kept and skipped. */
static void keep(gmk_balance *B, int v) {
    int k = B->nbest;
    for (int i = 0; i < B->nbest; i++)
        if (B->best[i].v == v) return;
    if (k == GMK_SWAP_FINALISTS) {
        k--;
        if (abs(B->best[k].v) <= abs(v)) return;
    } else {
        B->nbest++;
    }
    while (k > 0 && abs(B->best[k - 1].v) > abs(v)) {
        B->best[k] = B->best[k - 1];
        k--;
    }
    for (int i = 0; i < B->n; i++) B->best[k].p[i] = B->cur[i];
    B->best[k].v = v;
}

/* Candidate points for stone number k: near the stones; on an empty board
 * the centre (three-stone openings) or every point (a single stone). */
static void enumerate(gmk_balance *B, int k) {
    gmk_search *S = B->S;
    if (B->leaves == 0) return;
    if (k == B->n) {
        keep(B, gmk_eval(S));
        if (B->leaves > 0) B->leaves--;
        return;
    }
    const gmk_game *g = S->g;
    if (S->nstones == 0 && B->n > 1) {
        int cs[4];
        gs_centres(&g->base.geom, cs);
        int p = g->pidx[cs[0]];
        B->cur[k] = p;
        gmk_splay(S, p);
        enumerate(B, k + 1);
        gmk_sunplay(S, p);
        return;
    }
    int any = S->nstones == 0;
    for (int i = 0; i < g->base.geom.n; i++) {
        int p = g->pidx[i];
        if (S->st.a[p] || (!any && !S->near[p]) || !gmk_slegal(S, p)) continue;
        /* a stone that wins or makes a four is no opening */
        if (S->four[S->tomove - 1][p]) continue;
        B->cur[k] = p;
        gmk_splay(S, p);
        enumerate(B, k + 1);
        gmk_sunplay(S, p);
    }
}

int gmk_balanced_stones(gmk_search *S, int n, double seconds, uint64_t nodes, int *out, int *value) {
    /* a node limit bounds the ranking too: one placing a node (a placing
     * costs about what a searched node does: its stones are played and the
     * patterns around them brought up to date); with 16 a node the ranking
     * was 16 times the budget the caller gave (the finalists' searches
     * share the same budget again) */
    gmk_balance B = {.S = S, .n = n, .nbest = 0, .leaves = nodes ? (long)(nodes < 16000000 ? nodes : 16000000) : -1};
    if (n < 1 || n > 3) return 0;
    enumerate(&B, 0);
    if (B.nbest == 0) return 0;
    int chosen = 0, chosen_v = 0;
    void (*info)(void *, const char *) = S->info;
    S->info = NULL;   /* the finalists' searches are not the move's */
    for (int f = 0; f < B.nbest; f++) {
        for (int i = 0; i < n; i++) gmk_splay(S, B.best[f].p[i]);
        gmk_search_restart(S, seconds / GMK_SWAP_FINALISTS, nodes / GMK_SWAP_FINALISTS);
        gmk_best_move(S, 1);
        int v = gmk_value(S);
        for (int i = n - 1; i >= 0; i--) gmk_sunplay(S, B.best[f].p[i]);
        if (f == 0 || abs(v) < abs(chosen_v)) {
            chosen = f;
            chosen_v = v;
        }
    }
    S->info = info;
    for (int i = 0; i < n; i++) out[i] = B.best[chosen].p[i];
    gmk_search_restart(S, 0, 0);
    *value = chosen_v;
    return 1;
}
