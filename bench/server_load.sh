#!/bin/sh
# bench/server_load.sh DBURL [server_load options...]: start `gridstone serve`
# on a free loopback port with DBURL (sqlite:PATH, or postgres://... e.g. from
# tests/with-pg.sh: `sh tests/with-pg.sh sh -c 'sh bench/server_load.sh "$GS_DB" ...'`),
# run build/bench/server_load against it, print the server's CPU time, stop it.
# The figures in docs/PERFORMANCE.md come from this script.  SERVE_ARGS adds
# options to `gridstone serve` (e.g. SERVE_ARGS=--libuv for the libuv loop).
B=${B:-build}
db=$1; shift
out=$(mktemp)
# shellcheck disable=SC2086
"$B/gridstone" serve --listen 127.0.0.1:0 --db "$db" --quiet ${SERVE_ARGS:-} >"$out" 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && ! grep -q 'listening on' "$out"; do sleep 0.1; i=$((i + 1)); done
url=$(sed -n 's/.*listening on \(http:[^ ]*\)\/ .*/\1/p' "$out")
if [ -z "$url" ]; then cat "$out" >&2; kill $pid 2>/dev/null; rm -f "$out"; exit 1; fi
echo "database, loop: $(sed -n 's/.*(database \(.*\))/\1/p' "$out"); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$B/bench/server_load" --url "$url" "$@"
rc=$?
# utime + stime of the server, in clock ticks
echo "server CPU: $(awk '{ printf "%.1f s", ($14 + $15) / 100 }' /proc/$pid/stat)"
# The server's own view (/metrics): time from a move's arrival to its answer
# being queued (checked, committed, sent), and per database batch.
python3 - "$url/metrics" <<'PYEOF'
import sys, urllib.request
t = urllib.request.urlopen(sys.argv[1], timeout=10).read().decode()
for name in ("gridstone_move_seconds", "gridstone_db_seconds"):
    b = {l.split('le="')[1].split('"')[0]: float(l.split()[-1]) for l in t.splitlines() if l.startswith(name + "_bucket")}
    n = float([l for l in t.splitlines() if l.startswith(name + "_count")][0].split()[1])
    s = float([l for l in t.splitlines() if l.startswith(name + "_sum")][0].split()[1])
    if n:
        print("server %s: %d, mean %.3f ms, <= 1 ms %.1f%%, <= 5 ms %.1f%%, <= 50 ms %.1f%%" % (
            name.split("_")[1], n, 1000 * s / n, 100 * b["0.001"] / n, 100 * b["0.005"] / n, 100 * b["0.05"] / n))
PYEOF
kill -TERM $pid; wait $pid
rm -f "$out"
exit $rc
