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
    if ! grep -q '^[0-9]* passed, [0-9]* failed$' "$TMP/out"; then
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
run_db postgres sh tests/with-pg.sh "$T"
finish
