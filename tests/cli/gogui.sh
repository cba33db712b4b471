#!/bin/sh
# tests/gtp/*.tst under GoGui's own runner, gogui-regress, when a GoGui build
# is available: GOGUI_CLASSES (a directory or jar with
# net.sf.gogui.tools.regress.Main, e.g. GoGui 1.6 built from source with
# javac) and java.  GoGui is not packaged in Debian, so this is skipped
# otherwise; tests/cli/gtp.sh runs the same files with tests/gtp/run_tst.py.
. tests/cli/lib.sh
if [ -z "${GOGUI_CLASSES:-}" ] || ! command -v java >/dev/null; then
    skip gogui_regress "GoGui not available (set GOGUI_CLASSES to a GoGui build)"
    finish; exit 0
fi
eng="$(cd "$(dirname "$GS")" && pwd)/$(basename "$GS") gtp --playouts 100 --seed 1"
for t in tests/gtp/*.tst; do
    (cd "$(dirname "$t")" && java -cp "$GOGUI_CLASSES" net.sf.gogui.tools.regress.Main -output "$TMP/regress" \
        "$eng" "$(basename "$t")") >"$TMP/log" 2>&1
    row=$(tail -1 "$TMP/regress/summary.dat" 2>/dev/null)
    set -- $row
    # columns: tests, FAIL (unexpected), fail (expected), PASS (unexpected), pass, errors
    if [ -n "$row" ] && [ "$2" = 0 ] && [ "$4" = 0 ] && [ "$6" = 0 ]; then pass "gogui-regress $t: $1 tests, $3 expected failures"
    else fail "gogui-regress $t" "${row:-no summary} $(tail -3 "$TMP/log")"; fi
done
finish
