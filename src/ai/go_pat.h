/* The 3x3 shape patterns of the Go player (internal to gridstone: used by
 * the Monte-Carlo search go_mcts.c and by the build-time generator
 * tools/gen_go_pat.c).
 *
 * A neighbourhood code packs the colours of the 8 points around an empty
 * point, 2 bits each (0 empty, 1 black, 2 white, 3 off the board), in the
 * order of go_pat_ndx / go_pat_ndy (row by row, the centre left out).  Bit
 * `code` of go_pat_table is set when the neighbourhood matches one of the
 * shapes of go_pat.c in any orientation, with either colour as the
 * player.  The table is constant: its initializer is generated at build
 * time by tools/gen_go_pat.c (which calls go_pat_build) into the build
 * directory's gen/go_pat_table.inc. */
#ifndef GS_GO_PAT_H
#define GS_GO_PAT_H

#include <stdint.h>

#define GO_PAT_BYTES (65536 / 8)

extern const int8_t go_pat_ndx[8], go_pat_ndy[8];
extern const uint8_t go_pat_table[GO_PAT_BYTES];

/* Build the table from the shapes (what the generator prints). */
void go_pat_build(uint8_t pat[GO_PAT_BYTES]);

/* Does the neighbourhood code match a shape? */
static inline int go_pat_match_code(unsigned code) {
    return go_pat_table[code >> 3] >> (code & 7) & 1;
}

#endif
