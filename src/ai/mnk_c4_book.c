/* The Connect Four opening book: not generated yet (`make c4-book` writes
 * this file; it takes hours of one core, see docs/PERFORMANCE.md).  With
 * no entries the solver searches every position from scratch. */
#include "ai/mnk_c4.h"

const int c4_book_ply = 0;
const long c4_book_count = 0;
const unsigned char c4_book_data[1] = {0};
