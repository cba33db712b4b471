#!/bin/sh
# Go through the CLI: GNU Go's scored games (score + replay captures), the
# ko/suicide reference files (replay --strict, legal), score/replay/stats
# options and errors.
. tests/cli/lib.sh

# --- every GNU Go game: the result and the captures ---
n=0; bad=0
for f in "$TD"/go/scored/*.jsonl; do
    case $f in *area*) rules=chinese ;; *) rules=japanese ;; esac
    i=0
    while IFS= read -r line; do
        i=$((i + 1)); n=$((n + 1))
        g="$TMP/g.sgf"
        printf '%s\n' "$line" | sed -n 's/.*"sgf": "\(.*\)"}$/\1/p' >"$g"
        want=$(printf '%s\n' "$line" | sed -n 's/.*"result": "\([^"]*\)".*/\1/p')
        dead=$(printf '%s\n' "$line" | sed -n 's/.*"dead": \[\([^]]*\)\].*/\1/p' | tr -d '",')
        capb=$(printf '%s\n' "$line" | sed -n 's/.*"captures": {"B": \([0-9]*\), "W": \([0-9]*\)}.*/\1/p')
        capw=$(printf '%s\n' "$line" | sed -n 's/.*"captures": {"B": \([0-9]*\), "W": \([0-9]*\)}.*/\2/p')
        got=$($GS score "$g" --rules $rules --dead "$dead" 2>&1)
        caps=$($GS replay --strict "$g" 2>&1 | sed -n 's/^captures: //p')
        if [ "$got" != "$want" ] || [ "$caps" != "B $capb W $capw" ]; then
            bad=$((bad + 1))
            [ $bad -le 5 ] && echo "    $(basename "$f") game $i: score [$got] want [$want], captures [$caps] want [B $capb W $capw]"
        fi
    done <"$f"
done
if [ $bad -eq 0 ] && [ $n -gt 100 ]; then pass "go: $n GNU Go games: score and captures agree"
else fail "go: GNU Go games" "$bad of $n differ"; fi

# --- the ko and suicide reference files under each setting ---
R="$TD/go/rules"
for ko in simple positional situational; do
    for sui in 0 1; do
        spec="go:ko=$ko,suicide=$sui"
        case $ko in simple) want=ok ;; positional) want=positional-superko ;; situational) want=ok ;; esac
        if [ $want = ok ]; then expect_grep "go: positional-superko.sgf $spec" "^moves: 23" $GS replay --strict "$R/positional-superko.sgf" --game "$spec"
        else
            expect_grep "go: positional-superko.sgf $spec (legal)" "E5=$want" $GS legal "$R/positional-superko.sgf" --game "$spec"
            out=$($GS replay --strict "$R/positional-superko.sgf" --game "$spec"); rc=$?
            if [ $rc -eq 1 ] && printf '%s' "$out" | grep -q "^replay stopped at move 23 (B\[eg\]): .* \[$want\]$"; then pass "go: positional-superko.sgf $spec strict"; else fail "go: positional-superko.sgf $spec strict" "rc $rc"; fi
        fi
        case $ko in simple) want=ok ;; *) want=$ko-superko ;; esac
        if [ $want = ok ]; then expect_grep "go: situational-superko.sgf $spec" "^moves: 24" $GS replay --strict "$R/situational-superko.sgf" --game "$spec"
        else expect_grep "go: situational-superko.sgf $spec (legal)" "B9=$want" $GS legal "$R/situational-superko.sgf" --game "$spec"; fi
        if [ $sui = 1 ]; then expect_grep "go: suicide.sgf $spec" "^moves: 4" $GS replay --strict "$R/suicide.sgf" --game "$spec"
        else expect_grep "go: suicide.sgf $spec (legal)" "A19=suicide" $GS legal "$R/suicide.sgf" --game "$spec"; fi
    done
done
out=$($GS replay --strict "$R/suicide.sgf"); rc=$?
if [ $rc -eq 1 ] && printf '%s' "$out" | grep -q "^replay stopped at move 4 (W\[aa\]): suicide is not allowed \[suicide\]$"; then pass "go: replay --strict stops with exit 1"; else fail "go: replay --strict" "rc $rc: $out"; fi
expect_grep "go: replay without --strict reports and exits 0" "^replay stopped at move 4 .*\[suicide\]$" $GS replay "$R/suicide.sgf"

# --- score options ---
printf '(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]AB[ba][bb][bc][bd][be][ec]AW[da][db][dc][dd][de];B[];W[])\n' >"$TMP/d.sgf"
expect_out "go: score with a dead stone" "W+1.5" $GS score "$TMP/d.sgf" --dead E3
expect_grep "go: score estimates dead stones under territory rules" "engine estimate\\): E3" $GS score "$TMP/d.sgf"
expect_out "go: score area estimates the dead stone" "W+0.5
dead stones (engine estimate): E3" $GS score "$TMP/d.sgf" --rules chinese
expect_out "go: score area as it stands (--dead none)" "B+5.5" $GS score "$TMP/d.sgf" --rules chinese --dead none
expect_out "go: score --komi" "0" $GS score "$TMP/d.sgf" --rules chinese --komi 6 --dead none
expect_grep "go: score --json" '"dead_source":"given".*"dead_stones":\[\{"move":"E3","x":4,"y":2\}\]' $GS score "$TMP/d.sgf" --dead E3 --json
expect_grep "go: score --json (area, none)" '"scoring":"area","komi":0.5,"dead_source":"none"' $GS score "$TMP/d.sgf" --rules chinese --dead none --json
expect_fail "go: score --dead on an empty point" "score: .*no stone" $GS score "$TMP/d.sgf" --dead A1
expect_fail "go: score bad rules" "score: unknown rules" $GS score "$TMP/d.sgf" --rules ing
expect_fail "go: score bad komi" "score: bad komi" $GS score "$TMP/d.sgf" --komi 6.3
expect_fail "go: score missing file" "score: " $GS score "$TMP/nonexistent.sgf"
printf '(;GM[4]FF[4]SZ[15];B[hh];W[hi])\n' >"$TMP/gomoku.sgf"
expect_fail "go: score a Gomoku file" "score: .*not a Go game" $GS score "$TMP/gomoku.sgf"

# --- replay and stats ---
expect_grep "go: replay --json" '"moves":2,"captures":\{"black":0,"white":0\}.*"over":true,"result":"W\+1.5"' $GS replay "$TMP/d.sgf" --json
printf '(;GM[1]FF[4]SZ[9]RE[W+R];B[ee];W[cc];B[gg])\n(;GM[1]FF[4]SZ[9]RE[B+2.5];B[ee];W[];B[])\n' >"$TMP/two.sgf"
expect_out "go: stats" "games: 3
wins: black 1, white 2, draws 0
win rate: black 33.3%, white 66.7%
moves: 8 total, 2.7 average
passes: 4
resignations: 1
captures: black 0, white 0 (average 0.00, 0.00)" $GS stats "$TMP/two.sgf" "$TMP/d.sgf"
expect_grep "go: stats --json" '"games":2,"wins":\{"black":1,"white":1\}.*"resignations":1' $GS stats --json "$TMP/two.sgf"
expect_fail "go: stats without files" "stats: (usage|no FILES given)" $GS stats
finish
