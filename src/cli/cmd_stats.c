/* gridstone stats FILES...: statistics over stored games (the source's
 * BadukStatistics, with resignations counted as the winner's wins). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "server/db.h"
#include "server/stats.h"
#include "gridstone/go.h"

#define CMD "stats"

typedef struct totals {
    long games, black, white, draws, unknown, resign, moves, passes, caps[3];
} totals;

/* Winner from a result string ("B+3.5", "W+R", "0", "Draw"); 0 draw,
 * -1 unknown.  *resigned set for "+R" / "+Resign". */
static int winner_of(const char *re, int *resigned) {
    *resigned = 0;
    if (!re[0]) return -1;
    if (!strcmp(re, "0") || !strcmp(re, "Draw") || !strcmp(re, "Jigo") || !strcmp(re, "draw")) return 0;
    if ((re[0] == 'B' || re[0] == 'W' || re[0] == 'b' || re[0] == 'w') && re[1] == '+') {
        *resigned = re[2] == 'R' || re[2] == 'r';
        return re[0] == 'B' || re[0] == 'b' ? GS_BLACK : GS_WHITE;
    }
    return -1;
}

static void add_game(void *ud, const gs_loaded *l) {
    totals *t = ud;
    const gs_state *s = l->state;
    int resigned = 0, w = -1;
    gs_result r;
    gs_result_get(s, &r);
    w = winner_of(l->result, &resigned);
    if (w < 0 && r.over) {
        w = r.winner;
        resigned = r.how == GS_END_RESIGN;
    }
    t->games++;
    if (w == GS_BLACK) t->black++;
    else if (w == GS_WHITE) t->white++;
    else if (w == 0) t->draws++;
    else t->unknown++;
    t->resign += resigned;
    for (int i = 0; i < s->nhist; i++) {
        if (s->hist[i].move == GS_RESIGN) continue;
        t->moves++;
        t->passes += s->hist[i].move == GS_PASS;
    }
    if (gs_go_is_go(s->game)) {
        t->caps[GS_BLACK] += gs_go_prisoners(s, GS_BLACK);
        t->caps[GS_WHITE] += gs_go_prisoners(s, GS_WHITE);
    }
}

static double ratio(long a, long b) { return b ? (double)a / (double)b : 0.0; }

static void add_one(const char *file, int index, int count, const gs_loaded *l, void *ud) {
    (void)file; (void)index; (void)count;
    add_game(ud, l);
}

static void json_pair(io_jw *w, const char *key, double b, double wh, int decimals) {
    io_jw_obj(w, key);
    if (decimals < 0) {
        io_jw_int(w, "black", (long long)b);
        io_jw_int(w, "white", (long long)wh);
    } else {
        io_jw_fixed(w, "black", b, decimals);
        io_jw_fixed(w, "white", wh, decimals);
    }
    io_jw_end(w);
}

/* gridstone stats --db URL [--game KIND] [--player ID] [--json]: the server's
 * figures from its database (the same as GET /api/stats and
 * /api/players/ID serve). */
static int run_db(const char *url, const char *kind, long long player, int json) {
    db_conn *db;
    char err[512];
    /* stats only reads: a sqlite: file that is not there is a mistyped path,
     * not a database to create */
    struct stat sb;
    if (!strncmp(url, "sqlite:", 7) && url[7] && strcmp(url + 7, ":memory:") && stat(url + 7, &sb) != 0)
        gs_cli_die(CMD, CLI_TR("sqlite: %s: no such database file", "sqlite: %s: 그런 데이터베이스 파일이 없습니다"), url + 7);
    /* --game as GET /api/stats?game= takes it: a kind, a name, an alias or
     * a spec stands for its game's kind, and an unknown game is an error
     * (it printed a kind of 0 games) */
    char kbuf[64];
    if (kind) {
        gs_game *g;
        gs_error ge;
        if (gs_game_new(kind, &g, &ge) != GS_OK) gs_cli_die_err(CMD, &ge);
        snprintf(kbuf, sizeof kbuf, "%s", g->ops->name);
        gs_game_free(g);
        kind = kbuf;
    }
    if (db_open_read_only(url, &db, err, sizeof err) != DB_OK) gs_cli_die(CMD, "%s", err);
    char *body = NULL;
    stats_status st;
    if (json)
        st = player ? stats_player_json(db, player, &body) : stats_json(db, kind, &body);
    else
        st = stats_print(db, kind, player, gs_cli_ui_lang(), stdout);
    if (st == STATS_NOT_FOUND) {
        db_close(db);
        gs_cli_die(CMD, CLI_TR("no player %lld", "%lld번 대국자가 없습니다"), player);
    }
    if (st != STATS_OK) {
        snprintf(err, sizeof err, "%s", db_errmsg(db));
        db_close(db);
        gs_cli_die(CMD, CLI_TR("database: %s", "데이터베이스: %s"), err);
    }
    if (body) printf("%s\n", body);
    free(body);
    db_close(db);
    return 0;
}

static int json;
static const char *game;
static const char *db;
static long player;
static const cli_opt opts[] = {
    CLI_OPT_GAME(&game), CLI_OPT_JSON(&json),
    {"--db", "URL", CLI_STR, 0, 0, &db,
     "the figures of a gridstone server's database (sqlite:PATH or postgres://...)\n"
     "instead of files: what GET /api/stats serves; --game then picks one game's kind\n"
     "(a kind, a name, an alias or a spec, as /api/stats?game= takes it)",
     "파일 대신 gridstone 서버의 데이터베이스(sqlite:PATH나 postgres://...)에서\n"
     "GET /api/stats가 주는 수치를 읽습니다; --game은 게임 종류 하나를 고릅니다\n"
     "(/api/stats?game=처럼 종류, 이름, 별칭, 스펙 어느 것이든)"},
    {"--player", "ID", CLI_INT, 1, 9e15, &player, "with --db: one player's figures (GET /api/players/ID)",
     "--db와 함께: 대국자 한 명의 수치 (GET /api/players/ID)"},
    CLI_OPT_LANG(NULL), CLI_END};
