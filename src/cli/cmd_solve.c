/* gridstone solve SPEC [--position FILE]: exact value of a position. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

static void help(void) {
    printf("usage: gridstone solve SPEC [--position FILE] [--json] [--time SECONDS] [--nodes N]\n\n"
           "Solves the start position of SPEC, or the position in FILE (SGF, JSON or OBF;\n"
           "SPEC overrides or completes the game the file names; '-' = standard input).\n"
           "Prints the value for the side to move (win, draw or loss; score where the game\n"
           "has one), a best move, nodes and seconds.  With a limit the answer may be an\n"
           "estimate (complete: no).  A progress line goes to stderr when it is a terminal.\n");
}

static void progress(void *ud, uint64_t nodes, double secs) {
    (void)ud;
    fprintf(stderr, "\rsolving: %llu nodes, %.1f s", (unsigned long long)nodes, secs);
    fflush(stderr);
}

static const char *value_name(int v) { return v > 0 ? "win" : v < 0 ? "loss" : "draw"; }

static int run(int argc, char **argv) {
    const char *spec = NULL, *pos = NULL;
    int json = 0;
    gs_ai_opts o = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (gs_cli_is_help(a)) { help(); return 0; }
        else if (!strcmp(a, "--json")) json = 1;
        else if (!strcmp(a, "--position")) { if (!v) gs_cli_die("solve", "--position needs a FILE"); pos = v; i++; }
        else if (!strcmp(a, "--time")) { o.time_limit = (double)gs_cli_long("solve", a, v, 1, 1000000); i++; }
        else if (!strcmp(a, "--nodes")) { o.node_limit = (uint64_t)gs_cli_long("solve", a, v, 1, 0x7fffffffffffffffL); i++; }
        else if (a[0] == '-' && a[1]) gs_cli_die("solve", "unknown option '%s'", a);
        else if (!spec) spec = a;
        else gs_cli_die("solve", "unexpected argument '%s'", a);
    }
    if (!spec && !pos) gs_cli_die("solve", "usage: gridstone solve SPEC [--position FILE] [--json]");
    gs_game *g = NULL;
    gs_state *s;
    gs_loaded *l = NULL;
    int nl = 0;
    gs_error err;
    if (pos) {
        l = gs_cli_load("solve", pos, spec, 0, &nl);
        if (nl != 1) gs_cli_die("solve", "%s holds %d positions; solve takes one", pos, nl);
        s = l[0].state;
    } else {
        if (gs_game_new(spec, &g, &err) != GS_OK) gs_cli_die_err("solve", &err);
        s = gs_state_new(g);
        if (!s) gs_cli_die("solve", "out of memory");
    }
    if (isatty(2)) o.progress = progress;
    gs_solve_result r;
    gs_status st = gs_solve(s, &o, &r, &err);
    if (o.progress) fprintf(stderr, "\r%60s\r", "");
    if (st != GS_OK) gs_cli_die_err("solve", &err);
    char best[32];
    gs_state_format_move(s, r.best, best, sizeof best);
    if (json) {
        printf("{\"game\":");
        gs_cli_json_str(stdout, s->game->spec);
        printf(",\"to_move\":\"%s\",\"value\":\"%s\"", gs_color_name(s->to_move), value_name(r.value));
        if (r.has_score) printf(",\"score\":%d", r.score);
        printf(",\"best\":");
        if (r.best == GS_NOMOVE) printf("null");
        else { printf("{"); gs_cli_json_point(stdout, s, r.best); printf("}"); }
        printf(",\"nodes\":%llu,\"seconds\":%.3f,\"complete\":%s}\n", (unsigned long long)r.nodes, r.seconds,
               r.complete ? "true" : "false");
    } else {
        printf("value: %s%s\n", value_name(r.value), r.complete ? "" : " (estimate: limit reached)");
        if (r.has_score) printf("score: %+d\n", r.score);
        printf("best: %s\nnodes: %llu\nseconds: %.3f\n", r.best == GS_NOMOVE ? "none" : best,
               (unsigned long long)r.nodes, r.seconds);
    }
    if (l) gs_loaded_free(l, nl);
    else {
        gs_state_free(s);
        gs_game_free(g);
    }
    return 0;
}

GS_CLI_COMMAND(solve, "solve", "solve a position exactly: value, score, best move", run)
