/* Reversi / Othello rules: even sizes 4..16.  Boards up to 8x8 keep two
 * bitboards next to the cells (rv_bb.h); larger boards (and, on request,
 * any size, for cross-checks) use the cells with the geometry's neighbour
 * tables.  A move records its flips, so undo is exact. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/game.h"
#include "games/reversi/rv_internal.h"

/* ---- cell engine (any size) ---- */

/* Flips of colour c playing on empty cell m, as a cell bitset; returns
 * the count.  stop_at_first: return as soon as one line flips. */
static int rv_cell_flips(const gs_state *s, int m, int c, rv_set *out, int stop_at_first) {
    const gs_geom *g = &s->game->geom;
    const uint8_t *cells = s->board.cells;
    int oc = GS_OTHER(c), total = 0;
    if (out) memset(out, 0, sizeof *out);
    for (int d = 0; d < 8; d++) {
        int k = 0, p = g->nb8[m][d];
        while (p >= 0 && cells[p] == oc) { p = g->nb8[p][d]; k++; }
        if (k == 0 || p < 0 || cells[p] != c) continue;
        if (stop_at_first) return k;
        total += k;
        if (out)
            for (p = g->nb8[m][d]; cells[p] == oc; p = g->nb8[p][d]) out->w[p >> 6] |= 1ull << (p & 63);
    }
    return total;
}

static int rv_cell_has_move(const gs_state *s, int c) {
    const gs_geom *g = &s->game->geom;
    for (int i = 0; i < g->n; i++)
        if (!s->board.cells[i] && rv_cell_flips(s, i, c, NULL, 1)) return 1;
    return 0;
}

/* ---- bitboard helpers ---- */

static inline int rv_bit_of(const rv_game *G, int cell) {
    return (cell / G->size) * 8 + cell % G->size;
}
static inline int rv_cell_of(const rv_game *G, int bit) {
    return (bit >> 3) * G->size + (bit & 7);
}

static uint64_t rv_bb_moves(const rv_state *S, int c) {
    const rv_game *G = (const rv_game *)S->base.game;
    return rv_moves(S->bb[c], S->bb[GS_OTHER(c)]) & G->mask;
}

/* ---- queries shared by both engines ---- */

static int rv_has_move(const gs_state *s, int c) {
    const rv_game *G = (const rv_game *)s->game;
    return G->use_bb ? rv_bb_moves((const rv_state *)s, c) != 0 : rv_cell_has_move(s, c);
}

int rv_is_over(const gs_state *s) {
    return !rv_has_move(s, s->to_move) && !rv_has_move(s, GS_OTHER(s->to_move));
}

static gs_status rv_check(const gs_state *s, gs_move m) {
    const rv_game *G = (const rv_game *)s->game;
    int c = s->to_move;
    if (m == GS_PASS) {
        if (rv_has_move(s, c)) return GS_ERR_PASS_NOT_ALLOWED;
        return rv_has_move(s, GS_OTHER(c)) ? GS_OK : GS_ERR_GAME_OVER;
    }
    if (m < 0 || m >= G->base.geom.n) return GS_ERR_OUT_OF_BOUNDS;
    if (rv_is_over(s)) return GS_ERR_GAME_OVER;
    if (s->board.cells[m]) return GS_ERR_OCCUPIED;
    if (G->use_bb) {
        const rv_state *S = (const rv_state *)s;
        return (rv_bb_moves(S, c) >> rv_bit_of(G, m)) & 1 ? GS_OK : GS_ERR_NO_FLIPS;
    }
    return rv_cell_flips(s, m, c, NULL, 1) ? GS_OK : GS_ERR_NO_FLIPS;
}

