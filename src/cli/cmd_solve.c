/* gridstone solve SPEC [--position FILE]: exact value of a position. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

/* Progress on stderr: a rewritten line on a terminal, else a line every
 * 10 seconds (so a long solve is never silent). */
typedef struct progress_state {
    int tty;
    double next;
} progress_state;

static void progress(void *ud, uint64_t nodes, double secs) {
    progress_state *p = ud;
    if (p->tty) fprintf(stderr, CLI_TR("\rsolving: %llu nodes, %.1f s", "\r푸는 중: 노드 %llu개, %.1f초"), (unsigned long long)nodes, secs);
    else if (secs >= p->next) {
        fprintf(stderr, CLI_TR("gridstone solve: still solving: %llu nodes, %.0f s\n", "gridstone solve: 아직 푸는 중: 노드 %llu개, %.0f초\n"),
                (unsigned long long)nodes, secs);
        p->next = secs + 10;
    } else return;
    fflush(stderr);
}

/* The value's code (JSON), or its word in the command's language. */
static const char *value_name(int v, int words) {
    if (words) return v > 0 ? CLI_TR("win", "승") : v < 0 ? CLI_TR("loss", "패") : CLI_TR("draw", "무승부");
    return v > 0 ? "win" : v < 0 ? "loss" : "draw";
}

/* The games with a solver, for --help. */
static void solvers(char *buf, size_t len) {
    buf[0] = 0;
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias_of, *summary, *name = gs_registry_name(i, &alias_of, &summary);
        gs_game *g;
        if (gs_game_new(name, &g, NULL) != GS_OK) continue;
        if (gs_ai_has_solver(g)) {
            size_t l = strlen(buf);
            snprintf(buf + l, len - l, "%s%s", l ? ", " : "", name);
        }
        gs_game_free(g);
    }
}

