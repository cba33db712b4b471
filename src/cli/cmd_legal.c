/* gridstone legal FILE: legal moves and the reasons empty points are illegal. */
#include <string.h>
#include "cli.h"

static void help(void) {
    printf("usage: gridstone legal FILE [--game SPEC] [--json]\n\n"
           "For each position in FILE (SGF game trees, JSON, OBF lines; '-' = stdin): the\n"
           "side to move, its legal moves, and each empty point that is illegal with its\n"
           "reason code.  --game overrides or completes the game named in the file.\n"
           "--json prints one object per position, one per line:\n"
           "  {\"to_move\":..., \"legal\":[{\"move\":..,\"x\":..,\"y\":..}], \"illegal\":[{\"move\":..,\"x\":..,\"y\":..,\"reason\":..}]}\n");
}

static void one(const gs_state *s, int json) {
    static gs_move mv[GS_MAX_CELLS + 1];
    int n = gs_legal_moves(s, mv), first = 1;
    char b[32];
    if (json) {
        printf("{\"to_move\":\"%s\",\"legal\":[", gs_color_name(s->to_move));
        for (int i = 0; i < n; i++) {
            printf("%s{", i ? "," : "");
            gs_cli_json_point(stdout, s, mv[i]);
            printf("}");
        }
        printf("],\"illegal\":[");
    } else {
        printf("%s to move\nlegal (%d):", gs_color_name(s->to_move), n);
        for (int i = 0; i < n; i++) printf(" %s", gs_state_format_move(s, mv[i], b, sizeof b));
        printf("\nillegal:");
    }
    for (int i = 0; i < s->game->geom.n; i++) {
        if (s->board.cells[i] != GS_EMPTY) continue;
        gs_status st = gs_check(s, i);
        if (st == GS_OK) continue;
        if (json) {
            printf("%s{", first ? "" : ",");
            gs_cli_json_point(stdout, s, i);
            printf(",\"reason\":\"%s\"}", gs_reason_code(st));
        } else printf(" %s=%s", gs_state_format_move(s, i, b, sizeof b), gs_reason_code(st));
        first = 0;
    }
    printf(json ? "]}\n" : "\n");
}

static int run(int argc, char **argv) {
    const char *file = NULL, *spec = NULL;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (gs_cli_is_help(a)) { help(); return 0; }
        else if (!strcmp(a, "--json")) json = 1;
        else if (!strcmp(a, "--game")) {
            if (i + 1 >= argc) gs_cli_die("legal", "--game needs a SPEC");
            spec = argv[++i];
        } else if (a[0] == '-' && a[1]) gs_cli_die("legal", "unknown option '%s'", a);
        else if (!file) file = a;
        else gs_cli_die("legal", "unexpected argument '%s'", a);
    }
    if (!file) gs_cli_die("legal", "usage: gridstone legal FILE [--game SPEC] [--json]");
    int n;
    gs_loaded *l = gs_cli_load("legal", file, spec, 0, &n);
    for (int i = 0; i < n; i++) {
        if (!json && n > 1) printf("%sposition %d:\n", i ? "\n" : "", i + 1);
        one(l[i].state, json);
    }
    gs_loaded_free(l, n);
    return 0;
}

GS_CLI_COMMAND(legal, "legal", "legal moves of a position, and why the other points are illegal", run)
