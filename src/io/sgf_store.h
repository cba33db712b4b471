/* Internal: where the nodes of SGF trees live (sgf.c).  A store is an
 * arena shared by the nodes of the trees built or parsed together. */
#ifndef GS_IO_SGF_STORE_H
#define GS_IO_SGF_STORE_H

#include <stddef.h>
#include "gridstone/sgf.h"

typedef struct io_sgf_store io_sgf_store;

/* The memory of n's store: bytes handed out, bytes of its chunks, how
 * many chunks (tests bound them). */
void io_sgf_memory(const gs_sgf_node *n, size_t *used, size_t *bytes, int *chunks);

#endif
