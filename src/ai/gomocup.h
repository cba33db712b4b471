/* The Gomocup (Piskvork) protocol engine, factored so that one function
 * consumes one input line and writes the replies: the CLI command feeds it
 * stdin, the tests and the fuzzer feed it strings.  Prefix gmk_proto_. */
#ifndef GS_GOMOCUP_H
#define GS_GOMOCUP_H

#include <stddef.h>
#include "gridstone/gridstone.h"

typedef struct gmk_proto {
    gs_game *game;
    gs_state *st;
    int w, h;
    int me;                  /* colour the engine plays, 0 until known */
    int rule_mask;           /* INFO rule: 1 exact five, 2 continuous, 4 renju, 8 caro */
    long timeout_turn;       /* ms, -1 = not given */
    long timeout_match;      /* ms, 0 = none */
    long time_left;          /* ms, -1 = not given */
    long max_memory;         /* bytes, 0 = none */
    int collecting;          /* 1 inside BOARD, 2 inside SWAP2BOARD */
    int ncol;                /* lines collected */
    int col[GS_MAX_CELLS][3];
    uint64_t seed;
    int fast;                /* 1 (tests), 2 (fuzzing): a node limit instead of the clock */
} gmk_proto;

void gmk_proto_init(gmk_proto *P);
void gmk_proto_free(gmk_proto *P);
/* Consume one line (without its end of line); append the replies (each
 * ending in '\n') to out.  Returns 1 after END, else 0. */
int gmk_proto_line(gmk_proto *P, const char *line, char *out, size_t outlen);

#endif
