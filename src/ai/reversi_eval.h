/* Trained pattern evaluation for 8x8 Reversi on bitboards (bit y*8+x,
 * a1 = bit 0).  rv_eval_pattern(P, O) predicts the final disc difference
 * for the side to move on P (empty squares to the winner, as the FFO suite
 * counts) in units of 1/RV_EVAL_SCALE disc.  The weights are fitted by
 * tools/rv_train.c (make train-reversi) on self-play positions labelled by
 * the exact solver and, further from the end, by shallow searches on the
 * already fitted later stages; see docs/ARCHITECTURE.md.
 *
 * Features (each a sum of table lookups, weights per stage of 4 empties):
 *   - edge row with its two X squares (10 cells: a1-h1, b2, g2), rows 2,
 *     3 and 4 (8 cells each), x4 instances;
 *   - corner 3x3 block (9 cells), x4; corner 2x5 block (10 cells: a1-e1,
 *     a2-e2), x8;
 *   - diagonals of length 8 (x2) and 7, 6, 5, 4 (x4 each);
 *   - the mover's and the opponent's mobility (one weight per move count);
 *   - a per-stage constant (the tempo / parity of the side to move).
 * The instances of a pattern family are the images of one base pattern
 * under the 8 board symmetries and share one weight table; the training
 * makes each table invariant under the symmetries that fix the base
 * pattern, so the value is the same for all 8 images of a position.
 * Indices are computed by transforming the bitboards (flips/transpose,
 * delta swaps) and reading the base pattern's cells from each image:
 * bytes for rows, a shift-or for the 3x3 block, a multiply for diagonals,
 * then a const table maps the bits to base-3 digits. */
#ifndef REVERSI_EVAL_H
#define REVERSI_EVAL_H

#include <stdint.h>
#include "games/reversi/rv_bb.h"

/* Units of the result: 1/RV_EVAL_SCALE of a disc (so 64 discs =
 * 64 * RV_EVAL_SCALE); the result is clamped to +-64 discs. */
#define RV_EVAL_SCALE 32

/* Stages: empties 0-3, 4-7, ..., 52-55, 56-60. */
#define RV_EVAL_NSTAGES 15
#define RV_EVAL_STAGE(ne) ((ne) >= 56 ? 14 : (ne) / 4)

/* Pattern families: offset of each table in a stage's weight vector. */
enum {
    RV_EF_E2X, RV_EF_HV2, RV_EF_HV3, RV_EF_HV4, RV_EF_C33, RV_EF_C25, RV_EF_D8, RV_EF_D7,
    RV_EF_D6, RV_EF_D5, RV_EF_D4, RV_EF_MOBP, RV_EF_MOBO, RV_EF_BIAS, RV_EF_COUNT
};
#define RV_EVAL_MOBMAX 31      /* mobility counts above are capped */
#define RV_EO_E2X 0
#define RV_EO_HV2 (RV_EO_E2X + 59049)
#define RV_EO_HV3 (RV_EO_HV2 + 6561)
#define RV_EO_HV4 (RV_EO_HV3 + 6561)
#define RV_EO_C33 (RV_EO_HV4 + 6561)
#define RV_EO_C25 (RV_EO_C33 + 19683)
#define RV_EO_D8 (RV_EO_C25 + 59049)
#define RV_EO_D7 (RV_EO_D8 + 6561)
#define RV_EO_D6 (RV_EO_D7 + 2187)
#define RV_EO_D5 (RV_EO_D6 + 729)
#define RV_EO_D4 (RV_EO_D5 + 243)
#define RV_EO_MOBP (RV_EO_D4 + 81)
#define RV_EO_MOBO (RV_EO_MOBP + RV_EVAL_MOBMAX + 1)
#define RV_EO_BIAS (RV_EO_MOBO + RV_EVAL_MOBMAX + 1)
#define RV_EVAL_NW (RV_EO_BIAS + 1)     /* weights per stage */
/* Feature lookups per position: 4 edges + 12 rows + 4 + 8 corner blocks
 * + 2 + 16 diagonals + 2 mobilities + 1 constant. */
#define RV_EVAL_NF 49

/* Build option GS_NO_REVERSI_WEIGHTS (for small builds such as WASM):
 * the trained weights are left out and the 8x8 search uses the
 * hand-tuned evaluation, as on other board sizes. */
#ifdef GS_NO_REVERSI_WEIGHTS
#define RV_EVAL_HAVE_WEIGHTS 0
#else
#define RV_EVAL_HAVE_WEIGHTS 1
#endif