static int rv_legal_moves(const gs_state *s, gs_move *out) {
    const rv_game *G = (const rv_game *)s->game;
    int c = s->to_move, n = 0;
    if (G->use_bb) {
        uint64_t mv = rv_bb_moves((const rv_state *)s, c);
        /* ascending bits = ascending cells (row-major in both) */
        for (; mv; mv &= mv - 1) out[n++] = rv_cell_of(G, rv_lsb(mv));
    } else {
        for (int i = 0; i < G->base.geom.n; i++)
            if (!s->board.cells[i] && rv_cell_flips(s, i, c, NULL, 1)) out[n++] = i;
    }
    if (n == 0 && rv_has_move(s, GS_OTHER(c))) out[n++] = GS_PASS;
    return n;
}

/* ---- play / undo ---- */

static gs_status rv_rec_reserve(rv_state *S, int n) {
    if (n <= S->rec_cap) return GS_OK;
    int cap = S->rec_cap ? S->rec_cap * 2 : 64;
    while (cap < n) cap *= 2;
    rv_rec *r = realloc(S->rec, (size_t)cap * sizeof *r);
    if (!r) return GS_ERR_NOMEM;
    S->rec = r;
    S->rec_cap = cap;
    return GS_OK;
}

static gs_status rv_play(gs_state *s, gs_move m) {
    rv_state *S = (rv_state *)s;
    const rv_game *G = (const rv_game *)s->game;
    gs_status st = rv_check(s, m);
    if (st != GS_OK) return st;
    if (rv_rec_reserve(S, S->nrec + 1) != GS_OK || gs_hist_reserve(s, s->nhist + 1) != GS_OK)
        return GS_ERR_NOMEM;
    int c = s->to_move;
    rv_rec *r = &S->rec[S->nrec];
    memset(r, 0, sizeof *r);
    r->move = m;
    if (m != GS_PASS) {
        if (G->use_bb) {
            int b = rv_bit_of(G, m);
            uint64_t f = rv_flips(b, S->bb[c], S->bb[GS_OTHER(c)]);
            r->flips.w[0] = f;
            S->bb[c] ^= f | (1ull << b);
            S->bb[GS_OTHER(c)] ^= f;
            for (; f; f &= f - 1) gs_board_set(&s->board, rv_cell_of(G, rv_lsb(f)), (uint8_t)c);
        } else {
            rv_cell_flips(s, m, c, &r->flips, 0);
            for (int w = 0; w < 4; w++)
                for (uint64_t f = r->flips.w[w]; f; f &= f - 1)
                    gs_board_set(&s->board, w * 64 + rv_lsb(f), (uint8_t)c);
        }
        gs_board_set(&s->board, m, (uint8_t)c);
    }
    S->nrec++;
    gs_hist_push(s, m, (uint8_t)c);   /* room reserved above */
    s->to_move = GS_OTHER(c);
    return GS_OK;
}

static gs_status rv_undo(gs_state *s) {
    rv_state *S = (rv_state *)s;
    const rv_game *G = (const rv_game *)s->game;
    if (S->nrec == 0 || s->nhist == 0) return GS_ERR_NO_UNDO;
    rv_rec *r = &S->rec[--S->nrec];
    int c = s->hist[--s->nhist].color, oc = GS_OTHER(c);
    if (r->move != GS_PASS) {
        gs_board_set(&s->board, r->move, GS_EMPTY);
        if (G->use_bb) {
            uint64_t f = r->flips.w[0];
            S->bb[c] ^= f | (1ull << rv_bit_of(G, r->move));
            S->bb[oc] ^= f;
            for (; f; f &= f - 1) gs_board_set(&s->board, rv_cell_of(G, rv_lsb(f)), (uint8_t)oc);
        } else {
            for (int w = 0; w < 4; w++)
                for (uint64_t f = r->flips.w[w]; f; f &= f - 1)
                    gs_board_set(&s->board, w * 64 + rv_lsb(f), (uint8_t)oc);
        }
    }
    s->to_move = (uint8_t)c;
    return GS_OK;
}

/* ---- result ---- */

void rv_count(const gs_state *s, int *black, int *white, int *empty) {
    int b = 0, w = 0, n = s->game->geom.n;
    for (int i = 0; i < n; i++) {
        b += s->board.cells[i] == GS_BLACK;
        w += s->board.cells[i] == GS_WHITE;
    }
    *black = b;
    *white = w;
    *empty = n - b - w;
}

