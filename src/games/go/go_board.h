/* The fast Go board (internal to gridstone; used by the Go rules module,
 * the Go scoring code, and the Go AI / GTP engine).
 *
 * Layout.  A w x h board (2..25 each) is stored with a one-point border:
 * stride S = w + 1, point (x, y) lives at pos = (y + 1) * S + x + 1.
 * Column 0 of each row is off-board and serves as the right border of the
 * row before, and rows 0 and h + 1 are off-board, so pos +-1, pos +-S and
 * the diagonals are always valid array indices and a neighbour loop needs
 * no bounds checks (the colour there is GO_BORDER).  pos 0 is always off-board and is used as
 * "no point" (GO_NOPOS, also "pass" in the playout functions).
 * go_geom.pos2idx / idx2pos convert to the row-major cell index y * w + x
 * used by gs_board and every public API.
 *
 * Groups.  Every stone carries the position of its group's root in gid[]
 * (an empty or off-board point carries itself, so that a write "to the
 * group of a neighbour" lands in an unused slot when there is none); the
 * stones of a group form a circular list through next[].  The root holds
 * the group's size and its pseudo-liberties packed in one word lib[]:
 * (stone, empty neighbour) pairs are counted (nlib, bits 0-10), and the
 * sum of those liberty positions (lsum, bits 11-30) and of their squares
 * (lsq, bits 31-63) are kept, so one 64-bit add of geo->libd[q] per
 * liberty change and per merge keeps all three (each field stays within
 * its bits on boards up to 25x25: at most 1200 pairs).  A group is in
 * atari exactly when all its pseudo-liberties are the same point:
 * nlib * lsq == lsum * lsum (then the liberty is lsum / nlib); with a
 * candidate liberty p known, lib == nlib * libd[p] says the same with one
 * multiplication.  Merging relabels the smaller group; a capture walks
 * only the captured group.  Exact liberty lists come from
 * go_board_libs().
 *
 * Hash.  hash is the xor of gs_zobrist(idx, colour) over the stones, so it
 * equals gs_board.hash of the same position (stones only; no side to move).
 *
 * Undo.  When b->u points at a go_undo, every write a move makes is logged
 * (array writes as (field, pos, old value), the scalars in a frame) and
 * go_board_undo() restores the position bit for bit.  With b->u == NULL
 * nothing is logged (playout mode).  The owner must call go_undo_reserve()
 * before each logged move (it grows the buffers; the board never
 * allocates).
 *
 * Ko.  The board itself knows simple ko as a point: after a move that
 * captured exactly one stone with a lone stone left in atari, ko is the
 * captured point and ko_color the colour that may not retake there on its
 * next move.  Superko (positional/situational) is the rules module's job
 * (go.c), through the history of hashes. */
#ifndef GS_GO_BOARD_H
#define GS_GO_BOARD_H

#include <stdint.h>
#include "gridstone/board.h"
#include "gridstone/error.h"
#include "gridstone/util.h"

#define GO_MAX_SIDE 25
#define GO_MIN_SIDE 2
#define GO_MAXPOS ((GO_MAX_SIDE + 2) * (GO_MAX_SIDE + 1) + 1)
#define GO_NOPOS 0

enum { GO_EMPTY = 0, GO_BLACK = 1, GO_WHITE = 2, GO_BORDER = 3 };

