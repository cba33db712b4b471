/* gridstone gtp: a Go Text Protocol (version 2) engine over the Go rules
 * module and the Monte-Carlo player.
 *
 * The protocol lives in gtp_handle(), which takes one input line and
 * returns the complete reply ("" for lines that need none), so the engine
 * can be driven - and fuzzed - without a process around it.  The game is
 * kept as a record (a start position plus the moves with their colours)
 * next to the live state: moves out of turn or after the end of play start
 * a new segment from the current position with the given colour to move,
 * and undo, komi and rule changes rebuild the state from the record. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/go.h"
#include "gridstone/io.h"
#include "ai/go_ai.h"

#define GTP_VERSION "0.1.0"
#define GTP_MAX_ARGS 8

typedef struct gtp_rec {
    uint8_t color;
    gs_move move;
} gtp_rec;

typedef struct gtp {
    int size;
    char rules[160];           /* preset name, maybe with ,ko=...,suicide=...,scoring=... */
    double komi;
    int komi_set;              /* komi given by the controller (kept across rule changes) */
    gs_game *g;
    gs_state *s;
    /* the record: start position, then the moves */
    uint8_t base[GS_MAX_CELLS];
    int base_to_move, has_base;
    gtp_rec *rec;
    int nrec, reccap;
    /* the player */
    char level[16];
    double max_time;           /* seconds per move, 0 = the level's default */
    uint64_t playouts;         /* 0 = the level's default */
    uint64_t seed;
    uint64_t est_playouts;     /* for dead-stone estimates (final_score, final_status_list) */
    int verbose;
    /* time control (time_settings / time_left) */
    int time_set;
    double main_time, byo_time;
    int byo_stones;
    double tleft[3];
    int sleft[3], tleft_known[3];
    int quit;
    /* the reply being built */
    char *out;
    size_t len, cap;
} gtp;

static const char *const gtp_commands[] = {
    "protocol_version", "name", "version", "known_command", "list_commands", "quit",
    "boardsize", "clear_board", "komi", "play", "genmove", "undo", "fixed_handicap",
    "place_free_handicap", "set_free_handicap", "loadsgf", "reg_genmove", "final_score",
    "final_status_list", "time_settings", "time_left", "showboard", "printsgf",
    "kgs-rules", "kgs-genmove_cleanup", "gridstone-rules", "is_legal", NULL};

