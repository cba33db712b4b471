/* The Go Text Protocol (version 2) engine over the Go rules module and the
 * Monte-Carlo player (src/ai/go_ai.c), in the protocol layer's shape
 * (proto.h): one line in, the complete reply out.
 *
 * The game is kept as a record (a start position plus the moves with
 * their colours) next to the live state: moves out of turn or after the
 * end of play start a new segment from the current position with the
 * given colour to move, and undo, komi and rule changes rebuild the state
 * from the record, so a rejected command never changes the game.  Vertices
 * are read by the core's GTP notation; the time for a move and the free
 * handicap placement come from the Go AI module. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "gridstone/gridstone.h"
#include "gridstone/go.h"
#include "gridstone/io.h"
#include "ai/go_ai.h"
#include "io/sgf_game.h"
#include "io/shelf.h"
#include "proto/proto.h"

#define GTP_GAMES 4
#define GTP_SPARES 4

typedef struct gtp_rec {
    uint8_t color;
    gs_move move;
} gtp_rec;

/* The last dead-stone estimate: a controller asks final_score,
 * final_status_list and printsgf of one position in turn, and each
 * estimate runs thousands of playouts (gtp_est_valid says when it still
 * holds). */
typedef struct gtp_est {
    int valid, nd, has_base, base_to_move, nrec, nhist;
    const gs_game *g;
    uint64_t seed, playouts, hash;
    uint8_t base[GS_MAX_CELLS];
    gtp_rec *rec;              /* a copy of the record it was made for */
    int reccap;
    int dead[GS_MAX_CELLS];
} gtp_est;

typedef struct gtp {
    int size;
    char rules[160];           /* preset name, maybe with ,ko=...,suicide=...,scoring=... */
    double komi;
    int komi_set;              /* komi given by the controller (kept across rule changes) */
    gs_game *g;                /* one of games[] */
    /* games built for recent specs (gtp_spec; immutable, g among them): a
     * controller that sends boardsize/komi for every new game rebuilds none */
    gs_game *games[GTP_GAMES];
    char keys[GTP_GAMES][256];
    int own[GTP_GAMES];        /* 1: built and owned here; 0: the shelf's */
    io_shelf *shelf;           /* games shared with other engines, or NULL */
    unsigned used[GTP_GAMES], tick;
    /* states no longer used, of games in games[], kept for reuse as copies
     * (a state is 20 KB whatever the board: not allocated per command) */
    gs_state *spare[GTP_SPARES];
    gs_state *s;
    /* the record: start position, then the moves */
    uint8_t base[GS_MAX_CELLS];
    int base_to_move, has_base;
    gtp_rec *rec;
    int nrec, reccap;
    /* the player */
    char level[64];
    double max_time;           /* seconds per move, 0 = the level's default */
    uint64_t playouts;         /* 0 = the level's default */
    int threads;               /* a move's search (proto_opts.threads) */
    uint64_t seed;
    uint64_t est_playouts;     /* for dead-stone estimates (final_score, final_status_list) */
    gtp_est *est;              /* the last dead-stone estimate, or NULL */
    int verbose;
    /* time control (time_settings / time_left), per colour */
    go_ai_clock clock[3];
    int quit;
    /* the reply being built, and the cleaned input line */
    io_buf out;
    char *line;                /* grown to the longest line seen (at most PROTO_MAX_LINE + 1) */
    size_t linecap;
} gtp;

/* A copy of src in a spare state of its game (or a new one); NULL when
 * out of memory. */
static gs_state *gtp_copy(gtp *e, const gs_state *src) {
    gs_state *t = NULL;
    for (int i = 0; i < GTP_SPARES && !t; i++)
        if (e->spare[i] && e->spare[i]->game == src->game) {
            t = e->spare[i];
            e->spare[i] = NULL;
        }
    if (!t && !(t = gs_state_new(src->game))) return NULL;
    if (gs_state_copy(t, src) != GS_OK) {
        gs_state_free(t);
        return NULL;
    }
    return t;
}

/* Keep s (a state of a game in games[]) for gtp_copy, or free it. */
static void gtp_recycle(gtp *e, gs_state *s) {
    if (!s) return;
    for (int i = 0; i < GTP_SPARES; i++)
        if (!e->spare[i]) {
            e->spare[i] = s;
            return;
        }
    gs_state_free(e->spare[0]);
    memmove(e->spare, e->spare + 1, (GTP_SPARES - 1) * sizeof e->spare[0]);
    e->spare[GTP_SPARES - 1] = s;
}

/* ---- the game ---- */
/* The game's spec for size/rules/komi (komi only when the controller set it). */
static void gtp_spec(int size, const char *rules, double komi, int komi_set, char *spec, size_t n) {
    if (komi_set)
        snprintf(spec, n, "go:size=%d,rules=%s,komi=%g", size, rules, komi);
    else
        snprintf(spec, n, "go:size=%d,rules=%s", size, rules);
}

/* Play one record entry on st: a new segment (the current position with
 * c to move) when c is not to move or play has ended.  st is unchanged on
 * error. */
/* A copy of src whose position is src's with c to move, as a new segment
 * (*out NULL on failure). */
static gs_status gtp_segment(gtp *e, const gs_state *src, int c, gs_state **out) {
    gs_state *t = gtp_copy(e, src);
    *out = NULL;
    if (!t) return GS_ERR_NOMEM;
    gs_status r = gs_setup(t, src->board.cells, c, NULL);
    if (r == GS_OK) *out = t;
    else gtp_recycle(e, t);
    return r;
}

