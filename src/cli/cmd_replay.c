/* gridstone replay FILE: replay each game of a file, checking every move;
 * report moves, captures, the final position and the result. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gridstone/go.h"

#define CMD "replay"

static int run(int argc, char **argv) {
    const char *file = NULL, *spec = NULL;
    int json = 0, strict = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (gs_cli_is_help(a)) {
            printf("usage: gridstone replay FILE [--strict] [--json] [--game SPEC]\n\n"
                   "Replays every game in FILE (SGF, JSON; '-' = stdin), checking each move, and\n"
                   "reports the number of moves, captures per colour (Go), the final position and\n"
                   "the result.  A record with an illegal move is replayed up to it and the move\n"
                   "is reported; with --strict the command stops there and exits 1.\n");
            return 0;
        } else if (!strcmp(a, "--json")) json = 1;
        else if (!strcmp(a, "--strict")) strict = 1;
        else if (!strcmp(a, "--game")) {
            if (i + 1 >= argc) gs_cli_die(CMD, "--game needs a SPEC");
            spec = argv[++i];
        } else if (a[0] == '-' && a[1]) gs_cli_die(CMD, "unknown option '%s'", a);
        else if (!file) file = a;
        else gs_cli_die(CMD, "unexpected argument '%s'", a);
    }
    if (!file) gs_cli_die(CMD, "usage: gridstone replay FILE [--strict] [--json]");
    int n, failed = 0;
    gs_loaded *l = gs_cli_load(CMD, file, spec, 0, &n);
    static char board[65536];
    if (json) printf("[");
    for (int i = 0; i < n && !failed; i++) {
        const gs_state *s = l[i].state;
        int moves = s->nhist, go = gs_go_is_go(s->game);
        if (moves > 0 && s->hist[moves - 1].move == GS_RESIGN) moves--;
        gs_result r;
        gs_result_get(s, &r);
        char res[32] = "";
        gs_result_string(&r, res, sizeof res);
        failed = strict && l[i].illegal_at;
        if (json) {
            printf("%s{\"game\":", i ? "," : "");
            gs_cli_json_str(stdout, s->game->spec);
            printf(",\"moves\":%d", moves);
            if (go) printf(",\"captures\":{\"B\":%d,\"W\":%d}", gs_go_prisoners(s, GS_BLACK), gs_go_prisoners(s, GS_WHITE));
            printf(",\"to_move\":\"%s\",\"over\":%s,\"result\":", gs_color_name(s->to_move), r.over ? "true" : "false");
            gs_cli_json_str(stdout, res);
            printf(",\"file_result\":");
            gs_cli_json_str(stdout, l[i].result);
            if (l[i].illegal_at) {
                printf(",\"illegal\":{\"move_number\":%d,\"reason\":\"%s\",\"note\":", l[i].illegal_at,
                       gs_reason_code(l[i].illegal_reason));
                gs_cli_json_str(stdout, l[i].note);
                printf("}");
            } else printf(",\"illegal\":null");
            printf(",\"board\":[");
            int w = s->game->geom.w, h = s->game->geom.h;
            for (int y = 0; y < h; y++) {
                char row[GS_MAX_SIDE + 1];
                for (int x = 0; x < w; x++) row[x] = ".XO"[s->board.cells[y * w + x] % 3];
                row[w] = 0;
                printf("%s\"%s\"", y ? "," : "", row);
            }
            printf("]}");
            continue;
        }
        if (i) printf("\n");
        printf("game: %s\nmoves: %d\n", s->game->spec, moves);
        if (go) printf("captures: B %d W %d\n", gs_go_prisoners(s, GS_BLACK), gs_go_prisoners(s, GS_WHITE));
        if (l[i].illegal_at)
            printf("illegal move %d: %s (%s)\n", l[i].illegal_at, gs_reason_code(l[i].illegal_reason), l[i].note);
        printf("result: %s", r.over ? res : "(not over)");
        if (l[i].result[0]) printf(" (file: %s)", l[i].result);
        printf("\n");
        gs_render(s, board, sizeof board);
        fputs(board, stdout);
    }
    if (json) printf("]\n");
    gs_loaded_free(l, n);
    return failed ? GS_EXIT_FAIL : 0;
}

GS_CLI_COMMAND(replay, CMD, "replay and check the games of a file (moves, captures, result)", run)
