/* gridstone: the game interface.  A gs_game is immutable (rules and
 * parameters, built from a spec string); a gs_state is one mutable position
 * with its history.  Every rule module implements gs_game_ops. */
#ifndef GRIDSTONE_GAME_H
#define GRIDSTONE_GAME_H

#include "gridstone/export.h"
#include <stdint.h>
#include <stddef.h>
#include "gridstone/error.h"
#include "gridstone/board.h"
#include "gridstone/spec.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gs_game gs_game;
typedef struct gs_state gs_state;
typedef struct gs_game_ops gs_game_ops;
struct gs_count;

/* How a finished game ended. */
typedef enum gs_end {
    GS_END_NONE = 0,   /* still running */
    GS_END_LINE,       /* k / five in a row */
    GS_END_FULL,       /* board full without a winner */
    GS_END_SCORE,      /* counted: Go after two passes, Reversi when no side can move */
    GS_END_RESIGN
} gs_end;

#define GS_MAX_LINE 32

typedef struct gs_result {
    int over;              /* 1 when the game has ended */
    int winner;            /* GS_BLACK, GS_WHITE, or GS_EMPTY for a draw */
    gs_end how;
    int has_score;         /* 1 when score is meaningful */
    double score;          /* black minus white (Go: with komi; Reversi: discs) */
    int nline;             /* winning cells, when how == GS_END_LINE */
    int line[GS_MAX_LINE];
} gs_result;

/* One history entry: the move and the colour that made it. */
typedef struct gs_hist {
    gs_move move;
    uint8_t color;
} gs_hist;

/* Common head of every game.  A module's own game struct embeds this as
 * its first member and adds its parameters. */
struct gs_game {
    const gs_game_ops *ops;
    char spec[256];          /* canonical spec: "mnk:m=3,n=3,k=3,gravity=0" (written by
                                the core from the game's key table) */
    gs_geom geom;
    gs_notation notation;    /* the game's default notation */
    int sgf_gm;              /* SGF GM[] number, 0 if SGF has none (copied from ops) */
    unsigned sym_mask;       /* bit s set: board symmetry s (gs_sym_apply) maps
                                legal moves and results onto themselves; the
                                test harness checks exactly these */
    int init_to_move;        /* the initial position (a fresh state's side to move and
                                cells, geom.n of them; written by the core when the game
                                is made): every SGF written or read asks whether its
                                start is this one, and needs no state to answer */
    uint8_t init_cells[GS_MAX_CELLS];
};

/* Common head of every state; a module's state embeds it first. */
struct gs_state {
    const gs_game *game;
    gs_board board;          /* stones; board.hash = stones only */
    uint8_t to_move;         /* GS_BLACK or GS_WHITE */
    uint8_t resigned;        /* colour that resigned, or 0 */
    int nhist, hist_cap;     /* moves since the start or setup position */
    gs_hist *hist;
};

/* History entries that are moves: a resignation, when there is one, is the
 * last entry and belongs to the generic layer, not to the game. */
static inline int gs_moves_played(const gs_state *s) { return s->nhist - (s->resigned ? 1 : 0); }

/* A name standing for a game with preset keys ("renju" = "gomoku:rule=renju"). */
typedef struct gs_game_alias {
    const char *name;
    const char *spec;                /* a spec of the game that lists it */
    const char *ko_name;             /* its name for Korean players ("렌주") */
} gs_game_alias;

/* A game record's properties as a game module sees them (io fills it for
 * SGF root nodes): get a property's first value (NULL if absent), add one,
 * report a bad value (why: the reason, made with gs_error_set so it has its
 * Korean; returns the error with the property and the file position put
 * before it), or leave a note for a value read but not used. */
typedef struct gs_file_props {
    void *ud;
    const char *(*get)(void *ud, const char *id);
    gs_status (*put)(void *ud, const char *id, const char *value);
    gs_status (*fail)(void *ud, const char *id, const gs_error *why);
    void (*note)(void *ud, const char *id, const char *msg);
} gs_file_props;

