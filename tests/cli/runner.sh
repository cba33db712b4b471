#!/bin/sh
# The suite runner itself (tests/run.sh): a part whose summary says no
# failure but which exits non-zero -- a LeakSanitizer report after the
# C runner's summary, a script that dies after printing its count -- is a
# failed part, never a clean run.
. tests/cli/lib.sh

# a copy of the runner in a scratch tree whose parts are fakes
mkdir -p "$TMP/t/tests/cli" "$TMP/t/b"
cp tests/run.sh "$TMP/t/tests/run.sh"
printf '#!/bin/sh\necho "ok   a"\necho "3 passed, 0 failed, 0 skipped"\nexit 23\n' > "$TMP/t/b/test_runner"
chmod +x "$TMP/t/b/test_runner"
out=$(cd "$TMP/t" && sh tests/run.sh b 2>&1); rc=$?
last=$(printf '%s\n' "$out" | tail -1)
if [ $rc -eq 0 ]; then fail "runner: a part exiting 23 after '0 failed' fails the suite" "exit 0, last line [$last]"
elif ! printf '%s\n' "$last" | grep -q '^3 passed, 1 failed, 0 skipped$'; then
    fail "runner: a part exiting 23 after '0 failed' fails the suite" "last line [$last]"
else pass "runner: a part exiting 23 after '0 failed' fails the suite"; fi

# the same part exiting 0 is a clean run
printf '#!/bin/sh\necho "3 passed, 0 failed, 0 skipped"\n' > "$TMP/t/b/test_runner"
printf 'echo "ok   b"\necho "2 passed, 0 failed, 1 skipped"\n' > "$TMP/t/tests/cli/fake.sh"
out=$(cd "$TMP/t" && sh tests/run.sh b 2>&1); rc=$?
last=$(printf '%s\n' "$out" | tail -1)
if [ $rc -ne 0 ] || [ "$last" != "5 passed, 0 failed, 1 skipped" ]; then
    fail "runner: clean parts sum to a clean run" "exit $rc, last line [$last]"
else pass "runner: clean parts sum to a clean run"; fi

# a script part that exits non-zero after its summary
printf 'echo "2 passed, 0 failed, 0 skipped"\nexit 1\n' > "$TMP/t/tests/cli/fake.sh"
out=$(cd "$TMP/t" && sh tests/run.sh b 2>&1); rc=$?
last=$(printf '%s\n' "$out" | tail -1)
if [ $rc -eq 0 ] || [ "$last" != "5 passed, 1 failed, 0 skipped" ]; then
    fail "runner: a script exiting 1 after '0 failed' fails the suite" "exit $rc, last line [$last]"
else pass "runner: a script exiting 1 after '0 failed' fails the suite"; fi
finish
