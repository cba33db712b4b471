/* Board geometry tables, cells with an incremental Zobrist hash, symmetries,
 * corner and centre helpers. */
#include <string.h>
#include "gridstone/board.h"

const int8_t gs_dir_dx[8] = {1, 0, 1, -1, -1, 0, -1, 1};
const int8_t gs_dir_dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};

gs_status gs_geom_init(gs_geom *g, int w, int h) {
    if (w < 1 || h < 1 || w > GS_MAX_SIDE || h > GS_MAX_SIDE) return GS_ERR_BAD_VALUE;
    g->w = w;
    g->h = h;
    g->n = w * h;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int i = y * w + x, k = 0;
            for (int d = 0; d < 8; d++) {
                int nx = x + gs_dir_dx[d], ny = y + gs_dir_dy[d];
                g->nb8[i][d] = (int16_t)(nx >= 0 && nx < w && ny >= 0 && ny < h ? ny * w + nx : -1);
            }
            /* orthogonal neighbours: E, S, W, N, the valid ones first */
            static const int orth[4] = {GS_DIR_E, GS_DIR_S, GS_DIR_W, GS_DIR_N};
            for (int j = 0; j < 4; j++)
                if (g->nb8[i][orth[j]] >= 0) g->nb4[i][k++] = g->nb8[i][orth[j]];
            g->nnb4[i] = (uint8_t)k;
            for (int j = k; j < 4; j++) g->nb4[i][j] = -1;
        }
    return GS_OK;
}

void gs_board_init(gs_board *b, const gs_geom *g) {
    b->g = g;
    b->hash = 0;
    memset(b->cells, 0, sizeof b->cells);
}

uint64_t gs_board_rehash(const gs_board *b) {
    uint64_t h = 0;
    for (int i = 0; i < b->g->n; i++)
        if (b->cells[i]) h ^= gs_zobrist(i, b->cells[i]);
    return h;
}

int gs_board_count(const gs_board *b, uint8_t v) {
    int c = 0;
    for (int i = 0; i < b->g->n; i++) c += b->cells[i] == v;
    return c;
}

/* sym bits: 4 = transpose first (square boards only), 1 = mirror x, 2 = mirror y. */
int gs_sym_apply(int sym, int w, int h, int idx) {
    int x = idx % w, y = idx / w;
    if (sym & 4) { int t = x; x = y; y = t; }
    if (sym & 1) x = w - 1 - x;
    if (sym & 2) y = h - 1 - y;
    return y * w + x;
}

int gs_sym_count(int w, int h) { return w == h ? 8 : 4; }

int gs_corners(const gs_geom *g, int out[4]) {
    int c[4] = {0, g->w - 1, (g->h - 1) * g->w, g->n - 1}, k = 0;
    for (int i = 0; i < 4; i++) {
        int dup = 0;
        for (int j = 0; j < k; j++) dup |= out[j] == c[i];
        if (!dup) out[k++] = c[i];
    }
    return k;
}

int gs_centres(const gs_geom *g, int out[4]) {
    int xs[2], ys[2], nx = 1, ny = 1, k = 0;
    xs[0] = (g->w - 1) / 2;
    ys[0] = (g->h - 1) / 2;
    if (g->w % 2 == 0) xs[nx++] = g->w / 2;
    if (g->h % 2 == 0) ys[ny++] = g->h / 2;
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) out[k++] = ys[j] * g->w + xs[i];
    return k;
}
