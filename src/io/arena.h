/* Internal: a region allocator for objects that live and die together (a
 * parsed JSON tree, a database result).  One malloc per chunk instead of
 * one per object: under AddressSanitizer every malloc records a stack,
 * and the server parses every message and materializes every query.
 * Built with ASan, the bytes between objects and the unused tail of a
 * chunk stay poisoned (each object has a redzone behind it), so reading
 * past an object is still reported as with a malloc of its own; a use
 * after io_arena_free is reported as a use after free. */
#ifndef GS_IO_ARENA_H
#define GS_IO_ARENA_H

#include <stddef.h>

/* Bytes kept poisoned after each object under AddressSanitizer, 0 without. */
#if defined(__SANITIZE_ADDRESS__)
#define IO_ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IO_ARENA_ASAN 1
#endif
#endif
#ifdef IO_ARENA_ASAN
#define IO_ARENA_REDZONE 16
#else
#define IO_ARENA_REDZONE 0
#endif

typedef struct io_arena_chunk io_arena_chunk;
typedef struct io_arena {
    io_arena_chunk *first, *last;
    size_t first_cap;        /* bytes of the first chunk; later ones double up to 1 MiB */
} io_arena;

/* An empty arena whose first chunk (made at the first allocation) holds
 * first_cap bytes (at least 256). */
void io_arena_init(io_arena *a, size_t first_cap);
/* n bytes aligned for any object of this library's kinds (8), NULL when
 * out of memory; not cleared. */
void *io_arena_alloc(io_arena *a, size_t n);
/* A NUL-terminated copy of s[0..n), NULL when out of memory. */
char *io_arena_strdup(io_arena *a, const char *s, size_t n);
/* Bytes handed out (with alignment and redzones), bytes of the chunks
 * (headers included) and the number of chunks. */
void io_arena_size(const io_arena *a, size_t *used, size_t *bytes, int *chunks);
/* Under AddressSanitizer, mark n bytes at p (from an arena) dead: a read
 * or write is reported ("use-after-poison") until io_arena_revive; for
 * objects an owner drops before the arena goes.  Nothing without ASan. */
void io_arena_retire(void *p, size_t n);
void io_arena_revive(void *p, size_t n);
/* Every chunk freed; the arena is empty again (and may be used again). */
void io_arena_free(io_arena *a);

#endif
