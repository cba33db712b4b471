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
# issue 15 item 9: notes are printed; a setup node after moves stops the replay visibly
printf '(;GM[1]SZ[9]RU[foo];B[aa])' > "$TMP/ru.sgf"
"$GS" show "$TMP/ru.sgf" >/dev/null 2>"$TMP/ru.err"
grep -q 'note: RU\[foo\]: rules not understood' "$TMP/ru.err" && pass io_note_unknown_rules || fail io_note_unknown_rules "stderr [$(cat "$TMP/ru.err")]"
printf '(;GM[1]SZ[9];B[aa];AB[cc];W[dd])' > "$TMP/setup.sgf"
expect_grep io_setup_after_moves_show 'replay stopped at move 2: unsupported' "$GS" show "$TMP/setup.sgf"
"$GS" replay --strict "$TMP/setup.sgf" >/dev/null 2>&1 && fail io_setup_after_moves_strict "exit 0" || pass io_setup_after_moves_strict
# item 15: one prefix, the right problem
printf '(;GM[1]SZ[9]AB[aa:zz])' > "$TMP/ab.sgf"
expect_fail io_message_once 'column 13: AB\[aa:zz\]: point off the 9x9 board$' "$GS" show "$TMP/ab.sgf"
printf '(;GM[1]SZ[9]KM[1e308])' > "$TMP/km.sgf"
expect_fail io_komi_out_of_range 'KM\[1e308\]: komi is out of range' "$GS" show "$TMP/km.sgf"
printf '(;GM[1]SZ[9];B[ee];W[ef];B[];W[])' > "$TMP/sc.sgf"
expect_fail io_score_message_once '^gridstone score: dead stone at A1: there is no stone there$' "$GS" score "$TMP/sc.sgf" --dead A1
finish
