#!/bin/sh
# bench/server_load.sh DBURL [server_load options...]: start `gridstone serve`
# on a free loopback port with DBURL (sqlite:PATH, or postgres://... e.g. from
# tests/with-pg.sh: `sh tests/with-pg.sh sh -c 'sh bench/server_load.sh "$GS_DB" ...'`),
# run build/bench/server_load against it, print the server's CPU time, stop it.
# The figures in docs/PERFORMANCE.md come from this script.
B=${B:-build}
db=$1; shift
out=$(mktemp)
"$B/gridstone" serve --listen 127.0.0.1:0 --db "$db" --quiet >"$out" 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && ! grep -q 'listening on' "$out"; do sleep 0.1; i=$((i + 1)); done
url=$(sed -n 's/.*listening on \(http:[^ ]*\)\/ .*/\1/p' "$out")
if [ -z "$url" ]; then cat "$out" >&2; kill $pid 2>/dev/null; rm -f "$out"; exit 1; fi
echo "database: $(sed -n 's/.*(database \(.*\))/\1/p' "$out"); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$B/bench/server_load" --url "$url" "$@"
rc=$?
# utime + stime of the server, in clock ticks
echo "server CPU: $(awk '{ printf "%.1f s", ($14 + $15) / 100 }' /proc/$pid/stat)"
kill -TERM $pid; wait $pid
rm -f "$out"
exit $rc