/* ---- reply buffer ---- */
static void gtp_put(gtp *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void gtp_put(gtp *e, const char *fmt, ...) {
    va_list ap;
    for (;;) {
        size_t room = e->cap - e->len;
        va_start(ap, fmt);
        int n = vsnprintf(e->out + e->len, room, fmt, ap);
        va_end(ap);
        if (n < 0) return;
        if ((size_t)n < room) { e->len += (size_t)n; return; }
        size_t nc = e->cap * 2 + (size_t)n + 64;
        char *p = realloc(e->out, nc);
        if (!p) return;
        e->out = p;
        e->cap = nc;
    }
}

/* ---- the game ---- */
static gs_status gtp_new_game(int size, const char *rules, double komi, int komi_set, gs_game **g,
                              gs_error *err) {
    char spec[256];
    if (komi_set)
        snprintf(spec, sizeof spec, "go:size=%d,rules=%s,komi=%g", size, rules, komi);
    else
        snprintf(spec, sizeof spec, "go:size=%d,rules=%s", size, rules);
    return gs_game_new(spec, g, err);
}

/* Play one record entry on st: a new segment (the current position with
 * c to move) when c is not to move or play has ended.  st is unchanged on
 * error. */
static gs_status gtp_apply(gs_state *st, int c, gs_move m) {
    if (st->to_move == c && !gs_is_over(st)) return gs_play(st, m);
    gs_state *t = gs_state_clone(st);
    if (!t) return GS_ERR_NOMEM;
    uint8_t cells[GS_MAX_CELLS];
    memcpy(cells, st->board.cells, (size_t)st->game->geom.n);
    gs_status r = gs_setup(t, cells, c, NULL);
    if (r == GS_OK) r = gs_play(t, m);
    if (r == GS_OK) r = gs_state_copy(st, t);
    gs_state_free(t);
    return r;
}

/* A fresh state for g holding the record; NULL if some move fails, unless
 * *keep is set: then the record is cut at the first failing move and
 * *keep says how many moves stayed. */
static gs_state *gtp_replay_keep(const gtp *e, const gs_game *g, int *keep) {
    gs_state *st = gs_state_new(g);
    if (!st) return NULL;
    if (e->has_base && gs_setup(st, e->base, e->base_to_move, NULL) != GS_OK) {
        gs_state_free(st);
        return NULL;
    }
    for (int i = 0; i < e->nrec; i++)
        if (gtp_apply(st, e->rec[i].color, e->rec[i].move) != GS_OK) {
            if (keep) { *keep = i; return st; }
            gs_state_free(st);
            return NULL;
        }
    if (keep) *keep = e->nrec;
    return st;
}

static gs_state *gtp_replay(const gtp *e, const gs_game *g) { return gtp_replay_keep(e, g, NULL); }

/* Switch to size/rules/komi, keeping the record; on failure nothing
 * changes and err says why. */
static gs_status gtp_configure_how(gtp *e, int size, const char *rules, double komi, int komi_set,
                                   int lenient, gs_error *err) {
    gs_game *g;
    int keep = 0;
    gs_status st = gtp_new_game(size, rules, komi, komi_set, &g, err);
    if (st != GS_OK) return st;
    gs_state *s = gtp_replay_keep(e, g, lenient ? &keep : NULL);
    if (s && lenient) e->nrec = keep;
    if (!s) {
        gs_game_free(g);
        return gs_error_set(err, GS_ERR_BAD_POSITION, "the game so far is not legal under those rules");
    }
    gs_state_free(e->s);
    gs_game_free(e->g);
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
        gs_state_free(e->s);
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
/* A vertex ("D4", "pass"; any case) on the current board. */
static int gtp_vertex(const gtp *e, const char *a, gs_move *m) {
    int w = e->s->game->geom.w, h = e->s->game->geom.h;
    size_t n = strlen(a);
    if (n == 4 && tolower((unsigned char)a[0]) == 'p' && tolower((unsigned char)a[1]) == 'a'
        && tolower((unsigned char)a[2]) == 's' && tolower((unsigned char)a[3]) == 's') {
        *m = GS_PASS;
        return GTP_V_OK;
    }
    int col = tolower((unsigned char)a[0]);
    if (col < 'a' || col > 'z' || col == 'i' || n < 2 || n > 3) return GTP_V_SYNTAX;
    int x = col - 'a' - (col > 'i'), y = 0;
    for (size_t i = 1; i < n; i++) {
        if (!isdigit((unsigned char)a[i])) return GTP_V_SYNTAX;
        y = y * 10 + (a[i] - '0');
    }
    if (y < 1 || x >= w || y > h) return GTP_V_OFF;
    *m = (gs_move)((h - y) * w + x);
    return GTP_V_OK;
}

static char *gtp_fmt_vertex(const gtp *e, gs_move m, char *buf, size_t len) {
    return gs_notation_format_move(GS_NOTE_GTP, e->s->game->geom.w, e->s->game->geom.h, m, buf, len);
}

static int gtp_int(const char *a, long lo, long hi, long *out) {
    char *end;
    errno = 0;
    long v = strtol(a, &end, 10);
    if (end == a || *end || errno || v < lo || v > hi) return 0;
    *out = v;
    return 1;
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
/* Seconds for this move from the time control, capped by --time. */
static double gtp_move_time(const gtp *e, int c) {
    double t = e->max_time;
    if (e->time_set && (e->main_time > 0 || e->byo_time > 0)) {
        double left = e->tleft_known[c] ? e->tleft[c] : e->main_time;
        int stones = e->tleft_known[c] ? e->sleft[c] : 0;
        double budget;
        if (stones > 0) budget = left / stones;                       /* in byo-yomi */
        else {
            int empty = gs_board_count(&e->s->board, GS_EMPTY);
            double moves_left = empty / 3.0 > 12 ? empty / 3.0 : 12;
            budget = left / moves_left + (e->byo_stones > 0 ? e->byo_time / e->byo_stones : 0) * 0.8;
        }
        budget = budget * 0.92 - 0.05;
        if (budget < 0.05) budget = 0.05;
        if (t <= 0 || budget < t) t = budget;
    }
    return t;
}

static gs_status gtp_think(gtp *e, const gs_state *st, int cleanup, gs_move *m, gs_error *err) {
    gs_ai_opts o = {0};
    o.seed = e->seed + (uint64_t)e->nrec;
    o.time_limit = gtp_move_time(e, st->to_move);
    o.node_limit = e->playouts;
    go_ai_info *info = malloc(sizeof *info);
    if (!info) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    gs_status r = go_ai_genmove_mode(st, e->level, &o, cleanup, m, info, err);
    if (r == GS_OK && e->verbose && info->searched) {
        char b[16];
        fprintf(stderr, "gridstone: %s playouts %llu in %.2fs, win %.1f%%, est %+.1f%s -> %s\n",
                e->level, (unsigned long long)info->search.playouts, info->search.seconds,
                100 * info->search.winrate, info->est_score, info->settled ? " settled" : "",
                gtp_fmt_vertex(e, *m, b, sizeof b));
    }
    free(info);
    return r;
}

/* A state with c to move (a new segment if needed), for genmove. */
static gs_state *gtp_state_for(const gtp *e, int c) {
    gs_state *t = gs_state_clone(e->s);
    if (!t) return NULL;
    if (t->to_move != c || gs_is_over(t)) {
        uint8_t cells[GS_MAX_CELLS];
        memcpy(cells, t->board.cells, (size_t)t->game->geom.n);
        if (gs_setup(t, cells, c, NULL) != GS_OK) { gs_state_free(t); return NULL; }
    }
    return t;
}

/* Dead stones by the player's estimate, then the Go module's count. */
static gs_status gtp_score(gtp *e, gs_go_score *sc, gs_error *err) {
    int *dead = malloc(GS_MAX_CELLS * sizeof *dead);
    if (!dead) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    int nd = go_ai_dead_stones(e->s, e->seed, e->est_playouts, dead, err);
    gs_status r = nd < 0 ? err->code : gs_go_score_state(e->s, NULL, dead, nd, sc, err);
    free(dead);
    return r;
}

/* ---- commands ---- */
#define OK(...) (gtp_put(e, __VA_ARGS__), 0)
#define FAIL(msg) (gtp_put(e, "%s", msg), 1)

static int cmd_play(gtp *e, int argc, char **argv) {
    gs_move m;
    int c;
    if (argc != 2 || !(c = gtp_color(argv[0]))) return FAIL("syntax error");
    int v = gtp_vertex(e, argv[1], &m);
    if (v == GTP_V_SYNTAX) return FAIL("syntax error");
    if (v == GTP_V_OFF || gtp_apply(e->s, c, m) != GS_OK) return FAIL("illegal move");
    if (!gtp_push(e, c, m)) {   /* out of memory: put the game back */
        gs_state *s = gtp_replay(e, e->g);
        if (s) { gs_state_free(e->s); e->s = s; }
        return FAIL("out of memory");
    }
    return OK("%s", "");
}

/* genmove (commit), reg_genmove, kgs-genmove_cleanup (commit, cleanup) */
static int cmd_genmove(gtp *e, int argc, char **argv, int commit, int cleanup) {
    int c;
    if (argc != 1 || !(c = gtp_color(argv[0]))) return FAIL("syntax error");
    gs_state *t = gtp_state_for(e, c);
    if (!t) return FAIL("cannot generate a move here");
    gs_move m;
    gs_error err;
    gs_status r = gtp_think(e, t, cleanup, &m, &err);
    gs_state_free(t);
    if (r != GS_OK) return FAIL(err.msg);
    if (commit && m != GS_RESIGN) {
        if (gtp_apply(e->s, c, m) != GS_OK || !gtp_push(e, c, m)) return FAIL("cannot play the generated move");
    }
    char b[16];
    return OK("%s", gtp_fmt_vertex(e, m, b, sizeof b));
}

static int cmd_undo(gtp *e) {
    if (e->nrec == 0) return FAIL("cannot undo");
    e->nrec--;
    gs_state *s = gtp_replay(e, e->g);
    if (!s) { e->nrec++; return FAIL("cannot undo"); }
    gs_state_free(e->s);
    e->s = s;
    return OK("%s", "");
}

/* Handicap stones as the new start position. */
static int gtp_set_handicap(gtp *e, const int *cells, int n, int fixed) {
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
    gs_state_free(e->s);
    e->s = t;
    char b[16];
    int first = 1;
    for (int i = 0; i < e->g->geom.n; i++)
        if (t->board.cells[i] == GS_BLACK) {
            gtp_put(e, "%s%s", first ? "" : " ", gtp_fmt_vertex(e, i, b, sizeof b));
            first = 0;
        }
    return 0;
}

/* Free placement chosen by the engine: the fixed points while they exist,
 * then points far from every stone (and off the edge lines when possible). */
static int gtp_choose_handicap(const gtp *e, int n, int *cells) {
    const gs_geom *g = &e->g->geom;
    int k = 0, dist[GS_MAX_CELLS];
    for (int f = n < 9 ? n : 9; f >= 2 && !k; f--) k = gs_go_fixed_handicap_points(g->w, g->h, f, cells);
    for (int i = 0; i < g->n; i++) dist[i] = 1 << 20;
    for (int j = 0; j <= k; j++) {
        if (j == k) {   /* choose the next point */
            if (k >= n) break;
            int best = -1, bests = -1;
            for (int i = 0; i < g->n; i++) {
                if (dist[i] == 0) continue;
                int x = i % g->w, y = i / g->w;
                int edge = x < 2 || y < 2 || x > g->w - 3 || y > g->h - 3;
                int sc = (dist[i] < 1000 ? dist[i] : 1000) * 4 - (edge && g->w >= 7 ? 3 : 0);
                if (sc > bests) { bests = sc; best = i; }
            }
            if (best < 0) break;
            cells[k++] = best;
        }
        int cx = cells[j] % g->w, cy = cells[j] / g->w;
        for (int i = 0; i < g->n; i++) {
            int d = abs(i % g->w - cx) + abs(i / g->w - cy);
            if (d < dist[i]) dist[i] = d;
        }
    }
    return k;
}

static int cmd_handicap(gtp *e, const char *name, int argc, char **argv) {
    long n;
    if (!strcmp(name, "set_free_handicap")) {
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
        int r = gtp_set_handicap(e, cells, argc, 0);
        e->len = r ? e->len : 0;   /* set_free_handicap answers nothing */
        return r;
    }
    if (argc != 1 || !gtp_int(argv[0], -100000, 100000, &n)) return FAIL("syntax error");
    if (!gtp_board_empty(e)) return FAIL("board not empty");
    if (!strcmp(name, "fixed_handicap")) {
        int pts[9];
        if (gs_go_fixed_handicap_points(e->g->geom.w, e->g->geom.h, (int)n, pts) == 0)
            return FAIL("invalid number of stones");
        return gtp_set_handicap(e, NULL, (int)n, 1);
    }
    if (n < 2 || n >= e->g->geom.n) return FAIL("invalid number of stones");
    int cells[GS_MAX_CELLS];
    int k = gtp_choose_handicap(e, (int)n, cells);
    return gtp_set_handicap(e, cells, k, 0);
}

/* kgs-rules NAME (KGS's names), gridstone-rules PRESET [key=value...]
 * (any preset, then optionally ko=..., suicide=..., scoring=...). */
static int cmd_rules(gtp *e, const char *name, int argc, char **argv) {
    int kgs = !strcmp(name, "kgs-rules");
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
    if (st == GS_ERR_BAD_POSITION) return FAIL(err.msg);
    if (st != GS_OK) return FAIL("unknown rules");
    return OK("%s", "");
}

static int cmd_final_score(gtp *e) {
    gs_go_score *sc = malloc(sizeof *sc);
    gs_error err;
    if (!sc) return FAIL("out of memory");
    if (gtp_score(e, sc, &err) != GS_OK) { free(sc); return FAIL("cannot score"); }
    char b[32];
    gtp_put(e, "%s", gs_go_score_string(sc, b, sizeof b));
    free(sc);
    return 0;
}

static int cmd_final_status_list(gtp *e, int argc, char **argv) {
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
        gtp_put(e, "%s%s", first ? "" : " ", gtp_fmt_vertex(e, i, b, sizeof b));
        first = 0;
    }
    free(sc);
    return 0;
}

static int cmd_time(gtp *e, const char *name, int argc, char **argv) {
    long a, c;
    double b;
    if (!strcmp(name, "time_settings")) {
        if (argc != 3 || !gtp_int(argv[0], 0, 1L << 30, &a) || !gtp_float(argv[1], &b) || b < 0
            || !gtp_int(argv[2], 0, 1L << 30, &c))
            return FAIL("syntax error");
        e->time_set = 1;
        e->main_time = (double)a;
        e->byo_time = b;
        e->byo_stones = (int)c;
        e->tleft_known[1] = e->tleft_known[2] = 0;
        return OK("%s", "");
    }
    int col;
    if (argc != 3 || !(col = gtp_color(argv[0])) || !gtp_float(argv[1], &b) || b < 0
        || !gtp_int(argv[2], 0, 1L << 30, &c))
        return FAIL("syntax error");
    e->tleft[col] = b;
    e->sleft[col] = (int)c;
    e->tleft_known[col] = 1;
    return OK("%s", "");
}

static int cmd_showboard(gtp *e) {
    size_t cap = 65536;
    char *buf = malloc(cap);
    if (!buf) return FAIL("out of memory");
    gs_render(e->s, buf, cap);
    /* a reply may not contain an empty line: it would end the reply */
    gtp_put(e, "\n");
    for (char *p = buf; *p;) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n) gtp_put(e, "%.*s\n", (int)n, p);
        p += n + (nl ? 1 : 0);
    }
    if (e->len && e->out[e->len - 1] == '\n') e->out[--e->len] = 0;
    free(buf);
    return 0;
}

