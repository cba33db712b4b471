/* Reversi rules module internals shared by the rules, perft and the AI. */
#ifndef RV_INTERNAL_H
#define RV_INTERNAL_H

#include <stdint.h>
#include "gridstone/game.h"
#include "games/reversi/rv_bb.h"

/* A set of cells of a board up to 16x16 (bit i of w[i / 64]). */
typedef struct rv_set { uint64_t w[4]; } rv_set;

/* Undo record of one move: the move and the discs it flipped (bitboard
 * bits in w[0] on the bitboard engine, cell bits otherwise). */
typedef struct rv_rec {
    gs_move move;
    rv_set flips;
} rv_rec;

typedef struct rv_game {
    gs_game base;
    int size;                /* even, 4..16 */
    int empties_to_winner;   /* spec empties=winner */
    int use_bb;              /* size <= 8 on bitboards (bit y*8+x) */
    uint64_t mask;           /* the board's bits when size <= 8 */
} rv_game;

typedef struct rv_state {
    gs_state base;
    uint64_t bb[3];          /* bb[GS_BLACK], bb[GS_WHITE] (bitboard engine) */
    int nrec, rec_cap;       /* one record per move played (not resignation) */
    rv_rec *rec;
} rv_state;

extern const gs_game_ops gs_reversi_ops;

/* Build a game from a spec; force_cells = 1 uses the cell engine at every
 * size (to cross-check the bitboards). */
gs_status rv_game_create(gs_spec_val *vals, int force_cells, gs_game **out, gs_error *err);
/* The same from a spec text (tests: force_cells = 1 builds the cell-array
 * implementation even on boards the bitboards cover). */
gs_status rv_game_create_spec(const char *spec, int force_cells, gs_game **out, gs_error *err);
/* Neither side can move. */
int rv_is_over(const gs_state *s);
/* Discs of each colour and empty squares. */
void rv_count(const gs_state *s, int *black, int *white, int *empty);
/* Side-to-move / opponent bitboards (bitboard engine only). */
void rv_state_bb(const gs_state *s, uint64_t *P, uint64_t *O);

/* Perft on a bitboard position (player to move on P, board mask `mask`):
 * leaves at `depth`; when ended is not NULL also the games that end exactly
 * at that depth (no bulk counting at the last ply, so slower). */
uint64_t rv_perft_bb(uint64_t P, uint64_t O, uint64_t mask, int depth, uint64_t *ended);

/* Which compiled engine this CPU can run. */
enum { RV_CPU_GENERIC = 0, RV_CPU_AVX2 = 1, RV_CPU_AVX512 = 2 };
int rv_cpu_level(void);
/* 1 when the CPU's BMI2 bit extract (pext) is fast: not on AMD before Zen 3
 * (families 15h and 17h run it in microcode, a loop over the mask's bits). */
int rv_fast_pext(void);
/* rv_perft_bb with the engine chosen by the caller (capped at what the
 * CPU has), to cross-check the compiled variants. */
uint64_t rv_perft_bb_cpu(int cpu, uint64_t P, uint64_t O, uint64_t mask, int depth, uint64_t *ended);

#endif
