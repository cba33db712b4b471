/* Server games: clocks, the GAME object (docs/PROTOCOL.md), the schema and
 * the rows a game is stored in.  Every rule question goes to the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "server/game.h"
#include "server/stats.h"
#include "server/texts.h"

/* ---- clock ---- */
int srv_clock_view(const srv_clock *k, int c, double now, int64_t *ms, int *periods, int *in_byoyomi) {
    int64_t left = k->left[c];
    int p = k->periods_left[c];
    int64_t e = 0;
    if (k->running == c && now > k->since) e = (int64_t)((now - k->since) * 1000.0);
    *in_byoyomi = 0;
    if (k->type == SRV_CLOCK_NONE) {
        *ms = 0;
        *periods = 0;
        return 0;
    }
    if (e < left) {
        *ms = left - e;
        *periods = p;
        return 0;
    }
    if (k->type != SRV_CLOCK_BYOYOMI || k->period_ms <= 0) {
        *ms = 0;
        *periods = p;
        return k->type != SRV_CLOCK_NONE;
    }
    int64_t e2 = e - left;
    int64_t used = e2 / k->period_ms;
    *in_byoyomi = 1;
    if (used >= p) {
        *ms = 0;
        *periods = 0;
        return 1;
    }
    *ms = k->period_ms - e2 % k->period_ms;
    *periods = p - (int)used;
    return 0;
}

void srv_clock_switch(srv_clock *k, double now, int next) {
    int c = k->running;
    if (k->type != SRV_CLOCK_NONE && c) {
        int64_t ms;
        int p, byo;
        srv_clock_view(k, c, now, &ms, &p, &byo);
        if (byo) {
            k->left[c] = 0;          /* the period is kept (reset) */
            k->periods_left[c] = p;
        } else {
            k->left[c] = ms;
            if (k->type == SRV_CLOCK_FISCHER) k->left[c] += k->inc_ms;
        }
    }
    k->running = k->type != SRV_CLOCK_NONE ? next : 0;
    k->since = now;
}

/* Stop the clock at now, charging the running side. */
void srv_clock_stop(srv_clock *k, double now) {
    int c = k->running;
    if (k->type != SRV_CLOCK_NONE && c) {
        int64_t ms;
        int p, byo;
        srv_clock_view(k, c, now, &ms, &p, &byo);
        k->left[c] = byo ? 0 : ms;
        k->periods_left[c] = p;
    }
    k->running = 0;
    k->since = now;
}

static const char *const clock_names[] = {"none", "absolute", "fischer", "byoyomi", NULL};
const char *srv_clock_name(int t) { return t >= 0 && t <= 3 ? clock_names[t] : "none"; }
int srv_clock_type(const char *s) {
    for (int i = 0; clock_names[i]; i++)
        if (!strcmp(s, clock_names[i])) return i;
    return -1;
}

void srv_clock_json(io_buf *b, const srv_clock *k, double now) {
    if (k->type == SRV_CLOCK_NONE) {
        io_buf_puts(b, "null");
        return;
    }
    io_buf_printf(b, "{\"type\":\"%s\",\"main_ms\":%lld,\"increment_ms\":%lld,\"periods\":%d,\"period_ms\":%lld",
                  srv_clock_name(k->type), (long long)k->main_ms, (long long)k->inc_ms, k->periods,
                  (long long)k->period_ms);
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        int64_t ms;
        int p, byo;
        srv_clock_view(k, c, now, &ms, &p, &byo);
        io_buf_printf(b, ",\"%s\":{\"ms\":%lld,\"periods\":%d,\"byoyomi\":%s}", gs_color_name(c), (long long)ms, p,
                      byo ? "true" : "false");
    }
    io_buf_printf(b, ",\"running\":%s%s%s}", k->running ? "\"" : "", k->running ? gs_color_name(k->running) : "null",
                  k->running ? "\"" : "");
}

/* ---- names ---- */
static const char *const status_names[] = {"open", "playing", "scoring", "finished"};
const char *srv_status_name(int st) { return st >= 0 && st <= 3 ? status_names[st] : "open"; }
int srv_status_from_name(const char *s) {
    for (int i = 0; i < 4; i++)
        if (!strcmp(s, status_names[i])) return i;
    return -1;
}

/* A sentence for the result in the player's language (texts.c). */
void srv_result_message(const srv_game *g, gs_lang lang, char *buf, size_t len) {
    srv_result_sentence(g->g ? g->g->ops : NULL, g->winner, g->how, g->has_score, g->score, lang, buf, len);
}

/* Fill the result fields from the library's result of the position. */
void srv_game_set_result(srv_game *g, const gs_result *r, const char *how) {
    g->winner = r->winner;
    g->has_score = r->has_score;
    g->score = r->score;
    if (how) snprintf(g->how, sizeof g->how, "%s", how);
    else {
        const char *h = "score";
        switch (r->how) {
        case GS_END_LINE: h = "line"; break;
        case GS_END_FULL: h = "full"; break;
        case GS_END_RESIGN: h = "resign"; break;
        default: h = "score"; break;
        }
        snprintf(g->how, sizeof g->how, "%s", h);
    }
    if (!strcmp(g->how, "timeout")) snprintf(g->result, sizeof g->result, "%s+T", g->winner == GS_BLACK ? "B" : "W");
    else if (!strcmp(g->how, "agreement")) snprintf(g->result, sizeof g->result, "0");
    else gs_result_string(r, g->result, sizeof g->result);
}