static int cmd_printsgf(gtp *e) {
    char *sgf = gs_state_to_sgf(e->s);
    if (!sgf) return FAIL("cannot write SGF");
    gtp_put(e, "\n");
    for (char *p = sgf; *p; p++)
        if (*p != '\n' || (p[1] && p[1] != '\n')) gtp_put(e, "%c", *p);
    free(sgf);
    return 0;
}

/* loadsgf FILE [MOVE_NUMBER]: the first game of the file, up to the
 * position before move MOVE_NUMBER (or before its first move that is
 * illegal under the engine's rules); its size and komi, the engine's rules. */
static int cmd_loadsgf(gtp *e, int argc, char **argv) {
    long upto = 0;
    if (argc < 1 || argc > 2 || (argc == 2 && !gtp_int(argv[1], 1, 1L << 30, &upto)))
        return FAIL("syntax error");
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
    gtp old = *e;
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
        e->rec = old.rec;
        e->nrec = old.nrec;
        e->reccap = old.reccap;
        memcpy(e->base, old.base, sizeof e->base);
        e->base_to_move = old.base_to_move;
        e->has_base = old.has_base;
        return FAIL("cannot load file");
    }
    free(old.rec);
    return OK("%s", "");
}

static int cmd_is_legal(gtp *e, int argc, char **argv) {
    gs_move m;
    int c;
    if (argc != 2 || !(c = gtp_color(argv[0]))) return FAIL("syntax error");
    int v = gtp_vertex(e, argv[1], &m);
    if (v == GTP_V_SYNTAX) return FAIL("syntax error");
    if (v == GTP_V_OFF) return OK("0");
    gs_state *t = gtp_state_for(e, c);
    int ok = t && gs_check(t, m) == GS_OK;
    gs_state_free(t);
    return OK("%d", ok);
}

