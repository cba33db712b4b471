#!/bin/sh
# The WebAssembly build (make wasm): builds build/wasm when emcc is present,
# then runs tests/wasm/*.test.mjs with Node's test runner (node --test) and
# reports each test.  Skips, with the reason, when emcc or node is missing.
. tests/cli/lib.sh
# The WASM build does not depend on the native build's flags, so every
# suite (make test, make asan-test) shares build/wasm (the example page's path).
W=build/wasm
if ! command -v node >/dev/null 2>&1; then
    skip "wasm tests" "node is not installed"; finish; exit 0
fi
if ! command -v "${EMCC:-emcc}" >/dev/null 2>&1; then
    skip "wasm tests" "emcc is not installed (Debian package emscripten)"; finish; exit 0
fi
if ! make -s wasm WASM_B="$W" >"$TMP/build" 2>&1; then
    fail "make wasm" "$(tail -5 "$TMP/build")"; finish; exit 0
fi
pass "make wasm"
GS_WASM="$W/index.mjs" GS_TESTDATA="$TD" timeout 900 node --test --test-reporter=tap tests/wasm/*.test.mjs >"$TMP/tap" 2>&1
# top-level results only ("ok N - name", "not ok N - name", "# SKIP" directives)
while IFS= read -r line; do
    case "$line" in
        "ok "*"# SKIP"*) skip "wasm: $(echo "$line" | sed 's/^ok [0-9]* - //; s/ # SKIP.*//')" "$(echo "$line" | sed 's/.*# SKIP *//')" ;;
        "ok "*) pass "wasm: $(echo "$line" | sed 's/^ok [0-9]* - //')" ;;
        "not ok "*) fail "wasm: $(echo "$line" | sed 's/^not ok [0-9]* - //')" "see node --test tests/wasm/" ;;
    esac
done <"$TMP/tap"
grep -q '^# fail 0$' "$TMP/tap" || { grep -q '^not ok' "$TMP/tap" || fail "node --test" "$(tail -5 "$TMP/tap")"; }
finish
