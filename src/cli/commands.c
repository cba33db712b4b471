/* The commands' registry: each cmd_*.c adds itself (GS_CLI_COMMAND) before
 * main runs.  Apart from main.c so that a test program can link the
 * commands and walk their tables without the CLI's main. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

#define MAX_CMDS 64
static const gs_cli_command *cmds[MAX_CMDS];
static int ncmds, sorted;

void gs_cli_register(const gs_cli_command *c) {
    if (ncmds < MAX_CMDS) cmds[ncmds++] = c;
    sorted = 0;
}

static int by_name(const void *a, const void *b) {
    return strcmp((*(const gs_cli_command *const *)a)->name, (*(const gs_cli_command *const *)b)->name);
}

int gs_cli_command_count(void) { return ncmds; }

const gs_cli_command *gs_cli_command_at(int i) {
    if (!sorted) {   /* constructors run in link order; the list is by name */
        qsort(cmds, (size_t)ncmds, sizeof cmds[0], by_name);
        sorted = 1;
    }
    return i >= 0 && i < ncmds ? cmds[i] : NULL;
}
