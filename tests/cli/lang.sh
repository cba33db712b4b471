#!/bin/sh
# --lang on every command that prints text for people (show, replay,
# score, solve, stats, legal, play, games): one option from the CLI's
# option table, Korean output where the engine has Korean, the CLI's own
# one-line errors in Korean too, --json unchanged; an unknown value is an
# error in the locale's language.
. tests/cli/lib.sh

printf '(;GM[1]SZ[5]KM[0.5];B[cc];W[bb];B[cc])\n' >"$TMP/stop.sgf"   # move 3 on an occupied point
printf '(;GM[1]SZ[5]\001)\n' >"$TMP/byte.sgf"

# each command's Korean lines
expect_grep show_ko_header "^go:size=5,.*, 2수$" $GS show "$TMP/stop.sgf" --lang ko
expect_grep show_ko_board "^흑\(X\) 차례입니다$" $GS show "$TMP/stop.sgf" --lang ko
# the stop in one line: where, the move, why, then the reason code (said once)
expect_grep show_ko_stop "^3번째 수\\(B\[cc\]\\)에서 재생을 멈췄습니다: 이미 돌이 놓인 자리입니다 \[occupied\]$" $GS show "$TMP/stop.sgf" --lang ko
expect_grep show_en_stop "^replay stopped at move 3 \\(B\[cc\]\\): the point is already occupied \[occupied\]$" $GS show "$TMP/stop.sgf" --lang en
printf '(;GM[1]SZ[9]RU[moon];B[aa])\n' >"$TMP/ru.sgf"
out=$($GS replay "$TMP/ru.sgf" --lang ko 2>&1 >/dev/null)
[ "$out" = "gridstone replay: $TMP/ru.sgf: 참고: RU[moon]: 알 수 없는 규칙입니다; 이 게임의 기본 규칙을 적용합니다" ] && pass replay_ko_note || fail replay_ko_note "$out"
expect_grep replay_ko_captures "^따낸 돌: 흑 0 백 0$" $GS replay "$TMP/stop.sgf" --lang ko
expect_grep replay_ko_result "^결과: \(끝나지 않음\)$" $GS replay "$TMP/stop.sgf" --lang ko
expect_grep replay_ko_illegal "^3번째 수\\(B\[cc\]\\)에서 재생을 멈췄습니다: 이미 돌이 놓인 자리입니다 \[occupied\]$" $GS replay "$TMP/stop.sgf" --lang ko
expect_grep score_ko_note "^참고: 끝나지 않은 대국입니다: 지금의 판 모양대로 셉니다$" $GS score "$TMP/stop.sgf" --lang ko
expect_grep score_ko_dead "^사석 \(엔진 추정\): 없음$" $GS score "$TMP/stop.sgf" --lang ko
expect_grep solve_ko_value "^값: 무승부$" $GS solve tictactoe --lang ko
expect_grep solve_ko_best "^최선의 수: " $GS solve tictactoe --lang ko
expect_grep stats_ko_rate "^승률: 흑 0.0%, 백 0.0%$" $GS stats "$TMP/stop.sgf" --lang ko
expect_grep legal_ko_to_move "^흑 차례$" $GS legal "$TMP/stop.sgf" --lang ko
expect_grep legal_ko_legal "^둘 수 있는 자리 \(24\): " $GS legal "$TMP/stop.sgf" --lang ko
expect_grep play_ko_result "^결과: " sh -c "$GS play tictactoe --black random --white perfect --lang ko </dev/null"
expect_grep games_ko_name "^go \(바둑\)" $GS games go --lang ko
expect_grep games_ko_key_label "^  size=N\|WxH \(2..25\) +판 크기 \(기본값 19\)$" $GS games go --lang ko
expect_grep games_ko_key_values "^  komi=-1000..1000 \(0.5의 배수\) 덤$" $GS games go --lang ko
expect_grep games_ko_solver "^  해법 탐색기: 있음 \(gridstone solve\)$" $GS games tictactoe --lang ko
expect_grep games_en_key_help "^  size=N\|WxH \(2..25\) +board size \(default 19\)$" $GS games go --lang en
# without --lang the locale decides, for these commands as for play
expect_grep show_ko_from_locale "^3번째 수" env LC_ALL=ko_KR.UTF-8 $GS show "$TMP/stop.sgf"
expect_grep show_en_from_locale "^replay stopped" env LC_ALL=C $GS show "$TMP/stop.sgf"

