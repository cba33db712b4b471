/* Loaded positions: games shared through a per-load cache, compact records
 * instead of states (GS_LOAD_LAZY), building a state from its record, and
 * freeing an array of entries (each shared game once). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "io/gameio.h"

/* A position as its start (NULL: the game's initial position) and moves. */
struct gs_loaded_rec {
    int nmoves;
    int start_to_move;
    uint8_t *start;          /* geom.n cells, in the same block, or NULL */
    gs_move moves[];
};

typedef struct cache_entry {
    uint64_t hash;
    char *key;
    gs_game *game;           /* owned by the entry that built it */
    gs_state *scratch;
    gs_state *initial;       /* pristine initial state, to reset spare states from */
    gs_state *spare;         /* a state compacted away, ready for the next position */
} cache_entry;

/* Entries are only ever appended (and freed together), so two open-
 * addressing indexes of entry number + 1 (0: free slot), one by game and
 * one by key hash, find an entry in O(1): a load of 100,000 positions
 * over hundreds of games looks its game up for every position. */
#define CACHE_SLOTS (2 * GS_LOAD_MAX_GAMES)   /* a power of two, at most half full */
struct io_game_cache {
    cache_entry *e;
    int n, cap;
    int owns_games;
    uint16_t by_game[CACHE_SLOTS];
    uint16_t by_key[CACHE_SLOTS];
};

static unsigned slot_of(uint64_t h) { return (unsigned)((h * 0x9E3779B97F4A7C15ull) >> 40) & (CACHE_SLOTS - 1); }
static unsigned game_slot(const gs_game *g) { return slot_of((uint64_t)(uintptr_t)g); }
/* Entry number n (1-based) into the first free slot from s on. */
static void index_put(uint16_t *index, unsigned s, int n) {
    while (index[s]) s = (s + 1) & (CACHE_SLOTS - 1);
    index[s] = (uint16_t)n;
}

io_game_cache *io_game_cache_new(int owns_games) {
    io_game_cache *c = calloc(1, sizeof(io_game_cache));
    if (c) c->owns_games = owns_games;
    return c;
}

int io_game_cache_count(const io_game_cache *c) { return c ? c->n : 0; }

int io_game_cache_spares(const io_game_cache *c) {
    int n = 0;
    for (int i = 0; c && i < c->n; i++) n += c->e[i].spare != NULL;
    return n;
}

static void entry_free(const io_game_cache *c, cache_entry *e) {
    free(e->key);
    gs_state_free(e->scratch);
    gs_state_free(e->initial);
    gs_state_free(e->spare);
    if (c->owns_games) gs_game_free(e->game);
}

void io_game_cache_free(io_game_cache *c) {
    if (!c) return;
    for (int i = 0; i < c->n; i++) entry_free(c, &c->e[i]);
    free(c->e);
    free(c);
}

void io_game_cache_trim(io_game_cache *c, int n) {
    if (!c || n < 0 || n >= c->n) return;
    for (int i = n; i < c->n; i++) entry_free(c, &c->e[i]);
    c->n = n;
    /* open addressing has no simple delete: index the kept entries anew */
    memset(c->by_game, 0, sizeof c->by_game);
    memset(c->by_key, 0, sizeof c->by_key);
    for (int i = 0; i < n; i++) {
        index_put(c->by_key, slot_of(c->e[i].hash), i + 1);
        index_put(c->by_game, game_slot(c->e[i].game), i + 1);
    }
}

static cache_entry *cache_find_game(io_game_cache *c, const gs_game *g) {
    if (!c) return NULL;
    for (unsigned s = game_slot(g); c->by_game[s]; s = (s + 1) & (CACHE_SLOTS - 1))
        if (c->e[c->by_game[s] - 1].game == g) return &c->e[c->by_game[s] - 1];
    return NULL;
}

gs_state *io_game_cache_scratch(io_game_cache *c, const gs_game *g) {
    cache_entry *e = cache_find_game(c, g);
    if (e && !e->scratch) e->scratch = gs_state_clone(e->initial);   /* made when first asked for */
    return e ? e->scratch : NULL;
}

