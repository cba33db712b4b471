/* Reversi perft over bitboards (boards up to 8x8): bulk counting at the
 * last two plies, no generic overhead in the recursion.  The recursion is
 * compiled three times - portably, with AVX2 and with AVX-512 (VL/CD) for
 * x86-64 machines that have them - and the right one is picked at run time. */
#include "games/reversi/rv_internal.h"
#include "games/reversi/rv_avx2.h"

#define RV_PF(name) rv_pf_##name##_generic
#define RV_PF_ATTR
#define RV_PF_MOVES rv_moves
#define RV_PF_REACH rv_reach
#define RV_PF_FLIPS rv_flips
#include "games/reversi/rv_perft_impl.h"
#undef RV_PF
#undef RV_PF_ATTR
#undef RV_PF_MOVES
#undef RV_PF_REACH
#undef RV_PF_FLIPS

#ifdef RV_HAVE_AVX2
#define RV_PF(name) rv_pf_##name##_avx2
#define RV_PF_ATTR RV_AVX2_TARGET
#define RV_PF_MOVES rv_moves_avx2
#define RV_PF_REACH rv_reach_avx2
#define RV_PF_FLIPS rv_flips_avx2
#include "games/reversi/rv_perft_impl.h"
#undef RV_PF
#undef RV_PF_ATTR
#undef RV_PF_FLIPS
#define RV_PF(name) rv_pf_##name##_avx512
#define RV_PF_ATTR RV_AVX512_TARGET
#define RV_PF_FLIPS rv_flips_avx512
#include "games/reversi/rv_perft_impl.h"
#endif

int rv_cpu_level(void) {
#ifdef RV_HAVE_AVX2
    __builtin_cpu_init();
    if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") &&
          __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")))
        return RV_CPU_GENERIC;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512cd"))
        return RV_CPU_AVX512;
    return RV_CPU_AVX2;
#else
    return RV_CPU_GENERIC;
#endif
}

int rv_fast_pext(void) {
#ifdef RV_HAVE_AVX2
    __builtin_cpu_init();
    return !(__builtin_cpu_is("amdfam15h") || __builtin_cpu_is("amdfam17h"));
#else
    return 0;
#endif
}

uint64_t rv_perft_bb(uint64_t P, uint64_t O, uint64_t mask, int depth, uint64_t *ended) {
    return rv_perft_bb_cpu(RV_CPU_AVX512, P, O, mask, depth, ended);
}

uint64_t rv_perft_bb_cpu(int cpu, uint64_t P, uint64_t O, uint64_t mask, int depth, uint64_t *ended) {
    int have = rv_cpu_level();
    if (cpu > have) cpu = have;
    if (depth < 0) return 0;
    if (ended) {
        *ended = 0;
#ifdef RV_HAVE_AVX2
        if (cpu == RV_CPU_AVX512) return rv_pf_ended_avx512(P, O, mask, depth, ended);
        if (cpu == RV_CPU_AVX2) return rv_pf_ended_avx2(P, O, mask, depth, ended);
#endif
        return rv_pf_ended_generic(P, O, mask, depth, ended);
    }
    if (depth == 0) return 1;
#ifdef RV_HAVE_AVX2
    if (cpu == RV_CPU_AVX512) return rv_pf_nodes_avx512(P, O, mask, depth);
    if (cpu == RV_CPU_AVX2) return rv_pf_nodes_avx2(P, O, mask, depth);
#endif
    (void)cpu;
    return rv_pf_nodes_generic(P, O, mask, depth);
}
