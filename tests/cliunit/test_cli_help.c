/* Every --help text of the CLI exists in English and Korean: walks the
 * registered commands (src/cli/commands.c) and each one's option table.
 * A summary, an about text or an option's help without its Korean fails,
 * as does a Korean text that drops an option name the English gives
 * (option names, value names and examples are not translated) or a line
 * wider than the English's (or the terminal's 80 columns, less the help's
 * indent), Hangul counted two columns as terminals draw them. */
#include <stdio.h>
#include <string.h>
#include "test.h"
#include "cli/cli.h"

/* Terminal columns of one line of UTF-8 up to its end or '\n': Hangul
 * and the other East Asian wide characters (the Korean texts' only ones)
 * take two. */
static int line_width(const char *s) {
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p && *p != '\n'; p++) {
        if ((*p & 0xC0) == 0x80) continue;   /* a continuation byte */
        if (*p < 0x80) { w++; continue; }
        unsigned cp = (*p & 0xF0) == 0xE0 ? (unsigned)(*p & 0x0F) << 12 | (unsigned)(p[1] & 0x3F) << 6 | (p[2] & 0x3F) : 0;
        w += (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
                     (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFF60)
                 ? 2 : 1;
    }
    return w;
}

static int widest_line(const char *s) {
    int w = 0;
    for (const char *p = s; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if (line_width(p) > w) w = line_width(p);
    return w;
}

/* One English/Korean pair; what names it in a failure, budget the columns
 * the text has where it is printed. */
static void check_help(const char *what, const char *en, const char *ko, int budget) {
    CHECKF(en && *en, "%s: no English", what);
    CHECKF(ko && tl_has_hangul(ko), "%s: no Korean (%s)", what, ko ? ko : "NULL");
    if (!en || !ko) return;
    CHECKF(strcmp(en, ko), "%s: the Korean is the English", what);
    /* every option the English names ("--save FILE keeps ...") the Korean names too */
    for (const char *p = strstr(en, "--"); p; p = strstr(p + 2, "--")) {
        char name[32];
        size_t n = 2;
        while (n < sizeof name - 1 && (p[n] == '-' || (p[n] >= 'a' && p[n] <= 'z'))) n++;
        if (n == 2) continue;
        memcpy(name, p, n);
        name[n] = 0;
        CHECKF(strstr(ko, name), "%s: the English names %s, the Korean does not", what, name);
    }
    int limit = widest_line(en) > budget ? widest_line(en) : budget;
    for (const char *p = ko; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        CHECKF(line_width(p) <= limit, "%s: a Korean line %d columns wide (at most %d): %.*s", what, line_width(p), limit,
               (int)strcspn(p, "\n"), p);
}

TEST(cli_help_width_counts_hangul_twice) {
    CHECK_EQ_INT(line_width("abc"), 3);
    CHECK_EQ_INT(line_width("흑 승\nxxxxxxxx"), 5);
    CHECK_EQ_INT(widest_line("흑 승\nxxxxxxxx"), 8);
}

TEST(cli_help_every_command_in_korean) {
    int n = gs_cli_command_count(), play = 0;
    REQUIRE(n >= 12);   /* every cmd_*.c linked in: a lost one would pass unseen */
    for (int i = 0; i < n; i++) {
        const gs_cli_command *c = gs_cli_command_at(i);
        char what[128];
        REQUIRE(c && c->name && c->spec && c->fn);
        play += !strcmp(c->name, "play");
        if (i) CHECKF(strcmp(gs_cli_command_at(i - 1)->name, c->name) < 0, "commands out of order at %s", c->name);
        snprintf(what, sizeof what, "%s: summary", c->name);
        check_help(what, c->summary, c->summary_ko, 80 - 13);   /* "  %-10s " before it */
        const cli_spec *s = c->spec();
        REQUIREF(s && s->cmd && !strcmp(s->cmd, c->name), "%s: its table names another command", c->name);
        REQUIREF(s == c->spec(), "%s: a second call gave another table", c->name);
        snprintf(what, sizeof what, "%s: about", c->name);
        check_help(what, s->about, s->about_ko, 80);
        for (const cli_opt *o = s->opts; o && o->name; o++) {
            snprintf(what, sizeof what, "%s %s: help", c->name, o->name);
            check_help(what, o->help, o->help_ko, 80 - 20);   /* "  %-18s" before it */
        }
    }
    CHECK(play == 1);
}