/* ---- the GAME object ---- */
/* [[x,y],...]: a view lists every legal point (225 on an empty renju
 * board), so no printf per point. */
static void point_list(io_buf *b, const gs_geom *geo, const int *cells, int n) {
    io_buf_putc(b, '[');
    for (int i = 0; i < n; i++) {
        io_buf_puts(b, i ? ",[" : "[");
        io_buf_put_int(b, gs_x(geo, cells[i]));
        io_buf_putc(b, ',');
        io_buf_put_int(b, gs_y(geo, cells[i]));
        io_buf_putc(b, ']');
    }
    io_buf_putc(b, ']');
}

void srv_move_json(io_buf *b, const srv_game *g, int ply) {
    const gs_state *s = g->s;
    const gs_geom *geo = &g->g->geom;
    gs_hist h = s->hist[ply - 1];
    char t[32];
    gs_notation_format_move(g->g->notation, geo->w, geo->h, h.move, t, sizeof t);
    io_buf_printf(b, "{\"ply\":%d,\"color\":\"%s\",\"text\":", ply, gs_color_name(h.color));
    srv_json_str(b, h.move == GS_PASS ? "pass" : t);
    if (h.move >= 0) io_buf_printf(b, ",\"x\":%d,\"y\":%d}", gs_x(geo, h.move), gs_y(geo, h.move));
    else io_buf_puts(b, ",\"x\":null,\"y\":null}");
}

void srv_result_json(io_buf *b, const srv_game *g, gs_lang lang) {
    if (g->status != SRV_FINISHED) {
        io_buf_puts(b, "null");
        return;
    }
    char msg[128];
    srv_result_message(g, lang, msg, sizeof msg);
    io_buf_printf(b, "{\"winner\":\"%s\",\"how\":\"%s\",\"score\":",
                  g->winner == GS_BLACK ? "black" : g->winner == GS_WHITE ? "white" : "draw", g->how);
    if (g->has_score) io_buf_printf(b, "%g", g->score);
    else io_buf_puts(b, "null");
    io_buf_puts(b, ",\"text\":");
    srv_json_str(b, g->result);
    io_buf_puts(b, ",\"message\":");
    srv_json_str(b, msg);
    io_buf_putc(b, '}');
}

static void seat_json(io_buf *b, const srv_seat *p, int online) {
    io_buf_puts(b, "{\"id\":");
    if (p->id) io_buf_printf(b, "%lld", (long long)p->id);
    else io_buf_puts(b, "null");
    io_buf_puts(b, ",\"name\":");
    if (p->name[0]) srv_json_str(b, p->name);
    else io_buf_puts(b, "null");
    io_buf_puts(b, ",\"ai\":");
    if (p->ai[0]) srv_json_str(b, p->ai);
    else io_buf_puts(b, "null");
    io_buf_printf(b, ",\"online\":%s}", online ? "true" : "false");
}

void srv_players_json(io_buf *b, const srv_game *g, const int online[3]) {
    io_buf_puts(b, "{\"black\":");
    seat_json(b, &g->seat[GS_BLACK], online[GS_BLACK]);
    io_buf_puts(b, ",\"white\":");
    seat_json(b, &g->seat[GS_WHITE], online[GS_WHITE]);
    io_buf_putc(b, '}');
}

int srv_max_ply(const gs_game *g) { return gs_has_counting(g) ? 3 * g->geom.n : 0; }

int srv_limit_reached(const srv_game *g) {
    const gs_state *s = g->s;
    int max = srv_max_ply(g->g);
    if (!max || s->nhist < max || g->status == SRV_PLAYING || g->status == SRV_OPEN) return 0;
    /* the bound's last move may itself be the second pass */
    return !(s->nhist >= 2 && s->hist[s->nhist - 1].move == GS_PASS && s->hist[s->nhist - 2].move == GS_PASS);
}

static void scoring_json(io_buf *b, const srv_game *g, gs_lang lang) {
    if (!g->dead || (g->status != SRV_SCORING && g->status != SRV_FINISHED)) {
        io_buf_puts(b, "null");
        return;
    }
    gs_count *cnt = malloc(sizeof *cnt);
    gs_error err;
    if (!cnt || gs_count_dead(g->s, g->dead, cnt, &err) != GS_OK) {
        free(cnt);
        io_buf_puts(b, "null");
        return;
    }
    const gs_geom *geo = &g->g->geom;
    io_buf_puts(b, "{\"dead\":[");
    int first = 1;
    for (int i = 0; i < geo->n; i++)
        if (cnt->dead[i]) {
            io_buf_printf(b, "%s[%d,%d]", first ? "" : ",", gs_x(geo, i), gs_y(geo, i));
            first = 0;
        }
    io_buf_puts(b, "],\"owner\":[");
    for (int y = 0; y < geo->h; y++) {
        io_buf_puts(b, y ? ",\"" : "\"");
        for (int x = 0; x < geo->w; x++) {
            int o = cnt->owner[gs_idx(geo, x, y)];
            io_buf_putc(b, o == GS_BLACK ? 'X' : o == GS_WHITE ? 'O' : '.');
        }
        io_buf_putc(b, '"');
    }
    char rs[32];
    gs_result_string(&cnt->result, rs, sizeof rs);
    io_buf_printf(b, "],\"score\":{\"black\":%g,\"white\":%g,\"score\":%g,\"text\":\"%s\"}", cnt->points[GS_BLACK],
                  cnt->points[GS_WHITE], cnt->result.score, rs);
    io_buf_printf(b, ",\"accepted\":{\"black\":%s,\"white\":%s}", g->accepted[GS_BLACK] ? "true" : "false",
                  g->accepted[GS_WHITE] ? "true" : "false");
    int limit = srv_limit_reached(g);
    char why[160];
    srv_scoring_reason(limit, srv_max_ply(g->g), lang, why, sizeof why);
    io_buf_printf(b, ",\"reason\":\"%s\",\"reason_message\":", limit ? "move-limit" : "passes");
    srv_json_str(b, why);
    io_buf_putc(b, '}');
    free(cnt);
}