static gs_status gtp_apply(gtp *e, gs_state *st, int c, gs_move m) {
    if (st->to_move == c && !gs_is_over(st)) return gs_play(st, m);
    gs_state *t;
    gs_status r = gtp_segment(e, st, c, &t);
    if (r == GS_OK) r = gs_play(t, m);
    if (r == GS_OK) r = gs_state_copy(st, t);
    gtp_recycle(e, t);
    return r;
}

/* A fresh state for g holding the record; NULL if some move fails, unless
 * *keep is set: then the record is cut at the first failing move and
 * *keep says how many moves stayed. */
static gs_state *gtp_replay_keep(gtp *e, const gs_game *g, int *keep) {
    gs_state *st = gs_state_new(g);
    if (!st) return NULL;
    if (e->has_base && gs_setup(st, e->base, e->base_to_move, NULL) != GS_OK) {
        gs_state_free(st);
        return NULL;
    }
    for (int i = 0; i < e->nrec; i++)
        if (gtp_apply(e, st, e->rec[i].color, e->rec[i].move) != GS_OK) {
            if (keep) { *keep = i; return st; }
            gtp_recycle(e, st);
            return NULL;
        }
    if (keep) *keep = e->nrec;
    return st;
}

static gs_state *gtp_replay(gtp *e, const gs_game *g) { return gtp_replay_keep(e, g, NULL); }

/* The game for spec: from the engine's recent games, or built (replacing
 * the least recently used one that is not the current game); NULL with
 * err set if the spec is refused. */
static gs_game *gtp_game(gtp *e, const char *spec, gs_error *err) {
    int slot = -1;
    for (int i = 0; i < GTP_GAMES; i++) {
        if (e->games[i] && !strcmp(e->keys[i], spec)) {
            e->used[i] = ++e->tick;
            return e->games[i];
        }
        if (e->games[i] && e->games[i] == e->g) continue;   /* never the current game */
        if (slot < 0 || (e->games[slot] && (!e->games[i] || e->used[i] < e->used[slot]))) slot = i;
    }
    gs_game *g;
    int own;
    if (io_shelf_game(e->shelf, spec, &g, &own, err) != GS_OK) return NULL;
    for (int i = 0; e->games[slot] && i < GTP_SPARES; i++)
        if (e->spare[i] && e->spare[i]->game == e->games[slot]) {
            gs_state_free(e->spare[i]);
            e->spare[i] = NULL;
        }
    if (e->own[slot]) gs_game_free(e->games[slot]);
    e->games[slot] = g;
    e->own[slot] = own;
    snprintf(e->keys[slot], sizeof e->keys[slot], "%s", spec);
    e->used[slot] = ++e->tick;
    return g;
}

/* Switch to size/rules/komi, keeping the record; on failure nothing
 * changes and err says why. */
static gs_status gtp_configure_how(gtp *e, int size, const char *rules, double komi, int komi_set,
                                   int lenient, gs_error *err) {
    int keep = 0;
    char spec[sizeof e->keys[0]];
    gtp_spec(size, rules, komi, komi_set, spec, sizeof spec);
    gs_game *g = gtp_game(e, spec, err);
    if (!g) return err->code;
    gs_state *s = gtp_replay_keep(e, g, lenient ? &keep : NULL);
    if (s && lenient) e->nrec = keep;
    if (!s) return gs_error_set(err, GS_ERR_BAD_POSITION, "the game so far is not legal under those rules");
    gtp_recycle(e, e->s);
    e->g = g;
    e->s = s;
    e->size = size;
    if (rules != e->rules) snprintf(e->rules, sizeof e->rules, "%s", rules);
    gs_go_rules r;
    gs_go_get_rules(g, &r);
    e->komi = r.komi;
    e->komi_set = komi_set;
    return GS_OK;
}

static gs_status gtp_configure(gtp *e, int size, const char *rules, double komi, int komi_set,
                               gs_error *err) {
    return gtp_configure_how(e, size, rules, komi, komi_set, 0, err);
}

static void gtp_clear(gtp *e) {
    e->nrec = 0;
    e->has_base = 0;
    gs_state *s = gs_state_new(e->g);
    if (s) {
        gtp_recycle(e, e->s);
        e->s = s;
    }
}

static int gtp_push(gtp *e, int c, gs_move m) {
    if (e->nrec == e->reccap) {
        int nc = e->reccap ? e->reccap * 2 : 64;
        gtp_rec *r = realloc(e->rec, (size_t)nc * sizeof *r);
        if (!r) return 0;
        e->rec = r;
        e->reccap = nc;
    }
    e->rec[e->nrec].color = (uint8_t)c;
    e->rec[e->nrec].move = m;
    e->nrec++;
    return 1;
}

static int gtp_board_empty(const gtp *e) {
    return e->nrec == 0 && gs_board_count(&e->s->board, GS_EMPTY) == e->s->game->geom.n;
}

/* ---- parsing ---- */
static int gtp_color(const char *a) {
    char l[8] = {0};
    size_t n = strlen(a);
    if (n >= sizeof l) return 0;
    for (size_t i = 0; i < n; i++) l[i] = (char)tolower((unsigned char)a[i]);
    if (!strcmp(l, "b") || !strcmp(l, "black")) return GS_BLACK;
    if (!strcmp(l, "w") || !strcmp(l, "white")) return GS_WHITE;
    return 0;
}

enum { GTP_V_OK, GTP_V_SYNTAX, GTP_V_OFF };
/* A vertex ("D4", "pass"; any case) on the current board, read by the
 * core's GTP notation; GTP has no "x,y" and no "resign" vertex. */
