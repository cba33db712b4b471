/* The input layout of fuzz_load_many, shared with bench/bench_scaling
 * (which loads the same units at larger counts): byte 0 picks the shape,
 * bytes 0-1 the repeat count, the rest is the unit repeated:
 *   0: (;GM[1]SZ[9] (unit) x K )      many variations of one root
 *   1: unit x K                       many game trees / documents / lines
 *   2: (unit + "\n") x K              many lines
 *   3: ("(" + unit) x K + ")" x K     variations nested K deep */
#ifndef GS_FUZZ_LOAD_MANY_INPUT_H
#define GS_FUZZ_LOAD_MANY_INPUT_H

#include <stdlib.h>
#include <string.h>

/* The repeat count K from 14 bits v: 4 bits choose a scale 2^e (e 0..10),
 * 10 bits the count within [2^e, 2^(e+1)), capped at 1024.  Every K from 1
 * to 1024 is reachable, and a mutated count is as often small as large
 * (mean about 160, against 512 when v % 1024 chose it): what the parsers
 * and the loader reach is the same at K = 20 as at K = 1000, only the
 * big-input paths (the sibling list, the game cache, the position array's
 * growth) need large counts, and a fifth of the inputs still have K >= 256.
 * So a run spends its time on more inputs rather than on longer copies of
 * the same unit: about 4x the executions per CPU second (PERFORMANCE.md). */
static inline int lm_repeats(unsigned v) {
    int e = (int)(v & 15) % 11;
    int k = (1 << e) + (int)((v >> 4) & ((1u << e) - 1));
    return k > 1024 ? 1024 : k;
}

/* The text of the shape with the unit repeated k times, NUL-terminated
 * (malloc'd; NULL when out of memory); its length in *len. */
static inline char *lm_build(int shape, const char *unit, size_t ul, int k, size_t *len) {
    char *t = malloc(32 + (size_t)k * (ul + 3)), *p = t;
    if (!t) return NULL;
    if (shape == 0) memcpy(p, "(;GM[1]SZ[9]", 12), p += 12;
    for (int i = 0; i < k; i++) {
        if (shape == 0 || shape == 3) *p++ = '(';
        memcpy(p, unit, ul), p += ul;
        if (shape == 0) *p++ = ')';
        if (shape == 2) *p++ = '\n';
    }
    if (shape == 0) *p++ = ')';
    if (shape == 3) memset(p, ')', (size_t)k), p += k;
    *p = 0;
    *len = (size_t)(p - t);
    return t;
}

#endif
