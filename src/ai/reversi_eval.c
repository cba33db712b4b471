/* Trained pattern evaluation for 8x8 Reversi: the lookups (see
 * reversi_eval.h); the weights live in reversi_eval_weights.c, generated
 * by tools/rv_train.c. */
#include "ai/reversi_eval.h"

/* rv_eval_b3[b] = sum of 3^k over the set bits k of b, built by the
 * preprocessor: each level doubles the table with the next power of 3. */
#define RV_B3_1(v) (v), (v) + 1
#define RV_B3_2(v) RV_B3_1(v), RV_B3_1((v) + 3)
#define RV_B3_3(v) RV_B3_2(v), RV_B3_2((v) + 9)
#define RV_B3_4(v) RV_B3_3(v), RV_B3_3((v) + 27)
#define RV_B3_5(v) RV_B3_4(v), RV_B3_4((v) + 81)
#define RV_B3_6(v) RV_B3_5(v), RV_B3_5((v) + 243)
#define RV_B3_7(v) RV_B3_6(v), RV_B3_6((v) + 729)
#define RV_B3_8(v) RV_B3_7(v), RV_B3_7((v) + 2187)
#define RV_B3_9(v) RV_B3_8(v), RV_B3_8((v) + 6561)
const uint16_t rv_eval_b3[512] = {RV_B3_9(0)};

#if RV_EVAL_HAVE_WEIGHTS
int rv_eval_pattern(uint64_t P, uint64_t O) { return rv_eval_with(rv_eval_weights, P, O); }
#endif
