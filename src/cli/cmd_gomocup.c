/* gridstone gomocup: the Gomocup (Piskvork) protocol engine (src/proto/)
 * on stdin/stdout; also run when the program is started as pbrain-*. */
#include "cli.h"

static int run(int argc, char **argv) {
    static int fast;
    static const cli_opt opts[] = {
        {"--fast", NULL, CLI_FLAG, 0, 0, &fast, "think with a small node limit instead of the clock (for tests)"},
        {0}};
    static const cli_spec spec = {
        "gomocup", "", 0, 0, opts,
        "Speaks the Gomocup protocol on stdin/stdout: START, RECTSTART, RESTART, BEGIN,\n"
        "TURN, PLAY, TAKEBACK, BOARD..DONE, SWAP2BOARD..DONE, INFO, ABOUT, END.\n"
        "INFO rule: 0 freestyle, 1 exactly five, 4 renju, 8 caro, 5 freestyle with the\n"
        "swap1 opening (BEGIN places one even stone; after the first stone the\n"
        "engine may answer SWAP and take black), 6 freestyle with swap2 (SWAP2BOARD).\n"
        "MESSAGE lines (depth, evaluation, nodes, speed, PV) are printed as each\n"
        "search iteration ends.  INFO times are clamped to a day, and a move's\n"
        "search to 10 minutes."};
    cli_parse(&spec, argc, argv);
    proto_opts o = {0};
    o.fast = fast;
    return gs_cli_proto_loop("gomocup", &o);
}

GS_CLI_COMMAND(gomocup, "gomocup", "Gomocup (Piskvork) protocol engine for Gomoku/Renju", run)
