#!/bin/sh
# Perft speed: the WebAssembly build in Node against the native CLI, run
# alternately (native, wasm, native, wasm ...) ROUNDS times per game on the
# same machine; prints the best time of each, the node counts (which must
# agree) and wasm speed as a fraction of native.  Run by hand (after `make`
# and `make wasm`):  sh bench/wasm_vs_native.sh [ROUNDS] [BUILD_DIR]
ROUNDS=${1:-5}
B=${2:-build}
now() { date +%s.%N; }
printf '%-12s %5s %14s %10s %10s %8s\n' game depth nodes native_s wasm_s wasm/nat
for case in "reversi 11" "connect4 8" "tictactoe 9" "renju 3" "go:size=9 3"; do
    set -- $case
    spec=$1; depth=$2; bn=; bw=
    for r in $(seq "$ROUNDS"); do
        t0=$(now); nn=$("$B/gridstone" perft "$spec" "$depth" | tail -1 | cut -d' ' -f2); t1=$(now)
        tn=$(echo "$t1 - $t0" | bc)
        out=$(node bench/wasm_perft.mjs "$spec" "$depth" "$B/wasm/index.mjs")
        nw=$(printf '%s\n' "$out" | grep -v seconds | tail -1 | cut -d' ' -f2)
        tw=$(printf '%s\n' "$out" | sed -n 's/^seconds //p')
        [ "$nn" = "$nw" ] || { echo "$spec: node counts differ: native $nn wasm $nw"; exit 1; }
        [ -z "$bn" ] || [ "$(echo "$tn < $bn" | bc)" = 1 ] && bn=$tn
        [ -z "$bw" ] || [ "$(echo "$tw < $bw" | bc)" = 1 ] && bw=$tw
    done
    printf '%-12s %5s %14s %10.3f %10.3f %8.2f\n' "$spec" "$depth" "$nn" "$bn" "$bw" "$(echo "$bn / $bw" | bc -l)"
done
