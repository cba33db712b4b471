/* gridstone CLI entry point: dispatches to the self-registered commands. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

#define MAX_CMDS 64
static struct { const char *name, *summary; gs_cli_fn fn; } cmds[MAX_CMDS];
static int ncmds;

void gs_cli_register(const char *name, const char *summary, gs_cli_fn fn) {
    if (ncmds < MAX_CMDS) {
        cmds[ncmds].name = name;
        cmds[ncmds].summary = summary;
        cmds[ncmds].fn = fn;
        ncmds++;
    }
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void usage(FILE *f) {
    fprintf(f, "gridstone %s - rules, AI and tools for Go, Gomoku/Renju, m,n,k-games and Reversi\n\n"
               "usage: gridstone COMMAND [ARGS...]   (gridstone COMMAND --help for details)\n\ncommands:\n",
            GS_VERSION);
    for (int i = 0; i < ncmds; i++) fprintf(f, "  %-10s %s\n", cmds[i].name, cmds[i].summary);
    fprintf(f, "\ngames (SPEC = name[:key=value,...]; 'gridstone games NAME' lists the keys):\n");
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias_of, *summary, *name = gs_registry_name(i, &alias_of, &summary);
        if (alias_of) fprintf(f, "  %-10s = %s\n", name, alias_of);
        else fprintf(f, "  %-10s %s\n", name, summary ? summary : "");
    }
}

int main(int argc, char **argv) {
    qsort(cmds, (size_t)ncmds, sizeof cmds[0], by_name);
    const char *base = strrchr(argv[0], '/');
    base = base ? base + 1 : argv[0];
    /* Gomocup managers start engines named pbrain-*: run the protocol. */
    if (!strncmp(base, "pbrain-", 7)) {
        for (int i = 0; i < ncmds; i++)
            if (!strcmp(cmds[i].name, "gomocup")) return cmds[i].fn(argc, argv);
        gs_cli_die("gomocup", "this build has no gomocup engine");
    }
    if (argc < 2) gs_cli_die("gridstone", "no command given (try 'gridstone --help')");
    if (gs_cli_is_help(argv[1]) || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V") || !strcmp(argv[1], "version")) {
        printf("gridstone %s\n", GS_VERSION);
        return 0;
    }
    for (int i = 0; i < ncmds; i++)
        if (!strcmp(cmds[i].name, argv[1])) return cmds[i].fn(argc - 1, argv + 1);
    gs_cli_die("gridstone", "unknown command '%s' (try 'gridstone --help')", argv[1]);
}
