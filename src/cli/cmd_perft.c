/* gridstone perft SPEC DEPTH: move-path enumeration counts per depth. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static int json;
static const cli_opt opts[] = {CLI_OPT_JSON(&json), CLI_END};
static const cli_spec spec = {
    "perft", "SPEC DEPTH", 2, 2, opts,
    "For each d = 1..DEPTH prints one line `d NODES ENDED`: NODES = leaves at depth d\n"
    "from the start (a forced pass counts as a ply; a finished game stays a leaf at every\n"
    "greater depth), ENDED = games that end exactly at ply d.  --json: one line per\n"
    "depth, {\"game\":..,\"depth\":d,\"nodes\":..,\"ended\":..}.",
    "d = 1..DEPTH마다 `d NODES ENDED` 한 줄을 출력합니다: NODES = 시작 국면에서\n"
    "깊이 d에 있는 잎의 수(어쩔 수 없는 패스도 한 수로 세고, 끝난 대국은 더 깊은\n"
    "모든 깊이에서 잎으로 남습니다), ENDED = 정확히 d수째에 끝나는 대국의 수.\n"
    "--json: 깊이마다 한 줄, {\"game\":..,\"depth\":d,\"nodes\":..,\"ended\":..}."};
static const cli_spec *get_spec(void) { return &spec; }

static int run(int argc, char **argv) {
    cli_parse(&spec, argc, argv);
    int depth = (int)gs_cli_long("perft", "DEPTH", argv[2], 0, 64);
    gs_game *g;
    gs_error err;
    if (gs_game_new(argv[1], &g, &err) != GS_OK) gs_cli_die_err("perft", &err);
    gs_state *s = gs_state_new(g);
    if (!s) gs_cli_die_nomem("perft");
    io_jw w;
    io_jw_init(&w);
    for (int d = 1; d <= depth; d++) {
        uint64_t ended = 0, nodes = gs_perft(s, d, &ended);
        if (json) {
            io_jw_obj(&w, NULL);
            io_jw_str(&w, "game", g->spec);
            io_jw_int(&w, "depth", d);
            io_jw_uint(&w, "nodes", nodes);
            io_jw_uint(&w, "ended", ended);
            io_jw_end(&w);
            gs_cli_json_line(&w);
        } else printf("%d %llu %llu\n", d, (unsigned long long)nodes, (unsigned long long)ended);
        fflush(stdout);
    }
    io_jw_free(&w);
    gs_state_free(s);
    gs_game_free(g);
    return 0;
}

GS_CLI_COMMAND(perft, "perft", "count move paths per depth (NODES, games ENDED)",
               "깊이마다 수순의 수 세기 (NODES, 끝난 대국 ENDED)", get_spec, run)
