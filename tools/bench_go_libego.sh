#!/bin/sh
# Light 9x9 playouts side by side with libego (built outside the repo):
# LIBEGO_CMD is run as a shell command and must print libego's benchmark
# report (a line "<k> kpps", playouts per CPU second of its process), e.g.
#   "/work/anchors/libego/bin/engine 'benchmark 100000' quit"
# It and build/bench/bench_go (1.5 CPU s of 9x9 light playouts) run
# alternately so that both see the same machine load (which one goes first
# changes every round); besides the best and median of each side it prints
# the median of the rounds' ratios.
# Usage: tools/bench_go_libego.sh LIBEGO_CMD [ROUNDS (6)]
set -e
ego=${1:?usage: $0 LIBEGO_CMD [ROUNDS]}
rounds=${2:-6}
root=$(git rev-parse --show-toplevel)
make -s -C "$root" build/bench/bench_go >/dev/null
ours="$root/build/bench/bench_go"
log=$(mktemp /tmp/bench_go_libego.XXXXXX)
trap 'rm -f "$log"' EXIT
uptime
i=0
run_ego() {
    r=$(sh -c "$ego" 2>&1 | awk '/ kpps$/ { print $1 * 1000 }')
    echo "libego 9x9: $r playouts/s" | tee -a "$log"
}
run_ours() { "$ours" 1.5 9 | sed 's/^/ours   /' | tee -a "$log"; }
while [ "$i" -lt "$rounds" ]; do
    if [ $((i % 2)) -eq 0 ]; then run_ego; run_ours; else run_ours; run_ego; fi
    i=$((i + 1))
done
uptime
e=$(awk '$1 == "libego" && $3 > m { m = $3 } END { print m + 0 }' "$log")
o=$(awk '$1 == "ours" && $3 > m { m = $3 } END { print m + 0 }' "$log")
median() { awk -v w="$1" '$1 == w { print $3 }' "$log" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] + 0 }'; }
em=$(median libego)
om=$(median ours)
# the ratio of each round (its libego and ours lines, in either order)
rr=$(awk '$1 == "libego" { e = $3 } $1 == "ours" { o = $3 } e && o { print o / e; e = 0; o = 0 }' "$log" |
     sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] + 0 }')
awk -v e="$e" -v o="$o" -v em="$em" -v om="$om" -v r="$rounds" -v rr="$rr" 'BEGIN {
    printf "best of %d:   libego %8d  ours %8d  ours/libego %.2f\n", r, e, o, o / e
    if (em > 0 && om > 0) printf "median of %d: libego %8d  ours %8d  ours/libego %.2f\n", r, em, om, om / em
    printf "median ratio of the %d rounds: %.3f\n", r, rr }'
