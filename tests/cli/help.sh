#!/bin/sh
# --help in the UI language: every command's table has its Korean
# (build/test_cli walks them: tests/cliunit/test_cli_help.c), and the
# help the CLI prints follows --lang, the --lang before the command, or
# the locale; at the top level as in each command.
. tests/cli/lib.sh

T=$(dirname "$GS")/test_cli
if [ -x "$T" ]; then
    "$T" >"$TMP/unit" 2>&1; rc=$?
    relay "$TMP/unit" cli_texts: || fail cli_texts "no result from $T (exit $rc)"
    grep '^    ' "$TMP/unit"   # the failed checks' lines
else
    # `make test` builds it: missing, the tables went unchecked
    fail cli_texts "$T not built (make $T)"
fi

# a command's help: the usage line, about, options in Korean; names unchanged
expect_grep play_help_ko "^사용법: gridstone play SPEC \[--black PLAYER\]" $GS play --help --lang ko
expect_grep play_help_ko_about "^터미널에서 대국합니다" $GS play --help --lang ko
expect_grep play_help_ko_option "^  --save FILE       대국이 끝나면 FILE에 저장합니다" $GS play --help --lang ko
expect_grep play_help_ko_help "^  --help            이 도움말$" $GS play --help --lang ko
expect_grep play_help_ko_first "^옵션:$" $GS play --lang ko --help
expect_grep play_help_ko_eq "^옵션:$" $GS play --help --lang=ko
expect_grep play_help_ko_locale "^옵션:$" env LC_ALL= LC_MESSAGES= LANG=ko_KR.UTF-8 $GS play --help
expect_grep play_help_en_locale "^options:$" env LC_ALL= LC_MESSAGES= LANG=C $GS play --help
expect_grep play_help_en_over_locale "^  --save FILE       write the game to FILE" env LC_ALL=ko_KR.UTF-8 $GS play --help --lang en
# commands without --lang keep English output, but their help follows the locale
expect_grep gtp_help_ko_locale "^  --verbose         탐색마다 표준 오류에 한 줄을 씁니다$" env LC_ALL=ko_KR.UTF-8 $GS gtp --help
expect_grep gtp_help_ko_rules "^  --rules R         규칙: tromp-taylor, .* \(기본값 chinese\)$" env LC_ALL=ko_KR.UTF-8 $GS gtp --help
expect_grep gtp_help_en "^  --verbose         one line about each search on stderr$" env LC_ALL=C $GS gtp --help
expect_grep solve_help_ko_solvers "^해법 탐색기가 있는 게임: .*tictactoe" $GS solve --help --lang ko
expect_grep perft_help_ko_global "^d = 1..DEPTH마다" $GS --lang ko perft --help

# the top level: the locale, or --lang before or after --help
expect_grep top_help_ko_locale "^명령:$" env LC_ALL= LC_MESSAGES= LANG=ko_KR.UTF-8 $GS --help
expect_grep top_help_ko_summary "^  play       터미널에서 대국" env LC_ALL= LC_MESSAGES= LANG=ko_KR.UTF-8 $GS --help
expect_grep top_help_ko_game "^  go         바둑: " env LC_ALL= LC_MESSAGES= LANG=ko_KR.UTF-8 $GS --help
expect_grep top_help_en_locale "^commands:$" env LC_ALL= LC_MESSAGES= LANG=C $GS --help
expect_grep top_help_en_summary "^  play       play a game in the terminal" env LC_ALL= LC_MESSAGES= LANG=C $GS --help
expect_grep top_help_lang_first "^명령:$" env LC_ALL=C $GS --lang ko --help
expect_grep top_help_lang_after "^명령:$" env LC_ALL=C $GS --help --lang ko
expect_grep top_help_lang_eq "^명령:$" env LC_ALL=C $GS --lang=ko help
expect_grep top_help_lang_en "^commands:$" env LC_ALL=ko_KR.UTF-8 $GS --help --lang en
out=$(env LC_ALL=ko_KR.UTF-8 $GS --help | grep -E ' (the|and|of|for|a) ')   # no English prose left
[ -z "$out" ] && pass top_help_ko_no_english || fail top_help_ko_no_english "$out"

# --lang before the command: the command's language unless it says otherwise
printf '(;GM[1]SZ[5];B[cc];W[bb];B[cc])\n' >"$TMP/stop.sgf"
expect_grep global_lang_show "^3번째 수" env LC_ALL=C $GS --lang ko show "$TMP/stop.sgf"
expect_grep global_lang_own_wins "^replay stopped at move 3" env LC_ALL=C $GS --lang ko show "$TMP/stop.sgf" --lang en
expect_grep global_lang_perft "^1 9 0$" $GS --lang ko perft tictactoe 1
expect_fail global_lang_perft_error "^gridstone perft: unknown option '--lang'" $GS --lang ko perft tictactoe 1 --lang ko
expect_fail global_lang_bad "^gridstone: bad value for --lang: 'jp' \(expected en or ko\)$" env LC_ALL=C $GS --lang jp --help
expect_fail global_lang_no_value "^gridstone: --lang needs a value \(en\|ko\)$" env LC_ALL=C $GS --lang
expect_fail global_lang_no_command "^gridstone: 명령이 없습니다" env LC_ALL=C $GS --lang ko
expect_fail unknown_command_ko "^gridstone: 알 수 없는 명령입니다: 'frob'" env LC_ALL=ko_KR.UTF-8 $GS frob
expect_fail unknown_command_en "^gridstone: unknown command 'frob'" env LC_ALL=C $GS frob
finish
