/* gridstone score FILE...: count finished Go games (area or territory,
 * dead stones given or estimated, seki), printing the result as SGF writes
 * it.  A game that is not over, or ended by resignation, is counted as it
 * stands, and the output says so. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gridstone/go.h"

#define CMD "score"

static const char *rules_name, *dead_text;
static double komi = NAN;
static int json, preset = -1;

static void json_side(io_jw *w, const char *name, const gs_go_score *sc, int c, double total) {
    io_jw_obj(w, name);
    io_jw_int(w, "territory", sc->territory[c]);
    io_jw_int(w, "stones", sc->stones[c]);
    io_jw_int(w, "prisoners", sc->prisoners[c]);
    io_jw_int(w, "dead", sc->dead[c]);
    io_jw_num(w, "total", total, 15);
    io_jw_end(w);
}

static const char *source_name(gs_go_dead_source d) {
    return d == GS_GO_DEAD_GIVEN ? "given" : d == GS_GO_DEAD_ESTIMATE ? "engine estimate" : "none";
}

/* Why the count is of a position that did not end by two passes, or "". */
static void status_note(const gs_state *s, char *note, size_t len) {
    gs_result r;
    gs_result_get(s, &r);
    note[0] = 0;
    if (r.over && r.how == GS_END_RESIGN) {
        char rs[32];
        snprintf(note, len,
                 CLI_TR("the game ended by resignation (%s); the position is counted as it stands",
                        "기권으로 끝난 대국입니다 (%s): 지금의 판 모양대로 셉니다"),
                 gs_result_string(&r, rs, sizeof rs));
    } else if (!r.over)
        snprintf(note, len, "%s",
                 CLI_TR("the game is not over; the position is counted as it stands",
                        "끝나지 않은 대국입니다: 지금의 판 모양대로 셉니다"));
}

static void one(const char *file, int index, int count, const gs_loaded *l, void *ud) {
    static int dead[GS_MAX_CELLS];
    static gs_go_score sc;
    const gs_state *s = l->state;
    (void)ud; (void)count;
    if (!gs_go_is_go(l->game))
        gs_cli_die(CMD, CLI_TR("%s: position %d is not a Go game (%s)", "%s: %d번째 국면은 바둑이 아닙니다 (%s)"), file, index,
                   s->game->spec);
    gs_go_rules r;
    gs_go_get_rules(s->game, &r);
    if (preset >= 0) {
        double keep = r.komi;
        gs_go_preset_rules((gs_go_preset)preset, &r);
        r.komi = keep;
    }
    if (!isnan(komi)) r.komi = komi;
    int nd = -1;
    if (dead_text) {
        char buf[4096];
        snprintf(buf, sizeof buf, "%s", dead_text);
        nd = 0;
        /* "none": an empty list, the stones counted as they stand */
        for (char *t = strcmp(dead_text, "none") ? strtok(buf, " ,") : NULL; t; t = strtok(NULL, " ,")) {
            gs_move m;
            gs_status st = gs_state_parse_move(s, t, &m);
            if (st == GS_ERR_OUT_OF_BOUNDS)
                gs_cli_die(CMD, CLI_TR("dead stone '%s' is off the %dx%d board", "사석 '%s'이(가) %dx%d 판 밖에 있습니다"), t,
                           s->game->geom.w, s->game->geom.h);
            if (st != GS_OK || m < 0)
                gs_cli_die(CMD, CLI_TR("bad dead stone '%s' (a point such as D4)", "사석 '%s'을(를) 읽을 수 없습니다 (D4 같은 자리를 쓰세요)"), t);
            if (nd < GS_MAX_CELLS) dead[nd++] = m;
        }
    }
    gs_error err;
    if (gs_go_score_state(s, &r, nd >= 0 ? dead : NULL, nd, &sc, &err) != GS_OK) gs_cli_die_err(CMD, &err);
    char res[32], note[256];
    gs_go_score_string(&sc, res, sizeof res);
    status_note(s, note, sizeof note);
    if (!json) {
        printf("%s\n", res);
        if (sc.dead_source == GS_GO_DEAD_ESTIMATE) {
            printf("%s", CLI_TR("dead stones (engine estimate):", "사석 (엔진 추정):"));
            for (int k = 0; k < s->game->geom.n; k++)
                if (sc.dead_mask[k]) {
                    char pt[16];
                    printf(" %s", gs_state_format_move(s, k, pt, sizeof pt));
                }
            printf("%s\n", sc.dead[GS_BLACK] + sc.dead[GS_WHITE] ? "" : CLI_TR(" none", " 없음"));
        }
        if (note[0]) printf(CLI_TR("note: %s\n", "참고: %s\n"), note);
        return;
    }
    io_jw w;
    io_jw_init(&w);
    io_jw_obj(&w, NULL);
    gs_cli_json_head(&w, s, file, index);
    io_jw_str(&w, "result", res);
    io_jw_str(&w, "rules", gs_go_preset_name(r.preset));
    io_jw_str(&w, "scoring", r.scoring == GS_GO_AREA ? "area" : "territory");
    io_jw_num(&w, "komi", r.komi, 15);
    io_jw_str(&w, "dead_source", source_name(sc.dead_source));
    json_side(&w, "black", &sc, GS_BLACK, sc.black);
    json_side(&w, "white", &sc, GS_WHITE, sc.white);
    io_jw_int(&w, "neutral", sc.neutral);
    io_jw_int(&w, "seki_points", sc.seki_points);
    io_jw_int(&w, "seki_stones", sc.seki_stones);
    io_jw_arr(&w, "dead_stones");
    for (int k = 0; k < s->game->geom.n; k++)
        if (sc.dead_mask[k]) gs_cli_json_point(&w, NULL, s, k);
    io_jw_end(&w);
    io_jw_str(&w, "file_result", l->result);
    gs_result gr;
    gs_result_get(s, &gr);
    io_jw_bool(&w, "over", gr.over);
    if (note[0]) io_jw_str(&w, "note", note);
    else io_jw_null(&w, "note");
    io_jw_end(&w);
    gs_cli_json_line(&w);
    io_jw_free(&w);
}

