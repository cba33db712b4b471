/* The server core started with copies of its live games (srv_opts.live)
 * against one that reads them from the database: the same games, the same
 * views, and the copies play on as the loaded games do. */
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <unistd.h>
#include "test.h"
#include "gridstone/io.h"
#include "server/core.h"
#include "server/game.h"

static char *req(srv_core *c, const char *method, const char *path, const char *auth, const char *body, int *status) {
    srv_http_req r = {method, path, "", auth, "", body, body ? strlen(body) : 0};
    srv_http_resp out;
    *status = srv_http(c, &r, &out) ? out.status : 0;
    return *status ? out.body : NULL;
}

/* "Bearer TOKEN" of a new player */
static void player(srv_core *c, const char *body, char *auth) {
    int st;
    char *r = req(c, "POST", "/api/players", "", body, &st);
    const char *t = r ? strstr(r, "\"token\":\"") : NULL;
    snprintf(auth, 80, "Bearer %.64s", t ? t + 9 : "");
    free(r);
}

static int64_t game(srv_core *c, const char *spec, const char *a, const char *b) {
    char body[128], path[64];
    snprintf(body, sizeof body, "{\"spec\":\"%s\",\"color\":\"black\"}", spec);
    int st;
    char *r = req(c, "POST", "/api/games", a, body, &st);
    int64_t id = r && st == 201 ? strtoll(strstr(r, "\"id\":") + 5, NULL, 10) : 0;
    free(r);
    snprintf(path, sizeof path, "/api/games/%lld/join", (long long)id);
    free(req(c, "POST", path, b, "{}", &st));
    return st == 200 ? id : 0;
}

static int play(srv_core *c, int64_t id, const char *auth, int ply, const char *mv) {
    char body[96], path[64];
    snprintf(path, sizeof path, "/api/games/%lld/moves", (long long)id);
    snprintf(body, sizeof body, "{\"ply\":%d,\"move\":\"%s\"}", ply, mv);
    int st;
    free(req(c, "POST", path, auth, body, &st));
    return st;
}

static srv_game *kept[8];
static int nkept;
static void keep(void *ud, int64_t id, srv_game *g, gs_status st, const char *err) {
    (void)ud, (void)id, (void)err;
    if (st == GS_OK && nkept < 8) kept[nkept++] = g;
    else srv_game_free(g);
}

static int stall_ms;   /* srv_opts.ai_stall_ms of the next core */

static srv_core *core(db_conn *db, io_shelf *shelf, int copies) {
    srv_opts o;
    memset(&o, 0, sizeof o);
    o.ai_stall_ms = stall_ms;
    o.shelf = shelf;
    o.live = copies ? kept : NULL;
    o.nlive = copies ? nkept : 0;
    char err[256];
    return srv_core_new(db, &o, err, sizeof err);
}

/* A core on a fresh in-memory database with players "a" and "b" (a, b:
 * their "Bearer TOKEN"), for the tests below; and its end. */
typedef struct fixture {
    db_conn *db;
    io_shelf *shelf;
    srv_core *c;
    char a[80], b[80];
} fixture;

static int fresh(fixture *f, int ai_stall_ms) {
    char err[256];
    memset(f, 0, sizeof *f);
    if (db_open("sqlite::memory:", &f->db, err, sizeof err) != DB_OK) return 0;
    f->shelf = io_shelf_new();
    stall_ms = ai_stall_ms;
    f->c = core(f->db, f->shelf, 0);
    stall_ms = 0;
    if (f->c) player(f->c, "{\"name\":\"a\"}", f->a);
    if (f->c) player(f->c, "{\"name\":\"b\"}", f->b);
    return f->c != NULL;
}

/* fresh, and a game of spec between a (black) and b; its id, 0 on failure */
static int64_t fresh_game(fixture *f, const char *spec) {
    return fresh(f, 0) ? game(f->c, spec, f->a, f->b) : 0;
}

static void done(fixture *f) {
    srv_core_free(f->c);
    io_shelf_free(f->shelf);
    db_close(f->db);
}