/* Cells the last move changed besides its own point: the position before
 * it (a copy with the move undone) compared with now. */
static int changed_cells(const srv_game *g, int *out) {
    const gs_state *s = g->s;
    if (s->nhist == 0) return 0;
    gs_state *t = gs_state_clone(s);
    if (!t) return 0;
    int n = 0;
    if (gs_undo(t) == GS_OK) {
        gs_move m = s->hist[s->nhist - 1].move;
        for (int i = 0; i < g->g->geom.n; i++)
            if (i != m && t->board.cells[i] != s->board.cells[i]) out[n++] = i;
    }
    gs_state_free(t);
    return n;
}

int srv_win_line(const gs_state *s, gs_result *r) {
    if (gs_has_counting(s->game)) {
        memset(r, 0, sizeof *r);
        return 0;
    }
    gs_result_get(s, r);
    return r->over && r->how == GS_END_LINE ? r->nline : 0;
}

void srv_game_json(io_buf *b, const srv_game *g, gs_lang lang, int flags, const int online[3], double now) {
    const gs_state *s = g->s;
    const gs_geom *geo = &g->g->geom;
    io_buf_printf(b, "{\"id\":%lld,\"spec\":", (long long)g->id);
    srv_json_str(b, g->g->spec);
    io_buf_printf(b, ",\"kind\":\"%s\",\"status\":\"%s\",\"private\":%s,\"created\":%lld,\"updated\":%lld",
                  g->g->ops->name, srv_status_name(g->status), g->priv ? "true" : "false", (long long)g->created,
                  (long long)g->updated);
    if ((flags & SRV_GAME_INVITE) && g->priv) io_buf_printf(b, ",\"invite\":\"%s\"", g->invite);
    io_buf_puts(b, ",\"players\":");
    srv_players_json(b, g, online);
    io_buf_printf(b, ",\"width\":%d,\"height\":%d,\"notation\":\"%s\",\"sgf\":%s,\"ply\":%d,\"to_move\":\"%s\",\"board\":[",
                  geo->w, geo->h, gs_notation_name(g->g->notation), g->g->sgf_gm > 0 ? "true" : "false", s->nhist,
                  gs_color_name(s->to_move));
    for (int y = 0; y < geo->h; y++) {
        io_buf_puts(b, y ? ",\"" : "\"");
        for (int x = 0; x < geo->w; x++) {
            int v = s->board.cells[gs_idx(geo, x, y)];
            io_buf_putc(b, v == GS_BLACK ? 'X' : v == GS_WHITE ? 'O' : '.');
        }
        io_buf_putc(b, '"');
    }
    io_buf_putc(b, ']');
    if (!(flags & SRV_GAME_NO_MOVES)) {
        io_buf_puts(b, ",\"moves\":[");
        for (int i = 1; i <= s->nhist; i++) {
            if (i > 1) io_buf_putc(b, ',');
            srv_move_json(b, g, i);
        }
        io_buf_putc(b, ']');
    }
    io_buf_puts(b, ",\"last\":");
    if (s->nhist && s->hist[s->nhist - 1].move >= 0) {
        gs_move m = s->hist[s->nhist - 1].move;
        io_buf_printf(b, "{\"x\":%d,\"y\":%d}", gs_x(geo, m), gs_y(geo, m));
    } else io_buf_puts(b, "null");
    io_buf_printf(b, ",\"captures\":{\"black\":%d,\"white\":%d}", gs_captures(s, GS_BLACK), gs_captures(s, GS_WHITE));
    /* legal and illegal points: the library's verdict on every empty point */
    int *cells = calloc((size_t)(geo->n + 1), sizeof *cells);
    gs_move *legal = malloc(sizeof *legal * (size_t)(geo->n + 1));
    uint8_t *is_legal = calloc((size_t)geo->n, 1);
    int nlegal = 0, can_pass = 0;
    if (cells && legal && is_legal && g->status == SRV_PLAYING) {
        int k = gs_legal_moves(s, legal);
        for (int i = 0; i < k; i++) {
            if (legal[i] == GS_PASS) can_pass = 1;
            else if (legal[i] >= 0 && legal[i] < geo->n) {
                is_legal[legal[i]] = 1;
                cells[nlegal++] = legal[i];
            }
        }
    }
    io_buf_puts(b, ",\"legal\":");
    point_list(b, geo, cells, cells ? nlegal : 0);
    io_buf_printf(b, ",\"can_pass\":%s,\"illegal\":[", can_pass ? "true" : "false");
    if (cells && legal && is_legal && g->status == SRV_PLAYING) {
        int first = 1;
        for (int i = 0; i < geo->n; i++) {
            if (is_legal[i] || s->board.cells[i] != GS_EMPTY) continue;
            gs_status st = gs_check(s, i);
            if (st == GS_OK) continue;
            io_buf_printf(b, "%s{\"x\":%d,\"y\":%d,\"code\":\"%s\",\"message\":", first ? "" : ",", gs_x(geo, i),
                          gs_y(geo, i), gs_reason_code(st));
            srv_json_str(b, gs_strerror(st, lang));
            io_buf_putc(b, '}');
            first = 0;
        }
    }
    io_buf_puts(b, "],\"changed\":");
    int nch = cells ? changed_cells(g, cells) : 0;
    point_list(b, geo, cells, nch);
    gs_result r;
    io_buf_puts(b, ",\"line\":");
    point_list(b, geo, r.line, srv_win_line(s, &r));
    free(cells);
    free(legal);
    free(is_legal);
    io_buf_puts(b, ",\"result\":");
    srv_result_json(b, g, lang);
    io_buf_puts(b, ",\"clock\":");
    srv_clock_json(b, &g->clock, now);
    io_buf_puts(b, ",\"offer\":");
    if (g->offer_kind)
        io_buf_printf(b, "{\"kind\":\"%s\",\"from\":\"%s\"}", g->offer_kind == 1 ? "draw" : "undo",
                      gs_color_name(g->offer_from));
    else io_buf_puts(b, "null");
    io_buf_puts(b, ",\"scoring\":");
    scoring_json(b, g, lang);
    io_buf_printf(b, ",\"handicap\":%d,\"undos\":%d,\"max_ply\":", g->handicap, g->undos);
    if (srv_max_ply(g->g)) io_buf_put_int(b, srv_max_ply(g->g));
    else io_buf_puts(b, "null");
    io_buf_putc(b, '}');
}

