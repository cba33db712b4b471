/* libFuzzer target: the SGF parser, the writer round trip
 * (parse(write(t)) == t) and gs_load_positions on SGF; a loaded state must
 * survive its own SGF round trip. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "gridstone/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    gs_error err;
    gs_sgf_collection *c;
    if (gs_sgf_parse(text, size, &c, &err) == GS_OK) {
        size_t len;
        char *w = gs_sgf_write(c, &len);
        gs_sgf_collection *d;
        if (!w || gs_sgf_parse(w, len, &d, &err) != GS_OK) abort();
        if (!gs_sgf_equal(c, d)) abort();
        gs_sgf_free(d);
        free(w);
        gs_sgf_free(c);
    } else if (err.line < 1 || err.col < 1) abort();
    gs_loaded *l;
    int n;
    for (int flags = 0; flags <= GS_LOAD_STRICT; flags++)
        if (gs_load_positions(text, size, NULL, flags, &l, &n, &err) == GS_OK) {
            for (int i = 0; i < n; i++) {
                char *t = gs_state_to_sgf(l[i].state);
                gs_loaded *l2;
                int n2;
                if (!t || gs_load_positions(t, strlen(t), NULL, GS_LOAD_STRICT, &l2, &n2, &err) != GS_OK) abort();
                if (n2 != 1 || gs_state_hash(l2[0].state) != gs_state_hash(l[i].state) ||
                    l2[0].state->nhist != l[i].state->nhist)
                    abort();
                gs_loaded_free(l2, n2);
                free(t);
            }
            gs_loaded_free(l, n);
        }
    return 0;
}
