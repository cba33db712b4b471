/* The Connect Four opening book: empty (tools/c4_book.c writes this file;
 * see docs/PERFORMANCE.md for the cost).  With no entries the solver
 * searches every position. */
#include "ai/mnk_c4.h"

const int c4_book_covers = 0;
const int c4_book_ply = 0;
const long c4_book_count = 0;
const uint64_t c4_book_keys[1] = {0};
const unsigned char c4_book_vals[1] = {0};