static int gtp_vertex(const gtp *e, const char *a, gs_move *m) {
    if (strchr(a, ',') || !strcasecmp(a, "resign")) return GTP_V_SYNTAX;
    gs_status st = gs_notation_parse_move(GS_NOTE_GTP, e->s->game->geom.w, e->s->game->geom.h, a, m);
    return st == GS_OK ? GTP_V_OK : st == GS_ERR_OUT_OF_BOUNDS ? GTP_V_OFF : GTP_V_SYNTAX;
}

static char *gtp_fmt_vertex(const gtp *e, gs_move m, char *buf, size_t len) {
    return gs_notation_format_move(GS_NOTE_GTP, e->s->game->geom.w, e->s->game->geom.h, m, buf, len);
}

enum { GTP_N_SYNTAX = 0, GTP_N_OK, GTP_N_RANGE };
/* An integer argument: GTP_N_OK in lo..hi, GTP_N_RANGE for a well-formed
 * integer outside it (however long), GTP_N_SYNTAX otherwise. */
static int gtp_int(const char *a, long lo, long hi, long *out) {
    const char *p = a + (*a == '-' || *a == '+');
    if (!isdigit((unsigned char)*p)) return GTP_N_SYNTAX;
    for (const char *q = p; *q; q++)
        if (!isdigit((unsigned char)*q)) return GTP_N_SYNTAX;
    char *end;
    errno = 0;
    long v = strtol(a, &end, 10);
    if (errno || v < lo || v > hi) return GTP_N_RANGE;
    *out = v;
    return GTP_N_OK;
}

static int gtp_float(const char *a, double *out) {
    char *end;
    errno = 0;
    double v = strtod(a, &end);
    if (end == a || *end || errno || !isfinite(v)) return 0;
    *out = v;
    return 1;
}

/* ---- the player ---- */
static gs_status gtp_think(gtp *e, const gs_state *st, int cleanup, gs_move *m, gs_error *err) {
    gs_ai_opts o = {0};
    o.seed = e->seed + (uint64_t)e->nrec;
    o.time_limit = go_ai_move_time(st, &e->clock[st->to_move], e->max_time);
    o.node_limit = e->playouts;
    o.threads = e->threads;
    go_ai_info *info = malloc(sizeof *info);
    if (!info) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    gs_status r = go_ai_genmove_mode(st, e->level, &o, cleanup, m, info, err);
    if (r == GS_OK && e->verbose && info->searched) {
        char b[16];
        char budget[32] = "level default";
        if (o.time_limit > 0) snprintf(budget, sizeof budget, "%.2fs", o.time_limit);
        fprintf(stderr, "gridstone: %s playouts %llu in %.2fs (budget %s), win %.1f%%, est %+.1f%s -> %s\n",
                e->level, (unsigned long long)info->search.playouts, info->search.seconds, budget,
                100 * info->search.winrate, info->est_score, info->settled ? " settled" : "",
                gtp_fmt_vertex(e, *m, b, sizeof b));
    }
    free(info);
    return r;
}

/* Is e->s itself the position with c to move (no new segment needed)? */
static int gtp_is_turn(const gtp *e, int c) { return e->s->to_move == c && !gs_is_over(e->s); }

/* The position with c to move for genmove and is_legal: e->s itself when
 * it is c's turn (*copy NULL), else a new segment in *copy; NULL when that
 * cannot be made. */
static const gs_state *gtp_state_for(gtp *e, int c, gs_state **copy) {
    *copy = NULL;
    if (gtp_is_turn(e, c)) return e->s;
    gtp_segment(e, e->s, c, copy);
    return *copy;
}

/* Is the kept estimate one of this position: the same game, start
 * position and moves (which make e->s: the estimate depends on nothing
 * else but the seed and the playouts), checked by its hash too? */
static int gtp_est_valid(const gtp *e) {
    const gtp_est *k = e->est;
    if (!k || !k->valid || k->g != e->g || k->seed != e->seed || k->playouts != e->est_playouts
        || k->nrec != e->nrec || k->has_base != e->has_base || k->nhist != e->s->nhist
        || k->hash != gs_state_hash(e->s))
        return 0;
    if (e->has_base && (k->base_to_move != e->base_to_move || memcmp(k->base, e->base, sizeof k->base)))
        return 0;
    for (int i = 0; i < e->nrec; i++)
        if (k->rec[i].color != e->rec[i].color || k->rec[i].move != e->rec[i].move) return 0;
    return 1;
}

/* The estimate's slot (its dead list filled by the caller), marked as
 * holding nothing yet; NULL when out of memory. */
static gtp_est *gtp_est_slot(gtp *e) {
    if (!e->est && !(e->est = calloc(1, sizeof *e->est))) return NULL;
    e->est->valid = 0;
    return e->est;
}

/* Mark the slot's nd dead stones as the estimate of the current position
 * (left invalid when out of memory: the next question estimates again). */
static void gtp_est_keep(gtp *e, int nd) {
    gtp_est *k = e->est;
    if (e->nrec > k->reccap) {
        gtp_rec *r = realloc(k->rec, (size_t)e->reccap * sizeof *r);
        if (!r) return;
        k->rec = r;
        k->reccap = e->reccap;
    }
    if (e->nrec) memcpy(k->rec, e->rec, (size_t)e->nrec * sizeof *k->rec);
    memcpy(k->base, e->base, sizeof k->base);
    k->nd = nd;
    k->g = e->g;
    k->seed = e->seed;
    k->playouts = e->est_playouts;
    k->nrec = e->nrec;
    k->has_base = e->has_base;
    k->base_to_move = e->base_to_move;
    k->nhist = e->s->nhist;
    k->hash = gs_state_hash(e->s);
    k->valid = 1;
}