/* The trained weights (reversi_eval_weights.c, generated). */
extern const int16_t rv_eval_weights[RV_EVAL_NSTAGES][RV_EVAL_NW];
/* b3[b]: the base-3 number whose digits are the bits of b (b < 1024). */
extern const uint16_t rv_eval_b3[1024];
/* The same with each group of three bits reversed (a 3x3 corner block
 * read from the right-hand side of the board, see the searchers' gathers). */
extern const uint16_t rv_eval_b3_rows_rev[512];
/* The same with each group of five bits reversed (a 2x5 corner block read
 * from the right-hand side). */
extern const uint16_t rv_eval_b3_rev5[1024];

/* ---- board symmetries on bitboards ---- */

RV_INLINE uint64_t rv_flip_h(uint64_t x) {   /* x -> 7 - x */
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    return ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
}
RV_INLINE uint64_t rv_flip_v(uint64_t x) { return __builtin_bswap64(x); }   /* y -> 7 - y */
RV_INLINE uint64_t rv_transpose(uint64_t x) {   /* (x, y) -> (y, x) */
    uint64_t t;
    t = 0x0f0f0f0f00000000ull & (x ^ (x << 28)); x ^= t ^ (t >> 28);
    t = 0x3333000033330000ull & (x ^ (x << 14)); x ^= t ^ (t >> 14);
    t = 0x5500550055005500ull & (x ^ (x << 7)); x ^= t ^ (t >> 7);
    return x;
}
/* Symmetry s (0..7) of a bitboard: transpose if s & 4, then mirror x if
 * s & 1, then mirror y if s & 2. */
RV_INLINE uint64_t rv_sym(uint64_t x, int s) {
    if (s & 4) x = rv_transpose(x);
    if (s & 1) x = rv_flip_h(x);
    if (s & 2) x = rv_flip_v(x);
    return x;
}

/* ---- base-pattern gathers: cell bits of the base pattern, in order ---- */

/* Row r (x = 0..7). */
#define RV_G_ROW(b, r) ((unsigned)((b) >> (8 * (r))) & 0xffu)
/* Row 0, then b2 and g2 (the X squares next to its corners). */
#define RV_G_E2X(b) ((unsigned)(((b) & 0xffu) | (((b) >> 1) & 0x100u) | (((b) >> 5) & 0x200u)))
/* Top-left 3x3 block, row by row. */
#define RV_G_C33(b) ((unsigned)(((b) & 0x07u) | (((b) >> 5) & 0x38u) | (((b) >> 10) & 0x1c0u)))
/* Top-left 2x5 block (a1-e1, then a2-e2). */
#define RV_G_C25(b) ((unsigned)(((b) & 0x1fu) | (((b) >> 3) & 0x3e0u)))
/* Diagonal (x, x + d), x = 0..7-d, in x order. */
#define RV_G_DIAG(b, d) \
    ((unsigned)((((b) & (0x8040201008040201ull << (8 * (d)))) * 0x0101010101010101ull) >> 56))

/* The feature indices of P (to move) against O into idx[RV_EVAL_NF]
 * (offsets into a stage's weight vector), given both sides' move counts
 * mp and mo (a searcher has them); returns the stage. */