void srv_summary_json(io_buf *b, const srv_game *g, gs_lang lang, const int online[3], double now) {
    io_buf_printf(b, "{\"id\":%lld,\"spec\":", (long long)g->id);
    srv_json_str(b, g->g->spec);
    io_buf_printf(b, ",\"kind\":\"%s\",\"status\":\"%s\",\"private\":%s,\"created\":%lld,\"updated\":%lld,\"players\":",
                  g->g->ops->name, srv_status_name(g->status), g->priv ? "true" : "false", (long long)g->created,
                  (long long)g->updated);
    srv_players_json(b, g, online);
    io_buf_printf(b, ",\"ply\":%d,\"to_move\":\"%s\",\"clock\":", g->s->nhist, gs_color_name(g->s->to_move));
    srv_clock_json(b, &g->clock, now);
    io_buf_puts(b, ",\"result\":");
    srv_result_json(b, g, lang);
    io_buf_putc(b, '}');
}

/* ---- schema ---- */
static const char schema1_sqlite[] =
    "CREATE TABLE players (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  name TEXT NOT NULL,\n"
    "  name_key TEXT NOT NULL UNIQUE,\n"
    "  token TEXT NOT NULL UNIQUE,\n"
    "  lang TEXT NOT NULL DEFAULT 'en',\n"
    "  created BIGINT NOT NULL);\n"
    "CREATE TABLE games (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  spec TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL,\n"
    "  private INTEGER NOT NULL DEFAULT 0, invite TEXT,\n"
    "  creator BIGINT REFERENCES players(id),\n"
    "  black_id BIGINT REFERENCES players(id), white_id BIGINT REFERENCES players(id),\n"
    "  black_ai TEXT, white_ai TEXT,\n"
    "  created BIGINT NOT NULL, updated BIGINT NOT NULL,\n"
    "  clock_type TEXT NOT NULL DEFAULT 'none', main_ms BIGINT NOT NULL DEFAULT 0,\n"
    "  increment_ms BIGINT NOT NULL DEFAULT 0, periods INTEGER NOT NULL DEFAULT 0,\n"
    "  period_ms BIGINT NOT NULL DEFAULT 0,\n"
    "  black_ms BIGINT NOT NULL DEFAULT 0, white_ms BIGINT NOT NULL DEFAULT 0,\n"
    "  black_periods INTEGER NOT NULL DEFAULT 0, white_periods INTEGER NOT NULL DEFAULT 0,\n"
    "  ply INTEGER NOT NULL DEFAULT 0, undos INTEGER NOT NULL DEFAULT 0,\n"
    "  offer_kind INTEGER NOT NULL DEFAULT 0, offer_from INTEGER NOT NULL DEFAULT 0,\n"
    "  dead TEXT, accepted_black INTEGER NOT NULL DEFAULT 0, accepted_white INTEGER NOT NULL DEFAULT 0,\n"
    "  result TEXT, winner TEXT, how TEXT, score DOUBLE PRECISION,\n"
    "  captures_black INTEGER NOT NULL DEFAULT 0, captures_white INTEGER NOT NULL DEFAULT 0,\n"
    "  passes INTEGER NOT NULL DEFAULT 0,\n"
    "  finished BIGINT);\n"
    "CREATE INDEX games_status ON games(status, private);\n"
    "CREATE INDEX games_black ON games(black_id);\n"
    "CREATE INDEX games_white ON games(white_id);\n"
    "CREATE INDEX games_kind ON games(kind, created);\n"
    "CREATE TABLE moves (\n"
    "  game_id BIGINT NOT NULL REFERENCES games(id),\n"
    "  ply INTEGER NOT NULL,\n"
    "  color TEXT NOT NULL,\n"
    "  move TEXT NOT NULL,\n"
    "  x INTEGER, y INTEGER,\n"
    "  black_ms BIGINT NOT NULL DEFAULT 0, white_ms BIGINT NOT NULL DEFAULT 0,\n"
    "  created BIGINT NOT NULL,\n"
    "  PRIMARY KEY (game_id, ply));\n";

