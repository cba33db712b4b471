/* gridstone gomocup: the Gomocup (Piskvork) protocol engine (src/proto/)
 * on stdin/stdout; also run when the program is started as pbrain-*. */
#include "cli.h"

static int fast;
static const cli_opt opts[] = {
    {"--fast", NULL, CLI_FLAG, 0, 0, &fast, "think with a small node limit instead of the clock (for tests)",
     "시간 대신 작은 노드 수 제한으로 생각합니다 (시험용)"},
    CLI_END};
static const cli_spec spec = {
    "gomocup", "", 0, 0, opts,
    "Speaks the Gomocup protocol on stdin/stdout: START, RECTSTART, RESTART, BEGIN,\n"
    "TURN, PLAY, TAKEBACK, BOARD..DONE, SWAP2BOARD..DONE, INFO, ABOUT, END.\n"
    "INFO rule: 0 freestyle, 1 exactly five, 4 renju, 8 caro, 5 freestyle with the\n"
    "swap1 opening (BEGIN places one even stone; after the first stone the\n"
    "engine may answer SWAP and take black), 6 freestyle with swap2 (SWAP2BOARD).\n"
    "MESSAGE lines (depth, evaluation, nodes, speed, PV) are printed as each\n"
    "search iteration ends.  INFO times are clamped to a day, and a move's\n"
    "search to 10 minutes.",
    "표준 입출력으로 Gomocup 프로토콜을 주고받습니다: START, RECTSTART, RESTART,\n"
    "BEGIN, TURN, PLAY, TAKEBACK, BOARD..DONE, SWAP2BOARD..DONE, INFO, ABOUT, END.\n"
    "INFO rule: 0 자유룰, 1 정확히 다섯, 4 렌주룰, 8 카로, 5 swap1 개시의 자유룰\n"
    "(BEGIN은 균형 잡힌 돌 하나를 놓고, 첫 돌 뒤에 엔진이 SWAP으로 답해 흑을\n"
    "가질 수 있습니다), 6 swap2 개시의 자유룰(SWAP2BOARD).\n"
    "MESSAGE 줄(깊이, 평가값, 노드, 속도, PV)은 탐색의 반복이 끝날 때마다\n"
    "출력합니다. INFO의 시간은 하루까지, 한 수의 탐색은 10분까지로 자릅니다."};
static const cli_spec *get_spec(void) { return &spec; }

static int run(int argc, char **argv) {
    cli_parse(&spec, argc, argv);
    proto_opts o = {0};
    o.fast = fast;
    return gs_cli_proto_loop("gomocup", &o);
}

GS_CLI_COMMAND(gomocup, "gomocup", "Gomocup (Piskvork) protocol engine for Gomoku/Renju",
               "오목/렌주용 Gomocup(Piskvork) 프로토콜 엔진", get_spec, run)
