# The Reversi trainer (tools/rv_train.c, `make train-reversi`) on a tiny run:
# it finishes, writes a weights file that compiles, says how it was made,
# and gives the same file twice (deterministic for a seed).
. tests/cli/lib.sh
RT=$(dirname "$GS")/rv_train
args="--seed 3 --games 60 --exact 10 --depth 2 --iters 10"
if "$RT" $args --out "$TMP/w1.c" 2>"$TMP/log1" && "$RT" $args --out "$TMP/w2.c" 2>"$TMP/log2"; then
    pass train_runs
    if cmp -s "$TMP/w1.c" "$TMP/w2.c"; then pass train_deterministic; else fail train_deterministic "two runs differ"; fi
    if grep -q -- "rv_train $args\$" "$TMP/w1.c"; then pass train_header_command
    else fail train_header_command "$(sed -n 2p "$TMP/w1.c")"; fi
    n=$(grep -c "^ \*   stage" "$TMP/w1.c")
    if [ "$n" -eq 15 ]; then pass train_report_stages; else fail train_report_stages "$n stage lines"; fi
    if ${CC:-cc} -std=c11 -Wall -Wextra -Werror -Iinclude -Isrc -c "$TMP/w1.c" -o "$TMP/w1.o" 2>"$TMP/cc"; then
        pass train_output_compiles
    else fail train_output_compiles "$(head -c 300 "$TMP/cc")"; fi
else
    fail train_runs "$(tail -3 "$TMP/log1" "$TMP/log2" 2>/dev/null | head -c 300)"
fi
"$RT" --games 0 >/dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then pass train_bad_args; else fail train_bad_args "exit $rc"; fi
finish