/* PostgreSQL: identity columns instead of INTEGER PRIMARY KEY. */
static char schema1_pg[sizeof schema1_sqlite + 256];

static const char *pg_schema1(void) {
    if (!schema1_pg[0]) {
        const char *from = "id INTEGER PRIMARY KEY", *to = "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY";
        const char *s = schema1_sqlite;
        char *o = schema1_pg;
        while (*s) {
            if (!strncmp(s, from, strlen(from))) {
                strcpy(o, to);
                o += strlen(to);
                s += strlen(from);
            } else *o++ = *s++;
        }
        *o = 0;
    }
    return schema1_pg;
}

/* Migration 5: tokens were stored as given; from now on only their SHA-256
 * is kept.  The column is renamed first, then every stored token hashed. */
static db_status hash_stored_tokens(db_conn *db, char *err, size_t errlen) {
    db_res *r;
    db_status st = db_exec(db, "SELECT id, token_sha256 FROM players", NULL, 0, &r);
    for (int i = 0; st == DB_OK && i < r->rows; i++) {
        const char *tok = db_res_get(r, i, 1);
        char hash[SRV_TOKEN_HEX + 1];
        srv_token_hash(tok ? tok : "", hash);
        db_param p[] = {db_text(hash), db_int(db_res_int(r, i, 0, 0))};
        st = db_exec(db, "UPDATE players SET token_sha256 = $1 WHERE id = $2", p, 2, NULL);
    }
    if (st != DB_OK) snprintf(err, errlen, "migration 5 (token hashes): %s", db_errmsg(db));
    if (r) db_res_free(r);
    return st;
}

db_status srv_schema_migrate(db_conn *db, char *err, size_t errlen) {
    db_migration m[] = {
        {1, schema1_sqlite, pg_schema1(), NULL},
        {2, stats_schema, NULL, NULL},     /* ratings and their history (stats.c) */
        /* every commit bumps the version; an instance holding an older copy
         * cannot overwrite a newer one (cluster.c) */
        {3, "ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0", NULL, NULL},
        {4, "ALTER TABLE games ADD COLUMN handicap INTEGER NOT NULL DEFAULT 0", NULL, NULL},
        {5, "ALTER TABLE players RENAME COLUMN token TO token_sha256", NULL, hash_stored_tokens},
        /* the AI turn an instance searches, claimed (several instances, cluster.c) */
        {6, "CREATE TABLE IF NOT EXISTS ai_leases (game_id BIGINT PRIMARY KEY, version BIGINT NOT NULL, instance TEXT NOT NULL,"
            " until_ms BIGINT NOT NULL)", NULL, NULL},
    };
    int applied;
    return db_migrate(db, m, (int)(sizeof m / sizeof m[0]), &applied, err, errlen);
}

/* ---- rows ---- */
static void dead_text(const srv_game *g, char *out, size_t len) {
    size_t o = 0;
    out[0] = 0;
    if (!g->dead) return;
    for (int i = 0; i < g->g->geom.n && o + 8 < len; i++)
        if (g->dead[i]) o += (size_t)snprintf(out + o, len - o, "%s%d", o ? "," : "", i);
}

static int count_passes(const gs_state *s) {
    int n = 0;
    for (int i = 0; i < s->nhist; i++) n += s->hist[i].move == GS_PASS;
    return n;
}

db_status srv_game_update_row(db_conn *db, const srv_game *g, double now) {
    srv_clock k = g->clock;
    int64_t ms[3] = {0, 0, 0};
    int per[3] = {0, 0, 0};
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        int byo;
        srv_clock_view(&k, c, now, &ms[c], &per[c], &byo);
        if (byo) ms[c] = 0;
    }
    char dead[GS_MAX_CELLS * 5 + 1];
    dead_text(g, dead, sizeof dead);
    const char *winner = g->status == SRV_FINISHED
                             ? (g->winner == GS_BLACK ? "black" : g->winner == GS_WHITE ? "white" : "draw")
                             : NULL;
    db_param p[] = {
        db_int(g->id),
        db_text(srv_status_name(g->status)),
        db_int(g->seat[GS_BLACK].id ? g->seat[GS_BLACK].id : 0),
        db_int(g->seat[GS_WHITE].id ? g->seat[GS_WHITE].id : 0),
        db_int(g->updated),
        db_int(ms[GS_BLACK]), db_int(ms[GS_WHITE]), db_int(per[GS_BLACK]), db_int(per[GS_WHITE]),
        db_int(g->s->nhist), db_int(g->undos), db_int(g->offer_kind), db_int(g->offer_from),
        db_text(g->dead ? dead : NULL), db_int(g->accepted[GS_BLACK]), db_int(g->accepted[GS_WHITE]),
        db_text(g->status == SRV_FINISHED ? g->result : NULL), db_text(winner),
        db_text(g->status == SRV_FINISHED ? g->how : NULL),
        g->status == SRV_FINISHED && g->has_score ? db_real(g->score) : db_null(),
        db_int(gs_captures(g->s, GS_BLACK)), db_int(gs_captures(g->s, GS_WHITE)), db_int(count_passes(g->s)),
        g->status == SRV_FINISHED ? db_int(g->updated) : db_null(),
        db_int(g->version),
    };
    if (!p[2].i) p[2] = db_null();
    if (!p[3].i) p[3] = db_null();
    db_res *res = NULL;
    db_status st = db_exec(db,
                   "UPDATE games SET status=$2, black_id=$3, white_id=$4, updated=$5, black_ms=$6, white_ms=$7,"
                   " black_periods=$8, white_periods=$9, ply=$10, undos=$11, offer_kind=$12, offer_from=$13,"
                   " dead=$14, accepted_black=$15, accepted_white=$16, result=$17, winner=$18, how=$19, score=$20,"
                   " captures_black=$21, captures_white=$22, passes=$23, finished=$24, version=version+1"
                   " WHERE id=$1 AND version=$25",
                   p, (int)(sizeof p / sizeof p[0]), &res);
    /* No row: another instance changed the game since this copy was loaded. */
    if (st == DB_OK && res->changes != 1) st = DB_CONFLICT;
    db_res_free(res);
    return st;
}