TEST(core_started_with_copies_of_the_live_games) {
    db_conn *db = NULL;
    char err[256], a[80], b[80];
    REQUIRE(db_open("sqlite::memory:", &db, err, sizeof err) == DB_OK);
    io_shelf *shelf = io_shelf_new();
    srv_core *c = core(db, shelf, 0);
    REQUIRE(c != NULL);
    player(c, "{\"name\":\"a\"}", a);
    player(c, "{\"name\":\"b\"}", b);
    int64_t ids[3] = {game(c, "tictactoe", a, b), game(c, "go:size=5", a, b), game(c, "renju", a, b)};
    REQUIRE(ids[0] && ids[1] && ids[2]);
    CHECK_EQ_INT(play(c, ids[0], a, 1, "b2"), 200);
    CHECK_EQ_INT(play(c, ids[1], a, 1, "C3"), 200);
    CHECK_EQ_INT(play(c, ids[1], b, 2, "pass"), 200);
    CHECK_EQ_INT(play(c, ids[1], a, 3, "pass"), 200);   /* scoring */
    srv_core_free(c);
    nkept = 0;
    REQUIRE(srv_games_live_from_db(db, shelf, gs_now(), keep, NULL, err, sizeof err) == GS_OK);
    CHECK_EQ_INT(nkept, 3);

    /* the same views from a core that reads the rows and one that copies */
    srv_core *rd = core(db, shelf, 0), *cp = core(db, shelf, 1);
    REQUIRE(rd && cp);
    for (int i = 0; i < 3; i++) {
        char path[64];
        int s1, s2;
        snprintf(path, sizeof path, "/api/games/%lld", (long long)ids[i]);
        char *v1 = req(rd, "GET", path, a, NULL, &s1), *v2 = req(cp, "GET", path, a, NULL, &s2);
        CHECK_EQ_INT(s1, 200);
        CHECK_EQ_INT(s2, 200);
        CHECK_EQ_STR(v1, v2);
        free(v1);
        free(v2);
    }
    srv_core_free(rd);
    /* a copy plays on (and commits) as a loaded game does, the kept game unchanged */
    int64_t ply0 = kept[0]->s->nhist;
    CHECK_EQ_INT(play(cp, ids[0], b, 2, "a1"), 200);
    CHECK_EQ_INT(kept[0]->s->nhist, ply0);
    srv_core_free(cp);
    rd = core(db, shelf, 0);
    char path[64];
    int st;
    snprintf(path, sizeof path, "/api/games/%lld", (long long)ids[0]);
    char *v = req(rd, "GET", path, a, NULL, &st);
    REQUIRE(v && strstr(v, "\"ply\":2"));
    free(v);
    srv_core_free(rd);
    for (int i = 0; i < nkept; i++) srv_game_free(kept[i]);
    io_shelf_free(shelf);
    db_close(db);
}

/* An AI game is created playing: when the write that starts it fails, the
 * answer is an error and nothing is left behind - no open row in the lobby
 * with an AI seat a second player could join (it was inserted open, then
 * started by a second commit). The failure is injected with a trigger that
 * refuses any games row marked playing. */
TEST(ai_game_whose_start_fails_leaves_nothing) {
    fixture f;
    REQUIRE(fresh(&f, 0));
    REQUIRE(db_exec(f.db,
                    "CREATE TRIGGER no_start_u BEFORE UPDATE ON games WHEN NEW.status = 'playing'"
                    " BEGIN SELECT RAISE(ABORT, 'injected'); END",
                    NULL, 0, NULL) == DB_OK);
    REQUIRE(db_exec(f.db,
                    "CREATE TRIGGER no_start_i BEFORE INSERT ON games WHEN NEW.status = 'playing'"
                    " BEGIN SELECT RAISE(ABORT, 'injected'); END",
                    NULL, 0, NULL) == DB_OK);
    int st;
    char *r = req(f.c, "POST", "/api/games", f.a,
                  "{\"spec\":\"tictactoe\",\"color\":\"black\",\"opponent\":{\"type\":\"ai\",\"level\":\"random\"}}", &st);
    CHECK(st >= 400 && r && strstr(r, "\"error\""));   /* the trigger's abort reads as a conflict */
    free(r);
    int64_t n = -1;
    REQUIRE(db_exec_int(f.db, "SELECT count(*) FROM games", NULL, 0, &n) == DB_OK);
    CHECK_EQ_INT(n, 0);
    r = req(f.c, "GET", "/api/lobby", f.a, NULL, &st);
    CHECK(r && strstr(r, "\"open\":[]"));
    free(r);
    /* without the fault the same request makes a playing game */
    REQUIRE(db_exec(f.db, "DROP TRIGGER no_start_u", NULL, 0, NULL) == DB_OK);
    REQUIRE(db_exec(f.db, "DROP TRIGGER no_start_i", NULL, 0, NULL) == DB_OK);
    r = req(f.c, "POST", "/api/games", f.a,
            "{\"spec\":\"tictactoe\",\"color\":\"black\",\"opponent\":{\"type\":\"ai\",\"level\":\"random\"}}", &st);
    CHECK_EQ_INT(st, 201);
    CHECK(r && strstr(r, "\"status\":\"playing\""));
    free(r);
    REQUIRE(db_exec_int(f.db, "SELECT count(*) FROM games WHERE status = 'playing'", NULL, 0, &n) == DB_OK);
    CHECK_EQ_INT(n, 1);
    done(&f);
}

