#!/bin/sh
# CLI conventions: --help everywhere, one-line errors naming the key, bad files.
. tests/cli/lib.sh

for c in play perft solve legal show; do
    expect_grep "help-$c" "usage: gridstone $c" $GS $c --help
done
expect_grep help-main "commands:" $GS --help
expect_fail no-command "^gridstone: no command" $GS
expect_fail unknown-command "unknown command 'frobnicate'" $GS frobnicate

for c in perft solve play; do
    extra=""; [ $c = perft ] && extra=1
    expect_fail "$c-unknown-game" "unknown game 'nosuchgame'" $GS $c nosuchgame $extra
    expect_fail "$c-bad-value" "key 'm'" $GS $c mnk:m=0 $extra
    expect_fail "$c-unknown-key" "unknown key 'q'" $GS $c mnk:q=1 $extra
    expect_fail "$c-bad-syntax" "key=value" $GS $c "mnk:m" $extra
done
expect_fail perft-bad-depth "DEPTH" $GS perft tictactoe x
expect_fail perft-neg-depth "DEPTH" $GS perft tictactoe -1

# bad files: truncated and garbage SGF/JSON give line and column, exit non-zero
printf '(;GM[4]SZ[15]AB[hh' > "$TMP/trunc.sgf"
printf '(;GM[4]SZ[15];B[hh]\n;W[hi]\n;B[zz' > "$TMP/trunc2.sgf"
printf '{"format":"gridstone","version":1,"game":"tictactoe","moves":["b2",' > "$TMP/trunc.json"
printf '\001\002garbage\377' > "$TMP/garbage.bin"
printf '{"format":"gridstone","version":1,"game":"mnk:q=1"}' > "$TMP/badkey.json"
printf '(;GM[4]SZ[15]GS[gomoku:size=15,rule=nosuch])' > "$TMP/badrule.sgf"
for c in legal show; do
    expect_fail "$c-trunc-sgf" "line 1, column [0-9]+" $GS $c "$TMP/trunc.sgf"
    expect_fail "$c-trunc-sgf2" "line 3, column [0-9]+" $GS $c "$TMP/trunc2.sgf"
    expect_fail "$c-trunc-json" "line 1, column [0-9]+" $GS $c "$TMP/trunc.json"
    expect_fail "$c-garbage" "line 1|column|position" $GS $c "$TMP/garbage.bin"
    expect_fail "$c-badkey" "unknown key 'q'" $GS $c "$TMP/badkey.json"
    expect_fail "$c-missing" "nosuchfile" $GS $c "$TMP/nosuchfile.sgf"
    expect_fail "$c-empty" "no position|empty" $GS $c /dev/null
done
expect_fail solve-trunc "line 1, column" $GS solve tictactoe --position "$TMP/trunc.json"

# perft of tic-tac-toe (Must show 2)
expect_out perft-tictactoe "1 9 0
2 72 0
3 504 0
4 3024 0
5 15120 1440
6 56160 5328
7 154944 47952
8 255168 72576
9 255168 127872" $GS perft tictactoe 9

# legal and show read standard input
echo '{"format":"gridstone","version":1,"game":"tictactoe","moves":["b2","a1"]}' > "$TMP/g.json"
expect_grep legal-json-stdin '"to_move":"black"' sh -c "$GS legal - --json < $TMP/g.json"
expect_grep show-stdin 'X' sh -c "$GS show - < $TMP/g.json"
finish
