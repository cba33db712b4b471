/* libFuzzer target: the JSON reader/writer and the loader on JSON, JSON
 * Lines and OBF (whatever does not start with '(').  A position that loads
 * must save (with and without history) and load again to the same
 * position, and with the result it carried too.  Games are built once per process (a game cache that outlives
 * the inputs); gs_state_from_json, a thin wrapper over the same document
 * loader that builds its own game, is left to the unit tests.
 * fuzz-flags: -max_len=4096 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "io/gameio.h"
#include "io/json.h"
#include "io/state_json.h"

static io_game_cache *cache;

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
    } else if (err.line < 1 || err.col < 1) abort();
    if (size && data[0] == '(') return 0;   /* SGF: fuzz_sgf's */
    if (!cache || io_game_cache_count(cache) > 64) {
        io_game_cache_free(cache);
        if (!(cache = io_game_cache_new(1))) abort();
    }
    gs_loaded *l;
    int n;
    if (io_load_positions(text, size, NULL, GS_LOAD_LAZY, cache, &l, &n, &err) != GS_OK) {
        if (err.msg[0] == 0) abort();
        return 0;
    }
    for (int i = 0; i < n && i < 4; i++) {
        const gs_state *s = gs_loaded_state(&l[i]);
        if (!s) abort();
        for (int hist = 1; hist >= 0; hist--) {
            char *j = gs_state_to_json(s, hist);
            gs_loaded *l2;
            int n2;
            if (!j || io_load_positions(j, strlen(j), NULL, GS_LOAD_STRICT, cache, &l2, &n2, &err) != GS_OK || n2 != 1)
                abort();
            const gs_state *t = l2[0].state;
            if (strcmp(t->game->spec, s->game->spec) || t->to_move != s->to_move ||
                memcmp(t->board.cells, s->board.cells, (size_t)s->game->geom.n))
                abort();
            if (hist && (gs_state_hash(t) != gs_state_hash(s) || t->nhist != s->nhist)) abort();
            gs_loaded_free(l2, n2);
            free(j);
        }
        /* a result the record carried (beyond its position, maybe: a
         * resignation, a flag, an agreed count) saves with it and loads again */
        if (l[i].result[0] && !l[i].illegal_at) {
            char *j = io_state_json(s, 1, l[i].result);
            gs_loaded *l2;
            int n2;
            if (!j || io_load_positions(j, strlen(j), NULL, GS_LOAD_STRICT, cache, &l2, &n2, &err) != GS_OK || n2 != 1
                || strcmp(l2[0].result, l[i].result))
                abort();
            gs_loaded_free(l2, n2);
            free(j);
        }
        gs_loaded_release(&l[i]);
    }
    gs_loaded_free(l, n);
    return 0;
}