/* Dead stones by the player's estimate (or the kept one of this
 * position), then the Go module's count. */
static gs_status gtp_score(gtp *e, gs_go_score *sc, gs_error *err) {
    if (!gtp_est_valid(e)) {
        gtp_est *k = gtp_est_slot(e);
        if (!k) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
        int nd = go_ai_dead_stones(e->s, e->seed, e->est_playouts, k->dead, err);
        if (nd < 0) return err->code;
        gtp_est_keep(e, nd);
        return gs_go_score_state(e->s, NULL, k->dead, nd, sc, err);
    }
    return gs_go_score_state(e->s, NULL, e->est->dead, e->est->nd, sc, err);
}

/* ---- commands ---- */
/* Each command writes its reply text (without the "= " / "? " head) to
 * out and returns 0 for success, 1 for failure. */
#define GTP_CMD(fn)                                                         \
    static int fn##_impl(gtp *e, int argc, char **argv, io_buf *out);      \
    static int fn(void *engine, int argc, char **argv, io_buf *out) {      \
        return fn##_impl(engine, argc, argv, out);                          \
    }                                                                       \
    static int fn##_impl(gtp *e, int argc, char **argv, io_buf *out)
#define OK(...) (io_buf_printf(out, __VA_ARGS__), 0)
#define FAIL(...) (io_buf_printf(out, __VA_ARGS__), 1)
#define NOARGS() do { if (argc) return FAIL("syntax error"); } while (0)

GTP_CMD(c_protocol_version) { (void)e; (void)argv; NOARGS(); return OK("2"); }
GTP_CMD(c_name) { (void)e; (void)argv; NOARGS(); return OK("gridstone"); }
GTP_CMD(c_version) { (void)e; (void)argv; NOARGS(); return OK("%s", GS_VERSION); }
static int c_known_command(void *engine, int argc, char **argv, io_buf *out);
static int c_list_commands(void *engine, int argc, char **argv, io_buf *out);
GTP_CMD(c_quit) { (void)argv; NOARGS(); e->quit = 1; return 0; }

GTP_CMD(c_boardsize) {
    long n;
    gs_error err;
    if (argc != 1) return FAIL("syntax error");
    int r = gtp_int(argv[0], 2, 25, &n);
    if (r == GTP_N_SYNTAX) return FAIL("syntax error");
    if (r == GTP_N_RANGE) return FAIL("unacceptable size");
    int nrec = e->nrec, hb = e->has_base;
    e->nrec = 0;
    e->has_base = 0;
    if (gtp_configure(e, (int)n, e->rules, e->komi, e->komi_set, &err) != GS_OK) {
        e->nrec = nrec;
        e->has_base = hb;
        return FAIL("unacceptable size");
    }
    return 0;
}

GTP_CMD(c_clear_board) { (void)argv; NOARGS(); gtp_clear(e); return 0; }

GTP_CMD(c_komi) {
    double k;
    gs_error err;
    if (argc != 1 || !gtp_float(argv[0], &k)) return FAIL("syntax error");
    /* the Go game's key table says which komi it takes (and why not) */
    if (gtp_configure(e, e->size, e->rules, k, 1, &err) != GS_OK) return FAIL("%s", err.msg);
    return 0;
}

GTP_CMD(c_play) {
    gs_move m;
    int c;
    if (argc != 2 || !(c = gtp_color(argv[0]))) return FAIL("syntax error");
    int v = gtp_vertex(e, argv[1], &m);
    if (v == GTP_V_SYNTAX) return FAIL("syntax error");
    if (v == GTP_V_OFF || gtp_apply(e, e->s, c, m) != GS_OK) return FAIL("illegal move");
    if (!gtp_push(e, c, m)) {   /* out of memory: put the game back */
        gs_state *s = gtp_replay(e, e->g);
        if (s) { gtp_recycle(e, e->s); e->s = s; }
        return FAIL("out of memory");
    }
    return 0;
}

/* genmove (commit), reg_genmove, kgs-genmove_cleanup (commit, cleanup) */
static int gtp_genmove(gtp *e, int argc, char **argv, io_buf *out, int commit, int cleanup) {
    int c;
    if (argc != 1 || !(c = gtp_color(argv[0]))) return FAIL("syntax error");
    gs_state *t;
    const gs_state *st = gtp_state_for(e, c, &t);
    if (!st) return FAIL("cannot generate a move here");
    gs_move m;
    gs_error err;
    gs_status r = gtp_think(e, st, cleanup, &m, &err);
    gtp_recycle(e, t);
    if (r != GS_OK) return FAIL("%s", err.msg);
    if (commit && m != GS_RESIGN) {
        if (gtp_apply(e, e->s, c, m) != GS_OK || !gtp_push(e, c, m)) return FAIL("cannot play the generated move");
    }
    char b[16];
    return OK("%s", gtp_fmt_vertex(e, m, b, sizeof b));
}
GTP_CMD(c_genmove) { return gtp_genmove(e, argc, argv, out, 1, 0); }
GTP_CMD(c_reg_genmove) { return gtp_genmove(e, argc, argv, out, 0, 0); }
GTP_CMD(c_genmove_cleanup) { return gtp_genmove(e, argc, argv, out, 1, 1); }

GTP_CMD(c_undo) {
    (void)argv;
    NOARGS();
    if (e->nrec == 0) return FAIL("cannot undo");
    e->nrec--;
    gs_state *s = gtp_replay(e, e->g);
    if (!s) { e->nrec++; return FAIL("cannot undo"); }
    gtp_recycle(e, e->s);
    e->s = s;
    return 0;
}

