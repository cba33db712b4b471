/* go_pat_table (go_pat.h): the 8 KB neighbourhood-code -> shape bit table
 * of the Go player, constant.  Its initializer is generated at build time
 * (tools/gen_go_pat.c, the Makefile's GO_PAT rules) into the build
 * directory's gen/go_pat_table.inc. */
#include "ai/go_pat.h"

const uint8_t go_pat_table[GO_PAT_BYTES] =
#include "go_pat_table.inc"
;
