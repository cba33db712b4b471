/* libFuzzer: random positions -> forbidden-point checks for every empty
 * point, both colours, renju and omok, never crash or hang; the prefiltered
 * check agrees with the raw recursive one; play/undo keeps the position. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "games/gomoku/gomoku.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    int w = 5 + data[0] % 16, h = 5 + data[1] % 16, rule = data[2] & 1 ? GMK_RENJU : GMK_OMOK;
    char spec[64];
    snprintf(spec, sizeof spec, "gomoku:size=%dx%d,rule=%s", w, h, gmk_rule_names[rule]);
    gs_game *g;
    if (gs_game_new(spec, &g, NULL) != GS_OK) return 0;
    gs_state *s = gs_state_new(g);
    uint8_t cells[GS_MAX_CELLS] = {0};
    /* 4 cells per byte, 2 bits each (3 = empty) */
    for (int i = 0; i < w * h && 3 + i / 4 < (int)size; i++) {
        int v = (data[3 + i / 4] >> (2 * (i % 4))) & 3;
        cells[i] = (uint8_t)(v == 3 ? 0 : v);
    }
    gs_setup(s, cells, (data[2] >> 1) & 1 ? GS_WHITE : GS_BLACK, NULL);
    const gmk_game *gg = (const gmk_game *)g;
    const gmk_state *st = (const gmk_state *)s;
    uint8_t a[GMK_PADN];
    for (int i = 0; i < w * h; i++) {
        int p = gg->pidx[i];
        if (st->a[p]) continue;
        for (int c = 1; c <= 2; c++) {
            memcpy(a, st->a, sizeof a);
            if (gmk_forbidden(st, p, c) != gmk_forbidden_raw(rule, a, p, c)) __builtin_trap();
            if (memcmp(a, st->a, sizeof a)) __builtin_trap();
        }
        gs_status r = gs_check(s, i);
        if (r == GS_OK) {
            uint64_t hsh = s->board.hash;
            if (gs_play(s, i) != GS_OK || gs_undo(s) != GS_OK || s->board.hash != hsh) __builtin_trap();
        }
    }
    if (gs_validate(s, NULL) != GS_OK) __builtin_trap();
    gs_state_free(s);
    gs_game_free(g);
    return 0;
}