struct gs_game_ops {
    const char *name;                /* "mnk", "go", "gomoku", "reversi" */
    const char *summary;             /* one line for --help */
    /* The same for Korean players: the game's name in Korean ("바둑") and
     * its summary.  Every game has them (tests/test_harness.c checks it),
     * as every key has its ko_label and every alias its ko_name; tools
     * read them with gs_registry_text. */
    const char *ko_name, *ko_summary;
    /* The spec keys (ended by a NULL name): the core reads a spec against
     * them, rejects unknown keys and bad values, and writes the canonical
     * spec and the help text from them. */
    const gs_spec_key *keys;
    const gs_game_alias *aliases;    /* optional, ended by a NULL name */
    int sgf_gm;                      /* SGF GM[] number, 0 if SGF has none */
    /* Build the game from the key values (table order; defaults applied,
     * set = 1 where the spec gave the key).  A key the game derives from
     * others (default NULL) is filled in here, and vals are left as the
     * canonical spec should say; the core writes spec and sgf_gm.  Fill
     * the rest of the gs_game head (ops, geom, notation, sym_mask). */
    gs_status (*create)(gs_spec_val *vals, gs_game **out, gs_error *err);
    void (*destroy)(gs_game *g);
    gs_state *(*state_new)(const gs_game *g);   /* initial position */
    void (*state_free)(gs_state *s);
    gs_status (*state_copy)(gs_state *dst, const gs_state *src);
    /* GS_OK if m is legal for the side to move, else the reason.  Never
     * called with GS_RESIGN (the generic layer handles resignation). */
    gs_status (*check)(const gs_state *s, gs_move m);
    /* Legal moves (GS_PASS included where legal) into out, which has room
     * for geom.n + 1 entries; returns the count (0 when the game is over). */
    int (*legal_moves)(const gs_state *s, gs_move *out);
    /* Check, then play.  On error the state is unchanged. */
    gs_status (*play)(gs_state *s, gs_move m);
    gs_status (*undo)(gs_state *s);             /* GS_ERR_NO_UNDO at the start */
    void (*result)(const gs_state *s, gs_result *r);  /* ignoring resignation */
    /* Replace the position with cells (geom.n values) and side to move,
     * clearing the history.  Rejects positions the game cannot hold,
     * leaving s as it was (the SGF loader relies on it). */
    gs_status (*setup)(gs_state *s, const uint8_t *cells, int to_move, gs_error *err);
    gs_status (*validate)(const gs_state *s, gs_error *err);
    /* Optional (NULL = generic): one extra line for text rendering
     * ("captures B 3 W 1"; in lang), and a fast perft. */
    void (*describe)(const gs_state *s, gs_lang lang, char *buf, size_t len);
    uint64_t (*perft)(gs_state *s, int depth, uint64_t *ended_at_depth);
    /* Optional (NULL = none): stones each colour has captured (Go prisoners). */
    int (*captures)(const gs_state *s, int color);
    /* Optional (all three NULL = the game has no counting phase): games whose
     * finished position (result how == GS_END_SCORE) is counted after the
     * players agree on dead stones.  dead is a cell mask (geom.n bytes, 1 =
     * a stone taken off as dead).  dead_estimate fills it with the engine's
     * estimate; dead_toggle flips the whole group of the stone on cell
     * (GS_ERR_INVALID_ARG for an empty or off-board cell); count scores the
     * position with those stones taken off under the game's rules. */
    void (*dead_estimate)(const gs_state *s, uint64_t seed, uint8_t *dead);
    gs_status (*dead_toggle)(const gs_state *s, uint8_t *dead, int cell);
    gs_status (*count)(const gs_state *s, const uint8_t *dead, struct gs_count *out, gs_error *err);
    /* Optional (NULL = none): put n handicap stones of the first player on
     * the empty board of a fresh state at the game's fixed points; the
     * other side moves next.  GS_ERR_BAD_VALUE when n has no placement. */
    gs_status (*handicap)(gs_state *s, int n, gs_error *err);
    /* Optional: the record properties only this game knows (SGF root: Go's
     * KM, RU, HA).  props_read turns them into spec keys on keys (a key
     * already there wins: set only missing ones); props_write adds them
     * for a record of game g starting at position start (geom.n cells)
     * with to_move to move. */
    gs_status (*props_read)(const gs_file_props *fp, gs_spec *keys, gs_error *err);
    gs_status (*props_write)(const gs_game *g, const uint8_t *start, int to_move, const gs_file_props *fp);
    /* Optional (NULL = result's over): has the game ended (resignation
     * aside)?  For games whose result is costly to compute (Go counts the
     * finished position with a dead-stone estimate), so gs_is_over stays
     * cheap. */
    int (*over)(const gs_state *s);
    /* Optional (NULL = undo every move on a copy): the position before the
     * state's recorded moves (cells: geom.n of them, and the side to move
     * there), for games that keep it anyway; writers ask for it once per
     * record. */
    void (*start)(const gs_state *s, uint8_t *cells, int *to_move);
    /* Optional (NULL: the general word): the Korean words of this game's
     * result sentences where its players use their own - the score's
     * unit, written right after the number ("집" in Go, "개 차" in
     * Reversi; generally "점 차"), a win by resignation ("불계승" in Go;
     * generally "기권승"), and what a line win made ("오목 완성" in the
     * Gomoku family; generally "한 줄 완성"). */
    const char *ko_score_unit, *ko_resign_win, *ko_line_win;
};

