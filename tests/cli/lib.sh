# Helpers for CLI test scripts: source it, call the checks, then `finish`.
# Each check prints "ok   NAME", "FAIL NAME: why" or "skip NAME: why".
GS=${GS_CLI:-build/gridstone}
TD=${GS_TESTDATA:-tests/data}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
P=0; F=0; S=0
pass() { P=$((P + 1)); echo "ok   $1"; }
fail() { F=$((F + 1)); echo "FAIL $1: $2"; }
skip() { S=$((S + 1)); echo "skip $1: $2"; }
# expect_out NAME EXPECTED CMD...   (stdout must equal EXPECTED, exit 0)
expect_out() {
    n=$1; e=$2; shift 2
    got=$("$@" 2>"$TMP/err"); rc=$?
    if [ $rc -ne 0 ]; then fail "$n" "exit $rc: $(head -c 300 "$TMP/err")"
    elif [ "$got" != "$e" ]; then fail "$n" "got [$(printf '%s' "$got" | head -c 400)] expected [$e]"
    else pass "$n"; fi
}
# expect_fail NAME PATTERN CMD...  (non-zero exit, one-line stderr matching PATTERN)
expect_fail() {
    n=$1; pat=$2; shift 2
    "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?
    lines=$(wc -l <"$TMP/err")
    if [ $rc -eq 0 ]; then fail "$n" "exit 0"
    elif [ $rc -ge 124 ]; then fail "$n" "crashed or timed out (exit $rc)"
    elif [ "$lines" -ne 1 ]; then fail "$n" "stderr has $lines lines: $(head -c 300 "$TMP/err")"
    elif ! grep -qE -- "$pat" "$TMP/err"; then fail "$n" "stderr [$(cat "$TMP/err")] does not match [$pat]"
    else pass "$n"; fi
}
# expect_grep NAME PATTERN CMD...  (exit 0, stdout matches PATTERN)
expect_grep() {
    n=$1; pat=$2; shift 2
    got=$("$@" 2>"$TMP/err"); rc=$?
    if [ $rc -ne 0 ]; then fail "$n" "exit $rc: $(head -c 300 "$TMP/err")"
    elif ! printf '%s\n' "$got" | grep -qE -- "$pat"; then fail "$n" "output [$(printf '%s' "$got" | head -c 400)] does not match [$pat]"
    else pass "$n"; fi
}
# relay FILE [PREFIX]: count the "ok   NAME", "FAIL NAME: why" and "skip NAME: why"
# lines a helper program (a Python scenario script, another suite) wrote to
# FILE as this script's own checks, names prefixed with PREFIX; returns 1
# when FILE has none of them.
relay() {
    while IFS= read -r line; do
        case "$line" in
        "ok   "*) pass "${2:-}${line#ok   }" ;;
        "FAIL "*) n=${line#FAIL }; fail "${2:-}${n%%: *}" "${n#*: }" ;;
        "skip "*) n=${line#skip }; skip "${2:-}${n%%: *}" "${n#*: }" ;;
        esac
    done <"$1"
    grep -q '^ok   \|^FAIL \|^skip ' "$1"
}
finish() { echo "$P passed, $F failed, $S skipped"; }
