/* gridstone show FILE: the positions of a file drawn as text. */
#include <string.h>
#include "cli.h"

static int run(int argc, char **argv) {
    const char *file = NULL, *spec = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (gs_cli_is_help(a)) {
            printf("usage: gridstone show FILE [--game SPEC]\n\n"
                   "Draws each position in FILE (SGF, JSON, OBF; '-' = stdin) as text, with\n"
                   "coordinates in the game's notation, the last move in brackets.\n");
            return 0;
        } else if (!strcmp(a, "--game")) {
            if (i + 1 >= argc) gs_cli_die("show", "--game needs a SPEC");
            spec = argv[++i];
        } else if (a[0] == '-' && a[1]) gs_cli_die("show", "unknown option '%s'", a);
        else if (!file) file = a;
        else gs_cli_die("show", "unexpected argument '%s'", a);
    }
    if (!file) gs_cli_die("show", "usage: gridstone show FILE [--game SPEC]");
    int n;
    gs_loaded *l = gs_cli_load("show", file, spec, 0, &n);
    static char buf[65536];
    for (int i = 0; i < n; i++) {
        const gs_state *s = l[i].state;
        printf("%s%s, %d moves%s%s\n", i ? "\n" : "", s->game->spec, s->nhist, l[i].result[0] ? ", result " : "",
               l[i].result);
        gs_render(s, buf, sizeof buf);
        fputs(buf, stdout);
        if (l[i].illegal_at)
            printf("replay stopped at move %d: %s (%s)\n", l[i].illegal_at, gs_reason_code(l[i].illegal_reason),
                   l[i].note);
    }
    gs_loaded_free(l, n);
    return 0;
}

GS_CLI_COMMAND(show, "show", "draw the positions of a file as text", run)