/* A database failure is answered with the catalogue's text alone: the
 * driver's message (SQL, table and constraint names, the database's own
 * language) goes to the log, not to the client. */
TEST(storage_errors_do_not_show_the_driver_message) {
    fixture f;
    int64_t id = fresh_game(&f, "tictactoe");
    REQUIRE(id);
    REQUIRE(db_exec(f.db, "CREATE TRIGGER broken BEFORE INSERT ON moves BEGIN SELECT * FROM secret_table_name; END", NULL,
                    0, NULL) == DB_OK);
    char path[64];
    snprintf(path, sizeof path, "/api/games/%lld/moves", (long long)id);
    const char *body = "{\"ply\":1,\"move\":\"b2\"}";
    srv_http_req hr = {"POST", path, "lang=ko", f.a, "", body, strlen(body)};
    srv_http_resp out;
    int st = srv_http(f.c, &hr, &out) ? out.status : 0;
    char *r = st ? out.body : NULL;
    CHECK_EQ_INT(st, 500);
    CHECK(r && strstr(r, "\"storage\"") && strstr(r, "저장 오류입니다"));
    CHECK(r && !strstr(r, "secret_table_name") && !strstr(r, "no such"));
    free(r);
    done(&f);
}

/* An AI move whose commit failed (a full disk, a lost database), or that
 * the instance owing it never made (killed between the human's move and the
 * AI's, another instance holding the game): the AI is to move and nothing
 * searches.  The game stalled for good; now a tick tries again once the game
 * has not changed for srv_opts.ai_stall_ms. */
TEST(a_failed_ai_move_is_tried_again) {
    fixture f;
    REQUIRE(fresh(&f, 1));
    int st;
    char *r = req(f.c, "POST", "/api/games", f.a,
                  "{\"spec\":\"go:size=5\",\"color\":\"black\",\"opponent\":{\"type\":\"ai\",\"level\":\"random\"}}", &st);
    CHECK_EQ_INT(st, 201);
    int64_t id = r && strstr(r, "\"id\":") ? strtoll(strstr(r, "\"id\":") + 5, NULL, 10) : 0;
    free(r);
    REQUIRE(id > 0);
    REQUIRE(db_exec(f.db,
                    "CREATE TRIGGER no_white BEFORE INSERT ON moves WHEN NEW.color = 'white'"
                    " BEGIN SELECT RAISE(FAIL, 'injected'); END",
                    NULL, 0, NULL) == DB_OK);
    CHECK_EQ_INT(play(f.c, id, f.a, 1, "C3"), 200);   /* the AI's answer fails to commit */
    srv_game *g = srv_game_find(f.c, id);
    REQUIRE(g != NULL);
    CHECK_EQ_INT(g->s->nhist, 1);
    CHECK_EQ_INT(g->ai_pending, 0);
    REQUIRE(db_exec(f.db, "DROP TRIGGER no_white", NULL, 0, NULL) == DB_OK);
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);   /* past ai_stall_ms */
    srv_core_tick(f.c, gs_now());
    CHECK_EQ_INT(g->s->nhist, 2);
    int64_t n = 0;
    REQUIRE(db_exec_int(f.db, "SELECT count(*) FROM moves", NULL, 0, &n) == DB_OK);
    CHECK_EQ_INT(n, 2);
    done(&f);
}

/* GET /api/games/ID/json of a game that ended beyond its moves (a
 * resignation, a flag, an agreed draw) says who won and how, as the SGF's
 * RE[] does: it said "" (the position's result), and a downloaded resigned
 * game did not say who won.  The file loads back with that result. */
static void json_result_is(srv_core *c, int64_t id, const char *want) {
    char path[64];
    int st;
    snprintf(path, sizeof path, "/api/games/%lld/json", (long long)id);
    char *r = req(c, "GET", path, "", NULL, &st);
    CHECK_EQ_INT(st, 200);
    REQUIRE(r);
    char field[48];
    snprintf(field, sizeof field, ",\"result\":\"%s\"}", want);
    CHECKF(strstr(r, field) != NULL, "want %s in %s", field, r);
    gs_loaded *l = NULL;
    int n = 0;
    gs_error err;
    CHECKF(gs_load_positions(r, strlen(r), NULL, GS_LOAD_STRICT, &l, &n, &err) == GS_OK, "%s: %s", r, err.msg);
    if (n == 1) CHECK_EQ_STR(l[0].result, want);
    gs_loaded_free(l, n);
    free(r);
}

