/* libFuzzer target: the big-input paths of the loader - many sibling
 * variations, many games, many JSON/OBF lines, deep nesting - built from a
 * small input: one unit repeated K times in one of four shapes
 * (load_many_input.h).
 * Loaded lazily (records, not states) through a game cache that outlives
 * the inputs (its first CACHE_KEEP games; those an input adds beyond them
 * are dropped at its end, so that it ends with no more allocations than it
 * began with and libFuzzer does not run it again for its leak check);
 * every position's state is built and released (memory stays
 * bounded by the input's size) and checked unless it repeats the position
 * checked before it.
 * fuzz-flags: -max_len=256 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "io/gameio.h"
#include "load_many_input.h"
/* ASan quarantine 16 MB: one input allocates at most 1.1 MB (mean 19 KB;
 * malloc hook, 10,000 runs, 2026-11-23 night, with gs_loaded_state reusing
 * a spare state per game) */
#define GS_FUZZ_QUARANTINE_MB "16"
#include "asan_quarantine.h"

#define CACHE_KEEP 64
static io_game_cache *cache;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    int shape = data[0] & 3, k = lm_repeats((unsigned)(data[0] >> 2) << 8 | data[1]);
    size_t len;
    char *text = lm_build(shape, (const char *)data + 2, size - 2, k, &len);
    if (!text) return 0;
    if (!cache && !(cache = io_game_cache_new(1))) abort();
    gs_loaded *l;
    int n;
    gs_error err;
    if (io_load_positions(text, len, NULL, GS_LOAD_LAZY, cache, &l, &n, &err) == GS_OK) {
        if (n < 1 || (size_t)n > len) abort();
        /* every state is built (the replay checks each move); gs_validate,
         * the costly oracle (it rebuilds a 19x19 Go board's counters), runs
         * on every position that differs from the one validated before it
         * and on every 64th: the K repeats of one unit load as the same
         * position again and again */
        const gs_game *vg = NULL;
        uint64_t vh = 0;
        int vn = -1;
        for (int i = 0; i < n; i++) {
            if (l[i].state) abort();   /* lazy: records only */
            gs_state *s = gs_loaded_state(&l[i]);
            if (!s) abort();
            uint64_t h = gs_state_hash(s);
            if (s->game != vg || h != vh || s->nhist != vn || i % 64 == 0) {
                if (gs_validate(s, NULL) != GS_OK) abort();
                vg = s->game, vh = h, vn = s->nhist;
            }
            gs_loaded_release(&l[i]);
        }
        gs_loaded_free(l, n);
    } else if (err.msg[0] == 0) abort();
    io_game_cache_trim(cache, CACHE_KEEP);   /* bounded: inputs can name many games */
    free(text);
    return 0;
}
