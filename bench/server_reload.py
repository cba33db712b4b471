"""bench/server_reload.py: the CPU an instance spends hearing another
instance's moves (docs/PERFORMANCE.md, "Game server under load").

Two `gridstone serve` instances, A and B, on one PostgreSQL database (GS_DB,
from tests/with-pg.sh); a 19x19 game played on A by two WebSocket clients
(random legal moves, a pass only where there is none, the same game in
every run: one seed), and
a spectator on B (--hold: nobody, B holds the game after one GET), so that
B reads the game again after each of A's commits.  Prints B's and A's CPU seconds (utime + stime) per run.  Each
run gets a new database; the binaries take turns, run after run, so that the
machine's load falls on both alike.

  sh tests/with-pg.sh python3 bench/server_reload.py [--moves N] [--rounds R] [--hold] BIN...
"""
import argparse
import asyncio
import os
import random
import subprocess
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "server"))
import gsrv  # noqa: E402


def cpu(pid):
    """utime + stime of a process, in seconds"""
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def new_database(base, name):
    env = dict(os.environ, PGOPTIONS="-c client_min_messages=warning")
    subprocess.run(["psql", "-qAtX", "-c", "DROP DATABASE IF EXISTS " + name], env=env, check=True)
    subprocess.run(["psql", "-qAtX", "-c", "CREATE DATABASE " + name], env=env, check=True)
    u = urllib.parse.urlsplit(base)
    return urllib.parse.urlunsplit((u.scheme, u.netloc, "/" + name, u.query, u.fragment))


async def move(ws, gid, ply, pt):
    while True:
        req = "m%d" % ply
        mv = pt if pt == "pass" else {"x": pt[0], "y": pt[1]}
        await ws.send({"type": "move", "game": gid, "ply": ply, "move": mv, "req": req})
        r = await ws.wait(lambda m: m.get("req") == req, timeout=30)
        ws.msgs.clear()
        if r["type"] == "error" and r["error"]["code"] == "rate-limited":
            await asyncio.sleep(0.3)
            continue
        assert r["type"] == "move", r
        return r["state"]


async def run(binary, url, moves, seed, hold):
    gsrv.GS = binary
    a = gsrv.Server(url).start()
    b = gsrv.Server(url).start()
    try:
        _, tb = a.player("black")
        _, tw = a.player("white")
        st, r = a.http("POST", "/api/games", {"spec": "go:size=19", "color": "black"}, tb)
        gid = r["game"]["id"]
        st, r = a.http("POST", "/api/games/%d/join" % gid, {}, tw)
        state = r["game"]
        black = await gsrv.Client(a, tb).open()
        white = await gsrv.Client(a, tw).open()
        spect = await gsrv.Client(b).open()
        if hold:   # B holds the game (a GET loads it) with nobody watching: its reloads alone
            b.http("GET", "/api/games/%d" % gid)
        else:
            await spect.send({"type": "watch", "game": gid})
            await spect.wait(lambda m: m["type"] == "state")
        rnd = random.Random(seed)
        b0, a0 = cpu(b.proc.pid), cpu(a.proc.pid)
        ply = 0
        for ply in range(1, moves + 1):
            if state["status"] != "playing":
                ply -= 1
                break
            pt = rnd.choice(state["legal"]) if state["legal"] else "pass"   # a full board: pass
            state = await move(black if ply % 2 else white, gid, ply, pt)
        if hold:
            for _ in range(600):
                if b.http("GET", "/api/games/%d" % gid)[1]["game"]["ply"] == ply:
                    break
                await asyncio.sleep(0.1)
        else:
            await spect.wait(lambda m, p=ply: m["type"] == "move" and m["move"]["ply"] == p, timeout=60)
        out = (cpu(b.proc.pid) - b0, cpu(a.proc.pid) - a0, ply, state["captures"]["black"] + state["captures"]["white"])
        for c in (black, white, spect):
            await c.close()
        return out
    finally:
        a.stop()
        b.stop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=600)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--hold", action="store_true", help="B holds the game without a watcher")
    ap.add_argument("bins", nargs="+")
    o = ap.parse_args()
    base = os.environ.get("GS_DB", "")
    if not base.startswith("postgres"):
        sys.exit("needs GS_DB=postgres://... (tests/with-pg.sh)")
    print("load average: %s" % " ".join(open("/proc/loadavg").read().split()[:3]), flush=True)
    n = 0
    for rnd in range(o.rounds):
        order = o.bins if rnd % 2 == 0 else o.bins[::-1]
        for binary in order:
            n += 1
            url = new_database(base, "gs_reload_%d" % n)
            bcpu, acpu, plies, caps = asyncio.run(run(binary, url, o.moves, o.seed, o.hold))
            print("round %d  %-40s  B (listening) %6.2f s  A (playing) %6.2f s  %d moves, %d captured" %
                  (rnd + 1, binary, bcpu, acpu, plies, caps), flush=True)


if __name__ == "__main__":
    main()
