#!/usr/bin/python3
"""Judge the Gomoku player's moves by a reference engine: a quick proxy for match strength.

    tools/gomoku_blunders.py extract RULE COLOUR MOVENUMBERS SGF... > suite
    tools/gomoku_blunders.py refs ENGINE suite > suite-with-refs
    tools/gomoku_blunders.py score ENGINE suite NODES BENCH_GOMOKU...

A match against Rapfi takes 14 minutes for 40 games, and one run's points
differ from the next run's by more than sampling explains (PERFORMANCE.md,
"Gomoku strength").  This judges single moves instead: positions from those
matches where gridstone was to move, the move gridstone's bench_gomoku plays
in each within a node limit (load-insensitive), and the reference engine's
value of the position after that move against its value after its own move.

`extract`: suite lines "RULE MOVES" (SGF points from black, as bench_gomoku
--suite reads them) of the positions before the moves of gridstone playing
COLOUR (B or W) at MOVENUMBERS (comma-separated, 1-based, opening stones
counted) in c-gomoku-cli SGF files; each position once.
`refs`: appends "; ref MOVE" to each line, MOVE the engine's own move.
`score`: per BENCH_GOMOKU binary, its moves at NODES, then the engine's value
of every position after a move (cached in the JSON file next to the suite,
SUITE.values.json: positions already valued are not sent again), and over
the positions whose value after the reference move lies within +-600 (not
yet decided): the mean loss (value after the reference move minus value
after ours, the values clipped to +-1000), the moves that lose more than 150
and more than 400, and the moves after which the engine announces a mate.

The engine is a Gomocup brain that prints "Eval E" for the side to move and
takes INFO max_node (Rapfi does); it is asked with a node limit (--ref-nodes,
default 600,000) so that its answers do not depend on the machine's load.
Two engine processes and two bench_gomoku processes run at once.
"""
import json, os, re, subprocess, sys, threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gomoku_tune import Labeller  # noqa: E402  (the engine behind a pipe, with its watchdog)

REF_NODES = 600000


def key(rule, mv):
    """A position's cache key: the rule and each colour's stones (order-free)."""
    return rule + ':' + ','.join(sorted(mv[0::2])) + '|' + ','.join(sorted(mv[1::2]))


def read_suite(path):
    """[(rule, moves, ref or None)] of a suite file."""
    out = []
    for line in open(path):
        w = line.partition('#')[0].split(';')[0].split()
        if not w:
            continue
        ref = re.search(r';.*\bref ([a-o][a-o])\b', line)
        out.append((w[0], w[1:], ref.group(1) if ref else None))
    return out


def mate_value(s):
    """The engine's evaluation as a number: a mate in n as +-(3000 - n)."""
    if 'M' in s:
        n = int(s.lstrip('+-').lstrip('M'))
        return -(3000 - n) if s.startswith('-') else 3000 - n
    return int(s)


def ask_all(engine, nodes, items):
    """[(move, value)] for [(rule, moves)], two engine processes (gomoku_tune's
    Labeller: a stalled engine is restarted and its answer is None)."""
    res = [None] * len(items)

    def work(idx):
        eng = {}
        for i in idx:
            rule, mv = items[i]
            if rule not in eng:
                eng[rule] = Labeller(engine, int(rule), nodes, memory=268435456)
            xy, ev = eng[rule].ask([(ord(m[0]) - 97, ord(m[1]) - 97) for m in mv])
            res[i] = (chr(97 + xy[0]) + chr(97 + xy[1]), mate_value(ev)) if xy and ev else None
        for e in eng.values():
            e.stop()
    th = [threading.Thread(target=work, args=(range(k, len(items), 2),)) for k in range(2)]
    for t in th:
        t.start()
    for t in th:
        t.join()
    for r, it in zip(res, items):
        if r is None:
            sys.exit('engine: no move and value for %s' % ' '.join(it[1]))
    return res


