/* Statistics and Glicko-2 ratings from the server's database (stats.h).
 * Every query is a prepared statement with parameters; aggregation happens
 * in SQL where both dialects agree, binning and streaks in C. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "server/glicko2.h"
#include "server/stats.h"

const char stats_schema[] =
    "CREATE TABLE ratings (\n"
    "  player_id BIGINT NOT NULL REFERENCES players(id),\n"
    "  kind TEXT NOT NULL,\n"
    "  rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL, vol DOUBLE PRECISION NOT NULL,\n"
    "  games INTEGER NOT NULL DEFAULT 0,\n"
    "  updated BIGINT NOT NULL,\n"
    "  PRIMARY KEY (player_id, kind));\n"
    "CREATE TABLE rating_history (\n"
    "  player_id BIGINT NOT NULL REFERENCES players(id),\n"
    "  kind TEXT NOT NULL,\n"
    "  game_id BIGINT NOT NULL REFERENCES games(id),\n"
    "  time BIGINT NOT NULL,\n"
    "  rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL, vol DOUBLE PRECISION NOT NULL,\n"
    "  PRIMARY KEY (player_id, game_id));\n"
    "CREATE INDEX rating_history_kind ON rating_history(player_id, kind, time);\n"
    "CREATE INDEX ratings_kind ON ratings(kind);\n"
    "CREATE INDEX games_finished ON games(status, kind);\n";

/* "any kind" is a NULL parameter: `CAST($1 AS TEXT) IS NULL OR kind = $1`
 * (the cast gives PostgreSQL the parameter's type). */
#define KIND_FILTER "(CAST($1 AS TEXT) IS NULL OR kind = CAST($1 AS TEXT))"

/* A JSON string; <, >, & and ' as \u00XX so nothing served is markup. */
static void stats_str(io_buf *b, const char *s) {
    io_buf_putc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"') io_buf_puts(b, "\\\"");
        else if (c == '\\') io_buf_puts(b, "\\\\");
        else if (c < 0x20 || c == 0x7f || c == '<' || c == '>' || c == '&' || c == '\'') io_buf_printf(b, "\\u%04x", c);
        else io_buf_putc(b, (char)c);
    }
    io_buf_putc(b, '"');
}

static double ratio(int64_t a, int64_t b) { return b ? (double)a / (double)b : 0.0; }

/* ---- loading ---- */

/* Finished games won by black, by white, drawn: three result columns. */
#define RESULT_SUMS                                                              \
    " SUM(CASE WHEN status = 'finished' AND winner = 'black' THEN 1 ELSE 0 END)," \
    " SUM(CASE WHEN status = 'finished' AND winner = 'white' THEN 1 ELSE 0 END)," \
    " SUM(CASE WHEN status = 'finished' AND winner = 'draw' THEN 1 ELSE 0 END)"

