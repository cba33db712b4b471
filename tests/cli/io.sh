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
finish
