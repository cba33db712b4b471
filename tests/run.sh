#!/bin/sh
# The whole suite: the C test runner, then every tests/cli/*.sh script.
# Each part prints "N passed, N failed"; the last line sums them.
B=${1:-build}
export GS_CLI="$B/gridstone"
export GS_TESTDATA="${GS_TESTDATA:-tests/data}"
tp=0; tf=0
add() { # reads a summary line from $1
    p=$(printf '%s\n' "$1" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' | tail -1)
    f=$(printf '%s\n' "$1" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' | tail -1)
    if [ -z "$p" ]; then tf=$((tf + 1)); echo "FAIL $2 (no summary line)"; return; fi
    tp=$((tp + p)); tf=$((tf + f))
}
out=$("$B/test_runner" 2>&1); echo "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'; add "$out" test_runner
for s in tests/cli/*.sh; do
    [ -f "$s" ] && [ "$(basename "$s")" != lib.sh ] || continue
    out=$(sh "$s" 2>&1); echo "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'; add "$out" "$s"
done
echo "$tp passed, $tf failed"
[ "$tf" -eq 0 ]
