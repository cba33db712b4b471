#!/usr/bin/env python3
"""Run GTP regression files (GoGui's gogui-regress format) against `gridstone gtp`.

The format is the one GNU Go and GoGui use, read the way gogui-regress
reads it, so `gogui-regress 'gridstone gtp ...' basic.tst` passes the same
files:

- Every other line is sent to the engine as it is; the engine runs in the
  directory of the test file (as gogui-regress runs it), so file names in
  loadsgf are relative to that directory.
- A command with a numeric id is a test.  A `#? [REGEX]` line after it
  checks its answer: the answer must succeed and its text (after `=id `,
  trimmed) must match REGEX as a whole (Python syntax here, Java's in
  GoGui; `.` also matches newlines); `#? [!REGEX]` means it must not match.
- `#? [REGEX]*` marks an expected failure (GoGui's notation).  In these
  files it is always used for commands that must fail: this runner checks
  that the answer is an error (`? ...`) and that its message matches REGEX.
  gogui-regress is weaker here: it never reads an error's message, and it
  also counts a success whose answer does not match REGEX as the expected
  failure, so a wrongly accepted command still runs clean there.  These
  checks are only as strict as this runner; see tests/gtp/README.md.
- A numbered command without a check must succeed.  As in gogui-regress,
  "numbered" means an id that fits a Java int followed by a space; a
  check after any command (numbered or not) is a test.

Prints `ok`/`FAIL` per test and `N passed, N failed`.

  tests/gtp/run_tst.py [--engine "build/gridstone gtp --playouts 200"] FILE.tst...
"""
import os
import re
import shlex
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from referee import Engine  # noqa: E402


def absolute_engine(cmd):
    """The engine command with its program made absolute (it runs elsewhere)."""
    words = shlex.split(cmd)
    if words and os.sep in words[0] and not os.path.isabs(words[0]):
        words[0] = os.path.abspath(words[0])
    return " ".join(shlex.quote(w) for w in words)


def run_file(path, cmd):
    passed = failed = 0
    e = Engine(absolute_engine(cmd), "gridstone", cwd=os.path.dirname(os.path.abspath(path)) or ".")
    pending = None   # (name, ok, text) of a numbered command not yet checked

    def settle():
        """A numbered command without a check: it must have succeeded."""
        nonlocal passed, failed, pending
        if pending is None:
            return
        name, ok, text, numbered = pending
        pending = None
        if not numbered:
            return
        if ok:
            print("ok   " + name)
            passed += 1
        else:
            print("FAIL %s: unexpected failure [%s]" % (name, text))
            failed += 1

    try:
        with open(path) as f:
            for lineno, raw in enumerate(f, 1):
                line = raw.rstrip("\n").strip()
                if line.startswith("#?"):
                    m = re.match(r"^#\?\s*\[(.*)\](\*?)\s*$", line)
                    if not m or pending is None:
                        print("FAIL %s:%d: a check without a numbered command before it, or malformed"
                              % (os.path.basename(path), lineno))
                        failed += 1
                        continue
                    name, ok, text, _ = pending
                    pending = None
                    pat, expect_fail = m.group(1).strip(), m.group(2) == "*"
                    neg = pat.startswith("!")
                    if neg:
                        pat = pat[1:]
                    hit = re.fullmatch(pat, text, re.S) is not None
                    if expect_fail:
                        good = not ok and hit != neg
                        why = "expected a failure matching [%s], got %s [%s]" % (pat, "success" if ok else "failure", text)
                    else:
                        good = ok and hit != neg
                        why = "answer %s[%s] %s [%s]" % ("" if ok else "(a failure) ", text,
                                                         "matches" if neg else "does not match", pat)
                    if good:
                        print("ok   " + name)
                        passed += 1
                    else:
                        print("FAIL %s: %s" % (name, why))
                        failed += 1
                    continue
                settle()
                if not line or line.startswith("#"):
                    continue
                ok, text = e.send_raw(line)
                # gogui-regress's rule: a test is a line whose id (the digits
                # before the first space) is a Java int, or any command
                # followed by a check (`105` alone, `99999999999 name`).
                mid = re.match(r"^(\d+) ", line.replace("\t", " "))
                numbered = bool(mid) and int(mid.group(1)) <= 2**31 - 1
                cmdtext = line.split("#", 1)[0].strip()
                pending = ("%s:%d %s" % (os.path.basename(path), lineno, cmdtext), ok, text, numbered)
                words = line.split("#", 1)[0].split()
                if words[-1:] == ["quit"]:
                    break
            settle()
    finally:
        e.close()
    return passed, failed


def main():
    args = sys.argv[1:]
    cli = os.environ.get("GS_CLI", "build/gridstone")
    cmd = "%s gtp --playouts 200 --seed 1" % cli
    if len(args) >= 2 and args[0] == "--engine":
        cmd, args = args[1], args[2:]
    tp = tf = 0
    for path in args:
        p, f = run_file(path, cmd)
        tp += p
        tf += f
    print("%d passed, %d failed" % (tp, tf))
    return 1 if tf else 0


if __name__ == "__main__":
    sys.exit(main())
