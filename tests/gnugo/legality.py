#!/usr/bin/env python3
"""Legality agreement between `gridstone gtp` and GNU Go.

For every move of the shared games (testdata go/scored/*.jsonl) and of the
rules/*.sgf files, both engines replay the game and, at every position, are
asked `is_legal` for the side to move on a sample of points: the move the
game plays next, the points around the last move (where ko and suicide
live) and a few more chosen by a fixed-seed random generator.  The rules
files are also checked under the superko / suicide settings they are about
(GNU Go's --positional-superko, --situational-superko, --allow-all-suicide
against gridstone's ko= and suicide= settings).  Every disagreement is
printed; the last line is `N passed, N failed` (one check per game and
setting).

  tests/gnugo/legality.py [--gnugo /usr/games/gnugo] [--random-points 12]
"""
import argparse
import glob
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
from referee import Engine  # noqa: E402

COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def gtp_point(sgf, size):
    if sgf == "" or (sgf == "tt" and size <= 19):
        return "pass"
    x = ord(sgf[0]) - ord("a")
    y = ord(sgf[1]) - ord("a")
    return "%s%d" % (COLS[x], size - y)


def sgf_games(path):
    text = open(path).read()
    out = []
    for body in re.findall(r"\(;(.*?)\)", text, re.S):
        m = re.search(r"SZ\[(\d+)\]", body)
        size = int(m.group(1)) if m else 19
        moves = [(c, p) for c, p in re.findall(r";\s*([BW])\[([a-z]*)\]", body)]
        out.append((size, moves))
    return out


def neighbours(v, size):
    if v == "pass":
        return []
    x, y = COLS.index(v[0]), int(v[1:])
    res = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        if 0 <= x + dx < size and 1 <= y + dy <= size:
            res.append("%s%d" % (COLS[x + dx], y + dy))
    return res


def check_game(gs, gg, name, size, moves, rng, nrandom):
    """Returns a list of disagreement descriptions."""
    bad = []
    for e in (gs, gg):
        for cmd in ("boardsize %d" % size, "clear_board"):
            ok, r = e.send(cmd)
            if not ok:
                return ["%s: %s refused %s: %s" % (name, e.name, cmd, r)]
    allpts = ["%s%d" % (COLS[x], y) for x in range(size) for y in range(1, size + 1)]
    last = "pass"
    for i, (c, p) in enumerate(moves):
        col = "black" if c == "B" else "white"
        v = gtp_point(p, size)
        pts = set(neighbours(last, size))
        if v != "pass":
            pts.add(v)
        pts.update(rng.sample(allpts, min(nrandom, len(allpts))))
        for q in sorted(pts):
            a = gs.send("is_legal %s %s" % (col, q))
            b = gg.send("is_legal %s %s" % (col, q))
            if a != b:
                bad.append("%s move %d: is_legal %s %s: gridstone %s, GNU Go %s" % (name, i + 1, col, q, a, b))
        a = gs.send("play %s %s" % (col, v))[0]
        b = gg.send("play %s %s" % (col, v))[0]
        if a != b:
            bad.append("%s move %d: play %s %s: gridstone %s, GNU Go %s" % (
                name, i + 1, col, v, "legal" if a else "illegal", "legal" if b else "illegal"))
        if not a or not b:
            break   # the rules files end with the move under test
        last = v
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--gridstone", default=os.environ.get("GS_CLI", "build/gridstone"))
    ap.add_argument("--testdata", default=os.environ.get("GS_TESTDATA", "tests/data"))
    ap.add_argument("--random-points", type=int, default=12)
    args = ap.parse_args()
    if not os.path.exists(args.gnugo):
        print("skip: %s not installed" % args.gnugo)
        print("0 passed, 0 failed")
        return 0
    passed = failed = 0
    rng = random.Random(1)
    games = []
    for path in sorted(glob.glob(os.path.join(args.testdata, "go", "scored", "*.jsonl"))):
        for n, line in enumerate(open(path), 1):
            if line.strip():
                d = json.loads(line)
                games.append(("%s:%d" % (os.path.basename(path), n), d["size"], [tuple(m) for m in d["moves"]]))
    rules_files = []
    for path in sorted(glob.glob(os.path.join(args.testdata, "go", "rules", "*.sgf"))):
        for k, (size, moves) in enumerate(sgf_games(path)):
            rules_files.append(("%s#%d" % (os.path.basename(path), k + 1), size, moves))
    # (GNU Go options, gridstone rules command): simple ko without suicide,
    # then the settings the rules files are about
    settings = [("", "gridstone-rules japanese", games + rules_files),
                ("--positional-superko", "gridstone-rules chinese ko=positional", rules_files),
                ("--situational-superko", "gridstone-rules chinese ko=situational", rules_files),
                ("--allow-all-suicide", "gridstone-rules japanese suicide=1", rules_files)]
    for opts, rules_cmd, todo in settings:
        gs = Engine("%s gtp --playouts 50" % args.gridstone, "gridstone")
        gg = Engine("%s --mode gtp %s" % (args.gnugo, opts), "gnugo")
        ok, r = gs.send(rules_cmd)
        if not ok:
            print("FAIL %s: %s" % (rules_cmd, r))
            failed += 1
            continue
        for name, size, moves in todo:
            bad = check_game(gs, gg, name, size, moves, rng, args.random_points)
            label = "%s [%s]" % (name, opts or "simple ko")
            if bad:
                failed += 1
                print("FAIL %s: %d disagreements, first: %s" % (label, len(bad), bad[0]))
            else:
                passed += 1
                print("ok   %s" % label)
        gs.close()
        gg.close()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