/* A count with agreed dead stones (games with a counting phase). */
typedef struct gs_count {
    gs_result result;              /* over, winner, has_score, score (black - white), how = GS_END_SCORE */
    double points[3];              /* totals per colour, [GS_BLACK], [GS_WHITE] (komi included) */
    uint8_t owner[GS_MAX_CELLS];   /* per cell: the colour it counts for, GS_EMPTY = nobody */
    uint8_t dead[GS_MAX_CELLS];    /* 1 on every stone taken off as dead */
} gs_count;

/* ---- registry and construction ---- */
/* Build a game from a spec string ("go:size=9", "tictactoe", ...). */
GS_API gs_status gs_game_new(const char *spec, gs_game **out, gs_error *err);
/* Same from a parsed spec (the spec's keys are marked used). */
GS_API gs_status gs_game_new_spec(gs_spec *spec, gs_game **out, gs_error *err);
GS_API void gs_game_free(gs_game *g);
/* Registered games and aliases, for listings: returns the count and, for
 * i < count, the name and (for aliases) the spec it stands for. */
GS_API int gs_registry_count(void);
GS_API const char *gs_registry_name(int i, const char **alias_of, const char **summary);
GS_API const gs_game_ops *gs_registry_find(const char *name);
/* What to call a game or alias in lang, for listings and forms: in
 * English its name, in Korean its ko_name (the game's or the alias's);
 * *summary (if given) the game's summary in lang (an alias: its game's).
 * NULL (and *summary NULL) if the name is unknown. */
GS_API const char *gs_registry_text(const char *name, gs_lang lang, const char **summary);
/* The game a name stands for: the game itself, or an alias's game (then
 * *alias_spec, if given, is the alias's spec).  NULL if unknown. */
GS_API const gs_game_ops *gs_registry_resolve(const char *name, const char **alias_spec);
/* The registered game with SGF GM[gm], or NULL. */
GS_API const gs_game_ops *gs_registry_by_sgf_gm(int gm);
/* Build a game of the given module (registered or not) from a spec text
 * naming it or with no name ("", ":k=v", or a spec of ops->name). */
GS_API gs_status gs_game_new_ops(const gs_game_ops *ops, const char *spec, gs_game **out, gs_error *err);

/* ---- spec keys, for tools (CLI help, servers, forms) ----
 * The keys of a game or alias (its game's table; NULL if unknown) and
 * their count.  gs_game_key_default writes a key's default for that name
 * into buf (an alias's preset wins) and returns buf, or NULL where the
 * game derives the value from other keys. */
GS_API const gs_spec_key *gs_game_keys(const char *name, int *count);
GS_API const char *gs_game_key_default(const char *name, const gs_spec_key *k, char *buf, size_t len);
/* Help text for a game or alias: one line per key
 * "  size=N|WxH (2..25)  board size (default 19)".  Returns the length
 * it needed (truncated to len). */
GS_API size_t gs_game_keys_help(const char *name, char *buf, size_t len);
/* The same in lang: in Korean each key's label ("판 크기 (기본값 19)"). */
GS_API size_t gs_game_keys_help_lang(const char *name, gs_lang lang, char *buf, size_t len);