stats_status stats_load(db_conn *db, const char *kind, stats_summary *s) {
    db_res *r = NULL;
    db_param k = db_text(kind && *kind ? kind : NULL);
    memset(s, 0, sizeof *s);
    snprintf(s->kind, sizeof s->kind, "%s", kind ? kind : "");
    if (db_exec(db,
                "SELECT count(*),"
                " SUM(CASE WHEN status = 'finished' THEN 1 ELSE 0 END)," RESULT_SUMS ","
                " SUM(CASE WHEN status = 'finished' AND how = 'resign' THEN 1 ELSE 0 END),"
                " SUM(CASE WHEN status = 'finished' AND how = 'timeout' THEN 1 ELSE 0 END),"
                " SUM(CASE WHEN status = 'finished' THEN ply ELSE 0 END),"
                " SUM(CASE WHEN status = 'finished' THEN captures_black ELSE 0 END),"
                " SUM(CASE WHEN status = 'finished' THEN captures_white ELSE 0 END),"
                " SUM(CASE WHEN status = 'finished' THEN passes ELSE 0 END)"
                " FROM games WHERE " KIND_FILTER,
                &k, 1, &r) != DB_OK)
        return STATS_DB;
    int64_t *f[] = {&s->games, &s->finished, &s->black_wins, &s->white_wins, &s->draws, &s->resignations,
                    &s->timeouts, &s->plies, &s->captures_black, &s->captures_white, &s->passes};
    for (int i = 0; i < 11; i++) *f[i] = db_res_int(r, 0, i, 0);
    db_res_free(r);

    /* Lengths: bins of 10 moves, wider (a multiple of 10) so at most
     * STATS_LEN_BINS bins cover the longest game. */
    if (db_exec(db, "SELECT ply, count(*) FROM games WHERE status = 'finished' AND " KIND_FILTER
                    " GROUP BY ply ORDER BY ply",
                &k, 1, &r) != DB_OK)
        return STATS_DB;
    if (r->rows > 0) {
        int64_t maxply = db_res_int(r, r->rows - 1, 0, 0), width = 10;
        while ((maxply / width) + 1 > STATS_LEN_BINS) width += 10;
        s->nlen = (int)(maxply / width) + 1;
        for (int i = 0; i < s->nlen; i++) {
            s->len[i].from = i * width;
            s->len[i].to = i * width + width - 1;
        }
        for (int i = 0; i < r->rows; i++) {
            int64_t ply = db_res_int(r, i, 0, 0);
            if (ply < 0) ply = 0;
            s->len[ply / width].count += db_res_int(r, i, 1, 0);
        }
    }
    db_res_free(r);

    /* Games created per UTC day and how those that finished ended: the
     * latest STATS_DAYS days that have games. */
    if (db_exec(db, "SELECT created / 86400000, count(*)," RESULT_SUMS
                    " FROM games WHERE " KIND_FILTER " GROUP BY created / 86400000 ORDER BY 1 DESC LIMIT 60",
                &k, 1, &r) != DB_OK)
        return STATS_DB;
    s->ndays = r->rows < STATS_DAYS ? r->rows : STATS_DAYS;
    for (int i = 0; i < s->ndays; i++) {
        s->days[s->ndays - 1 - i].day = db_res_int(r, i, 0, 0);
        s->days[s->ndays - 1 - i].count = db_res_int(r, i, 1, 0);
        s->days[s->ndays - 1 - i].black = db_res_int(r, i, 2, 0);
        s->days[s->ndays - 1 - i].white = db_res_int(r, i, 3, 0);
        s->days[s->ndays - 1 - i].draws = db_res_int(r, i, 4, 0);
    }
    db_res_free(r);

    /* Current ratings in 50-point bins. */
    if (db_exec(db, "SELECT rating FROM ratings WHERE " KIND_FILTER " ORDER BY rating", &k, 1, &r) != DB_OK)
        return STATS_DB;
    s->rated_players = r->rows;
    if (r->rows > 0) {
        int64_t lo = (int64_t)floor(db_res_real(r, 0, 0, 1500) / 50) * 50;
        int64_t hi = (int64_t)floor(db_res_real(r, r->rows - 1, 0, 1500) / 50) * 50;
        int64_t width = 50;
        while ((hi - lo) / width + 1 > STATS_RATING_BINS) width += 50;
        lo = lo / width * width - (lo < 0 && lo % width ? width : 0);
        s->nrat = (int)((hi - lo) / width) + 1;
        if (s->nrat > STATS_RATING_BINS) s->nrat = STATS_RATING_BINS;
        for (int i = 0; i < s->nrat; i++) {
            s->rat[i].from = lo + i * width;
            s->rat[i].to = lo + (i + 1) * width - 1;
        }
        for (int i = 0; i < r->rows; i++) {
            int64_t b = ((int64_t)floor(db_res_real(r, i, 0, 1500)) - lo) / width;
            if (b < 0) b = 0;
            if (b >= s->nrat) b = s->nrat - 1;
            s->rat[b].count++;
        }
    }
    db_res_free(r);
    return STATS_OK;
}

stats_status stats_kinds(db_conn *db, char (*kinds)[32], int max, int *n) {
    db_res *r;
    *n = 0;
    if (db_exec(db, "SELECT DISTINCT kind FROM games ORDER BY kind", NULL, 0, &r) != DB_OK) return STATS_DB;
    for (int i = 0; i < r->rows && *n < max; i++) {
        const char *v = db_res_get(r, i, 0);
        if (v) snprintf(kinds[(*n)++], 32, "%s", v);
    }
    db_res_free(r);
    return STATS_OK;
}

static void day_text(int64_t day, char *out, size_t len) {
    time_t t = (time_t)(day * 86400);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, len, "%Y-%m-%d", &tm);
}

/* ---- JSON ---- */

