/* The Gomocup protocol engine (https://plastovicka.github.io/protocl2en.htm
 * describes the protocol): START, RECTSTART, RESTART, BEGIN, TURN, BOARD ...
 * DONE, INFO, END, ABOUT, TAKEBACK, PLAY, SWAP2BOARD, in the protocol
 * layer's shape (proto.h): one line in, the replies it causes out (the
 * lines of BOARD and SWAP2BOARD are collected until DONE, which answers).
 * Malformed commands get "ERROR ..." and leave the state as it was;
 * unknown ones "UNKNOWN ...".  Control bytes in a line are dropped.  Every
 * INFO time value is clamped to GMK_MAX_MS and every move's budget to
 * GMK_MAX_MOVE_MS.  Before each move the engine prints "DEBUG time U ms of
 * B ms" from its own clock (U the time used, B its budget for the move).
 * The search's MESSAGE lines go out through proto_opts.stream as each
 * iteration ends when the caller gives one (the CLI does).  Opening rules
 * with a choice of colour: SWAP2BOARD (swap2), and INFO rule 5 (freestyle
 * with swap1: BEGIN places one stone the search judges even; as second
 * player after the first stone the engine answers "SWAP", taking black, when
 * its search gives white the worse of it). */
#include <ctype.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ai/gomoku_ai.h"
#include "io/shelf.h"
#include "proto/proto.h"

#define GMK_MAX_MS 86400000L             /* any INFO time: at most a day */
#define GMK_MAX_MEMORY (1LL << 40)
#define GMK_MAX_MOVE_MS 600000.0         /* a move's search: at most 10 minutes */
#define GMK_FUZZ_NODES 24                /* fast == 2 (fuzzing): a real but tiny search, */
#define GMK_FUZZ_MAX_NODES 1024          /* or up to this many as INFO timeout_turn asks */
#define GMK_ENGINE_TT_BITS 21            /* at most 2^21 table entries (32 MB) */

typedef struct gmk_engine {
    gs_game *game;
    int own_game;            /* 1: built and owned here; 0: the shelf's */
    io_shelf *shelf;         /* games shared with other engines (proto_opts.shelf), or NULL */
    gs_state *st;
    char game_spec[96];      /* the spec game was built from */
    int w, h;
    int me;                  /* colour the engine plays, 0 until known */
    int rule_mask;           /* INFO rule: 1 exact five, 2 continuous, 4 renju, 8 caro */
    int opening;             /* INFO rule 5: 1 (freestyle, swap1), 6: 2 (freestyle, swap2) */
    long timeout_turn;       /* ms, -1 = not given */
    long timeout_match;      /* ms, 0 = none */
    long time_left;          /* ms, -1 = not given */
    long long max_memory;    /* bytes, 0 = none */
    int collecting;          /* 1 inside BOARD, 2 inside SWAP2BOARD */
    int ncol;                /* lines collected */
    int (*col)[3];           /* GS_MAX_CELLS lines, made at the first BOARD / SWAP2BOARD
                              * (12 KB cleared per engine otherwise: most never collect) */
    uint64_t seed;
    int fast;                /* 1 (tests), 2 (fuzzing): a node limit instead of the clock */
    int ended;               /* END received */
    void (*stream)(void *ud, const char *text);   /* proto_opts.stream */
    void *stream_ud;
    io_buf out;
    char *line;              /* the cleaned input line (grown on demand) */
    size_t line_cap;
    gmk_search *search;      /* kept from move to move so that its memory is reused
                              * (gmk_search_renew), taken from and left on the shelf
                              * when there is one; NULL before the first */
} gmk_engine;