static int action(srv_core *c, int64_t id, const char *auth, const char *body) {
    char path[64];
    int st;
    snprintf(path, sizeof path, "/api/games/%lld/action", (long long)id);
    free(req(c, "POST", path, auth, body, &st));
    return st;
}

TEST(json_download_carries_the_servers_result) {
    /* white resigns a game of renju still open on the board */
    fixture f;
    int64_t id = fresh_game(&f, "renju");
    REQUIRE(id);
    const char *b = f.b;
    CHECK_EQ_INT(play(f.c, id, f.a, 1, "h8"), 200);
    json_result_is(f.c, id, "");
    CHECK_EQ_INT(action(f.c, id, b, "{\"type\":\"resign\"}"), 200);
    json_result_is(f.c, id, "B+R");
    /* a draw agreed in Reversi */
    id = game(f.c, "othello", f.a, b);
    REQUIRE(id);
    CHECK_EQ_INT(play(f.c, id, f.a, 1, "d3"), 200);
    CHECK_EQ_INT(action(f.c, id, f.a, "{\"type\":\"draw_offer\"}"), 200);
    CHECK_EQ_INT(action(f.c, id, b, "{\"type\":\"draw_answer\",\"accept\":true}"), 200);
    json_result_is(f.c, id, "0");
    /* black's flag falls in Go */
    int st;
    char *r = req(f.c, "POST", "/api/games", f.a,
                  "{\"spec\":\"go:size=5\",\"color\":\"black\",\"clock\":{\"type\":\"absolute\",\"main_ms\":1}}", &st);
    id = r && st == 201 ? strtoll(strstr(r, "\"id\":") + 5, NULL, 10) : 0;
    free(r);
    REQUIRE(id);
    char path[64];
    snprintf(path, sizeof path, "/api/games/%lld/join", (long long)id);
    free(req(f.c, "POST", path, b, "{}", &st));
    CHECK_EQ_INT(st, 200);
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
    srv_core_tick(f.c, gs_now());
    json_result_is(f.c, id, "W+T");
    /* a Go game counted with the dead stones the players agreed on: the
     * count of the game, not of the bare final position */
    id = game(f.c, "go:size=5", f.a, b);
    REQUIRE(id);
    CHECK_EQ_INT(play(f.c, id, f.a, 1, "C3"), 200);
    CHECK_EQ_INT(play(f.c, id, b, 2, "B2"), 200);
    CHECK_EQ_INT(play(f.c, id, f.a, 3, "pass"), 200);
    CHECK_EQ_INT(play(f.c, id, b, 4, "pass"), 200);
    json_result_is(f.c, id, "");   /* being scored */
    CHECK_EQ_INT(action(f.c, id, f.a, "{\"type\":\"accept_score\"}"), 200);
    CHECK_EQ_INT(action(f.c, id, b, "{\"type\":\"accept_score\"}"), 200);
    snprintf(path, sizeof path, "/api/games/%lld", (long long)id);
    r = req(f.c, "GET", path, "", NULL, &st);
    const char *t = r ? strstr(r, "\"result\":{") : NULL;
    t = t ? strstr(t, "\"text\":\"") : NULL;
    char want[32] = "";
    if (t) snprintf(want, sizeof want, "%.*s", (int)strcspn(t + 8, "\""), t + 8);
    free(r);
    CHECK(want[0] == 'B' || want[0] == 'W');
    json_result_is(f.c, id, want);
    done(&f);
}

/* /healthz says whether the store takes writes, not only whether it
 * answers: a read-only database (here SQLite's query_only, what a
 * read-only file gives a connection; PostgreSQL's default_transaction_
 * read_only in tests/server/multi.py) answered 200 ok, and a load balancer
 * kept sending players to an instance that could not commit a move.  Now
 * 503 with an error object, in the request's language; nothing changes. */
