/* The Go player's 3x3 shape patterns and the builder of their table
 * (see go_pat.h; the library uses the table generated from them at build
 * time, go_pat_table.c). */
#include <string.h>
#include "ai/go_pat.h"

/* The classic hane / cut / edge shapes.
 * A pattern is 3 rows of 3 characters around the empty centre, where the
 * move goes.  X and O are the two colours (either may be the player),
 * x = not X, o = not O (empty or the other colour), . empty, # off the
 * board, ? anything.  Each is matched in all 8 orientations and with the
 * colours swapped. */
static const char *const go_pat_shapes[][3] = {
    {"XOX", "...", "???"},   /* hane enclosing a stone */
    {"XO.", "...", "?.?"},   /* hane that cannot be cut */
    {"XO?", "X..", "x.?"},   /* bend (magari) */
    {".O.", "X..", "..."},   /* diagonal attachment */
    {"XO?", "O.o", "?o?"},   /* cut, unprotected */
    {"XO?", "O.X", "???"},   /* cut, peeped */
    {"?X?", "O.O", "ooo"},   /* cut through a one-point jump */
    {"OX?", "o.O", "???"},   /* cut of a knight's move */
    {"X.?", "O.?", "##?"},   /* edge: chase */
    {"OX?", "X.O", "###"},   /* edge: block a cut */
    {"?X?", "x.O", "###"},   /* edge: block a connection */
    {"?XO", "x.x", "###"},   /* edge: descend (sagari) */
    {"?OX", "X.O", "###"},   /* edge: cut */
};
#define GO_PAT_NSHAPES ((int)(sizeof go_pat_shapes / sizeof go_pat_shapes[0]))

/* the 8 neighbours in pattern-index order: row by row, centre left out */
const int8_t go_pat_ndx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
const int8_t go_pat_ndy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

static unsigned go_pat_allowed(char ch, int xcol) {
    int ocol = 3 - xcol;   /* bits over values 0 empty, 1 black, 2 white, 3 border */
    switch (ch) {
    case 'X': return 1u << xcol;
    case 'O': return 1u << ocol;
    case 'x': return 1u | 1u << ocol;
    case 'o': return 1u | 1u << xcol;
    case '.': return 1u;
    case '#': return 1u << 3;
    default: return 15u;
    }
}

static void go_pat_fill(uint8_t *pat, const unsigned *allowed, int k, unsigned code) {
    if (k == 8) { pat[code >> 3] |= (uint8_t)(1u << (code & 7)); return; }
    for (unsigned v = 0; v < 4; v++)
        if (allowed[k] >> v & 1) go_pat_fill(pat, allowed, k + 1, code | v << (2 * k));
}

static int go_pat_nb_index(int dx, int dy) {
    for (int k = 0; k < 8; k++)
        if (go_pat_ndx[k] == dx && go_pat_ndy[k] == dy) return k;
    return -1;
}

void go_pat_build(uint8_t pat[GO_PAT_BYTES]) {
    memset(pat, 0, GO_PAT_BYTES);
    for (int s = 0; s < GO_PAT_NSHAPES; s++)
        for (int sym = 0; sym < 8; sym++)
            for (int xcol = 1; xcol <= 2; xcol++) {
                unsigned allowed[8];
                for (int k = 0; k < 8; k++) allowed[k] = 15u;
                for (int y = 0; y < 3; y++)
                    for (int x = 0; x < 3; x++) {
                        if (x == 1 && y == 1) continue;
                        int dx = x - 1, dy = y - 1, tx = dx, ty = dy;
                        if (sym & 1) tx = -tx;
                        if (sym & 2) ty = -ty;
                        if (sym & 4) { int t = tx; tx = ty; ty = t; }
                        allowed[go_pat_nb_index(tx, ty)] = go_pat_allowed(go_pat_shapes[s][y][x], xcol);
                    }
                go_pat_fill(pat, allowed, 0, 0);
            }
}

