# Reversi through the CLI: perft, legal, solve (OBF), spec errors.
. tests/cli/lib.sh
expect_out perft_reversi_6 "1 4 0
2 12 0
3 56 0
4 244 0
5 1396 0
6 8200 0" $GS perft reversi 6
expect_out perft_othello_alias "1 4 0
2 12 0
3 56 0" $GS perft othello 3
expect_grep perft_6x6 "^5 1364 0$" $GS perft reversi:size=6 5
printf '%s\n' '---------------------------OX------XO--------------------------- X' >"$TMP/start.obf"
expect_grep legal_start "legal \(4\): d3 c4 f5 e6" $GS legal "$TMP/start.obf"
# FFO #40 (20 empties): A2 wins by 38
grep -A1 'FFO#40 ' "$TD/reversi/ffo-40-59.obf" | tail -1 >"$TMP/ffo40.obf"
expect_grep solve_ffo40 '"score":38,"best":\{"move":"a2"' $GS solve reversi --position "$TMP/ffo40.obf" --json
# a finished position: nothing to play, the score stands
printf '%s\n' 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-- O' >"$TMP/over.obf"
expect_grep solve_over '"score":-64' $GS solve reversi --position "$TMP/over.obf" --json
expect_fail odd_size "size" $GS perft reversi:size=7 2
expect_fail bad_empties "empties" $GS perft reversi:empties=loser 2
# level options: the exact solver's threshold and the depth cap
expect_grep level_options "^result: " $GS play reversi:size=6 --black medium:exact=8,depth=2 --white random --seed 1
expect_fail level_bad_exact "exact" $GS play reversi --black strong:exact=99 --white random
expect_fail level_unknown_option "unknown option 'foo'" $GS play reversi --black strong:foo=1 --white random
expect_fail level_no_options "takes no options" $GS play reversi --black beginner:exact=3 --white random
# the evaluation: trained patterns (default) or the hand-tuned one
expect_grep level_eval_hand "^result: " $GS play reversi --black medium:eval=hand,depth=2 --white medium:eval=pattern,depth=2 --seed 1
expect_fail level_bad_eval "expected pattern|hand" $GS play reversi --black strong:eval=nn --white random
finish
