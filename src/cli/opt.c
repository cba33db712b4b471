/* The one option parser of the CLI: every command declares its options
 * in a cli_opt table; usage, --help and the error messages come from it. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

void cli_usage(const cli_spec *s, FILE *f) {
    fprintf(f, CLI_TR("usage: gridstone %s", "사용법: gridstone %s"), s->cmd);
    if (s->args && *s->args) fprintf(f, " %s", s->args);
    for (const cli_opt *o = s->opts; o && o->name; o++) {
        if (o->arg) fprintf(f, " [%s %s]", o->name, o->arg);
        else fprintf(f, " [%s]", o->name);
    }
    fputc('\n', f);
}

/* A text in the UI language: the Korean when asked for and there is one
 * (tests/cliunit fails a table where it is missing). */
static const char *cli_text(const char *en, const char *ko) {
    return gs_cli_ui_lang() == GS_LANG_KO && ko ? ko : en;
}

static void cli_help(const cli_spec *s) {
    cli_usage(s, stdout);
    const char *about = cli_text(s->about, s->about_ko);
    if (about && *about) printf("\n%s\n", about);
    if (s->opts && s->opts->name) {
        printf("%s", CLI_TR("\noptions:\n", "\n옵션:\n"));
        for (const cli_opt *o = s->opts; o->name; o++) {
            char left[64];
            snprintf(left, sizeof left, "%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
            printf("  %-18s", left);
            if (strlen(left) >= 18) printf("\n  %-18s", "");   /* no room for a space */
            /* continuation lines of the help text are indented under it */
            for (const char *p = cli_text(o->help, o->help_ko); *p; p++) {
                putchar(*p);
                if (*p == '\n') printf("  %-18s", "");
            }
            putchar('\n');
        }
        printf("  %-18s%s\n", "--help", CLI_TR("this text", "이 도움말"));
    }
}

static const cli_opt *cli_find(const cli_spec *s, const char *name, size_t n) {
    for (const cli_opt *o = s->opts; o && o->name; o++)
        if (strlen(o->name) == n && !strncmp(o->name, name, n)) return o;
    return NULL;
}

static int cli_is_number(const char *a) {
    return a[0] == '-' && (isdigit((unsigned char)a[1]) || (a[1] == '.' && isdigit((unsigned char)a[2])));
}

static void cli_range_die(const cli_spec *s, const cli_opt *o, const char *v) {
    if (o->type == CLI_NUM)
        gs_cli_die(s->cmd, CLI_TR("bad value for %s: '%s' (expected a number %g..%g)", "%s의 값 '%s'이(가) 잘못되었습니다 (%g..%g 사이의 수여야 합니다)"),
                   o->name, v, o->lo, o->hi);
    gs_cli_die(s->cmd, CLI_TR("bad value for %s: '%s' (expected a whole number %.0f..%.0f)", "%s의 값 '%s'이(가) 잘못되었습니다 (%.0f..%.0f 사이의 정수여야 합니다)"),
               o->name, v, o->lo, o->hi);
}

static void cli_set(const cli_spec *s, const cli_opt *o, const char *v) {
    char *end;
    switch (o->type) {
    case CLI_FLAG: *(int *)o->dst = 1; return;
    case CLI_STR: *(const char **)o->dst = v; return;
    case CLI_LANG: {
        gs_lang lang = gs_cli_lang(s->cmd, v);
        if (o->dst) *(gs_lang *)o->dst = lang;
        return;
    }
    case CLI_INT:
    case CLI_U64: {
        errno = 0;
        long long x = strtoll(v, &end, 10);
        if (end == v || *end || errno || isspace((unsigned char)*v) || (double)x < o->lo || (double)x > o->hi)
            cli_range_die(s, o, v);
        if (o->type == CLI_INT) *(long *)o->dst = (long)x;
        else *(uint64_t *)o->dst = (uint64_t)x;
        return;
    }
    case CLI_NUM: {
        /* decimal only: no hex, no inf/nan, no leading blanks */
        for (const char *p = v; *p; p++)
            if (!isdigit((unsigned char)*p) && !strchr("+-.eE", *p)) cli_range_die(s, o, v);
        errno = 0;
        double x = strtod(v, &end);
        if (end == v || *end || errno || !isfinite(x) || x < o->lo || x > o->hi) cli_range_die(s, o, v);
        *(double *)o->dst = x;
        return;
    }
    }
}

/* The table's --lang, or NULL for a command without one. */
static const cli_opt *cli_lang_opt(const cli_spec *s) {
    const cli_opt *o = s->opts;
    while (o && o->name && o->type != CLI_LANG) o++;
    return o && o->name ? o : NULL;
}

/* The command's language before anything else, so that every error of
 * the parse below is in it: --lang's value (the last one given), else the
 * locale.  A --lang without a value is left to the parse to report. */
static void cli_set_lang(const cli_spec *s, int argc, char **argv) {
    const cli_opt *o = cli_lang_opt(s);
    if (!o) return;
    const char *v = NULL;
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
        size_t n = strlen(o->name);
        if (strncmp(argv[i], o->name, n)) continue;
        if (argv[i][n] == '=') v = argv[i] + n + 1;
        else if (!argv[i][n] && i + 1 < argc && strncmp(argv[i + 1], "--", 2)) v = argv[++i];
    }
    gs_lang lang = gs_cli_lang(s->cmd, v);
    if (o->dst) *(gs_lang *)o->dst = lang;
    gs_cli_set_ui_lang(lang);
}