static int gtp_known(const char *name) {
    for (int i = 0; gtp_commands[i]; i++)
        if (!strcmp(gtp_commands[i], name)) return 1;
    return 0;
}

/* Run one command; returns 0 for success, 1 for failure (reply text in e->out). */
static int gtp_dispatch(gtp *e, const char *cmd, int argc, char **argv) {
    if (!strcmp(cmd, "protocol_version")) return OK("2");
    if (!strcmp(cmd, "name")) return OK("gridstone");
    if (!strcmp(cmd, "version")) return OK(GTP_VERSION);
    if (!strcmp(cmd, "known_command"))
        return argc == 1 ? OK("%s", gtp_known(argv[0]) ? "true" : "false") : FAIL("syntax error");
    if (!strcmp(cmd, "list_commands")) {
        for (int i = 0; gtp_commands[i]; i++) gtp_put(e, "%s%s", i ? "\n" : "", gtp_commands[i]);
        return 0;
    }
    if (!strcmp(cmd, "quit")) { e->quit = 1; return OK("%s", ""); }
    if (!strcmp(cmd, "boardsize")) {
        long n;
        gs_error err;
        if (argc != 1 || !gtp_int(argv[0], -1000000, 1000000, &n)) return FAIL("syntax error");
        if (n < 2 || n > 25) return FAIL("unacceptable size");
        int nrec = e->nrec, hb = e->has_base;
        e->nrec = 0;
        e->has_base = 0;
        if (gtp_configure(e, (int)n, e->rules, e->komi, e->komi_set, &err) != GS_OK) {
            e->nrec = nrec;
            e->has_base = hb;
            return FAIL("unacceptable size");
        }
        return OK("%s", "");
    }
    if (!strcmp(cmd, "clear_board")) { gtp_clear(e); return OK("%s", ""); }
    if (!strcmp(cmd, "komi")) {
        double k;
        gs_error err;
        if (argc != 1 || !gtp_float(argv[0], &k)) return FAIL("syntax error");
        if (gtp_configure(e, e->size, e->rules, k, 1, &err) != GS_OK) return FAIL("syntax error");
        return OK("%s", "");
    }
    if (!strcmp(cmd, "play")) return cmd_play(e, argc, argv);
    if (!strcmp(cmd, "genmove")) return cmd_genmove(e, argc, argv, 1, 0);
    if (!strcmp(cmd, "reg_genmove")) return cmd_genmove(e, argc, argv, 0, 0);
    if (!strcmp(cmd, "kgs-genmove_cleanup")) return cmd_genmove(e, argc, argv, 1, 1);
    if (!strcmp(cmd, "undo")) return argc ? FAIL("syntax error") : cmd_undo(e);
    if (!strcmp(cmd, "fixed_handicap") || !strcmp(cmd, "place_free_handicap")
        || !strcmp(cmd, "set_free_handicap"))
        return cmd_handicap(e, cmd, argc, argv);
    if (!strcmp(cmd, "final_score")) return cmd_final_score(e);
    if (!strcmp(cmd, "final_status_list")) return cmd_final_status_list(e, argc, argv);
    if (!strcmp(cmd, "time_settings") || !strcmp(cmd, "time_left")) return cmd_time(e, cmd, argc, argv);
    if (!strcmp(cmd, "showboard")) return cmd_showboard(e);
    if (!strcmp(cmd, "printsgf")) return argc ? FAIL("syntax error") : cmd_printsgf(e);
    if (!strcmp(cmd, "loadsgf")) return cmd_loadsgf(e, argc, argv);
    if (!strcmp(cmd, "kgs-rules") || !strcmp(cmd, "gridstone-rules")) return cmd_rules(e, cmd, argc, argv);
    if (!strcmp(cmd, "is_legal")) return cmd_is_legal(e, argc, argv);
    return FAIL("unknown command");
}

