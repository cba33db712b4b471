/* Reversi bitboard engine (internal): boards up to 8x8 as two uint64_t,
 * bit y*8+x (a1 = bit 0 at the top-left, h8 = bit 63).  Smaller boards
 * (4x4, 6x6) sit in the top-left corner; their off-board squares are never
 * occupied, so they stop every line, and move sets are and-ed with the
 * board mask.  Everything here is branch-light inline code shared by the
 * rules, perft and the solver/player. */
#ifndef RV_BB_H
#define RV_BB_H

#include <stdint.h>

#if defined(__GNUC__)
#define RV_INLINE static inline __attribute__((always_inline))
#else
#define RV_INLINE static inline
#endif

/* rv_ray[sq][dir]: squares strictly beyond sq in direction dir (gs nb8
 * order: E, S, SE, SW go to higher bits, W, N, NW, NE to lower bits). */
extern const uint64_t rv_ray[64][8];
/* rv_queen[sq]: union of the eight rays of sq. */
extern const uint64_t rv_queen[64];
/* rv_nbr[sq]: the squares next to sq. */
extern const uint64_t rv_nbr[64];
/* rv_last_count[i][p]: discs flipped along a line by a move on its square
 * i when p (bit i ignored) holds the mover's discs and the rest of the line
 * is the opponent's (the last empty square). */
extern const uint8_t rv_last_count[8][256];

#define RV_FULL 0xffffffffffffffffull

/* Mask of the cells of an n x n board embedded at the top-left (n <= 8). */
RV_INLINE uint64_t rv_board_mask(int n) {
    uint64_t row = (n >= 8) ? 0xffull : ((1ull << n) - 1);
    uint64_t m = 0;
    for (int y = 0; y < n && y < 8; y++) m |= row << (8 * y);
    return m;
}

RV_INLINE int rv_popcount(uint64_t x) { return __builtin_popcountll(x); }
RV_INLINE int rv_lsb(uint64_t x) { return __builtin_ctzll(x); }

/* Squares one step beyond a run (length >= 1) of `run` discs that starts
 * next to a `src` square, in any of the 8 directions (Kogge-Stone style
 * doubling).  Moves are reach(P, O) on empty squares; the O discs that
 * anchor the opponent's moves are reach(empty, P) & O. */
RV_INLINE uint64_t rv_reach(uint64_t src, uint64_t run) {
    const uint64_t mR = run & 0x7e7e7e7e7e7e7e7eull;
    uint64_t f, pre, r;
    /* E/W: shift 1, column-masked */
    f = mR & (src << 1); f |= mR & (f << 1); pre = mR & (mR << 1);
    f |= pre & (f << 2); f |= pre & (f << 2); r = f << 1;
    f = mR & (src >> 1); f |= mR & (f >> 1); pre >>= 1;
    f |= pre & (f >> 2); f |= pre & (f >> 2); r |= f >> 1;
    /* N/S: shift 8 */
    f = run & (src << 8); f |= run & (f << 8); pre = run & (run << 8);
    f |= pre & (f << 16); f |= pre & (f << 16); r |= f << 8;
    f = run & (src >> 8); f |= run & (f >> 8); pre >>= 8;
    f |= pre & (f >> 16); f |= pre & (f >> 16); r |= f >> 8;
    /* diagonals: shift 7 and 9, column-masked */
    f = mR & (src << 7); f |= mR & (f << 7); pre = mR & (mR << 7);
    f |= pre & (f << 14); f |= pre & (f << 14); r |= f << 7;
    f = mR & (src >> 7); f |= mR & (f >> 7); pre >>= 7;
    f |= pre & (f >> 14); f |= pre & (f >> 14); r |= f >> 7;
    f = mR & (src << 9); f |= mR & (f << 9); pre = mR & (mR << 9);
    f |= pre & (f << 18); f |= pre & (f << 18); r |= f << 9;
    f = mR & (src >> 9); f |= mR & (f >> 9); pre >>= 9;
    f |= pre & (f >> 18); f |= pre & (f >> 18); r |= f >> 9;
    return r;
}

/* Moves of the player on P against O: empty squares from which a line of
 * O discs ends on a P disc. */
RV_INLINE uint64_t rv_moves(uint64_t P, uint64_t O) {
    return rv_reach(P, O) & ~(P | O);
}

/* Discs flipped when the player on P plays on the empty square sq. */
RV_INLINE uint64_t rv_flips(int sq, uint64_t P, uint64_t O) {
    const uint64_t *r = rv_ray[sq];
    const uint64_t nO = ~O;
    uint64_t f = 0, b, m;
    /* increasing directions: the first non-O square is the lowest bit */
#define RV_UP(d)                                                              \
    b = r[d] & nO; b &= (0 - b);                                              \
    m = 0 - (uint64_t)((b & P) != 0); f |= r[d] & (b - 1) & m;
    RV_UP(0) RV_UP(1) RV_UP(2) RV_UP(3)
#undef RV_UP
    /* decreasing directions: the first non-O square is the highest bit */
#define RV_DOWN(d)                                                            \
    b = r[d] & nO; b = (1ull << 63) >> __builtin_clzll(b | 1);                \
    m = 0 - (uint64_t)((b & P & r[d]) != 0); f |= r[d] & (0 - (b << 1)) & m;
    RV_DOWN(4) RV_DOWN(5) RV_DOWN(6) RV_DOWN(7)
#undef RV_DOWN
    return f;
}

/* Final score for the player on P with the empty squares of mask going to
 * the winner (as the FFO suite and championships count). */
RV_INLINE int rv_final_score(uint64_t P, uint64_t O, uint64_t mask) {
    int p = rv_popcount(P), o = rv_popcount(O);
    int e = rv_popcount(mask & ~(P | O));
    return p > o ? p - o + e : p < o ? p - o - e : 0;
}

/* Score without the empties rule (plain disc difference). */
RV_INLINE int rv_disc_diff(uint64_t P, uint64_t O) {
    return rv_popcount(P) - rv_popcount(O);
}

#endif
