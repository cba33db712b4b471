/* Embedding gridstone: build a game from a spec, play moves given in the
 * game's notation, explain illegal ones, print the board and the result.
 *   cc embed.c $(pkg-config --cflags --libs gridstone) -o embed
 *   ./embed go:size=9 E5 E5 D5 pass pass */
#include <stdio.h>
#include <gridstone/gridstone.h>

int main(int argc, char **argv) {
    gs_game *g;
    gs_error err;
    if (argc < 2) {
        fprintf(stderr, "usage: embed SPEC [MOVES...]\n");
        return 2;
    }
    if (gs_game_new(argv[1], &g, &err) != GS_OK) {
        fprintf(stderr, "embed: %s\n", err.msg);
        return 2;
    }
    gs_state *s = gs_state_new(g);
    for (int i = 2; i < argc; i++) {
        gs_move m;
        gs_status st = gs_state_parse_move(s, argv[i], &m);
        if (st == GS_OK) st = gs_play(s, m);
        if (st != GS_OK)
            printf("%s: %s [%s] / %s\n", argv[i], gs_strerror(st, GS_LANG_EN), gs_reason_code(st),
                   gs_strerror(st, GS_LANG_KO));
    }
    char buf[8192], res[32];
    gs_render(s, buf, sizeof buf);
    fputs(buf, stdout);
    gs_result r;
    gs_result_get(s, &r);
    if (r.over) printf("result %s\n", gs_result_string(&r, res, sizeof res));
    gs_state_free(s);
    gs_game_free(g);
    return 0;
}
