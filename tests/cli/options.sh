#!/bin/sh
# The CLI's option table (issue 10, issue 15 items 6, 11, 15, 16): errors
# from the table, --help from the table, fractions where times are taken,
# whole lines in play, play --save, gridstone games, solve --help, score
# notes, --version; and every --json output is JSON Lines (one parseable
# object per line), checked with python3's json module.
. tests/cli/lib.sh

# errors name the option and what is wrong
expect_fail opt_needs_value "^gridstone play: --black needs a value" $GS play tictactoe --black
expect_fail opt_needs_value_before_option "^gridstone play: --black needs a value" $GS play tictactoe --black --white random
expect_fail opt_unknown "^gridstone legal: unknown option '--frob'" $GS legal x.sgf --frob
expect_fail opt_flag_value "--json takes no value" $GS legal x.sgf --json=1
expect_fail opt_bad_number "^gridstone solve: bad value for --nodes: 'ten'" $GS solve tictactoe --nodes ten
expect_fail opt_hex_rejected "bad value for --time: '0x10'" $GS play tictactoe --time 0x10
expect_fail opt_inf_rejected "bad value for --komi: 'inf'" $GS score x.sgf --komi inf
expect_fail opt_huge_komi "bad value for --komi: '1e300'" $GS score x.sgf --komi 1e300
expect_fail opt_unexpected "unexpected argument 'b'" $GS play tictactoe b
expect_fail opt_missing_positional "usage: gridstone legal FILE" $GS legal
# --help comes from the same table: every option of the table is listed,
# its text apart from the option and its value (--listen HOST:PORT, 18
# characters, once ran into its text)
for c in legal show replay score stats solve play perft gtp gomocup games serve; do
    h=$($GS $c --help 2>&1); u=$(printf '%s\n' "$h" | head -1)
    miss=""
    for o in $(printf '%s\n' "$u" | grep -o -- '\[--[a-z-]*' | tr -d '['); do
        printf '%s\n' "$h" | grep -q -- "^  $o" || miss="$miss $o"
    done
    left=$(printf '%s\n' "$u" | grep -o -- '\[--[^]]*\]' | tr -d '[]' | while read -r ol; do
        printf '%s\n' "$h" | grep -q -e "^  $ol  " -e "^  $ol\$" || printf ' %s' "$ol"; done)
    [ -z "$left" ] || miss="$miss (run into their text:$left)"
    case "$u" in "usage: gridstone $c"*) [ -z "$miss" ] && pass "help-$c lists its options" || fail "help-$c" "missing:$miss";;
        *) fail "help-$c" "$u";; esac
done
expect_grep version "^gridstone [0-9]+\.[0-9]+\.[0-9]+$" $GS --version

# item 15: play --time takes fractions as gtp --time does
expect_grep play_time_fraction "^result: " sh -c "$GS play tictactoe --black random --white perfect --time 0.5 </dev/null"
# item 6: play reads whole lines: a long junk line ending in b2 is not a move
junk=$(head -c 300 /dev/zero | tr '\0' 'x')
out=$(printf '%sb2\nquit\n' "$junk" | $GS play tictactoe --white random 2>&1)
if printf '%s\n' "$out" | grep -q "too long" && ! printf '%s\n' "$out" | grep -q "plays"; then pass "play ignores a long line whole"
else fail "play ignores a long line whole" "$(printf '%s\n' "$out" | tail -5)"; fi
# play --lang ko explains refusals in Korean: no English words around them
out=$(printf 'undo\nb2\nb2\nfoo\nquit\n' | $GS play tictactoe --white human --lang ko 2>&1)
if printf '%s\n' "$out" | grep -q "^O> 둘 수 없습니다: 이미 돌이 놓인 자리입니다 \[occupied\]" &&
   printf '%s\n' "$out" | grep -q "^X> 무를 수가 남아 있지 않습니다" &&
   printf '%s\n' "$out" | grep -q "^O> 수를 읽을 수 없습니다: 'foo'" && printf '%s\n' "$out" | grep -q "X (흑) = human, O (백) = human" &&
   ! printf '%s\n' "$out" | grep -q "illegal\|undo\|Type 'help'"
then pass "play --lang ko"; else fail "play --lang ko" "$(printf '%s\n' "$out" | grep '>')"; fi
expect_grep play_lang_ko_result "^결과: " sh -c "$GS play tictactoe --black random --white perfect --lang ko </dev/null"
# the board's own lines and the in-game help in Korean too: no English left
out=$(printf 'help\npass\nquit\n' | $GS play go:size=5 --white human --lang ko 2>&1)
if printf '%s\n' "$out" | grep -q "^흑(X) 차례입니다" && printf '%s\n' "$out" | grep -q "^따낸 돌 흑 0 백 0, 마지막 수는 패스" &&
   printf '%s\n' "$out" | grep -q "그 밖의 명령" && ! printf '%s\n' "$out" | grep -q "to move\|captures\|Type moves"
