/* The Gomocup protocol engine (https://plastovicka.github.io/protocl2en.htm
 * describes the protocol): START, RECTSTART, RESTART, BEGIN, TURN, BOARD ...
 * DONE, INFO, END, ABOUT, TAKEBACK, PLAY, SWAP2BOARD.  Malformed commands
 * get "ERROR ..." and leave the state as it was; unknown ones "UNKNOWN ...".
 * Before each move the engine prints "DEBUG time U ms of B ms" from its own
 * clock (U the time used, B its budget for the move). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ai/gomocup.h"
#include "ai/gomoku_ai.h"

static void say(char *out, size_t outlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *out, size_t outlen, const char *fmt, ...) {
    size_t n = strlen(out);
    if (n + 1 >= outlen) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + n, outlen - n, fmt, ap);
    va_end(ap);
    n = strlen(out);
    if (n + 1 < outlen) { out[n] = '\n'; out[n + 1] = 0; }
}

void gmk_proto_init(gmk_proto *P) {
    memset(P, 0, sizeof *P);
    P->timeout_turn = -1;
    P->time_left = -1;
    P->seed = 1;
}

void gmk_proto_free(gmk_proto *P) {
    gs_state_free(P->st);
    gs_game_free(P->game);
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
static int new_game(gmk_proto *P, int w, int h, int keep, char *err, size_t errlen) {
    char spec[96];
    gs_error e;
    gs_game *g;
    snprintf(spec, sizeof spec, "gomoku:size=%dx%d,rule=%s", w, h, rule_of_mask(P->rule_mask));
    if (gs_game_new(spec, &g, &e) != GS_OK) { snprintf(err, errlen, "%.150s", e.msg); return 0; }
    gs_state *s = gs_state_new(g);
    if (!s) { gs_game_free(g); snprintf(err, errlen, "out of memory"); return 0; }
    if (keep && P->st) gs_setup(s, P->st->board.cells, P->st->to_move, NULL);
    gmk_proto_free(P);
    P->game = g;
    P->st = s;
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

static int cell_of_xy(const gmk_proto *P, int x, int y) {
    if (x < 0 || y < 0 || x >= P->w || y >= P->h) return -1;
    return y * P->w + x;
}

/* Time for this move in seconds (0 = use the node limit). */
static double move_budget(const gmk_proto *P) {
    double t = P->timeout_turn > 0 ? (double)P->timeout_turn : P->timeout_turn == 0 ? 100.0 : 5000.0;
    if (P->time_left >= 0 && P->timeout_match > 0) {
        double share = (double)P->time_left / 12.0;
        if (share < t) t = share;
    }
    t = t * 0.7 - 30.0;
    if (t < 5.0) t = 5.0;
    return t / 1000.0;
}

/* Think and play the engine's move; reply "x,y". */
static void engine_move(gmk_proto *P, char *out, size_t outlen) {
    gs_ai_opts o;
    memset(&o, 0, sizeof o);
    o.seed = P->seed++;
    double budget = move_budget(P);
    if (P->fast) o.node_limit = P->fast > 1 ? 300 : 20000;
    else o.time_limit = budget;
    gs_move m;
    gs_error err;
    double t0 = gs_now();
    if (!P->me) P->me = P->st->to_move;
    if (gs_ai_move(P->st, P->fast ? "medium" : "strong", &o, &m, &err) != GS_OK || m < 0) {
        say(out, outlen, "ERROR %s", gs_is_over(P->st) ? "the game is over" : err.msg);
        return;
    }
    double used = gs_now() - t0;
    gs_play(P->st, m);
    say(out, outlen, "DEBUG time %d ms of %d ms", (int)(used * 1000), (int)(budget * 1000));
    say(out, outlen, "%d,%d", m % P->w, m / P->w);
}

static int need_game(gmk_proto *P, char *out, size_t outlen) {
    if (P->st) return 1;
    say(out, outlen, "ERROR no game: send START first");
    return 0;
}

