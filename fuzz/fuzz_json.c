/* libFuzzer target: the JSON reader/writer, gs_state_from_json and
 * gs_load_positions on JSON.  A state that loads must save and load again
 * to the same position. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "io/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    gs_error err;
    io_json *v;
    if (io_json_parse(text, size, &v, &err) == GS_OK) {
        char *w = io_json_write(v);
        io_json *v2;
        if (!w || io_json_parse(w, strlen(w), &v2, &err) != GS_OK) abort();
        if (!io_json_equal(v, v2)) abort();
        io_json_free(v2);
        free(w);
        io_json_free(v);
    }
    gs_game *g;
    gs_state *s;
    if (gs_state_from_json(text, size, NULL, &g, &s, &err) == GS_OK) {
        char *j = gs_state_to_json(s, 1);
        gs_game *g2;
        gs_state *s2;
        if (!j || gs_state_from_json(j, strlen(j), NULL, &g2, &s2, &err) != GS_OK) abort();
        if (gs_state_hash(s) != gs_state_hash(s2) || s->nhist != s2->nhist) abort();
        gs_state_free(s2);
        gs_game_free(g2);
        free(j);
        gs_state_free(s);
        gs_game_free(g);
    }
    gs_loaded *l;
    int n;
    if (gs_load_positions(text, size, NULL, 0, &l, &n, &err) == GS_OK) gs_loaded_free(l, n);
    return 0;
}
