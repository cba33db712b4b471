/* m,n,k-games: rules, setup/validate and a fast perft (see mnk.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/mnk/mnk.h"

#define MNK_G(s) ((const mnk_game *)(s)->game)

int mnk_run(const gs_state *s, int idx, int c, int dir) {
    const gs_geom *g = &s->game->geom;
    const uint8_t *cells = s->board.cells;
    int run = 1;
    for (int j = g->nb8[idx][dir]; j >= 0 && cells[j] == c; j = g->nb8[j][dir]) run++;
    for (int j = g->nb8[idx][dir + 4]; j >= 0 && cells[j] == c; j = g->nb8[j][dir + 4]) run++;
    return run;
}

int mnk_landing(const gs_state *s, int x) {
    const mnk_game *G = MNK_G(s);
    int h = ((const mnk_state *)s)->height[x];
    return h < G->n ? (G->n - 1 - h) * G->m + x : -1;
}

/* If the stone of colour c on idx makes k in a row, fill r with the whole
 * run (first direction found) and return 1. */
static int mnk_line_at(const gs_state *s, int idx, int c, gs_result *r) {
    const gs_geom *g = &s->game->geom;
    int k = MNK_G(s)->k;
    for (int d = 0; d < 4; d++) {
        if (mnk_run(s, idx, c, d) < k) continue;
        int start = idx;
        while (g->nb8[start][d + 4] >= 0 && s->board.cells[g->nb8[start][d + 4]] == c)
            start = g->nb8[start][d + 4];
        memset(r, 0, sizeof *r);
        for (int j = start; j >= 0 && (j == idx || s->board.cells[j] == c) && r->nline < GS_MAX_LINE;
             j = g->nb8[j][d])
            r->line[r->nline++] = j;
        return 1;
    }
    return 0;
}

static void mnk_set_win(mnk_state *S, int winner) {
    S->res.over = 1;
    S->res.winner = winner;
    S->res.how = GS_END_LINE;
}

/* Result of a position from scratch: the first line found (any colour),
 * else a draw if full.  Returns the set of colours owning a line (bit c). */
static int mnk_scan_result(mnk_state *S, int *count_lines_of) {
    const gs_state *s = &S->base;
    int owners = 0, n = s->game->geom.n;
    memset(&S->res, 0, sizeof S->res);
    if (count_lines_of) *count_lines_of = 0;
    for (int i = 0; i < n; i++) {
        int c = s->board.cells[i];
        gs_result tmp;
        if (!c || !mnk_line_at(s, i, c, &tmp)) continue;
        if (!S->res.over) {
            S->res = tmp;
            mnk_set_win(S, c);
        }
        owners |= 1 << c;
    }
    if (!S->res.over && S->nstones == n) {
        S->res.over = 1;
        S->res.how = GS_END_FULL;
    }
    return owners;
}

static gs_status mnk_check(const gs_state *s, gs_move m) {
    const mnk_state *S = (const mnk_state *)s;
    const mnk_game *G = MNK_G(s);
    if (S->res.over) return GS_ERR_GAME_OVER;
    if (m == GS_PASS) return GS_ERR_PASS_NOT_ALLOWED;
    if (m < 0 || m >= s->game->geom.n) return GS_ERR_OUT_OF_BOUNDS;
    if (s->board.cells[m]) return GS_ERR_OCCUPIED;
    if (G->gravity && m != mnk_landing(s, m % G->m)) return GS_ERR_OUT_OF_BOUNDS;
    return GS_OK;
}

static int mnk_legal_moves(const gs_state *s, gs_move *out) {
    const mnk_state *S = (const mnk_state *)s;
    const mnk_game *G = MNK_G(s);
    int n = 0;
    if (S->res.over) return 0;
    if (G->gravity) {
        for (int x = 0; x < G->m; x++)
            if (S->height[x] < G->n) out[n++] = mnk_landing(s, x);
    } else {
        for (int i = 0; i < s->game->geom.n; i++)
            if (!s->board.cells[i]) out[n++] = i;
    }
    return n;
}

