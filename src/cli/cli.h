/* gridstone CLI: command registration, the option table every command
 * declares, and shared helpers.  Each subcommand lives in its own cmd_*.c
 * and registers itself with GS_CLI_COMMAND; main.c dispatches. */
#ifndef GS_CLI_H
#define GS_CLI_H

#include <stdint.h>
#include <stdio.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "io/jsonw.h"
#include "proto/proto.h"

typedef int (*gs_cli_fn)(int argc, char **argv);   /* argv[0] = command name */
typedef struct cli_spec cli_spec;
/* A command's option table and help texts; a function because some of
 * them are built from the library's lists (rule presets, solvers) only
 * when asked for, not at each start. */
typedef const cli_spec *(*gs_cli_spec_fn)(void);

/* A command as it registers itself: its one-line summary for the command
 * list in both languages, its table (what --help prints, and what
 * tests/cliunit walks to find a help text without its Korean), its run. */
typedef struct gs_cli_command {
    const char *name, *summary, *summary_ko;
    gs_cli_spec_fn spec;
    gs_cli_fn fn;
} gs_cli_command;
void gs_cli_register(const gs_cli_command *c);
/* The registered commands sorted by name. */
int gs_cli_command_count(void);
const gs_cli_command *gs_cli_command_at(int i);

#define GS_CLI_COMMAND(id, name, summary, summary_ko, spec, fn)             \
    __attribute__((constructor)) static void cli_reg_##id(void) {          \
        static const gs_cli_command cmd_ = {name, summary, summary_ko, spec, fn}; \
        gs_cli_register(&cmd_);                                             \
    }

/* Exit codes: 0 ok, 1 the command ran but the answer is a failure (e.g.
 * strict replay found an illegal move), 2 bad usage or bad input. */
#define GS_EXIT_FAIL 1
#define GS_EXIT_USAGE 2

/* ---- the option table ---- */
typedef enum cli_type {
    CLI_FLAG,      /* no value; dst: int*, set to 1 */
    CLI_STR,       /* dst: const char** */
    CLI_INT,       /* an integer in lo..hi; dst: long* */
    CLI_U64,       /* an integer in lo..hi (hi up to 2^63-1); dst: uint64_t* */
    CLI_NUM,       /* a finite number in lo..hi (fractions allowed); dst: double* */
    CLI_LANG       /* en or ko; dst: gs_lang* or NULL (see CLI_OPT_LANG) */
} cli_type;

typedef struct cli_opt {
    const char *name;        /* "--black"; NULL ends the table */
    const char *arg;         /* the value's name in the help ("LEVEL"); NULL for flags */
    cli_type type;
    double lo, hi;           /* range of INT/U64/NUM values */
    void *dst;
    const char *help;        /* one line (may contain \n for more) */
    const char *help_ko;     /* the same in Korean, printed when the UI language is */
} cli_opt;

struct cli_spec {
    const char *cmd;         /* "legal" */
    const char *args;        /* positional synopsis: "FILE", "SPEC DEPTH", "FILES..." */
    int min_pos, max_pos;    /* positional argument counts (max_pos -1: any) */
    const cli_opt *opts;
    const char *about;       /* the --help text after the usage line */
    const char *about_ko;    /* the same in Korean (option and value names, examples unchanged) */
};

/* Parse argv[1..argc): options by the table (as "--name VALUE" or
 * "--name=VALUE"), the rest positional.  Writes usage, --help and errors
 * from the table: --help / -h prints the help and exits 0 (in --lang's
 * language, else the locale's, also for a command without --lang: its
 * output is for programs, its help for people); a bad option
 * exits 2 with one line ("--black needs a value", "unknown option
 * '--x'", "bad value for --time: ..."). The positional arguments are
 * moved to argv[1..n] in order; returns n.  A lone "-" and negative
 * numbers are positional. */
int cli_parse(const cli_spec *s, int argc, char **argv);
/* The usage line of a command ("usage: gridstone legal FILE [--game SPEC] ..."),
 * "usage" in the UI language. */
void cli_usage(const cli_spec *s, FILE *f);

/* Shared options. */
#define CLI_OPT_GAME(dst) {"--game", "SPEC", CLI_STR, 0, 0, dst, "override or complete the game the file names", \
                           "파일이 가리키는 게임을 바꾸거나 빠진 규칙을 채웁니다"}
#define CLI_OPT_JSON(dst) {"--json", NULL, CLI_FLAG, 0, 0, dst, "JSON Lines on stdout: one object per line (docs/FORMATS.md)", \
                           "표준 출력에 JSON Lines: 한 줄에 객체 하나 (docs/FORMATS.md)"}
/* --lang, for every command that prints text for people: the language of
 * its output and of its one-line errors.  cli_parse reads it before the
 * other options (so their errors are in it too), or without it the locale
 * as POSIX orders it (LC_ALL, LC_MESSAGES, LANG); it sets *dst and the
 * language gs_cli_die and gs_cli_die_err use (CLI_TR).  Commands without
 * the option (the protocols, the server) stay English. */
#define CLI_OPT_LANG(dst) {"--lang", "en|ko", CLI_LANG, 0, 0, dst, "language of the output and the errors (default: from the locale)", \
                           "출력과 오류 메시지의 언어 (기본값: 로캘에 따름)"}
