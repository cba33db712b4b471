/* gridstone: small utilities shared by every layer: clock and PRNG. */
#ifndef GRIDSTONE_UTIL_H
#define GRIDSTONE_UTIL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds from a monotonic clock. */
double gs_now(void);

/* Small fast PRNG (xorshift128+ seeded by splitmix64); the state is the
 * caller's, so threads never share one. */
typedef struct gs_rng { uint64_t s[2]; } gs_rng;
void gs_rng_seed(gs_rng *r, uint64_t seed);
uint64_t gs_rng_next(gs_rng *r);
uint32_t gs_rng_below(gs_rng *r, uint32_t n);   /* uniform in [0, n), n > 0 */

#ifdef __cplusplus
}
#endif
#endif
