# Gomoku through the CLI: `gridstone legal --game renju --json` on SGF
# positions built from the reference data (AB/AW/PL), forbidden points
# with their reasons equal the reference sets exactly.
. tests/cli/lib.sh

# jsonl -> one SGF game tree per line (x = column, y = row from the top)
to_sgf() {
    awk 'function pts(key,   i, s, e, n, a, k, out) {
            i = index($0, "\"" key "\": [")
            if (!i) return ""
            s = substr($0, i + length(key) + 5)
            if (substr(s, 1, 2) == "[]") return ""
            e = index(s, "]]")
            s = substr(s, 2, e - 1)
            gsub(/[\[\] ]/, "", s)
            n = split(s, a, ",")
            out = ""
            for (k = 1; k < n; k += 2) out = out "[" substr(L, a[k] + 1, 1) substr(L, a[k + 1] + 1, 1) "]"
            return out
        }
        BEGIN { L = "abcdefghijklmnopqrstuvwxyz" }
        { b = pts("black"); w = pts("white")
          printf "(;GM[4]FF[4]SZ[15]%s%sPL[B])\n", (b == "" ? "" : "AB" b), (w == "" ? "" : "AW" w) }' "$1"
}
# expected forbidden points: "LINE x,y" per point, sorted
expected() {
    awk '{ i = index($0, "\"forbidden\": [")
           s = substr($0, i + 14); e = index(s, "]]")
           if (substr(s, 1, 1) != "]") { s = substr(s, 2, e - 1); gsub(/[\[\] ]/, "", s)
               n = split(s, a, ","); for (k = 1; k < n; k += 2) print NR, a[k] "," a[k + 1] } }' "$1" | sort
}
# forbidden points of the legal --json output, same form
got_forbidden() {
    awk '{ s = $0
           while (match(s, /"x":[0-9]+,"y":[0-9]+,"reason":"forbidden-[a-z-]+"/)) {
               t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
               split(t, f, /[:,]/); print NR, f[2] "," f[4] } }' | sort
}

R=$TD/gomoku/renju-random-2000.jsonl
if [ -f "$R" ]; then
    to_sgf "$R" >"$TMP/r.sgf"
    if "$GS" legal --game renju --json "$TMP/r.sgf" >"$TMP/r.json" 2>"$TMP/err"; then
        got_forbidden <"$TMP/r.json" >"$TMP/got"
        expected "$R" >"$TMP/exp"
        n=$(wc -l <"$TMP/r.json")
        if [ "$n" -eq 2000 ] && [ -s "$TMP/exp" ] && cmp -s "$TMP/got" "$TMP/exp"; then pass "renju-random-2000 forbidden sets via legal --json"
        else fail "renju-random-2000 forbidden sets via legal --json" "$n lines; first diff: $(diff "$TMP/got" "$TMP/exp" | head -3)"; fi
        # reasons are the three forbidden codes only, and every reported point is empty
        if grep -o '"reason":"[a-z-]*"' "$TMP/r.json" | sort -u | grep -vqE 'forbidden-(double-three|double-four|overline)'; then
            fail "only forbidden reasons on empty points" "$(grep -o '"reason":"[a-z-]*"' "$TMP/r.json" | sort -u | tr '\n' ' ')"
        else pass "only forbidden reasons on empty points"; fi
    else fail "legal on renju-random-2000" "$(head -c 300 "$TMP/err")"; fi
fi

C=$TD/gomoku/renju-cases.jsonl
if [ -f "$C" ]; then
    to_sgf "$C" >"$TMP/c.sgf"
    if "$GS" legal --game renju --json "$TMP/c.sgf" >"$TMP/c.json" 2>"$TMP/err"; then
        got_forbidden <"$TMP/c.json" >"$TMP/got"
        bad=0; i=0
        while IFS= read -r l; do
            i=$((i + 1))
            q=$(printf '%s\n' "$l" | sed 's/.*"query": \[\([0-9]*\), \([0-9]*\)\].*/\1,\2/')
            f=$(printf '%s\n' "$l" | grep -c '"forbidden": true')
            g=$(grep -cx "$i $q" "$TMP/got")
            [ "$f" -eq "$g" ] || { bad=$((bad + 1)); echo "  case $i query $q expected $f got $g"; }
        done <"$C"
        [ $i -eq 59 ] && [ $bad -eq 0 ] && pass "renju-cases 59 queries via legal --json" || fail "renju-cases 59 queries via legal --json" "$bad wrong of $i"
    else fail "legal on renju-cases" "$(head -c 300 "$TMP/err")"; fi
fi

# reasons in text output, and the aliases through SGF
printf '(;GM[4]FF[4]SZ[15]AB[eh][fh][hf][hg]AW[aa][ac][oo][om]PL[B])' >"$TMP/p.sgf"
expect_grep "legal names the double three" 'h8.*forbidden-double-three|forbidden-double-three.*h8' "$GS" legal --game renju "$TMP/p.sgf"
expect_grep "omok forbids it for white too" '"reason":"forbidden-double-three"' sh -c "sed 's/AB/XX/;s/AW/AB/;s/XX/AW/;s/PL\[B\]/PL[W]/' '$TMP/p.sgf' | '$GS' legal --game omok --json -"
expect_grep "freestyle allows it" '"move":"h8"' "$GS" legal --game gomoku --json "$TMP/p.sgf"
finish