/* Handicap stones as the new start position; lists them when list is set. */
static int gtp_set_handicap(gtp *e, const int *cells, int n, int fixed, int list, io_buf *out) {
    gs_state *t = gs_state_new(e->g);
    if (!t) return FAIL("out of memory");
    gs_status r = fixed ? gs_go_fixed_handicap(t, n, NULL) : gs_go_free_handicap(t, cells, n, NULL);
    if (r != GS_OK) {
        gs_state_free(t);
        return FAIL(fixed ? "invalid number of stones" : "bad vertex list");
    }
    memcpy(e->base, t->board.cells, (size_t)e->g->geom.n);
    e->base_to_move = t->to_move;
    e->has_base = 1;
    e->nrec = 0;
    gtp_recycle(e, e->s);
    e->s = t;
    char b[16];
    int first = 1;
    for (int i = 0; list && i < e->g->geom.n; i++)
        if (t->board.cells[i] == GS_BLACK) {
            io_buf_printf(out, "%s%s", first ? "" : " ", gtp_fmt_vertex(e, i, b, sizeof b));
            first = 0;
        }
    return 0;
}

/* The stone count of fixed_handicap / place_free_handicap: 0 on success. */
static int gtp_handicap_count(gtp *e, int argc, char **argv, io_buf *out, long *n) {
    if (argc != 1) return FAIL("syntax error");
    int r = gtp_int(argv[0], 2, GS_MAX_CELLS, n);
    if (r == GTP_N_SYNTAX) return FAIL("syntax error");
    if (!gtp_board_empty(e)) return FAIL("board not empty");
    if (r == GTP_N_RANGE) return FAIL("invalid number of stones");
    return 0;
}

GTP_CMD(c_fixed_handicap) {
    long n;
    if (gtp_handicap_count(e, argc, argv, out, &n)) return 1;
    int pts[9];
    if (gs_go_fixed_handicap_points(e->g->geom.w, e->g->geom.h, (int)n, pts) == 0)
        return FAIL("invalid number of stones");
    return gtp_set_handicap(e, NULL, (int)n, 1, 1, out);
}

GTP_CMD(c_place_free_handicap) {
    long n;
    if (gtp_handicap_count(e, argc, argv, out, &n)) return 1;
    if (n >= e->g->geom.n) return FAIL("invalid number of stones");
    int cells[GS_MAX_CELLS];
    int k = go_ai_free_handicap(e->g->geom.w, e->g->geom.h, (int)n, cells);
    return gtp_set_handicap(e, cells, k, 0, 1, out);
}

GTP_CMD(c_set_free_handicap) {
    int cells[GS_MAX_CELLS];
    if (argc < 1) return FAIL("syntax error");
    if (!gtp_board_empty(e)) return FAIL("board not empty");
    if (argc > e->g->geom.n) return FAIL("bad vertex list");
    for (int i = 0; i < argc; i++) {
        gs_move m;
        int v = gtp_vertex(e, argv[i], &m);
        if (v == GTP_V_SYNTAX) return FAIL("syntax error");
        if (v != GTP_V_OK || m < 0) return FAIL("bad vertex list");
        cells[i] = m;
    }
    return gtp_set_handicap(e, cells, argc, 0, 0, out);   /* answers nothing */
}

/* kgs-rules NAME (KGS's names), gridstone-rules PRESET [key=value...]
 * (any preset, then optionally ko=..., suicide=..., scoring=...). */
static int gtp_rules(gtp *e, int argc, char **argv, io_buf *out, int kgs) {
    if (argc < 1 || (kgs && argc != 1)) return FAIL("syntax error");
    char r[32], extra[128] = "";
    size_t n = strlen(argv[0]);
    if (n >= sizeof r) return FAIL("unknown rules");
    for (size_t i = 0; i <= n; i++) r[i] = (char)tolower((unsigned char)argv[0][i]);
    int p = gs_go_preset_from_name(r);
    static const char *const kgs_names[] = {"japanese", "chinese", "aga", "new_zealand", NULL};
    if (kgs) {
        int ok = 0;
        for (int i = 0; kgs_names[i]; i++) ok |= !strcmp(kgs_names[i], r);
        if (!ok) p = -1;
    }
    if (p < 0) return FAIL("unknown rules");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "ko=", 3) && strncmp(a, "suicide=", 8) && strncmp(a, "scoring=", 8))
            return FAIL("syntax error");
        size_t l = strlen(extra);
        if (l + strlen(a) + 2 >= sizeof extra) return FAIL("syntax error");
        snprintf(extra + l, sizeof extra - l, ",%s", a);
    }
    char rules[160];
    snprintf(rules, sizeof rules, "%s%s", gs_go_preset_name((gs_go_preset)p), extra);
    gs_error err;
    gs_status st = gtp_configure(e, e->size, rules, e->komi, e->komi_set, &err);
    if (st == GS_ERR_BAD_POSITION) return FAIL("%s", err.msg);
    if (st != GS_OK) return FAIL("unknown rules");
    return 0;
}
GTP_CMD(c_kgs_rules) { return gtp_rules(e, argc, argv, out, 1); }
GTP_CMD(c_gridstone_rules) { return gtp_rules(e, argc, argv, out, 0); }

