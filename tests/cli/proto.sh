#!/bin/sh
# The protocol engines (src/proto) through the CLI loops: every line with a
# command is answered, control bytes and NULs as the GTP specification says,
# every time value clamped, bad arguments answered in the protocol's error
# form with a clear message (issue 15 items 3, 4, 14, 15).
. tests/cli/lib.sh

# item 4: a NUL byte (and other control bytes) in a line are dropped, the line is answered
expect_out gtp_nul_answered "=1 gridstone

=2 gridstone

?3 syntax error" sh -c "printf '\\0001 name\\n2 na\\001me\\n3 \\0\\n' | $GS gtp"
expect_out gomocup_nul_dropped "OK" sh -c "printf 'ST\\000ART 15\\nEND\\n' | $GS gomocup --fast"
# a line longer than the engine reads is answered with an error, the next one normally
long=$(head -c 70000 /dev/zero | tr '\0' 'x')
expect_out gtp_long_line "?7 line too long

=8 gridstone" sh -c "printf '7 %s\\n8 name\\n' '$long' | $GS gtp"

# item 3: clock values are clamped (a week) and a move's search has a hard ceiling
# (600 s); the budget is what --verbose reports, the search itself is cut by --playouts
printf 'boardsize 5\ntime_settings 0 1e300 1\ngenmove b\ntime_settings 1073741824 0 0\ngenmove w\n' >"$TMP/t.gtp"
$GS gtp --playouts 20 --verbose <"$TMP/t.gtp" >"$TMP/out" 2>"$TMP/err"
n=$(grep -c '^= [A-E][1-5]$' "$TMP/out"); b=$(grep -c 'budget 600.00s' "$TMP/err")
[ "$n" -eq 2 ] && [ "$b" -eq 2 ] && pass "gtp time_settings huge: answered, budget at the ceiling" \
    || fail "gtp time_settings huge" "$(cat "$TMP/out" "$TMP/err")"
expect_grep gtp_time_nan '^\? syntax error' sh -c "printf 'time_settings 0 nan 1\n' | $GS gtp"
expect_grep gtp_time_neg '^\? syntax error' sh -c "printf 'time_left b -1 0\n' | $GS gtp"
printf 'START 15\nINFO timeout_turn 99999999999999999999\nINFO time_left 99999999999999999999\nBEGIN\nEND\n' >"$TMP/g.txt"
out=$($GS gomocup --fast <"$TMP/g.txt" 2>&1)
bud=$(printf '%s\n' "$out" | sed -n 's/^DEBUG time [0-9]* ms of \([0-9]*\) ms,.*$/\1/p')
[ -n "$bud" ] && [ "$bud" -le 600000 ] && printf '%s\n' "$out" | grep -q '^7,7$' \
    && pass "gomocup huge timeout_turn: clamped, move budget <= 600 s" || fail "gomocup huge timeout_turn" "$out"

# items 14, 15: the messages name the problem
expect_grep gtp_komi_fraction "^\\? bad value for key 'komi': '7.3' \\(expected a number .*multiple of 0.5" sh -c "printf 'komi 7.3\n' | $GS gtp"
expect_grep gtp_komi_range "^\\? bad value for key 'komi'" sh -c "printf 'komi 1000000\n' | $GS gtp"
expect_grep gtp_handicap_huge '^\? invalid number of stones$' sh -c "printf 'fixed_handicap 99999999999\n' | $GS gtp"
expect_grep gtp_boardsize_huge '^\? unacceptable size$' sh -c "printf 'boardsize 99999999999999999999\n' | $GS gtp"
# an error keeps the state: the stone is still there, the move count too
expect_grep gtp_error_keeps_state '^\? illegal move$' sh -c "printf 'boardsize 9\nplay b e5\nkomi 7.3\nfixed_handicap 99999999999\nplay w e5\n' | $GS gtp"

# the command table answers list_commands / known_command from the same list
cmds=$(printf 'list_commands\n' | $GS gtp | sed 's/^= //' | grep -v '^$')
bad=0
for c in $cmds; do
    r=$(printf 'known_command %s\n' "$c" | $GS gtp | head -1)
    [ "$r" = "= true" ] || bad=$((bad + 1))
done
[ "$(printf '%s\n' "$cmds" | wc -l)" -ge 27 ] && [ $bad -eq 0 ] && pass "every listed command is known" \
    || fail "every listed command is known" "$bad of $(printf '%s\n' "$cmds" | wc -l)"
expect_out gtp_version_is_gs_version "= $($GS --version | sed 's/^gridstone //')" sh -c "printf 'version\n' | $GS gtp | head -1"
finish
