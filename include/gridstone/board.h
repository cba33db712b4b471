/* gridstone: the board core - geometry tables, cells, Zobrist hashing,
 * coordinates and notations. */
#ifndef GRIDSTONE_BOARD_H
#define GRIDSTONE_BOARD_H

#include "gridstone/export.h"
#include <stdint.h>
#include <stddef.h>
#include "gridstone/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GS_MAX_SIDE 32
#define GS_MAX_CELLS (GS_MAX_SIDE * GS_MAX_SIDE)

/* Cell values.  "Black" is always the first player (X in tic-tac-toe). */
enum { GS_EMPTY = 0, GS_BLACK = 1, GS_WHITE = 2 };
#define GS_OTHER(c) ((uint8_t)(3 - (c)))

/* A move: a cell index (y * width + x), or one of these. */
typedef int32_t gs_move;
#define GS_PASS   ((gs_move)-1)
#define GS_RESIGN ((gs_move)-2)
#define GS_NOMOVE ((gs_move)-3)

/* The eight directions, in nb8 order.  dirs 0..3 are the four line
 * directions (E, S, SE, SW); dir d + 4 is the opposite of dir d. */
enum { GS_DIR_E, GS_DIR_S, GS_DIR_SE, GS_DIR_SW,
       GS_DIR_W, GS_DIR_N, GS_DIR_NW, GS_DIR_NE };
GS_API extern const int8_t gs_dir_dx[8], gs_dir_dy[8];

/* Immutable geometry of a width x height board, computed once per game and
 * shared read-only by all its states.  Off-board neighbours are -1, so
 * loops test one value instead of four bounds. */
typedef struct gs_geom {
    int w, h, n;                       /* n = w * h */
    int16_t nb4[GS_MAX_CELLS][4];      /* orthogonal neighbours, valid first */
    uint8_t nnb4[GS_MAX_CELLS];        /* how many of nb4 are valid */
    int16_t nb8[GS_MAX_CELLS][8];      /* neighbour in each direction, or -1 */
} gs_geom;

/* Fill g for a w x h board (1..GS_MAX_SIDE each). */
GS_API gs_status gs_geom_init(gs_geom *g, int w, int h);

/* Zobrist key of colour c (GS_BLACK/GS_WHITE) on cell idx: a fixed
 * pseudo-random 64-bit value (splitmix64 of idx and colour), the same in
 * every process and thread, so hashes can be stored and compared. */
static inline uint64_t gs_zobrist(int idx, int c) {
    uint64_t z = (uint64_t)(idx * 2 + c) * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* Key xor-ed into hashes that include the side to move (white to move). */
#define GS_ZOBRIST_WHITE_TO_MOVE 0x5A17F00DCAFEBABEull

/* Cells plus the incremental hash of the stones on them. */
typedef struct gs_board {
    const gs_geom *g;
    uint64_t hash;                     /* xor of gs_zobrist over all stones */
    uint8_t cells[GS_MAX_CELLS];       /* row-major, index = y * w + x */
} gs_board;

GS_API void gs_board_init(gs_board *b, const gs_geom *g);   /* empty board */
/* Set cell idx to v (GS_EMPTY/BLACK/WHITE), keeping the hash exact. */
static inline void gs_board_set(gs_board *b, int idx, uint8_t v) {
    uint8_t old = b->cells[idx];
    if (old) b->hash ^= gs_zobrist(idx, old);
    if (v) b->hash ^= gs_zobrist(idx, v);
    b->cells[idx] = v;
}
GS_API uint64_t gs_board_rehash(const gs_board *b);        /* hash from scratch */
GS_API int gs_board_count(const gs_board *b, uint8_t v);   /* cells equal to v */

static inline int gs_idx(const gs_geom *g, int x, int y) { return y * g->w + x; }
static inline int gs_x(const gs_geom *g, int idx) { return idx % g->w; }
static inline int gs_y(const gs_geom *g, int idx) { return idx / g->w; }

/* The 8 symmetries of a square board (0 = identity); on a rectangular board
 * only 0..3 (identity, flip x, flip y, rotate 180) keep the shape. */
GS_API int gs_sym_apply(int sym, int w, int h, int idx);
GS_API int gs_sym_count(int w, int h);

/* Corner and centre helpers: they fill out[] and return the count
 * (4 corners, or fewer on 1-wide boards; 1, 2 or 4 centre cells). */
GS_API int gs_corners(const gs_geom *g, int out[4]);
GS_API int gs_centres(const gs_geom *g, int out[4]);

/* Coordinate notations (SPEC §3). */
typedef enum gs_notation {
    GS_NOTE_XY = 0,    /* "x,y" from the top-left, from 0 (Gomocup's too)  */
    GS_NOTE_GTP,       /* "D4": columns A..Z without I, rows from the bottom */
    GS_NOTE_SGF,       /* "dd": a..z then A..Z, from the top-left          */
    GS_NOTE_ALPHA,     /* "h8": columns a,b,c.. with i, rows from the bottom (Renju/Gomoku, m,n,k) */
    GS_NOTE_OTHELLO    /* "d3": columns a.., rows from the top (a1 top-left) */
} gs_notation;

/* Write move m (cell, GS_PASS -> "pass", GS_RESIGN -> "resign") on a w x h
 * board in notation nt into buf; returns buf.  SGF passes are "". */
GS_API char *gs_notation_format_move(gs_notation nt, int w, int h, gs_move m, char *buf, size_t len);
/* Parse a move in notation nt or as "x,y" (always accepted); also "pass"
 * and "resign" (any case).  Returns GS_ERR_PARSE for malformed text and
 * GS_ERR_OUT_OF_BOUNDS for a well-formed point off the board. */
GS_API gs_status gs_notation_parse_move(gs_notation nt, int w, int h, const char *s, gs_move *out);
/* Name <-> notation ("xy", "gtp", "sgf", "alpha", "othello"). */
GS_API const char *gs_notation_name(gs_notation nt);
GS_API int gs_notation_from_name(const char *s, gs_notation *out);

#ifdef __cplusplus
}
#endif
#endif
