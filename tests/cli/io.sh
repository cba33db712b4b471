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
# issue 15 item 10: bytes that are not UTF-8 in a file never reach --json output raw
printf '(;GM[1]SZ[9]RE[\377\376]PB[caf\303\251];B[aa])' > "$TMP/latin.sgf"
if command -v python3 >/dev/null 2>&1; then
    for cmd in replay stats; do
        if "$GS" $cmd --json "$TMP/latin.sgf" > "$TMP/out.json" 2>"$TMP/err" &&
           python3 -c 'import json,sys; json.loads(sys.stdin.buffer.read().decode("utf-8", "strict"))' < "$TMP/out.json"
        then pass io_json_output_valid_utf8_$cmd
        else fail io_json_output_valid_utf8_$cmd "$(head -c 300 "$TMP/out.json") $(cat "$TMP/err")"; fi
    done
else
    skip io_json_output_valid_utf8 "python3 not installed"
fi
expect_grep io_json_replaces_bad_bytes '"file_result":"\\ufffd\\ufffd"' "$GS" replay --json "$TMP/latin.sgf"
# issue 15 item 13: a BOM before OBF lines
printf '\357\273\277---------------------------OX------XO--------------------------- X;\n' > "$TMP/bom.obf"
expect_grep io_obf_bom 'reversi:size=8' "$GS" show "$TMP/bom.obf"
# issue 15 item 7: version 1e999 is an error with a position, no undefined conversion
printf '{"format":"gridstone","version":1e999,"game":"go"}' > "$TMP/v.json"
expect_fail io_json_huge_version 'line 1, column 33: "version" must be a positive integer' "$GS" show "$TMP/v.json"
# issue 15 item 9: notes are printed; a setup node after moves stops the replay visibly
printf '(;GM[1]SZ[9]RU[foo];B[aa])' > "$TMP/ru.sgf"
"$GS" show "$TMP/ru.sgf" >/dev/null 2>"$TMP/ru.err"
grep -q 'note: RU\[foo\]: rules not understood' "$TMP/ru.err" && pass io_note_unknown_rules || fail io_note_unknown_rules "stderr [$(cat "$TMP/ru.err")]"
printf '(;GM[1]SZ[9];B[aa];AB[cc];W[dd])' > "$TMP/setup.sgf"
expect_grep io_setup_after_moves_show '^replay stopped after move 1: setup properties \(AB/AW/AE/PL\) after moves are not supported \[unsupported\]$' "$GS" show "$TMP/setup.sgf"
"$GS" replay --strict "$TMP/setup.sgf" >/dev/null 2>&1 && fail io_setup_after_moves_strict "exit 0" || pass io_setup_after_moves_strict
# item 15: one prefix, the right problem
printf '(;GM[1]SZ[9]AB[aa:zz])' > "$TMP/ab.sgf"
expect_fail io_message_once 'column 13: AB\[aa:zz\]: point off the 9x9 board$' "$GS" show "$TMP/ab.sgf"
printf '(;GM[1]SZ[9]KM[1e308])' > "$TMP/km.sgf"
expect_fail io_komi_out_of_range 'KM\[1e308\]: komi is out of range' "$GS" show "$TMP/km.sgf"
printf '(;GM[1]SZ[9];B[ee];W[ef];B[];W[])' > "$TMP/sc.sgf"
expect_fail io_score_message_once '^gridstone score: dead stone at A1: there is no stone there$' "$GS" score "$TMP/sc.sgf" --dead A1
# issue 15 items 1, 2: 100,000 one-move games and 100,000 sibling variations load with
# memory that follows the file's size (a 1 GB address-space cap when not sanitized:
# a state per position needed 3 GB and more before), and the variations in linear time
i=0; : > "$TMP/many.sgf"
while [ $i -lt 100 ]; do printf '(;GM[1]SZ[9];B[ee])\n' >> "$TMP/many.sgf"; i=$((i + 1)); done
for k in 1 2 3; do cat "$TMP/many.sgf" "$TMP/many.sgf" "$TMP/many.sgf" "$TMP/many.sgf" "$TMP/many.sgf" \
    "$TMP/many.sgf" "$TMP/many.sgf" "$TMP/many.sgf" "$TMP/many.sgf" "$TMP/many.sgf" > "$TMP/m2"; mv "$TMP/m2" "$TMP/many.sgf"; done
{ printf '(;GM[1]SZ[9]'; i=0; while [ $i -lt 1000 ]; do printf '(;C[x])'; i=$((i + 1)); done; } > "$TMP/v1k"
{ for k in 1 2 3 4 5 6 7 8 9 10; do cat "$TMP/v1k" | sed 's/^(;GM\[1\]SZ\[9\]//'; done; } > "$TMP/v10k"
{ printf '(;GM[1]SZ[9]'; for k in 1 2 3 4 5 6 7 8 9 10; do cat "$TMP/v10k"; done; printf ')'; } > "$TMP/siblings.sgf"
case "${CFLAGS:-}" in *sanitize*) cap=unlimited ;; *) cap=1000000 ;; esac
expect_grep io_100k_games '"games":100000,.*"total_moves":100000' sh -c "ulimit -v $cap; \"$GS\" stats --json \"$TMP/many.sgf\""
expect_grep io_100k_variations '^games: 1$' sh -c "ulimit -v $cap; \"$GS\" stats \"$TMP/siblings.sgf\""
finish
# a bad spec on the command line is not placed in a file ("a.sgf: line 1,
# column 4" named the file for an error in --game), and a spec argument
# has no line
expect_fail io_bad_override_not_in_file "^gridstone show: [^ ]*a.sgf: expected key=value in spec, got 'size'$" "$GS" show "$TMP/a.sgf" --game reversi:size
expect_fail io_bad_override_not_in_json "^gridstone show: [^ ]*a.jsonl: expected key=value in spec, got 'size'$" "$GS" show "$TMP/a.jsonl" --game reversi:size
expect_fail io_bad_spec_argument "^gridstone solve: bad game name in spec 'x.obf'$" "$GS" solve x.obf
