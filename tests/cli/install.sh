#!/bin/sh
# make install to a temporary prefix, then build examples/embed.c against the
# installed headers and shared library through pkg-config.
. tests/cli/lib.sh
B=$(dirname "$GS")
if make -s install B="$B" PREFIX="$TMP/prefix" >"$TMP/install.log" 2>&1; then pass install; else fail install "$(tail -3 "$TMP/install.log")"; fi
# The shared library exports the gs_ API only (built -fvisibility=hidden, GS_API).
if command -v nm >/dev/null; then
    syms=$(nm -D --defined-only "$B/libgridstone.so" | awk '{print $3}')
    # __odr_asan.*: the sanitizer's own markers (ASan builds), not exported API
    bad=$(printf '%s\n' "$syms" | grep -v '^gs_' | grep -v '^$' | grep -v '^__odr_asan\.' | head -5 | tr '\n' ' ')
    if [ -z "$syms" ]; then fail exports-gs-only "nm found no symbols in $B/libgridstone.so"
    elif [ -n "$bad" ]; then fail exports-gs-only "non-gs_ exports: $bad"
    else pass exports-gs-only; fi
    for f in gs_game_new gs_state_format_move gs_notation_parse_move gs_dir_dx; do
        printf '%s\n' "$syms" | grep -qx "$f" && pass "exports-$f" || fail "exports-$f" "missing from $B/libgridstone.so"
    done
else skip exports-gs-only "nm not installed"; fi
[ -L "$TMP/prefix/lib/libgridstone.so.0" ] && pass install-soname-link || fail install-soname-link "no libgridstone.so.0"
PC="$TMP/prefix/lib/pkgconfig"
if command -v pkg-config >/dev/null; then
    flags=$(PKG_CONFIG_PATH="$PC" pkg-config --cflags --libs gridstone)
else
    flags="-I$TMP/prefix/include -L$TMP/prefix/lib -lgridstone"
fi
if cc ${CFLAGS:-} -std=c11 -Wall -Wextra -Werror examples/embed.c $flags -o "$TMP/embed" 2>"$TMP/cc.log"; then pass build-example
else fail build-example "$(head -3 "$TMP/cc.log")"; fi
expect_grep example-runs "E5: the point is already occupied \[occupied\]" env LD_LIBRARY_PATH="$TMP/prefix/lib" "$TMP/embed" go:size=9 E5 E5
expect_grep example-result "result B\+R" env LD_LIBRARY_PATH="$TMP/prefix/lib" "$TMP/embed" reversi d3 resign
finish
