/* m,n,k solver internals shared by the bitboard instantiations of
 * mnk_search.inc (included only by mnk_solver.c). */
#ifndef GS_MNK_SOLVER_INT_H
#define GS_MNK_SOLVER_INT_H

#include <stdint.h>
#include "ai/mnk_solver.h"

/* One transposition-table entry: bounds lo..hi of the value (-1..1), the
 * best move in the canonical orientation, and log2 of the work done. */
typedef struct mnk_ttent {
    uint64_t key;
    int16_t move;
    int8_t lo, hi;
    uint8_t work;
    uint8_t pad[3];
} mnk_ttent;

/* Everything a solve needs that does not change during the search: the
 * k-lines, the lines through each cell, symmetry maps, Zobrist keys,
 * the transposition table (allocated once per solve), limits and stats. */
typedef struct mnk_ctx {
    int m, n, k, gravity, ncell, nline, nsym;
    int use_es;          /* Erdos-Selfridge bound (never under gravity) */
    int *lcell;          /* nline * k cells, line after line */
    int *coff;           /* ncell + 1 offsets into clines */
    int *clines;         /* the lines through each cell */
    int16_t *sym;        /* nsym * ncell: cell -> image under symmetry s */
    int16_t *inv;        /* nsym * ncell: image -> cell */
    uint64_t *zob;       /* nsym * ncell * 2: key of colour c on image of cell */
    int64_t wown[GS_MAX_SIDE + 2], wopp[GS_MAX_SIDE + 2];   /* move-ordering weights */
    mnk_ttent *tt;
    uint64_t ttmask;     /* entries - 1 (a power of two minus one) */
    int *mbuf;           /* per-ply move lists: (ncell + 1) * ncell */
    int64_t *sbuf;       /* their ordering scores */
    mnk_budget bud;      /* limits and statistics */
} mnk_ctx;

#endif