then pass "play --lang ko: board lines and help"; else fail "play --lang ko: board lines and help" "$(printf '%s\n' "$out" | tail -8)"; fi
expect_grep play_lang_ko_game_over "^대국 끝: " sh -c "$GS play connect4 --black random --white perfect --lang ko </dev/null"
expect_grep play_lang_ko_rule_line "^4개를 한 줄로 놓으면 이깁니다 \(중력: " sh -c "$GS play connect4 --black random --white perfect --lang ko </dev/null"
# without --lang the locale decides as POSIX orders it: LC_ALL, LC_MESSAGES, LANG
expect_grep play_lang_lc_all "^결과: " sh -c "LANG=C.UTF-8 LC_ALL=ko_KR.UTF-8 $GS play tictactoe --black random --white perfect </dev/null"
expect_grep play_lang_lc_messages "^결과: " sh -c "LANG=C.UTF-8 LC_ALL= LC_MESSAGES=ko_KR.UTF-8 $GS play tictactoe --black random --white perfect </dev/null"
expect_grep play_lang_lc_all_wins "^result: " sh -c "LANG=ko_KR.UTF-8 LC_ALL=C $GS play tictactoe --black random --white perfect </dev/null"
# item 16: play --save FILE, and the README's tour works on what it saves
expect_grep play_save "game saved to $TMP/game.sgf" sh -c "$GS play tictactoe --black random --white perfect --save $TMP/game.sgf </dev/null"
expect_grep play_saved_replays "^moves: [5-9]$" $GS replay --strict "$TMP/game.sgf"
expect_grep play_saved_legal "to move|legal" $GS legal "$TMP/game.sgf"
expect_grep play_save_json '"format":"gridstone"' sh -c "$GS play connect4 --black random --white random --save $TMP/c4.json </dev/null >/dev/null && cat $TMP/c4.json"
expect_fail play_save_bad_dir "cannot write" sh -c "$GS play tictactoe --black random --white random --save /nonexistent/dir/g.sgf </dev/null >/dev/null"
# ... and says so before the game, not after a game the player then loses
expect_fail play_save_checked_first "cannot write '/nonexistent/dir/g.sgf'" sh -c "printf 'b2\\n' | $GS play tictactoe --white random --save /nonexistent/dir/g.sgf | grep -q . && echo played >&2; exit 2"
expect_fail play_save_to_a_dir "cannot write '$TMP'" $GS play tictactoe --black random --white random --save "$TMP"
# --lang takes en or ko, not anything (it was English for any other value)
expect_fail play_lang_unknown "bad value for --lang: 'jp' \\(expected en or ko\\)" $GS play tictactoe --lang jp
# item 16: gridstone games [NAME] prints a game's keys; solve --help names the games with a solver
expect_grep games_lists_all "^go: .*" $GS games
expect_grep games_go_keys "^  komi=" $GS games go
expect_grep games_go_keys_json '"name":"komi","type":"number"' $GS games go --json
expect_grep games_alias_json "\"name\":\"renju\".*\"keys\":\[\{\"name\":\"size\"" $GS games renju --json
expect_grep games_alias "^renju = " $GS games renju
expect_fail games_unknown "unknown game 'nosuch'" $GS games nosuch
# the game modules' Korean: --lang ko for the names and summaries, both languages in --json
expect_grep games_korean "^renju \(렌주\) = gomoku:rule=renju: 오목 계열" $GS games renju --lang ko
expect_grep games_english_by_default "^go: Go \(baduk\)" env LANG=C $GS games go
expect_grep games_korean_json '"name_ko":"바둑","summary_ko":"바둑: .*"name":"komi".*"label_ko":"덤"' $GS games go --json
# play --lang ko: the library's details in Korean (gs_error msg_ko), English otherwise
expect_fail play_bad_spec_korean "^gridstone play: 키 'komi'의 값 'x'이\(가\) 잘못되었습니다" $GS play go:komi=x --lang ko
expect_fail play_bad_spec_position_korean "^gridstone play: 규칙 문자열에는 키=값이" $GS play 'go:size=9,,' --lang ko
expect_fail play_bad_spec_english "^gridstone play: bad value for key 'komi': 'x'" $GS play go:komi=x --lang en
# NAME is read as every command reads a game: any case, and a whole spec names its game
expect_grep games_any_case "^  komi=" $GS games GO
expect_grep games_spec_names_its_game "^  komi=" $GS games go:size=9
expect_fail games_unknown_spec "unknown game 'chess'" $GS games chess:size=8
expect_grep solve_help_solvers "Games with a solver: .*mnk" $GS solve --help
expect_fail solve_no_solver "no solver for go" $GS solve go:size=5 --nodes 10