/* ---- states ---- */
GS_API gs_state *gs_state_new(const gs_game *g);
GS_API void gs_state_free(gs_state *s);
GS_API gs_state *gs_state_clone(const gs_state *s);              /* snapshot */
GS_API gs_status gs_state_copy(gs_state *dst, const gs_state *src);  /* no alloc if room */

GS_API gs_status gs_check(const gs_state *s, gs_move m);
GS_API int gs_legal_moves(const gs_state *s, gs_move *out);      /* out: n + 1 */
GS_API gs_status gs_play(gs_state *s, gs_move m);                /* includes GS_RESIGN */
GS_API gs_status gs_undo(gs_state *s);
GS_API void gs_result_get(const gs_state *s, gs_result *r);       /* resignation aware */
GS_API int gs_is_over(const gs_state *s);
/* Set s to the position cells (geom.n values) with to_move to move and no
 * history; a refused position (an error) leaves s as it was. */
GS_API gs_status gs_setup(gs_state *s, const uint8_t *cells, int to_move, gs_error *err);
GS_API gs_status gs_validate(const gs_state *s, gs_error *err);
/* Hash of stones and side to move (what situational repetition compares). */
GS_API uint64_t gs_state_hash(const gs_state *s);
GS_API uint64_t gs_perft(gs_state *s, int depth, uint64_t *ended_at_depth);

/* Stones colour c has captured (0 where the game has no captures). */
GS_API int gs_captures(const gs_state *s, int color);
/* Counting phase (see gs_game_ops.dead_estimate): 1 if the game has one.
 * The other three return GS_ERR_UNSUPPORTED for games without. */
GS_API int gs_has_counting(const gs_game *g);
GS_API gs_status gs_dead_estimate(const gs_state *s, uint64_t seed, uint8_t *dead);
GS_API gs_status gs_dead_toggle(const gs_state *s, uint8_t *dead, int cell);
GS_API gs_status gs_count_dead(const gs_state *s, const uint8_t *dead, gs_count *out, gs_error *err);
/* Handicap stones (gs_game_ops.handicap): 1 if the game has them; put n of
 * them on a fresh state (GS_ERR_UNSUPPORTED for games without). */
GS_API int gs_has_handicap(const gs_game *g);
GS_API gs_status gs_handicap(gs_state *s, int n, gs_error *err);

/* Text: the board with coordinates in the game's notation, then who is to
 * move (or the result) and the game's own line, in English... */
GS_API size_t gs_render(const gs_state *s, char *buf, size_t len);
/* ...or in lang. */
GS_API size_t gs_render_lang(const gs_state *s, gs_lang lang, char *buf, size_t len);
/* Moves in the game's default notation (or "x,y"). */
GS_API char *gs_state_format_move(const gs_state *s, gs_move m, char *buf, size_t len);
GS_API gs_status gs_state_parse_move(const gs_state *s, const char *text, gs_move *out);
/* Result as text: "B+3.5", "W+R", "0", "B+" (line win), "" if not over. */
GS_API char *gs_result_string(const gs_result *r, char *buf, size_t len);
GS_API const char *gs_color_name(int c);   /* "black", "white", "empty" */

/* For modules: the common head of a state.  init sets game, an empty
 * board on game->geom, black to move, no history; copy copies all of it
 * (history included, growing dst's buffer only when needed); free releases
 * the history buffer.  hist_push grows the history geometrically. */
GS_API void gs_state_init_base(gs_state *s, const gs_game *g);
GS_API gs_status gs_state_copy_base(gs_state *dst, const gs_state *src);
GS_API void gs_state_free_base(gs_state *s);
GS_API gs_status gs_hist_push(gs_state *s, gs_move m, uint8_t color);
GS_API gs_status gs_hist_reserve(gs_state *s, int n);
/* Generic perft over legal_moves/play/undo (what gs_perft uses when a
 * game has no fast path; games may call it to cross-check theirs). */
GS_API uint64_t gs_perft_generic(gs_state *s, int depth, uint64_t *ended_at_depth);

#ifdef __cplusplus
}
#endif
#endif