TEST(healthz_fails_on_a_store_that_cannot_write) {
    fixture f;
    REQUIRE(fresh(&f, 0));
    int st;
    char *r = req(f.c, "GET", "/healthz", "", NULL, &st);
    CHECK_EQ_INT(st, 200);
    CHECK(r && !strcmp(r, "{\"status\":\"ok\",\"db\":\"ok\"}"));
    free(r);
    int64_t v0 = 0, v1 = -1;
    REQUIRE(db_exec_int(f.db, "SELECT version FROM schema_version", NULL, 0, &v0) == DB_OK);
    REQUIRE(db_exec(f.db, "PRAGMA query_only = 1", NULL, 0, NULL) == DB_OK);
    r = req(f.c, "GET", "/healthz", "", NULL, &st);
    CHECK_EQ_INT(st, 503);
    CHECKF(r && strstr(r, "\"status\":\"failing\"") && strstr(r, "\"error\":{\"code\":\"storage\""), "%s", r);
    free(r);
    srv_http_req hr = {"GET", "/healthz", "lang=ko", "", "", NULL, 0};
    srv_http_resp out;
    st = srv_http(f.c, &hr, &out) ? out.status : 0;
    CHECK_EQ_INT(st, 503);
    CHECKF(out.body && strstr(out.body, "\"lang\":\"ko\"") && strstr(out.body, "저장 오류"), "%s", out.body);
    free(out.body);
    REQUIRE(db_exec(f.db, "PRAGMA query_only = 0", NULL, 0, NULL) == DB_OK);
    r = req(f.c, "GET", "/healthz", "", NULL, &st);
    CHECK_EQ_INT(st, 200);
    free(r);
    REQUIRE(db_exec_int(f.db, "SELECT version FROM schema_version", NULL, 0, &v1) == DB_OK);
    CHECK_EQ_INT(v1, v0);   /* the probe changed nothing */
    done(&f);
}

/* ---- several instances (PostgreSQL: GS_DB from tests/with-pg.sh) ---- */
const char *gs_test_db_url(void); /* test_db.c */

static srv_core *pg_core(db_conn *db, const char *url, int threads, int stall, int lease) {
    srv_opts o;
    memset(&o, 0, sizeof o);
    o.db_url = url;
    o.ai_threads = threads;
    o.ai_stall_ms = stall;
    o.ai_lease_ms = lease;
    char err[256];
    srv_core *c = srv_core_new(db, &o, err, sizeof err);
    if (!c) gs_test_fail(__FILE__, __LINE__, "srv_core_new: %s", err);
    return c;
}

/* The server's tables on the test database, dropped before and after
 * (test_stats.c makes its own fixture there). */
static void drop_server_tables(db_conn *db) {
    db_exec(db, "DROP TABLE IF EXISTS ai_leases, moves, rating_history, ratings, games, players, schema_version", NULL,
            0, NULL);
}

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int64_t moves_of(db_conn *db, int64_t id) {
    int64_t n = -1;
    db_param p = db_int(id);
    db_exec_int(db, "SELECT count(*) FROM moves WHERE game_id = $1", &p, 1, &n);
    return n;
}

/* The AI's turn is claimed: the instance that searches it holds a lease in
 * the database and renews it while the search runs, so another instance's
 * stalled-turn retry (srv_opts.ai_stall_ms) leaves it alone.  It did not
 * know, and an AI search longer than the stall time was started twice, one
 * on each instance.  A lease that is not renewed (its instance was killed)
 * runs out, and the retry takes the turn over. */
