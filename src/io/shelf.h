/* Internal: games kept for many users made one after another (protocol
 * engines, server cores), keyed by spec.  A game is immutable once built,
 * so whoever finds its spec here uses the shelf's game; one built for a
 * spec not yet here goes on the shelf while there is room (the shelf then
 * owns it), else its builder keeps and frees it.  Not locked: one thread
 * finds and puts (others may read the games).  Free the shelf after
 * everything that used its games. */
#ifndef GS_IO_SHELF_H
#define GS_IO_SHELF_H

#include "gridstone/gridstone.h"

#define IO_SHELF_MAX 64

typedef struct io_shelf io_shelf;
/* A shelf for IO_SHELF_MAX games (the bound every engine and server core
 * gets), or for max of them (a process that meets many specs and keeps
 * them all: fuzz_gomocup's inputs name some 130 board sizes and rules, and
 * with 64 shelved a START built a game 14% of the time). */
io_shelf *io_shelf_new(void);
io_shelf *io_shelf_new_max(int max);
void io_shelf_free(io_shelf *s);
/* The shelf's game for spec; NULL when none (or s is NULL). */
gs_game *io_shelf_find(const io_shelf *s, const char *spec);
/* Hand g (built for spec) over: 1 when the shelf took it, 0 when it is
 * full (or s is NULL, or out of memory). */
int io_shelf_put(io_shelf *s, const char *spec, gs_game *g);
/* The game for spec from the shelf, else built (and put on the shelf
 * when there is room): *own says whether the caller owns it. */
gs_status io_shelf_game(io_shelf *s, const char *spec, gs_game **out, int *own, gs_error *err);

/* One spare object for the next user of its kind (an engine that ends
 * leaves its search's memory to the next engine: the Gomocup engine's
 * search and its tables, 180 KB made and cleared per engine otherwise).
 * The kind is the function that frees it.  Put: 1 when the shelf took obj
 * (its slot was empty), 0 else (the caller still owns it; also when s is
 * NULL).  Take: the spare of that kind, now the caller's, or NULL. */
int io_shelf_put_spare(io_shelf *s, void *obj, void (*free_fn)(void *));
void *io_shelf_take_spare(io_shelf *s, void (*free_fn)(void *));

#endif