typedef struct go_geom {
    int w, h, n;             /* n = w * h points */
    int stride;              /* w + 1 */
    int npos;                /* used length of every per-pos array */
    int off4[4];             /* -S, -1, +1, +S */
    int offd[4];             /* the four diagonals */
    int16_t pos2idx[GO_MAXPOS];                  /* -1 off the board */
    int16_t idx2pos[GO_MAX_SIDE * GO_MAX_SIDE];
    uint64_t zob[GO_MAXPOS][3];                  /* [pos][colour], [0] = 0 */
    uint64_t libd[GO_MAXPOS];    /* packed pseudo-liberty of pos: GO_LIBD(pos) */
    uint32_t nbc0[GO_MAXPOS];    /* the empty board's neighbour words (go_board_init) */
    /* The empty board's colours, group roots and empty-list indexes, copied
     * by go_board_init (a loop over the points, with a store per point, was
     * 2.5% of fuzz_sgf: every loaded position makes or sets up a board). */
    uint8_t color0[GO_MAXPOS];
    uint16_t gid0[GO_MAXPOS];
    uint16_t epos0[GO_MAXPOS];
    /* The packed liberties of the empty neighbours of p whose mask (bit k:
     * p + off4[k]) is m: bits(m) * libd[p] + libc[m] + (p * libs2[m] << QSHIFT),
     * from the sums of the offsets o and of their squares over the mask:
     * sum of 1 + (p + o) << NBITS + (p + o)^2 << QSHIFT. */
    uint64_t libc[16];
    int64_t libs2[16];
} go_geom;

/* The packed pseudo-liberty word (see Groups above). */
#define GO_LIB_NBITS 11
#define GO_LIB_SBITS 20
#define GO_LIB_QSHIFT (GO_LIB_NBITS + GO_LIB_SBITS)
#define GO_LIBD(p) (1u | (uint64_t)(p) << GO_LIB_NBITS | (uint64_t)(p) * (uint64_t)(p) << GO_LIB_QSHIFT)

/* Fill g for a w x h board (2..25 each). */
gs_status go_geom_init(go_geom *g, int w, int h);

/* ---- undo log ---- */
typedef struct go_trail_ent {
    uint8_t field;
    uint16_t pos;
    uint64_t old;
} go_trail_ent;

typedef struct go_frame {
    uint64_t hash;
    int32_t trail_start;
    int32_t nempty;
    int32_t caps[3];
    int32_t nstones[3];
    int16_t ko, last;
    uint8_t ko_color;
} go_frame;

typedef struct go_undo {
    go_trail_ent *ent;
    int n, cap;
    go_frame *fr;
    int nfr, frcap;
} go_undo;

void go_undo_init(go_undo *u);
void go_undo_free(go_undo *u);
/* Make room for one more move on board b (by the stones on it: a short
 * game's log stays small). */
struct go_board;
gs_status go_undo_reserve(go_undo *u, const struct go_board *b);
/* Make dst hold the same log as src (grows dst's buffers to src's entries,
 * not to its capacity). */
gs_status go_undo_copy(go_undo *dst, const go_undo *src);
/* Forget every logged move (e.g. after a setup). */
static inline void go_undo_clear(go_undo *u) { u->n = 0; u->nfr = 0; }

/* ---- the board ---- */
typedef struct go_board {
    const go_geom *geo;
    go_undo *u;              /* NULL = no undo log (playouts) */
    uint64_t hash;           /* xor of gs_zobrist over the stones */
    int nempty;
    int caps[3];             /* caps[c]: stones colour c has captured */
    int nstones[3];          /* stones of each colour on the board */
    int ko;                  /* simple-ko point or GO_NOPOS */
    int ko_color;            /* colour that may not play at ko next */
    int last;                /* last stone played, GO_NOPOS after a pass */
    int nremoved;            /* stones removed by the last go_board_play */
    uint16_t removed[GO_MAXPOS];   /* ... and where they were */
    uint8_t color[GO_MAXPOS];
    uint64_t lib[GO_MAXPOS];       /* at roots: packed pseudo-liberties */
    uint16_t gid[GO_MAXPOS];       /* root of the stone's group; pos itself
                                      at empty and off-board points */
    uint16_t next[GO_MAXPOS];      /* circular list of a group's stones */
    uint16_t gsize[GO_MAXPOS];     /* at roots: stones in the group */
    uint16_t empty[GO_MAXPOS];     /* the empty points, in no order */
    uint16_t epos[GO_MAXPOS];      /* index of an empty point in empty[] */
    uint32_t nbc[GO_MAXPOS];       /* neighbour word: three 4-bit masks of
                                      the four neighbours (bit k for the
                                      neighbour at off4[k]): black, white,
                                      empty (an off-board neighbour is in
                                      none), then the diagonal black and
                                      white stones as 4-bit counts, each
                                      plus one if a diagonal is off-board */
} go_board;

