/* gmk_pat_table (gomoku.h): the 64 KB line-code -> pattern classes table,
 * constant and shared by every Gomoku game.  Its initializer is generated
 * at build time (tools/gen_gmk_pat.c, the Makefile's GMK_PAT rules) into
 * the build directory's gen/gmk_pat_table.inc. */
#include "games/gomoku/gomoku.h"

const uint8_t gmk_pat_table[65536] =
#include "gmk_pat_table.inc"
;