static void rv_result(const gs_state *s, gs_result *r) {
    const rv_game *G = (const rv_game *)s->game;
    memset(r, 0, sizeof *r);
    if (!rv_is_over(s)) return;
    int b, w, e;
    rv_count(s, &b, &w, &e);
    int d = b - w;
    if (G->empties_to_winner) d += d > 0 ? e : d < 0 ? -e : 0;
    r->over = 1;
    r->how = GS_END_SCORE;
    r->has_score = 1;
    r->score = d;
    r->winner = d > 0 ? GS_BLACK : d < 0 ? GS_WHITE : GS_EMPTY;
}

/* ---- positions ---- */

static void rv_centres(const rv_game *G, int out[4]) {
    int c = G->size / 2, n = G->size;
    out[0] = (c - 1) * n + c - 1;   /* d4 on 8x8: white */
    out[1] = (c - 1) * n + c;       /* e4: black */
    out[2] = c * n + c - 1;         /* d5: black */
    out[3] = c * n + c;             /* e5: white */
}

static void rv_sync_bb(rv_state *S) {
    const rv_game *G = (const rv_game *)S->base.game;
    S->bb[0] = S->bb[GS_BLACK] = S->bb[GS_WHITE] = 0;
    if (!G->use_bb) return;
    for (int i = 0; i < G->base.geom.n; i++) {
        int v = S->base.board.cells[i];
        if (v) S->bb[v] |= 1ull << rv_bit_of(G, i);
    }
}

static void rv_clear_history(rv_state *S) {
    S->base.nhist = 0;
    S->nrec = 0;
    S->base.resigned = 0;
}

static gs_status rv_setup(gs_state *s, const uint8_t *cells, int to_move, gs_error *err) {
    rv_state *S = (rv_state *)s;
    const rv_game *G = (const rv_game *)s->game;
    int n = G->base.geom.n, ctr[4];
    if (to_move != GS_BLACK && to_move != GS_WHITE)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "side to move must be black or white");
    for (int i = 0; i < n; i++)
        if (cells[i] > GS_WHITE) return gs_error_set(err, GS_ERR_BAD_POSITION, "bad cell value %d", cells[i]);
    rv_centres(G, ctr);
    for (int i = 0; i < 4; i++)
        if (!cells[ctr[i]])
            return gs_error_set(err, GS_ERR_BAD_POSITION, "reversi: the four centre squares must be occupied");
    for (int i = 0; i < n; i++) gs_board_set(&s->board, i, cells[i]);
    s->to_move = (uint8_t)to_move;
    rv_clear_history(S);
    rv_sync_bb(S);
    return GS_OK;
}

static gs_status rv_validate(const gs_state *s, gs_error *err) {
    const rv_state *S = (const rv_state *)s;
    const rv_game *G = (const rv_game *)s->game;
    int n = G->base.geom.n, ctr[4];
    for (int i = 0; i < n; i++)
        if (s->board.cells[i] > GS_WHITE)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "bad cell value %d at %d", s->board.cells[i], i);
    rv_centres(G, ctr);
    for (int i = 0; i < 4; i++)
        if (!s->board.cells[ctr[i]])
            return gs_error_set(err, GS_ERR_BAD_POSITION, "a centre square is empty");
    if (G->use_bb) {
        uint64_t b = 0, w = 0;
        for (int i = 0; i < n; i++) {
            if (s->board.cells[i] == GS_BLACK) b |= 1ull << rv_bit_of(G, i);
            if (s->board.cells[i] == GS_WHITE) w |= 1ull << rv_bit_of(G, i);
        }
        if (b != S->bb[GS_BLACK] || w != S->bb[GS_WHITE])
            return gs_error_set(err, GS_ERR_BAD_POSITION, "bitboards and cells disagree");
    }
    int moves = gs_moves_played(s);
    if (moves != S->nrec)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "history has %d moves but %d undo records", moves, S->nrec);
    for (int i = 0; i < moves; i++) {
        gs_move m = s->hist[i].move;
        int c = s->hist[i].color;
        if (c != GS_BLACK && c != GS_WHITE)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "history entry %d has no colour", i + 1);
        if (m != S->rec[i].move)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "history entry %d differs from its undo record", i + 1);
        if (m == GS_PASS) continue;
        if (m < 0 || m >= n)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "history entry %d is off the board", i + 1);
        if (!s->board.cells[m])   /* a disc once placed never leaves its square */
            return gs_error_set(err, GS_ERR_BAD_POSITION, "history entry %d names an empty square", i + 1);
        if (i > 0 && s->hist[i - 1].color == c)
            return gs_error_set(err, GS_ERR_BAD_POSITION, "history entry %d: same colour twice", i + 1);
    }
    if (moves > 0 && s->to_move != GS_OTHER(s->hist[moves - 1].color))
        return gs_error_set(err, GS_ERR_BAD_POSITION, "side to move does not follow the history");
    return GS_OK;
}

