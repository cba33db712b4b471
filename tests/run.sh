#!/bin/sh
# The whole suite: the C test runner, then every tests/cli/*.sh script.
# Each part prints "N passed, N failed[, N skipped]"; the last line sums them.
# A part that cannot run (a missing tool) reports its checks as skipped, never ok.
B=${1:-build}
export GS_CLI="$B/gridstone"
export GS_TESTDATA="${GS_TESTDATA:-tests/data}"
tp=0; tf=0; ts=0
SUM='^[0-9]* passed, [0-9]* failed\(, [0-9]* skipped\)\{0,1\}$'
add() { # reads a summary line from $1; $3 is the part's exit status
    line=$(printf '%s\n' "$1" | grep -e "$SUM" | tail -1)
    if [ -z "$line" ]; then tf=$((tf + 1)); echo "FAIL $2 (no summary line)"; return; fi
    part=$2 rc=$3
    set -- $line
    tp=$((tp + $1)); tf=$((tf + $3)); [ -n "${5:-}" ] && ts=$((ts + $5))
    # a part that reports no failure but exits non-zero (a sanitizer's
    # leak report after the summary, a script dying late) has failed
    if [ "$3" -eq 0 ] && [ "$rc" -ne 0 ]; then tf=$((tf + 1)); echo "FAIL $part (exit $rc after its summary)"; fi
}
out=$("$B/test_runner" 2>&1); rc=$?; echo "$out" | grep -v -e "$SUM"; add "$out" test_runner $rc
for s in tests/cli/*.sh; do
    [ -f "$s" ] && [ "$(basename "$s")" != lib.sh ] || continue
    out=$(sh "$s" 2>&1); rc=$?; echo "$out" | grep -v -e "$SUM"; add "$out" "$s" $rc
done
echo "$tp passed, $tf failed, $ts skipped"
[ "$tf" -eq 0 ]