#define GO_NBC_SHIFT(c) (4 * ((c) - 1))   /* masks: black 0, white 4, empty (c = 3) 8 */
#define GO_NBC_DIAG_SHIFT(c) (4 * ((c) + 2))   /* black 12, white 16 */

/* Empty board; b->u = NULL. */
void go_board_init(go_board *b, const go_geom *g);
/* Copy the position (only the used part of the arrays); dst->u = NULL. */
void go_board_copy(go_board *dst, const go_board *src);
/* Position from row-major cells (geom n values of GS_EMPTY/BLACK/WHITE).
 * Groups without liberties are kept as they are (the rules module rejects
 * such positions with go_board_find_dead_group). */
void go_board_set_cells(go_board *b, const uint8_t *cells);

static inline int go_other(int c) { return 3 - c; }
static inline int go_pos(const go_geom *g, int x, int y) { return (y + 1) * g->stride + x + 1; }
/* Bits set in a 4-bit mask (a table of nibbles: no libgcc call). */
static inline int go_nb_bits(unsigned m4) { return (int)(0x4332322132212110ull >> (4 * m4) & 15); }
/* Number of neighbours of pos that are colour c or off-board (4 = all):
 * the others are the other colour or empty. */
static inline int go_nb_count(const go_board *b, int pos, int c) {
    return 4 - go_nb_bits((b->nbc[pos] >> GO_NBC_SHIFT(go_other(c))) & 15) - go_nb_bits((b->nbc[pos] >> GO_NBC_SHIFT(3)) & 15);
}
/* The empty neighbours of pos as a mask (bit k: pos + off4[k]). */
static inline unsigned go_nb_empty_mask(const go_board *b, int pos) { return (b->nbc[pos] >> 8) & 15; }
static inline int go_nb_empty(const go_board *b, int pos) { return go_nb_bits(go_nb_empty_mask(b, pos)); }
/* Pseudo-liberties of the group (root given): (stone, empty neighbour)
 * pairs; 0 exactly when the group has no liberty. */
/* The fields of a packed liberty word v: its pairs, the sum of their
 * points, and whether all its pairs name one point (count * squares ==
 * sum * sum; also true of no pair). */
static inline uint64_t go_lw_count(uint64_t v) { return v & ((1u << GO_LIB_NBITS) - 1); }
static inline uint64_t go_lw_sum(uint64_t v) { return v >> GO_LIB_NBITS & ((1u << GO_LIB_SBITS) - 1); }
static inline int go_lw_one_point(uint64_t v) {
    uint64_t s = go_lw_sum(v);
    return go_lw_count(v) * (v >> GO_LIB_QSHIFT) == s * s;
}
static inline int go_nlib(const go_board *b, int root) { return (int)go_lw_count(b->lib[root]); }
static inline uint64_t go_lsum(const go_board *b, int root) { return go_lw_sum(b->lib[root]); }
/* At most one liberty (a group without liberties counts as in atari). */
static inline int go_in_atari(const go_board *b, int root) { return go_lw_one_point(b->lib[root]); }
/* The only liberty of a group in atari (root given). */
static inline int go_atari_lib(const go_board *b, int root) {
    return (int)(go_lsum(b, root) / (uint64_t)go_nlib(b, root));
}
/* Is p (a liberty of the group) its only liberty? */
static inline int go_atari_at(const go_board *b, int root, int p) {
    uint64_t v = b->lib[root];
    return v == go_lw_count(v) * b->geo->libd[p];
}
/* The group's one liberty besides p, where p is a liberty of it next to
 * k of its stones: GO_NOPOS when p is its only liberty or it has two or
 * more others.  Without a walk of the group: the k pairs at p taken out of
 * the packed word, the rest must be pairs of one point. */
