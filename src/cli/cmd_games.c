/* gridstone games [NAME]: the games, their spec keys, levels and solvers,
 * all read from the registry and the AI table. */
#include <string.h>
#include "cli.h"

static int json;

/* The spec keys of a game or alias as JSON: name, type, default, the
 * values it takes (text), range or choices, help, the Korean label. */
static void json_keys(io_jw *w, const char *name) {
    static const char *const types[] = {"int", "number", "bool", "enum", "size"};
    int n = 0;
    const gs_spec_key *keys = gs_game_keys(name, &n);
    io_jw_arr(w, "keys");
    for (int i = 0; keys && i < n; i++) {
        const gs_spec_key *k = &keys[i];
        char buf[256];
        io_jw_obj(w, NULL);
        io_jw_str(w, "name", k->name);
        io_jw_str(w, "type", (unsigned)k->type < 5 ? types[k->type] : "?");
        io_jw_str(w, "default", gs_game_key_default(name, k, buf, sizeof buf));
        io_jw_str(w, "values", gs_spec_key_values(k, buf, sizeof buf));
        if (k->type == GS_KEY_INT || k->type == GS_KEY_NUMBER || k->type == GS_KEY_SIZE) {
            io_jw_num(w, "min", k->lo, 15);
            io_jw_num(w, "max", k->hi, 15);
        }
        if (k->type == GS_KEY_ENUM && k->names) {
            io_jw_arr(w, "choices");
            for (int j = 0; k->names[j]; j++) io_jw_str(w, NULL, k->names[j]);
            io_jw_end(w);
        }
        io_jw_str(w, "help", k->help);
        io_jw_str(w, "label_ko", gs_spec_key_label(k, GS_LANG_KO));
        io_jw_end(w);
    }
    io_jw_end(w);
}

/* One game or alias: its canonical default spec, keys, aliases, levels. */
static void describe(const char *name, const char *alias_of, io_jw *w) {
    gs_game *g;
    gs_error err;
    if (gs_game_new(alias_of ? alias_of : name, &g, &err) != GS_OK) gs_cli_die_err("games", &err);
    const gs_game_ops *ops = g->ops;
    const char *levels[16];
    int nl = gs_ai_levels(g, levels, 16);
    if (nl > 16) nl = 16;
    if (json) {
        io_jw_obj(w, NULL);
        io_jw_str(w, "name", name);
        if (alias_of) io_jw_str(w, "alias_of", alias_of);
        else io_jw_null(w, "alias_of");
        io_jw_str(w, "game", ops->name);
        io_jw_str(w, "summary", ops->summary);
        const char *sum_ko, *ko = gs_registry_text(name, GS_LANG_KO, &sum_ko);
        io_jw_str(w, "name_ko", ko);
        io_jw_str(w, "summary_ko", sum_ko);
        io_jw_str(w, "default_spec", g->spec);
        json_keys(w, name);
        io_jw_arr(w, "aliases");
        for (int i = 0; !alias_of && i < gs_registry_count(); i++) {
            const char *of, *an = gs_registry_name(i, &of, NULL);
            if (of && !strncmp(of, ops->name, strlen(ops->name)) &&
                (of[strlen(ops->name)] == 0 || of[strlen(ops->name)] == ':'))
                io_jw_str(w, NULL, an);
        }
        io_jw_end(w);
        io_jw_arr(w, "levels");
        for (int i = 0; i < nl; i++) io_jw_str(w, NULL, levels[i]);
        io_jw_end(w);
        io_jw_bool(w, "solver", gs_ai_has_solver(g));
        io_jw_end(w);
        gs_cli_json_line(w);
    } else {
        const char *summary, *own = gs_registry_text(name, gs_cli_ui_lang(), &summary);
        printf("%s", name);
        if (own && strcmp(own, name)) printf(" (%s)", own);   /* the Korean name */
        if (alias_of) printf(" = %s", alias_of);
        printf(": %s\n", summary ? summary : "");
        printf(CLI_TR("  spec:   %s\n", "  규칙 문자열: %s\n"), g->spec);
        char help[4096];
        gs_game_keys_help_lang(name, gs_cli_ui_lang(), help, sizeof help);
        printf(CLI_TR("  keys (SPEC = %s:key=value,...):\n%s%s", "  키 (SPEC = %s:키=값,...):\n%s%s"), ops->name, help,
               help[0] && help[strlen(help) - 1] != '\n' ? "\n" : "");
        if (!alias_of) {
            int first = 1;
            for (int i = 0; i < gs_registry_count(); i++) {
                const char *of, *an = gs_registry_name(i, &of, NULL);
                size_t k = strlen(ops->name);
                if (of && !strncmp(of, ops->name, k) && (of[k] == 0 || of[k] == ':')) {
                    printf("%s%s (%s)", first ? CLI_TR("  aliases: ", "  별칭: ") : ", ", an, of);
                    first = 0;
                }
            }
            if (!first) printf("\n");
        }
        printf("%s", CLI_TR("  levels: ", "  AI 수준: "));
        for (int i = 0; i < nl; i++) printf("%s%s", i ? ", " : "", levels[i]);
        printf(CLI_TR("%s\n  solver: %s\n", "%s\n  해법 탐색기: %s\n"), nl ? "" : CLI_TR("(none)", "(없음)"),
               gs_ai_has_solver(g) ? CLI_TR("yes (gridstone solve)", "있음 (gridstone solve)") : CLI_TR("no", "없음"));
    }
    gs_game_free(g);
}