#define CLI_END {NULL, NULL, CLI_FLAG, 0, 0, NULL, NULL, NULL}

/* The language of the running command (English unless it has --lang),
 * and en or ko by it: CLI_TR("bad dead stone '%s'", "...'%s'...") keeps
 * both literals in sight of the compiler's format checks. */
gs_lang gs_cli_ui_lang(void);
#define CLI_TR(en, ko) (gs_cli_ui_lang() == GS_LANG_KO ? (ko) : (en))

/* Print "gridstone CMD: message" on one line to stderr and exit 2. */
void gs_cli_die(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));
/* "out of memory" in the command's language, exit 2. */
void gs_cli_die_nomem(const char *cmd) __attribute__((noreturn));
/* Same from a gs_error (adds "line L, column C" when set), in the
 * command's language (the library's Korean message, gs_error msg_ko). */
void gs_cli_die_err(const char *cmd, const gs_error *err) __attribute__((noreturn));
/* The same with "PREFIX: " before the position (a file name). */
void gs_cli_die_err_at(const char *cmd, const char *prefix, const gs_error *err) __attribute__((noreturn));
/* The language a --lang value names (en or ko; dies on any other), or
 * with NULL the default: the one given before the command
 * (gs_cli_set_default_lang), else the locale's; cli_parse calls it. */
gs_lang gs_cli_lang(const char *cmd, const char *opt_value);
/* `gridstone --lang ko COMMAND ...`: the value (checked) stands for the
 * locale in every later gs_cli_lang(cmd, NULL); returns its language. */
gs_lang gs_cli_set_default_lang(const char *value);
/* A loaded position's notes in the language of the messages (CLI_TR). */
const char *gs_cli_note(const gs_loaded *l);
/* The line of a replay that stopped (l->illegal_at): its notes, which say
 * where and why with the move's text, then the reason code in brackets. */
void gs_cli_print_stop(const gs_loaded *l);
void gs_cli_set_ui_lang(gs_lang lang);
/* strerror(e) in the command's language (the library's catalogue has the
 * Korean of the C library's texts for files). */
const char *gs_cli_errno_text(int e);
/* True if argv[i] is --help or -h. */
int gs_cli_is_help(const char *arg);
/* Load the positions of FILE (or "-"), dying with a one-line reason. */
gs_loaded *gs_cli_load(const char *cmd, const char *path, const char *spec_override,
                       int flags, int *count);
/* Parse an integer value in lo..hi or die ("bad value for NAME: ..."). */
long gs_cli_long(const char *cmd, const char *opt, const char *val, long lo, long hi);

/* For each position of each file: load the file (GS_LOAD_LAZY: one state
 * at a time), call fn for each of its positions (index from 1 within the
 * file, count = positions in the file; l->state is built), free it.  Dies
 * on a bad file.  Returns the count of positions. */
typedef void (*gs_cli_each_fn)(const char *file, int index, int count, const gs_loaded *l, void *ud);
long gs_cli_each_position(const char *cmd, char **files, int nfiles, const char *spec_override,
                          int flags, gs_cli_each_fn fn, void *ud);

/* ---- JSON Lines output (docs/FORMATS.md, "--json output") ---- */
/* Write w's object as one line to stdout and reset w. */
void gs_cli_json_line(io_jw *w);
/* A point as an object {"move":"D4","x":3,"y":15} (pass/resign: "move" only). */
void gs_cli_json_point(io_jw *w, const char *key, const gs_state *s, gs_move m);
/* The fields every position line starts with: "game" (canonical spec)
 * and, for positions from files, "file" and "index". */
void gs_cli_json_head(io_jw *w, const gs_state *s, const char *file, int index);
/* The board as rows of '.', 'X' (black), 'O' (white), top row first. */
void gs_cli_json_board(io_jw *w, const char *key, const gs_state *s);
/* "illegal": where and why the replay of l stopped ({move_number, reason,
 * note}), or null when the whole main line was replayed. */
void gs_cli_json_illegal(io_jw *w, const gs_loaded *l);

/* The Go rule presets as "tromp-taylor, chinese, ..." (from go.h's list). */
char *gs_cli_go_presets(char *buf, size_t len);
/* An option's help in both languages around the presets' names (en and ko
 * each take them as their one %s), written into b on the first call: the
 * table stays constant text apart from that list, built only when asked. */
typedef struct gs_cli_help_buf { char en[512], ko[512]; } gs_cli_help_buf;
void gs_cli_presets_help(cli_opt *o, gs_cli_help_buf *b, const char *en, const char *ko);

/* ---- lines from a stream ---- */
/* Read one line (without its '\n') into buf (room for cap bytes); a
 * longer line is read to its end and *too_long set (buf holds its start).
 * Returns the byte count stored (NUL bytes included), -1 at end of input. */
long gs_cli_read_line(FILE *f, char *buf, size_t cap, int *too_long);

/* A protocol engine (proto.h) on stdin/stdout until the input ends or the
 * controller quits; returns the exit code. */
int gs_cli_proto_loop(const char *protocol, const proto_opts *o);

#endif