gs_status io_loaded_make_game(gs_loaded *l, const io_file_game *fg, const char *override, const char *default_spec,
                              gs_error *err) {
    io_game_cache *c = l->cache_;
    l->game = NULL;
    l->own_game_ = 0;
    if (!c) {
        gs_status st = io_make_game(fg, override, default_spec, &l->game, err);
        l->own_game_ = l->game != NULL;
        return st;
    }
    /* the key: everything io_make_game reads */
    char props[GS_SPEC_MAX_TEXT * (2 * GS_SPEC_MAX_KEYS + 1) + 2 * GS_SPEC_MAX_KEYS + 2];
    size_t pl = 0;
    props[0] = 0;
    if (fg) {
        pl += (size_t)snprintf(props, sizeof props, "%s", fg->props_game);
        for (int i = 0; i < fg->props.nkv && pl < sizeof props; i++)
            pl += (size_t)snprintf(props + pl, sizeof props - pl, "\x1d%s=%s", fg->props.kv[i].key, fg->props.kv[i].val);
    }
    char key[256 + 2 * 32 + sizeof props + 2 * 260 + 64];
    int kl = snprintf(key, sizeof key, "%s\x1f%d\x1f%d\x1f%s\x1f%.255s\x1f%.255s", fg ? fg->spec : "",
                      fg ? fg->w : 0, fg ? fg->h : 0, props, override ? override : "",
                      default_spec ? default_spec : "\x1e");
    if (kl < 0 || (size_t)kl >= sizeof key || (override && strlen(override) > 255)) {
        gs_status st = io_make_game(fg, override, default_spec, &l->game, err);   /* too long to key: not shared */
        l->own_game_ = l->game != NULL;
        return st;
    }
    uint64_t h = io_text_hash(key, (size_t)kl);
    for (unsigned s = slot_of(h); c->by_key[s]; s = (s + 1) & (CACHE_SLOTS - 1)) {
        const cache_entry *f = &c->e[c->by_key[s] - 1];
        if (f->hash == h && !strcmp(f->key, key)) {
            l->game = f->game;
            return GS_OK;
        }
    }
    if (c->n >= GS_LOAD_MAX_GAMES)
        return gs_error_set(err, GS_ERR_LIMIT, "more than %d different games in one input", GS_LOAD_MAX_GAMES);
    gs_game *g;
    gs_status st = io_make_game(fg, override, default_spec, &g, err);
    if (st != GS_OK) return st;
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 8;
        cache_entry *ne = realloc(c->e, (size_t)cap * sizeof *ne);
        if (!ne) {
            gs_game_free(g);
            return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
        }
        c->e = ne;
        c->cap = cap;
    }
    cache_entry *e = &c->e[c->n];
    memset(e, 0, sizeof *e);
    e->hash = h;
    e->key = malloc((size_t)kl + 1);
    e->initial = gs_state_new(g);
    if (!e->key || !e->initial) {
        free(e->key);
        gs_state_free(e->initial);
        gs_game_free(g);
        return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    }
    l->game = g;   /* owned by l (per-load cache) or by the cache */
    l->own_game_ = !c->owns_games;
    memcpy(e->key, key, (size_t)kl + 1);
    e->game = g;
    c->n++;
    index_put(c->by_key, slot_of(h), c->n);
    index_put(c->by_game, game_slot(g), c->n);   /* a new game: no entry has it */
    return GS_OK;
}

static gs_status make_record(gs_loaded *l, const uint8_t *cells, int to_move, const gs_move *moves, int nmoves) {
    const gs_game *g = l->game;
    int initial = io_is_initial(g, cells, to_move);
    size_t sz = sizeof(struct gs_loaded_rec) + (size_t)nmoves * sizeof(gs_move) + (initial ? 0 : (size_t)g->geom.n);
    struct gs_loaded_rec *r = malloc(sz);
    if (!r) return GS_ERR_NOMEM;
    r->nmoves = nmoves;
    r->start_to_move = to_move;
    if (nmoves) memcpy(r->moves, moves, (size_t)nmoves * sizeof(gs_move));
    r->start = NULL;
    if (!initial) {
        r->start = (uint8_t *)(r->moves + nmoves);
        memcpy(r->start, cells, (size_t)g->geom.n);
    }
    free(l->rec_);
    l->rec_ = r;
    return GS_OK;
}

