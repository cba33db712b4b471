#!/bin/sh
# m,n,k-games through the CLI: perft, solve, legal moves with reasons
# under gravity, spec errors naming the key.
. tests/cli/lib.sh
expect_out "perft tictactoe 9" "9 255168 127872" sh -c "$GS perft tictactoe 9 | tail -1"
expect_grep "solve 4,4,4 is a draw" "^value: draw" "$GS" solve mnk:m=4,n=4,k=4
expect_grep "solve 6,5,4 is a win" "^value: win" "$GS" solve mnk:m=6,n=5,k=4
expect_grep "solve json" '"value"' "$GS" solve tictactoe --json
cat >"$TMP/c4.json" <<'J'
{"format":"gridstone","version":1,"game":"connect4","moves":["d1","d2"]}
J
expect_grep "gravity: landing cell legal" '"move":"d3"' "$GS" legal "$TMP/c4.json" --json
expect_grep "gravity: floating cell out-of-bounds" '"move":"a2"[^}]*"reason":"out-of-bounds"' "$GS" legal "$TMP/c4.json" --json
expect_grep "black to move after two plies" '"to_move":"black"' "$GS" legal "$TMP/c4.json" --json
# Connect Four positions with the values of Pascal Pons' solver (tests/data/mnk/connect4-pons-strong.txt)
cat >"$TMP/c4draw.json" <<'J'
{"format":"gridstone","version":1,"game":"connect4","moves":["b1","a1","g1","a2","b2","b3","c1","e1","b4","a3","e2","e3","g2","b5","d1","b6","d2","d3","a4"]}
J
cat >"$TMP/c4loss.json" <<'J'
{"format":"gridstone","version":1,"game":"connect4","moves":["d1","a1","g1","f1","c1","e1","b1","c2","e2","c3","d2","e3","e4","c4","c5","g2","e5","f2","g3","f3","a2","a3"]}
J
expect_grep "connect4: Pons' draw is a draw" "^value: draw" "$GS" solve --position "$TMP/c4draw.json"
expect_grep "connect4: Pons' loss is a loss" "^value: loss" "$GS" solve --position "$TMP/c4loss.json"
# the start is answered through the opening book where one is generated (src/ai/mnk_c4_book.c)
if grep -q "c4_book_covers = [13]" src/ai/mnk_c4_book.c 2>/dev/null; then
    expect_grep "connect4 start: the first player wins" "^value: win" "$GS" solve connect4 --time 60
    expect_grep "connect4 start: d1" "^best: d1" "$GS" solve connect4 --time 60
fi
cat >"$TMP/c4a1.json" <<'J'
{"format":"gridstone","version":1,"game":"connect4","moves":["a1"]}
J
expect_grep "connect4 after a1 under a time limit: not proven" "limit" "$GS" solve --position "$TMP/c4a1.json" --time 1
expect_fail "k out of range names the key" "k" "$GS" solve mnk:k=40
expect_fail "m out of range names the key" "\bm\b" "$GS" perft mnk:m=0 1
finish