static gs_status mnk_play(gs_state *s, gs_move m) {
    mnk_state *S = (mnk_state *)s;
    gs_status st = mnk_check(s, m);
    if (st != GS_OK) return st;
    if (gs_hist_reserve(s, s->nhist + 1) != GS_OK) return GS_ERR_NOMEM;
    uint8_t c = s->to_move;
    gs_hist_push(s, m, c);
    gs_board_set(&s->board, m, c);
    S->nstones++;
    S->height[m % MNK_G(s)->m]++;
    s->to_move = GS_OTHER(c);
    if (mnk_line_at(s, m, c, &S->res)) mnk_set_win(S, c);
    else if (S->nstones == s->game->geom.n) {
        S->res.over = 1;
        S->res.how = GS_END_FULL;
    }
    return GS_OK;
}

static gs_status mnk_undo(gs_state *s) {
    mnk_state *S = (mnk_state *)s;
    if (s->nhist == 0) return GS_ERR_NO_UNDO;
    const gs_hist *h = &s->hist[s->nhist - 1];
    if (h->move < 0 || h->move >= s->game->geom.n || s->board.cells[h->move] != h->color)
        return GS_ERR_BAD_POSITION;
    gs_board_set(&s->board, h->move, GS_EMPTY);
    S->nstones--;
    S->height[h->move % MNK_G(s)->m]--;
    s->to_move = h->color;
    s->nhist--;
    /* a move is only ever played in a running game */
    memset(&S->res, 0, sizeof S->res);
    return GS_OK;
}

static void mnk_result(const gs_state *s, gs_result *r) { *r = ((const mnk_state *)s)->res; }

/* Board invariants shared by setup and validate: stone counts against
 * the side to move, stones supported under gravity, lines. */
static gs_status mnk_check_board(const gs_state *s, const uint8_t *cells, int to_move, gs_error *err) {
    const mnk_game *G = MNK_G(s);
    int b = 0, w = 0;
    for (int i = 0; i < s->game->geom.n; i++) {
        if (cells[i] > GS_WHITE) return gs_error_set(err, GS_ERR_BAD_POSITION, "bad cell value %d", cells[i]);
        b += cells[i] == GS_BLACK;
        w += cells[i] == GS_WHITE;
        if (G->gravity && cells[i] && i + G->m < s->game->geom.n && !cells[i + G->m])
            return gs_error_set(err, GS_ERR_BAD_POSITION, "a stone at %d,%d floats above an empty cell (gravity)",
                                i % G->m, i / G->m);
    }
    if (b == w && to_move != GS_BLACK)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "%d black and %d white stones: black (X) is to move", b, w);
    if (b == w + 1 && to_move != GS_WHITE)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "%d black and %d white stones: white (O) is to move", b, w);
    if (b != w && b != w + 1)
        return gs_error_set(err, GS_ERR_BAD_POSITION,
                            "%d black and %d white stones: black has as many stones as white or one more", b, w);
    return GS_OK;
}

static gs_status mnk_check_lines(mnk_state *S, gs_error *err) {
    int owners = mnk_scan_result(S, NULL);
    if (owners == ((1 << GS_BLACK) | (1 << GS_WHITE)))
        return gs_error_set(err, GS_ERR_BAD_POSITION, "both colours have %d in a row", MNK_G(&S->base)->k);
    if (owners & (1 << S->base.to_move))
        return gs_error_set(err, GS_ERR_BAD_POSITION, "the side to move already has %d in a row",
                            MNK_G(&S->base)->k);
    return GS_OK;
}

static void mnk_recount(mnk_state *S) {
    const mnk_game *G = MNK_G(&S->base);
    S->nstones = 0;
    memset(S->height, 0, sizeof S->height);
    for (int i = 0; i < G->base.geom.n; i++)
        if (S->base.board.cells[i]) {
            S->nstones++;
            S->height[i % G->m]++;
        }
}