/* BOARD ... DONE: rebuild the position; 1 own, 2 opponent, 3 (continuous
 * game: winning line / forbidden) is kept as an opponent stone, a cell the
 * engine will not play and that never helps its lines. */
static void finish_board(gmk_proto *P, char *out, size_t outlen) {
    uint8_t cells[GS_MAX_CELLS] = {0};
    int nown = 0, nopp = 0;
    for (int i = 0; i < P->ncol; i++) {
        int c = cell_of_xy(P, P->col[i][0], P->col[i][1]);
        if (c < 0 || cells[c] || P->col[i][2] < 1 || P->col[i][2] > 3) {
            say(out, outlen, "ERROR bad BOARD line %d,%d,%d", P->col[i][0], P->col[i][1], P->col[i][2]);
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
    if (gs_setup(P->st, cells, me, &err) != GS_OK) { say(out, outlen, "ERROR %s", err.msg); return; }
    P->me = me;
    engine_move(P, out, outlen);
}

/* SWAP2BOARD ... DONE: 0 stones -> three opening stones; 3 -> SWAP, a 4th
 * move, or 4th and 5th; 5 -> SWAP or the 6th move.  SWAP = take black. */
static void finish_swap2(gmk_proto *P, char *out, size_t outlen) {
    int n = P->ncol;
    if (n != 0 && n != 3 && n != 5) { say(out, outlen, "ERROR SWAP2BOARD needs 0, 3 or 5 stones, got %d", n); return; }
    uint8_t cells[GS_MAX_CELLS] = {0};
    for (int i = 0; i < n; i++) {
        int c = cell_of_xy(P, P->col[i][0], P->col[i][1]);
        if (c < 0 || cells[c]) { say(out, outlen, "ERROR bad SWAP2BOARD stone %d,%d", P->col[i][0], P->col[i][1]); return; }
        cells[c] = (i & 1) ? GS_WHITE : GS_BLACK;
    }
    gs_error err;
    if (gs_setup(P->st, cells, n & 1 ? GS_WHITE : GS_BLACK, &err) != GS_OK) { say(out, outlen, "ERROR %s", err.msg); return; }
    int cx = P->w / 2, cy = P->h / 2;
    if (n == 0) {
        /* a quiet, roughly balanced opening around the centre */
        say(out, outlen, "%d,%d %d,%d %d,%d", cx, cy, cx + 1, cy - 1, cx - 1, cy + 2);
        P->me = 0;
        return;
    }
    /* judge the position for black with the search's evaluation */
    gs_ai_opts o;
    memset(&o, 0, sizeof o);
    gmk_search *S = gmk_search_new(P->st, &o, 0);
    if (!S) { say(out, outlen, "ERROR out of memory"); return; }
    int v = gmk_eval(S);                  /* for the side to move (white here) */
    gmk_search_free(S);
    int black_adv = -v;
    if (black_adv > 40) {
        say(out, outlen, "SWAP");
        P->me = GS_BLACK;
        return;
    }
    if (n == 3 && black_adv > -40) {
        /* balanced: add a white and a black stone and let the opponent choose */
        char buf[64] = "";
        for (int k = 0; k < 2; k++) {
            gs_move m;
            memset(&o, 0, sizeof o);
            o.seed = P->seed++;
            o.node_limit = 5000;
            if (gs_ai_move(P->st, "medium", &o, &m, &err) != GS_OK) { say(out, outlen, "ERROR %s", err.msg); return; }
            gs_play(P->st, m);
            size_t l = strlen(buf);
            snprintf(buf + l, sizeof buf - l, "%s%d,%d", k ? " " : "", m % P->w, m / P->w);
        }
        say(out, outlen, "%s", buf);
        P->me = 0;
        return;
    }
    P->me = GS_WHITE;
    engine_move(P, out, outlen);
}

static void info(gmk_proto *P, const char *args, char *out, size_t outlen) {
    char key[32];
    int kn = 0;
    while (*args == ' ') args++;
    while (*args && *args != ' ' && kn < 31) key[kn++] = (char)tolower((unsigned char)*args++);
    key[kn] = 0;
    while (*args == ' ') args++;
    char *e;
    long v = strtol(args, &e, 10);
    int numeric = e != args;
    while (*e == ' ' || *e == '\t') e++;
    numeric = numeric && !*e;
    if (!strcmp(key, "timeout_turn") || !strcmp(key, "timeout_match") || !strcmp(key, "time_left") ||
        !strcmp(key, "max_memory") || !strcmp(key, "rule")) {
        if (!numeric || v < 0) { say(out, outlen, "ERROR INFO %s needs a non-negative number", key); return; }
        if (!strcmp(key, "timeout_turn")) P->timeout_turn = v;
        else if (!strcmp(key, "timeout_match")) P->timeout_match = v;
        else if (!strcmp(key, "time_left")) P->time_left = v;
        else if (!strcmp(key, "max_memory")) P->max_memory = v;
        else {
            int old = P->rule_mask;
            P->rule_mask = (int)(v & 15);
            char err[160];
            if (P->st && strcmp(rule_of_mask(old), rule_of_mask(P->rule_mask)) &&
                !new_game(P, P->w, P->h, 1, err, sizeof err))
                say(out, outlen, "ERROR %s", err);
        }
    }
    /* game_type, evaluate, folder and others: accepted, no reply */
}

int gmk_proto_line(gmk_proto *P, const char *line, char *out, size_t outlen) {
    char cmd[32];
    int n = 0;
    if (outlen) out[0] = 0;
    while (*line == ' ' || *line == '\t') line++;
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\r' || line[len - 1] == '\n' || line[len - 1] == ' ')) len--;
    char buf[512];
    if (len >= sizeof buf) len = sizeof buf - 1;   /* long lines are cut */
    memcpy(buf, line, len);
    buf[len] = 0;
    if (!buf[0]) return 0;
    if (P->collecting) {
        if (!strcasecmp(buf, "DONE")) {
            int which = P->collecting;
            P->collecting = 0;
            if (which == 1) finish_board(P, out, outlen);
            else finish_swap2(P, out, outlen);
            return 0;
        }
        int x, y;
        const char *rest;
        int f = P->collecting == 1 ? 0 : 1;
        if (parse_xy(buf, &x, &y, &rest) == 0) {
            if (P->collecting == 1) {
                char *e;
                while (*rest == ' ') rest++;
                if (*rest == ',') {
                    f = (int)strtol(rest + 1, &e, 10);
                    while (*e == ' ') e++;
                    if (e == rest + 1 || *e) f = -1;
                } else f = -1;
            } else {
                while (*rest == ' ') rest++;
                if (*rest) f = -1;
            }
        } else f = -1;
        if (f < 0 || P->ncol >= GS_MAX_CELLS) {
            say(out, outlen, "ERROR bad line in %s: %.60s", P->collecting == 1 ? "BOARD" : "SWAP2BOARD", buf);
            return 0;
        }
        P->col[P->ncol][0] = x;
        P->col[P->ncol][1] = y;
        P->col[P->ncol][2] = f;
        P->ncol++;
        return 0;
    }
    const char *p = buf;
    while (*p && *p != ' ' && n < 31) cmd[n++] = (char)toupper((unsigned char)*p++);
    cmd[n] = 0;
    while (*p == ' ') p++;
    char err[160];
    if (!strcmp(cmd, "START") || !strcmp(cmd, "RECTSTART")) {
        int w, h;
        char *e;
        if (!strcmp(cmd, "START")) {
            long v = strtol(p, &e, 10);
            while (*e == ' ') e++;
            if (e == p || *e || v < 5 || v > 32) { say(out, outlen, "ERROR unsupported size (5..32)"); return 0; }
            w = h = (int)v;
        } else if (parse_xy(p, &w, &h, NULL) || w < 5 || h < 5 || w > 32 || h > 32) {
            say(out, outlen, "ERROR unsupported size (5..32 each)");
            return 0;
        }
        if (!new_game(P, w, h, 0, err, sizeof err)) say(out, outlen, "ERROR %s", err);
        else say(out, outlen, "OK");
    } else if (!strcmp(cmd, "RESTART")) {
        if (!need_game(P, out, outlen)) return 0;
        if (!new_game(P, P->w, P->h, 0, err, sizeof err)) say(out, outlen, "ERROR %s", err);
        else say(out, outlen, "OK");
    } else if (!strcmp(cmd, "BEGIN")) {
        if (!need_game(P, out, outlen)) return 0;
        if (P->st->nhist || gs_board_count(&P->st->board, GS_EMPTY) != P->w * P->h) {
            say(out, outlen, "ERROR BEGIN needs an empty board");
            return 0;
        }
        P->me = GS_BLACK;
        engine_move(P, out, outlen);
    } else if (!strcmp(cmd, "TURN") || !strcmp(cmd, "PLAY")) {
        int x, y;
        if (!need_game(P, out, outlen)) return 0;
        if (parse_xy(p, &x, &y, NULL)) { say(out, outlen, "ERROR %s needs x,y", cmd); return 0; }
        int c = cell_of_xy(P, x, y);
        if (c < 0) { say(out, outlen, "ERROR %d,%d is off the board", x, y); return 0; }
        gs_status st = gs_play(P->st, c);
        if (st != GS_OK) { say(out, outlen, "ERROR %d,%d: %s", x, y, gs_strerror(st, GS_LANG_EN)); return 0; }
        if (cmd[0] == 'P') {
            P->me = GS_OTHER(P->st->to_move);
            say(out, outlen, "%d,%d", x, y);
        } else {
            if (!P->me) P->me = P->st->to_move;
            if (gs_is_over(P->st)) { say(out, outlen, "MESSAGE the game is over"); return 0; }
            engine_move(P, out, outlen);
        }
    } else if (!strcmp(cmd, "TAKEBACK")) {
        int x, y;
        if (!need_game(P, out, outlen)) return 0;
        if (parse_xy(p, &x, &y, NULL)) { say(out, outlen, "ERROR TAKEBACK needs x,y"); return 0; }
        int c = cell_of_xy(P, x, y);
        if (c < 0 || !P->st->nhist || P->st->hist[P->st->nhist - 1].move != c) {
            /* not the last move: remove the stone from the position */
            if (c < 0 || !P->st->board.cells[c]) { say(out, outlen, "ERROR no stone at %d,%d", x, y); return 0; }
            uint8_t cells[GS_MAX_CELLS];
            memcpy(cells, P->st->board.cells, (size_t)(P->w * P->h));
            int col = cells[c];
            cells[c] = 0;
            gs_setup(P->st, cells, col, NULL);
        } else {
            gs_undo(P->st);
        }
        say(out, outlen, "OK");
    } else if (!strcmp(cmd, "BOARD") || !strcmp(cmd, "SWAP2BOARD")) {
        if (!need_game(P, out, outlen)) return 0;
        P->collecting = cmd[0] == 'B' ? 1 : 2;
        P->ncol = 0;
    } else if (!strcmp(cmd, "INFO")) {
        info(P, p, out, outlen);
    } else if (!strcmp(cmd, "END")) {
        return 1;
    } else if (!strcmp(cmd, "ABOUT")) {
        say(out, outlen, "name=\"gridstone\", version=\"%s\", author=\"the gridstone project\", country=\"KR\"",
            GS_VERSION);
    } else {
        say(out, outlen, "UNKNOWN command %.40s", cmd);
    }
    return 0;
}