/* ---- the engine ---- */
gtp *gtp_new(const char *rules, const char *level, double max_time, uint64_t playouts, uint64_t seed);
void gtp_free(gtp *e);
const char *gtp_handle(gtp *e, const char *line);

gtp *gtp_new(const char *rules, const char *level, double max_time, uint64_t playouts, uint64_t seed) {
    gtp *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->cap = 4096;
    e->out = malloc(e->cap);
    snprintf(e->rules, sizeof e->rules, "%s", rules ? rules : "chinese");
    snprintf(e->level, sizeof e->level, "%s", level ? level : "strong");
    e->max_time = max_time;
    e->playouts = playouts;
    e->seed = seed;
    e->est_playouts = 2000;
    gs_error err;
    if (!e->out || gtp_configure(e, 19, e->rules, 0, 0, &err) != GS_OK) {
        gtp_free(e);
        return NULL;
    }
    return e;
}

void gtp_free(gtp *e) {
    if (!e) return;
    gs_state_free(e->s);
    gs_game_free(e->g);
    free(e->rec);
    free(e->out);
    free(e);
}

/* One line of input -> the whole reply ("" when the line needs none). */
const char *gtp_handle(gtp *e, const char *line) {
    size_t n = strlen(line);
    char *buf = malloc(n + 1), *argv[GTP_MAX_ARGS + 1];
    e->len = 0;
    e->out[0] = 0;
    if (!buf) return "? out of memory\n\n";
    /* control characters go, tabs become spaces, a comment ends the line */
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)line[i];
        if (ch == '#') break;
        if (ch == '\t') ch = ' ';
        if (ch < 32 || ch == 127) continue;
        buf[k++] = (char)ch;
    }
    buf[k] = 0;
    char *tok[GTP_MAX_ARGS + 3];
    int nt = 0, too_many = 0;
    for (char *p = strtok(buf, " "); p; p = strtok(NULL, " ")) {
        if (nt < GTP_MAX_ARGS + 2) tok[nt++] = p;
        else too_many = 1;
    }
    if (nt == 0) { free(buf); return ""; }
    char id[24] = "";
    int t = 0;
    if (isdigit((unsigned char)tok[0][0])) {
        size_t i = 0;
        while (isdigit((unsigned char)tok[0][i])) i++;
        if (tok[0][i] || i >= sizeof id) {   /* not a number: a malformed id */
            gtp_put(e, "? syntax error\n\n");
            free(buf);
            return e->out;
        }
        memcpy(id, tok[0], i + 1);
        t = 1;
    }
    if (t == nt) {
        gtp_put(e, "?%s syntax error\n\n", id);
        free(buf);
        return e->out;
    }
    const char *cmd = tok[t];
    int argc = nt - t - 1;
    for (int i = 0; i < argc && i < GTP_MAX_ARGS + 1; i++) argv[i] = tok[t + 1 + i];
    /* the result goes after a header we fill in once we know it */
    char head[32];
    int fail;
    if (too_many || argc > GTP_MAX_ARGS) {
        if (!gtp_known(cmd)) fail = FAIL("unknown command");
        else if (strcmp(cmd, "set_free_handicap")) fail = FAIL("syntax error");
        else fail = FAIL("bad vertex list");
    } else {
        fail = gtp_dispatch(e, cmd, argc, argv);
    }
    snprintf(head, sizeof head, "%c%s ", fail ? '?' : '=', id);
    size_t hl = strlen(head);
    gtp_put(e, "\n\n");
    if (e->len + hl + 1 > e->cap) {
        char *p = realloc(e->out, e->len + hl + 1);
        if (!p) { free(buf); return "? out of memory\n\n"; }
        e->out = p;
        e->cap = e->len + hl + 1;
    }
    memmove(e->out + hl, e->out, e->len + 1);
    memcpy(e->out, head, hl);
    e->len += hl;
    free(buf);
    return e->out;
}