static gs_status mnk_setup(gs_state *s, const uint8_t *cells, int to_move, gs_error *err) {
    mnk_state *S = (mnk_state *)s;
    gs_status st = mnk_check_board(s, cells, to_move, err);
    if (st != GS_OK) return st;
    mnk_state save = *S;
    gs_board_init(&s->board, &s->game->geom);
    for (int i = 0; i < s->game->geom.n; i++)
        if (cells[i]) gs_board_set(&s->board, i, cells[i]);
    s->to_move = (uint8_t)to_move;
    mnk_recount(S);
    if ((st = mnk_check_lines(S, err)) != GS_OK) {
        *S = save;
        return st;
    }
    s->nhist = 0;
    return GS_OK;
}

static gs_status mnk_validate(const gs_state *s, gs_error *err) {
    const mnk_state *S = (const mnk_state *)s;
    const mnk_game *G = MNK_G(s);
    int n = s->game->geom.n;
    gs_status st = mnk_check_board(s, s->board.cells, s->to_move, err);
    if (st != GS_OK) return st;
    mnk_state *chk = malloc(sizeof *chk);
    int16_t *when = malloc(sizeof(int16_t) * (size_t)n);
    if (!chk || !when) {
        free(chk);
        free(when);
        return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    }
    *chk = *S;
    mnk_recount(chk);
    if (chk->nstones != S->nstones || memcmp(chk->height, S->height, sizeof S->height)) {
        st = gs_error_set(err, GS_ERR_BAD_POSITION, "stone counters disagree with the board");
        goto out;
    }
    if ((st = mnk_check_lines(chk, err)) != GS_OK) goto out;
    if (chk->res.over != S->res.over || chk->res.winner != S->res.winner) {
        st = gs_error_set(err, GS_ERR_BAD_POSITION, "the stored result disagrees with the board");
        goto out;
    }
    /* history: alternating colours ending before the side to move, each move
     * a distinct cell holding its colour, under gravity played bottom-up */
    int nh = gs_moves_played(s);
    for (int i = 0; i < n; i++) when[i] = -1;
    for (int i = 0; i < nh; i++) {
        const gs_hist *h = &s->hist[i];
        int want = (nh - i) % 2 ? GS_OTHER(s->to_move) : s->to_move;
        if (h->move < 0 || h->move >= n || h->color != want || s->board.cells[h->move] != h->color ||
            when[h->move] >= 0) {
            st = gs_error_set(err, GS_ERR_BAD_POSITION, "history entry %d does not match the board", i + 1);
            goto out;
        }
        when[h->move] = (int16_t)i;
    }
    for (int i = 0; G->gravity && i < n; i++)
        if (when[i] >= 0 && i + G->m < n && when[i + G->m] > when[i]) {
            st = gs_error_set(err, GS_ERR_BAD_POSITION, "history plays a stone before the one under it");
            goto out;
        }
    /* the game may only have ended with the last move */
    if (chk->res.how == GS_END_LINE && nh > 0) {
        int last = s->hist[nh - 1].move;
        for (int i = 0; i < n; i++) {
            gs_result tmp;
            int c = s->board.cells[i];
            if (c && mnk_line_at(s, i, c, &tmp)) {
                int has = 0;
                for (int j = 0; j < tmp.nline; j++) has |= tmp.line[j] == last;
                if (!has) {
                    st = gs_error_set(err, GS_ERR_BAD_POSITION, "moves were played after a line of %d", G->k);
                    goto out;
                }
            }
        }
    }
out:
    free(chk);
    free(when);
    return st;
}

static gs_state *mnk_state_new(const gs_game *g) {
    mnk_state *S = calloc(1, sizeof *S);
    if (!S) return NULL;
    gs_state_init_base(&S->base, g);
    return &S->base;
}

