/* Perft recursions over bitboards, included twice by rv_perft.c: once
 * compiled for the machine's popcount instruction and once portable.
 * Before including, define RV_PF(name) (the function names), RV_PF_ATTR
 * (target attributes), RV_PF_MOVES, RV_PF_REACH and RV_PF_FLIPS (the engine to use). */

/* Leaves at depth d >= 1 from a position that is not over or whose moves
 * are still to be found.  A forced pass is a ply; a finished game is one
 * leaf at every greater depth. */
static RV_PF_ATTR uint64_t RV_PF(nodes)(uint64_t P, uint64_t O, uint64_t mask, int d) {
    uint64_t moves = RV_PF_MOVES(P, O) & mask;
    if (!moves) {
        if (d == 1) return 1;                     /* the pass, or the finished game */
        if (!(RV_PF_MOVES(O, P) & mask)) return 1;   /* over: stays a leaf */
        return RV_PF(nodes)(O, P, mask, d - 1);
    }
    if (d == 1) return (uint64_t)rv_popcount(moves);
    uint64_t n = 0;
    if (d == 2) {
        /* bulk count one ply below: a child without moves still has one
         * leaf (its forced pass or its final position) */
        do {
            int sq = rv_lsb(moves);
            moves &= moves - 1;
            uint64_t f = RV_PF_FLIPS(sq, P, O);
            uint64_t np = P ^ f ^ (1ull << sq), no = O ^ f;
            uint64_t c = (uint64_t)rv_popcount(RV_PF_MOVES(no, np) & mask);
            n += c ? c : 1;
        } while (moves);
        return n;
    }
    do {
        int sq = rv_lsb(moves);
        moves &= moves - 1;
        uint64_t f = RV_PF_FLIPS(sq, P, O);
        n += RV_PF(nodes)(O ^ f, P ^ f ^ (1ull << sq), mask, d - 1);
    } while (moves);
    return n;
}

/* The last ply below a position with moves: returns their count and
 * adds the children where the game is over to *ended.  A child can only
 * be over if the opponent loses every move.  An opponent move whose
 * anchoring disc lies off the eight lines through sq survives the move,
 * so only the other children need the full test. */
static inline __attribute__((always_inline)) RV_PF_ATTR uint64_t RV_PF(last)(
    uint64_t P, uint64_t O, uint64_t moves, uint64_t mask, uint64_t *ended) {
    uint64_t anchors = RV_PF_REACH(mask & ~(P | O), P) & O;
    uint64_t n = (uint64_t)rv_popcount(moves);
    do {
        int sq = rv_lsb(moves);
        moves &= moves - 1;
        if (anchors & ~rv_queen[sq]) continue;
        uint64_t f = RV_PF_FLIPS(sq, P, O);
        uint64_t np = P ^ f ^ (1ull << sq), no = O ^ f;
        if (!(RV_PF_MOVES(no, np) & mask) && !(RV_PF_MOVES(np, no) & mask)) (*ended)++;
    } while (moves);
    return n;
}

/* The same with the count of games that end exactly at depth d (d >= 0). */
static RV_PF_ATTR uint64_t RV_PF(ended)(uint64_t P, uint64_t O, uint64_t mask, int d,
                                        uint64_t *ended) {
    uint64_t moves = RV_PF_MOVES(P, O) & mask;
    if (!moves) {
        if (!(RV_PF_MOVES(O, P) & mask)) {           /* over */
            if (d == 0) (*ended)++;
            return 1;
        }
        if (d == 0) return 1;
        return RV_PF(ended)(O, P, mask, d - 1, ended);
    }
    if (d == 0) return 1;
    if (d == 1) return RV_PF(last)(P, O, moves, mask, ended);
    uint64_t n = 0;
    if (d == 2) {
        /* a child without moves has one leaf below it (its pass, or its
         * final position - which ended a ply earlier) */
        do {
            int sq = rv_lsb(moves);
            moves &= moves - 1;
            uint64_t f = RV_PF_FLIPS(sq, P, O);
            uint64_t np = P ^ f ^ (1ull << sq), no = O ^ f;
            uint64_t cm = RV_PF_MOVES(no, np) & mask;
            n += cm ? RV_PF(last)(no, np, cm, mask, ended) : 1;
        } while (moves);
        return n;
    }
    do {
        int sq = rv_lsb(moves);
        moves &= moves - 1;
        uint64_t f = RV_PF_FLIPS(sq, P, O);
        n += RV_PF(ended)(O ^ f, P ^ f ^ (1ull << sq), mask, d - 1, ended);
    } while (moves);
    return n;
}
