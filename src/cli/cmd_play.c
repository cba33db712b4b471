/* gridstone play SPEC: a terminal game between humans and/or AI levels. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"

static void show(const gs_state *s) {
    static char buf[65536];
    gs_render_lang(s, gs_cli_ui_lang(), buf, sizeof buf);
    fputs(buf, stdout);
}

static int is_human(const char *who) { return !strcmp(who, "human"); }

static void list_moves(const gs_state *s) {
    static gs_move mv[GS_MAX_CELLS + 1];
    int n = gs_legal_moves(s, mv);
    printf(CLI_TR("legal moves (%d):", "둘 수 있는 자리 (%d):"), n);
    for (int i = 0; i < n; i++) {
        char b[32];
        printf(" %s", gs_state_format_move(s, mv[i], b, sizeof b));
    }
    printf("\n");
}

/* Write the game to path: JSON for *.json / *.jsonl, else SGF. */
static void save_game(const gs_state *s, const char *path) {
    size_t n = strlen(path);
    int as_json = (n >= 5 && !strcmp(path + n - 5, ".json")) || (n >= 6 && !strcmp(path + n - 6, ".jsonl"));
    char *text = as_json ? gs_state_to_json(s, 1) : gs_state_to_sgf(s);
    if (!text) gs_cli_die("play", CLI_TR("cannot write the game (out of memory)", "대국을 저장할 수 없습니다 (메모리 부족)"));
    FILE *f = fopen(path, "w");
    int ok = f && fputs(text, f) >= 0 && (as_json ? fputc('\n', f) != EOF : 1);
    if (f && fclose(f) != 0) ok = 0;
    free(text);
    if (!ok) gs_cli_die("play", CLI_TR("cannot write '%s'", "'%s'에 쓸 수 없습니다"), path);
    printf(CLI_TR("game saved to %s\n", "대국을 %s에 저장했습니다\n"), path);
}

/* Whether path can be written, checked before the game so that a mistyped
 * path does not cost a finished game (save_game still checks the write). */
static int can_write(const char *path) {
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            errno = EISDIR;
            return 0;
        }
        return access(path, W_OK) == 0;
    }
    if (errno != ENOENT) return 0;
    const char *slash = strrchr(path, '/');
    char dir[4096];
    int n = !slash ? snprintf(dir, sizeof dir, ".")
                   : snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    if (n < 0 || (size_t)n >= sizeof dir) {
        errno = ENAMETOOLONG;
        return 0;
    }
    return access(dir, W_OK | X_OK) == 0;
}

static const char *black, *white, *save;
static uint64_t seed = 1;
static double tlimit;
static long threads = 1;
static const cli_opt opts[] = {
    {"--black", "PLAYER", CLI_STR, 0, 0, &black, "human or an AI level (default human)",
     "human 또는 AI 수준 (기본값 human)"},
    {"--white", "PLAYER", CLI_STR, 0, 0, &white, "human or an AI level (default the game's strongest level)",
     "human 또는 AI 수준 (기본값: 그 게임에서 가장 강한 수준)"},
    {"--seed", "N", CLI_U64, 0, 9.2e18, &seed, "random seed of the AI players (default 1)",
     "AI 대국자의 난수 시드 (기본값 1)"},
    {"--time", "SECONDS", CLI_NUM, 0, 3600, &tlimit, "at most SECONDS a move for the AI (fractions allowed)",
     "AI가 한 수에 쓸 최대 SECONDS초 (소수도 됩니다)"},
    {"--threads", "N", CLI_INT, 1, 64, &threads, "threads an AI's search may use (default 1; players that search in parallel use them)",
     "AI 탐색이 쓸 수 있는 스레드 수 (기본값 1; 병렬로 탐색하는 대국자만 씁니다)"},
    CLI_OPT_LANG(NULL),
    {"--save", "FILE", CLI_STR, 0, 0, &save, "write the game to FILE when it ends (SGF; JSON for *.json)",
     "대국이 끝나면 FILE에 저장합니다 (SGF; *.json이면 JSON)"},
    CLI_END};