RV_INLINE int rv_eval_index_mob(uint64_t P, uint64_t O, int mp, int mo, uint32_t *idx) {
    const uint16_t *t = rv_eval_b3;
    uint64_t p[8], o[8];   /* p[s] = rv_sym(P, s) */
    p[0] = P; o[0] = O;
    p[1] = rv_flip_h(P); o[1] = rv_flip_h(O);
    p[2] = rv_flip_v(P); o[2] = rv_flip_v(O);
    p[3] = rv_flip_v(p[1]); o[3] = rv_flip_v(o[1]);
    p[4] = rv_transpose(P); o[4] = rv_transpose(O);
    p[5] = rv_flip_h(p[4]); o[5] = rv_flip_h(o[4]);
    p[6] = rv_flip_v(p[4]); o[6] = rv_flip_v(o[4]);
    p[7] = rv_flip_v(p[5]); o[7] = rv_flip_v(o[5]);
    int n = 0;
#define RV_IX(off, gp, go) idx[n++] = (uint32_t)(off) + t[gp] + 2u * t[go]
    /* rows: images 0 (row r), 2 (row 7-r), 4 (column r), 6 (column 7-r) */
    static const uint8_t rows_img[4] = {0, 2, 4, 6};
    for (int k = 0; k < 4; k++) {
        int s = rows_img[k];
        RV_IX(RV_EO_E2X, RV_G_E2X(p[s]), RV_G_E2X(o[s]));
        RV_IX(RV_EO_HV2, RV_G_ROW(p[s], 1), RV_G_ROW(o[s], 1));
        RV_IX(RV_EO_HV3, RV_G_ROW(p[s], 2), RV_G_ROW(o[s], 2));
        RV_IX(RV_EO_HV4, RV_G_ROW(p[s], 3), RV_G_ROW(o[s], 3));
    }
    /* corners: images 0..3 (the four corners) */
    for (int s = 0; s < 4; s++) RV_IX(RV_EO_C33, RV_G_C33(p[s]), RV_G_C33(o[s]));
    /* 2x5 blocks: all eight images (each corner, along both of its edges) */
    for (int s = 0; s < 8; s++) RV_IX(RV_EO_C25, RV_G_C25(p[s]), RV_G_C25(o[s]));
    /* the two long diagonals: images 0 and 1 */
    RV_IX(RV_EO_D8, RV_G_DIAG(p[0], 0), RV_G_DIAG(o[0], 0));
    RV_IX(RV_EO_D8, RV_G_DIAG(p[1], 0), RV_G_DIAG(o[1], 0));
    /* shorter diagonals (x, x + d): images 0 (below the a1-h8 diagonal),
     * 4 (above it), 1 and 2 (the two sides of the h1-a8 diagonal) */
    static const uint8_t diag_img[4] = {0, 1, 2, 4};
    for (int k = 0; k < 4; k++) {
        int s = diag_img[k];
        RV_IX(RV_EO_D7, RV_G_DIAG(p[s], 1), RV_G_DIAG(o[s], 1));
        RV_IX(RV_EO_D6, RV_G_DIAG(p[s], 2), RV_G_DIAG(o[s], 2));
        RV_IX(RV_EO_D5, RV_G_DIAG(p[s], 3), RV_G_DIAG(o[s], 3));
        RV_IX(RV_EO_D4, RV_G_DIAG(p[s], 4), RV_G_DIAG(o[s], 4));
    }
#undef RV_IX
    idx[n++] = RV_EO_MOBP + (uint32_t)(mp < RV_EVAL_MOBMAX ? mp : RV_EVAL_MOBMAX);
    idx[n++] = RV_EO_MOBO + (uint32_t)(mo < RV_EVAL_MOBMAX ? mo : RV_EVAL_MOBMAX);
    idx[n++] = RV_EO_BIAS;
    int ne = 64 - rv_popcount(P | O);
    return RV_EVAL_STAGE(ne);
}

/* The same, counting the moves: *mobp and *mobo receive them. */
RV_INLINE int rv_eval_index(uint64_t P, uint64_t O, uint32_t *idx, int *mobp, int *mobo) {
    *mobp = rv_popcount(rv_moves(P, O));
    *mobo = rv_popcount(rv_moves(O, P));
    return rv_eval_index_mob(P, O, *mobp, *mobo, idx);
}

/* A sum of feature weights clamped to +-64 discs. */
RV_INLINE int rv_eval_clamp(int v) {
    const int lim = 64 * RV_EVAL_SCALE;
    return v > lim ? lim : v < -lim ? -lim : v;
}

/* The evaluation with the weight table w (the trained one, or one being
 * fitted by the trainer), given P's and O's move counts mp and mo: a
 * finished game (neither side can move) gets its exact final score,
 * anything else the sum of its feature weights, clamped to +-64 discs. */
RV_INLINE int rv_eval_with_mob(const int16_t (*w)[RV_EVAL_NW], uint64_t P, uint64_t O, int mp, int mo) {
    if (!mp && !mo) return rv_final_score(P, O, RV_FULL) * RV_EVAL_SCALE;
    uint32_t idx[RV_EVAL_NF];
    const int16_t *ws = w[rv_eval_index_mob(P, O, mp, mo, idx)];
    int v = 0;
    for (int i = 0; i < RV_EVAL_NF; i++) v += ws[idx[i]];
    return rv_eval_clamp(v);
}

/* The same, counting the moves. */
RV_INLINE int rv_eval_with(const int16_t (*w)[RV_EVAL_NW], uint64_t P, uint64_t O) {
    return rv_eval_with_mob(w, P, O, rv_popcount(rv_moves(P, O)), rv_popcount(rv_moves(O, P)));
}

/* Predicted final disc difference for the player on P (to move) against
 * O, in 1/RV_EVAL_SCALE discs, for any position of the 8x8 board (0..60
 * empties; P and O disjoint); a finished game (neither side can move)
 * gets its exact final score.  Pure: no state, no allocation. */
int rv_eval_pattern(uint64_t P, uint64_t O);

#endif
