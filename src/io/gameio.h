/* Internal: what the SGF, JSON and OBF mappings share - building the game a
 * file names (merged with a --game override), the start position of a
 * state, replaying moves with lenient/strict handling. */
#ifndef GS_IO_GAMEIO_H
#define GS_IO_GAMEIO_H

#include "gridstone/io.h"
#include "io/iobuf.h"

/* What a file says about its game.  spec: a spec string ("" if the file
 * names no game); w, h: board size from the file (0 if none), written to
 * the keys the game's table gives the size role; props: keys read from
 * the file properties only game props_game knows (its props_read hook),
 * used when the game built is that one.  Keys already in spec win over
 * size and props. */
typedef struct io_file_game {
    char spec[256];
    int w, h;
    char props_game[GS_SPEC_MAX_TEXT];
    gs_spec props;
} io_file_game;

/* Build the game: the file's game with override's keys on top, or the
 * override's game alone when it names another game.  default_spec is used
 * when neither names a game (NULL: that is an error). */
gs_status io_make_game(const io_file_game *fg, const char *override, const char *default_spec,
                       gs_game **out, gs_error *err);

/* Games built for one load, keyed by what built them (the file's game
 * fields, the override, the default), so that positions of one game
 * share one gs_game and building it (tables and all) happens once.  For
 * each game it also keeps the initial position and a scratch state. */
typedef struct io_game_cache io_game_cache;
/* owns_games = 0: the per-load cache (the entry that built a game owns
 * it); 1: a cache that outlives loads (the fuzz targets keep one so that
 * no input pays for building a game another input built) and owns its
 * games - free every array loaded through it before the cache. */
io_game_cache *io_game_cache_new(int owns_games);
/* Frees the keys, scratch states and, if it owns them, the games. */
void io_game_cache_free(io_game_cache *c);
/* How many games the cache holds. */
int io_game_cache_count(const io_game_cache *c);
/* Drop every game after the first n (those added since the count was n),
 * with their states: a cache kept across loads stays bounded, and a load
 * that added games can leave the heap as it found it.  No array loaded
 * through the cache may still use a dropped game. */
void io_game_cache_trim(io_game_cache *c, int n);
/* How many spare states (handed back by released or freed entries, see
 * io_load_positions) the cache holds. */
int io_game_cache_spares(const io_game_cache *c);
/* gs_load_positions through a cache that outlives the load (NULL: a
 * per-load cache, as gs_load_positions).  Under GS_LOAD_LAZY, the entries
 * of such a load build their states through the cache (gs_loaded_state
 * takes the game's spare state, gs_loaded_release gives it back), so
 * release or free the entries before the cache. */
gs_status io_load_positions(const char *data, size_t len, const char *spec_override, int flags,
                            io_game_cache *cache, gs_loaded **out, int *count, gs_error *err);
struct gs_sgf_collection;
/* io_load_positions of data that the caller has parsed already: sgf, when
 * not NULL, is gs_sgf_parse's collection of data (the same text, which the
 * loader's messages quote), used instead of a second parse when data is
 * SGF.  A caller that checks the parse itself (fuzz_sgf) saves a parse. */
gs_status io_load_parsed(const char *data, size_t len, const struct gs_sgf_collection *sgf, const char *spec_override,
                         int flags, io_game_cache *cache, gs_loaded **out, int *count, gs_error *err);

/* io_make_game for entry l: through l->cache_ when the loader set one (a
 * game seen before is shared, l->own_game_ = 0), else a new game that l
 * owns.  Sets l->game. */
gs_status io_loaded_make_game(gs_loaded *l, const io_file_game *fg, const char *override, const char *default_spec,
                              gs_error *err);
/* The cache's scratch state for game g (built with it; reset to the
 * initial position by the caller's gs_setup), NULL if none. */
gs_state *io_game_cache_scratch(io_game_cache *c, const gs_game *g);
/* A state at the initial position of l->game for the loader to fill:
 * through the cache, a state an earlier position left (reset by copy,
 * cheaper than building one), else a new one.  NULL when out of memory. */
gs_state *io_loaded_new_state(gs_loaded *l);
/* Turn l->state into a compact record (start position only when it is not
 * the game's initial one, the moves) and free the state. */
gs_status io_loaded_compact(gs_loaded *l);
/* A record of a position given directly (OBF lines): start cells and side
 * to move, no moves. */
gs_status io_loaded_set_record(gs_loaded *l, const uint8_t *cells, int to_move);

/* Start position of s (before its recorded moves): cells (geom.n) and the
 * side to move.  GS_ERR_NOMEM or an undo failure otherwise. */
gs_status io_start_position(const gs_state *s, uint8_t *cells, int *to_move);
/* 1 when cells / to_move are the game's initial position (g->init_cells). */
int io_is_initial(const gs_game *g, const uint8_t *cells, int to_move);
/* Has a state in hand stones on the board? */
int io_has_stones(const gs_state *s);
/* Has any of the n cells a stone (e.g. a game's initial position)? */
int io_cells_have_stones(const uint8_t *cells, size_t n);

/* Record an illegal move found during replay: lenient (fill l and return
 * GS_OK, the caller stops) or strict (return an error naming the move, at
 * byte offset pos of text; text may be NULL). */
/* Add a note to l: the English to l->note, the Korean (error_ko.c's
 * catalogue: fmt must be there) to l->note_ko; "; " between notes. */
void io_note(gs_loaded *l, const char *fmt, ...);
gs_status io_illegal(gs_loaded *l, int flags, int moveno, const char *movetext, gs_status reason,
                     const char *text, size_t len, size_t pos, gs_error *err);

/* Free the state, record and (if it owns it) the game of one entry and
 * zero it. */
void io_loaded_free_one(gs_loaded *l);

/* Grow an array of gs_loaded by one zeroed entry; NULL when out of memory. */
gs_loaded *io_loaded_push(gs_loaded **arr, int *count, int *cap);

#endif
