/* libFuzzer target: game spec strings -> gs_spec_parse and gs_game_new;
 * a game that builds must give a canonical spec that builds the same game.
 * fuzz-flags: -max_len=512 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 512) return 0;
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    gs_spec spec;
    gs_error err;
    gs_spec_parse(text, &spec, &err);
    gs_game *g;
    if (gs_game_new(text, &g, &err) == GS_OK) {
        gs_game *g2;
        if (gs_game_new(g->spec, &g2, &err) != GS_OK) abort();
        if (strcmp(g->spec, g2->spec) || g->geom.n != g2->geom.n) abort();
        gs_state *s = gs_state_new(g);
        if (s) {
            gs_move moves[GS_MAX_CELLS + 1];
            int n = gs_legal_moves(s, moves);
            if (n > 0) gs_play(s, moves[n / 2]);
            gs_state_free(s);
        }
        gs_game_free(g2);
        gs_game_free(g);
    }
    free(text);
    return 0;
}