/* Append one reply line. */
static void say(io_buf *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(io_buf *out, const char *fmt, ...) {
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    io_buf_puts(out, tmp);
    io_buf_putc(out, '\n');
}

/* A MESSAGE line: streamed at once when the caller asked for it (the
 * search's lines arrive while it thinks), else part of the reply. */
static void message(gmk_engine *P, io_buf *out, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void message(gmk_engine *P, io_buf *out, const char *fmt, ...) {
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (!P->stream) {
        say(out, "MESSAGE %s", tmp);
        return;
    }
    char line[1040];
    snprintf(line, sizeof line, "MESSAGE %s\n", tmp);
    P->stream(P->stream_ud, line);
}

static void gmk_engine_drop_game(gmk_engine *P) {
    gs_state_free(P->st);
    if (P->own_game) gs_game_free(P->game);
    P->st = NULL;
    P->game = NULL;
}

static const char *rule_of_mask(int mask) {
    if (mask & 4) return "renju";
    if (mask & 8) return "caro";
    if (mask & 1) return "standard";
    return "freestyle";
}

/* (Re)create the game for w x h and the rule mask, keeping the stones. */
static int new_game(gmk_engine *P, int w, int h, int keep, char *err, size_t errlen) {
    char spec[96];
    gs_error e;
    gs_game *g;
    snprintf(spec, sizeof spec, "gomoku:size=%dx%d,rule=%s", w, h, rule_of_mask(P->rule_mask));
    if (P->game && P->st && !strcmp(spec, P->game_spec)) {
        /* the same game (RESTART, START of the same size): only the
         * position starts again; games and states are not rebuilt */
        if (!keep) {
            uint8_t empty[GS_MAX_CELLS] = {0};
            if (gs_setup(P->st, empty, GS_BLACK, NULL) != GS_OK) { snprintf(err, errlen, "cannot clear the board"); return 0; }
            P->me = 0;
        }
        return 1;
    }
    int own;
    if (io_shelf_game(P->shelf, spec, &g, &own, &e) != GS_OK) { snprintf(err, errlen, "%.150s", e.msg); return 0; }
    gs_state *s = gs_state_new(g);
    if (!s) {
        if (own) gs_game_free(g);
        snprintf(err, errlen, "out of memory");
        return 0;
    }
    if (keep && P->st) gs_setup(s, P->st->board.cells, P->st->to_move, NULL);
    gmk_engine_drop_game(P);
    P->game = g;
    P->own_game = own;
    P->st = s;
    snprintf(P->game_spec, sizeof P->game_spec, "%s", spec);
    P->w = w;
    P->h = h;
    if (!keep) P->me = 0;
    return 1;
}

/* Parse "x,y" (spaces allowed) with nothing after; -1 on error. */
static int parse_xy(const char *s, int *x, int *y, const char **rest) {
    char *e;
    while (*s == ' ' || *s == '\t') s++;
    if (!isdigit((unsigned char)*s)) return -1;
    long a = strtol(s, &e, 10);
    s = e;
    while (*s == ' ') s++;
    if (*s != ',') return -1;
    s++;
    while (*s == ' ') s++;
    if (!isdigit((unsigned char)*s)) return -1;
    long b = strtol(s, &e, 10);
    if (a > 1000 || b > 1000) return -1;
    *x = (int)a;
    *y = (int)b;
    if (rest) *rest = e;
    else {
        while (*e == ' ' || *e == '\t') e++;
        if (*e) return -1;
    }
    return 0;
}

static int cell_of_xy(const gmk_engine *P, int x, int y) {
    if (x < 0 || y < 0 || x >= P->w || y >= P->h) return -1;
    return y * P->w + x;
}

/* Time for this move in seconds: the turn limit (or a share of the match
 * time left) less a safety margin for the reply to travel: 3% and 20 ms
 * (the search looks at the clock every 256 nodes, well under a
 * millisecond).  1 s a move leaves 950 ms; 92% less 50 ms left 870, and
 * stopped searches that 950 ms lets finish a depth (PERFORMANCE.md). */
static double move_budget(const gmk_engine *P) {
    double t = P->timeout_turn > 0 ? (double)P->timeout_turn : P->timeout_turn == 0 ? 100.0 : 5000.0;
    if (P->time_left >= 0 && P->timeout_match > 0) {
        double share = (double)P->time_left / 15.0;
        if (share < t) t = share;
    }
    t = t * 0.97 - 20.0;
    if (t < 5.0) t = 5.0;
    if (t > GMK_MAX_MOVE_MS) t = GMK_MAX_MOVE_MS;
    return t / 1000.0;
}

/* log2 of the transposition table's entries such that it and the threat
 * searches' tables fit within three quarters of INFO max_memory (the
 * rest for everything else). */
static int tt_bits(const gmk_engine *P) {
    if (P->fast) return 0;   /* node-limited searches size their tables by the limit */
    long long bytes = P->max_memory > 0 ? P->max_memory / 4 * 3 : (long long)1 << 40;
    int bits = 10;
    while (bits < GMK_ENGINE_TT_BITS && (long long)gmk_search_table_bytes(bits + 1) <= bytes) bits++;
    return bits;
}

/* The search's information lines, as MESSAGE lines before the move. */
typedef struct {
    gmk_engine *P;
    io_buf *out;
} gmk_info_to;
static void say_info(void *ud, const char *line) {
    gmk_info_to *t = ud;
    message(t->P, t->out, "%s", line);
}

/* Fuzzing's node budget: one node per 4 ms of INFO timeout_turn, between
 * GMK_FUZZ_NODES (also when none was given) and GMK_FUZZ_MAX_NODES, so that
 * the input chooses: most inputs search a few nodes, and the deeper parts
 * of the search are there for the inputs that ask for them. */
static uint64_t fuzz_nodes(const gmk_engine *P) {
    long n = P->timeout_turn > 0 ? P->timeout_turn / 4 : 0;
    return n < GMK_FUZZ_NODES ? GMK_FUZZ_NODES : n > GMK_FUZZ_MAX_NODES ? GMK_FUZZ_MAX_NODES : (uint64_t)n;
}

/* The kind of the search an engine leaves on the shelf (io_shelf_put_spare). */
static void search_free(void *S) { gmk_search_free(S); }

/* A search over the engine's position within share of the move's budget
 * (or the test node limit), the engine's own (P->search, renewed); NULL
 * after "ERROR" when out of memory. */
static gmk_search *engine_search(gmk_engine *P, io_buf *out, double share, gmk_info_to *to, int *bits) {
    gs_ai_opts o;
    memset(&o, 0, sizeof o);
    o.seed = P->seed++;
    if (P->fast) o.node_limit = (uint64_t)((double)(P->fast > 1 ? fuzz_nodes(P) : 20000) * share) + 1;
    else o.time_limit = move_budget(P) * share;
    *bits = tt_bits(P);
    if (!P->search) P->search = io_shelf_take_spare(P->shelf, search_free);   /* an earlier engine's */
    gmk_search *S = P->search = gmk_search_renew(P->search, P->st, &o, 0, *bits);
    if (!S) { say(out, "ERROR out of memory"); return NULL; }
    to->P = P;
    to->out = out;
    S->info = say_info;
    S->info_ud = to;
    return S;
}

/* Search within share of the budget: the best move (cell, -1 none) and the
 * position's value for the side to move (gmk_value) in *value; -2 after
 * "ERROR" when out of memory. */
static gs_move engine_think(gmk_engine *P, io_buf *out, double share, int *value, int *bits) {
    gmk_info_to to;
    gmk_search *S = engine_search(P, out, share, &to, bits);
    if (!S) return -2;
    int p = gmk_best_move(S, !P->fast);
    *value = gmk_value(S);
    return p >= 0 ? ((const gmk_game *)P->game)->cell_of[p] : -1;
}

/* Play the cell m for the engine and reply "x,y" after the DEBUG line. */
static void engine_play(gmk_engine *P, io_buf *out, gs_move m, double t0, int bits) {
    if (m < 0 || gs_play(P->st, m) != GS_OK) { say(out, "ERROR no legal move"); return; }
    say(out, "DEBUG time %d ms of %d ms, table %d MB", (int)((gs_now() - t0) * 1000), (int)(move_budget(P) * 1000),
        (int)((sizeof(gmk_tt_entry) << bits) >> 20));
    say(out, "%d,%d", m % P->w, m / P->w);
}

/* Think and play the engine's move; reply "x,y".  swap_below: when the
 * opening rule lets the engine take black instead (swap1 after the first
 * stone, swap2's choices), it answers "SWAP" if the searched value of the
 * position for white, the side to move, is below swap_below; INT_MIN
 * never swaps. */
static void engine_move_or_swap(gmk_engine *P, io_buf *out, int swap_below) {
    double t0 = gs_now();
    if (!P->me) P->me = P->st->to_move;
    if (gs_is_over(P->st)) { say(out, "ERROR the game is over"); return; }
    int bits, v;
    gs_move m = engine_think(P, out, 1.0, &v, &bits);
    if (m == -2) return;
    if (swap_below != INT_MIN) {
        message(P, out, "swap: white's value %d (SWAP below %d)", v, swap_below);
        if (v < swap_below) {
            P->me = GS_BLACK;
            say(out, "SWAP");
            return;
        }
        P->me = GS_WHITE;
    }
    engine_play(P, out, m, t0, bits);
}

static void engine_move(gmk_engine *P, io_buf *out) {
    /* swap1: the second player may take black instead of the first reply */
    int swap = P->opening == 1 && P->st->to_move == GS_WHITE && gs_board_count(&P->st->board, GS_EMPTY) == P->w * P->h - 1;
    engine_move_or_swap(P, out, swap ? 0 : INT_MIN);
}

/* Reply with n balanced opening stones (gmk_balanced_stones) "x,y x,y ..."
 * and play them in the engine's position. */
static void engine_balanced(gmk_engine *P, io_buf *out, int n, double share) {
    gmk_info_to to;
    int bits, pts[3], v;
    gmk_search *S = engine_search(P, out, share, &to, &bits);
    if (!S) return;
    double secs = S->deadline > 0 ? S->deadline - S->t0 : 0;
    int ok = gmk_balanced_stones(S, n, secs, S->node_limit, pts, &v);
    if (!ok) { say(out, "ERROR no opening stones"); return; }
    char buf[64] = "";
    for (int k = 0; k < n; k++) {
        gs_move m = ((const gmk_game *)P->game)->cell_of[pts[k]];
        gs_play(P->st, m);
        size_t l = strlen(buf);
        snprintf(buf + l, sizeof buf - l, "%s%d,%d", k ? " " : "", m % P->w, m / P->w);
    }
    message(P, out, "opening: %d stones, searched value %d for the side to move after them", n, v);
    say(out, "%s", buf);
}

static int need_game(gmk_engine *P, io_buf *out) {
    if (P->st) return 1;
    say(out, "ERROR no game: send START first");
    return 0;
}

/* BOARD ... DONE: rebuild the position; 1 own, 2 opponent, 3 (continuous
 * game: winning line / forbidden) is kept as an opponent stone, a cell the
 * engine will not play and that never helps its lines. */
static void finish_board(gmk_engine *P, io_buf *out) {
    uint8_t cells[GS_MAX_CELLS] = {0};
    int nown = 0, nopp = 0;
    for (int i = 0; i < P->ncol; i++) {
        int c = cell_of_xy(P, P->col[i][0], P->col[i][1]);
        if (c < 0 || cells[c] || P->col[i][2] < 1 || P->col[i][2] > 3) {
            say(out, "ERROR bad BOARD line %d,%d,%d", P->col[i][0], P->col[i][1], P->col[i][2]);
            return;
        }
        cells[c] = (uint8_t)P->col[i][2];
        if (P->col[i][2] == 1) nown++; else nopp++;
    }
    /* the side to move is the engine: black if the counts are equal */
    int me = nown >= nopp ? GS_BLACK : GS_WHITE;
    for (int i = 0; i < P->w * P->h; i++)
        if (cells[i]) cells[i] = cells[i] == 1 ? (uint8_t)me : (uint8_t)GS_OTHER(me);
    gs_error err;
    if (gs_setup(P->st, cells, me, &err) != GS_OK) { say(out, "ERROR %s", err.msg); return; }
    P->me = me;
    engine_move(P, out);
}

/* SWAP2BOARD ... DONE (the Gomocup swap2 extension):
 *  0 stones: open with three (black, white, black) that the search judges
 *    even, so the second player gains nothing by any choice;
 *  3 stones (the engine is the second player): take black ("SWAP") when
 *    the searched value for white is below -GMK_SWAP2_EVEN, stay white and
 *    play the 4th stone when it is above GMK_SWAP2_EVEN, else place the
 *    4th and 5th stones (white, black) judged even and let the first player
 *    choose;
 *  5 stones (the engine opened): "SWAP" (take black) when white's value is
 *    below zero, else play white's 6th stone.
 * Every decision uses the move's time budget (half of it for the value
 * when two more stones may follow). */
#define GMK_SWAP2_EVEN 60
static void finish_swap2(gmk_engine *P, io_buf *out) {
    int n = P->ncol;
    if (n != 0 && n != 3 && n != 5) { say(out, "ERROR SWAP2BOARD needs 0, 3 or 5 stones, got %d", n); return; }
    uint8_t cells[GS_MAX_CELLS] = {0};
    for (int i = 0; i < n; i++) {
        int c = cell_of_xy(P, P->col[i][0], P->col[i][1]);
        if (c < 0 || cells[c]) { say(out, "ERROR bad SWAP2BOARD stone %d,%d", P->col[i][0], P->col[i][1]); return; }
        cells[c] = (i & 1) ? GS_WHITE : GS_BLACK;
    }
    gs_error err;
    if (gs_setup(P->st, cells, n & 1 ? GS_WHITE : GS_BLACK, &err) != GS_OK) { say(out, "ERROR %s", err.msg); return; }
    if (gs_is_over(P->st)) { say(out, "ERROR the game is over"); return; }
    P->me = 0;
    if (n == 0) {
        engine_balanced(P, out, 3, 1.0);
        return;
    }
    if (n == 5) {
        engine_move_or_swap(P, out, 0);
        return;
    }
    /* three stones: white's value from half the budget */
    double t0 = gs_now();
    int bits, v;
    gs_move m = engine_think(P, out, 0.5, &v, &bits);
    if (m == -2) return;
    message(P, out, "swap2: white's value %d (SWAP below %d, two stones up to %d)", v, -GMK_SWAP2_EVEN, GMK_SWAP2_EVEN);
    if (v < -GMK_SWAP2_EVEN) {
        P->me = GS_BLACK;
        say(out, "SWAP");
    } else if (v > GMK_SWAP2_EVEN) {
        P->me = GS_WHITE;
        engine_play(P, out, m, t0, bits);
    } else {
        engine_balanced(P, out, 2, 0.5);
    }
}

/* A non-negative decimal number, clamped to max however many digits it
 * has; 0 if the text is not one. */
static int gmk_number(const char *a, long long max, long long *out) {
    while (*a == ' ') a++;
    if (!isdigit((unsigned char)*a)) return 0;
    long long v = 0;
    for (; isdigit((unsigned char)*a); a++) v = v > max / 10 ? max : v * 10 + (*a - '0');
    while (*a == ' ') a++;
    if (*a) return 0;
    *out = v > max ? max : v;
    return 1;
}

#define GMK_CMD(fn)                                                         \
    static void fn##_impl(gmk_engine *P, const char *p, io_buf *out);      \
    static int fn(void *engine, int argc, char **argv, io_buf *out) {      \
        fn##_impl(engine, argc ? argv[0] : "", out);                        \
        return 0;                                                           \
    }                                                                       \
    static void fn##_impl(gmk_engine *P, const char *p, io_buf *out)

GMK_CMD(c_info) {
    char key[32];
    int kn = 0;
    while (*p == ' ') p++;
    while (*p && *p != ' ' && kn < 31) key[kn++] = (char)tolower((unsigned char)*p++);
    key[kn] = 0;
    long long v = 0;
    long long max = !strcmp(key, "max_memory") ? GMK_MAX_MEMORY : !strcmp(key, "rule") ? 1L << 30 : GMK_MAX_MS;
    int numeric = gmk_number(p, max, &v);
    if (!strcmp(key, "timeout_turn") || !strcmp(key, "timeout_match") || !strcmp(key, "time_left") ||
        !strcmp(key, "max_memory") || !strcmp(key, "rule")) {
        if (!numeric) { say(out, "ERROR INFO %s needs a non-negative number", key); return; }
        if (!strcmp(key, "timeout_turn")) P->timeout_turn = (long)v;
        else if (!strcmp(key, "timeout_match")) P->timeout_match = (long)v;
        else if (!strcmp(key, "time_left")) P->time_left = (long)v;
        else if (!strcmp(key, "max_memory")) P->max_memory = v;
        else {
            int old = P->rule_mask;
            /* 5 and 6: freestyle with the swap1 / swap2 opening (the values
             * Yixin-Board and Rapfi give them); otherwise the bit mask */
            P->opening = v == 5 ? 1 : v == 6 ? 2 : 0;
            P->rule_mask = P->opening ? 0 : (int)(v & 15);
            char err[160];
            if (P->st && strcmp(rule_of_mask(old), rule_of_mask(P->rule_mask)) &&
                !new_game(P, P->w, P->h, 1, err, sizeof err)) {
                P->rule_mask = old;
                say(out, "ERROR %s", err);
            }
        }
    }
    /* game_type, evaluate, folder and others: accepted, no reply */
}

static void gmk_start(gmk_engine *P, const char *p, io_buf *out, int rect) {
    int w, h;
    char err[160];
    if (!rect) {
        long long v;
        if (!gmk_number(p, 1000, &v) || v < 5 || v > 32) { say(out, "ERROR unsupported size (5..32)"); return; }
        w = h = (int)v;
    } else if (parse_xy(p, &w, &h, NULL) || w < 5 || h < 5 || w > 32 || h > 32) {
        say(out, "ERROR unsupported size (5..32 each)");
        return;
    }
    if (!new_game(P, w, h, 0, err, sizeof err)) say(out, "ERROR %s", err);
    else say(out, "OK");
}
GMK_CMD(c_start) { gmk_start(P, p, out, 0); }
GMK_CMD(c_rectstart) { gmk_start(P, p, out, 1); }

GMK_CMD(c_restart) {
    char err[160];
    (void)p;
    if (!need_game(P, out)) return;
    if (!new_game(P, P->w, P->h, 0, err, sizeof err)) say(out, "ERROR %s", err);
    else say(out, "OK");
}

GMK_CMD(c_begin) {
    (void)p;
    if (!need_game(P, out)) return;
    if (P->st->nhist || gs_board_count(&P->st->board, GS_EMPTY) != P->w * P->h) {
        say(out, "ERROR BEGIN needs an empty board");
        return;
    }
    P->me = GS_BLACK;
    if (P->opening == 1) engine_balanced(P, out, 1, 1.0);   /* swap1: an even first stone */
    else engine_move(P, out);
}

/* TURN x,y (the opponent's move, then ours) and PLAY x,y (ours, given). */
static void gmk_turn(gmk_engine *P, const char *p, io_buf *out, int play) {
    int x, y;
    const char *cmd = play ? "PLAY" : "TURN";
    if (!need_game(P, out)) return;
    if (parse_xy(p, &x, &y, NULL)) { say(out, "ERROR %s needs x,y", cmd); return; }
    int c = cell_of_xy(P, x, y);
    if (c < 0) { say(out, "ERROR %d,%d is off the board", x, y); return; }
    gs_status st = gs_play(P->st, c);
    if (st != GS_OK) { say(out, "ERROR %d,%d: %s", x, y, gs_strerror(st, GS_LANG_EN)); return; }
    if (play) {
        P->me = GS_OTHER(P->st->to_move);
        say(out, "%d,%d", x, y);
    } else {
        if (!P->me) P->me = P->st->to_move;
        if (gs_is_over(P->st)) { say(out, "MESSAGE the game is over"); return; }
        engine_move(P, out);
    }
}
GMK_CMD(c_turn) { gmk_turn(P, p, out, 0); }
GMK_CMD(c_play) { gmk_turn(P, p, out, 1); }

GMK_CMD(c_takeback) {
    int x, y;
    if (!need_game(P, out)) return;
    if (parse_xy(p, &x, &y, NULL)) { say(out, "ERROR TAKEBACK needs x,y"); return; }
    int c = cell_of_xy(P, x, y);
    if (c < 0 || !P->st->nhist || P->st->hist[P->st->nhist - 1].move != c) {
        /* not the last move: remove the stone from the position */
        if (c < 0 || !P->st->board.cells[c]) { say(out, "ERROR no stone at %d,%d", x, y); return; }
        uint8_t cells[GS_MAX_CELLS];
        memcpy(cells, P->st->board.cells, (size_t)(P->w * P->h));
        int col = cells[c];
        cells[c] = 0;
        gs_setup(P->st, cells, col, NULL);
    } else {
        gs_undo(P->st);
    }
    say(out, "OK");
}

/* Start collecting BOARD (which 1) or SWAP2BOARD (2) lines. */
static void start_collecting(gmk_engine *P, io_buf *out, int which) {
    if (!need_game(P, out)) return;
    if (!P->col && !(P->col = malloc(GS_MAX_CELLS * sizeof *P->col))) {
        say(out, "ERROR out of memory");
        return;
    }
    P->collecting = which;
    P->ncol = 0;
}
GMK_CMD(c_board) { (void)p; start_collecting(P, out, 1); }
GMK_CMD(c_swap2board) { (void)p; start_collecting(P, out, 2); }
GMK_CMD(c_end) { (void)p; (void)out; P->ended = 1; }
GMK_CMD(c_about) {
    (void)P; (void)p;
    say(out, "name=\"gridstone\", version=\"%s\", author=\"the gridstone project\", country=\"KR\"", GS_VERSION);
}

static const proto_cmd gmk_table[] = {
    {"START", c_start},       {"RECTSTART", c_rectstart}, {"RESTART", c_restart},
    {"BEGIN", c_begin},       {"TURN", c_turn},           {"PLAY", c_play},
    {"TAKEBACK", c_takeback}, {"BOARD", c_board},         {"SWAP2BOARD", c_swap2board},
    {"INFO", c_info},         {"END", c_end},             {"ABOUT", c_about},
    {NULL, NULL}};

/* A line inside BOARD / SWAP2BOARD: "x,y,field" / "x,y", or DONE. */
static void gmk_collect(gmk_engine *P, char *buf, io_buf *out) {
    if (!strcasecmp(buf, "DONE")) {
        int which = P->collecting;
        P->collecting = 0;
        if (which == 1) finish_board(P, out);
        else finish_swap2(P, out);
        return;
    }
    int x, y;
    const char *rest;
    int f = P->collecting == 1 ? 0 : 1;
    if (parse_xy(buf, &x, &y, &rest) == 0) {
        if (P->collecting == 1) {
            char *e;
            while (*rest == ' ') rest++;
            if (*rest == ',') {
                errno = 0;
                long v = strtol(rest + 1, &e, 10);
                while (*e == ' ') e++;
                f = e == rest + 1 || *e || v < 0 ? -1 : errno || v > 99 ? 99 : (int)v;   /* 99: reported at DONE */
            } else f = -1;
        } else {
            while (*rest == ' ') rest++;
            if (*rest) f = -1;
        }
    } else f = -1;
    if (f < 0 || P->ncol >= GS_MAX_CELLS) {
        say(out, "ERROR bad line in %s: %.60s", P->collecting == 1 ? "BOARD" : "SWAP2BOARD", buf);
        return;
    }
    P->col[P->ncol][0] = x;
    P->col[P->ncol][1] = y;
    P->col[P->ncol][2] = f;
    P->ncol++;
}

static const char *gmk_handle(void *engine, const char *line, size_t len) {
    gmk_engine *P = engine;
    io_buf *out = &P->out;
    out->len = 0;
    out->failed = 0;
    if (out->s) out->s[0] = 0;
    if (len > PROTO_MAX_LINE) {
        say(out, "ERROR line too long");
        return out->s ? out->s : "ERROR out of memory\n";
    }
    char *buf = proto_line_buf(&P->line, &P->line_cap, len + 1);
    if (!buf) return "ERROR out of memory\n";
    size_t n = proto_clean_line(line, len, buf, 0);
    char *b = buf;
    while (*b == ' ') b++;
    while (n > (size_t)(b - buf) && buf[n - 1] == ' ') buf[--n] = 0;
    if (!*b) return "";
    if (P->collecting) gmk_collect(P, b, out);
    else {
        char cmd[32];
        int k = 0;
        const char *p = b;
        while (*p && *p != ' ' && k < 31) cmd[k++] = (char)toupper((unsigned char)*p++);
        cmd[k] = 0;
        if (*p && *p != ' ') {   /* a longer word than any command */
            say(out, "UNKNOWN command %.40s", cmd);
        } else {
            while (*p == ' ') p++;
            const proto_cmd *c = proto_cmd_find(gmk_table, cmd, 1);
            char *arg = (char *)p;
            if (c) c->run(P, *p ? 1 : 0, &arg, out);
            else say(out, "UNKNOWN command %.40s", cmd);
        }
    }
    if (out->failed) {
        out->failed = 0;
        out->len = 0;
        return "ERROR out of memory\n";
    }
    return out->s ? out->s : "";   /* no buffer yet: nothing was said (INFO) */
}

static void gmk_free(void *engine) {
    gmk_engine *P = engine;
    if (!P) return;
    gmk_engine_drop_game(P);
    if (!io_shelf_put_spare(P->shelf, P->search, search_free)) gmk_search_free(P->search);
    io_buf_free(&P->out);
    free(P->line);
    free(P->col);
    free(P);
}

static void *gmk_new(const proto_opts *o, gs_error *err) {
    gmk_engine *P = calloc(1, sizeof *P);
    if (!P) {
        gs_error_set(err, GS_ERR_NOMEM, "out of memory");
        return NULL;
    }
    io_buf_init(&P->out);
    P->timeout_turn = -1;
    P->time_left = -1;
    P->seed = o->seed ? o->seed : 1;
    P->fast = o->fast;
    P->stream = o->stream;
    P->stream_ud = o->stream_ud;
    P->shelf = o->shelf;
    return P;
}

static int gmk_done(const void *engine) { return ((const gmk_engine *)engine)->ended; }

const proto_vt proto_gomocup_vt = {"gomocup", gmk_new, gmk_handle, gmk_done, gmk_free};
