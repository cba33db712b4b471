#!/bin/sh
# Fault tests of the game server:
#  - kill -9 during a load run (bench/server_load), restart: every move the
#    server acknowledged is in the database, every game resumes, clocks are
#    not charged for the downtime;
#  - a full disk (a small tmpfs holding the SQLite file; needs root and
#    mount, else skipped): moves are refused with storage-full, nothing is
#    changed or corrupted, and moves go through once there is space again.
# GS_DB (postgres://...) runs the kill -9 part on that database instead.
. tests/cli/lib.sh
PY=${GS_PYTHON:-/usr/bin/python3}
LOAD=$(dirname "$GS")/bench/server_load
SRV_PID=
MNT=
start_server() {   # start_server DBURL: sets SRV_PID and BASE
    rm -f "$TMP/srv.out"
    "$GS" serve --listen 127.0.0.1:0 --db "$1" --quiet >"$TMP/srv.out" 2>"$TMP/srv.err" &
    SRV_PID=$!
    i=0
    while [ $i -lt 150 ] && ! grep -q 'listening on' "$TMP/srv.out" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
    BASE=$(sed -n 's/.*listening on \(http:[^ ]*\)\/ .*/\1/p' "$TMP/srv.out")
    [ -n "$BASE" ]
}
stop_server() { [ -n "$SRV_PID" ] && kill -TERM "$SRV_PID" 2>/dev/null && wait "$SRV_PID"; SRV_PID=; }
cleanup() { stop_server; [ -n "$MNT" ] && umount "$MNT" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT

if ! "$PY" -c 'import websockets' 2>/dev/null; then
    skip "server fault tests" "python3-websockets is not installed"
    finish; exit 0
fi
if [ ! -x "$LOAD" ]; then
    skip "server fault tests" "$LOAD not built (make bench)"
    finish; exit 0
fi

# ---- kill -9 during a load run ----
DB=${GS_DB:-sqlite:$TMP/k.db}
MAIN=3600000
if start_server "$DB"; then
    T0=$(date +%s.%N)
    "$LOAD" --url "$BASE" --games 40 --rate 400 --seconds 20 --clock $MAIN --acked "$TMP/acked" \
        >"$TMP/load.out" 2>"$TMP/load.err" &
    LPID=$!
    # kill once the run is under way: 200 moves committed (or 30 s)
    "$PY" - "$BASE" <<'PYEOF'
import sys, time, urllib.request
deadline = time.time() + 30
while time.time() < deadline:
    try:
        t = urllib.request.urlopen(sys.argv[1] + "/metrics", timeout=5).read().decode()
        if any(l.startswith("gridstone_moves_total ") and float(l.split()[1]) >= 200 for l in t.splitlines()):
            break
    except OSError:
        pass
    time.sleep(0.1)
PYEOF
    kill -9 "$SRV_PID"; TK=$(date +%s.%N); wait "$SRV_PID" 2>/dev/null; SRV_PID=
    wait $LPID
    acked=$(awk '{ s += $2 } END { print s + 0 }' "$TMP/acked" 2>/dev/null)
    if [ "${acked:-0}" -gt 0 ]; then pass "load run killed with -9 after $acked acknowledged moves"
    else fail "load run" "no acknowledged moves: $(tail -c 300 "$TMP/load.out" "$TMP/load.err")"; fi
    sleep 8   # downtime: must not be charged to the clocks
    TR=$(date +%s.%N)
    if start_server "$DB"; then
        "$LOAD" --url "$BASE" --verify "$TMP/acked" >"$TMP/verify.out" 2>&1 \
            && pass "every acknowledged move is in the database after the restart ($(cat "$TMP/verify.out"))" \
            || fail "acknowledged moves kept" "$(tail -c 400 "$TMP/verify.out")"
        "$PY" tests/server/faults.py resume "$BASE" "$TMP/acked" $MAIN "$T0" "$TK" "$TR" >"$TMP/res.out" 2>&1
        relay "$TMP/res.out" || fail "resume checks" "$(tail -c 400 "$TMP/res.out")"
        stop_server
    else
        fail "restart after kill -9" "$(cat "$TMP/srv.err")"
    fi
else
    fail "server starts" "$(cat "$TMP/srv.err")"
fi

# ---- a full disk (SQLite on a small tmpfs) ----
if [ -n "$GS_DB" ]; then
    finish; exit 0  # the full-disk part is SQLite's (a PostgreSQL data directory is not ours to fill)
fi
MNT="$TMP/disk"
mkdir -p "$MNT"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=4m tmpfs "$MNT" 2>/dev/null; then
    MNT=
    skip "full disk" "mounting a tmpfs needs root and mount"
    finish; exit 0
fi
if start_server "sqlite:$MNT/g.db"; then
    "$PY" tests/server/faults.py diskfull "$BASE" "$MNT/g.db" "$MNT/filler" >"$TMP/full.out" 2>&1
    relay "$TMP/full.out" || fail "full disk checks" "$(tail -c 400 "$TMP/full.out")"
    stop_server
    # after a clean stop the file is still sound
    "$PY" -c "import sqlite3,sys; c=sqlite3.connect('$MNT/g.db'); sys.exit(0 if c.execute('PRAGMA integrity_check').fetchall()==[('ok',)] else 1)" \
        && pass "the database is sound after the server stops" || fail "integrity after stop" "integrity_check failed"
else
    fail "server on the tmpfs starts" "$(cat "$TMP/srv.err")"
fi
finish