static void bins_json(io_buf *b, const stats_bin *bin, int n) {
    io_buf_putc(b, '[');
    for (int i = 0; i < n; i++)
        io_buf_printf(b, "%s{\"from\":%lld,\"to\":%lld,\"count\":%lld}", i ? "," : "", (long long)bin[i].from,
                      (long long)bin[i].to, (long long)bin[i].count);
    io_buf_putc(b, ']');
}

static void summary_json(io_buf *b, const stats_summary *s) {
    io_buf_puts(b, "{\"game\":");
    if (s->kind[0]) stats_str(b, s->kind);
    else io_buf_puts(b, "null");
    io_buf_printf(b,
                  ",\"games\":%lld,\"finished\":%lld,\"wins\":{\"black\":%lld,\"white\":%lld},\"draws\":%lld,"
                  "\"resignations\":%lld,\"timeouts\":%lld,\"length\":{\"average\":%.2f,\"histogram\":",
                  (long long)s->games, (long long)s->finished, (long long)s->black_wins, (long long)s->white_wins,
                  (long long)s->draws, (long long)s->resignations, (long long)s->timeouts, ratio(s->plies, s->finished));
    bins_json(b, s->len, s->nlen);
    io_buf_printf(b,
                  "},\"captures\":{\"black\":%lld,\"white\":%lld,\"average_black\":%.2f,\"average_white\":%.2f},"
                  "\"passes\":%lld,\"by_day\":[",
                  (long long)s->captures_black, (long long)s->captures_white, ratio(s->captures_black, s->finished),
                  ratio(s->captures_white, s->finished), (long long)s->passes);
    for (int i = 0; i < s->ndays; i++) {
        char d[16];
        day_text(s->days[i].day, d, sizeof d);
        io_buf_printf(b, "%s{\"day\":\"%s\",\"games\":%lld,\"black\":%lld,\"white\":%lld,\"draws\":%lld}", i ? "," : "",
                      d, (long long)s->days[i].count, (long long)s->days[i].black, (long long)s->days[i].white,
                      (long long)s->days[i].draws);
    }
    io_buf_printf(b, "],\"ratings\":{\"players\":%lld,\"histogram\":", (long long)s->rated_players);
    bins_json(b, s->rat, s->nrat);
    io_buf_puts(b, "}}");
}

static stats_status take(io_buf *b, char **body) {
    *body = io_buf_take(b);
    return *body ? STATS_OK : STATS_DB;
}

#define MAX_KINDS 32

stats_status stats_json(db_conn *db, const char *kind, char **body) {
    stats_summary *s = malloc(sizeof *s);
    io_buf b;
    *body = NULL;
    if (!s) return STATS_DB;
    io_buf_init(&b);
    if (stats_load(db, kind, s) != STATS_OK) goto fail;
    summary_json(&b, s);
    if (!s->kind[0]) {
        char kinds[MAX_KINDS][32];
        int n;
        if (stats_kinds(db, kinds, MAX_KINDS, &n) != STATS_OK) goto fail;
        b.len--; /* reopen the object */
        io_buf_puts(&b, ",\"kinds\":[");
        for (int i = 0; i < n; i++) {
            if (stats_load(db, kinds[i], s) != STATS_OK) goto fail;
            if (i) io_buf_putc(&b, ',');
            summary_json(&b, s);
        }
        io_buf_puts(&b, "]}");
    }
    free(s);
    return take(&b, body);
fail:
    free(s);
    io_buf_free(&b);
    return STATS_DB;
}

/* A player's finished games: totals, per kind, streaks. */
typedef struct stats_record {
    char kind[32];
    int64_t games, wins, losses, draws;
} stats_record;

typedef struct stats_player {
    int64_t id, created;
    char name[160];
    stats_record total;
    stats_record by[MAX_KINDS];
    int nby;
    int64_t streak, best, worst;      /* current (+wins / -losses), longest win and loss runs */
} stats_player;