static void mnk_state_free(gs_state *s) {
    if (!s) return;
    gs_state_free_base(s);
    free(s);
}

static gs_status mnk_state_copy(gs_state *dst, const gs_state *src) {
    gs_status st = gs_state_copy_base(dst, src);
    if (st != GS_OK) return st;
    mnk_state *D = (mnk_state *)dst;
    const mnk_state *S = (const mnk_state *)src;
    D->nstones = S->nstones;
    memcpy(D->height, S->height, sizeof D->height);
    D->res = S->res;
    return GS_OK;
}

/* ---- fast perft: a private board, no hashing, no history ---- */

typedef struct mnk_pf {
    const gs_geom *g;
    int m, n, k, gravity, stones;
    uint8_t cells[GS_MAX_CELLS];
    int height[GS_MAX_SIDE];
    uint64_t ended;
} mnk_pf;

static int mnk_pf_wins(const mnk_pf *p, int idx, int c) {
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int j = p->g->nb8[idx][d]; j >= 0 && p->cells[j] == c && run < p->k; j = p->g->nb8[j][d]) run++;
        for (int j = p->g->nb8[idx][d + 4]; j >= 0 && p->cells[j] == c && run < p->k; j = p->g->nb8[j][d + 4]) run++;
        if (run >= p->k) return 1;
    }
    return 0;
}

/* Play colour c on cell i, count the leaf or recurse, take it back. */
static uint64_t mnk_pf_rec(mnk_pf *p, int depth, int c);
static uint64_t mnk_pf_move(mnk_pf *p, int i, int depth, int c) {
    uint64_t total;
    int x = i % p->m;
    p->cells[i] = (uint8_t)c;
    p->stones++;
    p->height[x]++;
    if (mnk_pf_wins(p, i, c) || p->stones == p->m * p->n) {
        total = 1;
        if (depth == 1) p->ended++;
    } else total = depth == 1 ? 1 : mnk_pf_rec(p, depth - 1, 3 - c);
    p->cells[i] = 0;
    p->stones--;
    p->height[x]--;
    return total;
}

static uint64_t mnk_pf_rec(mnk_pf *p, int depth, int c) {
    uint64_t total = 0;
    if (p->gravity) {
        for (int x = 0; x < p->m; x++)
            if (p->height[x] < p->n) total += mnk_pf_move(p, (p->n - 1 - p->height[x]) * p->m + x, depth, c);
    } else {
        for (int i = 0; i < p->m * p->n; i++)
            if (!p->cells[i]) total += mnk_pf_move(p, i, depth, c);
    }
    return total;
}

static uint64_t mnk_perft(gs_state *s, int depth, uint64_t *ended) {
    const mnk_state *S = (const mnk_state *)s;
    const mnk_game *G = MNK_G(s);
    if (ended) *ended = 0;
    if (depth <= 0 || S->res.over || s->resigned) return 1;   /* resigned: no move (gs_legal_moves) */
    mnk_pf *p = malloc(sizeof *p);
    if (!p) return 0;
    p->g = &G->base.geom;
    p->m = G->m;
    p->n = G->n;
    p->k = G->k;
    p->gravity = G->gravity;
    p->stones = S->nstones;
    p->ended = 0;
    memcpy(p->cells, s->board.cells, (size_t)G->base.geom.n);
    memcpy(p->height, S->height, sizeof p->height);
    uint64_t total = mnk_pf_rec(p, depth, s->to_move);
    if (ended) *ended = p->ended;
    free(p);
    return total;
}

