/* libFuzzer: random positions -> forbidden-point checks for every empty
 * point, both colours, renju and omok, never crash or hang; the prefiltered
 * check (gmk_forbidden) agrees with the raw recursive one
 * (gmk_forbidden_raw, the oracle); playing every empty point answers as
 * that check did for the side to move (game over after a setup line), and
 * play/undo keeps the position.
 * The games (one per size and rule) and a state for each are built once
 * per process, not per input.
 *
 * Where the oracle runs: forbidden_rec can refuse colour c at p only if
 * one line through p holds 3 stones of c within 4 cells of p (an overline
 * needs 4 there, a four 3) or two lines hold 2 each (a three needs 2
 * within 3 cells).  The oracle runs on every empty point where that count
 * allows a forbidden point, both colours, and on one more point per input
 * chosen by the input's last byte whatever its count (the counting
 * argument stays under test); on every other empty point the fast check
 * must say "allowed".  (The oracle on all ~250 point/colour pairs with a
 * rule was 3/4 of the time per input; the count leaves ~45, the prefilter
 * itself defers ~9 of them to the recursion.)  The count is built
 * without comparison tracing: it feeds the fuzzer nothing.
  * fuzz-flags: -max_len=128 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "games/gomoku/gomoku.h"
#include "asan_quarantine.h"

#define SIDES 16   /* 5..20 */
static gs_game *games[SIDES][SIDES][2];
static gs_state *states[SIDES][SIDES][2];

/* Colours the rules may refuse at padded p, by the count above: bit c set
 * for colour c.  The counts come from the state's line codes (2 bits per
 * cell at offsets -4..-1, +1..+4: 1 black, 2 white); the input ends with
 * gs_validate, which recomputes every code from the board, so a stale code
 * that would skip the oracle here still fails the input. */
__attribute__((no_sanitize("coverage"), noinline)) static int may_be_forbidden(const gmk_state *st, int p) {
    int two1 = 0, two2 = 0, out = 0;
    for (int d = 0; d < 4; d++) {
        unsigned code = st->code[d][p];
        int m1 = __builtin_popcount(code & ~(code >> 1) & 0x5555u);
        int m2 = __builtin_popcount((code >> 1) & ~code & 0x5555u);
        if (m1 >= 3 || (m1 >= 2 && ++two1 >= 2)) out |= 2;
        if (m2 >= 3 || (m2 >= 2 && ++two2 >= 2)) out |= 4;
    }
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    int wi = data[0] % SIDES, hi = data[1] % SIDES, r = data[2] & 1;
    int w = 5 + wi, h = 5 + hi, rule = r ? GMK_RENJU : GMK_OMOK;
    if (!games[wi][hi][r]) {
        char spec[64];
        snprintf(spec, sizeof spec, "gomoku:size=%dx%d,rule=%s", w, h, gmk_rule_names[rule]);
        if (gs_game_new(spec, &games[wi][hi][r], NULL) != GS_OK) abort();
        if (!(states[wi][hi][r] = gs_state_new(games[wi][hi][r]))) abort();
    }
    gs_state *s = states[wi][hi][r];
    uint8_t cells[GS_MAX_CELLS] = {0};
    /* 4 cells per byte, 2 bits each (3 = empty) */
    for (int i = 0; i < w * h && 3 + i / 4 < (int)size; i++) {
        int v = (data[3 + i / 4] >> (2 * (i % 4))) & 3;
        cells[i] = (uint8_t)(v == 3 ? 0 : v);
    }
    if (gs_setup(s, cells, (data[2] >> 1) & 1 ? GS_WHITE : GS_BLACK, NULL) != GS_OK) {
        /* rejected: the state must be unchanged and valid */
        if (gs_validate(s, NULL) != GS_OK) __builtin_trap();
        return 0;
    }
    const gmk_game *gg = (const gmk_game *)s->game;
    const gmk_state *st = (const gmk_state *)s;
    static uint8_t a[GMK_PADN];   /* the oracle's scratch board: it must come back unchanged */
    memcpy(a, st->a, sizeof a);
    int sample = data[size - 1] * (w * h) / 256;
    gs_result res0;
    gs_result_get(s, &res0);
    int over = res0.over;
    for (int i = 0; i < w * h; i++) {
        int p = gg->pidx[i];
        if (st->a[p]) continue;
        int may = may_be_forbidden(st, p);
        gs_status fast[3] = {GS_OK, GS_OK, GS_OK};
        for (int c = 1; c <= 2; c++) {
            fast[c] = gmk_forbidden(st, p, c);
            if (i == sample || (may >> c & 1)) {
                if (fast[c] != gmk_forbidden_raw(rule, a, p, c)) __builtin_trap();
            } else if (fast[c] != GS_OK) __builtin_trap();
        }
        /* playing the point answers as the checks did: over, or the fast
         * answer for the side to move (gs_check itself on the sampled point) */
        gs_status want = over ? GS_ERR_GAME_OVER : fast[s->to_move];
        if (i == sample && gs_check(s, i) != want) __builtin_trap();
        uint64_t hsh = s->board.hash;
        gs_status res = gs_play(s, i);
        if (res != want) __builtin_trap();
        if (res == GS_OK && (gs_undo(s) != GS_OK || s->board.hash != hsh)) __builtin_trap();
    }
    if (memcmp(a, st->a, sizeof a)) __builtin_trap();
    if (gs_validate(s, NULL) != GS_OK) __builtin_trap();
    return 0;
}