TEST(ai_turn_is_claimed_across_instances) {
    const char *url = gs_test_db_url();
    if (strncmp(url, "postgres", 8)) {
        gs_test_skip("needs GS_DB=postgres://... (tests/with-pg.sh)");
        return;
    }
    db_conn *da = NULL, *db = NULL;
    char err[256], a[80], name[64], tag[9];
    REQUIRE(db_open(url, &da, err, sizeof err) == DB_OK && db_open(url, &db, err, sizeof err) == DB_OK);
    drop_server_tables(da);
    /* A searches on a worker (its result waits until A polls); B inline,
     * retrying a turn unchanged for 1 ms */
    srv_core *ca = pg_core(da, url, 1, 0, 3000), *cb = pg_core(db, url, 0, 1, 0);
    REQUIRE(ca && cb);
    REQUIRE(srv_random_hex(tag, 4) == 0);
    snprintf(name, sizeof name, "{\"name\":\"lease%s\"}", tag);
    player(ca, name, a);
    int st;
    char *r = req(ca, "POST", "/api/games", a,
                  "{\"spec\":\"go:size=5\",\"color\":\"black\",\"opponent\":{\"type\":\"ai\",\"level\":\"random\"}}", &st);
    int64_t id = r && st == 201 ? strtoll(strstr(r, "\"id\":") + 5, NULL, 10) : 0;
    free(r);
    REQUIRE(id > 0);
    CHECK_EQ_INT(play(ca, id, a, 1, "C3"), 200);   /* A owes the AI's answer */
    char path[64];
    snprintf(path, sizeof path, "/api/games/%lld", (long long)id);
    free(req(cb, "GET", path, "", NULL, &st));    /* B holds the game too */
    srv_game *gb = srv_game_find(cb, id);
    REQUIRE(gb != NULL);
    CHECK_EQ_INT(gb->s->nhist, 1);
    /* past A's first lease, renewed by A's tick meanwhile, B's retry finds
     * the turn claimed and does not search */
    sleep_ms(2000);
    srv_core_tick(ca, gs_now());
    sleep_ms(1500);
    srv_core_tick(cb, gs_now());
    CHECK_EQ_INT(gb->ai_pending, 0);
    CHECK_EQ_INT(moves_of(da, id), 1);
    /* A's search commits */
    for (int i = 0; i < 500 && moves_of(da, id) < 2; i++) {
        srv_core_poll(ca);
        sleep_ms(20);
    }
    CHECK_EQ_INT(moves_of(da, id), 2);
    /* the next AI turn is A's again; A stops renewing (as if killed): once
     * its lease has run out B's retry searches, and one move is stored */
    CHECK_EQ_INT(play(ca, id, a, 3, "pass"), 200);
    for (int i = 0; i < 500 && gb->s->nhist < 3; i++) {
        srv_core_poll(cb);   /* B hears of A's commits */
        sleep_ms(20);
    }
    CHECK_EQ_INT(gb->s->nhist, 3);
    srv_core_tick(cb, gs_now());
    CHECK_EQ_INT(moves_of(da, id), 3);   /* still claimed */
    sleep_ms(3100);
    srv_core_tick(cb, gs_now());
    CHECK_EQ_INT(moves_of(da, id), 4);
    CHECK_EQ_INT(gb->s->nhist, 4);
    for (int i = 0; i < 50; i++) {   /* A's own result, when it comes, is stale */
        srv_core_poll(ca);
        sleep_ms(20);
    }
    CHECK_EQ_INT(moves_of(da, id), 4);
    srv_core_free(ca);
    srv_core_free(cb);
    drop_server_tables(da);
    db_close(da);
    db_close(db);
}

/* Another instance's commit, as the cluster's notification reloads it
 * (srv_core_reload; two cores on one SQLite file stand for two instances):
 * a copy whose history the stored game continues (the same undo count)
 * plays the stored moves after its own, instead of loading the game again
 * and replaying it from its start (quadratic over a long game: a 19x19 game
 * of 600 moves replayed 180,000 moves on the instance that listened).  Both
 * paths leave the same game as a fresh load: the same view, state and
 * hash, through captures, an undo (the whole game loaded again) and the end. */
static char *view(srv_core *c, int64_t id) {
    char path[64];
    int st;
    snprintf(path, sizeof path, "/api/games/%lld", (long long)id);
    return req(c, "GET", path, "", NULL, &st);
}

static int64_t reloads(srv_core *c, const char *path) {
    int st;
    char *m = req(c, "GET", "/metrics", "", NULL, &st), key[64];
    snprintf(key, sizeof key, "gridstone_reloads_total{path=\"%s\"} ", path);
    const char *p = m ? strstr(m, key) : NULL;
    int64_t n = p ? strtoll(p + strlen(key), NULL, 10) : -1;
    free(m);
    return n;
}

static void same_game(srv_core *ca, srv_core *cb, db_conn *d, int64_t id) {
    srv_game *ga = srv_game_find(ca, id), *gb = srv_game_find(cb, id), *fresh_g = NULL;
    char err[256];
    REQUIRE(ga && gb);
    REQUIRE(srv_game_from_db(d, NULL, id, gs_now(), &fresh_g, err, sizeof err) == GS_OK);
    const srv_game *g3[2] = {gb, fresh_g};
    for (int i = 0; i < 2; i++) {
        const gs_state *s = g3[i]->s;
        CHECK_EQ_INT(s->nhist, ga->s->nhist);
        CHECK_EQ_INT(s->to_move, ga->s->to_move);
        CHECK(gs_state_hash(s) == gs_state_hash(ga->s));
        CHECK(!memcmp(s->board.cells, ga->s->board.cells, (size_t)ga->g->geom.n));
        CHECK_EQ_INT(gs_captures(s, GS_BLACK), gs_captures(ga->s, GS_BLACK));
        CHECK_EQ_INT(gs_captures(s, GS_WHITE), gs_captures(ga->s, GS_WHITE));
        CHECK_EQ_INT(g3[i]->version, ga->version);
        CHECK_EQ_INT(g3[i]->undos, ga->undos);
        CHECK_EQ_INT(g3[i]->status, ga->status);
        if (ga->clock.type) CHECK_EQ_INT(g3[i]->clock.running, ga->clock.running);
    }
    srv_game_free(fresh_g);
    char *va = view(ca, id), *vb = view(cb, id);
    CHECK(va && vb && !strcmp(va, vb));
    free(va);
    free(vb);
}

