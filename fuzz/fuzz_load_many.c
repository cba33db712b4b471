/* libFuzzer target: the big-input paths of the loader - many sibling
 * variations, many games, many JSON/OBF lines, deep nesting - built from a
 * small input: byte 0 picks the shape, bytes 0-1 the repeat count K
 * (1..1024, see repeats()), the rest is the unit that is repeated:
 *   0: (;GM[1]SZ[9] (unit) x K )      many variations of one root
 *   1: unit x K                       many game trees / documents / lines
 *   2: (unit + "\n") x K              many lines
 *   3: ("(" + unit) x K + ")" x K     variations nested K deep
 * Loaded lazily (records, not states) through a game cache that outlives
 * the inputs; every position's state is built and released (memory stays
 * bounded by the input's size) and checked unless it repeats the position
 * checked before it.
 * fuzz-flags: -max_len=256 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "io/gameio.h"
/* ASan quarantine 16 MB: one input allocates at most 1.1 MB (mean 19 KB;
 * malloc hook, 10,000 runs, 2026-11-23 night, with gs_loaded_state reusing
 * a spare state per game) */
#define GS_FUZZ_QUARANTINE_MB "16"
#include "asan_quarantine.h"

static io_game_cache *cache;

static void put(char **p, const void *s, size_t n) {
    memcpy(*p, s, n);
    *p += n;
}

/* The repeat count K from 14 bits v: 4 bits choose a scale 2^e (e 0..10),
 * 10 bits the count within [2^e, 2^(e+1)), capped at 1024.  Every K from 1
 * to 1024 is reachable, and a mutated count is as often small as large
 * (mean about 160, against 512 when v % 1024 chose it): what the parsers
 * and the loader reach is the same at K = 20 as at K = 1000, only the
 * big-input paths (the sibling list, the game cache, the position array's
 * growth) need large counts, and a fifth of the inputs still have K >= 256.
 * So a run spends its time on more inputs rather than on longer copies of
 * the same unit: about 4x the executions per CPU second (PERFORMANCE.md). */
static int repeats(unsigned v) {
    int e = (int)(v & 15) % 11;
    int k = (1 << e) + (int)((v >> 4) & ((1u << e) - 1));
    return k > 1024 ? 1024 : k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    int shape = data[0] & 3, k = repeats((unsigned)(data[0] >> 2) << 8 | data[1]);
    const char *unit = (const char *)data + 2;
    size_t ul = size - 2, cap = 32 + (size_t)k * (ul + 3);
    char *text = malloc(cap), *p = text;
    if (!text) return 0;
    if (shape == 0) put(&p, "(;GM[1]SZ[9]", 12);
    for (int i = 0; i < k; i++) {
        if (shape == 0 || shape == 3) put(&p, "(", 1);
        put(&p, unit, ul);
        if (shape == 0) put(&p, ")", 1);
        if (shape == 2) put(&p, "\n", 1);
    }
    if (shape == 0) put(&p, ")", 1);
    if (shape == 3)
        for (int i = 0; i < k; i++) put(&p, ")", 1);
    size_t len = (size_t)(p - text);
    if (!cache || io_game_cache_count(cache) > 64) {
        io_game_cache_free(cache);
        if (!(cache = io_game_cache_new(1))) abort();
    }
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
    free(text);
    return 0;
}
