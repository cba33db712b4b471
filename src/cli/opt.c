/* The one option parser of the CLI: every command declares its options
 * in a cli_opt table; usage, --help and the error messages come from it. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

void cli_usage(const cli_spec *s, FILE *f) {
    fprintf(f, "usage: gridstone %s", s->cmd);
    if (s->args && *s->args) fprintf(f, " %s", s->args);
    for (const cli_opt *o = s->opts; o && o->name; o++) {
        if (o->arg) fprintf(f, " [%s %s]", o->name, o->arg);
        else fprintf(f, " [%s]", o->name);
    }
    fputc('\n', f);
}

static void cli_help(const cli_spec *s) {
    cli_usage(s, stdout);
    if (s->about && *s->about) printf("\n%s\n", s->about);
    if (s->opts && s->opts->name) {
        printf("\noptions:\n");
        for (const cli_opt *o = s->opts; o->name; o++) {
            char left[64];
            snprintf(left, sizeof left, "%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
            printf("  %-18s", left);
            if (strlen(left) >= 18) printf("\n  %-18s", "");   /* no room for a space */
            /* continuation lines of the help text are indented under it */
            for (const char *p = o->help; *p; p++) {
                putchar(*p);
                if (*p == '\n') printf("  %-18s", "");
            }
            putchar('\n');
        }
        printf("  %-18s%s\n", "--help", "this text");
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
        gs_cli_die(s->cmd, "bad value for %s: '%s' (expected a number %g..%g)", o->name, v, o->lo, o->hi);
    gs_cli_die(s->cmd, "bad value for %s: '%s' (expected a whole number %.0f..%.0f)", o->name, v, o->lo, o->hi);
}

static void cli_set(const cli_spec *s, const cli_opt *o, const char *v) {
    char *end;
    switch (o->type) {
    case CLI_FLAG: *(int *)o->dst = 1; return;
    case CLI_STR: *(const char **)o->dst = v; return;
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

int cli_parse(const cli_spec *s, int argc, char **argv) {
    int npos = 0, only_pos = 0;
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (!only_pos && gs_cli_is_help(a)) {
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
        if (!o) gs_cli_die(s->cmd, "unknown option '%.*s' (try 'gridstone %s --help')", (int)n, a, s->cmd);
        if (o->type == CLI_FLAG) {
            if (eq) gs_cli_die(s->cmd, "%s takes no value", o->name);
            cli_set(s, o, NULL);
            continue;
        }
        const char *v;
        if (eq) v = eq + 1;
        else {
            /* the next argument, unless there is none or it is another option */
            const char *nx = i + 1 < argc ? argv[i + 1] : NULL;
            if (!nx || (nx[0] == '-' && nx[1] == '-' && nx[2]))
                gs_cli_die(s->cmd, "%s needs a value (%s)", o->name, o->arg);
            v = nx;
            i++;
        }
        cli_set(s, o, v);
    }
    if (npos < s->min_pos || (s->max_pos >= 0 && npos > s->max_pos)) {
        if (s->max_pos >= 0 && npos > s->max_pos)
            gs_cli_die(s->cmd, "unexpected argument '%s' (usage: gridstone %s %s)", argv[1 + s->max_pos], s->cmd,
                       s->args);
        gs_cli_die(s->cmd, "usage: gridstone %s %s (try 'gridstone %s --help')", s->cmd, s->args, s->cmd);
    }
    return npos;
}