GTP_CMD(c_final_score) {
    (void)argv;
    NOARGS();
    gs_go_score *sc = malloc(sizeof *sc);
    gs_error err;
    if (!sc) return FAIL("out of memory");
    if (gtp_score(e, sc, &err) != GS_OK) { free(sc); return FAIL("cannot score"); }
    char b[32];
    io_buf_puts(out, gs_go_score_string(sc, b, sizeof b));
    free(sc);
    return 0;
}

GTP_CMD(c_final_status_list) {
    if (argc != 1) return FAIL("syntax error");
    int want = !strcmp(argv[0], "alive") ? 1 : !strcmp(argv[0], "dead") ? 2 : !strcmp(argv[0], "seki") ? 3 : 0;
    if (!want) return FAIL("syntax error");
    gs_go_score *sc = malloc(sizeof *sc);
    gs_error err;
    if (!sc) return FAIL("out of memory");
    if (gtp_score(e, sc, &err) != GS_OK) { free(sc); return FAIL("cannot score"); }
    char b[16];
    int first = 1;
    for (int i = 0; i < e->g->geom.n; i++) {
        if (e->s->board.cells[i] == GS_EMPTY) continue;
        int st = sc->dead_mask[i] ? 2 : sc->seki_mask[i] ? 3 : 1;
        if (st != want) continue;
        io_buf_printf(out, "%s%s", first ? "" : " ", gtp_fmt_vertex(e, i, b, sizeof b));
        first = 0;
    }
    free(sc);
    return 0;
}

/* Clock values: seconds (fractions allowed), clamped to a week; stones
 * clamped to GTP_MAX_STONES.  NaN, infinities and negatives are errors. */
#define GTP_MAX_CLOCK (7 * 86400.0)
#define GTP_MAX_STONES 100000L
static int gtp_time_arg(const char *a, double *out) {
    double v;
    if (!gtp_float(a, &v) || v < 0) return 0;
    *out = proto_clamp_time(v, GTP_MAX_CLOCK);
    return 1;
}
static int gtp_stones_arg(const char *a, int *out) {
    long v;
    int r = gtp_int(a, 0, GTP_MAX_STONES, &v);
    if (r == GTP_N_SYNTAX || (r == GTP_N_RANGE && a[0] == '-')) return 0;
    *out = r == GTP_N_OK ? (int)v : (int)GTP_MAX_STONES;
    return 1;
}

GTP_CMD(c_time_settings) {
    double m, b;
    int st;
    if (argc != 3 || !gtp_time_arg(argv[0], &m) || !gtp_time_arg(argv[1], &b) || !gtp_stones_arg(argv[2], &st))
        return FAIL("syntax error");
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        memset(&e->clock[c], 0, sizeof e->clock[c]);
        e->clock[c].main_time = m;
        e->clock[c].byo_time = b;
        e->clock[c].byo_stones = st;
    }
    return 0;
}

GTP_CMD(c_time_left) {
    int col, st;
    double t;
    if (argc != 3 || !(col = gtp_color(argv[0])) || !gtp_time_arg(argv[1], &t) || !gtp_stones_arg(argv[2], &st))
        return FAIL("syntax error");
    e->clock[col].left = t;
    e->clock[col].stones_left = st;
    e->clock[col].left_known = 1;
    return 0;
}

GTP_CMD(c_showboard) {
    (void)argv;
    NOARGS();
    size_t cap = 65536;
    char *buf = malloc(cap);
    if (!buf) return FAIL("out of memory");
    gs_render(e->s, buf, cap);
    /* a reply may not contain an empty line: it would end the reply */
    io_buf_putc(out, '\n');
    for (char *p = buf; *p;) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n) { io_buf_put(out, p, n); io_buf_putc(out, '\n'); }
        p += n + (nl ? 1 : 0);
    }
    if (out->len && out->s[out->len - 1] == '\n') out->s[--out->len] = 0;
    free(buf);
    return 0;
}

GTP_CMD(c_printsgf) {
    (void)argv;
    NOARGS();
    /* after two passes RE[] is what final_score says (the player's dead
     * stones), not the rules' count, whose estimate is 256 light playouts */
    gs_result res;
    if (gs_go_trailing_passes(e->s) >= 2) {   /* 0 after a resignation: it is the last entry */
        gs_go_score *sc = malloc(sizeof *sc);
        gs_error err;
        if (!sc || gtp_score(e, sc, &err) != GS_OK) {
            free(sc);
            return FAIL("cannot score");
        }
        memset(&res, 0, sizeof res);
        res.over = res.has_score = 1;
        res.how = GS_END_SCORE;
        res.score = sc->score;
        res.winner = sc->winner;
        free(sc);
    } else {
        gs_result_get(e->s, &res);
    }
    gs_sgf_collection *c = io_state_sgf(e->s, &res);
    char *sgf = c ? gs_sgf_write(c, NULL) : NULL;
    gs_sgf_free(c);
    if (!sgf) return FAIL("cannot write SGF");
    io_buf_putc(out, '\n');
    for (char *p = sgf; *p; p++)
        if (*p != '\n' || (p[1] && p[1] != '\n')) io_buf_putc(out, *p);
    free(sgf);
    return 0;
}

/* loadsgf FILE [MOVE_NUMBER]: the first game of the file, up to the
 * position before move MOVE_NUMBER (or before its first move that is
 * illegal under the engine's rules); its size and komi, the engine's rules. */
