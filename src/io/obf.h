/* Internal: OBF (Othello position) lines - squares a1..h8 row by row,
 * the side to move, then optional "; move:score" pairs. */
#ifndef GS_IO_OBF_H
#define GS_IO_OBF_H

#include <stdint.h>
#include "gridstone/board.h"
#include "gridstone/error.h"

#define GS_OBF_MAX_EVALS 128

typedef struct gs_obf_eval {
    gs_move move;        /* cell index (y * side + x) or GS_PASS */
    int score;           /* final disc differential for the side to move */
} gs_obf_eval;

typedef struct gs_obf_position {
    int side;                        /* board side: 8 for 64 squares */
    uint8_t cells[GS_MAX_CELLS];
    int to_move;
    int neval;
    gs_obf_eval eval[GS_OBF_MAX_EVALS];
} gs_obf_position;

/* Parse one position line (no line break).  The square count must be the
 * square of an even side 4..16.  Squares: 'X'/'x'/'*' black, 'O'/'o'
 * white, '-'/'.' empty; side to move 'X' or 'O'; pairs like "A2:+38"
 * (move in Othello notation, or "PS"/"pass"), separated by ';' and/or
 * spaces.  Errors are GS_ERR_PARSE with line 1 and the column. */
gs_status gs_obf_parse_line(const char *line, size_t len, gs_obf_position *out, gs_error *err);

#endif
