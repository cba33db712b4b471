/* gridstone: small utilities shared by every layer: clock and PRNG. */
#ifndef GRIDSTONE_UTIL_H
#define GRIDSTONE_UTIL_H

#include "gridstone/export.h"
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds from a monotonic clock. */
GS_API double gs_now(void);

/* Small fast PRNG (xorshift128+ seeded by splitmix64); the state is the
 * caller's, so threads never share one. */
typedef struct gs_rng { uint64_t s[2]; } gs_rng;
GS_API void gs_rng_seed(gs_rng *r, uint64_t seed);
GS_API uint64_t gs_rng_next(gs_rng *r);
GS_API uint32_t gs_rng_below(gs_rng *r, uint32_t n);   /* uniform in [0, n), n > 0 */

/* The same two functions inline, for hot loops (same sequence). */
static inline uint64_t gs_rng_next_inline(gs_rng *r) {   /* xorshift128+ */
    uint64_t s1 = r->s[0];
    const uint64_t s0 = r->s[1];
    r->s[0] = s0;
    s1 ^= s1 << 23;
    r->s[1] = s1 ^ s0 ^ (s1 >> 17) ^ (s0 >> 26);
    return r->s[1] + s0;
}
static inline uint32_t gs_rng_below_inline(gs_rng *r, uint32_t n) {
    /* multiply-shift: unbiased enough for games (bias < 2^-32) */
    return (uint32_t)(((gs_rng_next_inline(r) >> 32) * (uint64_t)n) >> 32);
}

#ifdef __cplusplus
}
#endif
#endif
