/* Internal region allocator (arena.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "io/arena.h"

#ifdef IO_ARENA_ASAN
#include <sanitizer/asan_interface.h>
#else
#define ASAN_POISON_MEMORY_REGION(a, n) ((void)(a), (void)(n))
#define ASAN_UNPOISON_MEMORY_REGION(a, n) ((void)(a), (void)(n))
#endif
#define REDZONE IO_ARENA_REDZONE

struct io_arena_chunk {
    io_arena_chunk *next;
    size_t used, cap;        /* bytes of the data after the header */
};
#define GROW_MAX ((size_t)1 << 20)
#define HDR ((sizeof(io_arena_chunk) + 15) & ~(size_t)15)

void io_arena_init(io_arena *a, size_t first_cap) {
    a->first = a->last = NULL;
    a->first_cap = first_cap < 256 ? 256 : first_cap;
}

void *io_arena_alloc(io_arena *a, size_t n) {
    if (n > SIZE_MAX - HDR - REDZONE) return NULL;
    io_arena_chunk *c = a->last;
    size_t at = c ? (c->used + 7) & ~(size_t)7 : 0;
    if (!c || at > c->cap || c->cap - at < n + REDZONE) {
        /* Doubling up to GROW_MAX, then steps of it: the chunks hold at
         * most GROW_MAX unused bytes however large the arena grows. */
        size_t cap = c ? c->cap : a->first_cap / 2;
        cap = cap >= GROW_MAX / 2 ? GROW_MAX : 2 * cap;
        if (cap < n + REDZONE) cap = n + REDZONE;
        io_arena_chunk *nc = malloc(HDR + cap);
        if (!nc) return NULL;
        nc->next = NULL;
        nc->used = 0;
        nc->cap = cap;
        ASAN_POISON_MEMORY_REGION((char *)nc + HDR, cap);
        if (c) c->next = nc;
        else a->first = nc;
        a->last = c = nc;
        at = 0;
    }
    char *p = (char *)c + HDR + at;
    c->used = at + n + REDZONE;
    ASAN_UNPOISON_MEMORY_REGION(p, n);
    return p;
}

char *io_arena_strdup(io_arena *a, const char *s, size_t n) {
    char *d = n < SIZE_MAX ? io_arena_alloc(a, n + 1) : NULL;
    if (d) {
        if (n) memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

void io_arena_retire(void *p, size_t n) { ASAN_POISON_MEMORY_REGION(p, n); }
void io_arena_revive(void *p, size_t n) { ASAN_UNPOISON_MEMORY_REGION(p, n); }

void io_arena_size(const io_arena *a, size_t *used, size_t *bytes, int *chunks) {
    *used = *bytes = 0;
    *chunks = 0;
    for (const io_arena_chunk *c = a->first; c; c = c->next) {
        *used += c->used;
        *bytes += HDR + c->cap;
        ++*chunks;
    }
}

void io_arena_free(io_arena *a) {
    for (io_arena_chunk *c = a->first, *next; c; c = next) {
        next = c->next;
        ASAN_UNPOISON_MEMORY_REGION(c, HDR + c->cap);
        free(c);
    }
    a->first = a->last = NULL;
}
