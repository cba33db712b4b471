/* libFuzzer target: the SGF parser, the writer round trip
 * (parse(write(t)) == t) and the SGF loader, lenient and strict; a loaded
 * state (built from a lazy load's record) must survive its own SGF round
 * trip.  Games are built once per process (a game cache that
 * outlives the inputs), so an input pays only for its own work: the
 * first CACHE_KEEP games stay, and those an input adds beyond them are
 * dropped at its end (io_game_cache_trim), so that it ends with no more
 * allocations than it began with (libFuzzer runs an input that does again,
 * for its leak check: a quarter of the inputs did, when the cache grew
 * to 64 games and then started afresh).
 * fuzz-flags: -max_len=4096 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "gridstone/sgf.h"
#include "io/gameio.h"
#include "asan_quarantine.h"

/* The round trip's writer, reader and comparison: src/io/sgf.c built a
 * second time without comparison tracing, its names prefixed chk_
 * (Makefile): they read the writer's text, not the input. */
char *chk_gs_sgf_write(const gs_sgf_collection *c, size_t *len);
gs_status chk_gs_sgf_parse(const char *text, size_t len, gs_sgf_collection **out, gs_error *err);
int chk_gs_sgf_equal(const gs_sgf_collection *a, const gs_sgf_collection *b);
void chk_gs_sgf_free(gs_sgf_collection *c);

#define CACHE_KEEP 64
static io_game_cache *cache;

/* What a loaded state's round trip must give back: taken from the state
 * before it goes back to the cache, so that the load of its SGF text
 * reuses it (the game's spare) instead of making a state of its own. */
typedef struct {
    const char *spec;    /* the game's: games stay in the cache for the input */
    uint64_t hash;
    int nhist, to_move, resigned;
} fingerprint;

static fingerprint fingerprint_of(const gs_state *s) {
    fingerprint f = {s->game->spec, gs_state_hash(s), s->nhist, s->to_move, s->resigned};
    return f;
}

static int same(const gs_state *a, const fingerprint *b) {
    return !strcmp(a->game->spec, b->spec) && gs_state_hash(a) == b->hash && a->nhist == b->nhist &&
           a->to_move == b->to_move && a->resigned == b->resigned;
}

static void load_checks(const char *text, size_t size, const gs_sgf_collection *c);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    gs_error err;
    gs_sgf_collection *c;
    if (gs_sgf_parse(text, size, &c, &err) != GS_OK) {
        if (err.line < 1 || err.col < 1) abort();
        return 0;   /* the loader parses the same text: it fails the same way */
    }
    size_t len;
    char *w = chk_gs_sgf_write(c, &len);
    gs_sgf_collection *d;
    if (!w || chk_gs_sgf_parse(w, len, &d, &err) != GS_OK) abort();
    if (!chk_gs_sgf_equal(c, d)) abort();
    chk_gs_sgf_free(d);
    free(w);
    if (!cache && !(cache = io_game_cache_new(1))) abort();
    load_checks(text, size, c);
    gs_sgf_free(c);
    io_game_cache_trim(cache, CACHE_KEEP);   /* bounded: inputs can name many games */
    return 0;
}

/* The loads of the input take the collection parsed above
 * (io_load_parsed): a second parse of the same text would run the same
 * code on the same bytes (a quarter of the loads' time).  The SGF text a
 * loaded state's round trip writes is parsed by the untraced copy too and
 * handed to the loader the same way: it is the writer's text, not the
 * input, and its traced parse was 3% of a fuzzing run. */
static void load_checks(const char *text, size_t size, const gs_sgf_collection *c) {
    gs_error err;
    /* lazy: the loader replays every position into a state, keeps a record;
     * the state built from the record must survive its SGF round trip */
    gs_loaded *l;
    int n;
    if (io_load_parsed(text, size, c, NULL, GS_LOAD_LAZY, cache, &l, &n, &err) != GS_OK) return;
    int stopped = 0;
    for (int i = 0; i < n; i++) {
        stopped |= l[i].illegal_at || l[i].note[0];
        if (i >= 4) continue;
        const gs_state *s = gs_loaded_state(&l[i]);
        if (!s) abort();
        /* not games ended by two passes: their result needs Go's playout
         * scoring (256 playouts, milliseconds per input; the Go tests cover it) */
        if (!(s->nhist >= 2 && s->hist[s->nhist - 1].move == GS_PASS && s->hist[s->nhist - 2].move == GS_PASS)) {
            /* the written text is parsed by the untraced copy (as the
             * round trip above) and loaded by the library's loader */
            char *t = gs_state_to_sgf(s);
            size_t tl = t ? strlen(t) : 0;
            fingerprint want = fingerprint_of(s);
            gs_loaded_release(&l[i]);   /* s is the game's spare again */
            gs_sgf_collection *tc;
            gs_loaded *l2;
            int n2;
            if (!t || chk_gs_sgf_parse(t, tl, &tc, &err) != GS_OK) abort();
            if (io_load_parsed(t, tl, tc, NULL, GS_LOAD_STRICT, cache, &l2, &n2, &err) != GS_OK) abort();
            if (n2 != 1 || !same(l2[0].state, &want)) abort();
            gs_loaded_free(l2, n2);
            chk_gs_sgf_free(tc);
            free(t);
        }
        gs_loaded_release(&l[i]);   /* (a no-op when released above) */
    }
    gs_loaded_free(l, n);
    /* strict: only where lenient replay stopped does it differ.  (No eager
     * lenient load besides: GS_LOAD_LAZY changes nothing in the SGF replay
     * but the record kept at the end, and eager loads with their states run
     * in the strict loads here and above; it took a tenth of the time.) */
    if (stopped) {
        if (io_load_parsed(text, size, c, NULL, GS_LOAD_STRICT, cache, &l, &n, &err) == GS_OK) gs_loaded_free(l, n);
        else if (err.msg[0] == 0) abort();
    }
}
