/* gridstone replay FILE...: replay each game of files, checking every move;
 * report moves, captures, the final position and the result. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gridstone/go.h"

#define CMD "replay"

static int json, strict, failed;

static void one(const char *file, int index, int count, const gs_loaded *l, void *ud) {
    static char board[65536];
    static int shown;
    const gs_state *s = l->state;
    (void)ud; (void)count;
    if (failed) return;   /* --strict stopped at an earlier game */
    int moves = s->nhist, go = gs_go_is_go(s->game);
    if (moves > 0 && s->hist[moves - 1].move == GS_RESIGN) moves--;
    gs_result r;
    gs_result_get(s, &r);
    char res[32] = "";
    gs_result_string(&r, res, sizeof res);
    failed = strict && l->illegal_at;
    if (json) {
        io_jw w;
        io_jw_init(&w);
        io_jw_obj(&w, NULL);
        gs_cli_json_head(&w, s, file, index);
        io_jw_int(&w, "moves", moves);
        if (go) {
            io_jw_obj(&w, "captures");
            io_jw_int(&w, "black", gs_go_prisoners(s, GS_BLACK));
            io_jw_int(&w, "white", gs_go_prisoners(s, GS_WHITE));
            io_jw_end(&w);
        }
        io_jw_str(&w, "to_move", gs_color_name(s->to_move));
        io_jw_bool(&w, "over", r.over);
        io_jw_str(&w, "result", res);
        io_jw_str(&w, "file_result", l->result);
        gs_cli_json_illegal(&w, l);
        gs_cli_json_board(&w, "board", s);
        io_jw_end(&w);
        gs_cli_json_line(&w);
        io_jw_free(&w);
        return;
    }
    if (shown++) printf("\n");
    printf(CLI_TR("game: %s\nmoves: %d\n", "게임: %s\n수: %d\n"), s->game->spec, moves);
    if (go)
        printf(CLI_TR("captures: B %d W %d\n", "따낸 돌: 흑 %d 백 %d\n"), gs_go_prisoners(s, GS_BLACK),
               gs_go_prisoners(s, GS_WHITE));
    if (l->illegal_at)
        gs_cli_print_stop(l);
    printf(CLI_TR("result: %s", "결과: %s"), r.over ? res : CLI_TR("(not over)", "(끝나지 않음)"));
    if (l->result[0]) printf(CLI_TR(" (file: %s)", " (파일: %s)"), l->result);
    printf("\n");
    gs_render_lang(s, gs_cli_ui_lang(), board, sizeof board);
    fputs(board, stdout);
}

static const char *game;
static const cli_opt opts[] = {
    {"--strict", NULL, CLI_FLAG, 0, 0, &strict, "stop at the first illegal move and exit 1",
     "처음 나온 둘 수 없는 수에서 멈추고 종료 코드 1로 끝납니다"},
    CLI_OPT_GAME(&game), CLI_OPT_JSON(&json), CLI_OPT_LANG(NULL), CLI_END};
static const cli_spec spec = {
    "replay", "FILE...", 1, -1, opts,
    "Replays every game in the files (SGF, JSON; '-' = stdin), checking each move, and\n"
    "reports the number of moves, captures per colour (Go), the final position and\n"
    "the result.  A record with an illegal move is replayed up to it and the move\n"
    "is reported; with --strict the command stops there and exits 1.",
    "파일(SGF, JSON; '-' = 표준 입력)의 모든 대국을 수마다 확인하며 재생하고,\n"
    "수의 개수, 흑백이 따낸 돌(바둑), 마지막 국면과 결과를 보여 줍니다. 둘 수\n"
    "없는 수가 있는 기보는 그 앞까지 재생하고 그 수를 알려 줍니다. --strict를\n"
    "주면 거기서 멈추고 종료 코드 1로 끝납니다."};
static const cli_spec *get_spec(void) { return &spec; }

static int run(int argc, char **argv) {
    int nfiles = cli_parse(&spec, argc, argv);
    gs_cli_each_position(CMD, argv + 1, nfiles, game, 0, one, NULL);
    return failed ? GS_EXIT_FAIL : 0;
}

GS_CLI_COMMAND(replay, CMD, "replay and check the games of files (moves, captures, result)",
               "파일의 대국을 재생하며 확인 (수, 따낸 돌, 결과)", get_spec, run)