db_status srv_game_insert_row(db_conn *db, srv_game *g) {
    db_param p[] = {
        db_text(g->g->spec), db_text(g->g->ops->name), db_text(srv_status_name(g->status)), db_int(g->priv),
        db_text(g->priv ? g->invite : NULL), db_int(g->creator),
        db_int(g->seat[GS_BLACK].id), db_int(g->seat[GS_WHITE].id),
        db_text(g->seat[GS_BLACK].ai[0] ? g->seat[GS_BLACK].ai : NULL),
        db_text(g->seat[GS_WHITE].ai[0] ? g->seat[GS_WHITE].ai : NULL),
        db_int(g->created), db_text(srv_clock_name(g->clock.type)), db_int(g->clock.main_ms),
        db_int(g->clock.inc_ms), db_int(g->clock.periods), db_int(g->clock.period_ms),
        db_int(g->clock.left[GS_BLACK]), db_int(g->clock.left[GS_WHITE]),
        db_int(g->clock.periods_left[GS_BLACK]), db_int(g->clock.periods_left[GS_WHITE]), db_int(g->handicap),
    };
    if (!p[6].i) p[6] = db_null();
    if (!p[7].i) p[7] = db_null();
    return db_exec_int(db,
                       "INSERT INTO games (spec, kind, status, private, invite, creator, black_id, white_id,"
                       " black_ai, white_ai, created, updated, clock_type, main_ms, increment_ms, periods, period_ms,"
                       " black_ms, white_ms, black_periods, white_periods, handicap)"
                       " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21)"
                       " RETURNING id",
                       p, (int)(sizeof p / sizeof p[0]), &g->id);
}

db_status srv_move_insert_row(db_conn *db, const srv_game *g, double now) {
    int ply = g->s->nhist;
    gs_hist h = g->s->hist[ply - 1];
    const gs_geom *geo = &g->g->geom;
    char t[32];
    gs_notation_format_move(g->g->notation, geo->w, geo->h, h.move, t, sizeof t);
    int64_t ms[3] = {0, 0, 0};
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        int per, byo;
        srv_clock_view(&g->clock, c, now, &ms[c], &per, &byo);
    }
    db_param p[] = {
        db_int(g->id), db_int(ply), db_text(gs_color_name(h.color)), db_text(h.move == GS_PASS ? "pass" : t),
        h.move >= 0 ? db_int(gs_x(geo, h.move)) : db_null(), h.move >= 0 ? db_int(gs_y(geo, h.move)) : db_null(),
        db_int(ms[GS_BLACK]), db_int(ms[GS_WHITE]), db_int(g->updated),
    };
    return db_exec(db,
                   "INSERT INTO moves (game_id, ply, color, move, x, y, black_ms, white_ms, created)"
                   " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)",
                   p, (int)(sizeof p / sizeof p[0]), NULL);
}

/* A game's row as game_from_row reads it (column 34: its id, 35: its ply). */
#define GAME_ROW                                                                                                   \
    "SELECT g.spec, g.status, g.private, g.invite, g.creator, g.black_id, g.white_id, g.black_ai,"                 \
    " g.white_ai, g.created, g.updated, g.clock_type, g.main_ms, g.increment_ms, g.periods, g.period_ms,"          \
    " g.black_ms, g.white_ms, g.black_periods, g.white_periods, g.undos, g.offer_kind, g.offer_from,"              \
    " g.dead, g.accepted_black, g.accepted_white, g.result, g.winner, g.how, g.score,"                             \
    " pb.name, pw.name, g.version, g.handicap, g.id, g.ply"                                                        \
    " FROM games g LEFT JOIN players pb ON pb.id = g.black_id LEFT JOIN players pw ON pw.id = g.white_id"

static gs_status game_from_row(db_conn *db, io_shelf *shelf, const db_res *r, int row, double now, srv_game *held,
                               srv_game **out, int *appended, char *err, size_t errlen);

gs_status srv_game_from_db(db_conn *db, io_shelf *shelf, int64_t id, double now, srv_game **out, char *err,
                           size_t errlen) {
    return srv_game_reload_from_db(db, shelf, id, now, NULL, out, NULL, err, errlen);
}

gs_status srv_game_reload_from_db(db_conn *db, io_shelf *shelf, int64_t id, double now, srv_game *held,
                                  srv_game **out, int *appended, char *err, size_t errlen) {
    *out = NULL;
    if (appended) *appended = 0;
    db_param pid = db_int(id);
    db_res *r;
    if (db_exec(db, GAME_ROW " WHERE g.id = $1", &pid, 1, &r) != DB_OK) {
        snprintf(err, errlen, "%s", db_errmsg(db));
        return GS_ERR_IO;
    }
    if (r->rows != 1) {
        db_res_free(r);
        snprintf(err, errlen, "no game %lld", (long long)id);
        return GS_ERR_INVALID_ARG;
    }
    gs_status st = game_from_row(db, shelf, r, 0, now, held, out, appended, err, errlen);
    db_res_free(r);
    return st;
}

