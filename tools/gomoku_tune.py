#!/usr/bin/python3
"""Tune the Gomoku evaluation on positions that a reference engine labels.

    tools/gomoku_tune.py label ENGINE RULE [--nodes N] < positions > labelled
    tools/gomoku_tune.py fit LABELLED FEATURES [black|white]
    tools/gomoku_tune.py fit LABELLED FEATURES --combos COMBOS [black|white] [--l2=X]

Positions: suite lines "RULE MOVES" (build/bench/bench_gomoku --gen N SEED
RULE OPENINGS makes them).  `label` sends each to ENGINE (a Gomocup engine
that prints "Eval <e>" for the side to move, as Rapfi does)
with a node limit and appends " ; eval E" (a mate "+M.." / "-M.." as it is).
`fit` reads the labelled lines and bench_gomoku --features of the same lines
(one per line, same order), keeps the quiet ones (no five point for either
side, no open-four point or short VCF for the side to move), and fits by logistic
regression the weights of the evaluation's terms (line-pattern classes of
each side, threat terms) to the engine's win probability
sigmoid(eval / 200); it prints the weights scaled to the units of the
current evaluation (whose own best scale it fits first) and both fits' loss;
with black or white, only the positions with that side to move (renju's
rules differ by colour).
`fit --combos` (numpy: /usr/bin/python3 with Debian's python3-numpy) takes
also bench_gomoku --combos of the same lines and fits the same terms twice,
alone and with an extra weight per side for each combination of a cell's
four line classes (L2 penalty X, default 1e-4, on the combination weights
scaled to unit spread): the held-out loss of both (fitted on the even
positions, judged on the odd ones), then both fits on all positions as C
initializers for ev_tab (the first is what the evaluation uses; the
second's combination weights follow as {KEY, {OWN, OPP}}, KEY as
bench_gomoku --combos writes it).
"""
import math
import os
import re
import select
import subprocess
import sys
import time

SCALE = 200.0   # the reference engine's eval per logit (Rapfi: ScalingFactor)
CAP = 600.0     # mates and huge values count as this much
UNIT = 0.004    # logit per unit of the evaluation


