/* rvs_edge_stable (reversi_ai.h): the 6.5 KB table of the discs that can
 * never be flipped on an edge of the 8x8 board, constant.  Its initializer
 * is generated at build time (tools/gen_rv_stab.c, the Makefile's RV_STAB
 * rules) into the build directory's gen/rv_edge_stable.inc. */
#include "ai/reversi_ai.h"

const uint8_t rvs_edge_stable[6561] =
#include "rv_edge_stable.inc"
;
