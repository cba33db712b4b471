#!/usr/bin/python3
"""Pick Gomoku openings that a reference engine rates close to even.

    tools/gomoku_balance.py ENGINE RULE COUNT [--nodes N] [--max-eval E]
                            [--seed S] [--stones K] [--radius R] > openings.txt

ENGINE is a Gomocup (pbrain) engine that prints its evaluation in a MESSAGE
line as "Eval <number>" for the side to move (Rapfi does).  RULE is the
Gomocup rule number (0 freestyle, 1 standard, 4 renju).  Candidates are
K-stone openings (black first, at the centre of the 15x15 board, then
alternating, every stone within R cells of the centre), drawn from a fixed
seed; each is sent to the
engine as a BOARD with a node limit, and the candidates whose evaluation
lies within +-E are kept, COUNT of them, in the order drawn.

Output: c-gomoku-cli's openings format (offsets from the centre, "x,y"
pairs separated by ", "), one opening per line.  That format has no comments,
so the engine's figures go to stderr, one line per candidate:
    kept  <opening>  eval <e> (for the side to move)  nodes <n>
Candidates that already hold a line of four or more for either colour, or
that the engine answers with a win announced (Eval +-M..), are skipped.
"""
import random
import re
import subprocess
import sys

SIZE = 15
C = SIZE // 2


def usage():
    sys.stderr.write(__doc__)
    sys.exit(2)


def has_four(stones, colour):
    own = {(x, y) for i, (x, y) in enumerate(stones) if i % 2 == colour}
    for (x, y) in own:
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all((x + j * dx, y + j * dy) in own for j in range(4)):
                return True
    return False


class Engine:
    def __init__(self, cmd, rule, nodes):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.rule, self.nodes = rule, nodes

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read_until(self, pred):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            line = line.strip()
            lines.append(line)
            if pred(line):
                return lines

    def evaluate(self, stones):
        """Evaluation for the side to move after `stones` (absolute x,y)."""
        self.send("START %d" % SIZE)
        self.read_until(lambda l: l == "OK" or l.startswith("ERROR"))
        self.send("INFO rule %d" % self.rule)
        self.send("INFO max_memory 67108864")
        self.send("INFO timeout_turn 30000")
        self.send("INFO max_node %d" % self.nodes)
        self.send("BOARD")
        mover = len(stones) % 2
        for i, (x, y) in enumerate(stones):
            self.send("%d,%d,%d" % (x, y, 1 if i % 2 == mover else 2))
        self.send("DONE")
        lines = self.read_until(lambda l: re.fullmatch(r"\d+,\d+", l) is not None)
        ev, nodes = None, None
        for l in lines:
            m = re.search(r"Eval (\S+)", l)
            if m:
                ev = m.group(1)
            m = re.search(r"Node (\S+)", l)
            if m:
                nodes = m.group(1)
        return ev, nodes

    def close(self):
        try:
            self.send("END")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def main(argv):
    if len(argv) < 4:
        usage()
    cmd, rule, count = argv[1], int(argv[2]), int(argv[3])
    opts = {"--nodes": 300000, "--max-eval": 40, "--seed": 2026, "--stones": 3, "--radius": 3}
    i = 4
    while i < len(argv):
        if argv[i] not in opts or i + 1 >= len(argv):
            usage()
        opts[argv[i]] = int(argv[i + 1])
        i += 2
    rng = random.Random(opts["--seed"])
    eng = Engine(cmd, rule, opts["--nodes"])
    seen, kept, tried = set(), 0, 0
    r = opts["--radius"]
    try:
        while kept < count and tried < 50 * count:
            stones = [(C, C)]
            while len(stones) < opts["--stones"]:
                p = (C + rng.randint(-r, r), C + rng.randint(-r, r))
                if p not in stones:
                    stones.append(p)
            key = tuple(stones)
            if key in seen or has_four(stones, 0) or has_four(stones, 1):
                continue
            seen.add(key)
            tried += 1
            ev, nodes = eng.evaluate(stones)
            text = ", ".join("%d,%d" % (x - C, y - C) for x, y in stones)
            if ev is None or "M" in ev:
                sys.stderr.write("skip  %s  eval %s\n" % (text, ev))
                continue
            if abs(int(ev)) <= opts["--max-eval"]:
                kept += 1
                print(text, flush=True)
                sys.stderr.write("kept  %s  eval %s  nodes %s\n" % (text, ev, nodes))
            else:
                sys.stderr.write("skip  %s  eval %s\n" % (text, ev))
    finally:
        eng.close()
    sys.stderr.write("%d kept of %d evaluated\n" % (kept, tried))
    return 0 if kept == count else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
