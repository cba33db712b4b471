# gridstone gtp: the GTP regression file (GNU Go's #? format) and the options.
. tests/cli/lib.sh
out=$(python3 tests/gtp/run_tst.py --engine "$GS gtp --playouts 100 --seed 1" tests/gtp/basic.tst 2>&1)
printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed$' | grep -v '^ok ' | grep -v '^xfail '
p=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
f=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
if [ -n "$p" ]; then P=$((P + p)); F=$((F + f)); else fail gtp_basic_tst "runner gave no summary"; fi
expect_fail gtp_bad_rules "unknown rules" $GS gtp --rules klingon
expect_fail gtp_bad_level "unknown level" $GS gtp --level godlike
expect_fail gtp_bad_time "--time" $GS gtp --time -1
expect_fail gtp_bad_option "unknown option" $GS gtp --frobnicate
expect_out gtp_quit_ends "= 2

= " sh -c "printf 'protocol_version\nquit\nname\n' | $GS gtp"
expect_out gtp_ids "=7 gridstone

?8 unknown command" sh -c "printf '7 name\n8 nonsense\n' | $GS gtp"
expect_out gtp_same_seed_same_move "$(printf 'boardsize 9\ngenmove b\n' | $GS gtp --playouts 300 --seed 5 | tr -d '\n')" \
    sh -c "printf 'boardsize 9\ngenmove b\n' | $GS gtp --playouts 300 --seed 5 | tr -d '\n'"
# the referee plays complete games (here gridstone against itself, no GNU Go needed)
expect_grep gtp_referee_plays "A wins [0-9]+, B wins [0-9]+, draws [0-9]+ of 2 games" \
    python3 tools/referee.py --a "$GS gtp --playouts 40" --b "$GS gtp --level random" \
    --games 2 --size 5 --komi 0.5 --time 1
# a match split over runs: game 4 (B black: even numbers), seed and SGF name by its number
expect_grep gtp_referee_first_game " 4 +B +A .*PB\[B\]PW\[A\]" \
    sh -c "d=\$(mktemp -d) && /usr/bin/python3 tools/referee.py --a '$GS gtp --playouts 40 --seed {game}' \
        --b '$GS gtp --level random' --games 1 --first-game 4 --size 5 --komi 0.5 --no-clock \
        --sgf-dir \$d >\$d/out && cat \$d/out \$d/game004.sgf | tr '\n' ' ' && rm -r \$d"
finish
