#!/bin/sh
# make install to a temporary prefix, then build examples/embed.c against the
# installed headers and shared library through pkg-config.
. tests/cli/lib.sh
B=$(dirname "$GS")
if make -s install B="$B" PREFIX="$TMP/prefix" >"$TMP/install.log" 2>&1; then pass install; else fail install "$(tail -3 "$TMP/install.log")"; fi
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