#ifndef GS_GTP_NO_CLI
#include "cli.h"

static void help(void) {
    printf("usage: gridstone gtp [--rules R] [--level L] [--time S] [--playouts N] [--seed N]\n"
           "                     [--verbose]\n\n"
           "A Go Text Protocol (v2) engine on standard input and output.  --rules: the rule\n"
           "preset (tromp-taylor, chinese, japanese, korean, aga, new-zealand; default chinese),\n"
           "--level: random, beginner, medium, strong (default), --time: at most S seconds a\n"
           "move, --playouts: playouts a move (then the move depends only on the seed),\n"
           "--verbose: one line about each search on stderr.  Besides the GTP commands:\n"
           "kgs-rules, gridstone-rules PRESET, is_legal COLOR VERTEX.\n");
}

static int run(int argc, char **argv) {
    const char *rules = "chinese", *level = "strong";
    double max_time = 0;
    uint64_t playouts = 0, seed = 1;
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (gs_cli_is_help(a)) { help(); return 0; }
        else if (!strcmp(a, "--rules") && v) {
            if (gs_go_preset_from_name(v) < 0) gs_cli_die("gtp", "unknown rules '%s'", v);
            rules = gs_go_preset_name((gs_go_preset)gs_go_preset_from_name(v));
            i++;
        } else if (!strcmp(a, "--level") && v) {
            if (strcmp(v, "random") && strcmp(v, "beginner") && strcmp(v, "medium") && strcmp(v, "strong"))
                gs_cli_die("gtp", "unknown level '%s' (random, beginner, medium, strong)", v);
            level = v;
            i++;
        } else if (!strcmp(a, "--time")) {
            double t;
            if (!v || !gtp_float(v, &t) || t <= 0 || t > 86400) gs_cli_die("gtp", "bad value for --time: '%s'", v ? v : "");
            max_time = t;
            i++;
        } else if (!strcmp(a, "--playouts")) { playouts = (uint64_t)gs_cli_long("gtp", a, v, 1, 1000000000L); i++; }
        else if (!strcmp(a, "--seed")) { seed = (uint64_t)gs_cli_long("gtp", a, v, 0, 0x7fffffffffffffffL); i++; }
        else if (!strcmp(a, "--verbose")) verbose = 1;
        else gs_cli_die("gtp", "unknown option '%s'", a);
    }
    gtp *e = gtp_new(rules, level, max_time, playouts, seed);
    if (!e) gs_cli_die("gtp", "cannot start the engine");
    e->verbose = verbose;
    char *line = NULL;
    size_t cap = 0;
    while (!e->quit && getline(&line, &cap, stdin) >= 0) {
        fputs(gtp_handle(e, line), stdout);
        fflush(stdout);
    }
    free(line);
    gtp_free(e);
    return 0;
}

GS_CLI_COMMAND(gtp, "gtp", "Go Text Protocol engine (for GUIs, servers and tournaments)", run)
#endif