static stats_status player_load(db_conn *db, int64_t id, stats_player *p) {
    db_res *r;
    db_param pid = db_int(id);
    memset(p, 0, sizeof *p);
    if (db_exec(db, "SELECT id, name, created FROM players WHERE id = $1", &pid, 1, &r) != DB_OK) return STATS_DB;
    if (r->rows == 0) {
        db_res_free(r);
        return STATS_NOT_FOUND;
    }
    p->id = id;
    snprintf(p->name, sizeof p->name, "%s", db_res_get(r, 0, 1) ? db_res_get(r, 0, 1) : "");
    p->created = db_res_int(r, 0, 2, 0);
    db_res_free(r);
    if (db_exec(db,
                "SELECT kind, winner, CASE WHEN black_id = $1 THEN 'black' ELSE 'white' END FROM games"
                " WHERE status = 'finished' AND (black_id = $1 OR white_id = $1) ORDER BY finished, id",
                &pid, 1, &r) != DB_OK)
        return STATS_DB;
    int64_t run = 0;
    for (int i = 0; i < r->rows; i++) {
        const char *kind = db_res_get(r, i, 0), *w = db_res_get(r, i, 1), *me = db_res_get(r, i, 2);
        if (!kind || !w || !me) continue;
        stats_record *k = NULL;
        for (int j = 0; j < p->nby; j++)
            if (!strcmp(p->by[j].kind, kind)) k = &p->by[j];
        if (!k && p->nby < MAX_KINDS) {
            k = &p->by[p->nby++];
            snprintf(k->kind, sizeof k->kind, "%s", kind);
        }
        int res = !strcmp(w, "draw") ? 0 : !strcmp(w, me) ? 1 : -1;
        stats_record *recs[2] = {&p->total, k};
        for (int j = 0; j < 2; j++) {
            if (!recs[j]) continue;
            recs[j]->games++;
            if (res > 0) recs[j]->wins++;
            else if (res < 0) recs[j]->losses++;
            else recs[j]->draws++;
        }
        if (res > 0) run = run > 0 ? run + 1 : 1;
        else if (res < 0) run = run < 0 ? run - 1 : -1;
        else run = 0;
        if (run > p->best) p->best = run;
        if (-run > p->worst) p->worst = -run;
    }
    p->streak = run;
    db_res_free(r);
    return STATS_OK;
}

stats_status stats_player_json(db_conn *db, int64_t player, char **body) {
    stats_player *p = malloc(sizeof *p);
    db_res *r = NULL;
    io_buf b;
    *body = NULL;
    if (!p) return STATS_DB;
    stats_status st = player_load(db, player, p);
    if (st != STATS_OK) {
        free(p);
        return st;
    }
    db_param pid = db_int(player);
    if (db_exec(db, "SELECT kind, rating, rd, vol, games FROM ratings WHERE player_id = $1 ORDER BY kind", &pid, 1,
                &r) != DB_OK) {
        free(p);
        return STATS_DB;
    }
    io_buf_init(&b);
    io_buf_printf(&b, "{\"player\":{\"id\":%lld,\"name\":", (long long)p->id);
    stats_str(&b, p->name);
    io_buf_printf(&b,
                  ",\"created\":%lld},\"games\":%lld,\"wins\":%lld,\"losses\":%lld,\"draws\":%lld,"
                  "\"streak\":{\"current\":%lld,\"best\":%lld,\"worst\":%lld},\"ratings\":[",
                  (long long)p->created, (long long)p->total.games, (long long)p->total.wins,
                  (long long)p->total.losses, (long long)p->total.draws, (long long)p->streak, (long long)p->best,
                  (long long)p->worst);
    for (int i = 0; i < r->rows; i++) {
        io_buf_puts(&b, i ? ",{\"game\":" : "{\"game\":");
        stats_str(&b, db_res_get(r, i, 0) ? db_res_get(r, i, 0) : "");
        io_buf_printf(&b, ",\"rating\":%.1f,\"rd\":%.1f,\"vol\":%.6f,\"games\":%lld}", db_res_real(r, i, 1, 0),
                      db_res_real(r, i, 2, 0), db_res_real(r, i, 3, 0), (long long)db_res_int(r, i, 4, 0));
    }
    db_res_free(r);
    io_buf_puts(&b, "],\"by_game\":[");
    for (int i = 0; i < p->nby; i++) {
        io_buf_puts(&b, i ? ",{\"game\":" : "{\"game\":");
        stats_str(&b, p->by[i].kind);
        io_buf_printf(&b, ",\"games\":%lld,\"wins\":%lld,\"losses\":%lld,\"draws\":%lld}", (long long)p->by[i].games,
                      (long long)p->by[i].wins, (long long)p->by[i].losses, (long long)p->by[i].draws);
    }
    io_buf_puts(&b, "]}");
    free(p);
    return take(&b, body);
}