# errors: the CLI's own, the option table's, the library's (msg_ko), and
# the English values inside them (strerror texts, byte codes)
expect_fail show_ko_no_file "^gridstone show: '[^']*nosuch.sgf'을\(를\) 열 수 없습니다: 그런 파일이나 디렉터리가 없습니다$" $GS show "$TMP/nosuch.sgf" --lang ko
expect_fail show_ko_byte "^gridstone show: [^ ]*byte.sgf: 1행 13열: .*\(실제로는 바이트 0x01\)$" $GS show "$TMP/byte.sgf" --lang ko
expect_fail show_en_byte "^gridstone show: [^ ]*byte.sgf: line 1, column 13: .*got byte 0x01$" $GS show "$TMP/byte.sgf" --lang en
expect_fail show_ko_unknown_option "^gridstone show: 알 수 없는 옵션입니다: '--frob'" $GS show x.sgf --frob --lang ko
expect_fail replay_ko_usage "^gridstone replay: 사용법: gridstone replay FILE" $GS replay --lang ko
expect_fail score_ko_rules "^gridstone score: 알 수 없는 규칙입니다: 'x' \(tromp-taylor" $GS score "$TMP/stop.sgf" --rules x --lang=ko
expect_fail score_ko_komi "^gridstone score: --komi의 값 'x'이\(가\) 잘못되었습니다" $GS score "$TMP/stop.sgf" --komi x --lang ko
expect_fail score_ko_not_go "^gridstone score: [^ ]*: 1번째 국면은 바둑이 아닙니다" sh -c "printf '(;GM[4]SZ[15];B[hh])' | $GS score - --lang ko"
expect_fail solve_ko_no_solver "^gridstone solve: go:.*에는 해법 탐색기가 없습니다" $GS solve go --lang ko
expect_fail solve_ko_bad_spec "^gridstone solve: 키 'komi'의 값 'x'이\(가\) 잘못되었습니다" $GS solve go:komi=x --lang ko
expect_fail stats_ko_player "^gridstone stats: --player에는 --db가 있어야 합니다$" $GS stats "$TMP/stop.sgf" --player 3 --lang ko
expect_fail legal_ko_needs_value "^gridstone legal: --game에는 값이 있어야 합니다" $GS legal "$TMP/stop.sgf" --lang ko --game
expect_fail games_ko_unknown "^gridstone games: 알 수 없는 게임입니다: 'nosuch'" $GS games nosuch --lang ko
expect_fail perft_depth_en "^gridstone perft: bad value for DEPTH: 'x'" $GS perft tictactoe x
expect_fail play_ko_save "^gridstone play: '/nonexistent/x.sgf'에 쓸 수 없습니다: 그런 파일이나 디렉터리가 없습니다$" $GS play tictactoe --save /nonexistent/x.sgf --lang ko

# an unknown value: every command says so, in the locale's language
for c in show replay score stats legal; do
    expect_fail "${c}_lang_unknown" "^gridstone $c: bad value for --lang: 'jp' \\(expected en or ko\\)$" env LC_ALL=C $GS $c "$TMP/stop.sgf" --lang jp
done
expect_fail solve_lang_unknown "^gridstone solve: bad value for --lang: 'de'" env LC_ALL=C $GS solve tictactoe --lang=de
expect_fail games_lang_unknown "^gridstone games: bad value for --lang: 'x'" env LC_ALL=C $GS games --lang x
expect_fail show_lang_unknown_ko_locale "^gridstone show: --lang의 값 'jp'이\(가\) 잘못되었습니다 \(en 또는 ko\)$" env LC_ALL=ko_KR.UTF-8 $GS show "$TMP/stop.sgf" --lang jp
expect_fail show_lang_needs_value "^gridstone show: --lang needs a value" env LC_ALL=C $GS show "$TMP/stop.sgf" --lang

# --json stays language-neutral
for c in show replay legal stats; do
    a=$($GS $c "$TMP/stop.sgf" --json --lang ko 2>&1); b=$($GS $c "$TMP/stop.sgf" --json --lang en 2>&1)
    if [ -n "$a" ] && [ "$a" = "$b" ]; then pass "${c}_json_same_in_ko"; else fail "${c}_json_same_in_ko" "[$a] vs [$b]"; fi
done
# the time taken differs from run to run (and under load): compared without it
a=$($GS solve tictactoe --json --lang ko | sed 's/"seconds":[0-9.]*,//'); b=$($GS solve tictactoe --json --lang en | sed 's/"seconds":[0-9.]*,//')
if [ "$a" = "$b" ]; then pass solve_json_same_in_ko; else fail solve_json_same_in_ko "[$a] vs [$b]"; fi
# score's note is its message field: it follows the language, the keys do not
expect_grep score_json_note_ko '"over":false,"note":"끝나지 않은 대국입니다' $GS score "$TMP/stop.sgf" --json --lang ko
expect_grep score_json_note_en '"over":false,"note":"the game is not over' $GS score "$TMP/stop.sgf" --json --lang en

# the server's errors: every detail written after an error's text has its
# Korean (21 of them, for requests only a client of its own gets wrong, came
# in English inside the Korean message)
if command -v python3 >/dev/null 2>&1; then
    out=$(python3 tests/server/details_ko.py 2>&1) && pass server_details_ko \
        || fail server_details_ko "no Korean for: $(printf '%s' "$out" | tr '\n' '|')"
else
    skip server_details_ko "no python3"
fi

# commands without --lang (protocols, perft) refuse it as any unknown option
expect_fail perft_no_lang "^gridstone perft: unknown option '--lang'" $GS perft tictactoe 1 --lang ko
finish
