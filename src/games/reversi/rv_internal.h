/* Reversi rules module internals shared by the rules, perft and the AI. */
#ifndef RV_INTERNAL_H
#define RV_INTERNAL_H

#include <stdint.h>
#include "games/reversi/rv_bb.h"

/* Perft on a bitboard position (player to move on P, board mask `mask`):
 * leaves at `depth`; when ended is not NULL also the games that end exactly
 * at that depth (slower: no bulk counting at the last ply). */
uint64_t rv_perft_bb(uint64_t P, uint64_t O, uint64_t mask, int depth, uint64_t *ended);

/* Which compiled engine this CPU can run. */
enum { RV_CPU_GENERIC = 0, RV_CPU_AVX2 = 1, RV_CPU_AVX512 = 2 };
int rv_cpu_level(void);

#endif
