# File loading through the CLI: format detection, overrides, one-line errors
# with line and column.
. tests/cli/lib.sh

printf '(;GM[2]SZ[6];B[cb];W[bb])\n' > "$TMP/a.sgf"
printf '{"format":"gridstone","version":1,"game":"othello","moves":["d3"]}\n{"format":"gridstone","version":1,"game":"reversi:size=4"}\n' > "$TMP/a.jsonl"
printf '(;GM[2]SZ[6];B[cb]\n;W[zz' > "$TMP/bad.sgf"
printf '{"format":"gridstone","version":1,\n "game":"othello","moves":["d3",]}' > "$TMP/bad.json"

expect_grep io_show_sgf 'reversi:size=6' "$GS" show "$TMP/a.sgf"
expect_grep io_show_sgf_override 'empties=winner' "$GS" show "$TMP/a.sgf" --game reversi:empties=winner
expect_grep io_show_jsonl 'reversi:size=4' "$GS" show "$TMP/a.jsonl"
expect_grep io_show_obf 'reversi:size=8' "$GS" show "$TD/reversi/ffo-40-59.obf"
expect_grep io_show_stdin 'reversi:size=6' sh -c "\"$GS\" show - < \"$TMP/a.sgf\""
expect_fail io_bad_sgf_position 'line 2, column 6: unexpected end of input inside property value' "$GS" show "$TMP/bad.sgf"
expect_fail io_bad_json_position 'line 2, column 33: expected a JSON value, got .\]' "$GS" show "$TMP/bad.json"
expect_fail io_missing_file 'nonexistent' "$GS" show "$TMP/nonexistent.sgf"
finish
