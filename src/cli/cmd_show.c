/* gridstone show FILE...: the positions of files drawn as text. */
#include <string.h>
#include "cli.h"

static int json;

/* The fields of a position line that show, replay and score share. */
static void one(const char *file, int index, int count, const gs_loaded *l, void *ud) {
    static char buf[65536];
    const gs_state *s = l->state;
    (void)ud; (void)count;
    if (json) {
        io_jw w;
        io_jw_init(&w);
        io_jw_obj(&w, NULL);
        gs_cli_json_head(&w, s, file, index);
        io_jw_int(&w, "moves", s->nhist);
        io_jw_str(&w, "to_move", gs_color_name(s->to_move));
        io_jw_str(&w, "file_result", l->result);
        if (s->nhist > 0) gs_cli_json_point(&w, "last", s, s->hist[s->nhist - 1].move);
        else io_jw_null(&w, "last");
        gs_cli_json_illegal(&w, l);
        gs_cli_json_board(&w, "board", s);
        io_jw_end(&w);
        gs_cli_json_line(&w);
        io_jw_free(&w);
        return;
    }
    static int shown;
    printf(CLI_TR("%s%s, %d moves%s%s\n", "%s%s, %d수%s%s\n"), shown++ ? "\n" : "", s->game->spec, s->nhist,
           l->result[0] ? CLI_TR(", result ", ", 결과 ") : "", l->result);
    gs_render_lang(s, gs_cli_ui_lang(), buf, sizeof buf);
    fputs(buf, stdout);
    if (l->illegal_at)
        gs_cli_print_stop(l);
}

static const char *game;
static const cli_opt opts[] = {CLI_OPT_GAME(&game), CLI_OPT_JSON(&json), CLI_OPT_LANG(NULL), CLI_END};
static const cli_spec spec = {
    "show", "FILE...", 1, -1, opts,
    "Draws each position in the files (SGF, JSON, OBF; '-' = stdin) as text, with\n"
    "coordinates in the game's notation, the last move in brackets.  --json: one line\n"
    "per position with the board as rows of '.', 'X' (black), 'O' (white).",
    "파일(SGF, JSON, OBF; '-' = 표준 입력)의 국면마다 판을 글자로 그립니다. 좌표는\n"
    "게임의 표기법을 따르고 마지막 수는 괄호로 표시합니다. --json: 국면마다 한 줄,\n"
    "판은 '.', 'X'(흑), 'O'(백)로 된 줄들입니다."};
static const cli_spec *get_spec(void) { return &spec; }

static int run(int argc, char **argv) {
    int nfiles = cli_parse(&spec, argc, argv);
    gs_cli_each_position("show", argv + 1, nfiles, game, 0, one, NULL);
    return 0;
}

GS_CLI_COMMAND(show, "show", "draw the positions of files as text", "파일의 국면을 글자로 그리기", get_spec, run)
