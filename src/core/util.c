/* Monotonic clock and a small PRNG whose state belongs to the caller. */
#include <time.h>
#include "gridstone/util.h"

double gs_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void gs_rng_seed(gs_rng *r, uint64_t seed) {
    r->s[0] = splitmix(&seed);
    r->s[1] = splitmix(&seed);
    if (!(r->s[0] | r->s[1])) r->s[1] = 1;
}

uint64_t gs_rng_next(gs_rng *r) { return gs_rng_next_inline(r); }

uint32_t gs_rng_below(gs_rng *r, uint32_t n) { return gs_rng_below_inline(r, n); }