TEST(another_instances_move_is_played_onto_the_held_copy) {
    char dir[] = "/tmp/gs-reload-XXXXXX", url[96], err[256], a[80], b[80];
    REQUIRE(mkdtemp(dir));
    snprintf(url, sizeof url, "sqlite:%s/g.db", dir);
    db_conn *da = NULL, *db = NULL;
    REQUIRE(db_open(url, &da, err, sizeof err) == DB_OK);
    srv_core *ca = core(da, NULL, 0);
    REQUIRE(ca);
    REQUIRE(db_open(url, &db, err, sizeof err) == DB_OK);
    srv_core *cb = core(db, NULL, 0);
    REQUIRE(cb);
    player(ca, "{\"name\":\"a\"}", a);
    player(ca, "{\"name\":\"b\"}", b);
    int64_t id = game(ca, "go:size=9", a, b);
    REQUIRE(id);
    free(view(cb, id));   /* B holds the game */
    srv_game *ga = srv_game_find(ca, id);
    REQUIRE(ga && srv_game_find(cb, id));
    uint64_t rng = 12345;
    int ply = 0, caps = 0;
    for (int k = 0; k < 160 && ga->status == SRV_PLAYING; k++) {
        /* a legal move of A's copy, passes only at the end */
        gs_move mv[GS_MAX_CELLS + 1];
        int n = gs_legal_moves(ga->s, mv), pick = -1;
        for (int t = 0; t < 8 && n; t++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            int i = (int)((rng >> 33) % (uint64_t)n);
            if (mv[i] != GS_PASS) { pick = i; break; }
        }
        char text[16];
        if (pick < 0) snprintf(text, sizeof text, "pass");
        else gs_state_format_move(ga->s, mv[pick], text, sizeof text);
        CHECK_EQ_INT(play(ca, id, ga->s->to_move == GS_BLACK ? a : b, ++ply, text), 200);
        srv_core_reload(cb, id, ga->version);
        caps = gs_captures(ga->s, GS_BLACK) + gs_captures(ga->s, GS_WHITE);
        if (k % 20 == 0 || ga->status != SRV_PLAYING) same_game(ca, cb, da, id);
        if (k == 60) {   /* two commits at once: both moves played on */
            play(ca, id, ga->s->to_move == GS_BLACK ? a : b, ++ply, "pass");
            play(ca, id, ga->s->to_move == GS_BLACK ? a : b, ++ply, "pass");
            srv_core_reload(cb, id, ga->version);
            same_game(ca, cb, da, id);
            /* the passes ended play: take them back (undos + 1: B loads the game again) */
            CHECK_EQ_INT(action(ca, id, a, "{\"type\":\"resume\"}"), 200);
            ply = ga->s->nhist;
            srv_core_reload(cb, id, ga->version);
            same_game(ca, cb, da, id);
        }
    }
    CHECK(caps > 0);   /* the game had captures to play on */
    CHECK(reloads(cb, "appended") >= 150);
    CHECK_EQ_INT(reloads(cb, "full"), 1);
    srv_core_free(ca);
    srv_core_free(cb);
    db_close(da);
    db_close(db);
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char p[128];
        snprintf(p, sizeof p, "%s/g.db%s", dir, suffix[i]);
        unlink(p);
    }
    rmdir(dir);
}

/* A core with options o on a fresh in-memory database (*db); NULL on failure. */
static srv_core *core_opts(db_conn **db, const srv_opts *o) {
    char err[256];
    if (db_open("sqlite::memory:", db, err, sizeof err) != DB_OK) return NULL;
    return srv_core_new(*db, o, err, sizeof err);
}

/* srv_opts.games_per_player sets the unfinished games one player may sit
 * in (0: SRV_MAX_GAMES_PER_PLAYER): the next new game is refused with
 * rate-limited, /api/meta says the number, and a cancelled challenge
 * makes room again. */
