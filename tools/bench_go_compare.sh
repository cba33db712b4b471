#!/bin/sh
# Side-by-side Go playout speed: bench_go of a baseline revision against the
# work tree's build/bench/bench_go, run alternately so that both see the same
# machine load; prints every run and the best of each.
# Usage: tools/bench_go_compare.sh [BASE_REV (default 0f84901)] [ROUNDS (5)] [SECONDS (1)]
set -e
base=${1:-0f84901}
rounds=${2:-5}
secs=${3:-1}
root=$(git rev-parse --show-toplevel)
dir=$(mktemp -d /tmp/bench_go_base.XXXXXX)
trap 'rm -rf "$dir"' EXIT
git -C "$root" archive "$base" | tar -x -C "$dir"
make -s -C "$dir" build/bench/bench_go >/dev/null
make -s -C "$root" build/bench/bench_go >/dev/null
old="$dir/build/bench/bench_go"
new="$root/build/bench/bench_go"
uptime
i=0
: > "$dir/log"
while [ "$i" -lt "$rounds" ]; do
    "$old" "$secs" | sed 's/^/old /' | tee -a "$dir/log"
    "$new" "$secs" | sed 's/^/new /' | tee -a "$dir/log"
    i=$((i + 1))
done
uptime
echo "best of $rounds runs of $secs s each (playouts/s):"
for size in 9x9 19x19; do
    o=$(awk -v s="$size:" '$1 == "old" && $2 == s && $3 > m { m = $3 } END { print m + 0 }' "$dir/log")
    n=$(awk -v s="$size:" '$1 == "new" && $2 == s && $3 > m { m = $3 } END { print m + 0 }' "$dir/log")
    awk -v s="$size" -v o="$o" -v n="$n" 'BEGIN { printf "%-6s old %8d  new %8d  new/old %.2f\n", s, o, n, n / o }'
done