/* ---- states ---- */

static gs_state *rv_state_new(const gs_game *g) {
    const rv_game *G = (const rv_game *)g;
    rv_state *S = calloc(1, sizeof *S);
    if (!S) return NULL;
    gs_state_init_base(&S->base, g);
    /* a game has at most n - 4 discs placed and as many passes */
    if (rv_rec_reserve(S, 2 * g->geom.n) != GS_OK || gs_hist_reserve(&S->base, 2 * g->geom.n) != GS_OK) {
        free(S->rec);
        gs_state_free_base(&S->base);
        free(S);
        return NULL;
    }
    int ctr[4];
    rv_centres(G, ctr);
    gs_board_set(&S->base.board, ctr[0], GS_WHITE);
    gs_board_set(&S->base.board, ctr[1], GS_BLACK);
    gs_board_set(&S->base.board, ctr[2], GS_BLACK);
    gs_board_set(&S->base.board, ctr[3], GS_WHITE);
    S->base.to_move = GS_BLACK;
    rv_sync_bb(S);
    return &S->base;
}

static void rv_state_free(gs_state *s) {
    rv_state *S = (rv_state *)s;
    if (!S) return;
    free(S->rec);
    gs_state_free_base(s);
    free(S);
}

static gs_status rv_state_copy(gs_state *dst, const gs_state *src) {
    rv_state *D = (rv_state *)dst;
    const rv_state *R = (const rv_state *)src;
    if (rv_rec_reserve(D, R->nrec) != GS_OK) return GS_ERR_NOMEM;
    gs_status st = gs_state_copy_base(dst, src);
    if (st != GS_OK) return st;
    D->bb[0] = R->bb[0];
    D->bb[1] = R->bb[1];
    D->bb[2] = R->bb[2];
    D->nrec = R->nrec;
    if (R->nrec) memcpy(D->rec, R->rec, (size_t)R->nrec * sizeof *R->rec);
    return GS_OK;
}

static void rv_describe(const gs_state *s, gs_lang lang, char *buf, size_t len) {
    int b, w, e;
    rv_count(s, &b, &w, &e);
    snprintf(buf, len, lang == GS_LANG_KO ? "돌: X %d, O %d, 빈칸 %d" : "discs: X %d, O %d, empty %d", b, w, e);
}

/* ---- perft ---- */

void rv_state_bb(const gs_state *s, uint64_t *P, uint64_t *O) {
    const rv_state *S = (const rv_state *)s;
    *P = S->bb[s->to_move];
    *O = S->bb[GS_OTHER(s->to_move)];
}

static uint64_t rv_perft(gs_state *s, int depth, uint64_t *ended) {
    const rv_game *G = (const rv_game *)s->game;
    if (!G->use_bb || s->resigned) return gs_perft_generic(s, depth, ended);
    uint64_t P, O, e = 0;
    rv_state_bb(s, &P, &O);
    uint64_t n = rv_perft_bb(P, O, G->mask, depth, ended ? &e : NULL);
    if (ended) *ended = depth > 0 ? e : 0;
    return n;
}

