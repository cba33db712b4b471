#!/bin/sh
# Two `gridstone serve` instances on one PostgreSQL database (a throw-away
# cluster from tests/with-pg.sh): moves cross instances through LISTEN/NOTIFY,
# the same ply through both is one move and one `conflict`.  Skipped without
# PostgreSQL or Debian's python3-websockets.
. tests/cli/lib.sh
PY=/usr/bin/python3
if ! $PY -c 'import websockets' 2>/dev/null; then
    skip two-instances "python3-websockets is not installed"
    finish; exit 0
fi
GS_CLI="$GS" sh tests/with-pg.sh $PY tests/server/multi.py "$TMP" >"$TMP/out" 2>"$TMP/err"; rc=$?
if [ $rc -eq 77 ]; then
    skip two-instances "$(grep -m1 '^skip' "$TMP/out" | sed 's/^skip [^:]*: //')"
else
    while read -r st name rest; do
        case $st in
        ok) pass "$name" ;;
        FAIL) fail "$name" "$rest" ;;
        esac
    done <"$TMP/out"
    grep -q '^ok\|^FAIL' "$TMP/out" || fail two-instances "no result (exit $rc): $(tail -c 400 "$TMP/err")"
    [ $rc -ne 0 ] && ! grep -q '^FAIL' "$TMP/out" && fail two-instances "exit $rc: $(tail -c 400 "$TMP/err")"
fi
finish