# item 5 (CLI side): a limit that stops the search gives no invented value
# (the start of connect4 is in its opening book; after a1 it is not)
cat >"$TMP/c4a1.json" <<'J'
{"format":"gridstone","version":1,"game":"connect4","moves":["a1"]}
J
expect_grep solve_limit_unknown "^value: unknown" $GS solve --position "$TMP/c4a1.json" --nodes 1000
expect_grep solve_limit_json '"value":null.*"complete":false' $GS solve --position "$TMP/c4a1.json" --nodes 1000 --json
expect_grep solve_limit_counts_nodes '"nodes":[1-9][0-9]*,.*"complete":false' $GS solve reversi:size=10 --nodes 1000 --json

# item 11: score says when a game is not over or ended by resignation
printf '(;GM[1]FF[4]SZ[5]KM[0.5]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[ee])\n' >"$TMP/open.sgf"
printf '(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+R]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[ee];W[])\n' >"$TMP/res.sgf"
printf '(;GM[1]FF[4]SZ[5]KM[0.5]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[];W[])\n' >"$TMP/done.sgf"
expect_grep score_not_over "^note: the game is not over" $GS score "$TMP/open.sgf" --rules chinese
expect_grep score_not_over_json '"over":false,"note":"the game is not over' $GS score "$TMP/open.sgf" --rules chinese --json
out=$($GS score "$TMP/done.sgf" --rules chinese)
[ "$out" = "W+0.5
dead stones (engine estimate): none" ] && pass "score of a finished game has no note" || fail "score of a finished game has no note" "$out"
expect_fail score_dead_offboard "dead stone 'Z9' is off the 5x5 board" $GS score "$TMP/done.sgf" --dead Z9
expect_fail score_dead_once "^gridstone score: dead stone at A1: there is no stone there$" $GS score "$TMP/done.sgf" --dead A1

# every --json output is JSON Lines: one object per line, each parses
printf '(;GM[1]FF[4]SZ[5];B[cc];W[dd])\n(;GM[1]FF[4]SZ[5];B[bb])\n' >"$TMP/two.sgf"
printf '(;GM[1]FF[4]SZ[5]RE[\377\376W+R];B[cc])\n' >"$TMP/utf.sgf"
check_jsonl() { # NAME EXPECTED_LINES CMD...
    n=$1; want=$2; shift 2
    if ! "$@" >"$TMP/j.out" 2>"$TMP/j.err"; then fail "$n" "exit: $(head -c 200 "$TMP/j.err")"; return; fi
    got=$(python3 -c '
import json, sys
n = 0
for line in open(sys.argv[1], encoding="utf-8"):
    v = json.loads(line)
    assert isinstance(v, dict), "not an object"
    n += 1
print(n)' "$TMP/j.out" 2>&1)
    [ "$got" = "$want" ] && pass "$n" || fail "$n" "expected $want object lines, got: $got"
}
if command -v python3 >/dev/null; then
    check_jsonl jsonl_legal 2 $GS legal "$TMP/two.sgf" --json
    check_jsonl jsonl_show 2 $GS show "$TMP/two.sgf" --json
    check_jsonl jsonl_replay 2 $GS replay "$TMP/two.sgf" --json
    check_jsonl jsonl_score 2 $GS score "$TMP/two.sgf" --rules chinese --json
    check_jsonl jsonl_stats 1 $GS stats "$TMP/two.sgf" --json
    check_jsonl jsonl_solve 1 $GS solve tictactoe --json
    check_jsonl jsonl_perft 3 $GS perft tictactoe 3 --json
    check_jsonl jsonl_games "$($GS games | grep -c '^[a-z0-9]')" $GS games --json
    check_jsonl jsonl_invalid_utf8 1 $GS replay "$TMP/utf.sgf" --json
    # the same thing is spelled the same everywhere
    k=$( ($GS legal "$TMP/two.sgf" --json; $GS show "$TMP/two.sgf" --json; $GS replay "$TMP/two.sgf" --json;
          $GS score "$TMP/two.sgf" --rules chinese --json) | python3 -c '
import json, sys
ok = True
for line in sys.stdin:
    v = json.loads(line)
    ok = ok and v["game"].startswith("go:") and v["index"] in (1, 2) and v["file"].endswith("two.sgf")
    if "to_move" in v: ok = ok and v["to_move"] in ("black", "white")
    if "captures" in v: ok = ok and set(v["captures"]) == {"black", "white"}
print("same" if ok else "differ")')
    [ "$k" = same ] && pass "jsonl: one spelling (game, file, index, to_move, captures)" || fail "jsonl spelling" "$k"
else
    for c in legal show replay score stats solve perft games invalid_utf8 spelling; do skip "jsonl_$c" "python3 not installed"; done
fi
finish