static int cmp_row_id(const void *a, const void *b) {
    int64_t x = ((const int64_t *)a)[0], y = ((const int64_t *)b)[0];
    return (x > y) - (x < y);
}

gs_status srv_games_live_from_db(db_conn *db, io_shelf *shelf, double now,
                                 void (*each)(void *ud, int64_t id, srv_game *g, gs_status st, const char *err),
                                 void *ud, char *err, size_t errlen) {
    db_res *r;
    /* two index searches, sorted here: "status IN (...) ORDER BY id" is a
     * temporary b-tree and a sorter in SQLite */
    if (db_exec(db, GAME_ROW " WHERE g.status = 'playing' UNION ALL " GAME_ROW " WHERE g.status = 'scoring'", NULL, 0,
                &r) != DB_OK) {
        snprintf(err, errlen, "%s", db_errmsg(db));
        return GS_ERR_IO;
    }
    int64_t (*order)[2] = malloc(sizeof *order * (size_t)(r->rows ? r->rows : 1));
    if (!order) {
        db_res_free(r);
        snprintf(err, errlen, "out of memory");
        return GS_ERR_NOMEM;
    }
    for (int i = 0; i < r->rows; i++) {
        order[i][0] = db_res_int(r, i, 34, 0);
        order[i][1] = i;
    }
    qsort(order, (size_t)r->rows, sizeof *order, cmp_row_id);
    for (int i = 0; i < r->rows; i++) {
        srv_game *g;
        char gerr[256];
        gs_status st = game_from_row(db, shelf, r, (int)order[i][1], now, NULL, &g, NULL, gerr, sizeof gerr);
        each(ud, order[i][0], g, st, gerr);
    }
    free(order);
    db_res_free(r);
    return GS_OK;
}

/* Play the stored moves of game id from ply from + 1 on s (their plies in
 * order); the number played, or (err says why) -1 when one does not replay,
 * -2 when the database fails; those played are then taken back. */
static int play_stored(db_conn *db, int64_t id, int from, gs_state *s, char *err, size_t errlen) {
    db_param p[] = {db_int(id), db_int(from)};
    db_res *mr;
    if (db_exec(db, "SELECT ply, move FROM moves WHERE game_id = $1 AND ply > $2 ORDER BY ply", p, 2, &mr) != DB_OK) {
        snprintf(err, errlen, "%s", db_errmsg(db));
        return -2;
    }
    int i;
    for (i = 0; i < mr->rows; i++) {
        gs_move m;
        const char *t = db_res_get(mr, i, 1);
        gs_status st = t ? gs_state_parse_move(s, t, &m) : GS_ERR_PARSE;
        if (st == GS_OK && db_res_int(mr, i, 0, 0) != from + i + 1) st = GS_ERR_BAD_POSITION;
        if (st == GS_OK) st = gs_play(s, m);
        if (st != GS_OK) {
            snprintf(err, errlen, "game %lld: stored move %d (%s) does not replay: %s", (long long)id, from + i + 1,
                     t ? t : "?", gs_reason_code(st));
            while (i-- > 0) gs_undo(s);
            db_res_free(mr);
            return -1;
        }
    }
    db_res_free(mr);
    return i;
}

/* The game of row `row` of r (a GAME_ROW result), its moves replayed
 * through the rules (with held: onto held's state when the row continues
 * it, srv_game_reload_from_db).  Clocks resume now: the time the server was
 * down is not charged. */
