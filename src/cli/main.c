/* gridstone CLI entry point: dispatches to the self-registered commands
 * (commands.c). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static void usage(FILE *f) {
    int ko = gs_cli_ui_lang() == GS_LANG_KO;
    fprintf(f, CLI_TR("gridstone %s - rules, AI and tools for Go, Gomoku/Renju, m,n,k-games and Reversi\n\n"
                      "usage: gridstone COMMAND [ARGS...]   (gridstone COMMAND --help for details)\n\n"
                      "commands:\n",
                      "gridstone %s - 바둑, 오목/렌주, m,n,k 게임, 리버시의 규칙과 AI, 도구\n\n"
                      "사용법: gridstone COMMAND [ARGS...]   (자세한 설명: gridstone COMMAND --help)\n\n"
                      "명령:\n"),
            GS_VERSION);
    for (int i = 0; i < gs_cli_command_count(); i++) {
        const gs_cli_command *c = gs_cli_command_at(i);
        fprintf(f, "  %-10s %s\n", c->name, ko && c->summary_ko ? c->summary_ko : c->summary);
    }
    fprintf(f, "%s", CLI_TR("\ngames (SPEC = name[:key=value,...]; 'gridstone games NAME' lists the keys):\n",
                            "\n게임 (SPEC = 이름[:키=값,...]; 키 목록은 'gridstone games NAME'):\n"));
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias_of, *summary, *name = gs_registry_name(i, &alias_of, NULL);
        gs_registry_text(name, gs_cli_ui_lang(), &summary);
        if (alias_of) fprintf(f, "  %-10s = %s\n", name, alias_of);
        else fprintf(f, "  %-10s %s\n", name, summary ? summary : "");
    }
    fprintf(f, "%s", CLI_TR("\n--lang en|ko before the command: the language of this help and of the command\n"
                            "(as its own --lang); default: the locale (LC_ALL, LC_MESSAGES, LANG).\n",
                            "\n명령 앞의 --lang en|ko: 이 도움말과 명령의 언어(명령의 --lang과 같음).\n"
                            "기본값은 로캘(LC_ALL, LC_MESSAGES, LANG)을 따릅니다.\n"));
}

/* "--lang VALUE" or "--lang=VALUE" at argv[*i]: its value, *i moved past
 * it; NULL (and *i unchanged) for any other argument. */
static const char *lang_arg(int argc, char **argv, int *i) {
    const char *a = argv[*i];
    if (strncmp(a, "--lang", 6) || (a[6] && a[6] != '=')) return NULL;
    if (a[6] == '=') {
        ++*i;
        return a + 7;
    }
    if (*i + 1 >= argc) gs_cli_die("gridstone", CLI_TR("%s needs a value (%s)", "%s에는 값이 있어야 합니다 (%s)"), "--lang", "en|ko");
    *i += 2;
    return argv[*i - 1];
}

int main(int argc, char **argv) {
    const char *base = strrchr(argv[0], '/');
    base = base ? base + 1 : argv[0];
    /* Gomocup managers start engines named pbrain-*: run the protocol. */
    if (!strncmp(base, "pbrain-", 7)) {
        for (int i = 0; i < gs_cli_command_count(); i++)
            if (!strcmp(gs_cli_command_at(i)->name, "gomocup")) return gs_cli_command_at(i)->fn(argc, argv);
        gs_cli_die("gomocup", "this build has no gomocup engine");
    }
    /* The top level's own messages in the locale's language, or in that of
     * a --lang before the command, which then also stands for the locale
     * in the command (the same as its own --lang, which wins). */
    gs_cli_set_ui_lang(gs_cli_lang("gridstone", NULL));
    int a = 1;
    for (const char *v; a < argc && (v = lang_arg(argc, argv, &a));) gs_cli_set_ui_lang(gs_cli_set_default_lang(v));
    if (a >= argc) gs_cli_die("gridstone", "%s", CLI_TR("no command given (try 'gridstone --help')", "명령이 없습니다 ('gridstone --help'를 보세요)"));
    if (gs_cli_is_help(argv[a]) || !strcmp(argv[a], "help")) {
        /* `gridstone --help --lang ko` as well: the help takes no other argument */
        for (int i = a + 1; i < argc;) {
            const char *v = lang_arg(argc, argv, &i);
            if (v) gs_cli_set_ui_lang(gs_cli_set_default_lang(v));
            else i++;
        }
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[a], "--version") || !strcmp(argv[a], "-V") || !strcmp(argv[a], "version")) {
        printf("gridstone %s\n", GS_VERSION);
        return 0;
    }
    for (int i = 0; i < gs_cli_command_count(); i++) {
        const gs_cli_command *c = gs_cli_command_at(i);
        if (strcmp(c->name, argv[a])) continue;
        /* the command sets its own language from its --lang or the default;
         * one without --lang (protocols, the server) speaks English */
        gs_cli_set_ui_lang(GS_LANG_EN);
        return c->fn(argc - a, argv + a);
    }
    gs_cli_die("gridstone", CLI_TR("unknown command '%s' (try 'gridstone --help')", "알 수 없는 명령입니다: '%s' ('gridstone --help'를 보세요)"),
               argv[a]);
}