static int run(int argc, char **argv) {
    static const char *pos;
    static int json;
    static double tlimit;
    static uint64_t nodes;
    static const cli_opt opts[] = {
        {"--position", "FILE", CLI_STR, 0, 0, &pos, "solve the position in FILE (SGF, JSON or OBF; '-' = stdin)"},
        {"--time", "SECONDS", CLI_NUM, 0.001, 1e6, &tlimit, "stop after SECONDS (fractions allowed)"},
        {"--nodes", "N", CLI_U64, 1, 9.2e18, &nodes, "stop after N nodes"},
        CLI_OPT_JSON(&json), CLI_OPT_LANG(NULL), CLI_END};
    static char about[1024];
    char names[512];
    solvers(names, sizeof names);
    snprintf(about, sizeof about,
             "Solves the start position of SPEC, or the position in FILE (SPEC then overrides\n"
             "or completes the game the file names).  Prints the value for the side to move\n"
             "(win, draw or loss; the score where the game has one), a best move, nodes and\n"
             "seconds.  When a limit stops the search first, the value is unknown (\"complete:\n"
             "no\"); the move shown is then the searcher's best guess so far.  Without a limit\n"
             "a progress line goes to stderr (every 10 s when it is not a terminal).\n\n"
             "Games with a solver: %s.", names);
    static cli_spec spec = {"solve", "SPEC", 0, 1, opts, NULL};
    spec.about = about;
    int npos = cli_parse(&spec, argc, argv);
    const char *gspec = npos ? argv[1] : NULL;
    if (!gspec && !pos)
        gs_cli_die("solve", CLI_TR("usage: gridstone solve SPEC [--position FILE] (try 'gridstone solve --help')",
                                   "사용법: gridstone solve SPEC [--position FILE] ('gridstone solve --help'를 보세요)"));
    gs_ai_opts o = {0};
    o.time_limit = tlimit;
    o.node_limit = nodes;
    gs_game *g = NULL;
    gs_state *s;
    gs_loaded *l = NULL;
    int nl = 0;
    gs_error err;
    if (pos) {
        l = gs_cli_load("solve", pos, gspec, 0, &nl);
        if (nl != 1) gs_cli_die("solve", CLI_TR("%s holds %d positions; solve takes one", "%s에 국면이 %d개 있습니다 (solve는 하나를 풉니다)"), pos, nl);
    } else if (gs_game_new(gspec, &g, &err) != GS_OK)
        gs_cli_die_err("solve", &err);
    const gs_game *game = l ? l[0].game : g;
    if (!gs_ai_has_solver(game)) {
        char spec[sizeof game->spec];
        snprintf(spec, sizeof spec, "%s", game->spec);
        gs_loaded_free(l, nl);   /* nothing left behind for a leak checker */
        gs_game_free(g);
        gs_cli_die("solve", CLI_TR("no solver for %s (games with one: %s)", "%s에는 해법 탐색기가 없습니다 (있는 게임: %s)"), spec, names);
    }
    s = l ? l[0].state : gs_state_new(g);
    if (!s) gs_cli_die_nomem("solve");
    progress_state ps = {isatty(2), 10};
    if (ps.tty || (!tlimit && !nodes)) {
        o.progress = progress;
        o.progress_ud = &ps;
    }
    gs_solve_result r;
    gs_status st = gs_solve(s, &o, &r, &err);
    if (ps.tty) fprintf(stderr, "\r%60s\r", "");
    if (st != GS_OK) gs_cli_die_err("solve", &err);
    char best[32];
    gs_state_format_move(s, r.best, best, sizeof best);
    if (json) {
        io_jw w;
        io_jw_init(&w);
        io_jw_obj(&w, NULL);
        gs_cli_json_head(&w, s, pos, pos ? 1 : 0);
        io_jw_str(&w, "to_move", gs_color_name(s->to_move));
        if (r.complete) io_jw_str(&w, "value", value_name(r.value, 0));
        else io_jw_null(&w, "value");
        if (r.has_score && r.complete) io_jw_int(&w, "score", r.score);
        if (r.best == GS_NOMOVE) io_jw_null(&w, "best");
        else gs_cli_json_point(&w, "best", s, r.best);
        io_jw_uint(&w, "nodes", r.nodes);
        io_jw_fixed(&w, "seconds", r.seconds, 3);
        io_jw_bool(&w, "complete", r.complete);
        io_jw_end(&w);
        gs_cli_json_line(&w);
        io_jw_free(&w);
    } else {
        const char *limit = nodes && (!tlimit || r.nodes >= nodes) ? CLI_TR("node", "노드") : CLI_TR("time", "시간");
        if (r.complete) printf(CLI_TR("value: %s\n", "값: %s\n"), value_name(r.value, 1));
        else
            printf(CLI_TR("value: unknown (the %s limit stopped the search before it proved a value)\n",
                          "값: 알 수 없음 (값을 증명하기 전에 %s 제한으로 탐색이 멈췄습니다)\n"),
                   limit);
        if (r.has_score && r.complete) printf(CLI_TR("score: %+d\n", "점수: %+d\n"), r.score);
        printf(CLI_TR("best: %s", "최선의 수: %s"), r.best == GS_NOMOVE ? CLI_TR("none", "없음") : best);
        if (!r.complete && r.best != GS_NOMOVE)
            printf(CLI_TR(" (an estimate: the searcher's best move when the %s limit stopped it)",
                          " (추정: %s 제한으로 멈췄을 때 탐색기가 찾은 최선의 수)"),
                   limit);
        printf(CLI_TR("\nnodes: %llu\nseconds: %.3f\n", "\n노드: %llu\n초: %.3f\n"), (unsigned long long)r.nodes, r.seconds);
    }
    if (l) gs_loaded_free(l, nl);
    else {
        gs_state_free(s);
        gs_game_free(g);
    }
    return 0;
}

GS_CLI_COMMAND(solve, "solve", "solve a position exactly: value, score, best move", run)