stats_status stats_ratings_json(db_conn *db, int64_t player, const char *kind, char **body) {
    db_res *r;
    io_buf b;
    *body = NULL;
    db_param pid = db_int(player);
    if (db_exec(db, "SELECT id FROM players WHERE id = $1", &pid, 1, &r) != DB_OK) return STATS_DB;
    int found = r->rows > 0;
    db_res_free(r);
    if (!found) return STATS_NOT_FOUND;
    db_param p[2] = {db_int(player), db_text(kind && *kind ? kind : NULL)};
    if (db_exec(db,
                "SELECT time, game_id, rating, rd, vol, kind FROM rating_history WHERE player_id = $1 AND"
                " (CAST($2 AS TEXT) IS NULL OR kind = CAST($2 AS TEXT)) ORDER BY time, game_id",
                p, 2, &r) != DB_OK)
        return STATS_DB;
    io_buf_init(&b);
    io_buf_puts(&b, "{\"game\":");
    if (kind && *kind) stats_str(&b, kind);
    else io_buf_puts(&b, "null");
    io_buf_puts(&b, ",\"history\":[");
    for (int i = 0; i < r->rows; i++) {
        io_buf_printf(&b, "%s{\"time\":%lld,\"game_id\":%lld,\"game\":", i ? "," : "", (long long)db_res_int(r, i, 0, 0),
                      (long long)db_res_int(r, i, 1, 0));
        stats_str(&b, db_res_get(r, i, 5) ? db_res_get(r, i, 5) : "");
        io_buf_printf(&b, ",\"rating\":%.1f,\"rd\":%.1f,\"vol\":%.6f}", db_res_real(r, i, 2, 0),
                      db_res_real(r, i, 3, 0), db_res_real(r, i, 4, 0));
    }
    db_res_free(r);
    io_buf_puts(&b, "]}");
    return take(&b, body);
}

/* ---- text (gridstone stats --db) ---- */

static double pct(int64_t a, int64_t b) { return 100.0 * ratio(a, b); }

static void bar(FILE *out, int64_t n, int64_t max) {
    int w = max ? (int)((n * 40 + max - 1) / max) : 0;
    for (int i = 0; i < w; i++) fputc('#', out);
}

/* English or Korean by ko, both formats in sight of the compiler.  The
 * Korean labels are padded to the English column (Hangul is two columns
 * wide on a terminal). */
#define TXT(en, k) (ko ? (k) : (en))

static void summary_print(const stats_summary *s, int ko, FILE *out) {
    fprintf(out, "%s\n", s->kind[0] ? s->kind : TXT("all games", "모든 게임"));
    fprintf(out, TXT("  games          %lld (finished %lld)\n", "  대국           %lld (끝난 대국 %lld)\n"), (long long)s->games,
            (long long)s->finished);
    fprintf(out,
            TXT("  wins           black %lld (%.1f%%), white %lld (%.1f%%), draws %lld (%.1f%%)\n",
                "  승패           흑 %lld (%.1f%%), 백 %lld (%.1f%%), 무승부 %lld (%.1f%%)\n"),
            (long long)s->black_wins, pct(s->black_wins, s->finished), (long long)s->white_wins,
            pct(s->white_wins, s->finished), (long long)s->draws, pct(s->draws, s->finished));
    fprintf(out, TXT("  resignations   %lld\n  timeouts       %lld\n", "  기권           %lld\n  시간패         %lld\n"),
            (long long)s->resignations, (long long)s->timeouts);
    fprintf(out, TXT("  length         average %.2f moves\n", "  대국 길이      평균 %.2f수\n"), ratio(s->plies, s->finished));
    int64_t max = 0;
    for (int i = 0; i < s->nlen; i++) max = s->len[i].count > max ? s->len[i].count : max;
    for (int i = 0; i < s->nlen; i++) {
        fprintf(out, "    %4lld-%-4lld   %6lld ", (long long)s->len[i].from, (long long)s->len[i].to,
                (long long)s->len[i].count);
        bar(out, s->len[i].count, max);
        fputc('\n', out);
    }
    fprintf(out,
            TXT("  captures       black %lld (%.2f a game), white %lld (%.2f a game)\n",
                "  따낸 돌        흑 %lld (대국당 %.2f), 백 %lld (대국당 %.2f)\n"),
            (long long)s->captures_black, ratio(s->captures_black, s->finished), (long long)s->captures_white,
            ratio(s->captures_white, s->finished));
    fprintf(out, TXT("  passes         %lld\n", "  패스           %lld\n"), (long long)s->passes);
    if (s->ndays) {
        fputs(TXT("  by day          games  black  white  draws\n", "  날짜별           대국     흑     백 무승부\n"), out);
        for (int i = 0; i < s->ndays; i++) {
            char d[16];
            day_text(s->days[i].day, d, sizeof d);
            fprintf(out, "    %s   %6lld %6lld %6lld %6lld\n", d, (long long)s->days[i].count,
                    (long long)s->days[i].black, (long long)s->days[i].white, (long long)s->days[i].draws);
        }
    }
    fprintf(out, TXT("  rated players  %lld\n", "  레이팅 대국자  %lld\n"), (long long)s->rated_players);
    max = 0;
    for (int i = 0; i < s->nrat; i++) max = s->rat[i].count > max ? s->rat[i].count : max;
    for (int i = 0; i < s->nrat; i++) {
        fprintf(out, "    %5lld-%-5lld %6lld ", (long long)s->rat[i].from, (long long)s->rat[i].to,
                (long long)s->rat[i].count);
        bar(out, s->rat[i].count, max);
        fputc('\n', out);
    }
}

