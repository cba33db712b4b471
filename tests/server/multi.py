"""Two `gridstone serve` instances on one PostgreSQL database (GS_DB):
a move through instance A reaches a spectator on instance B and the other
way round; two moves for the same ply through the two instances: exactly
one is acknowledged, the other is refused with `conflict`, and the database
holds the winner.  Prints "ok NAME" / "FAIL NAME: why" lines."""
import asyncio
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import gsrv  # noqa: E402

results = []


def check(name, cond, why=""):
    results.append(cond)
    print(("ok   %s" % name) if cond else ("FAIL %s: %s" % (name, why)), flush=True)


def read_only(on):
    """default_transaction_read_only for every session of the cluster (the
    servers' too, at their next transaction); psql itself writes."""
    sql = ("ALTER SYSTEM SET default_transaction_read_only = on" if on
           else "ALTER SYSTEM RESET default_transaction_read_only")
    env = dict(os.environ, PGOPTIONS="-c default_transaction_read_only=off")
    for q in (sql, "SELECT pg_reload_conf()"):
        subprocess.run(["psql", "-qAtX", "-c", q], env=env, check=True, stdout=subprocess.DEVNULL)


async def health_until(srv, status, seconds=10):
    """GET /healthz until it answers status (a reload reaches the sessions
    at their next command), or the last answer."""
    deadline = time.time() + seconds
    while True:
        st, r = srv.http("GET", "/healthz")
        if st == status or time.time() > deadline:
            return st, r
        await asyncio.sleep(0.2)


