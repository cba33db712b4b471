/* gridstone stats FILES...: statistics over stored games (the source's
 * BadukStatistics, with resignations counted as the winner's wins). */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gridstone/go.h"
#include "server/db.h"
#include "server/stats.h"

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

static void add_game(totals *t, const gs_loaded *l) {
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

/* gridstone stats --db URL [--game KIND] [--player ID] [--json]: the server's
 * figures from its database (the same as GET /api/stats and
 * /api/players/ID serve). */
static int run_db(int argc, char **argv) {
    const char *url = NULL, *kind = NULL;
    long long player = 0;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--json")) json = 1;
        else if (!strcmp(a, "--db") || !strcmp(a, "--game") || !strcmp(a, "--player")) {
            if (i + 1 >= argc) gs_cli_die(CMD, "%s needs a value", a);
            const char *v = argv[++i];
            if (a[2] == 'd') url = v;
            else if (a[2] == 'g') kind = v;
            else {
                char *end;
                player = strtoll(v, &end, 10);
                if (*end || player <= 0) gs_cli_die(CMD, "--player needs a player id, not '%s'", v);
            }
        } else gs_cli_die(CMD, "with --db: unknown argument '%s' (--game KIND, --player ID, --json)", a);
    }
    db_conn *db;
    char err[512];
    if (db_open(url, &db, err, sizeof err) != DB_OK) gs_cli_die(CMD, "%s", err);
    char *body = NULL;
    stats_status st;
    if (json)
        st = player ? stats_player_json(db, player, &body) : stats_json(db, kind, &body);
    else
        st = stats_print(db, kind, player, stdout);
    if (st == STATS_NOT_FOUND) {
        db_close(db);
        gs_cli_die(CMD, "no player %lld", player);
    }
    if (st != STATS_OK) {
        snprintf(err, sizeof err, "%s", db_errmsg(db));
        db_close(db);
        gs_cli_die(CMD, "database: %s", err);
    }
    if (body) printf("%s\n", body);
    free(body);
    db_close(db);
    return 0;
}

static int run(int argc, char **argv) {
    int json = 0, nfiles = 0;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--db")) return run_db(argc, argv);
    const char *spec = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (gs_cli_is_help(a)) {
            printf("usage: gridstone stats FILES... [--json] [--game SPEC]\n"
                   "       gridstone stats --db URL [--game KIND] [--player ID] [--json]\n\n"
                   "Statistics over the games in the files (SGF, JSON): games, wins by colour\n"
                   "(a resignation counts as the winner's win), draws, win rates, total and\n"
                   "average length in moves (passes included), passes, resignations, captures\n"
                   "per colour (Go) and their averages.  The winner is the file's result (RE[],\n"
                   "\"result\") when it has one, else the replayed game's result.\n"
                   "With --db (sqlite:PATH or postgres://...): the game server's statistics from\n"
                   "its database, overall and per game kind (or one KIND), with lengths, games per\n"
                   "day and ratings; --player ID: that player's record, streaks and Glicko-2\n"
                   "ratings; --json: the same bodies GET /api/stats and /api/players/ID serve.\n");
            return 0;
        } else if (!strcmp(a, "--json")) json = 1;
        else if (!strcmp(a, "--game")) {
            if (i + 1 >= argc) gs_cli_die(CMD, "--game needs a SPEC");
            spec = argv[++i];
        } else if (a[0] == '-' && a[1]) gs_cli_die(CMD, "unknown option '%s'", a);
        else nfiles++;
    }
    if (!nfiles) gs_cli_die(CMD, "usage: gridstone stats FILES... [--json]");
    totals t;
    memset(&t, 0, sizeof t);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--game")) { i++; continue; }
        if (a[0] == '-' && a[1]) continue;
        int n;
        gs_loaded *l = gs_cli_load(CMD, a, spec, 0, &n);
        for (int k = 0; k < n; k++) add_game(&t, &l[k]);
        gs_loaded_free(l, n);
    }
    if (json) {
        printf("{\"games\":%ld,\"wins\":{\"black\":%ld,\"white\":%ld},\"draws\":%ld,\"unknown\":%ld,"
               "\"win_rate\":{\"black\":%.4f,\"white\":%.4f},\"total_moves\":%ld,\"average_length\":%.2f,"
               "\"passes\":%ld,\"resignations\":%ld,\"captures\":{\"black\":%ld,\"white\":%ld},"
               "\"average_captures\":{\"black\":%.2f,\"white\":%.2f}}\n",
               t.games, t.black, t.white, t.draws, t.unknown, ratio(t.black, t.games), ratio(t.white, t.games),
               t.moves, ratio(t.moves, t.games), t.passes, t.resign, t.caps[GS_BLACK], t.caps[GS_WHITE],
               ratio(t.caps[GS_BLACK], t.games), ratio(t.caps[GS_WHITE], t.games));
        return 0;
    }
    printf("games: %ld\n", t.games);
    printf("wins: black %ld, white %ld, draws %ld\n", t.black, t.white, t.draws);
    if (t.unknown) printf("unknown results: %ld\n", t.unknown);
    printf("win rate: black %.1f%%, white %.1f%%\n", 100 * ratio(t.black, t.games), 100 * ratio(t.white, t.games));
    printf("moves: %ld total, %.1f average\n", t.moves, ratio(t.moves, t.games));
    printf("passes: %ld\nresignations: %ld\n", t.passes, t.resign);
    printf("captures: black %ld, white %ld (average %.2f, %.2f)\n", t.caps[GS_BLACK], t.caps[GS_WHITE],
           ratio(t.caps[GS_BLACK], t.games), ratio(t.caps[GS_WHITE], t.games));
    return 0;
}

GS_CLI_COMMAND(stats, CMD, "statistics over stored games (wins, lengths, captures)", run)