stats_status stats_print(db_conn *db, const char *kind, int64_t player, gs_lang lang, FILE *out) {
    int ko = lang == GS_LANG_KO;
    if (player > 0) {
        stats_player *p = malloc(sizeof *p);
        db_res *r;
        if (!p) return STATS_DB;
        stats_status st = player_load(db, player, p);
        if (st != STATS_OK) {
            free(p);
            return st;
        }
        fprintf(out, TXT("player %lld: %s\n", "대국자 %lld: %s\n"), (long long)p->id, p->name);
        fprintf(out, TXT("  games          %lld: %lld wins, %lld losses, %lld draws\n", "  대국           %lld: %lld승 %lld패 %lld무\n"),
                (long long)p->total.games, (long long)p->total.wins, (long long)p->total.losses,
                (long long)p->total.draws);
        fprintf(out,
                TXT("  streak         current %lld, best %lld wins, worst %lld losses\n",
                    "  연승/연패      지금 %lld, 최다 %lld연승, 최다 %lld연패\n"),
                (long long)p->streak, (long long)p->best, (long long)p->worst);
        for (int i = 0; i < p->nby; i++)
            fprintf(out, TXT("  %-14s %lld: %lld wins, %lld losses, %lld draws\n", "  %-14s %lld: %lld승 %lld패 %lld무\n"), p->by[i].kind,
                    (long long)p->by[i].games, (long long)p->by[i].wins, (long long)p->by[i].losses,
                    (long long)p->by[i].draws);
        free(p);
        db_param pid = db_int(player);
        if (db_exec(db, "SELECT kind, rating, rd, vol, games FROM ratings WHERE player_id = $1 ORDER BY kind", &pid, 1,
                    &r) != DB_OK)
            return STATS_DB;
        for (int i = 0; i < r->rows; i++)
            fprintf(out, TXT("  rating %-7s %.1f (RD %.1f, volatility %.6f, %lld games)\n", "  레이팅 %-7s %.1f (RD %.1f, 변동성 %.6f, %lld국)\n"),
                    db_res_get(r, i, 0) ? db_res_get(r, i, 0) : "", db_res_real(r, i, 1, 0), db_res_real(r, i, 2, 0),
                    db_res_real(r, i, 3, 0), (long long)db_res_int(r, i, 4, 0));
        db_res_free(r);
        return STATS_OK;
    }
    stats_summary *s = malloc(sizeof *s);
    if (!s) return STATS_DB;
    if (stats_load(db, kind, s) != STATS_OK) {
        free(s);
        return STATS_DB;
    }
    summary_print(s, ko, out);
    if (!(kind && *kind)) {
        char kinds[MAX_KINDS][32];
        int n;
        if (stats_kinds(db, kinds, MAX_KINDS, &n) != STATS_OK) {
            free(s);
            return STATS_DB;
        }
        for (int i = 0; i < n; i++) {
            if (stats_load(db, kinds[i], s) != STATS_OK) {
                free(s);
                return STATS_DB;
            }
            fputc('\n', out);
            summary_print(s, ko, out);
        }
    }
    free(s);
    return STATS_OK;
}
#undef TXT