static cli_opt opts[] = {
    {"--rules", "R", CLI_STR, 0, 0, &rules_name, NULL, NULL},   /* the presets' names: get_spec */
    {"--komi", "K", CLI_NUM, -1000, 1000, &komi, "komi, a whole or half number (default: the file's)",
     "덤, 정수나 0.5 단위의 수 (기본값: 파일의 덤)"},
    {"--dead", "P", CLI_STR, 0, 0, &dead_text,
     "dead stones, e.g. \"D4 E5\" (each marks its whole chain), or \"none\"\n"
     "to count the stones as they stand; without it the engine estimates\n"
     "them (random playouts; a second line lists them), as the result\n"
     "of replay, show and stats does",
     "사석. 예: \"D4 E5\"(돌 하나가 이어진 돌 전체를 가리킵니다), 또는\n"
     "놓인 그대로 세려면 \"none\". 주지 않으면 엔진이 사석을 추정하고\n"
     "(무작위 플레이아웃; 둘째 줄에 나열합니다), replay, show, stats의\n"
     "결과도 이렇게 셉니다"},
    {"--json", NULL, CLI_FLAG, 0, 0, &json, "one line per game with the counts behind the result",
     "대국마다 한 줄, 결과의 근거가 된 집과 돌의 수도 함께"},
    CLI_OPT_LANG(NULL), CLI_END};
static const cli_spec spec = {
    "score", "FILE...", 1, -1, opts,
    "Counts the final position of each Go game in the files (SGF or JSON; '-' =\n"
    "stdin) and prints the result as SGF writes it: B+3.5, W+0.5, 0 (jigo).  A game\n"
    "that is not over, or ended by resignation, is counted as it stands and a line\n"
    "\"note: ...\" says so (--json: \"over\" and \"note\", the note in --lang's\n"
    "language).",
    "파일(SGF나 JSON; '-' = 표준 입력)의 바둑 대국마다 마지막 국면을 계가하고\n"
    "결과를 SGF 표기로 출력합니다: B+3.5, W+0.5, 0(무승부). 끝나지 않았거나\n"
    "기권으로 끝난 대국은 지금 판 모양대로 세고 \"참고: ...\" 줄로 알려 줍니다\n"
    "(--json: \"over\"와 \"note\", note는 --lang의 언어)."};

static const cli_spec *get_spec(void) {
    static gs_cli_help_buf rules_help;
    gs_cli_presets_help(&opts[0], &rules_help, "count with rule preset R (%s;\neach with its own scoring); default: the file's rules",
                        "규칙 R로 계가합니다 (%s;\n계가 방식은 규칙을 따릅니다). 기본값: 파일의 규칙");
    return &spec;
}

static int run(int argc, char **argv) {
    int nfiles = cli_parse(get_spec(), argc, argv);
    char presets[256];
    if (rules_name && (preset = gs_go_preset_from_name(rules_name)) < 0)
        gs_cli_die(CMD, CLI_TR("unknown rules '%s' (%s)", "알 수 없는 규칙입니다: '%s' (%s)"), rules_name,
                   gs_cli_go_presets(presets, sizeof presets));
    if (!isnan(komi) && komi * 2 != floor(komi * 2))
        gs_cli_die(CMD, CLI_TR("bad komi '%g' (a whole or half number)", "덤 '%g'이(가) 잘못되었습니다 (정수나 0.5 단위의 수여야 합니다)"), komi);
    gs_cli_each_position(CMD, argv + 1, nfiles, NULL, 0, one, NULL);
    return 0;
}

GS_CLI_COMMAND(score, CMD, "count a finished Go game (area/territory, dead stones, seki)",
               "끝난 바둑 대국의 계가 (영역/집, 사석, 빅)", get_spec, run)
