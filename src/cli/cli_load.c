/* Loading a FILE argument for the CLI commands. */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"

gs_loaded *gs_cli_load(const char *cmd, const char *path, const char *spec_override, int flags, int *count) {
    char *data;
    size_t len;
    gs_error err;
    gs_loaded *l = NULL;
    if (gs_read_file(path, &data, &len, &err) != GS_OK) gs_cli_die_err(cmd, &err);
    gs_status st = gs_load_positions(data, len, spec_override, flags, &l, count, &err);
    free(data);
    if (st != GS_OK) {
        if (err.line > 0) gs_cli_die(cmd, "%s: line %d, column %d: %s", path, err.line, err.col, err.msg);
        gs_cli_die(cmd, "%s: %s", path, err.msg);
    }
    if (*count == 0) gs_cli_die(cmd, "%s: no position in the file", path);
    /* notes about what was read but not used (e.g. an unknown RU[]); a
     * stopped replay's note is printed by the command with the stop */
    for (int i = 0; i < *count; i++)
        if (l[i].note[0] && !l[i].illegal_at) {
            if (*count > 1) fprintf(stderr, "gridstone %s: %s: game %d: note: %s\n", cmd, path, i + 1, l[i].note);
            else fprintf(stderr, "gridstone %s: %s: note: %s\n", cmd, path, l[i].note);
        }
    return l;
}