static void mnk_describe(const gs_state *s, gs_lang lang, char *buf, size_t len) {
    const mnk_game *G = MNK_G(s);
    const mnk_state *S = (const mnk_state *)s;
    if (S->res.over && S->res.how == GS_END_LINE) {
        size_t o = (size_t)snprintf(buf, len, lang == GS_LANG_KO ? "한 줄:" : "line:");
        for (int i = 0; i < S->res.nline && o < len; i++) {
            char mv[16];
            gs_state_format_move(s, S->res.line[i], mv, sizeof mv);
            o += (size_t)snprintf(buf + o, len - o, " %s", mv);
        }
    } else if (lang == GS_LANG_KO)
        snprintf(buf, len, "%d개를 한 줄로 놓으면 이깁니다%s", G->k, G->gravity ? " (중력: 돌이 맨 아래로 떨어집니다)" : "");
    else
        snprintf(buf, len, "%d in a row wins%s", G->k, G->gravity ? " (gravity: stones drop to the bottom)" : "");
}

enum { K_M, K_N, K_K, K_GRAVITY };
static const gs_spec_key mnk_keys[] = {
    [K_M] = {"m", GS_KEY_INT, "3", 1, GS_MAX_SIDE, 0, NULL, NULL, "columns", GS_ROLE_WIDTH, "가로 칸 수"},
    [K_N] = {"n", GS_KEY_INT, "3", 1, GS_MAX_SIDE, 0, NULL, NULL, "rows", GS_ROLE_HEIGHT, "세로 칸 수"},
    [K_K] = {"k", GS_KEY_INT, "3", 1, GS_MAX_SIDE, 0, NULL, NULL,
             "stones in a row that win (above both sides: always a draw)", GS_ROLE_NONE, "이을 돌 수"},
    [K_GRAVITY] = {"gravity", GS_KEY_BOOL, "0", 0, 1, 0, NULL, NULL,
                   "1: only the lowest empty cell of a column is playable", GS_ROLE_NONE, "중력"},
    {NULL, 0, NULL, 0, 0, 0, NULL, NULL, NULL, GS_ROLE_NONE, NULL}};

static const gs_game_alias mnk_aliases[] = {
    {"tictactoe", "mnk:m=3,n=3,k=3", "틱택토"}, {"connect4", "mnk:m=7,n=6,k=4,gravity=1", "커넥트 포"}, {NULL, NULL, NULL}};

static gs_status mnk_create(gs_spec_val *v, gs_game **out, gs_error *err) {
    int m = v[K_M].i, n = v[K_N].i, k = v[K_K].i, gravity = v[K_GRAVITY].i;
    *out = NULL;
    mnk_game *G = calloc(1, sizeof *G);
    if (!G) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    G->base.ops = &gs_mnk_ops;
    gs_geom_init(&G->base.geom, m, n);
    G->base.notation = GS_NOTE_ALPHA;
    /* gravity keeps only the mirror left-right; otherwise all symmetries of the shape */
    G->base.sym_mask = gravity ? 0x3u : (m == n ? 0xFFu : 0x0Fu);
    G->m = m;
    G->n = n;
    G->k = k;
    G->gravity = gravity;
    *out = &G->base;
    return GS_OK;
}

static void mnk_destroy(gs_game *g) { free(g); }

const gs_game_ops gs_mnk_ops = {
    .name = "mnk",
    .summary = "m,n,k-games: k in a row on m columns x n rows (tic-tac-toe, Connect Four with gravity)",
    .ko_name = "m,n,k 게임",
    .ko_summary = "m,n,k 게임: 가로 m칸, 세로 n칸 판에서 k개를 한 줄로 (틱택토, 중력을 켜면 커넥트 포)",
    .keys = mnk_keys,
    .aliases = mnk_aliases,
    .sgf_gm = 0,
    .create = mnk_create,
    .destroy = mnk_destroy,
    .state_new = mnk_state_new,
    .state_free = mnk_state_free,
    .state_copy = mnk_state_copy,
    .check = mnk_check,
    .legal_moves = mnk_legal_moves,
    .play = mnk_play,
    .undo = mnk_undo,
    .result = mnk_result,
    .setup = mnk_setup,
    .validate = mnk_validate,
    .describe = mnk_describe,
    .perft = mnk_perft,
};
