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
#define RV_B3_10(v) RV_B3_9(v), RV_B3_9((v) + 19683)
const uint16_t rv_eval_b3[1024] = {RV_B3_10(0)};

/* rv_eval_b3_rows_rev[b]: the same with each group of three bits read in
 * reverse order (bit 3r + i weighs 3^(3r + 2 - i)): a 3x3 corner block
 * gathered from the board's right-hand side, whose rows run the other way. */
#define RV_H3_1(v) (v), (v) + 9
#define RV_H3_2(v) RV_H3_1(v), RV_H3_1((v) + 3)
#define RV_H3_3(v) RV_H3_2(v), RV_H3_2((v) + 1)
#define RV_H3_4(v) RV_H3_3(v), RV_H3_3((v) + 243)
#define RV_H3_5(v) RV_H3_4(v), RV_H3_4((v) + 81)
#define RV_H3_6(v) RV_H3_5(v), RV_H3_5((v) + 27)
#define RV_H3_7(v) RV_H3_6(v), RV_H3_6((v) + 6561)
#define RV_H3_8(v) RV_H3_7(v), RV_H3_7((v) + 2187)
#define RV_H3_9(v) RV_H3_8(v), RV_H3_8((v) + 729)
const uint16_t rv_eval_b3_rows_rev[512] = {RV_H3_9(0)};

/* rv_eval_b3_rev5[b]: each group of five bits read in reverse order (bit
 * 5r + i weighs 3^(5r + 4 - i)): a 2x5 corner block gathered from the
 * board's right-hand side. */
#define RV_H5_1(v) (v), (v) + 81
#define RV_H5_2(v) RV_H5_1(v), RV_H5_1((v) + 27)
#define RV_H5_3(v) RV_H5_2(v), RV_H5_2((v) + 9)
#define RV_H5_4(v) RV_H5_3(v), RV_H5_3((v) + 3)
#define RV_H5_5(v) RV_H5_4(v), RV_H5_4((v) + 1)
#define RV_H5_6(v) RV_H5_5(v), RV_H5_5((v) + 19683)
#define RV_H5_7(v) RV_H5_6(v), RV_H5_6((v) + 6561)
#define RV_H5_8(v) RV_H5_7(v), RV_H5_7((v) + 2187)
#define RV_H5_9(v) RV_H5_8(v), RV_H5_8((v) + 729)
#define RV_H5_10(v) RV_H5_9(v), RV_H5_9((v) + 243)
const uint16_t rv_eval_b3_rev5[1024] = {RV_H5_10(0)};

#if RV_EVAL_HAVE_WEIGHTS
int rv_eval_pattern(uint64_t P, uint64_t O) { return rv_eval_with(rv_eval_weights, P, O); }
#endif
