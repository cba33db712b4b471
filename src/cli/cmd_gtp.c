/* gridstone gtp: the Go Text Protocol engine (src/proto/gtp.c) on
 * stdin/stdout. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gridstone/go.h"

static int run(int argc, char **argv) {
    static const char *rules = "chinese", *level = "strong";
    static double max_time;
    static uint64_t playouts, seed = 1;
    static int verbose;
    static long threads = 1;
    static char presets[256], rules_help[512];
    gs_cli_go_presets(presets, sizeof presets);
    snprintf(rules_help, sizeof rules_help, "rule preset: %s (default chinese)", presets);
    static cli_opt opts[] = {
        {"--rules", "R", CLI_STR, 0, 0, &rules, NULL},
        {"--level", "L", CLI_STR, 0, 0, &level, "random, beginner, medium, strong (default)"},
        {"--time", "S", CLI_NUM, 0.001, 600, &max_time, "at most S seconds a move (fractions allowed)"},
        {"--playouts", "N", CLI_U64, 1, 1e9, &playouts, "playouts a move (then the move depends only on the seed)"},
        {"--seed", "N", CLI_U64, 0, 9.2e18, &seed, "random seed (default 1)"},
        {"--threads", "N", CLI_INT, 1, 64, &threads,
         "threads searching each move's tree (default 1; with more, a playout count no longer fixes the move)"},
        {"--verbose", NULL, CLI_FLAG, 0, 0, &verbose, "one line about each search on stderr"},
        CLI_END};
    static const cli_spec spec = {
        "gtp", "", 0, 0, opts,
        "A Go Text Protocol (v2) engine on standard input and output.  Besides the\n"
        "standard commands: kgs-rules, kgs-genmove_cleanup, gridstone-rules PRESET\n"
        "[ko=..] [suicide=..] [scoring=..], is_legal COLOR VERTEX (list_commands lists\n"
        "them all).  Clock values are clamped to a week and a move's search to 10 minutes."};
    opts[0].help = rules_help;
    cli_parse(&spec, argc, argv);
    if (gs_go_preset_from_name(rules) < 0) gs_cli_die("gtp", "unknown rules '%s' (%s)", rules, presets);
    if (strcmp(level, "random") && strcmp(level, "beginner") && strcmp(level, "medium") && strcmp(level, "strong"))
        gs_cli_die("gtp", "unknown level '%s' (random, beginner, medium, strong)", level);
    proto_opts o = {0};
    o.rules = rules;
    o.level = level;
    o.max_time = max_time;
    o.playouts = playouts;
    o.seed = seed;
    o.threads = (int)threads;
    o.verbose = verbose;
    return gs_cli_proto_loop("gtp", &o);
}

GS_CLI_COMMAND(gtp, "gtp", "Go Text Protocol engine (for GUIs, servers and tournaments)", run)
