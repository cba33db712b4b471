#!/usr/bin/env python3
"""Referee: complete games between two GTP engines (by default gridstone
and GNU Go), colours alternating, adjudicated with both engines'
final_score, and a results table at the end.

  tools/referee.py --games 10 --size 9 --komi 7.5 --rules chinese --time 3

Each engine gets `time_settings 0 T 1` (T seconds a move, byo-yomi) and a
`time_left` before each of its moves.  A game ends after two passes in a
row, a resignation, an illegal move (a loss for the side that made it) or
--max-moves moves.  The winner is what both final_score answers say; when
they disagree, the game is listed as disputed and counted by engine A's
count unless --trust b is given.

Each engine's seconds a move are measured both ways: wall clock around
`genmove`, and CPU seconds of the engine's process (user + system, from
/proc, so a loaded machine does not count against it).  --no-clock sends
no time_settings/time_left (for engines limited by a playout count or by
level, as GNU Go is).  The summary gives the average and slowest of both.
"{game}" in an engine command is replaced by the game number (1, 2, ...)
and starts a fresh engine for each game, e.g. --a "... --seed {game}".
"""
import argparse
import os
import shlex
import subprocess
import sys
import time


class Engine:
    def __init__(self, cmd, name, cwd=None):
        self.name = name
        self.cmd = cmd
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=cwd)

    def send(self, line):
        """Send one command; returns (success, answer text)."""
        ok, text = self.send_raw(line)
        return ok, text

    def send_raw(self, line):
        """Send a line as it is (an id allowed); returns (success, text without the id)."""
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            s = self.p.stdout.readline()
            if not s:
                raise RuntimeError("%s died on '%s'" % (self.name, line))
            s = s.rstrip("\r\n")
            if s == "" and lines:
                break
            if s == "" and not lines:
                continue
            lines.append(s)
        text = "\n".join(lines)
        ok = text.startswith("=")
        i = 1
        while i < len(text) and text[i].isdigit():
            i += 1
        return ok, text[i:].strip()

    def cpu(self):
        """CPU seconds (user + system) used so far by the engine's process."""
        try:
            with open("/proc/%d/stat" % self.p.pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / float(os.sysconf("SC_CLK_TCK"))
        except (OSError, IndexError, ValueError):
            return 0.0

    def close(self):
        try:
            self.send("quit")
        except Exception:
            pass
        try:
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def winner_of(score):
    s = score.strip().upper()
    if s.startswith("B+"):
        return "B"
    if s.startswith("W+"):
        return "W"
    if s in ("0", "DRAW", "JIGO"):
        return "0"
    return "?"


def play_game(a, b, a_is_black, args, sgf_dir, gno):
    black, white = (a, b) if a_is_black else (b, a)
    for e in (a, b):
        for cmd in ("boardsize %d" % args.size, "clear_board", "komi %g" % args.komi,
                    "time_settings 0 %g 1" % args.time):
            if args.no_clock and cmd.startswith("time_settings"):
                continue
            ok, r = e.send(cmd)
            if not ok and not cmd.startswith("time_settings"):
                raise RuntimeError("%s refused '%s': %s" % (e.name, cmd, r))
        if e is a and args.rules_cmd:
            e.send(args.rules_cmd)
    moves, passes, result, note = [], 0, None, ""
    slowest = {a.name: 0.0, b.name: 0.0}
    spent = {a.name: [0, 0.0, 0.0, 0.0], b.name: [0, 0.0, 0.0, 0.0]}   # moves, wall, cpu, max cpu
    color = "B"
    while len(moves) < args.max_moves:
        mover, other = (black, white) if color == "B" else (white, black)
        if not args.no_clock:
            mover.send("time_left %s %g 1" % (color, args.time))
        t0, c0 = time.time(), mover.cpu()
        ok, mv = mover.send("genmove " + color)
        dt, dc = time.time() - t0, mover.cpu() - c0
        slowest[mover.name] = max(slowest[mover.name], dt)
        sp = spent[mover.name]
        sp[0] += 1
        sp[1] += dt
        sp[2] += dc
        sp[3] = max(sp[3], dc)
        if not ok:
            result, note = ("W+F" if color == "B" else "B+F"), "%s genmove failed: %s" % (mover.name, mv)
            break
        mv = mv.lower()
        if mv == "resign":
            result, note = ("W+R" if color == "B" else "B+R"), "%s resigned" % mover.name
            break
        ok, r = other.send("play %s %s" % (color, mv))
        if not ok:
            result, note = ("W+F" if color == "B" else "B+F"), "%s's move %s refused by %s: %s" % (
                mover.name, mv, other.name, r)
            break
        moves.append((color, mv))
        passes = passes + 1 if mv == "pass" else 0
        if passes >= 2:
            break
        color = "W" if color == "B" else "B"
    sa = sb = ""
    if result is None:
        sa = a.send("final_score")[1]
        sb = b.send("final_score")[1]
        wa, wb = winner_of(sa), winner_of(sb)
        if wa == wb:
            result = sa
        else:
            result = sb if args.trust == "b" else sa
            note = "disputed: %s says %s, %s says %s" % (a.name, sa, b.name, sb)
    if sgf_dir:
        os.makedirs(sgf_dir, exist_ok=True)
        cols = "abcdefghjklmnopqrstuvwxyz"
        def sgfpt(v):
            if v == "pass":
                return ""
            x = cols.index(v[0])
            y = args.size - int(v[1:])
            return "abcdefghijklmnopqrstuvwxyz"[x] + "abcdefghijklmnopqrstuvwxyz"[y]
        with open(os.path.join(sgf_dir, "game%03d.sgf" % gno), "w") as f:
            f.write("(;GM[1]FF[4]SZ[%d]KM[%g]RU[%s]PB[%s]PW[%s]RE[%s]\n" % (
                args.size, args.komi, args.rules, black.name, white.name, result))
            f.write("".join(";%s[%s]" % (c, sgfpt(m)) for c, m in moves) + ")\n")
    return result, len(moves), sa, sb, note, slowest, spent


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", default=None, help="engine A command (default: build/gridstone gtp)")
    ap.add_argument("--b", default=None, help="engine B command (default: GNU Go level 10)")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--rules", default="chinese")
    ap.add_argument("--time", type=float, default=3.0, help="seconds a move")
    ap.add_argument("--level", type=int, default=10, help="GNU Go level (default B only)")
    ap.add_argument("--max-moves", type=int, default=0)
    ap.add_argument("--trust", choices=["a", "b"], default="a")
    ap.add_argument("--sgf-dir", default=None)
    ap.add_argument("--first-black", choices=["a", "b"], default="a")
    ap.add_argument("--no-clock", action="store_true", help="send no time_settings / time_left")
    ap.add_argument("--first-game", type=int, default=1,
                    help="number of the first game (colours, {game} and SGF names follow the number, "
                         "so a match can be split over several runs)")
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    gs = os.path.join(os.path.dirname(here), "build", "gridstone")
    if args.a is None:
        args.a = "%s gtp --rules %s" % (gs, args.rules)
    if args.b is None:
        area = args.rules in ("chinese", "tromp-taylor", "aga", "new-zealand")
        args.b = "/usr/games/gnugo --mode gtp --level %d%s" % (args.level, " --chinese-rules" if area else "")
    args.rules_cmd = "gridstone-rules %s" % args.rules if "gridstone" in args.a else None
    if args.max_moves <= 0:
        args.max_moves = 3 * args.size * args.size
    # "{game}" in an engine's command (e.g. "--seed {game}"): a fresh process per game
    per_game = "{game}" in args.a or "{game}" in args.b
    def start(g):
        return (Engine(args.a.replace("{game}", str(g)), "A"),
                Engine(args.b.replace("{game}", str(g)), "B"))
    if args.first_game < 1:
        ap.error("--first-game must be at least 1")
    a, b = start(args.first_game)
    print("A = %s\nB = %s\n%dx%d komi %g rules %s, %s, %d games" % (
        args.a, args.b, args.size, args.size, args.komi, args.rules,
        "no clock" if args.no_clock else "%g s a move" % args.time, args.games))
    print("%4s %5s %5s %-8s %-8s %-8s %5s %6s %6s %6s %6s  %s" % (
        "game", "black", "white", "result", "A says", "B says", "moves", "maxA", "maxB", "cpuA", "cpuB",
        "note"))
    wins = {"A": 0, "B": 0, "0": 0}
    slow = {"A": 0.0, "B": 0.0}
    tot = {"A": [0, 0.0, 0.0, 0.0], "B": [0, 0.0, 0.0, 0.0]}
    colour_wins = {"A": [0, 0], "B": [0, 0]}   # wins as black, as white
    try:
        for i in range(args.games):
            gno = args.first_game + i
            if per_game and i > 0:
                a.close()
                b.close()
                a, b = start(gno)
            a_black = (gno % 2 == 1) == (args.first_black == "a")
            res, n, sa, sb, note, slowest, spent = play_game(a, b, a_black, args, args.sgf_dir, gno)
            w = winner_of(res)
            who = "0" if w == "0" else ("A" if (w == "B") == a_black else "B") if w in "BW" else "0"
            wins[who] += 1
            if who in "AB":
                colour_wins[who][0 if w == "B" else 1] += 1
            for k in slow:
                slow[k] = max(slow[k], slowest[k])
                for j in range(3):
                    tot[k][j] += spent[k][j]
                tot[k][3] = max(tot[k][3], spent[k][3])
            print("%4d %5s %5s %-8s %-8s %-8s %5d %6.2f %6.2f %6.2f %6.2f  %s" % (
                gno, "A" if a_black else "B", "B" if a_black else "A", res, sa, sb, n,
                slowest["A"], slowest["B"], spent["A"][2] / max(spent["A"][0], 1),
                spent["B"][2] / max(spent["B"][0], 1), note), flush=True)
    finally:
        a.close()
        b.close()
    played = wins["A"] + wins["B"] + wins["0"]
    print("A wins %d, B wins %d, draws %d of %d games (A %.1f%%); slowest move A %.2f s, B %.2f s" % (
        wins["A"], wins["B"], wins["0"], played, 100.0 * (wins["A"] + 0.5 * wins["0"]) / max(played, 1),
        slow["A"], slow["B"]))
    print("A won %d as black, %d as white; B won %d as black, %d as white" % (
        colour_wins["A"][0], colour_wins["A"][1], colour_wins["B"][0], colour_wins["B"][1]))
    for k in ("A", "B"):
        t = tot[k]
        m = max(t[0], 1)
        print("%s: %d moves, %.2f s a move wall clock, %.2f CPU s a move (slowest %.2f CPU s)" % (
            k, t[0], t[1] / m, t[2] / m, t[3]))


if __name__ == "__main__":
    sys.exit(main())