static const cli_spec spec = {
    "stats", "FILES... | --db URL", 0, -1, opts,
    "Statistics over the games in the files (SGF, JSON): games, wins by colour\n"
    "(a resignation counts as the winner's win), draws, win rates, total and\n"
    "average length in moves (passes included), passes, resignations, captures\n"
    "per colour (Go) and their averages.  The winner is the file's result (RE[],\n"
    "\"result\") when it has one, else the replayed game's result.  --json: one line\n"
    "with the totals.  With --db URL instead of files: the figures of a gridstone\n"
    "server's database, the same as its /api/stats and /api/players/ID serve.",
    "파일(SGF, JSON)에 든 대국의 통계: 대국 수, 흑백의 승(기권은 이긴 쪽의 승으로\n"
    "셉니다), 무승부, 승률, 수로 센 전체 길이와 평균 길이(패스 포함), 패스, 기권,\n"
    "흑백이 따낸 돌(바둑)과 그 평균. 이긴 쪽은 파일에 결과(RE[], \"result\")가\n"
    "있으면 그것으로, 없으면 재생한 대국의 결과로 정합니다. --json: 합계를 한 줄로.\n"
    "파일 대신 --db URL을 주면 gridstone 서버 데이터베이스의 수치로, 서버의\n"
    "/api/stats와 /api/players/ID가 주는 것과 같습니다."};
static const cli_spec *get_spec(void) { return &spec; }

static int run(int argc, char **argv) {
    int nfiles = cli_parse(&spec, argc, argv);
    if (db) {
        if (nfiles)
            gs_cli_die(CMD, "%s", CLI_TR("--db reads the database, not files (give one or the other)",
                                         "--db는 파일이 아니라 데이터베이스를 읽습니다 (둘 중 하나만 주세요)"));
        return run_db(db, game, (long long)player, json);
    }
    if (player) gs_cli_die(CMD, "%s", CLI_TR("--player needs --db", "--player에는 --db가 있어야 합니다"));
    if (!nfiles)
        gs_cli_die(CMD, "%s", CLI_TR("usage: gridstone stats FILES... or --db URL (try 'gridstone stats --help')",
                                     "사용법: gridstone stats FILES... 또는 --db URL ('gridstone stats --help'를 보세요)"));
    totals t;
    memset(&t, 0, sizeof t);
    gs_cli_each_position(CMD, argv + 1, nfiles, game, 0, add_one, &t);
    if (json) {
        io_jw w;
        io_jw_init(&w);
        io_jw_obj(&w, NULL);
        io_jw_int(&w, "games", t.games);
        json_pair(&w, "wins", (double)t.black, (double)t.white, -1);
        io_jw_int(&w, "draws", t.draws);
        io_jw_int(&w, "unknown", t.unknown);
        json_pair(&w, "win_rate", ratio(t.black, t.games), ratio(t.white, t.games), 4);
        io_jw_int(&w, "total_moves", t.moves);
        io_jw_fixed(&w, "average_length", ratio(t.moves, t.games), 2);
        io_jw_int(&w, "passes", t.passes);
        io_jw_int(&w, "resignations", t.resign);
        json_pair(&w, "captures", (double)t.caps[GS_BLACK], (double)t.caps[GS_WHITE], -1);
        json_pair(&w, "average_captures", ratio(t.caps[GS_BLACK], t.games), ratio(t.caps[GS_WHITE], t.games), 2);
        io_jw_end(&w);
        gs_cli_json_line(&w);
        io_jw_free(&w);
        return 0;
    }
    printf(CLI_TR("games: %ld\n", "대국: %ld\n"), t.games);
    printf(CLI_TR("wins: black %ld, white %ld, draws %ld\n", "승: 흑 %ld, 백 %ld, 무승부 %ld\n"), t.black, t.white, t.draws);
    if (t.unknown) printf(CLI_TR("unknown results: %ld\n", "결과를 모르는 대국: %ld\n"), t.unknown);
    printf(CLI_TR("win rate: black %.1f%%, white %.1f%%\n", "승률: 흑 %.1f%%, 백 %.1f%%\n"), 100 * ratio(t.black, t.games),
           100 * ratio(t.white, t.games));
    printf(CLI_TR("moves: %ld total, %.1f average\n", "수: 모두 %ld, 평균 %.1f\n"), t.moves, ratio(t.moves, t.games));
    printf(CLI_TR("passes: %ld\nresignations: %ld\n", "패스: %ld\n기권: %ld\n"), t.passes, t.resign);
    printf(CLI_TR("captures: black %ld, white %ld (average %.2f, %.2f)\n", "따낸 돌: 흑 %ld, 백 %ld (평균 %.2f, %.2f)\n"),
           t.caps[GS_BLACK], t.caps[GS_WHITE], ratio(t.caps[GS_BLACK], t.games), ratio(t.caps[GS_WHITE], t.games));
    return 0;
}

GS_CLI_COMMAND(stats, CMD, "statistics over stored games (wins, lengths, captures)",
               "저장된 대국의 통계 (승, 길이, 따낸 돌)", get_spec, run)