static inline int go_lib_besides(const go_board *b, int root, int p, int k) {
    uint64_t v = b->lib[root] - (uint64_t)k * b->geo->libd[p], n = go_lw_count(v);
    return n && go_lw_one_point(v) ? (int)(go_lw_sum(v) / n) : GO_NOPOS;
}

/* Is a stone of colour c at pos legal on the board alone (occupied, the
 * simple-ko point, suicide)?  Returns GS_OK, GS_ERR_OCCUPIED, GS_ERR_KO or
 * GS_ERR_SUICIDE (the last only when allow_suicide is 0).  pos must be an
 * on-board point. */
gs_status go_board_check(const go_board *b, int pos, int c, int allow_suicide);
/* Would the stone at pos capture nothing and leave its own group without
 * liberties?  (pos empty.) */
int go_board_is_suicide(const go_board *b, int pos, int c);
/* Stone hash after colour c plays at pos (pos empty), without playing. */
uint64_t go_board_hash_after(const go_board *b, int pos, int c);
/* Play a stone of colour c at pos (must pass go_board_check): captures,
 * then removes its own group if it has no liberties (suicide).  Returns the
 * number of opponent stones captured; b->removed lists every stone removed
 * (captured ones first, then the own group on suicide). */
int go_board_play(go_board *b, int pos, int c);
/* A pass: clears the ko point (logged like a move when b->u is set). */
void go_board_pass(go_board *b);
/* Undo the last logged move or pass; GS_ERR_NO_UNDO if none. */
gs_status go_board_undo(go_board *b);

/* An "eye" of colour c for playouts: every neighbour is c or off-board and
 * the opponent holds fewer than two diagonals (fewer than one on the edge). */
int go_board_is_eye(const go_board *b, int pos, int c);
/* Exact (distinct) liberties of the group at pos: returns how many there
 * are and writes the first max of them to out (out may be NULL). */
int go_board_libs(const go_board *b, int pos, int *out, int max);
/* Stones of the group at pos into out (room for geom n); returns count. */
int go_board_group(const go_board *b, int pos, int *out);
/* Is the chain (its k stones from go_board_group) lone: it touches enemy
 * stones while none of its liberties touches another friendly chain (a
 * stone or a few in the opponent's area)?  Random playouts often let the
 * group around such a stone die, so its ownership says "alive" more often
 * than the position does: the dead-stone estimates judge it with a lower
 * bar. */
int go_board_lone_chain(const go_board *b, const int *chain, int k);
/* First group (its root) with no liberty, or GO_NOPOS. */
int go_board_find_dead_group(const go_board *b);

/* ---- playouts ---- */
/* Choose a uniformly placed starting point among the empty points and play
 * the first one from there that is legal (no suicide, not the ko point)
 * and not an eye of c.  Returns the point or GO_NOPOS (= pass; the board is
 * then unchanged except the ko point, as go_board_pass). */
int go_board_play_random(go_board *b, int c, gs_rng *r);
/* Light random playout from b with colour c to move: moves until two
 * passes in a row or max_moves moves.  Returns the number of moves played. */
int go_board_playout(go_board *b, int c, gs_rng *r, int max_moves);

/* Area (Tromp-Taylor) count of the board as it stands: stones plus empty
 * regions that reach only one colour.  Returns black minus white (no
 * komi); owner (may be NULL, indexed by pos) gets GO_BLACK, GO_WHITE or
 * GO_EMPTY for every on-board point. */
int go_board_area_score(const go_board *b, uint8_t *owner);

/* Internal consistency check of every derived field (groups, lists,
 * pseudo-liberties, hash, counters); GS_OK or GS_ERR_BAD_POSITION with a
 * message. */
gs_status go_board_check_invariants(const go_board *b, gs_error *err);

#endif
