/* gridstone gomocup: the Gomocup (Piskvork) protocol engine on stdin/stdout
 * (also run when the program is started as pbrain-*). */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "ai/gomocup.h"

static int run(int argc, char **argv) {
    if (argc >= 2 && gs_cli_is_help(argv[1])) {
        printf("usage: gridstone gomocup [--fast]\n\n"
               "Speaks the Gomocup protocol on stdin/stdout: START, RECTSTART, RESTART, BEGIN,\n"
               "TURN, PLAY, TAKEBACK, BOARD..DONE, SWAP2BOARD..DONE, INFO, ABOUT, END.\n"
               "INFO rule: 0 freestyle, 1 exactly five, 4 renju, 8 caro.  --fast thinks with a\n"
               "small node limit instead of the clock (for tests).\n");
        return 0;
    }
    static gmk_proto P;
    gmk_proto_init(&P);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--fast")) P.fast = 1;
        else gs_cli_die("gomocup", "unknown option '%s'", argv[i]);
    }
    char *line = NULL;
    size_t cap = 0;
    static char out[65536];
    while (getline(&line, &cap, stdin) >= 0) {
        int end = gmk_proto_line(&P, line, out, sizeof out);
        fputs(out, stdout);
        fflush(stdout);
        if (end) break;
    }
    free(line);
    gmk_proto_free(&P);
    return 0;
}

GS_CLI_COMMAND(gomocup, "gomocup", "Gomocup (Piskvork) protocol engine for Gomoku/Renju", run)