def extract(rule, colour, numbers, files):
    numbers = sorted(set(int(x) for x in numbers.split(',')))
    seen = set()
    for f in files:
        for g in open(f).read().split('(;')[1:]:
            ru = re.search(r'RU\[(\d+)\]', g)
            pl = re.search(r'P' + colour + r'\[([^\]]*)\]', g)
            if not ru or ru.group(1) != rule or not pl or 'gridstone' not in pl.group(1):
                continue
            mv = re.findall(r';[BW]\[([a-o][a-o])\]', g)
            for n in numbers:
                if n - 1 < len(mv) and key(rule, mv[:n - 1]) not in seen:
                    seen.add(key(rule, mv[:n - 1]))
                    print(rule, ' '.join(mv[:n - 1]))


def refs(engine, suite, nodes):
    lines = read_suite(suite)
    ans = ask_all(engine, nodes, [(r, mv) for r, mv, _ in lines])
    for (r, mv, _), (m, _) in zip(lines, ans):
        print(r, ' '.join(mv), '; ref', m)


def bench_moves(binary, lines, nodes):
    """binary's moves on the suite's positions at `nodes`, two processes."""
    halves = [lines[:len(lines) // 2], lines[len(lines) // 2:]]
    procs = []
    for h in halves:
        text = ''.join(r + ' ' + ' '.join(mv) + '\n' for r, mv, _ in h)
        fn = '/tmp/gomoku_blunders_%d_%d.txt' % (os.getpid(), len(procs))
        open(fn, 'w').write(text)
        procs.append((fn, subprocess.Popen([binary, '--suite', fn, '--nodes', str(nodes)], stdout=subprocess.PIPE,
                                           text=True)))
    out = []
    for fn, p in procs:
        out += [l.split()[2] for l in p.communicate()[0].splitlines() if re.match(r'suite \d+ ', l)]
        os.unlink(fn)
    if len(out) != len(lines):
        sys.exit('%s: %d moves for %d positions' % (binary, len(out), len(lines)))
    return out


def score(engine, suite, nodes, binaries, ref_nodes):
    lines = read_suite(suite)
    if any(ref is None for _, _, ref in lines):
        sys.exit('score: every suite line needs "; ref MOVE" (see refs)')
    cache_f = suite + '.values.json'
    cache = json.load(open(cache_f)) if os.path.exists(cache_f) else {}
    moves = {b: bench_moves(b, lines, nodes) for b in binaries}
    todo = {}
    for i, (r, mv, ref) in enumerate(lines):
        for m in [ref] + [moves[b][i] for b in binaries]:
            k = key(r, mv + [m])
            if k not in cache:
                todo[k] = (r, mv + [m])
    if todo:
        ks = list(todo)
        for k, (_, v) in zip(ks, ask_all(engine, ref_nodes, [todo[k] for k in ks])):
            cache[k] = v
        json.dump(cache, open(cache_f + '.tmp', 'w'), indent=0, sort_keys=True)
        os.replace(cache_f + '.tmp', cache_f)
    clip = lambda v: max(-1000, min(1000, v))
    for b in binaries:
        loss = []
        n150 = n400 = mates = 0
        for i, (r, mv, ref) in enumerate(lines):
            vr = cache[key(r, mv + [ref])]   # the opponent's value after the reference move
            if abs(vr) > 600:
                continue
            vo = cache[key(r, mv + [moves[b][i]])]
            d = clip(vo) - clip(vr)
            loss.append(d)
            n150 += d > 150
            n400 += d > 400
            mates += vo > 2000
        print('%s: positions %d, mean loss %.1f, losing > 150: %d, > 400: %d, into a mate: %d' %
              (b, len(loss), sum(loss) / max(len(loss), 1), n150, n400, mates))


def main(a):
    ref_nodes = REF_NODES
    if '--ref-nodes' in a:
        i = a.index('--ref-nodes')
        ref_nodes = int(a[i + 1])
        del a[i:i + 2]
    if len(a) >= 5 and a[0] == 'extract':
        extract(a[1], a[2], a[3], a[4:])
    elif len(a) == 3 and a[0] == 'refs':
        refs(a[1], a[2], ref_nodes)
    elif len(a) >= 5 and a[0] == 'score':
        score(a[1], a[2], int(a[3]), a[4:], ref_nodes)
    else:
        sys.exit(__doc__.strip().split('\n\n')[0])


if __name__ == '__main__':
    main(sys.argv[1:])
