#!/bin/sh
# The server's database drivers (build/test_db) against real databases: a
# fresh SQLite file, then PostgreSQL in a throw-away cluster (tests/with-pg.sh;
# skipped when PostgreSQL is not installed).
. tests/cli/lib.sh
T=$(dirname "$GS")/test_db
if [ ! -x "$T" ]; then
    skip db-drivers "$T not built (make $(dirname "$GS")/test_db)"
    finish; exit 0
fi
# Each run's "ok/FAIL" lines become this suite's checks, prefixed by the database.
run_db() { # NAME CMD...
    name=$1; shift
    "$@" >"$TMP/out" 2>"$TMP/err"; rc=$?
    if [ $rc -eq 77 ]; then skip "$name" "$(grep -m1 '^skip' "$TMP/out" | sed 's/^skip [^:]*: //')"; return; fi
    if ! grep -q '^[0-9]* passed, [0-9]* failed' "$TMP/out"; then
        fail "$name" "no summary (exit $rc): $(tail -c 300 "$TMP/err")"; return
    fi
    while read -r st t rest; do
        case $st in
        ok) pass "$name:$t" ;;
        FAIL) fail "$name:$t" "$rest $(grep -A3 "$t" "$TMP/out" | head -4 | tr '\n' ' ')" ;;
        esac
    done <"$TMP/out"
}
run_db sqlite env GS_DB="sqlite:$TMP/db.sqlite" "$T"
# The last test leaves its statistics fixture (tests/server/test_stats.c) in
# the database: `gridstone stats --db` prints the same figures as text and JSON.
if [ -f "$TMP/db.sqlite" ]; then
    DB="sqlite:$TMP/db.sqlite"
    expect_grep stats-db-json '^\{"game":"go","games":4,"finished":3,"wins":\{"black":2,"white":1\},"draws":0,"resignations":1,"timeouts":1,"length":\{"average":152\.33,' \
        "$GS" stats --db "$DB" --game go --json
    expect_grep stats-db-text 'wins           black 2 \(66\.7%\), white 1 \(33\.3%\), draws 0' "$GS" stats --db "$DB" --game go
    expect_grep stats-db-overall '^  games          7 \(finished 6\)' "$GS" stats --db "$DB"
    expect_grep stats-db-player 'games          5: 2 wins, 2 losses, 1 draw' "$GS" stats --db "$DB" --player 1
    expect_grep stats-db-text-ko '승패           흑 2 \(66\.7%\), 백 1 \(33\.3%\), 무승부 0' "$GS" stats --db "$DB" --game go --lang ko
    expect_grep stats-db-player-ko '대국           5: 2승 2패 1무' "$GS" stats --db "$DB" --player 1 --lang ko
    expect_grep stats-db-player-json '"streak":\{"current":0,"best":1,"worst":2\}' "$GS" stats --db "$DB" --player 1 --json
    # --game takes what GET /api/stats?game= takes (a kind, a name, an alias
    # or a spec, for its game's kind) and refuses an unknown game: `--game
    # chess` or `--game baduk` once printed a game kind of 0 games, and
    # `--game go:size=9` 0 games where /api/stats counts the Go games
    expect_grep stats-db-game-spec '^\{"game":"go","games":4,"finished":3,' "$GS" stats --db "$DB" --game go:size=9 --json
    expect_grep stats-db-game-name '^  games          4 \(finished 3\)' "$GS" stats --db "$DB" --game go:komi=0
    expect_fail stats-db-unknown-game "unknown game 'chess'" "$GS" stats --db "$DB" --game chess
    expect_fail stats-db-unknown-game-ko "알 수 없는 게임.*chess" "$GS" stats --db "$DB" --game chess --lang ko
    expect_fail stats-db-no-player 'no player 99' "$GS" stats --db "$DB" --player 99
    expect_fail stats-db-bad-url 'unknown database URL' "$GS" stats --db mysql://x
    expect_fail stats-db-bad-arg "unknown option '--frobnicate'" "$GS" stats --db "$DB" --frobnicate
    expect_fail stats-player-needs-db "needs --db" "$GS" stats --player 1
    # stats only reads: a database in rollback-journal mode stays in it (it
    # was switched to WAL for good, a change to a file stats only reads)
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import sqlite3,sys; s=sqlite3.connect(sys.argv[1]); d=sqlite3.connect(sys.argv[2]); s.backup(d); d.execute("PRAGMA journal_mode=DELETE"); d.close()' \
            "$TMP/db.sqlite" "$TMP/rollback.sqlite"
        expect_grep stats-db-rollback-file '^  games          7 \(finished 6\)' "$GS" stats --db "sqlite:$TMP/rollback.sqlite"
        mode=$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA journal_mode").fetchone()[0])' "$TMP/rollback.sqlite")
        [ "$mode" = delete ] && pass stats-db-leaves-journal-mode || fail stats-db-leaves-journal-mode "journal_mode is now $mode"
    else
        skip stats-db-leaves-journal-mode "no python3"
    fi
fi
# stats reads: a mistyped sqlite: path is refused, not created (an empty
# file was left behind and the error was "no such table: games")
expect_fail stats-db-missing-file "sqlite: $TMP/nosuch.db: no such database file" "$GS" stats --db "sqlite:$TMP/nosuch.db"
[ ! -e "$TMP/nosuch.db" ] && pass stats-db-missing-not-created || fail stats-db-missing-not-created "$TMP/nosuch.db was created"
run_db postgres sh tests/with-pg.sh "$T"
finish
