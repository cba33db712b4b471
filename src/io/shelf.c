/* Games shared by spec (shelf.h). */
#include <stdlib.h>
#include <string.h>
#include "io/iobuf.h"
#include "io/shelf.h"

struct io_shelf {
    int n, max;
    void *spare;                 /* io_shelf_put_spare */
    void (*spare_free)(void *);
    struct shelf_ent {
        uint64_t hash;           /* io_text_hash of the spec: a lookup compares
                                    these, and a spec only where one matches */
        char *spec;
        gs_game *game;
    } ent[];                     /* max of them, n used */
};

io_shelf *io_shelf_new(void) { return io_shelf_new_max(IO_SHELF_MAX); }

io_shelf *io_shelf_new_max(int max) {
    if (max < 0) max = 0;
    io_shelf *s = calloc(1, sizeof(io_shelf) + (size_t)max * sizeof s->ent[0]);
    if (s) s->max = max;
    return s;
}

void io_shelf_free(io_shelf *s) {
    if (!s) return;
    for (int i = 0; i < s->n; i++) {
        free(s->ent[i].spec);
        gs_game_free(s->ent[i].game);
    }
    if (s->spare) s->spare_free(s->spare);
    free(s);
}

gs_game *io_shelf_find(const io_shelf *s, const char *spec) {
    if (!s) return NULL;
    uint64_t h = io_text_hash(spec, strlen(spec));
    for (int i = 0; i < s->n; i++)
        if (s->ent[i].hash == h && !strcmp(s->ent[i].spec, spec)) return s->ent[i].game;
    return NULL;
}

int io_shelf_put(io_shelf *s, const char *spec, gs_game *g) {
    size_t n = strlen(spec) + 1;
    if (!s || s->n == s->max || !(s->ent[s->n].spec = malloc(n))) return 0;
    memcpy(s->ent[s->n].spec, spec, n);
    s->ent[s->n].hash = io_text_hash(spec, n - 1);
    s->ent[s->n++].game = g;
    return 1;
}

int io_shelf_put_spare(io_shelf *s, void *obj, void (*free_fn)(void *)) {
    if (!s || s->spare || !obj) return 0;
    s->spare = obj;
    s->spare_free = free_fn;
    return 1;
}

void *io_shelf_take_spare(io_shelf *s, void (*free_fn)(void *)) {
    if (!s || !s->spare || s->spare_free != free_fn) return NULL;
    void *obj = s->spare;
    s->spare = NULL;
    return obj;
}

gs_status io_shelf_game(io_shelf *s, const char *spec, gs_game **out, int *own, gs_error *err) {
    *out = io_shelf_find(s, spec);
    *own = 0;
    if (*out) return GS_OK;
    gs_status st = gs_game_new(spec, out, err);
    if (st == GS_OK) *own = !io_shelf_put(s, spec, *out);
    return st;
}
