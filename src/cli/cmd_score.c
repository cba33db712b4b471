/* gridstone score FILE: count finished Go games (area or territory, dead
 * stones given or estimated, seki), printing the result as SGF writes it. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gridstone/go.h"

#define CMD "score"

static void usage(void) {
    printf("usage: gridstone score FILE [--rules R] [--komi K] [--dead \"GTP points\"] [--json]\n\n"
           "Counts the final position of each Go game in FILE (SGF or JSON; '-' = stdin) and\n"
           "prints the result as SGF writes it: B+3.5, W+0.5, 0 (jigo).\n"
           "  --rules R   count with preset R (tromp-taylor, chinese, aga, new-zealand: area;\n"
           "              japanese, korean: territory); default: the file's rules\n"
           "  --komi K    komi (default: the file's)\n"
           "  --dead P    dead stones, e.g. \"D4 E5\" (each marks its whole chain); without it\n"
           "              area rules count the stones as they stand and territory rules use\n"
           "              the engine's estimate (random playouts; a second line says so)\n"
           "  --json      the counts behind the result\n");
}

static void json_side(FILE *f, const char *name, const gs_go_score *sc, int c, double total) {
    fprintf(f, "\"%s\":{\"territory\":%d,\"stones\":%d,\"prisoners\":%d,\"dead\":%d,\"total\":%g}", name,
            sc->territory[c], sc->stones[c], sc->prisoners[c], sc->dead[c], total);
}

static const char *source_name(gs_go_dead_source d) {
    return d == GS_GO_DEAD_GIVEN ? "given" : d == GS_GO_DEAD_ESTIMATE ? "engine estimate" : "none";
}

static int run(int argc, char **argv) {
    const char *file = NULL, *rules_name = NULL, *komi_text = NULL, *dead_text = NULL;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (gs_cli_is_help(a)) { usage(); return 0; }
        else if (!strcmp(a, "--rules") || !strcmp(a, "--komi") || !strcmp(a, "--dead")) {
            if (i + 1 >= argc) gs_cli_die(CMD, "%s needs a value", a);
            const char **dst = a[2] == 'r' ? &rules_name : a[2] == 'k' ? &komi_text : &dead_text;
            *dst = argv[++i];
        } else if (!strcmp(a, "--json")) json = 1;
        else if (a[0] == '-' && a[1]) gs_cli_die(CMD, "unknown option '%s'", a);
        else if (!file) file = a;
        else gs_cli_die(CMD, "unexpected argument '%s'", a);
    }
    if (!file) gs_cli_die(CMD, "usage: gridstone score FILE [--rules R] [--komi K] [--dead \"GTP points\"] [--json]");
    int preset = -1;
    if (rules_name && (preset = gs_go_preset_from_name(rules_name)) < 0)
        gs_cli_die(CMD, "unknown rules '%s' (tromp-taylor, chinese, japanese, korean, aga, new-zealand)", rules_name);
    double komi = 0;
    if (komi_text) {
        char *end;
        komi = strtod(komi_text, &end);
        if (*end || end == komi_text || komi * 2 != (double)(long)(komi * 2) || komi > 1000 || komi < -1000)
            gs_cli_die(CMD, "bad komi '%s' (a whole or half number)", komi_text);
    }
    int n;
    gs_loaded *l = gs_cli_load(CMD, file, NULL, 0, &n);
    static int dead[GS_MAX_CELLS];
    for (int i = 0; i < n; i++)
        if (!gs_go_is_go(l[i].game)) {
            gs_loaded_free(l, n);
            gs_cli_die(CMD, "%s: not a Go game", file);
        }
    if (json) printf("[");
    for (int i = 0; i < n; i++) {
        const gs_state *s = l[i].state;
        gs_go_rules r;
        gs_go_get_rules(s->game, &r);
        if (preset >= 0) {
            double keep = r.komi;
            gs_go_preset_rules((gs_go_preset)preset, &r);
            r.komi = keep;
        }
        if (komi_text) r.komi = komi;
        int nd = -1;
        if (dead_text) {
            char buf[4096];
            snprintf(buf, sizeof buf, "%s", dead_text);
            nd = 0;
            for (char *t = strtok(buf, " ,"); t; t = strtok(NULL, " ,")) {
                gs_move m;
                if (gs_state_parse_move(s, t, &m) != GS_OK || m < 0) gs_cli_die(CMD, "bad dead stone '%s'", t);
                if (nd < GS_MAX_CELLS) dead[nd++] = m;
            }
        }
        static gs_go_score sc;
        gs_error err;
        if (gs_go_score_state(s, &r, nd >= 0 ? dead : NULL, nd, &sc, &err) != GS_OK) {
            gs_loaded_free(l, n);
            gs_cli_die_err(CMD, &err);
        }
        char res[32];
        gs_go_score_string(&sc, res, sizeof res);
        if (!json) {
            printf("%s\n", res);
            if (sc.dead_source == GS_GO_DEAD_ESTIMATE) {
                printf("dead stones (engine estimate):");
                for (int k = 0; k < s->game->geom.n; k++)
                    if (sc.dead_mask[k]) {
                        char pt[16];
                        printf(" %s", gs_state_format_move(s, k, pt, sizeof pt));
                    }
                printf("%s\n", sc.dead[GS_BLACK] + sc.dead[GS_WHITE] ? "" : " none");
            }
            continue;
        }
        printf("%s{\"result\":", i ? "," : "");
        gs_cli_json_str(stdout, res);
        printf(",\"rules\":\"%s\",\"scoring\":\"%s\",\"komi\":%g,\"dead_source\":\"%s\",",
               gs_go_preset_name(r.preset), r.scoring == GS_GO_AREA ? "area" : "territory", r.komi,
               source_name(sc.dead_source));
        json_side(stdout, "black", &sc, GS_BLACK, sc.black);
        printf(",");
        json_side(stdout, "white", &sc, GS_WHITE, sc.white);
        printf(",\"neutral\":%d,\"seki_points\":%d,\"seki_stones\":%d,\"dead_stones\":[", sc.neutral,
               sc.seki_points, sc.seki_stones);
        int first = 1;
        for (int k = 0; k < s->game->geom.n; k++)
            if (sc.dead_mask[k]) {
                printf("%s{", first ? "" : ",");
                gs_cli_json_point(stdout, s, k);
                printf("}");
                first = 0;
            }
        printf("],\"file_result\":");
        gs_cli_json_str(stdout, l[i].result);
        printf("}");
    }
    if (json) printf("]\n");
    gs_loaded_free(l, n);
    return 0;
}

GS_CLI_COMMAND(score, CMD, "count a finished Go game (area/territory, dead stones, seki)", run)