GTP_CMD(c_loadsgf) {
    long upto = 0;
    if (argc < 1 || argc > 2) return FAIL("syntax error");
    if (argc == 2) {
        int r = gtp_int(argv[1], 1, 1L << 30, &upto);
        const char *d = argv[1] + (argv[1][0] == '+');
        int zero = d[strspn(d, "0")] == 0;
        if (r == GTP_N_SYNTAX || (r == GTP_N_RANGE && (argv[1][0] == '-' || zero))) return FAIL("syntax error");
        if (r == GTP_N_RANGE) upto = 0;   /* beyond any game: the whole game */
    }
    char *data;
    size_t len;
    gs_error err;
    /* "-" would be standard input, which is the protocol stream here */
    if (!strcmp(argv[0], "-") || gs_read_file(argv[0], &data, &len, &err) != GS_OK)
        return FAIL("cannot load file");
    gs_loaded *ld = NULL;
    int count = 0;
    gs_status r = gs_load_positions(data, len, NULL, 0, &ld, &count, &err);
    free(data);
    if (r != GS_OK) return FAIL("cannot load file");
    const gs_state *src = count >= 1 ? ld[0].state : NULL;
    gs_state *start = src && gs_go_is_go(src->game) && src->game->geom.w == src->game->geom.h
                          ? gs_state_clone(src) : NULL;
    int n = src ? src->nhist : 0;
    gtp_rec *rec = malloc(((size_t)n + 1) * sizeof *rec);
    if (!start || !rec) {
        gs_state_free(start);
        free(rec);
        gs_loaded_free(ld, count);
        return FAIL("cannot load file");
    }
    while (start->nhist > 0 && gs_undo(start) == GS_OK) {}
    if (upto > 0 && upto - 1 < n) n = (int)upto - 1;
    for (int i = 0; i < n; i++) {
        rec[i].color = src->hist[i].color;
        rec[i].move = src->hist[i].move;
    }
    gs_go_rules rr;
    gs_go_get_rules(src->game, &rr);
    int size = src->game->geom.w;
    /* swap the record in; put the old one back if the game does not replay */
    gtp_rec *old_rec = e->rec;
    int old_nrec = e->nrec, old_cap = e->reccap, old_btm = e->base_to_move, old_hb = e->has_base;
    uint8_t *old_base = malloc(sizeof e->base);
    if (!old_base) {
        gs_state_free(start);
        free(rec);
        gs_loaded_free(ld, count);
        return FAIL("out of memory");
    }
    memcpy(old_base, e->base, sizeof e->base);
    e->rec = rec;
    e->nrec = n;
    e->reccap = n + 1;
    memcpy(e->base, start->board.cells, (size_t)start->game->geom.n);
    e->base_to_move = start->to_move;
    e->has_base = 1;
    gs_state_free(start);
    gs_loaded_free(ld, count);
    r = gtp_configure_how(e, size, e->rules, rr.komi, 1, 1, &err);
    if (r != GS_OK) {
        free(e->rec);
        e->rec = old_rec;
        e->nrec = old_nrec;
        e->reccap = old_cap;
        memcpy(e->base, old_base, sizeof e->base);
        e->base_to_move = old_btm;
        e->has_base = old_hb;
        free(old_base);
        return FAIL("cannot load file");
    }
    free(old_base);
    free(old_rec);
    return 0;
}

GTP_CMD(c_is_legal) {
    gs_move m;
    int c;
    if (argc != 2 || !(c = gtp_color(argv[0]))) return FAIL("syntax error");
    int v = gtp_vertex(e, argv[1], &m);
    if (v == GTP_V_SYNTAX) return FAIL("syntax error");
    if (v == GTP_V_OFF) return OK("0");
    gs_state *t;
    const gs_state *st = gtp_state_for(e, c, &t);
    int ok = st && gs_check(st, m) == GS_OK;
    gtp_recycle(e, t);
    return OK("%d", ok);
}

/* The command table: dispatch, list_commands and known_command read it. */
static const proto_cmd gtp_table[] = {
    {"protocol_version", c_protocol_version},
    {"name", c_name},
    {"version", c_version},
    {"known_command", c_known_command},
    {"list_commands", c_list_commands},
    {"quit", c_quit},
    {"boardsize", c_boardsize},
    {"clear_board", c_clear_board},
    {"komi", c_komi},
    {"play", c_play},
    {"genmove", c_genmove},
    {"undo", c_undo},
    {"fixed_handicap", c_fixed_handicap},
    {"place_free_handicap", c_place_free_handicap},
    {"set_free_handicap", c_set_free_handicap},
    {"loadsgf", c_loadsgf},
    {"reg_genmove", c_reg_genmove},
    {"final_score", c_final_score},
    {"final_status_list", c_final_status_list},
    {"time_settings", c_time_settings},
    {"time_left", c_time_left},
    {"showboard", c_showboard},
    {"printsgf", c_printsgf},
    {"kgs-rules", c_kgs_rules},
    {"kgs-genmove_cleanup", c_genmove_cleanup},
    {"gridstone-rules", c_gridstone_rules},
    {"is_legal", c_is_legal},
    {NULL, NULL}};

GTP_CMD(c_known_command) {
    (void)e;
    if (argc != 1) return FAIL("syntax error");
    return OK("%s", proto_cmd_find(gtp_table, argv[0], 0) ? "true" : "false");
}

GTP_CMD(c_list_commands) {
    (void)e; (void)argv;
    NOARGS();
    proto_cmd_list(gtp_table, out);
    return 0;
}

/* ---- the engine ---- */
static void gtp_free(void *engine) {
    gtp *e = engine;
    if (!e) return;
    gs_state_free(e->s);
    for (int i = 0; i < GTP_SPARES; i++) gs_state_free(e->spare[i]);
    for (int i = 0; i < GTP_GAMES; i++)
        if (e->own[i]) gs_game_free(e->games[i]);
    free(e->rec);
    if (e->est) free(e->est->rec);
    free(e->est);
    io_buf_free(&e->out);
    free(e->line);
    free(e);
}

