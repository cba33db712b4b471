#!/usr/bin/env python3
"""Run GTP regression files in GNU Go's format against `gridstone gtp`.

A line is sent to the engine as it is.  A `#? [REGEX]` line after a
command with a numeric id checks that command's answer: the whole answer
must match REGEX (Python syntax, `.` also matches newlines); `#? [!REGEX]`
checks that it does not.  A successful answer is compared as its text (the
part after `=id `), a failure as `? ` plus its text, so `#? [\\? cannot undo]`
expects that error.  A trailing `*` marks a known failure (reported, not
counted).  Prints `ok`/`FAIL` per check and `N passed, N failed`.

  tests/gtp/run_tst.py [--engine "build/gridstone gtp --playouts 200"] FILE.tst...
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from referee import Engine  # noqa: E402


def run_file(path, cmd):
    passed = failed = 0
    e = Engine(cmd, "gridstone")
    last_id, last_answer, last_cmd = None, None, None
    try:
        with open(path) as f:
            for lineno, raw in enumerate(f, 1):
                line = raw.rstrip("\n")
                m = re.match(r"^#\?\s*\[(.*)\](\*?)\s*$", line)
                if m:
                    pat, known = m.group(1), m.group(2) == "*"
                    name = "%s:%d %s" % (os.path.basename(path), lineno, last_cmd)
                    if last_id is None:
                        print("FAIL %s: no numbered command before the check" % name)
                        failed += 1
                        continue
                    neg = pat.startswith("!")
                    if neg:
                        pat = pat[1:]
                    hit = re.fullmatch(pat, last_answer, re.S) is not None
                    good = hit != neg
                    if known:
                        print("%s %s (known failure)" % ("ok  " if good else "xfail", name))
                    elif good:
                        print("ok   " + name)
                        passed += 1
                    else:
                        print("FAIL %s: answer [%s] %s [%s]" % (name, last_answer, "matches" if neg else "does not match", pat))
                        failed += 1
                    continue
                stripped = line.split("#", 1)[0].strip()
                if not stripped:
                    continue
                ok, text = e.send_raw(line)
                mid = re.match(r"^(\d+)\s", stripped + " ")
                if mid:
                    last_id = mid.group(1)
                    last_cmd = stripped
                    last_answer = text if ok else "? " + text
                if stripped.split()[-1:] == ["quit"] or stripped == "quit":
                    break
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
