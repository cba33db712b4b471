/* gridstone gtp: the Go Text Protocol engine (src/proto/gtp.c) on
 * stdin/stdout. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gridstone/go.h"

static const char *rules = "chinese", *level = "strong";
static double max_time;
static uint64_t playouts, seed = 1;
static int verbose;
static long threads = 1;
static cli_opt opts[] = {
    {"--rules", "R", CLI_STR, 0, 0, &rules, NULL, NULL},   /* the presets' names: get_spec */
    {"--level", "L", CLI_STR, 0, 0, &level, "random, beginner, medium, strong (default)",
     "random, beginner, medium, strong(기본값)"},
    {"--time", "S", CLI_NUM, 0.001, 600, &max_time, "at most S seconds a move (fractions allowed)",
     "한 수에 최대 S초 (소수도 됩니다)"},
    {"--playouts", "N", CLI_U64, 1, 1e9, &playouts, "playouts a move (then the move depends only on the seed)",
     "한 수의 플레이아웃 수 (이때 수는 시드로만 정해집니다)"},
    {"--seed", "N", CLI_U64, 0, 9.2e18, &seed, "random seed (default 1)", "난수 시드 (기본값 1)"},
    {"--threads", "N", CLI_INT, 1, 64, &threads,
     "threads searching each move's tree (default 1; with more, a playout count no longer fixes the move)",
     "한 수의 탐색 트리를 함께 탐색할 스레드 수 (기본값 1; 둘 이상이면\n"
     "플레이아웃 수를 주어도 같은 수가 나온다는 보장이 없습니다)"},
    {"--verbose", NULL, CLI_FLAG, 0, 0, &verbose, "one line about each search on stderr",
     "탐색마다 표준 오류에 한 줄을 씁니다"},
    CLI_END};
static const cli_spec spec = {
    "gtp", "", 0, 0, opts,
    "A Go Text Protocol (v2) engine on standard input and output.  Besides the\n"
    "standard commands: kgs-rules, kgs-genmove_cleanup, gridstone-rules PRESET\n"
    "[ko=..] [suicide=..] [scoring=..], is_legal COLOR VERTEX (list_commands lists\n"
    "them all).  Clock values are clamped to a week and a move's search to 10 minutes.",
    "표준 입출력으로 동작하는 Go Text Protocol(v2) 엔진입니다. 표준 명령 말고도\n"
    "kgs-rules, kgs-genmove_cleanup, gridstone-rules PRESET [ko=..] [suicide=..]\n"
    "[scoring=..], is_legal COLOR VERTEX가 있습니다(list_commands가 모두 보여\n"
    "줍니다). 시계 값은 일주일까지, 한 수의 탐색은 10분까지로 자릅니다."};

static const cli_spec *get_spec(void) {
    static gs_cli_help_buf rules_help;
    gs_cli_presets_help(&opts[0], &rules_help, "rule preset: %s (default chinese)", "규칙: %s (기본값 chinese)");
    return &spec;
}

static int run(int argc, char **argv) {
    cli_parse(get_spec(), argc, argv);
    char presets[256];
    if (gs_go_preset_from_name(rules) < 0) gs_cli_die("gtp", "unknown rules '%s' (%s)", rules, gs_cli_go_presets(presets, sizeof presets));
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

GS_CLI_COMMAND(gtp, "gtp", "Go Text Protocol engine (for GUIs, servers and tournaments)",
               "바둑 GTP 엔진 (GUI, 서버, 대회용)", get_spec, run)