class Labeller:
    """The engine behind a pipe with a watchdog: an answer that does not
    come within `timeout` seconds (the engine stalled once in 2,500
    positions) restarts it and labels the position None."""

    def __init__(self, cmd, rule, nodes, timeout=20.0, memory=67108864):
        self.cmd, self.rule, self.nodes, self.timeout, self.memory = cmd, rule, nodes, timeout, memory
        self.p = None

    def start(self):
        self.p = subprocess.Popen([self.cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, bufsize=0)
        self.buf = b""

    def stop(self):
        if self.p:
            self.p.kill()
            self.p.wait()
            self.p = None

    def line(self, deadline):
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
                raise TimeoutError
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                raise TimeoutError
            self.buf += chunk
        l, self.buf = self.buf.split(b"\n", 1)
        return l.decode().strip()

    def evaluate(self, stones):
        return self.ask(stones)[1]

    def ask(self, stones):
        """(the engine's move (x, y), its Eval text) for the side to move
        after stones (x, y) from black; (None, None) after a restart."""
        if not self.p:
            self.start()
        cmds = ["START %d" % 15, "INFO rule %d" % self.rule, "INFO max_memory %d" % self.memory,
                "INFO timeout_turn 30000", "INFO max_node %d" % self.nodes, "BOARD"]
        mover = len(stones) % 2
        cmds += ["%d,%d,%d" % (x, y, 1 if i % 2 == mover else 2) for i, (x, y) in enumerate(stones)]
        cmds.append("DONE")
        deadline = time.time() + self.timeout
        try:
            self.p.stdin.write(("\n".join(cmds) + "\n").encode())
            ev = None
            while True:
                l = self.line(deadline)
                m = re.search(r"Eval (\S+)", l)
                if m:
                    ev = m.group(1)
                if re.fullmatch(r"\d+,\d+", l):
                    return tuple(int(v) for v in l.split(",")), ev
        except (TimeoutError, BrokenPipeError):
            self.stop()
            return None, None


def label(argv):
    cmd, rule = argv[0], int(argv[1])
    nodes = int(argv[argv.index("--nodes") + 1]) if "--nodes" in argv else 50000
    eng = Labeller(cmd, rule, nodes)
    letters = "abcdefghijklmno"
    try:
        for line in sys.stdin:
            toks = line.split()
            if len(toks) < 2:
                continue
            stones = [(letters.index(t[0]), letters.index(t[1])) for t in toks[1:]]
            print("%s ; eval %s" % (line.strip(), eng.evaluate(stones)), flush=True)
    finally:
        eng.stop()


def target(ev):
    m = re.fullmatch(r"([+-]?)M\d+", ev)
    v = (-CAP if m.group(1) == "-" else CAP) if m else max(-CAP, min(CAP, float(ev)))
    return 1.0 / (1.0 + math.exp(-v / SCALE))


# bench_gomoku --features: per side (own first) P_ONE..P_FOUR_OPEN counts (8),
# cells of class C_THREE..C_FIVE (6), four-making cells (1); then the eval
# and whether the side to move has a short VCF.
NP, NC = 8, 6


def terms(f):
    own, opp = f[0:15], f[15:30]
    oc, pc = own[NP:NP + NC], opp[NP:NP + NC]    # THREE FOUR 33 43 FLEX4 FIVE
    opp_no_four = opp[14] == 0
    # GMK_P_ONE counts nearly every free line (hundreds a side): left out,
    # since rounding its weight to whole units would bias the side to move
    x = [0.0] + own[1:NP] + [0.0] + opp[1:NP] + oc[:4] + pc[:4]
    x += [1.0 if opp_no_four and oc[3] else 0.0,                  # own four-three
          1.0 if opp_no_four and not oc[3] and oc[2] else 0.0,    # own double three
          1.0 if pc[4] else 0.0,                                  # opponent threatens an open four
          1.0]                                                    # tempo
    return x


NAMES = ["own P%d" % k for k in range(1, 9)] + ["opp P%d" % k for k in range(1, 9)] + [
    "own cells %s" % c for c in ("THREE", "FOUR", "33", "43")] + [
    "opp cells %s" % c for c in ("THREE", "FOUR", "33", "43")] + [
    "own 43 (opp no four)", "own 33 (opp no four)", "opp open-four point", "tempo"]


# The hand-set evaluation of 2ecd2f1 and earlier, per (empty cell,
# direction) by class P_ONE..P_FOUR_OPEN, own counted 6/5 (quiet positions
# have no five points, so P_FIVE does not occur).
OLD_W = [1, 3, 10, 12, 40, 50, 120, 120]


def old_value(f):
    """The hand-set leaf value (evaluation and leaf threat terms)."""
    own, opp = f[0:15], f[15:30]
    v = int(sum(a * b for a, b in zip(own[:NP], OLD_W))) * 6 // 5 - int(sum(a * b for a, b in zip(opp[:NP], OLD_W)))
    if opp[14] == 0:
        v += 2000 if own[NP + 3] else 800 if own[NP + 2] else 0
    if opp[NP + 4]:
        v -= 100
    return v


def loss(w, xs, ys, l2=0.0):
    tot = 0.0
    g = [0.0] * len(w)
    for x, y in zip(xs, ys):
        z = sum(a * b for a, b in zip(w, x))
        z = max(-30.0, min(30.0, z))
        p = 1.0 / (1.0 + math.exp(-z))
        tot -= y * math.log(p + 1e-12) + (1 - y) * math.log(1 - p + 1e-12)
        d = p - y
        for i, xi in enumerate(x):
            if xi:
                g[i] += d * xi
    n = len(xs)
    tot = tot / n + l2 * sum(a * a for a in w)
    return tot, [gi / n + 2 * l2 * a for gi, a in zip(g, w)]


def adam(w, xs, ys, steps, lr):
    m = [0.0] * len(w)
    v = [0.0] * len(w)
    for t in range(1, steps + 1):
        L, g = loss(w, xs, ys, 1e-6)
        for i in range(len(w)):
            m[i] = 0.9 * m[i] + 0.1 * g[i]
            v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i]
            w[i] -= lr * (m[i] / (1 - 0.9 ** t)) / (math.sqrt(v[i] / (1 - 0.999 ** t)) + 1e-9)
    return L


