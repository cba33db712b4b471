/* gridstone play SPEC: a terminal game between humans and/or AI levels. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static void help(void) {
    printf("usage: gridstone play SPEC [--black human|LEVEL] [--white human|LEVEL] [--seed N]\n"
           "                      [--time SECONDS] [--lang en|ko]\n\n"
           "Plays a game in the terminal.  Type moves in the game's notation (shown on the\n"
           "board's edges) or as x,y from the top-left; also: pass, resign, undo (takes back\n"
           "your last move and the AI's answer), moves (list legal moves), help, quit.\n"
           "Levels depend on the game (random, beginner, ..., perfect/strong); Reversi's\n"
           "medium and strong take options, e.g. strong:exact=20,depth=12 (the exact solver\n"
           "from 20 empty squares on, at most 12 plies deep before that; eval=hand for the\n"
           "hand-tuned evaluation instead of the trained one).  Default:\n"
           "black human, white the game's strongest level.  --lang ko explains illegal moves\n"
           "in Korean (default: from $LANG).\n");
}

static void show(const gs_state *s) {
    static char buf[65536];
    gs_render(s, buf, sizeof buf);
    fputs(buf, stdout);
}

static int is_human(const char *who) { return !strcmp(who, "human"); }

static void list_moves(const gs_state *s) {
    static gs_move mv[GS_MAX_CELLS + 1];
    int n = gs_legal_moves(s, mv);
    printf("legal moves (%d):", n);
    for (int i = 0; i < n; i++) {
        char b[32];
        printf(" %s", gs_state_format_move(s, mv[i], b, sizeof b));
    }
    printf("\n");
}

static int run(int argc, char **argv) {
    const char *spec = NULL, *who[3] = {NULL, "human", NULL};
    uint64_t seed = 1;
    double tlimit = 0;
    gs_lang lang = gs_lang_from_name(getenv("LANG"));
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (gs_cli_is_help(a)) { help(); return 0; }
        else if (!strcmp(a, "--black") && v) { who[GS_BLACK] = v; i++; }
        else if (!strcmp(a, "--white") && v) { who[GS_WHITE] = v; i++; }
        else if (!strcmp(a, "--seed")) { seed = (uint64_t)gs_cli_long("play", a, v, 0, 0x7fffffffffffffffL); i++; }
        else if (!strcmp(a, "--time")) { tlimit = (double)gs_cli_long("play", a, v, 0, 3600); i++; }
        else if (!strcmp(a, "--lang") && v) { lang = gs_lang_from_name(v); i++; }
        else if (a[0] == '-') gs_cli_die("play", "unknown option '%s'", a);
        else if (!spec) spec = a;
        else gs_cli_die("play", "unexpected argument '%s'", a);
    }
    if (!spec) gs_cli_die("play", "usage: gridstone play SPEC [--black human|LEVEL] [--white human|LEVEL]");
    gs_game *g;
    gs_error err;
    if (gs_game_new(spec, &g, &err) != GS_OK) gs_cli_die_err("play", &err);
    const char *levels[16];
    int nl = gs_ai_levels(g, levels, 16);
    if (!who[GS_WHITE]) who[GS_WHITE] = nl ? levels[nl < 16 ? nl - 1 : 15] : "human";
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        if (is_human(who[c])) continue;
        if (gs_ai_check_level(g, who[c], &err) != GS_OK) {
            gs_game_free(g);
            gs_cli_die("play", "player '%s' for %s: %s (human or an AI level)", who[c], spec, err.msg);
        }
    }
    gs_state *s = gs_state_new(g);
    if (!s) gs_cli_die("play", "out of memory");
    printf("%s: X (black) = %s, O (white) = %s.  Type 'help' for commands.\n", g->spec, who[GS_BLACK],
           who[GS_WHITE]);
    char line[256];
    int quit = 0;
    while (!quit) {
        show(s);
        if (gs_is_over(s)) break;
        const char *p = who[s->to_move];
        if (!is_human(p)) {
            gs_ai_opts o = {0};
            o.seed = seed + (uint64_t)s->nhist;
            o.time_limit = tlimit;
            gs_move m;
            if (gs_ai_move(s, p, &o, &m, &err) != GS_OK) {
                fprintf(stderr, "gridstone play: AI failed: %s\n", err.msg);
                break;
            }
            char b[32];
            printf("%s (%s) plays %s\n", s->to_move == GS_BLACK ? "X" : "O", p, gs_state_format_move(s, m, b, sizeof b));
            gs_play(s, m);
            continue;
        }
        printf("%s> ", s->to_move == GS_BLACK ? "X" : "O");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) { printf("\n"); break; }
        char *t = line;
        while (isspace((unsigned char)*t)) t++;
        for (char *e = t + strlen(t); e > t && isspace((unsigned char)e[-1]);) *--e = 0;
        if (!*t) continue;
        if (!strcmp(t, "quit") || !strcmp(t, "exit")) { quit = 1; break; }
        if (!strcmp(t, "help")) { help(); continue; }
        if (!strcmp(t, "moves")) { list_moves(s); continue; }
        if (!strcmp(t, "undo")) {
            /* take back moves until it is a human's turn again, at least one */
            if (gs_undo(s) != GS_OK) { printf("nothing to undo\n"); continue; }
            while (!is_human(who[s->to_move]) && s->nhist > 0) gs_undo(s);
            continue;
        }
        gs_move m;
        gs_status st = gs_state_parse_move(s, t, &m);
        if (st == GS_OK) st = gs_play(s, m);
        if (st == GS_ERR_PARSE)
            printf("%s: '%s' (%s)\n", lang == GS_LANG_KO ? "수를 읽을 수 없습니다" : "not a move", t,
                   lang == GS_LANG_KO ? "보드 가장자리의 좌표나 x,y로 입력하세요" : "type a point as on the board's edges, or x,y");
        else if (st != GS_OK) printf("illegal: %s [%s]\n", gs_strerror(st, lang), gs_reason_code(st));
    }
    gs_result r;
    gs_result_get(s, &r);
    if (r.over) {
        char rs[32];
        printf("result: %s\n", gs_result_string(&r, rs, sizeof rs));
    }
    gs_state_free(s);
    gs_game_free(g);
    return 0;
}

GS_CLI_COMMAND(play, "play", "play a game in the terminal (humans and AI levels)", run)