static const cli_spec spec = {
    "play", "SPEC", 1, 1, opts,
    "Plays a game in the terminal.  Type moves in the game's notation (shown on the\n"
    "board's edges) or as x,y from the top-left; also: pass, resign, undo (takes back\n"
    "your last move and the AI's answer), moves (list legal moves), help, quit.\n"
    "Levels depend on the game (random, beginner, ..., perfect/strong); Reversi's\n"
    "medium and strong take options, e.g. strong:exact=20,depth=12 (the exact solver\n"
    "from 20 empty squares on, at most 12 plies deep before that; eval=hand for the\n"
    "hand-tuned evaluation instead of the trained one).  --save FILE keeps the game\n"
    "(also after quit), e.g. for 'gridstone show FILE'.",
    "터미널에서 대국합니다. 수는 게임의 표기(판 가장자리의 좌표)나 왼쪽 위에서\n"
    "센 x,y로 입력합니다. 그 밖의 명령: pass(패스), resign(기권), undo(내 마지막\n"
    "수와 AI의 응수를 무릅니다), moves(둘 수 있는 자리), help, quit.\n"
    "AI 수준은 게임마다 다릅니다(random, beginner, ..., perfect/strong). 리버시의\n"
    "medium과 strong은 옵션을 받습니다. 예: strong:exact=20,depth=12 (빈칸이 20개\n"
    "남은 때부터 끝까지 읽고, 그 전에는 최대 12수 깊이까지; eval=hand는 학습한\n"
    "평가 대신 손으로 맞춘 평가). --save FILE은 대국을 저장합니다(quit 뒤에도).\n"
    "예를 들어 'gridstone show FILE'로 다시 봅니다."};
static const cli_spec *get_spec(void) { return &spec; }

