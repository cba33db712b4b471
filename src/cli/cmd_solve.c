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

static const char *pos;
static int json;
static double tlimit;
static uint64_t nodes;
static char names[512];   /* the games with a solver */
static const cli_opt opts[] = {
    {"--position", "FILE", CLI_STR, 0, 0, &pos, "solve the position in FILE (SGF, JSON or OBF; '-' = stdin)",
     "FILE의 국면을 풉니다 (SGF, JSON, OBF; '-' = 표준 입력)"},
    {"--time", "SECONDS", CLI_NUM, 0.001, 1e6, &tlimit, "stop after SECONDS (fractions allowed)",
     "SECONDS초가 지나면 멈춥니다 (소수도 됩니다)"},
    {"--nodes", "N", CLI_U64, 1, 9.2e18, &nodes, "stop after N nodes", "노드 N개를 탐색하면 멈춥니다"},
    CLI_OPT_JSON(&json), CLI_OPT_LANG(NULL), CLI_END};
static cli_spec spec = {"solve", "SPEC", 0, 1, opts, NULL, NULL};   /* about: get_spec */

static const cli_spec *get_spec(void) {
    static char about[1024], about_ko[1536];
    if (!spec.about) {
        solvers(names, sizeof names);
        snprintf(about, sizeof about,
                 "Solves the start position of SPEC, or the position in FILE (SPEC then overrides\n"
                 "or completes the game the file names).  Prints the value for the side to move\n"
                 "(win, draw or loss; the score where the game has one), a best move, nodes and\n"
                 "seconds.  When a limit stops the search first, the value is unknown (\"complete:\n"
                 "no\"); the move shown is then the searcher's best guess so far.  Without a limit\n"
                 "a progress line goes to stderr (every 10 s when it is not a terminal).\n\n"
                 "Games with a solver: %s.", names);
        snprintf(about_ko, sizeof about_ko,
                 "SPEC의 시작 국면이나 FILE의 국면을 풉니다(이때 SPEC은 파일이 가리키는\n"
                 "게임을 바꾸거나 빠진 규칙을 채웁니다). 둘 차례인 쪽의 값(승, 무승부, 패;\n"
                 "점수가 있는 게임은 점수), 최선의 수, 노드 수, 걸린 초를 출력합니다. 제한에\n"
                 "걸려 탐색이 먼저 멈추면 값은 알 수 없고(\"complete: no\"), 보여 주는 수는\n"
                 "그때까지 탐색기가 찾은 최선의 추정입니다. 제한이 없으면 진행 상황을 표준\n"
                 "오류에 한 줄로 씁니다(터미널이 아니면 10초마다).\n\n"
                 "해법 탐색기가 있는 게임: %s.", names);
        spec.about = about;
        spec.about_ko = about_ko;
    }
    return &spec;
}

static int run(int argc, char **argv) {
    int npos = cli_parse(get_spec(), argc, argv);
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

GS_CLI_COMMAND(solve, "solve", "solve a position exactly: value, score, best move",
               "국면을 끝까지 풀기: 값, 점수, 최선의 수", get_spec, run)