gs_status io_loaded_set_record(gs_loaded *l, const uint8_t *cells, int to_move) {
    return make_record(l, cells, to_move, NULL, 0);
}

gs_state *io_loaded_new_state(gs_loaded *l) {
    cache_entry *e = cache_find_game(l->cache_, l->game);
    if (e && e->spare) {
        gs_state *s = e->spare;
        e->spare = NULL;
        if (gs_state_copy(s, e->initial) == GS_OK) return s;
        gs_state_free(s);
    }
    return gs_state_new(l->game);
}

gs_status io_loaded_compact(gs_loaded *l) {
    gs_state *s = l->state;
    if (!s) return GS_OK;
    int n = s->nhist;
    gs_move one = GS_NOMOVE, *moves = n <= 1 ? &one : malloc((size_t)n * sizeof *moves);
    if (!moves) return GS_ERR_NOMEM;
    for (int i = 0; i < n; i++) moves[i] = s->hist[i].move;
    gs_status st = GS_OK;
    while (s->nhist > 0 && st == GS_OK) st = gs_undo(s);   /* back to the start, in place */
    if (st == GS_OK) st = make_record(l, s->board.cells, s->to_move, moves, n);
    if (moves != &one) free(moves);
    if (st != GS_OK) return st;
    cache_entry *e = cache_find_game(l->cache_, l->game);
    if (e && !e->spare) e->spare = s;   /* reused by the next position of this game */
    else gs_state_free(s);
    l->state = NULL;
    return GS_OK;
}

gs_state *gs_loaded_state(gs_loaded *l) {
    if (!l) return NULL;
    if (l->state || !l->rec_ || !l->game) return l->state;
    const struct gs_loaded_rec *r = l->rec_;
    gs_state *s = io_loaded_new_state(l);   /* the game's spare state when there is one */
    if (!s) return NULL;
    gs_status st = GS_OK;
    if (r->start) st = gs_setup(s, r->start, r->start_to_move, NULL);
    else if (r->start_to_move != s->to_move) st = GS_ERR_BAD_POSITION;   /* cannot happen: initial means both */
    if (st == GS_OK) st = gs_hist_reserve(s, r->nmoves);
    for (int i = 0; i < r->nmoves && st == GS_OK; i++) st = gs_play(s, r->moves[i]);
    if (st != GS_OK) {   /* only out of memory: the moves replayed when the file was read */
        gs_state_free(s);
        return NULL;
    }
    l->state = s;
    return s;
}

/* Free l's state, or with a cache that outlives the load (io_load_positions'
 * own) make it its game's spare: the next state of that game is reset
 * from the initial state instead of allocated. */
static void state_drop(gs_loaded *l) {
    cache_entry *e = l->state ? cache_find_game(l->cache_, l->game) : NULL;
    if (e && !e->spare) e->spare = l->state;
    else gs_state_free(l->state);
    l->state = NULL;
}

void gs_loaded_release(gs_loaded *l) {
    if (!l || !l->rec_) return;
    state_drop(l);
}

gs_loaded *io_loaded_push(gs_loaded **arr, int *count, int *cap) {
    if (*count == *cap) {
        int nc = *cap ? *cap * 2 : 4;
        gs_loaded *a = realloc(*arr, (size_t)nc * sizeof *a);
        if (!a) return NULL;
        *arr = a;
        *cap = nc;
    }
    gs_loaded *l = &(*arr)[(*count)++];
    memset(l, 0, sizeof *l);
    return l;
}

void io_loaded_free_one(gs_loaded *l) {
    state_drop(l);
    free(l->rec_);
    free(l->note_ko);
    if (l->own_game_) gs_game_free(l->game);
    memset(l, 0, sizeof *l);
}

void gs_loaded_free(gs_loaded *l, int count) {
    if (!l) return;
    /* states first: freeing a state uses its game, which another entry may own */
    for (int i = 0; i < count; i++) {
        state_drop(&l[i]);
        free(l[i].rec_);
        l[i].rec_ = NULL;
        free(l[i].note_ko);
        l[i].note_ko = NULL;
    }
    for (int i = 0; i < count; i++)
        if (l[i].own_game_) gs_game_free(l[i].game);
    free(l);
}
