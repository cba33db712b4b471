"""Fault checks for tests/cli/server_faults.sh (prints "ok NAME" / "FAIL NAME: why").

  faults.py resume URL ACKED MAIN_MS USED_MAX_MS
      after a kill -9 during a load run and a restart: every game of the
      acked file ("id plies black-token white-token") is still playing, its
      clock was not charged for the downtime (both sides together used less
      than USED_MAX_MS of MAIN_MS), and the side to move can move again.
  faults.py diskfull URL DBFILE FILLER
      a game on a SQLite file in a small tmpfs; FILLER takes the remaining
      space: moves are refused with storage-full and change nothing, the file
      passes PRAGMA integrity_check; once FILLER is removed moves go through.
"""
import asyncio
import os
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import gsrv  # noqa: E402

ok = True


def check(name, cond, why=""):
    global ok
    ok = ok and bool(cond)
    print(("ok   %s" % name) if cond else ("FAIL %s: %s" % (name, why)), flush=True)


class Remote(gsrv.Server):
    """A server started elsewhere (the shell script): only its URL."""

    def __init__(self, url):
        super().__init__(None, port=int(url.rsplit(":", 1)[1].rstrip("/")))


def resume(url, acked, main_ms, t_load, t_kill, t_restart):
    """Clocks after the restart: a game's two clocks together may have run
    while the server was up (the load run until the kill, and since the
    restart, measured here so that a loaded machine cannot fail the check),
    plus a second of slack; the 8 s of downtime must not be in them."""
    srv = Remote(url)
    up_before = (float(t_kill) - float(t_load)) * 1000
    games = [line.split() for line in open(acked) if line.strip()]
    playing = clocks = moved = 0
    bad = []
    for gid, plies, tb, tw in games:
        st, r = srv.http("GET", "/api/games/%s" % gid)
        if st != 200:
            bad.append((gid, st))
            continue
        g = r["game"]
        playing += g["status"] == "playing"
        k = g["clock"]
        used = 2 * main_ms - k["black"]["ms"] - k["white"]["ms"]
        used_max = up_before + (time.time() - float(t_restart)) * 1000 + 1000
        if k["running"] and used < used_max:
            clocks += 1
        else:
            bad.append((gid, "clock", k, round(used), round(used_max)))
        # The side to move plays its first legal point (HTTP move).
        tok = tb if g["to_move"] == "black" else tw
        if g["legal"]:
            x, y = g["legal"][0]
            st, r = srv.http("POST", "/api/games/%s/moves" % gid, {"ply": g["ply"] + 1, "move": {"x": x, "y": y}}, tok)
            if st == 200 and r["game"]["ply"] == g["ply"] + 1:
                moved += 1
            else:
                bad.append((gid, "move", st, r))
    n = len(games)
    check("after kill -9 every game is still playing (%d games)" % n, n > 0 and playing == n, bad[:3])
    check("clocks resumed without charging the downtime", clocks == n, bad[:3])
    check("every game takes its next move after the restart", moved == n, bad[:3])


async def diskfull(url, dbfile, filler):
    srv = Remote(url)
    _, ta = srv.player("full-a")
    _, tb = srv.player("full-b")
    st, r = srv.http("POST", "/api/games", {"spec": "go:size=19", "color": "black"}, ta)
    gid = r["game"]["id"]
    srv.http("POST", "/api/games/%d/join" % gid, {}, tb)
    a = await gsrv.Client(srv, ta).open()
    b = await gsrv.Client(srv, tb).open()
    points = [(x, y) for y in range(19) for x in range(19)]
    ply = 0
    sent = [0]

    async def move(ws, n):
        x, y = points[n - 1]
        sent[0] += 1
        req = "m%d-%d" % (n, sent[0])  # unique: a retried ply must not match the earlier answer
        await ws.send({"type": "move", "game": gid, "ply": n, "move": {"x": x, "y": y}, "req": req})
        return await ws.wait(lambda m: m.get("req") == req)

    for _ in range(4):
        ply += 1
        r = await move(a if ply % 2 else b, ply)
        assert r["type"] == "move", r
    # Fill the file system.
    with open(filler, "wb") as f:
        chunk = b"\0" * 65536
        try:
            while True:
                f.write(chunk)
                f.flush()
        except OSError:
            pass
    refused = None
    for _ in range(60):
        r = await move(a if (ply + 1) % 2 else b, ply + 1)
        if r["type"] == "error":
            refused = r
            break
        ply += 1
    check("a full disk refuses the move with storage-full", refused and refused["error"]["code"] == "storage-full",
          refused)
    st, g = srv.http("GET", "/api/games/%d" % gid)
    check("the refused move changed nothing", st == 200 and g["game"]["ply"] == ply
          and len(g["game"]["moves"]) == ply, (st, g["game"]["ply"] if st == 200 else g, ply))
    # Another action while full: refused too, the server keeps answering.
    st, r = srv.http("GET", "/healthz")
    check("the server keeps answering while the disk is full", st in (200, 503), (st, r))
    con = sqlite3.connect("file:%s?mode=ro" % dbfile, uri=True)
    res = con.execute("PRAGMA integrity_check").fetchall()
    n = con.execute("SELECT count(*) FROM moves WHERE game_id = ?", (gid,)).fetchone()[0]
    con.close()
    check("the database passes integrity_check", res == [("ok",)], res)
    check("the database holds exactly the acknowledged moves", n == ply, (n, ply))
    os.unlink(filler)
    r = await move(a if (ply + 1) % 2 else b, ply + 1)
    check("with space again the move goes through", r["type"] == "move", r)
    await a.close()
    await b.close()


if __name__ == "__main__":
    if sys.argv[1] == "resume":
        resume(sys.argv[2], sys.argv[3], int(sys.argv[4]), *sys.argv[5:8])
    else:
        asyncio.get_event_loop().run_until_complete(diskfull(sys.argv[2], sys.argv[3], sys.argv[4]))
    sys.exit(0 if ok else 1)
