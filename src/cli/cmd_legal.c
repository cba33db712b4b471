/* gridstone legal FILE: legal moves and the reasons empty points are illegal. */
#include <string.h>
#include "cli.h"

static int json;

static void one(const char *file, int index, int count, const gs_loaded *l, void *ud) {
    static gs_move mv[GS_MAX_CELLS + 1];
    const gs_state *s = l->state;
    int n = gs_legal_moves(s, mv);
    (void)ud;
    char b[32];
    if (json) {
        io_jw w;
        io_jw_init(&w);
        io_jw_obj(&w, NULL);
        gs_cli_json_head(&w, s, file, index);
        io_jw_str(&w, "to_move", gs_color_name(s->to_move));
        io_jw_arr(&w, "legal");
        for (int i = 0; i < n; i++) gs_cli_json_point(&w, NULL, s, mv[i]);
        io_jw_end(&w);
        io_jw_arr(&w, "illegal");
        for (int i = 0; i < s->game->geom.n; i++) {
            if (s->board.cells[i] != GS_EMPTY) continue;
            gs_status st = gs_check(s, i);
            if (st == GS_OK) continue;
            /* the point's fields and its reason in one object */
            io_jw_obj(&w, NULL);
            io_jw_str(&w, "move", gs_state_format_move(s, i, b, sizeof b));
            io_jw_int(&w, "x", i % s->game->geom.w);
            io_jw_int(&w, "y", i / s->game->geom.w);
            io_jw_str(&w, "reason", gs_reason_code(st));
            io_jw_end(&w);
        }
        io_jw_end(&w);
        io_jw_end(&w);
        gs_cli_json_line(&w);
        io_jw_free(&w);
        return;
    }
    if (count > 1) printf(CLI_TR("%sposition %d:\n", "%s%d번째 국면:\n"), index > 1 ? "\n" : "", index);
    if (gs_cli_ui_lang() == GS_LANG_KO)
        printf("%s 차례\n둘 수 있는 자리 (%d):", s->to_move == GS_BLACK ? "흑" : s->to_move == GS_WHITE ? "백" : "-", n);
    else printf("%s to move\nlegal (%d):", gs_color_name(s->to_move), n);
    for (int i = 0; i < n; i++) printf(" %s", gs_state_format_move(s, mv[i], b, sizeof b));
    printf("%s", CLI_TR("\nillegal:", "\n둘 수 없는 자리:"));
    for (int i = 0; i < s->game->geom.n; i++) {
        if (s->board.cells[i] != GS_EMPTY) continue;
        gs_status st = gs_check(s, i);
        if (st != GS_OK) printf(" %s=%s", gs_state_format_move(s, i, b, sizeof b), gs_reason_code(st));   /* the reason codes --help names, in both languages */
    }
    printf("\n");
}

static const char *game;
/* the JSON of --help, the same in both languages */
#define LEGAL_JSON                                                                                  \
    "  {\"game\":..,\"file\":..,\"index\":..,\"to_move\":..,\"legal\":[{\"move\":..,\"x\":..,\"y\":..}],\n" \
    "   \"illegal\":[{\"move\":..,\"x\":..,\"y\":..,\"reason\":..}]}"
static const cli_opt opts[] = {CLI_OPT_GAME(&game), CLI_OPT_JSON(&json), CLI_OPT_LANG(NULL), CLI_END};
static const cli_spec spec = {
    "legal", "FILE...", 1, -1, opts,
    "For each position in the files (SGF game trees, JSON, OBF lines; '-' = stdin): the\n"
    "side to move, its legal moves, and each empty point that is illegal with its\n"
    "reason code.  --json: one line per position,\n" LEGAL_JSON,
    "파일(SGF 기보 트리, JSON, OBF 줄; '-' = 표준 입력)의 국면마다 둘 차례인 쪽,\n"
    "둘 수 있는 자리, 둘 수 없는 빈 자리와 그 이유 코드를 출력합니다.\n"
    "--json: 국면마다 한 줄,\n" LEGAL_JSON};
static const cli_spec *get_spec(void) { return &spec; }

static int run(int argc, char **argv) {
    int nfiles = cli_parse(&spec, argc, argv);
    gs_cli_each_position("legal", argv + 1, nfiles, game, 0, one, NULL);
    return 0;
}

GS_CLI_COMMAND(legal, "legal", "legal moves of a position, and why the other points are illegal",
               "국면에서 둘 수 있는 자리와, 다른 자리에 둘 수 없는 이유", get_spec, run)