static void unknown_game(const char *name) {
    gs_cli_die("games", CLI_TR("unknown game '%s' (try 'gridstone games')", "알 수 없는 게임입니다: '%s' ('gridstone games'를 보세요)"), name);
}

static const cli_opt opts[] = {
    CLI_OPT_JSON(&json),
    CLI_OPT_LANG(NULL),
    CLI_END};
static const cli_spec spec = {
    "games", "[NAME]", 0, 1, opts,
    "Lists the games and their aliases; with NAME (a game or an alias, any case; a\n"
    "spec names its game) only that one: its default spec in canonical form, its\n"
    "spec keys (SPEC = name:key=value,...), its AI levels and whether 'gridstone\n"
    "solve' can solve it.  --json: one line per game, with the Korean names and\n"
    "summaries beside the English whatever --lang says.",
    "게임과 그 별칭을 나열합니다. NAME(게임이나 별칭, 대소문자 무관; 규칙\n"
    "문자열이면 그 게임)을 주면 그 게임만: 정규형 기본 규칙 문자열, 규칙 키\n"
    "(SPEC = 이름:키=값,...), AI 수준, 'gridstone solve'로 풀 수 있는지를\n"
    "보여 줍니다. --json: 게임마다 한 줄이며, --lang과 상관없이 영어 옆에\n"
    "한국어 이름과 설명이 함께 들어갑니다."};
static const cli_spec *get_spec(void) { return &spec; }

static int run(int argc, char **argv) {
    int npos = cli_parse(&spec, argc, argv);
    io_jw w;
    io_jw_init(&w);
    /* NAME as every command reads a game: a spec's name, in any case */
    gs_spec want;
    gs_error err;
    if (npos && gs_spec_parse(argv[1], &want, &err) != GS_OK)
        unknown_game(argv[1]);
    int found = 0;
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias_of, *name = gs_registry_name(i, &alias_of, NULL);
        if (npos && strcmp(name, want.name)) continue;
        if (found++ && !json) printf("\n");
        describe(name, alias_of, &w);
    }
    io_jw_free(&w);
    if (npos && !found) unknown_game(want.name);
    return 0;
}

GS_CLI_COMMAND(games, "games", "the games, their spec keys, AI levels and solvers",
               "게임 목록과 규칙 키, AI 수준, 해법 탐색기", get_spec, run)