static gs_status game_from_row(db_conn *db, io_shelf *shelf, const db_res *r, int row, double now, srv_game *held,
                               srv_game **out, int *appended, char *err, size_t errlen) {
    *out = NULL;
    int64_t id = db_res_int(r, row, 34, 0);
    srv_game *g = calloc(1, sizeof *g);
    gs_error ge;
    if (!g) {
        snprintf(err, errlen, "game %lld: out of memory", (long long)id);
        return GS_ERR_BAD_VALUE;
    }
    g->id = id;
    g->status = srv_status_from_name(db_res_get(r, row, 1) ? db_res_get(r, row, 1) : "open");
    if (g->status < 0) g->status = SRV_OPEN;
    g->priv = (int)db_res_int(r, row, 2, 0);
    snprintf(g->invite, sizeof g->invite, "%s", db_res_get(r, row, 3) ? db_res_get(r, row, 3) : "");
    g->creator = db_res_int(r, row, 4, 0);
    for (int c = GS_BLACK; c <= GS_WHITE; c++) {
        g->seat[c].id = db_res_int(r, row, c == GS_BLACK ? 5 : 6, 0);
        const char *ai = db_res_get(r, row, c == GS_BLACK ? 7 : 8);
        const char *nm = db_res_get(r, row, c == GS_BLACK ? 30 : 31);
        snprintf(g->seat[c].ai, sizeof g->seat[c].ai, "%s", ai ? ai : "");
        if (ai) snprintf(g->seat[c].name, sizeof g->seat[c].name, "AI (%s)", ai);
        else snprintf(g->seat[c].name, sizeof g->seat[c].name, "%s", nm ? nm : "");
    }
    g->created = db_res_int(r, row, 9, 0);
    g->updated = db_res_int(r, row, 10, 0);
    g->version = db_res_int(r, row, 32, 0);
    int ct = srv_clock_type(db_res_get(r, row, 11) ? db_res_get(r, row, 11) : "none");
    g->clock.type = ct < 0 ? 0 : ct;
    g->clock.main_ms = db_res_int(r, row, 12, 0);
    g->clock.inc_ms = db_res_int(r, row, 13, 0);
    g->clock.periods = (int)db_res_int(r, row, 14, 0);
    g->clock.period_ms = db_res_int(r, row, 15, 0);
    g->clock.left[GS_BLACK] = db_res_int(r, row, 16, 0);
    g->clock.left[GS_WHITE] = db_res_int(r, row, 17, 0);
    g->clock.periods_left[GS_BLACK] = (int)db_res_int(r, row, 18, 0);
    g->clock.periods_left[GS_WHITE] = (int)db_res_int(r, row, 19, 0);
    g->undos = (int)db_res_int(r, row, 20, 0);
    g->offer_kind = (int)db_res_int(r, row, 21, 0);
    g->offer_from = (int)db_res_int(r, row, 22, 0);
    const char *dead = db_res_get(r, row, 23);
    g->accepted[GS_BLACK] = (int)db_res_int(r, row, 24, 0);
    g->accepted[GS_WHITE] = (int)db_res_int(r, row, 25, 0);
    snprintf(g->result, sizeof g->result, "%s", db_res_get(r, row, 26) ? db_res_get(r, row, 26) : "");
    const char *w = db_res_get(r, row, 27);
    g->winner = w && !strcmp(w, "black") ? GS_BLACK : w && !strcmp(w, "white") ? GS_WHITE : GS_EMPTY;
    snprintf(g->how, sizeof g->how, "%s", db_res_get(r, row, 28) ? db_res_get(r, row, 28) : "");
    g->has_score = db_res_get(r, row, 29) != NULL;
    g->score = db_res_real(r, row, 29, 0);
    g->handicap = (int)db_res_int(r, row, 33, 0);
    /* held's history continued: the moves after it played onto its state,
     * which must then be as long as the row says */
    int64_t ply = db_res_int(r, row, 35, -1);
    gs_state *s = NULL;
    if (held && held->undos == g->undos && held->handicap == g->handicap && held->s->nhist <= ply) {
        int n = play_stored(db, id, held->s->nhist, held->s, err, errlen);
        if (n >= 0 && held->s->nhist != ply)
            while (n-- > 0) gs_undo(held->s);
        else if (n >= 0) {
            g->g = held->g;
            g->shared_game = 1;   /* held's: freeing g leaves it */
            s = held->s;
            if (appended) *appended = 1;
        }
    }
    if (!s) {   /* the whole game, replayed through the rules */
        int own = 0;
        const char *spec = db_res_get(r, row, 0);
        if (io_shelf_game(shelf, spec ? spec : "", &g->g, &own, &ge) != GS_OK || !(g->s = gs_state_new(g->g))) {
            snprintf(err, errlen, "game %lld: %s", (long long)id, g->g ? "out of memory" : ge.msg);
            if (g->g && own) gs_game_free(g->g);
            g->g = NULL;
            srv_game_free(g);
            return GS_ERR_BAD_VALUE;
        }
        g->shared_game = !own;
        if (g->handicap > 0 && gs_handicap(g->s, g->handicap, &ge) != GS_OK) {
            snprintf(err, errlen, "game %lld: handicap %d: %s", (long long)id, g->handicap, ge.msg);
            srv_game_free(g);
            return GS_ERR_BAD_POSITION;
        }
        int n = play_stored(db, id, 0, g->s, err, errlen);
        if (n < 0) {
            srv_game_free(g);
            return n == -2 ? GS_ERR_IO : GS_ERR_BAD_POSITION;
        }
        s = g->s;
    }
    if (dead) {
        g->dead = calloc((size_t)s->game->geom.n, 1);
        for (const char *p = dead; g->dead && *p;) {
            char *e;
            long c = strtol(p, &e, 10);
            if (e == p) break;
            if (c >= 0 && c < s->game->geom.n) g->dead[c] = 1;
            p = *e == ',' ? e + 1 : e;
        }
    }
    if (g->status == SRV_PLAYING) g->clock.running = s->to_move;
    g->clock.since = now;
    *out = g;
    return GS_OK;
}

srv_game *srv_game_copy(const srv_game *src, double now) {
    srv_game *g = malloc(sizeof *g);
    if (!g) return NULL;
    *g = *src;
    g->shared_game = 1;
    g->dead = NULL;
    g->watchers = NULL;
    g->nwatch = g->capwatch = 0;
    g->remote = NULL;
    g->nremote = 0;
    g->ai_pending = 0;
    g->last_tick = 0;
    g->next = NULL;
    g->clock.since = now;
    if (!(g->s = gs_state_clone(src->s))) {
        free(g);
        return NULL;
    }
    if (src->dead) {
        if (!(g->dead = malloc((size_t)g->g->geom.n))) {
            srv_game_free(g);
            return NULL;
        }
        memcpy(g->dead, src->dead, (size_t)g->g->geom.n);
    }
    return g;
}

void srv_game_free(srv_game *g) {
    if (!g) return;
    if (g->s) gs_state_free(g->s);
    if (g->g && !g->shared_game) gs_game_free(g->g);
    free(g->dead);
    free(g->watchers);
    free(g->remote);
    free(g);
}