static void *gtp_new(const proto_opts *o, gs_error *err) {
    gtp *e = calloc(1, sizeof *e);
    if (!e) { gs_error_set(err, GS_ERR_NOMEM, "out of memory"); return NULL; }
    io_buf_init(&e->out);
    const char *rules = o->rules ? o->rules : "chinese";
    int preset = gs_go_preset_from_name(rules);
    if (preset < 0) {
        gs_error_set(err, GS_ERR_BAD_VALUE, "unknown rules '%s'", rules);
        gtp_free(e);
        return NULL;
    }
    snprintf(e->rules, sizeof e->rules, "%s", gs_go_preset_name((gs_go_preset)preset));
    const char *level = o->level ? o->level : "strong";
    if (strlen(level) >= sizeof e->level) {
        gs_error_set(err, GS_ERR_BAD_VALUE, "unknown level '%.40s'", level);
        gtp_free(e);
        return NULL;
    }
    snprintf(e->level, sizeof e->level, "%s", level);
    e->max_time = proto_clamp_time(o->max_time, GO_AI_MAX_MOVE_SECONDS);
    e->playouts = o->playouts;
    e->threads = o->threads;
    e->seed = o->seed;
    e->est_playouts = o->est_playouts ? o->est_playouts : 2000;
    e->verbose = o->verbose;
    e->shelf = o->shelf;
    int size = o->size ? o->size : 19;
    if (size < 2 || size > 25) {
        gs_error_set(err, GS_ERR_BAD_VALUE, "board size %d: 2 to 25", size);
        gtp_free(e);
        return NULL;
    }
    e->linecap = 256;
    e->line = malloc(e->linecap);
    if (!e->line || gtp_configure(e, size, e->rules, 0, 0, err) != GS_OK) {
        if (!e->line) gs_error_set(err, GS_ERR_NOMEM, "out of memory");
        gtp_free(e);
        return NULL;
    }
    if (gs_ai_check_level(e->g, e->level, err) != GS_OK) {
        gtp_free(e);
        return NULL;
    }
    return e;
}

static int gtp_done(const void *engine) { return ((const gtp *)engine)->quit; }

#define GTP_MAX_ARGS 8

/* One line of input -> the whole reply ("" when the line needs none).
 * The line is cleaned as the GTP specification says (control bytes,
 * NUL included, dropped; tabs become spaces; '#' starts a comment); a
 * line that holds a command is always answered. */
static const char *gtp_handle(void *engine, const char *line, size_t n) {
    gtp *e = engine;
    io_buf *out = &e->out;
    out->len = 0;
    out->failed = 0;
    if (out->s) out->s[0] = 0;
    if (n > PROTO_MAX_LINE) {
        /* not worth parsing: answer with an id if the line starts with one */
        char id[24];
        size_t i = 0;
        while (i < n && i + 1 < sizeof id && isdigit((unsigned char)line[i])) { id[i] = line[i]; i++; }
        id[i < n && line[i] == ' ' ? i : 0] = 0;
        io_buf_printf(out, "?%s line too long\n\n", id);
        return out->s ? out->s : "? out of memory\n\n";
    }
    char *buf = proto_line_buf(&e->line, &e->linecap, n + 1);
    if (!buf) return "? out of memory\n\n";
    proto_clean_line(line, n, buf, 1);
    char *tok[GTP_MAX_ARGS + 3];
    int nt = 0, too_many = 0;
    for (char *p = strtok(buf, " "); p; p = strtok(NULL, " ")) {
        if (nt < GTP_MAX_ARGS + 2) tok[nt++] = p;
        else too_many = 1;
    }
    if (nt == 0) return "";
    char id[24] = "";
    int t = 0;
    if (isdigit((unsigned char)tok[0][0])) {
        size_t i = 0;
        while (isdigit((unsigned char)tok[0][i])) i++;
        if (tok[0][i] || i >= sizeof id) {   /* not a number: a malformed id */
            io_buf_puts(out, "? syntax error\n\n");
            return out->s ? out->s : "? out of memory\n\n";
        }
        memcpy(id, tok[0], i + 1);
        t = 1;
    }
    if (t == nt) {
        io_buf_printf(out, "?%s syntax error\n\n", id);
        return out->s ? out->s : "? out of memory\n\n";
    }
    const char *cmd = tok[t];
    int argc = nt - t - 1;
    char **argv = tok + t + 1;
    /* the head goes in front once the result is known; reserve its room */
    char head[32];
    size_t hl = strlen(id) + 2;
    for (size_t i = 0; i < hl; i++) io_buf_putc(out, ' ');
    const proto_cmd *c = proto_cmd_find(gtp_table, cmd, 0);
    int fail;
    if (!c) fail = FAIL("unknown command");
    else if (too_many || argc > GTP_MAX_ARGS)
        fail = c->run == c_set_free_handicap ? FAIL("bad vertex list") : FAIL("syntax error");
    else {
        /* the command writes after the head's room */
        fail = c->run(e, argc, argv, out);
    }
    io_buf_puts(out, "\n\n");
    if (out->failed || !out->s) {
        out->failed = 0;
        out->len = 0;
        return "? out of memory\n\n";
    }
    snprintf(head, sizeof head, "%c%s ", fail ? '?' : '=', id);
    memcpy(out->s, head, hl);
    return out->s;
}

const proto_vt proto_gtp_vt = {"gtp", gtp_new, gtp_handle, gtp_done, gtp_free};
