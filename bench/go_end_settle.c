/* go_end_settle: which recorded games did the player end with a pass
 * (after the opponent's pass) while one of its chains was in atari?
 *
 *   build/bench/go_end_settle [--player B|W|A] FILE.sgf...
 *
 * For each game that ends with two passes, the second by the player (the
 * colour named by PB[A] / PW[A] in the referee's files, or --player B/W),
 * the position before that pass is given to go_ai_pass_holds() with no
 * dead list, the check the player now makes under area scoring: a line
 * per game where it finds a settling move, with that move.  Play the move
 * on with an independent engine (tools/referee.py's GNU Go, `loadsgf`,
 * `play`, `final_score`) to see what it changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/go.h"
#include "gridstone/io.h"
#include "ai/go_ai.h"

static int player_colour(const char *data, const char *opt) {
    if (opt && !strcmp(opt, "B")) return GS_BLACK;
    if (opt && !strcmp(opt, "W")) return GS_WHITE;
    const char *name = opt ? opt : "A";
    char pb[64];
    snprintf(pb, sizeof pb, "PB[%s]", name);
    return strstr(data, pb) ? GS_BLACK : GS_WHITE;
}

static void one(const char *path, const char *opt) {
    char *data;
    size_t len;
    gs_error err;
    gs_loaded *l = NULL;
    int n = 0;
    if (gs_read_file(path, &data, &len, &err) != GS_OK) {
        fprintf(stderr, "%s: %s\n", path, err.msg);
        return;
    }
    if (gs_load_positions(data, len, NULL, GS_LOAD_LAZY, &l, &n, &err) != GS_OK || n < 1) {
        fprintf(stderr, "%s: %s\n", path, n < 1 ? "no position" : err.msg);
        free(data);
        return;
    }
    int me = player_colour(data, opt);
    const gs_state *s = gs_loaded_state(&l[0]);
    int k = s ? s->nhist : 0;
    if (s && gs_go_is_go(s->game) && k >= 2 && s->hist[k - 1].move == GS_PASS && s->hist[k - 2].move == GS_PASS) {
        gs_state *t = gs_state_clone(s);
        gs_move fix;
        if (t && gs_undo(t) == GS_OK && t->to_move == me && !go_ai_pass_holds(t, NULL, 0, &fix)) {
            char b[16];
            printf("%s %s moves %d result %s settle %s\n", path, me == GS_BLACK ? "B" : "W", k,
                   l[0].result[0] ? l[0].result : "?", gs_state_format_move(t, fix, b, sizeof b));
        }
        gs_state_free(t);
    }
    gs_loaded_free(l, n);
    free(data);
}

int main(int argc, char **argv) {
    const char *opt = NULL;
    int i = 1;
    if (argc > 2 && !strcmp(argv[1], "--player")) {
        opt = argv[2];
        i = 3;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: go_end_settle [--player B|W|NAME] FILE.sgf...\n");
        return 2;
    }
    for (; i < argc; i++) one(argv[i], opt);
    return 0;
}