/* ---- ratings ---- */

static db_status read_rating(db_conn *db, int64_t player, const char *kind, const char *lock, g2_rating *out) {
    db_res *r;
    db_param p[2] = {db_int(player), db_text(kind)};
    char sql[200];
    snprintf(sql, sizeof sql, "SELECT rating, rd, vol FROM ratings WHERE player_id = $1 AND kind = $2%s", lock);
    db_status st = db_exec(db, sql, p, 2, &r);
    if (st != DB_OK) return st;
    *out = g2_default();
    if (r->rows > 0) {
        out->rating = db_res_real(r, 0, 0, G2_DEFAULT_RATING);
        out->rd = db_res_real(r, 0, 1, G2_DEFAULT_RD);
        out->vol = db_res_real(r, 0, 2, G2_DEFAULT_VOL);
    }
    db_res_free(r);
    return DB_OK;
}

static db_status write_rating(db_conn *db, int64_t player, const char *kind, int64_t game, int64_t now,
                              const g2_rating *n) {
    db_param p[7] = {db_int(player), db_text(kind), db_real(n->rating), db_real(n->rd), db_real(n->vol), db_int(now),
                     db_int(game)};
    db_status st = db_exec(db,
                           "INSERT INTO ratings (player_id, kind, rating, rd, vol, games, updated)"
                           " VALUES ($1, $2, $3, $4, $5, 1, $6) ON CONFLICT (player_id, kind) DO UPDATE SET"
                           " rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,"
                           " games = ratings.games + 1, updated = excluded.updated",
                           p, 6, NULL);
    if (st != DB_OK) return st;
    db_param h[7] = {db_int(player), db_text(kind), db_int(game), db_int(now), db_real(n->rating), db_real(n->rd),
                     db_real(n->vol)};
    return db_exec(db,
                   "INSERT INTO rating_history (player_id, kind, game_id, time, rating, rd, vol)"
                   " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                   h, 7, NULL);
}

db_status stats_game_ended(db_conn *db, int64_t game_id, int64_t now_ms) {
    db_res *r;
    db_param gid = db_int(game_id);
    db_status st = db_exec(db,
                           "SELECT kind, black_id, white_id, winner, status,"
                           " (SELECT count(*) FROM rating_history WHERE game_id = $1)"
                           " FROM games WHERE id = $1",
                           &gid, 1, &r);
    if (st != DB_OK) return st;
    if (r->rows == 0 || !db_res_get(r, 0, 1) || !db_res_get(r, 0, 2) || !db_res_get(r, 0, 3) ||
        strcmp(db_res_get(r, 0, 4) ? db_res_get(r, 0, 4) : "", "finished") || db_res_int(r, 0, 5, 0) > 0) {
        db_res_free(r); /* not finished, a seat is the AI, or already rated */
        return DB_OK;
    }
    char kind[32];
    snprintf(kind, sizeof kind, "%s", db_res_get(r, 0, 0) ? db_res_get(r, 0, 0) : "");
    int64_t black = db_res_int(r, 0, 1, 0), white = db_res_int(r, 0, 2, 0);
    const char *w = db_res_get(r, 0, 3);
    double score = !strcmp(w, "black") ? 1.0 : !strcmp(w, "white") ? 0.0 : 0.5;
    db_res_free(r);
    if (black <= 0 || white <= 0 || black == white) return DB_OK;
    /* PostgreSQL: lock both rating rows (lower id first) so two instances
     * ending games of the same player at once rate one after the other.
     * SQLite has one writer at a time already. */
    const char *lock = !strcmp(db_dialect(db), "postgres") ? " FOR UPDATE" : "";
    g2_rating rb, rw, nb, nw;
    int64_t first = black < white ? black : white, second = black < white ? white : black;
    g2_rating *rf = black < white ? &rb : &rw, *rs = black < white ? &rw : &rb;
    if ((st = read_rating(db, first, kind, lock, rf)) != DB_OK || (st = read_rating(db, second, kind, lock, rs)) != DB_OK)
        return st;
    if (g2_game(&rb, &rw, score, 0, &nb, &nw)) return DB_OK; /* corrupt stored values: leave them */
    if ((st = write_rating(db, black, kind, game_id, now_ms, &nb)) != DB_OK) return st;
    return write_rating(db, white, kind, game_id, now_ms, &nw);
}