int cli_parse(const cli_spec *s, int argc, char **argv) {
    int npos = 0, only_pos = 0;
    cli_set_lang(s, argc, argv);
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (!only_pos && gs_cli_is_help(a)) {
            /* a command without --lang (a protocol, the server) keeps its
             * output English for the programs that read it; its help is
             * read by people, so it follows the locale */
            if (!cli_lang_opt(s)) gs_cli_set_ui_lang(gs_cli_lang(s->cmd, NULL));
            cli_help(s);
            exit(0);
        }
        if (!only_pos && !strcmp(a, "--")) { only_pos = 1; continue; }
        if (only_pos || a[0] != '-' || !a[1] || cli_is_number(a)) {
            argv[1 + npos++] = a;   /* positional: moved to the front, order kept */
            continue;
        }
        const char *eq = strchr(a, '=');
        size_t n = eq ? (size_t)(eq - a) : strlen(a);
        const cli_opt *o = cli_find(s, a, n);
        if (!o)
            gs_cli_die(s->cmd, CLI_TR("unknown option '%.*s' (try 'gridstone %s --help')", "알 수 없는 옵션입니다: '%.*s' ('gridstone %s --help'를 보세요)"),
                       (int)n, a, s->cmd);
        if (o->type == CLI_FLAG) {
            if (eq) gs_cli_die(s->cmd, CLI_TR("%s takes no value", "%s에는 값을 주지 않습니다"), o->name);
            cli_set(s, o, NULL);
            continue;
        }
        const char *v;
        if (eq) v = eq + 1;
        else {
            /* the next argument, unless there is none or it is another option */
            const char *nx = i + 1 < argc ? argv[i + 1] : NULL;
            if (!nx || (nx[0] == '-' && nx[1] == '-' && nx[2]))
                gs_cli_die(s->cmd, CLI_TR("%s needs a value (%s)", "%s에는 값이 있어야 합니다 (%s)"), o->name, o->arg);
            v = nx;
            i++;
        }
        cli_set(s, o, v);
    }
    if (npos < s->min_pos || (s->max_pos >= 0 && npos > s->max_pos)) {
        if (s->max_pos >= 0 && npos > s->max_pos)
            gs_cli_die(s->cmd, CLI_TR("unexpected argument '%s' (usage: gridstone %s %s)", "필요 없는 인자입니다: '%s' (사용법: gridstone %s %s)"),
                       argv[1 + s->max_pos], s->cmd, s->args);
        gs_cli_die(s->cmd, CLI_TR("usage: gridstone %s %s (try 'gridstone %s --help')", "사용법: gridstone %s %s ('gridstone %s --help'를 보세요)"),
                   s->cmd, s->args, s->cmd);
    }
    return npos;
}
