/* gridstone perft SPEC DEPTH: move-path enumeration counts per depth. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static int run(int argc, char **argv) {
    if (argc >= 2 && gs_cli_is_help(argv[1])) {
        printf("usage: gridstone perft SPEC DEPTH\n\n"
               "For each d = 1..DEPTH prints one line `d NODES ENDED`: NODES = leaves at depth d\n"
               "from the start (a forced pass counts as a ply; a finished game stays a leaf at every\n"
               "greater depth), ENDED = games that end exactly at ply d.\n");
        return 0;
    }
    if (argc != 3) gs_cli_die("perft", "usage: gridstone perft SPEC DEPTH");
    int depth = (int)gs_cli_long("perft", "DEPTH", argv[2], 0, 64);
    gs_game *g;
    gs_error err;
    if (gs_game_new(argv[1], &g, &err) != GS_OK) gs_cli_die_err("perft", &err);
    gs_state *s = gs_state_new(g);
    if (!s) gs_cli_die("perft", "out of memory");
    for (int d = 1; d <= depth; d++) {
        uint64_t ended = 0, nodes = gs_perft(s, d, &ended);
        printf("%d %llu %llu\n", d, (unsigned long long)nodes, (unsigned long long)ended);
        fflush(stdout);
    }
    gs_state_free(s);
    gs_game_free(g);
    return 0;
}

GS_CLI_COMMAND(perft, "perft", "count move paths per depth (NODES, games ENDED)", run)
