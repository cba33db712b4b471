#!/bin/sh
# The browser tests (tests/web/*.test.mjs, Node's test runner + playwright-core
# driving Debian's Chromium against a real `gridstone serve`).  Each test is one
# ok/FAIL line here; without chromium, node, node_modules or the server the
# tests are reported as skipped.
. "$(dirname "$0")/lib.sh"
B=$(dirname "$GS")
why=""
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || why="no chromium (apt-get install chromium)"
command -v node >/dev/null 2>&1 || why="no node"
[ -f node_modules/playwright-core/package.json ] || why="${why:-no node_modules (npm ci)}"
"$GS" serve --help >/dev/null 2>&1 || why="${why:-this gridstone has no 'serve'}"
[ -f "$B/web/index.html" ] || why="${why:-no $B/web (make web)}"
if [ -n "$why" ]; then
    for t in web-connect4 web-renju web-reversi web-go-scoring web-ai-review web-stats web-xss web-lobby web-unknown-game web-double-click web-double-create-join web-phone-ko web-page-left; do skip "$t" "$why"; done
    finish; exit 0
fi
GS_BUILD="$B" node --test --test-reporter=tap tests/web/ >"$TMP/tap" 2>&1
rc=$?
while IFS= read -r line; do
    case "$line" in
        "ok "*"# SKIP"*) n=${line#ok * - }; skip "web: ${n%% # SKIP*}" "${n#* # SKIP }" ;;
        "ok "*) pass "web: ${line#ok * - }" ;;
        "not ok "*) fail "web: ${line#not ok * - }" "see below" ;;
    esac
done <<EOT
$(grep -E '^(ok|not ok) [0-9]+ - ' "$TMP/tap")
EOT
if [ $rc -ne 0 ]; then
    grep -q '^not ok' "$TMP/tap" || fail "web: node --test" "exit $rc"
    sed -n '1,200p' "$TMP/tap" | grep -vE '^(ok|# )' | head -80
fi
finish
