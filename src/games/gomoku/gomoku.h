/* Gomoku family (freestyle, standard, renju, omok, caro): internal view of
 * the rules module, shared with the Gomoku player (src/ai/gomoku_*.c) and
 * the Gomocup engine.  Module prefix gmk_. */
#ifndef GS_GOMOKU_H
#define GS_GOMOKU_H

#include <stdint.h>
#include "gridstone/game.h"

/* Padded board: every cell (x, y) lives at (y + PAD) * STRIDE + x + PAD,
 * the frame around the board holds GMK_WALL, so line scans up to 5 steps
 * away need no bounds checks. */
#define GMK_PAD 5
#define GMK_STRIDE (GS_MAX_SIDE + 2 * GMK_PAD)
#define GMK_PADN (GMK_STRIDE * GMK_STRIDE)
#define GMK_WALL 3

typedef enum gmk_rule {
    GMK_FREESTYLE = 0,   /* five or more wins, nothing forbidden */
    GMK_STANDARD,        /* exactly five wins; overline wins for neither */
    GMK_RENJU,           /* black: exactly five, 3-3/4-4/overline forbidden; white: five or more */
    GMK_OMOK,            /* exactly five; 3-3 forbidden for both; 4-4 allowed; overline no win */
    GMK_CARO,            /* exactly five not blocked at both ends by the opponent */
    GMK_RULE_COUNT
} gmk_rule;

extern const char *const gmk_rule_names[];   /* NULL-terminated, gmk_rule order */

/* Line-pattern classes of one direction through an empty cell, for the
 * colour that would play there, counted with "five or more" (the exact
 * rules are applied by the precise checks).  Ordered by strength. */
enum {
    GMK_P_NONE = 0,
    GMK_P_ONE,         /* a stone that could still grow to a five */
    GMK_P_TWO,         /* one more stone makes a (closed) three */
    GMK_P_TWO_OPEN,    /* one more stone makes an open three */
    GMK_P_THREE,       /* one more stone makes a four */
    GMK_P_THREE_OPEN,  /* one more stone makes a straight four */
    GMK_P_FOUR,        /* one point makes a five */
    GMK_P_FOUR_DOUBLE, /* two fours on this line (two five points, not a straight four) */
    GMK_P_FOUR_OPEN,   /* straight four: two five points at both ends */
    GMK_P_FIVE,        /* makes five (or more) */
    GMK_P_COUNT
};

/* Class of a window of 9 cells whose centre is the own stone, indexed by
 * sum over the 8 other cells (slot s: offsets -4..-1, +1..+4) of t * 3^s,
 * t = 0 empty, 1 own, 2 blocked (opponent or off board).
 * gmk_window_class is the compile-time table (gmk_pattern_table.c);
 * gmk_classify_window computes an entry (memo: 6561 entries, -1 = unknown). */
extern const uint8_t gmk_window_class[6561];
int8_t gmk_classify_window(int8_t *memo, int idx);
/* GMK_P_* classes of a line code (below) for both colours in one byte:
 * black's in the low four bits, white's in the high four (gmk_pat_class),
 * each the window class of the code read with that colour as own, the
 * other colour and the frame as blocked.  One byte, so that the search's
 * innermost update reads both colours' classes with one load from a 64 KB
 * table.  Constant, shared by every game: generated at build time by
 * tools/gen_gmk_pat.c from gmk_window_class (gmk_pat_table.c). */
extern const uint8_t gmk_pat_table[65536];
_Static_assert(GMK_P_COUNT <= 16, "a pattern class fits in four bits");
static inline int gmk_pat_class(int c, unsigned code) { return gmk_pat_table[code] >> (4 * (c - 1)) & 15; }

/* Direction steps on the padded board (E, S, SE, SW: gs_dir order). */
extern const int gmk_dstep[4];

typedef struct gmk_game {
    gs_game base;
    int rule;
    int16_t pidx[GS_MAX_CELLS];        /* cell index -> padded index */
    int16_t cell_of[GMK_PADN];         /* padded index -> cell index, -1 on the frame */
    uint8_t empty_pad[GMK_PADN];       /* the padded empty board (frame = GMK_WALL) */
    uint16_t empty_code[4][GMK_PADN];  /* line codes of the empty board */
} gmk_game;

/* Per-cell, per-direction line codes: 2 bits for each of the 8 cells at
 * offsets -4..-1, +1..+4 (0 empty, 1 black, 2 white, 3 off board); kept up
 * to date by play/undo. */
typedef struct gmk_state {
    gs_state base;
    int nstones;
    int nb0, nw0;                      /* stones of the setup position */
    uint8_t winner;                    /* colour with a winning line, 0 if none */
    int nline;
    int line[GS_MAX_LINE];
    uint8_t a[GMK_PADN];               /* padded board */
    uint16_t code[4][GMK_PADN];
} gmk_state;

static inline const gmk_game *gmk_game_of(const gs_state *s) { return (const gmk_game *)s->game; }

/* Pattern class of direction d at padded index p for colour c. */
static inline int gmk_pat(const gmk_game *g, const gmk_state *st, int c, int d, int p) {
    (void)g;
    return gmk_pat_class(c, st->code[d][p]);
}

/* Place / remove a stone with the line codes kept exact (no rule checks,
 * no history; the search uses these on its own states). */
void gmk_put(gmk_state *st, int p, int c);
void gmk_remove(gmk_state *st, int p);

/* Length of the run of colour c through padded index p in direction d,
 * with p counted as c; lo and hi get the run's end cells (padded). */
int gmk_run(const uint8_t *a, int p, int d, int c, int *lo, int *hi);
/* Would colour c placing at empty padded p make a winning line under the
 * rule?  (0/1; line cells into line[] when not NULL, count in *nline.) */
int gmk_makes_win(const gmk_game *g, const uint8_t *a, int p, int c, int *line, int *nline);
/* GS_OK or the forbidden reason for colour c at empty padded p (renju
 * black, omok both).  a is scratch: stones are placed and removed again. */
gs_status gmk_forbidden_raw(int rule, uint8_t *a, int p, int c);
/* Same on a state, with the line-code prefilter and a private copy. */
gs_status gmk_forbidden(const gmk_state *st, int p, int c);
/* Does the rule forbid anything for colour c at all? */
static inline int gmk_has_forbidden(int rule, int c) {
    return rule == GMK_OMOK || (rule == GMK_RENJU && c == GS_BLACK);
}

#endif
