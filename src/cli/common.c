/* Helpers shared by the CLI commands: one-line errors, options, JSON bits. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

void gs_cli_die(const char *cmd, const char *fmt, ...) {
    va_list ap;
    char msg[512];
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    for (char *p = msg; *p; p++)   /* keep it to one line */
        if (*p == '\n' || *p == '\r') *p = ' ';
    if (!strcmp(cmd, "gridstone")) fprintf(stderr, "gridstone: %s\n", msg);
    else fprintf(stderr, "gridstone %s: %s\n", cmd, msg);
    exit(GS_EXIT_USAGE);
}

void gs_cli_die_err(const char *cmd, const gs_error *err) {
    if (err->line > 0) gs_cli_die(cmd, "line %d, column %d: %s", err->line, err->col, err->msg);
    gs_cli_die(cmd, "%s", err->msg[0] ? err->msg : gs_strerror(err->code, GS_LANG_EN));
}

int gs_cli_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

long gs_cli_long(const char *cmd, const char *opt, const char *val, long lo, long hi) {
    char *end;
    if (!val) gs_cli_die(cmd, "%s needs a value", opt);
    errno = 0;
    long v = strtol(val, &end, 10);
    if (*end || end == val || errno || v < lo || v > hi)
        gs_cli_die(cmd, "bad value for %s: '%s' (expected %ld..%ld)", opt, val, lo, hi);
    return v;
}

void gs_cli_json_str(FILE *f, const char *s) {
    char *q = gs_json_quote(s, strlen(s));   /* never invalid UTF-8 in the output */
    fputs(q ? q : "\"\"", f);
    free(q);
}

void gs_cli_json_point(FILE *f, const gs_state *s, gs_move m) {
    char buf[32];
    gs_state_format_move(s, m, buf, sizeof buf);
    fputs("\"move\":", f);
    gs_cli_json_str(f, buf);
    if (m >= 0) fprintf(f, ",\"x\":%d,\"y\":%d", m % s->game->geom.w, m / s->game->geom.w);
}