def quiet_rows(labelled_file, feature_files, colour):
    """(eval, features, extra lines) of the labelled positions that the fit
    uses: the features parsed; extra lines: the same line of each further
    file.  colour "black" / "white": only that
    side to move.  Left out: unlabelled lines and the positions that are
    not quiet (a five point, an open four to make, a short VCF)."""
    labelled = [l for l in open(labelled_file) if "; eval" in l]
    files = [[l.rstrip("\n") for l in open(fn)] for fn in feature_files]
    for fn, lines in zip(feature_files, files):
        if len(lines) != len(labelled):
            sys.exit("%d labelled lines, %d in %s" % (len(labelled), len(lines), fn))
    for k, l in enumerate(labelled):
        ev = l.rsplit("eval", 1)[1].strip()
        nstones = len(l.split(";")[0].split()) - 1
        if colour and (nstones % 2 == 0) != (colour == "black"):
            continue
        rest = [lines[k] for lines in files]
        if ev == "None" or any(r.split()[:1] == ["bad"] for r in rest):
            continue
        f = [float(v) for v in rest[0].split()]
        own, opp = f[0:15], f[15:30]
        if own[NP + 5] or opp[NP + 5] or own[NP + 4] or f[31]:
            continue
        yield ev, f, rest[1:]


def c_weights(u):
    """The ev_tab initializer of weights u (in units): the fitted terms, and
    the hand-set values where no quiet position has data (own open-four
    and five classes, own four-three)."""
    own = u[0:6] + [144, 144, 240]
    opp = [-a for a in u[8:16]] + [200]
    return "{{{0, %s}, {0, %s}},\n     {{%s}, {%s}}, WIN_SOFT / 10, %d, %d, %d}," % (
        ", ".join(map(str, own)), ", ".join(map(str, opp)), ", ".join(map(str, u[16:20])),
        ", ".join(str(-a) for a in u[20:24]), u[25], -u[26], u[27])


def fit(argv):
    xs, ys, olds = [], [], []
    colour = argv[2] if len(argv) > 2 else None   # "black" / "white": that side to move only
    for ev, f, _ in quiet_rows(argv[0], [argv[1]], colour):
        xs.append(terms(f))
        ys.append(target(ev))
        olds.append(old_value(f))
    # the current evaluation: its best scale (logit per unit); the weights
    # are printed in units of UNIT logit (the scale of the freestyle
    # positions, so that every rule and colour shares one unit)
    best = None
    for k in range(1, 400):
        s = k / 100000.0
        L, _ = loss([s], [[o] for o in olds], ys)
        if best is None or L < best[0]:
            best = (L, s)
    print("positions %d; hand-set evaluation: loss %.5f at %.6f logit per unit" % (len(xs), best[0], best[1]))
    best = (best[0], UNIT)
    # held out: fitted on the even positions, judged on the odd ones
    w = [0.0] * len(xs[0])
    for lr, steps in ((0.05, 300), (0.01, 300), (0.002, 200)):
        adam(w, xs[0::2], ys[0::2], steps, lr)
    hs = min((loss([k / 100000.0], [[o] for o in olds[0::2]], ys[0::2])[0], k / 100000.0) for k in range(1, 400))[1]
    print("held out (fit on half, loss on the other half): hand-set %.5f, fitted %.5f" % (
        loss([hs], [[o] for o in olds[1::2]], ys[1::2])[0], loss(w, xs[1::2], ys[1::2])[0]))
    w = [0.0] * len(xs[0])
    for lr, steps in ((0.05, 300), (0.01, 300), (0.002, 200)):
        L = adam(w, xs, ys, steps, lr)
    print("fitted: loss %.5f" % L)
    for n, a in zip(NAMES, w):
        print("  %-24s %9.5f logit  %7.1f units" % (n, a, a / best[1]))
    print("C: " + c_weights([int(round(a / best[1])) for a in w]))