TEST(games_per_player_is_an_option) {
    char err[256], a[80];
    db_conn *db = NULL;
    srv_opts o = {.games_per_player = 2};
    srv_core *c = core_opts(&db, &o);
    REQUIRE(c);
    player(c, "{\"name\":\"a\"}", a);
    int st;
    char *r = req(c, "GET", "/api/meta", "", NULL, &st);
    CHECK_EQ_INT(st, 200);
    CHECK(r && strstr(r, "\"games_per_player\":2}"));
    free(r);
    int64_t first = 0;
    for (int i = 0; i < 2; i++) {
        r = req(c, "POST", "/api/games", a, "{\"spec\":\"tictactoe\"}", &st);
        CHECK_EQ_INT(st, 201);
        if (r && !first) first = strtoll(strstr(r, "\"id\":") + 5, NULL, 10);
        free(r);
    }
    r = req(c, "POST", "/api/games", a, "{\"spec\":\"tictactoe\"}", &st);
    CHECK_EQ_INT(st, 429);
    CHECK(r && strstr(r, "\"rate-limited\"") && strstr(r, "at most 2 unfinished games"));
    free(r);
    CHECK_EQ_INT(action(c, first, a, "{\"type\":\"cancel\"}"), 200);
    r = req(c, "POST", "/api/games", a, "{\"spec\":\"tictactoe\"}", &st);
    CHECK_EQ_INT(st, 201);
    free(r);
    srv_core_free(c);
    /* the default */
    memset(&o, 0, sizeof o);
    c = srv_core_new(db, &o, err, sizeof err);
    REQUIRE(c);
    r = req(c, "GET", "/api/meta", "", NULL, &st);
    char want[64];
    snprintf(want, sizeof want, "\"games_per_player\":%d}", SRV_MAX_GAMES_PER_PLAYER);
    CHECK(r && strstr(r, want));
    free(r);
    srv_core_free(c);
    db_close(db);
}

/* /api/meta depends on nothing but the build and the core's options: it is
 * built once per core (it made every game of the registry for each
 * request) and every request gets the same bytes, which name the core's
 * own limits. */
TEST(meta_is_built_once_and_the_same_every_time) {
    db_conn *db = NULL;
    const srv_opts o = {.max_message = 3000};
    srv_core *c = core_opts(&db, &o);
    REQUIRE(c);
    int st1, st2;
    char *r1 = req(c, "GET", "/api/meta", "", NULL, &st1);
    CHECK(c->meta != NULL);
    const char *kept = c->meta;
    char *r2 = req(c, "GET", "/api/meta", "", NULL, &st2);
    CHECK_EQ_INT(st1, 200);
    CHECK_EQ_INT(st2, 200);
    CHECK(c->meta == kept);
    CHECK(r1 && r2 && r1 != r2 && !strcmp(r1, r2));
    CHECK(r1 && strstr(r1, "\"message_bytes\":3000,"));
    CHECK(r1 && strstr(r1, "\"name\":\"go\"") && strstr(r1, "\"name\":\"renju\""));
    free(r1);
    free(r2);
    srv_core_free(c);
    db_close(db);
}

/* The game table starts small and doubles as games come: 300 games in
 * play (past SRV_TABLE_MIN several times) are all found, walked once each
 * (the tick), and a core restarted on the database loads them all. */
TEST(game_table_grows_with_the_games) {
    char err[256], a[80], b[80];
    db_conn *db = NULL;
    srv_opts o = {.games_per_player = 1000, .moves_per_second = 1000000};
    srv_core *c = core_opts(&db, &o);
    REQUIRE(c);
    player(c, "{\"name\":\"a\"}", a);
    player(c, "{\"name\":\"b\"}", b);
    enum { N = 300 };
    static int64_t ids[N];
    for (int i = 0; i < N; i++) {
        ids[i] = game(c, "tictactoe", a, b);
        REQUIRE(ids[i] > 0);
    }
    CHECK(c->nslots >= N && c->nslots >= SRV_TABLE_MIN && (c->nslots & (c->nslots - 1)) == 0);
    int found = 0, walked = 0;
    for (int i = 0; i < N; i++) found += srv_game_find(c, ids[i]) && srv_game_find(c, ids[i])->id == ids[i];
    CHECK_EQ_INT(found, N);
    for (int s = srv_table_slot(c, 0); s >= 0; s = srv_table_slot(c, s + 1))
        for (srv_game *g = c->table[s]; g; g = g->next) walked++;
    CHECK_EQ_INT(walked, c->nloaded);
    CHECK(c->nloaded >= N);
    CHECK_EQ_INT(play(c, ids[N - 1], a, 1, "b2"), 200);
    srv_core_free(c);
    memset(&o, 0, sizeof o);
    o.games_per_player = 1000;
    c = srv_core_new(db, &o, err, sizeof err);
    REQUIRE(c);
    found = 0;
    for (int i = 0; i < N; i++) found += srv_game_find(c, ids[i]) != NULL;
    CHECK_EQ_INT(found, N);
    srv_core_free(c);
    db_close(db);
}
