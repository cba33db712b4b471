/* gridstone CLI: command registration and shared helpers.  Each
 * subcommand lives in its own cmd_*.c and registers itself with
 * GS_CLI_COMMAND; main.c dispatches. */
#ifndef GS_CLI_H
#define GS_CLI_H

#include <stdio.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"

typedef int (*gs_cli_fn)(int argc, char **argv);   /* argv[0] = command name */
void gs_cli_register(const char *name, const char *summary, gs_cli_fn fn);

#define GS_CLI_COMMAND(id, name, summary, fn)                               \
    __attribute__((constructor)) static void cli_reg_##id(void) {          \
        gs_cli_register(name, summary, fn);                                 \
    }

/* Exit codes: 0 ok, 1 the command ran but the answer is a failure (e.g.
 * strict replay found an illegal move), 2 bad usage or bad input. */
#define GS_EXIT_FAIL 1
#define GS_EXIT_USAGE 2

/* Print "gridstone CMD: message" on one line to stderr and exit 2. */
void gs_cli_die(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));
/* Same from a gs_error (adds "line L, column C" when set). */
void gs_cli_die_err(const char *cmd, const gs_error *err) __attribute__((noreturn));
/* True if argv[i] is --help or -h. */
int gs_cli_is_help(const char *arg);
/* Load the positions of FILE (or "-"), dying with a one-line reason. */
gs_loaded *gs_cli_load(const char *cmd, const char *path, const char *spec_override,
                       int flags, int *count);
/* Parse a non-negative integer option value or die. */
long gs_cli_long(const char *cmd, const char *opt, const char *val, long lo, long hi);
/* Minimal JSON string writer for --json output (quotes and escapes). */
void gs_cli_json_str(FILE *f, const char *s);
/* Write a point as {"move":"D4","x":3,"y":15} fields (no braces). */
void gs_cli_json_point(FILE *f, const gs_state *s, gs_move m);

#endif