static int run(int argc, char **argv) {
    const char *who[3] = {NULL, "human", NULL};
    cli_parse(&spec, argc, argv);
    gs_lang lang = gs_cli_ui_lang();
    const char *spec_text = argv[1];
    if (black) who[GS_BLACK] = black;
    if (white) who[GS_WHITE] = white;
    if (save && !can_write(save))
        gs_cli_die("play", CLI_TR("cannot write '%s': %s", "'%s'에 쓸 수 없습니다: %s"), save, gs_cli_errno_text(errno));
    gs_game *g;
    gs_error err;
    if (gs_game_new(spec_text, &g, &err) != GS_OK) gs_cli_die_err("play", &err);
    const char *levels[16];
    int nl = gs_ai_levels(g, levels, 16);
    if (!who[GS_WHITE]) who[GS_WHITE] = nl ? levels[nl < 16 ? nl - 1 : 15] : "human";
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        if (is_human(who[c])) continue;
        if (gs_ai_check_level(g, who[c], &err) != GS_OK) {
            gs_game_free(g);
            if (lang == GS_LANG_KO)
                gs_cli_die("play", "%s의 대국자 '%s': %s (human이나 AI 수준을 쓰세요)", spec_text, who[c],
                           gs_error_message(&err, lang));
            gs_cli_die("play", "player '%s' for %s: %s (human or an AI level)", who[c], spec_text, err.msg);
        }
    }
    gs_state *s = gs_state_new(g);
    if (!s) gs_cli_die_nomem("play");
    printf(CLI_TR("%s: X (black) = %s, O (white) = %s.  Type 'help' for commands.\n",
                  "%s: X (흑) = %s, O (백) = %s.  'help'를 입력하면 명령 목록이 나옵니다.\n"),
           g->spec, who[GS_BLACK], who[GS_WHITE]);
    char line[256];
    int quit = 0, too_long;
    while (!quit) {
        show(s);
        if (gs_is_over(s)) break;
        const char *p = who[s->to_move];
        if (!is_human(p)) {
            gs_ai_opts o = {0};
            o.seed = seed + (uint64_t)s->nhist;
            o.time_limit = tlimit;
            o.threads = (int)threads;
            gs_move m;
            if (gs_ai_move(s, p, &o, &m, &err) != GS_OK) {
                fprintf(stderr, CLI_TR("gridstone play: AI failed: %s\n", "gridstone play: AI가 수를 두지 못했습니다: %s\n"),
                        gs_error_message(&err, lang));
                break;
            }
            char b[32];
            printf(CLI_TR("%s (%s) plays %s\n", "%s (%s) 착수: %s\n"), s->to_move == GS_BLACK ? "X" : "O", p,
                   gs_state_format_move(s, m, b, sizeof b));
            gs_play(s, m);
            continue;
        }
        printf("%s> ", s->to_move == GS_BLACK ? "X" : "O");
        fflush(stdout);
        if (gs_cli_read_line(stdin, line, sizeof line, &too_long) < 0) { printf("\n"); break; }
        if (too_long) {
            printf("%s\n", CLI_TR("that line is too long (a move is a few characters)",
                                  "입력이 너무 깁니다 (수는 몇 글자면 됩니다)"));
            continue;
        }
        char *t = line;
        while (isspace((unsigned char)*t)) t++;
        for (char *e = t + strlen(t); e > t && isspace((unsigned char)e[-1]);) *--e = 0;
        if (!*t) continue;
        if (!strcmp(t, "quit") || !strcmp(t, "exit")) { quit = 1; break; }
        if (!strcmp(t, "help")) {
            puts(CLI_TR("Type moves in the game's notation (shown on the board's edges) or as x,y from the\n"
                        "top-left; also: pass, resign, undo (takes back your last move and the AI's answer),\n"
                        "moves (list legal moves), help (this text), quit.",
                        "수는 게임의 표기(판 가장자리의 좌표)나 왼쪽 위에서 센 x,y로 입력합니다.\n"
                        "그 밖의 명령: pass(패스), resign(기권), undo(내 마지막 수와 AI의 응수를 무릅니다),\n"
                        "moves(둘 수 있는 자리), help(이 도움말), quit(끝내기)."));
            continue;
        }
        if (!strcmp(t, "moves")) { list_moves(s); continue; }
        if (!strcmp(t, "undo")) {
            /* take back moves until it is a human's turn again, at least one */
            if (gs_undo(s) != GS_OK) { printf("%s\n", gs_strerror(GS_ERR_NO_UNDO, lang)); continue; }
            while (!is_human(who[s->to_move]) && s->nhist > 0) gs_undo(s);
            continue;
        }
        gs_move m;
        gs_status st = gs_state_parse_move(s, t, &m);
        if (st == GS_OK) st = gs_play(s, m);
        if (st == GS_ERR_PARSE)
            printf("%s: '%s' (%s)\n", CLI_TR("not a move", "수를 읽을 수 없습니다"), t,
                   CLI_TR("type a point as on the board's edges, or x,y", "판 가장자리에 적힌 좌표나 x,y로 입력하세요"));
        else if (st != GS_OK)
            printf(CLI_TR("illegal: %s [%s]\n", "둘 수 없습니다: %s [%s]\n"), gs_strerror(st, lang),
                   gs_reason_code(st));
    }
    gs_result r;
    gs_result_get(s, &r);
    if (r.over) {
        char rs[32];
        printf(CLI_TR("result: %s\n", "결과: %s\n"), gs_result_string(&r, rs, sizeof rs));
    }
    if (save) save_game(s, save);
    gs_state_free(s);
    gs_game_free(g);
    return 0;
}

GS_CLI_COMMAND(play, "play", "play a game in the terminal (humans and AI levels)",
               "터미널에서 대국 (사람과 AI 수준)", get_spec, run)
