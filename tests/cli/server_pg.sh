#!/bin/sh
# The server's protocol suite (tests/cli/server.sh) and the kill -9 fault test
# (tests/cli/server_faults.sh) again, on PostgreSQL: one throw-away cluster
# from tests/with-pg.sh (skipped without PostgreSQL).
. tests/cli/lib.sh
sh tests/with-pg.sh sh -c 'sh tests/cli/server.sh; sh tests/cli/server_faults.sh' >"$TMP/out" 2>"$TMP/err"; rc=$?
if [ $rc -eq 77 ]; then
    skip "server suite on postgres" "$(grep -m1 '^skip' "$TMP/out" | sed 's/^skip [^:]*: //')"
    finish; exit 0
fi
relay "$TMP/out" "postgres: "
[ "$(grep -c '^[0-9]* passed, [0-9]* failed' "$TMP/out")" -eq 2 ] || grep -q '^FAIL' "$TMP/out" \
    || fail "server suites on postgres" "a suite gave no summary (exit $rc): $(tail -c 400 "$TMP/err")"
finish
