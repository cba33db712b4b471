/* AVX2 versions of rv_moves and rv_flips (internal).  Only for functions
 * compiled with RV_AVX2_TARGET; callers pick them at run time with
 * rv_cpu_level(). */
#ifndef RV_AVX2_H
#define RV_AVX2_H

#include "games/reversi/rv_bb.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define RV_HAVE_AVX2 1
#define RV_AVX2_TARGET __attribute__((target("avx2,popcnt,bmi,bmi2")))
#define RV_AVX2_INLINE static inline __attribute__((always_inline)) RV_AVX2_TARGET

/* rv_reach: the four line directions in the lanes (shifts 1, 8, 9, 7),
 * each filled towards higher and lower bits. */
RV_AVX2_INLINE uint64_t rv_reach_avx2(uint64_t P, uint64_t O) {
    const __m256i sh = _mm256_set_epi64x(7, 9, 8, 1);
    const __m256i sh2 = _mm256_add_epi64(sh, sh);
    const __m256i colmask = _mm256_set_epi64x(0x7e7e7e7e7e7e7e7ell, 0x7e7e7e7e7e7e7e7ell,
                                              -1ll, 0x7e7e7e7e7e7e7e7ell);
    __m256i PP = _mm256_broadcastq_epi64(_mm_cvtsi64_si128((long long)P));
    __m256i MO = _mm256_and_si256(_mm256_broadcastq_epi64(_mm_cvtsi64_si128((long long)O)), colmask);
    __m256i fl = _mm256_and_si256(MO, _mm256_sllv_epi64(PP, sh));
    __m256i fr = _mm256_and_si256(MO, _mm256_srlv_epi64(PP, sh));
    fl = _mm256_or_si256(fl, _mm256_and_si256(MO, _mm256_sllv_epi64(fl, sh)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(MO, _mm256_srlv_epi64(fr, sh)));
    __m256i pl = _mm256_and_si256(MO, _mm256_sllv_epi64(MO, sh));
    __m256i pr = _mm256_srlv_epi64(pl, sh);
    fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, sh2)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, sh2)));
    fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, sh2)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, sh2)));
    __m256i m = _mm256_or_si256(_mm256_sllv_epi64(fl, sh), _mm256_srlv_epi64(fr, sh));
    __m128i m2 = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    m2 = _mm_or_si128(m2, _mm_unpackhi_epi64(m2, m2));
    return (uint64_t)_mm_cvtsi128_si64(m2);
}

RV_AVX2_INLINE uint64_t rv_moves_avx2(uint64_t P, uint64_t O) {
    return rv_reach_avx2(P, O) & ~(P | O);
}

/* Flips: rays towards higher bits take the lowest non-O square; rays
 * towards lower bits the highest one (found by smearing bits down). */
RV_AVX2_INLINE uint64_t rv_flips_avx2(int sq, uint64_t P, uint64_t O) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i ones = _mm256_set1_epi64x(-1ll);
    __m256i PP = _mm256_broadcastq_epi64(_mm_cvtsi64_si128((long long)P));
    __m256i OO = _mm256_broadcastq_epi64(_mm_cvtsi64_si128((long long)O));
    __m256i ru = _mm256_loadu_si256((const __m256i *)(const void *)&rv_ray[sq][0]);
    __m256i rd = _mm256_loadu_si256((const __m256i *)(const void *)&rv_ray[sq][4]);
    /* up */
    __m256i b = _mm256_andnot_si256(OO, ru);
    b = _mm256_and_si256(b, _mm256_sub_epi64(zero, b));
    __m256i noP = _mm256_cmpeq_epi64(_mm256_and_si256(b, PP), zero);
    __m256i f = _mm256_andnot_si256(noP, _mm256_and_si256(ru, _mm256_add_epi64(b, ones)));
    /* down */
    __m256i s = _mm256_andnot_si256(OO, rd);
    s = _mm256_or_si256(s, _mm256_srli_epi64(s, 1));
    s = _mm256_or_si256(s, _mm256_srli_epi64(s, 2));
    s = _mm256_or_si256(s, _mm256_srli_epi64(s, 4));
    s = _mm256_or_si256(s, _mm256_srli_epi64(s, 8));
    s = _mm256_or_si256(s, _mm256_srli_epi64(s, 16));
    s = _mm256_or_si256(s, _mm256_srli_epi64(s, 32));
    __m256i hb = _mm256_andnot_si256(_mm256_srli_epi64(s, 1), s);
    noP = _mm256_cmpeq_epi64(_mm256_and_si256(hb, PP), zero);
    f = _mm256_or_si256(f, _mm256_andnot_si256(noP, _mm256_andnot_si256(s, rd)));
    __m128i f2 = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
    f2 = _mm_or_si128(f2, _mm_unpackhi_epi64(f2, f2));
    return (uint64_t)_mm_cvtsi128_si64(f2);
}
/* With AVX-512 VL/CD the highest non-O square comes from a vector lzcnt. */
#define RV_AVX512_TARGET __attribute__((target("avx512f,avx512vl,avx512cd,avx2,popcnt,bmi,bmi2")))
#define RV_AVX512_INLINE static inline __attribute__((always_inline)) RV_AVX512_TARGET
RV_AVX512_INLINE uint64_t rv_flips_avx512(int sq, uint64_t P, uint64_t O) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i ones = _mm256_set1_epi64x(-1ll);
    const __m256i top = _mm256_set1_epi64x((long long)0x8000000000000000ull);
    __m256i PP = _mm256_broadcastq_epi64(_mm_cvtsi64_si128((long long)P));
    __m256i OO = _mm256_broadcastq_epi64(_mm_cvtsi64_si128((long long)O));
    __m256i ru = _mm256_loadu_si256((const __m256i *)(const void *)&rv_ray[sq][0]);
    __m256i rd = _mm256_loadu_si256((const __m256i *)(const void *)&rv_ray[sq][4]);
    __m256i b = _mm256_andnot_si256(OO, ru);
    b = _mm256_and_si256(b, _mm256_sub_epi64(zero, b));
    __mmask8 k = _mm256_test_epi64_mask(b, PP);
    __m256i f = _mm256_maskz_and_epi64(k, ru, _mm256_add_epi64(b, ones));
    __m256i hb = _mm256_srlv_epi64(top, _mm256_lzcnt_epi64(_mm256_andnot_si256(OO, rd)));
    k = _mm256_test_epi64_mask(hb, PP);
    f = _mm256_mask_or_epi64(f, k, f, _mm256_and_si256(rd, _mm256_sub_epi64(zero, _mm256_slli_epi64(hb, 1))));
    __m128i f2 = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
    f2 = _mm_or_si128(f2, _mm_unpackhi_epi64(f2, f2));
    return (uint64_t)_mm_cvtsi128_si64(f2);
}
#endif

#endif
