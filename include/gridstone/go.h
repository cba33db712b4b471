/* gridstone: Go-specific API - rule settings, prisoners, handicap, and
 * counting (area and territory, dead stones, seki).
 *
 * The game itself is the generic one (game.h) with the spec
 * "go:size=19,rules=korean,komi=6.5,ko=simple,suicide=0,scoring=territory"
 * (docs/FORMATS.md lists the presets).  Everything here takes a state of
 * that game and returns GS_ERR_INVALID_ARG for any other game. */
#ifndef GRIDSTONE_GO_H
#define GRIDSTONE_GO_H

#include "gridstone/export.h"
#include <stddef.h>
#include <stdint.h>
#include "gridstone/game.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gs_go_preset {
    GS_GO_TROMP_TAYLOR = 0, GS_GO_CHINESE, GS_GO_JAPANESE, GS_GO_KOREAN,
    GS_GO_AGA, GS_GO_NEW_ZEALAND, GS_GO_PRESET_COUNT
} gs_go_preset;

typedef enum gs_go_ko {
    GS_GO_KO_SIMPLE = 0,       /* no move may recreate the position before the
                                  opponent's last move */
    GS_GO_KO_POSITIONAL,       /* ... nor any earlier position (stones only) */
    GS_GO_KO_SITUATIONAL       /* ... nor any earlier position with the same
                                  side to move (stones + side to move) */
} gs_go_ko;

typedef enum gs_go_scoring { GS_GO_AREA = 0, GS_GO_TERRITORY } gs_go_scoring;

typedef struct gs_go_rules {
    gs_go_preset preset;
    double komi;
    gs_go_ko ko;
    int suicide;               /* 1: multi-stone suicide allowed */
    gs_go_scoring scoring;
} gs_go_rules;

/* Names: "tromp-taylor", "chinese", ... / "simple", ... / "area", ... */
GS_API const char *gs_go_preset_name(gs_go_preset p);
/* The defaults of a preset (komi, ko, suicide, scoring). */
GS_API void gs_go_preset_rules(gs_go_preset p, gs_go_rules *out);
/* Preset by name (also "tt"/"tromp_taylor"/"nz"); -1 if unknown. */
GS_API int gs_go_preset_from_name(const char *name);

/* 1 if g is a Go game (the functions here need one). */
GS_API int gs_go_is_go(const gs_game *g);
/* The rules of a Go game; GS_ERR_INVALID_ARG if g is not Go. */
GS_API gs_status gs_go_get_rules(const gs_game *g, gs_go_rules *out);
/* Stones captured so far by colour c (its prisoners). */
GS_API int gs_go_prisoners(const gs_state *s, int c);
/* Passes at the end of the history (2 ends play). */
GS_API int gs_go_trailing_passes(const gs_state *s);

/* ---- handicap ---- */
/* The GTP fixed handicap points (cells, row-major) for n stones on a w x h
 * board: defined for square boards of side 7..25, n = 2..9 (at most 4 on
 * even sides and on 7x7).  Returns the count, or 0 if not defined.  These
 * are the points GNU Go's fixed_handicap gives (3rd line up to 11x11, 4th
 * line from 12x12). */
GS_API int gs_go_fixed_handicap_points(int w, int h, int n, int out[9]);
/* Put n fixed handicap stones (as above) on the empty board of a fresh
 * state; white moves next.  Fails on a non-empty board or history. */
GS_API gs_status gs_go_fixed_handicap(gs_state *s, int n, gs_error *err);
/* Free placement: black stones on the given distinct cells (1..n-1 of
 * them) of an empty board; white moves next. */
GS_API gs_status gs_go_free_handicap(gs_state *s, const int *cells, int n, gs_error *err);

/* ---- counting ---- */
typedef enum gs_go_dead_source {
    GS_GO_DEAD_NONE = 0,       /* none taken off: an empty list was given */
    GS_GO_DEAD_GIVEN,          /* dead stones given by the caller */
    GS_GO_DEAD_ESTIMATE        /* the engine's estimate (gs_go_estimate_dead) */
} gs_go_dead_source;

typedef struct gs_go_score {
    gs_go_scoring scoring;
    double komi;
    gs_go_dead_source dead_source;
    /* indexed by colour (GS_BLACK, GS_WHITE; [0] unused) */
    int territory[3];          /* empty points counted for the colour (after
                                  dead stones were taken off) */
    int stones[3];             /* living stones on the board */
    int prisoners[3];          /* stones the colour captured during play */
    int dead[3];               /* dead stones OF the colour taken off at the end */
    int neutral;               /* empty points counted for nobody */
    int seki_points;           /* of those, points in or next to seki */
    int seki_stones;           /* stones of groups found to be in seki */
    double black, white;       /* totals; white includes komi */
    double score;              /* black - white */
    int winner;                /* GS_BLACK, GS_WHITE, GS_EMPTY = draw (jigo) */
    uint8_t owner[GS_MAX_CELLS];   /* per cell: whose point it counts as (0 = nobody) */
    uint8_t dead_mask[GS_MAX_CELLS]; /* 1 where a stone was taken off as dead */
    uint8_t seki_mask[GS_MAX_CELLS]; /* 1 on stones of groups in seki */
} gs_go_score;

/* Count the position of s.
 *   rules: NULL = the game's own; otherwise scoring and komi are taken
 *          from it.
 *   dead, ndead: cells of dead stones (each marks its whole chain); with
 *          dead == NULL and ndead < 0 the engine estimates dead stones
 *          (gs_go_estimate_dead; GS_GO_DEAD_ESTIMATE) under either
 *          scoring; ndead >= 0 means exactly these (possibly none, which
 *          counts the stones as they stand: GS_GO_DEAD_NONE).  The rules'
 *          result of a game ended by two passes (gs_result_get) is this
 *          count with the estimate.
 * Area: stones + empty regions reaching only that colour.  Territory:
 * empty regions reaching only that colour and bordered by no group in
 * seki + prisoners + the opponent's dead stones.  A group is in seki when
 * it touches a shared liberty: an empty point next to living stones of both
 * colours where a stone of either colour would be left with at most one
 * liberty.  Under territory scoring, eyes of groups in seki and shared
 * liberties count for nobody; under area scoring eyes count for their
 * owner. */
GS_API gs_status gs_go_score_state(const gs_state *s, const gs_go_rules *rules,
                            const int *dead, int ndead, gs_go_score *out, gs_error *err);

/* The engine's dead-stone estimate: light random playouts (no eye filling;
 * `playouts` of them, 0 = 256, from the position, each side starting in
 * half of them) give each point an owner at the end (area count); a chain
 * whose stones the opponent owns in at least 60% of the playouts is dead,
 * a lone chain (touching enemy stones, no liberty next to another chain
 * of its colour) in more than half of them (on the GNU Go territory games
 * of the reference data this gives GNU Go's dead-stone list in 52 of 55
 * games, and none in its 55 played-out area games).
 * Writes the dead stones (cells) to out (room for geom n) and returns how
 * many.  Deterministic for a given seed. */
GS_API int gs_go_estimate_dead(const gs_state *s, int playouts, uint64_t seed, int *out);

/* "B+3.5", "W+0.5", "0". */
GS_API char *gs_go_score_string(const gs_go_score *sc, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