/* ---- game ---- */

static const char *const rv_empties_names[] = {"none", "winner", NULL};

enum { K_SIZE, K_EMPTIES };
static const gs_spec_key rv_keys[] = {
    [K_SIZE] = {"size", GS_KEY_INT, "8", 4, 16, 0, NULL, NULL, "board side, even", GS_ROLE_SIZE, "판 크기"},
    [K_EMPTIES] = {"empties", GS_KEY_ENUM, "none", 0, 0, 0, rv_empties_names, NULL,
                   "who gets the empty squares at the end: nobody, or the winner", GS_ROLE_NONE, "남은 빈칸 처리"},
    {NULL, 0, NULL, 0, 0, 0, NULL, NULL, NULL, GS_ROLE_NONE, NULL}};

static const gs_game_alias rv_aliases[] = {{"othello", "reversi:size=8", "오델로"}, {NULL, NULL, NULL}};

gs_status rv_game_create(gs_spec_val *v, int force_cells, gs_game **out, gs_error *err) {
    int size = v[K_SIZE].i, emp = v[K_EMPTIES].i;
    gs_status st;
    *out = NULL;
    if (size % 2)
        return gs_error_set(err, GS_ERR_BAD_VALUE, "bad value for key 'size': '%d' (expected an even number 4..16)", size);
    rv_game *G = calloc(1, sizeof *G);
    if (!G) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    G->base.ops = &gs_reversi_ops;
    if ((st = gs_geom_init(&G->base.geom, size, size)) != GS_OK) {
        free(G);
        return gs_error_set(err, st, "bad board size %d", size);
    }
    G->base.notation = GS_NOTE_OTHELLO;
    G->base.sym_mask = 0xffu;   /* all 8 symmetries keep the rules and the centre */
    G->size = size;
    G->empties_to_winner = emp;
    G->use_bb = size <= 8 && !force_cells;
    G->mask = size <= 8 ? rv_board_mask(size) : 0;
    *out = &G->base;
    return GS_OK;
}

gs_status rv_game_create_spec(const char *spec, int force_cells, gs_game **out, gs_error *err) {
    gs_spec sp;
    gs_spec_val v[GS_SPEC_MAX_KEYS];
    gs_status st = gs_spec_parse(spec, &sp, err);
    if (st == GS_OK) st = gs_spec_read(&sp, rv_keys, v, err);
    if (st == GS_OK) st = rv_game_create(v, force_cells, out, err);
    if (st == GS_OK) {
        gs_spec_write(gs_reversi_ops.name, rv_keys, v, (*out)->spec, sizeof (*out)->spec);
        (*out)->sgf_gm = gs_reversi_ops.sgf_gm;
    }
    return st;
}

static gs_status rv_create(gs_spec_val *v, gs_game **out, gs_error *err) {
    return rv_game_create(v, 0, out, err);
}

static void rv_destroy(gs_game *g) { free(g); }

const gs_game_ops gs_reversi_ops = {
    .name = "reversi",
    .summary = "Reversi / Othello: flip lines of discs; the disc count decides",
    .ko_name = "리버시",
    .ko_summary = "리버시/오델로: 상대 돌을 사이에 끼워 뒤집고, 돌 수로 승부를 가립니다",
    .keys = rv_keys,
    .aliases = rv_aliases,
    .sgf_gm = 2,
    .create = rv_create,
    .destroy = rv_destroy,
    .state_new = rv_state_new,
    .state_free = rv_state_free,
    .state_copy = rv_state_copy,
    .check = rv_check,
    .legal_moves = rv_legal_moves,
    .play = rv_play,
    .undo = rv_undo,
    .result = rv_result,
    .setup = rv_setup,
    .validate = rv_validate,
    .describe = rv_describe,
    .perft = rv_perft,
    .ko_score_unit = "개 차",
};