def combos_fit(argv):
    """fit --combos: the linear terms above plus, per side, a value for each
    multiset of a cell's four line-pattern classes (bench_gomoku --combos),
    its deviation from the sum of the classes' weights penalised (L2), in
    numpy.  Prints both fits' held-out loss and the fitted weights."""
    import numpy as np
    colour = None
    lam = 1e-4
    for a in argv[3:]:
        if a in ("black", "white"):
            colour = a
        elif a.startswith("--l2="):
            lam = float(a[5:])
    rows, ys, cs = [], [], []
    for ev, f, (c,) in quiet_rows(argv[0], [argv[1], argv[2]], colour):
        rows.append(terms(f))
        ys.append(target(ev))
        cs.append([dict((int(k), int(v)) for k, v in (t.split(":") for t in sd.split())) for sd in c.split("|")])
    freq = {}   # positions where a combination occurs, either side
    for sides in cs:
        for side in sides:
            for k in side:
                freq[k] = freq.get(k, 0) + 1
    keys = sorted(k for k, v in freq.items() if v >= 30)
    idx = dict((k, i) for i, k in enumerate(keys))
    K, nb = len(keys), len(rows[0])
    X = np.zeros((len(rows), nb + 2 * K))
    X[:, :nb] = np.array(rows)
    for r, sides in enumerate(cs):
        for s, side in enumerate(sides):   # own, then the opponent's
            for k, v in side.items():
                if k in idx:
                    X[r, nb + s * K + idx[k]] = v
    y = np.array(ys)
    print("positions %d, combination features %d per side (at least 30 positions each)" % (len(y), K))

    # columns scaled to unit spread for the descent (the weights are
    # scaled back); the penalty is on the scaled combination weights
    sd = X.std(axis=0)
    sd[sd == 0] = 1.0

    def train(Xt, yt, use_combos, steps=2000, lr=0.05):
        Xs = Xt / sd
        w = np.zeros(X.shape[1])
        m = np.zeros_like(w)
        v = np.zeros_like(w)
        mask = np.ones_like(w)
        if not use_combos:
            mask[nb:] = 0
        pen = np.zeros_like(w)
        pen[nb:] = lam
        for t in range(1, steps + 1):
            z = np.clip(Xs @ w, -30, 30)
            p = 1 / (1 + np.exp(-z))
            g = (Xs.T @ (p - yt)) / len(yt) + 2 * pen * w
            g *= mask
            m = 0.9 * m + 0.1 * g
            v = 0.999 * v + 0.001 * g * g
            w -= lr * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-9)
        return w / sd

    def ce(w, Xt, yt):
        z = np.clip(Xt @ w, -30, 30)
        p = 1 / (1 + np.exp(-z))
        return float(-np.mean(yt * np.log(p + 1e-12) + (1 - yt) * np.log(1 - p + 1e-12)))

    tr, te = slice(0, None, 2), slice(1, None, 2)
    for uc in (False, True):
        w = train(X[tr], y[tr], uc)
        print("%s: train %.5f held out %.5f" % ("with combinations" if uc else "linear terms only", ce(w, X[tr], y[tr]),
                                                 ce(w, X[te], y[te])))
    for uc in (False, True):
        w = train(X, y, uc)
        print("all positions, %s: loss %.5f" % ("with combinations" if uc else "linear terms only", ce(w, X, y)))
        u = [int(round(a / UNIT)) for a in w]
        for nm, a in zip(NAMES, u[:nb]):
            print("  %-24s %6d units" % (nm, a))
        print("C: " + c_weights(u))
        if uc:
            items = ["{%d, {%d, %d}}" % (k, u[nb + i], -u[nb + K + i]) for i, k in enumerate(keys)
                     if u[nb + i] or u[nb + K + i]]
            print("combinations (%d): {%s}" % (len(items), ", ".join(items)))


def main(argv):
    if len(argv) >= 4 and argv[1] == "label":
        label(argv[2:])
    elif len(argv) >= 6 and argv[1] == "fit" and argv[4] == "--combos":
        combos_fit(argv[2:4] + argv[5:])
    elif len(argv) >= 4 and argv[1] == "fit":
        fit(argv[2:])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