async def main(db, logdir):
    a = gsrv.Server(db, log=os.path.join(logdir, "a.log")).start()
    b = gsrv.Server(db, log=os.path.join(logdir, "b.log")).start()
    try:
        tag = "%06x" % random.getrandbits(24)
        kim, kim_tok = a.player("kim" + tag)
        lee, lee_tok = b.player("lee" + tag)
        # Players created on one instance are known to the other.
        st, r = b.http("GET", "/api/players/%d" % kim)
        check("player-visible-on-b", st == 200 and r["player"]["name"] == "kim" + tag, (st, r))
        st, r = a.http("POST", "/api/games", {"spec": "go:size=9", "color": "black", "opponent": {"type": "open"}},
                       kim_tok)
        assert st == 201, (st, r)
        gid = r["game"]["id"]
        st, r = b.http("POST", "/api/games/%d/join" % gid, {}, lee_tok)
        check("join-through-b", st == 200 and r["game"]["status"] == "playing", (st, r))

        kim_a = await gsrv.Client(a, kim_tok).open()
        lee_b = await gsrv.Client(b, lee_tok).open()
        spect_b = await gsrv.Client(b).open()
        spect_a = await gsrv.Client(a).open()
        for c in (kim_a, lee_b, spect_b, spect_a):
            await c.send({"type": "watch", "game": gid})
            await c.wait(lambda m: m["type"] == "state")
        # The join made on B reached A's copy.
        st, r = a.http("GET", "/api/games/%d" % gid)
        check("join-seen-by-a", st == 200 and r["game"]["status"] == "playing", (st, r))
        # Presence is the service's, not one instance's: kim watches on A,
        # lee on B, a spectator on each (each instance saw only its own).
        await asyncio.sleep(0.5)
        pa = a.http("GET", "/api/games/%d" % gid)[1]["game"]["players"]
        pb = b.http("GET", "/api/games/%d" % gid)[1]["game"]["players"]
        check("presence-across-instances", all(p[c]["online"] for p in (pa, pb) for c in ("black", "white")), (pa, pb))
        m = [x for x in spect_b.msgs if x["type"] == "presence"]
        check("presence-message-counts-both-instances", m and m[-1]["black"] and m[-1]["white"]
              and m[-1]["spectators"] == 2, m[-1:] if m else None)

        await kim_a.send({"type": "move", "game": gid, "ply": 1, "move": "E5", "req": "k1"})
        ack = await kim_a.wait(lambda m: m.get("req") == "k1")
        check("move-on-a-acknowledged", ack["type"] == "move", ack)
        m = await spect_b.wait(lambda m: m["type"] == "move" and m["move"]["ply"] == 1)
        check("move-on-a-reaches-spectator-on-b", m["move"]["text"] == "E5" and m["state"]["ply"] == 1, m)

        # Payloads carry ids: B answers the next move from the database's state.
        await lee_b.send({"type": "move", "game": gid, "ply": 2, "move": "C3", "req": "l2"})
        ack = await lee_b.wait(lambda m: m.get("req") == "l2")
        check("move-on-b-acknowledged", ack["type"] == "move", ack)
        m = await spect_a.wait(lambda m: m["type"] == "move" and m["move"]["ply"] == 2)
        check("move-on-b-reaches-spectator-on-a", m["move"]["text"] == "C3", m)
        m = await kim_a.wait(lambda m: m["type"] == "move" and m["move"]["ply"] == 2)
        check("move-on-b-reaches-player-on-a", m["state"]["to_move"] == "black", m)

        # The same ply through both instances at once, several rounds.
        kim_b = await gsrv.Client(b, kim_tok).open()
        lee_a = await gsrv.Client(a, lee_tok).open()
        await kim_b.send({"type": "watch", "game": gid})
        await lee_a.send({"type": "watch", "game": gid})
        await kim_b.wait(lambda m: m["type"] == "state")
        await lee_a.wait(lambda m: m["type"] == "state")
        ply = 3
        free = ["%s%d" % (c, r) for c in "ABCDFGHJ" for r in range(1, 10)]
        free = [p for p in free if p not in ("C3",)]
        single = True
        rounds = 6
        for rnd in range(rounds):
            x, y = free.pop(), free.pop()
            mover = (kim_a, kim_b) if ply % 2 == 1 else (lee_a, lee_b)
            r1, r2 = "r%da" % ply, "r%db" % ply
            await asyncio.gather(
                mover[0].send({"type": "move", "game": gid, "ply": ply, "move": x, "req": r1}),
                mover[1].send({"type": "move", "game": gid, "ply": ply, "move": y, "req": r2}))
            a1 = await mover[0].wait(lambda m: m.get("req") == r1)
            a2 = await mover[1].wait(lambda m: m.get("req") == r2)
            kinds = sorted([a1["type"], a2["type"]])
            codes = [z["error"]["code"] for z in (a1, a2) if z["type"] == "error"]
            if kinds != ["error", "move"] or codes != ["conflict"]:
                single = False
                check("same-ply-round-%d" % rnd, False, (a1, a2))
                break
            winner = x if a1["type"] == "move" else y
            st, r = a.http("GET", "/api/games/%d" % gid)
            last = r["game"]["moves"][-1] if st == 200 else None
            if not last or last["ply"] != ply or last["text"] != winner:
                # A reloads asynchronously: ask B as well (one holds the winner).
                st, r = b.http("GET", "/api/games/%d" % gid)
                last = r["game"]["moves"][-1] if st == 200 else None
            if not last or last["ply"] != ply or last["text"] != winner:
                single = False
                check("same-ply-stored-%d" % rnd, False, (winner, last))
                break
            # Wait until both instances have the move before the next round.
            for c in (kim_a, kim_b, lee_a, lee_b):
                await c.wait(lambda m, p=ply: m["type"] == "move" and m["move"]["ply"] == p)
            ply += 1
        check("same-ply-exactly-one-wins-%d-rounds" % rounds, single)
        # Both instances agree on the whole game afterwards.
        await asyncio.sleep(0.3)
        sa, ra = a.http("GET", "/api/games/%d" % gid)
        sb, rb = b.http("GET", "/api/games/%d" % gid)
        check("instances-agree", sa == sb == 200 and ra["game"]["moves"] == rb["game"]["moves"]
              and ra["game"]["ply"] == ply - 1, (ra["game"]["ply"], rb["game"]["ply"], ply - 1))
        # A resignation through B ends the game for A's watchers.
        await lee_b.send({"type": "resign", "game": gid, "req": "res"})
        await lee_b.wait(lambda m: m.get("req") == "res")
        m = await spect_a.wait(lambda m: m["type"] == "end")
        check("resign-on-b-ends-on-a", m["result"]["winner"] == "black", m)
        st, r = a.http("GET", "/api/players/%d" % kim)
        check("rated-once", st == 200 and r["wins"] == 1 and len(r["ratings"]) == 1
              and r["ratings"][0]["games"] == 1 and r["ratings"][0]["rating"] > 1500, r)
        for c in (kim_a, lee_b, spect_b, spect_a, kim_b, lee_a):
            await c.close()

        # A game B has never held, whose clock runs on A: B loads it when the
        # mover moves through B, and charges the time since A's last commit.
        # (B started the clock at its load: the mover got that time back, on
        # every move, by moving through an instance that did not hold the game.)
        st, r = a.http("POST", "/api/games", {"spec": "go:size=9", "color": "black",
                                              "clock": {"type": "absolute", "main_ms": 60000}}, kim_tok)
        gid2 = r["game"]["id"]
        a.http("POST", "/api/games/%d/join" % gid2, {}, lee_tok)
        await asyncio.sleep(3)
        st, r = b.http("POST", "/api/games/%d/moves" % gid2, {"ply": 1, "move": "E5"}, kim_tok)
        left = r["game"]["clock"]["black"]["ms"] if st == 200 else None
        check("clock-charged-on-another-instance", left is not None and left <= 57500, (st, left))

        # An instance started while another runs the game (a rolling restart)
        # charges the clock since the last commit too: only a restart of the
        # whole service leaves its downtime uncharged.
        st, r = a.http("POST", "/api/games", {"spec": "go:size=9", "color": "black",
                                              "clock": {"type": "absolute", "main_ms": 60000}}, kim_tok)
        gid4 = r["game"]["id"]
        a.http("POST", "/api/games/%d/join" % gid4, {}, lee_tok)
        await asyncio.sleep(3)
        c = gsrv.Server(db, log=os.path.join(logdir, "c.log")).start()
        try:
            st, r = c.http("POST", "/api/games/%d/moves" % gid4, {"ply": 1, "move": "E5"}, kim_tok)
            left = r["game"]["clock"]["black"]["ms"] if st == 200 else None
            check("clock-charged-on-an-instance-started-later", left is not None and left <= 57500, (st, left))
        finally:
            c.stop()

        # A challenge cancelled on A: B's spectator is told, and B forgets it.
        st, r = a.http("POST", "/api/games", {"spec": "go:size=9"}, kim_tok)
        gid3 = r["game"]["id"]
        sb = await gsrv.Client(b).open()
        await sb.send({"type": "watch", "game": gid3})
        await sb.wait(lambda m: m["type"] == "state")
        st, r = a.http("POST", "/api/games/%d/action" % gid3, {"type": "cancel"}, kim_tok)
        try:
            m = await sb.wait(lambda m: m["type"] == "game" and m.get("event") == "cancel", timeout=5)
        except TimeoutError:
            m = None
        st2, r2 = b.http("GET", "/api/games/%d" % gid3)
        check("cancel-on-a-reaches-b", st == 200 and m is not None and st2 == 404, (st, m, st2))
        await sb.close()

        # A database that takes no writes (default_transaction_read_only, as
        # a standby would be): /healthz is 503 with the error object (it
        # answered 200 ok: the database answered a SELECT), and 200 again
        # once writes are allowed.
        read_only(True)
        hs = await health_until(a, 503)
        check("healthz-503-on-a-read-only-database", hs[0] == 503 and hs[1].get("status") == "failing"
              and hs[1].get("error", {}).get("code") == "storage", hs)
        read_only(False)
        hs = await health_until(a, 200)
        check("healthz-200-once-writable-again", hs[0] == 200 and hs[1] == {"status": "ok", "db": "ok"}, hs)
    finally:
        a.stop()
        b.stop()


if __name__ == "__main__":
    db = os.environ.get("GS_DB", "")
    if not db.startswith("postgres"):
        print("skip two-instances: needs GS_DB=postgres://... (tests/with-pg.sh)")
        sys.exit(77)
    try:
        asyncio.get_event_loop().run_until_complete(main(db, sys.argv[1] if len(sys.argv) > 1 else "/tmp"))
    except Exception as e:  # a failure the checks did not catch
        check("two-instances", False, repr(e))
    sys.exit(0 if all(results) else 1)
