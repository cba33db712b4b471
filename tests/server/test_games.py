"""Server tests: complete games between two players and against the AI,
reconnects, offers, security and bad input, through the real protocol.
Usage: test_games.py BASE_URL [SCENARIO...]; prints "ok NAME" /
"FAIL NAME: why" lines (tests/cli/server.sh counts them)."""
import re
import asyncio
import json
import os
import socket
import subprocess
import sys
import traceback
import urllib.parse

from gsclient import Ws, api, http, new_player, legal_points

BASE = sys.argv[1]
ONLY = set(sys.argv[2:])
RESULTS = []


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def ok(name):
    print(f"ok   {name}", flush=True)


def bad(name, why):
    print(f"FAIL {name}: {why}", flush=True)


_n = [0]


def uniq(prefix):
    _n[0] += 1
    return f"{prefix}{_n[0]}"


async def two_players(spec, clock=None, lang_b="en"):
    """A creates an open game as black, B joins; both watch."""
    ida, ta = new_player(BASE, uniq("alice"))
    idb, tb = new_player(BASE, uniq("bob"), lang_b)
    body = {"spec": spec, "color": "black", "opponent": {"type": "open"}}
    if clock:
        body["clock"] = clock
    g = api(BASE, "POST", "/api/games", body, ta)["game"]
    check(g["status"] == "open", f"new game status {g['status']}")
    a = await Ws(BASE, ta).open()
    b = await Ws(BASE, tb, lang_b).open()
    await a.watch(g["id"])
    j = api(BASE, "POST", f"/api/games/{g['id']}/join", {}, tb)["game"]
    check(j["status"] == "playing", "joined game is playing")
    check(j["players"]["white"]["id"] == idb, "B sits white")
    await a.wait(lambda m: m.get("type") == "game" and m.get("event") == "start", what="start event")
    await b.watch(g["id"])
    return g["id"], (a, ta), (b, tb)


async def play(ws, gid, ply, move):
    """A move; returns the reply (move broadcast or error).  A script plays
    faster than the per-connection limit: wait and send again then."""
    while True:
        r = await ws.request({"type": "move", "game": gid, "ply": ply, "move": move})
        if r["type"] != "error" or r["error"]["code"] != "rate-limited":
            return r
        await asyncio.sleep(0.3)


async def move_ok(ws, gid, ply, move):
    r = await play(ws, gid, ply, move)
    check(r["type"] == "move", f"move {move} at ply {ply} answered {r}")
    return r["state"]


# ---------------------------------------------------------------- Go
async def go_scoring():
    gid, (a, ta), (b, tb) = await two_players("go:size=7,rules=japanese,komi=0", lang_b="ko")
    seq = []
    for y in range(7):
        seq.append((a, {"x": 2, "y": y}))
        seq.append((b, {"x": 3, "y": y}))
    seq.append((a, {"x": 5, "y": 2}))
    ply = 0
    st = None
    for ws, mv in seq:
        ply += 1
        st = await move_ok(ws, gid, ply, mv)
    # an occupied point, refused with the reason in B's language (Korean)
    r = await play(b, gid, ply + 1, {"x": 2, "y": 0})
    check(r["type"] == "error" and r["error"]["code"] == "occupied", f"occupied answered {r}")
    check(r["error"]["lang"] == "ko" and "돌" in r["error"]["message"], f"Korean message {r['error']}")
    check(api(BASE, "GET", f"/api/games/{gid}")["game"]["ply"] == ply, "refused move changed nothing")
    r = await b.request({"type": "resume", "game": gid})
    check(r["type"] == "error" and r["error"]["code"] == "bad-state", f"resume while playing: {r}")
    st = await move_ok(b, gid, ply + 1, "pass")
    st = await move_ok(a, gid, ply + 2, "pass")
    check(st["status"] == "scoring", f"after two passes status {st['status']}")
    # disputed: white asks to resume; black's pass is taken back and black (white's opponent) moves
    undos = st["undos"]
    r = await b.request({"type": "resume", "game": gid})
    g = r.get("game", {})
    check(r["type"] == "game" and r["event"] == "resume" and g["status"] == "playing" and g["ply"] == ply + 1
          and g["to_move"] == "black" and g["scoring"] is None and g["undos"] == undos + 1, f"resume by white: {r}")
    seen = await a.wait(lambda m: m.get("type") == "game" and m.get("event") == "resume", what="resume event")
    check(seen["game"]["ply"] == ply + 1, "the opponent sees the resumed game")
    st = await move_ok(a, gid, ply + 2, "pass")
    check(st["status"] == "scoring", f"passing again ends play again: {st['status']}")
    # black made the last pass and asks to resume: both passes are taken back, white moves
    r = await a.request({"type": "resume", "game": gid})
    g = r.get("game", {})
    check(r["type"] == "game" and g["ply"] == ply and g["to_move"] == "white", f"resume by black: {r}")
    st = await move_ok(b, gid, ply + 1, "pass")
    st = await move_ok(a, gid, ply + 2, "pass")
    check(st["status"] == "scoring", f"scoring again: {st['status']}")
    # the SGF of a game in its scoring phase has no result yet (was a bare
    # "RE" with its value taken out: an identifier run into the next one)
    st_, sgf, _ = http(BASE, "GET", f"/api/games/{gid}/sgf", raw=True)
    sgf = sgf.decode()
    check(st_ == 200 and "GM[1]" in sgf and re.search(r"RE(?!\[)", sgf) is None and "RE[" not in sgf,
          f"SGF while scoring {st_} {sgf[:300]}")
    sc = st["scoring"]
    check([5, 2] in sc["dead"], f"the estimate marks the black stone in white's area dead: {sc['dead']}")
    # B toggles the black wall dead then alive again; acceptances reset
    r = await b.request({"type": "mark_dead", "game": gid, "point": [2, 0]})
    check(r["type"] == "game" and len(r["game"]["scoring"]["dead"]) == 8, f"toggle wall {r.get('game', r).get('scoring') if r['type']=='game' else r}")
    r = await a.request({"type": "accept_score", "game": gid})
    check(r["type"] == "game" and r["game"]["scoring"]["accepted"]["black"], "A accepted")
    r = await b.request({"type": "mark_dead", "game": gid, "point": [2, 3]})
    check(r["type"] == "game" and not r["game"]["scoring"]["accepted"]["black"], "marking resets acceptance")
    check(len(r["game"]["scoring"]["dead"]) == 1, "wall alive again")
    # a mark on an empty point is refused and changes nothing
    r = await b.request({"type": "mark_dead", "game": gid, "point": [0, 0]})
    check(r["type"] == "error", f"empty point mark answered {r}")
    r = await a.request({"type": "accept_score", "game": gid})
    r = await b.request({"type": "accept_score", "game": gid})
    check(r["type"] == "game" and r["game"]["status"] == "finished", f"both accepted: {r}")
    res = r["game"]["result"]
    check(res["text"] == "W+8" and res["winner"] == "white" and res["how"] == "score", f"result {res}")
    end = await a.wait(lambda m: m.get("type") == "end", what="end")
    check(end["result"]["text"] == "W+8", "end message")
    st, sgf, hdrs = http(BASE, "GET", f"/api/games/{gid}/sgf", raw=True)
    sgf = sgf.decode()
    check(st == 200 and "RE[W+8]" in sgf and "GM[1]" in sgf and "PB[" in sgf, f"SGF {st} {sgf[:200]}")
    st, pos = http(BASE, "GET", f"/api/games/{gid}/positions")
    check(st == 200 and len(pos["positions"]) == ply + 3 and pos["positions"][0]["board"] == ["......."] * 7,
          f"positions for review {st}")
    check(pos["positions"][-1]["board"] == r["game"]["board"], "last position is the game's")
    st, js = http(BASE, "GET", f"/api/games/{gid}/json")
    check(st == 200 and js["format"] == "gridstone" and len(js["moves"]) == ply + 2, f"JSON download {js}")
    # the game's result (the agreed count: the black stone in white's area
    # dead), not the bare position's; `gridstone show` reads it back
    check(js["result"] == "W+8", f"JSON download result {js['result']}")
    cli = os.environ.get("GS_CLI")
    if cli and os.path.exists(cli):
        out = subprocess.run([cli, "show", "--json", "-"], input=json.dumps(js).encode(), capture_output=True)
        shown = json.loads(out.stdout.decode().splitlines()[0]) if out.returncode == 0 else out.stderr
        check(isinstance(shown, dict) and shown.get("file_result") == "W+8", f"gridstone show of the download: {shown}")
    r = await play(a, gid, ply + 3, {"x": 0, "y": 0})
    check(r["type"] == "error" and r["error"]["code"] == "game-over", f"move after the end: {r}")
    await a.close()
    await b.close()


# ---------------------------------------------------------------- renju
async def renju_forbidden():
    gid, (a, ta), (b, tb) = await two_players("renju")
    seq = [(a, (7, 5)), (b, (14, 0)), (a, (7, 6)), (b, (14, 2)), (a, (5, 7)), (b, (14, 4)), (a, (6, 7)), (b, (14, 6))]
    ply = 0
    for ws, (x, y) in seq:
        ply += 1
        st = await move_ok(ws, gid, ply, {"x": x, "y": y})
    marked = [i for i in st["illegal"] if (i["x"], i["y"]) == (7, 7)]
    check(marked and marked[0]["code"] == "forbidden-double-three", f"GAME.illegal marks 7,7: {marked}")
    r = await play(a, gid, ply + 1, {"x": 7, "y": 7})
    check(r["type"] == "error" and r["error"]["code"] == "forbidden-double-three", f"3-3 answered {r}")
    check("double three" in r["error"]["message"], f"message {r['error']['message']}")
    # the same refused by HTTP
    st_, js = http(BASE, "POST", f"/api/games/{gid}/moves", {"ply": ply + 1, "move": "h8"}, ta)
    check(st_ == 409 and js["error"]["code"] == "forbidden-double-three", f"HTTP 3-3 answered {st_} {js}")
    # white's turn is not black's: a move for the wrong seat
    r = await play(b, gid, ply + 1, {"x": 0, "y": 14})
    check(r["type"] == "error" and r["error"]["code"] == "not-your-turn", f"wrong turn {r}")
    seq = [(a, (1, 10)), (b, (14, 8)), (a, (2, 10)), (b, (14, 10)), (a, (3, 10)), (b, (14, 12)), (a, (4, 10)),
           (b, (12, 14)), (a, (5, 10))]
    for ws, (x, y) in seq:
        ply += 1
        st = await move_ok(ws, gid, ply, {"x": x, "y": y})
    check(st["status"] == "finished" and st["result"]["winner"] == "black", f"five wins: {st['result']}")
    check(sorted(map(tuple, st["line"])) == [(x, 10) for x in range(1, 6)], f"line {st['line']}")
    await a.close()
    await b.close()


# ---------------------------------------------------------------- connect4
async def connect4_game():
    gid, (a, ta), (b, tb) = await two_players("connect4")
    st = api(BASE, "GET", f"/api/games/{gid}")["game"]
    st_, js = http(BASE, "GET", f"/api/games/{gid}/sgf")
    check(st["sgf"] is False and st_ == 404, f"connect4 has no SGF form: sgf={st['sgf']}, GET /sgf {st_}")
    ply = 0
    for i in range(7):
        ws, col = (a, 0) if i % 2 == 0 else (b, 1)
        pts = [p for p in legal_points(st) if p[0] == col]
        check(len(pts) == 1, f"one legal cell in column {col}: {pts}")
        ply += 1
        st = await move_ok(ws, gid, ply, {"x": pts[0][0], "y": pts[0][1]})
    check(st["status"] == "finished" and st["result"]["winner"] == "black" and len(st["line"]) == 4,
          f"connect4 result {st['result']} line {st['line']}")
    await a.close()
    await b.close()


# ---------------------------------------------------------------- reversi
async def reversi_game():
    gid, (a, ta), (b, tb) = await two_players("reversi")
    st = api(BASE, "GET", f"/api/games/{gid}")["game"]
    seats = {"black": a, "white": b}
    ply = 0
    flips = 0
    while st["status"] == "playing":
        ws = seats[st["to_move"]]
        pts = legal_points(st)
        mv = {"x": pts[0][0], "y": pts[0][1]} if pts else "pass"
        check(pts or st["can_pass"], "no move and no pass")
        ply += 1
        st = await move_ok(ws, gid, ply, mv)
        flips += len(st["changed"])
        check(ply < 200, "reversi game too long")
    check(st["status"] == "finished" and st["result"]["how"] == "score", f"reversi result {st['result']}")
    check(flips > 0, "flipped discs are reported in changed")
    pos = api(BASE, "GET", f"/api/games/{gid}/positions")["positions"]
    check(sum(len(p["changed"]) for p in pos) == flips and pos[-1]["board"] == st["board"], "review positions")
    st_, js = http(BASE, "GET", f"/api/games/{gid}/sgf")
    check(st_ == 200 and st["sgf"] is True, f"reversi SGF {st_}")
    await a.close()
    await b.close()


# ---------------------------------------------------------------- AI
async def vs_ai(spec, level, resign_after=None):
    _, t = new_player(BASE, uniq("solo"))
    g = api(BASE, "POST", "/api/games", {"spec": spec, "color": "black", "opponent": {"type": "ai", "level": level},
                                         "clock": {"type": "fischer", "main_ms": 600000, "increment_ms": 1000}},
            t)["game"]
    check(g["status"] == "playing" and g["players"]["white"]["ai"] == level, f"AI game {g['status']}")
    ws = await Ws(BASE, t).open()
    st = (await ws.watch(g["id"]))["game"]
    gid = g["id"]
    n = 0
    while st["status"] == "playing":
        if st["to_move"] == "white":
            m = await ws.wait(lambda m: m.get("type") == "move", 60, "AI move")
            st = m["state"]
            continue
        n += 1
        if resign_after and n > resign_after:
            r = await ws.request({"type": "resign", "game": gid})
            st = r["game"]
            break
        pts = legal_points(st)
        mv = {"x": pts[0][0], "y": pts[0][1]} if pts else "pass"
        r = await play(ws, gid, st["ply"] + 1, mv)
        check(r["type"] == "move", f"{spec} move answered {r}")
        st = r["state"]
        check(n < 400, "AI game too long")
    check(st["status"] == "finished" and st["result"], f"{spec} vs AI ended: {st['status']}")
    await ws.close()
    return st


async def ai_games():
    st = await vs_ai("tictactoe", "perfect")
    check(st["result"]["winner"] in ("white", "draw"), f"perfect AI does not lose: {st['result']}")
    await vs_ai("gomoku:size=9,rule=freestyle", "beginner")
    await vs_ai("reversi:size=6", "beginner")
    st = await vs_ai("go:size=5,rules=chinese", "beginner", resign_after=4)
    check(st["result"]["how"] == "resign" and st["result"]["text"] == "W+R", f"resigned: {st['result']}")


# ---------------------------------------------------------------- reconnect, offers
async def reconnect_since():
    gid, (a, ta), (b, tb) = await two_players("tictactoe")
    await move_ok(a, gid, 1, "a1")
    await move_ok(b, gid, 2, "b1")
    await b.close()
    await move_ok(a, gid, 3, "c3")
    await move_ok(a if False else (await Ws(BASE, tb).open()), gid, 4, "b3")
    b2 = await Ws(BASE, tb).open()
    r = await b2.watch(gid, since=2, undos=0)
    check([m["text"] for m in r["missed"]] == ["c3", "b3"], f"missed {r['missed']}")
    check(r["game"]["ply"] == 4, "state after reconnect")
    r = await b2.watch(gid, since=9, undos=0)
    check(r["missed"] is None, "since beyond the game: full state only")
    # undo: A asks, B refuses, then accepts
    r = await a.request({"type": "undo_request", "game": gid})
    check(r["type"] == "game" and r["game"]["offer"]["kind"] == "undo", f"undo request {r}")
    await b2.wait(lambda m: m.get("type") == "offer", what="offer")
    r = await b2.request({"type": "undo_answer", "game": gid, "accept": False})
    check(r["type"] == "game" and r["game"]["ply"] == 4 and r["game"]["offer"] is None, "refused undo")
    r = await a.request({"type": "undo_request", "game": gid})
    r = await b2.request({"type": "undo_answer", "game": gid, "accept": True})
    check(r["type"] == "game" and r["game"]["ply"] == 2 and r["game"]["undos"] == 1 and r["game"]["to_move"] == "black",
          f"accepted undo takes back A's move and B's reply: {r.get('game', r)}")
    r = await b2.watch(gid, since=2, undos=0)
    check(r["missed"] is None, "after an undo a stale client gets the full state")
    # draw offer accepted
    r = await a.request({"type": "draw_offer", "game": gid})
    r = await b2.request({"type": "draw_answer", "game": gid, "accept": True})
    check(r["type"] == "game" and r["game"]["status"] == "finished" and r["game"]["result"]["winner"] == "draw",
          f"draw {r}")
    await a.close()
    await b2.close()


# ---------------------------------------------------------------- security
async def security():
    gid, (a, ta), (b, tb) = await two_players("tictactoe")
    _, tc = new_player(BASE, uniq("mallory"))
    c = await Ws(BASE, tc).open()
    await c.watch(gid)   # anyone may watch a public game
    for msg in ({"type": "move", "game": gid, "ply": 1, "move": "b2"}, {"type": "resign", "game": gid},
                {"type": "undo_request", "game": gid}, {"type": "draw_offer", "game": gid}):
        r = await c.request(msg)
        check(r["type"] == "error" and r["error"]["code"] == "forbidden", f"{msg['type']} by another player: {r}")
    anon = await Ws(BASE).open()
    r = await anon.request({"type": "move", "game": gid, "ply": 1, "move": "b2"})
    check(r["type"] == "error" and r["error"]["code"] == "unauthorized", f"anonymous move {r}")
    for tok in (tc, "0" * 64, None):
        st, js = http(BASE, "POST", f"/api/games/{gid}/action", {"type": "resign"}, tok)
        check(st in (401, 403), f"HTTP resign with another token: {st} {js}")
    r = await anon.request({"type": "hello", "token": "f" * 64})
    check(r["type"] == "error" and r["error"]["code"] == "unauthorized", "bad token refused")
    g = api(BASE, "GET", f"/api/games/{gid}")["game"]
    check(g["status"] == "playing" and g["ply"] == 0, "nothing changed")
    # names with markup: stored as sent, served escaped (JSON \u003c), never as markup
    name = uniq("<script>alert(1)</script>")
    st, body, _ = http(BASE, "POST", "/api/players", {"name": name}, raw=True)
    check(st == 201 and b"<script>" not in body and b"\\u003cscript\\u003e" in body, f"escaped on creation {body[:120]}")
    pid = json.loads(body)["player"]["id"]
    st, body, _ = http(BASE, "GET", f"/api/players/{pid}", raw=True)
    check(st == 200 and b"<" not in body and json.loads(body)["player"]["name"] == name, "escaped profile")
    # a private game is invisible without its invite
    g = api(BASE, "POST", "/api/games", {"spec": "tictactoe", "opponent": {"type": "private"}}, ta)["game"]
    check(g.get("invite"), "the creator gets the invite")
    st, _ = http(BASE, "GET", f"/api/games/{g['id']}")
    check(st == 404, "private game hidden")
    st, _ = http(BASE, "POST", f"/api/games/{g['id']}/join", {"invite": "0" * 32}, tc)
    check(st == 404, "wrong invite refused")
    st, js = http(BASE, "POST", f"/api/games/{g['id']}/join", {"invite": g["invite"]}, tc)
    check(st == 200 and js["game"]["status"] == "playing", f"join by invite {st}")
    # joining a game one already plays in: said as it is (both were "you do
    # not hold this seat: you cannot join your own game", wrong twice for the
    # player who had joined, and a contradiction for the creator)
    for tok, want in ((ta, "you cannot join your own game"), (tc, "you already play in this game")):
        st, js = http(BASE, "POST", f"/api/games/{g['id']}/join", {"invite": g["invite"]}, tok)
        check(st == 403 and js["error"]["code"] == "forbidden" and js["error"]["message"] == want,
              f"joining again: {st} {js}")
    st, js = http(BASE, "POST", f"/api/games/{g['id']}/join?lang=ko", {"invite": g["invite"]}, tc)
    check(st == 403 and js["error"]["message"] == "이미 이 대국의 대국자입니다", f"joining again in Korean: {st} {js}")
    for c_ in (a, b, c, anon):
        await c_.close()


# ---------------------------------------------------------------- bad input
async def bad_input():
    gid, (a, ta), (b, tb) = await two_players("tictactoe")
    await move_ok(a, gid, 1, "b2")

    async def err(ws, payload, code, what):
        await ws.send(payload)
        m = await ws.wait(lambda m: m.get("type") == "error", 10, what)
        check(m["error"]["code"] == code, f"{what}: {m}")

    # a req of up to 64 characters comes back whatever they are (one that
    # escapes to more than 79 bytes, or of 64 Korean characters = 192
    # bytes, was once dropped: a client waiting for its req never heard)
    for req in ("<" * 64, "\u0001" * 64, "\ud55c" * 64, "\U0001f600" * 64, 1.5e300):
        await a.send({"type": "ping", "req": req})
        m = await a.wait(lambda m: m.get("type") == "pong", 10, "pong")
        check(m.get("req") == req, f"req {req!r} echoed: {m}")
    await a.send({"type": "ping", "req": "x" * 65})
    m = await a.wait(lambda m: m.get("type") == "pong", 10, "pong")
    check("req" not in m, f"a req of 65 characters is not echoed: {m}")
    await err(a, "{not json", "bad-request", "malformed JSON")
    await err(a, "[1,2,3]", "bad-request", "not an object")
    await err(a, json.dumps({"type": "teleport", "game": gid}), "unknown-type", "unknown type")
    # a connection-only type through HTTP: refused, naming the type (the
    # message once read the request body after it was freed; fuzz_server_msg)
    for t in ("watch", "unwatch", "hello"):
        st, js = http(BASE, "POST", f"/api/games/{gid}/action", {"type": t, "game": gid}, ta)
        check(st == 400 and js["error"]["code"] == "unknown-type" and t in js["error"]["message"],
              f"HTTP action {t}: {st} {js}")
    await err(a, json.dumps({"type": "move"}), "bad-request", "move without game")
    await err(a, json.dumps({"type": "move", "game": 999999, "ply": 2, "move": "a1"}), "not-found", "unknown game")
    await err(b, json.dumps({"type": "move", "game": gid, "ply": 1, "move": "a1"}), "conflict", "stale ply")
    await err(b, json.dumps({"type": "move", "game": gid, "ply": 2, "move": "z99"}), "out-of-bounds", "off-board")
    await err(b, json.dumps({"type": "move", "game": gid, "ply": 2, "move": "b2"}), "occupied", "occupied")
    await err(b, json.dumps({"type": "move", "game": gid, "ply": 2, "move": {"x": 1.5, "y": 0}}), "parse-error",
              "fractional point")
    await err(b, json.dumps({"type": "move", "game": gid, "ply": 2, "move": "pass"}), "pass-not-allowed", "pass")
    await err(a, json.dumps({"type": "move", "game": gid, "ply": 2, "move": "a1"}), "not-your-turn", "wrong seat")
    await err(b, json.dumps({"type": "draw_answer", "game": gid, "accept": True}), "bad-state", "no offer")
    await err(b, json.dumps({"type": "mark_dead", "game": gid, "point": [0, 0]}), "bad-state", "not scoring")
    g = api(BASE, "GET", f"/api/games/{gid}")["game"]
    check(g["ply"] == 1 and g["status"] == "playing", "bad input changed nothing")
    # a burst past the per-connection limit is refused
    limit = api(BASE, "GET", "/api/meta")["limits"]["moves_per_second"]
    # sent all at once, the replies read afterwards: one request at a time, a
    # loaded machine can take longer per round trip than the bucket takes to refill
    reqs = []
    for _ in range(2 * limit + 10):
        b.n += 1
        reqs.append(f"r{b.n}")
        await b.send({"type": "move", "game": gid, "ply": 1, "move": "a1", "req": reqs[-1]})
    codes = [(await b.wait(lambda m, q=q: m.get("req") == q, what="burst reply"))["error"]["code"] for q in reqs]
    check("rate-limited" in codes and set(codes) <= {"conflict", "rate-limited"}, f"burst codes {set(codes)}")
    await asyncio.sleep(1.1)
    # HTTP bad input
    for path, body, code in (("/api/games", "{", 400), ("/api/games", {"spec": "chess"}, 400),
                             ("/api/games", {"spec": "go", "clock": {"type": "fischer"}}, 400),
                             ("/api/players", {"name": ""}, 400), ("/api/players", {"name": "a\u0001b"}, 400),
                             ("/api/players", {"name": "x" * 40}, 400), ("/api/nothing", None, 404)):
        st, js = http(BASE, "POST" if body is not None else "GET", path, body, ta)
        check(st == code and "error" in js, f"{path} {body!r}: {st} {js}")
    st, js = http(BASE, "GET", "/api/games?limit=0")
    check(st == 400, "bad limit")
    # a huge frame closes the connection (1009); the server stays up
    big = await Ws(BASE, tb).open()
    await big.send(json.dumps({"type": "ping", "pad": "x" * 200000}))
    try:
        await asyncio.wait_for(big.ws.recv(), 10)
        check(False, "huge frame answered instead of closing")
    except Exception as e:   # ConnectionClosed
        check(getattr(e, "code", None) == 1009 or "1009" in str(e), f"close code for a huge frame: {e!r}")
    r = await a.request({"type": "ping"})
    check(r["type"] == "pong", "server alive after the huge frame")
    r = await a.request({"type": "ping", "pad": "y" * 30000})
    check(r["type"] == "pong", "a 30 KB message (under the limit) is read whole")
    # moves after the end
    await move_ok(b, gid, 2, "a1")
    await move_ok(a, gid, 3, "a3")
    await move_ok(b, gid, 4, "c1")
    st = await move_ok(a, gid, 5, "b1")
    await move_ok(b, gid, 6, "b3")
    st = await move_ok(a, gid, 7, "c2")
    r = await play(b, gid, 8, "a2")
    check(r["type"] == "move" or (r["type"] == "error"), "last moves")
    g = api(BASE, "GET", f"/api/games/{gid}")["game"]
    if g["status"] != "finished":
        r = await a.request({"type": "resign", "game": gid})
    r = await play(b, gid, g["ply"] + 1, "a2")
    check(r["type"] == "error" and r["error"]["code"] == "game-over", f"move after the end {r}")
    r = await a.request({"type": "resign", "game": gid})
    check(r["type"] == "error" and r["error"]["code"] == "game-over", f"resign after the end {r}")
    await a.close()
    await b.close()


# ---------------------------------------------------------------- clocks, lists
async def clock_flag():
    gid, (a, ta), (b, tb) = await two_players("tictactoe", clock={"type": "absolute", "main_ms": 1500})
    await move_ok(a, gid, 1, "b2")
    end = await a.wait(lambda m: m.get("type") == "end", 10, "flag-fall end")
    check(end["result"]["how"] == "timeout" and end["result"]["winner"] == "black" and end["result"]["text"] == "B+T",
          f"flag fall {end}")
    g = api(BASE, "GET", f"/api/games/{gid}")["game"]
    check(g["status"] == "finished" and g["clock"]["white"]["ms"] == 0, f"clock after the flag {g['clock']}")
    await a.close()
    await b.close()


async def undo_clock():
    """An undo is not a move: it gives no Fischer increment.  Each undo once
    added the increment to the side whose clock was running, so undo
    requests against the AI (which accepts them all) bought unlimited time."""
    _, t = new_player(BASE, uniq("undoer"))
    g = api(BASE, "POST", "/api/games", {"spec": "tictactoe", "color": "black", "opponent": {"type": "ai", "level": "random"},
                                         "clock": {"type": "fischer", "main_ms": 60000, "increment_ms": 30000}}, t)["game"]
    ws = await Ws(BASE, t).open()
    await ws.watch(g["id"])
    for _ in range(2):
        await move_ok(ws, g["id"], 1, "b2")
        m = await ws.wait(lambda m: m.get("type") == "move" and m["move"]["ply"] == 2, what="AI reply")
        before = m["state"]["clock"]["black"]["ms"]   # black's clock runs from here
        r = await ws.request({"type": "undo_request", "game": g["id"]})
        check(r["type"] == "game" and r["event"] == "undo" and r["game"]["ply"] == 0, f"undo against the AI: {r}")
        after = r["game"]["clock"]["black"]["ms"]
        check(after <= before, f"black's clock grew on an undo: {before} -> {after}")
    await ws.close()


async def lists():
    pid, t = new_player(BASE, uniq("lister"))
    ids = [api(BASE, "POST", "/api/games", {"spec": "tictactoe"}, t)["game"]["id"] for _ in range(3)]
    lob = api(BASE, "GET", "/api/lobby")
    check(all(i in [g["id"] for g in lob["open"]] for i in ids), "open challenges in the lobby")
    js = api(BASE, "GET", f"/api/games?player={pid}&limit=2")
    check(js["total"] == 3 and len(js["games"]) == 2 and js["games"][0]["id"] == ids[2], f"paging {js}")
    js = api(BASE, "GET", f"/api/games?player={pid}&limit=2&offset=2")
    check(len(js["games"]) == 1 and js["games"][0]["id"] == ids[0], "second page")
    js = api(BASE, "GET", "/api/games?game=renju&status=finished")
    check(all(g["kind"] == "gomoku" and g["status"] == "finished" for g in js["games"]), "filters")
    st, text = http(BASE, "GET", "/metrics")
    check(st == 200 and "gridstone_moves_total" in text and "gridstone_move_seconds_bucket" in text, "metrics")
    # a handicap game: the library's fixed points, white to move, SGF with AB[]
    g = api(BASE, "POST", "/api/games", {"spec": "go:size=9", "color": "white", "handicap": 2}, t)["game"]
    check(g["handicap"] == 2 and g["to_move"] == "white" and sum(r.count("X") for r in g["board"]) == 2,
          f"handicap game {g['handicap']} {g['to_move']}")
    st, js = http(BASE, "POST", "/api/games", {"spec": "reversi", "handicap": 2}, t)
    check(st == 400, f"handicap in a game without: {st}")
    st, js = http(BASE, "POST", "/api/games", {"spec": "go:size=9", "handicap": 1}, t)
    check(st == 400, f"handicap 1: {st}")
    meta = api(BASE, "GET", "/api/meta")
    check(any(x["name"] == "go" and x["handicap"] for x in meta["games"]), "meta says go has handicap")
    check(meta["protocol"] == 2 and any(g["name"] == "go" and g["has_scoring"] and g["sgf"] for g in meta["games"])
          and any(g["name"] == "mnk" and g["sgf"] is False for g in meta["games"]), "meta")
    # both languages from the game modules: names, summaries, key labels (every one Korean)
    hangul = lambda t: isinstance(t, str) and any("\uac00" <= ch <= "\ud7a3" for ch in t)
    go = next(g for g in meta["games"] if g["name"] == "go")
    check(go["name_ko"] == "바둑" and hangul(go["summary_ko"]) and go["summary"].startswith("Go"), f"go in Korean: {go['name_ko']}")
    check(all(hangul(g["name_ko"]) and hangul(g["summary_ko"]) and all(hangul(k["label_ko"]) for k in g["keys"])
              for g in meta["games"] + meta["aliases"]), "every game, alias and key has its Korean")
    check(any(a["name"] == "renju" and a["name_ko"] == "렌주" and a["summary"].startswith("Gomoku")
              for a in meta["aliases"]), "renju in Korean")
    check(any(k["name"] == "komi" and k["label_ko"] == "덤" for k in go["keys"]), "komi's Korean label")
    # the library's details in the reader's language: a bad spec, a bad JSON body
    st, js = http(BASE, "POST", "/api/games?lang=ko", {"spec": "go:komi=x"}, t)
    check(st == 400 and js["error"]["message"]
          == "잘못된 요청입니다: 키 'komi'의 값 'x'이(가) 잘못되었습니다 (-1000..1000 사이의 0.5의 배수여야 합니다)",
          f"a bad spec in Korean: {st} {js}")
    st, js = http(BASE, "POST", "/api/games?lang=en", {"spec": "go:komi=x"}, t)
    check(st == 400 and js["error"]["message"].endswith("'x' (expected a number -1000..1000 (multiple of 0.5))"),
          f"a bad spec in English: {st} {js}")
    st, js = http(BASE, "POST", "/api/games?lang=ko", '{"spec": "go" "x"}', t)
    check(st == 400 and js["error"]["message"] == "잘못된 요청입니다: 1행 15열: 객체 안에서는 ','나 '}'가 와야 합니다 (실제로는 '\"')",
          f"a bad body in Korean: {st} {js}")


# ---------------------------------------------------------------- HTTP framing
def http_exchange(raw_requests):
    """Sends raw HTTP requests on one connection (the last one says
    Connection: close) and returns every byte until the server closes it."""
    u = urllib.parse.urlsplit(BASE)
    s = socket.create_connection((u.hostname, u.port), timeout=20)
    s.sendall(raw_requests)
    out = b""
    while True:
        d = s.recv(65536)
        if not d:
            break
        out += d
    s.close()
    return out


async def watch_limit():
    """One connection watches at most limits.watches games: each watched
    game is kept in memory (some 26 KB for a 19x19 board), and one
    connection watching every game of the database held them all."""
    _, t = new_player(BASE, uniq("watcher"))
    meta = api(BASE, "GET", "/api/meta")["limits"]
    limit = meta["watches"]
    # the games from enough creators (each holds at most games_per_player)
    makers = [new_player(BASE, uniq("maker"))[1] for _ in range(limit // meta["games_per_player"] + 1)]
    ids = [api(BASE, "POST", "/api/games", {"spec": "tictactoe"}, makers[i % len(makers)])["game"]["id"]
           for i in range(limit + 1)]
    ws = await Ws(BASE, t).open()
    for i in ids[:limit]:
        r = await ws.request({"type": "watch", "game": i})
        check(r["type"] == "state", f"watch {i}: {r}")
    r = await ws.request({"type": "watch", "game": ids[limit]})
    check(r["type"] == "error" and r["error"]["code"] == "rate-limited", f"watch number {limit + 1}: {r}")
    r = await ws.request({"type": "watch", "game": ids[0]})
    check(r["type"] == "state", f"watching a game again is no new watch: {r}")
    r = await ws.request({"type": "unwatch", "game": ids[0]})
    r = await ws.request({"type": "watch", "game": ids[limit]})
    check(r["type"] == "state", f"after an unwatch there is room: {r}")
    await ws.close()


async def names():
    """Names that look blank, end in a space or carry invisible controls
    are refused like control characters and ASCII spaces at the ends: a
    no-break or ideographic (Korean IME) space at an end, a name of zero
    width or Hangul fillers alone, bidirectional overrides that show a name
    backwards, line separators.  They were all taken."""
    for name in ("\u00a0", "kim\u3000", "\u3000kim", "kim\u00a0", "\u2003kim", "\u200b", "ab\u200bc",
                 "\ufeffkim", "\u202ekim", "k\u2066im", "kim\u2028lee", "\u3164", "\u3164\u3164", "\u115f\u1160",
                 "\uffa0"):
        st, js = http(BASE, "POST", "/api/players", {"name": name})
        check(st == 400 and js["error"]["code"] == "bad-request", f"name {name!r}: {st} {js}")
    # inner spaces, joiners in emoji, combining marks and letters of every script stay
    for name in (uniq("kim lee"), uniq("\u9ed2\u7530\u3000\u592a\u90ce"), uniq("\U0001f468\u200d\U0001f469"),
                 uniq("e\u0301"), uniq("\uae40\ubc14\ub451")):
        st, js = http(BASE, "POST", "/api/players", {"name": name})
        check(st == 201 and js["player"]["name"] == name, f"name {name!r}: {st} {js}")


async def http_framing():
    """One answer per request: a POST whose body is empty (Content-Length: 0,
    as fetch() and Python send it) or followed by stray bytes once got its
    response headers twice, which desynchronised a kept-alive connection."""
    _, t = new_player(BASE, uniq("framer"))
    auth = f"Authorization: Bearer {t}\r\n".encode()
    tail = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    for path in (b"/api/games", b"/api/players", b"/api/nothing", b"/index.html"):
        out = http_exchange(b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n" + auth + b"\r\n" + tail)
        lines = re.findall(rb"HTTP/1\.1 (\d+)", out)
        check(len(lines) == 2 and lines[0] != b"200" and lines[1] == b"200" and out.endswith(b'"db":"ok"}'),
              f"POST {path!r} with an empty body, then GET /healthz: {out[:600]!r}")
    # a chunked body is not read (libwebsockets reads bodies by Content-Length):
    # it is refused as such, and the connection closed (the answer was
    # "unexpected end of input" for a body that was sent, and the chunks
    # were then read as the next request)
    body = b'{"name":"' + uniq("chunky").encode() + b'"}'
    out = http_exchange(b"POST /api/players HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n")
    st = re.findall(rb"HTTP/1\.1 (\d+)", out)
    check(st == [b"411"] and b"Content-Length" in out and b'"code":"bad-request"' in out,
          f"a chunked POST body: {out[:600]!r}")
    # the body's length is right; the stray byte after it is a bad next request
    out = http_exchange(b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}}")
    check(len(re.findall(rb"HTTP/1\.1 400", out)) == 1, f"a body with a stray byte after it: {out[:600]!r}")


async def ws_subprotocol():
    """A WebSocket must ask for gridstone.v1: one without a subprotocol (or
    with another) is refused at the handshake.  It was once upgraded onto the
    HTTP handler, where its messages went nowhere: a silent connection that
    never answered and was not counted against limits.connections."""
    import websockets
    u = urllib.parse.urlsplit(BASE)
    uri = f"ws://{u.hostname}:{u.port}/ws"
    for protos in (None, ["chat"]):
        try:
            ws = await asyncio.wait_for(websockets.connect(uri, subprotocols=protos, open_timeout=10), 15)
        except websockets.exceptions.InvalidStatusCode as e:
            check(e.status_code == 400 or protos, f"subprotocols {protos}: refused with {e.status_code}")
            continue
        except (websockets.exceptions.InvalidHandshake, ConnectionError, EOFError) as e:
            check(protos, f"subprotocols {protos}: refused with no HTTP status: {e!r}")
            continue
        try:
            await ws.send(json.dumps({"type": "ping", "req": "p"}))
            m = await asyncio.wait_for(ws.recv(), 5)
            check(False, f"subprotocols {protos}: upgraded and answered {m}")
        except asyncio.TimeoutError:
            check(False, f"subprotocols {protos}: upgraded ({ws.subprotocol}), then silent")
        except websockets.exceptions.ConnectionClosed:
            pass
        finally:
            await ws.close()
    ws = await Ws(BASE).open()
    r = await ws.request({"type": "ping"})
    check(r["type"] == "pong", "gridstone.v1 still works")
    await ws.close()


async def big_headers():
    """A browser sends every cookie of the host, whatever the port: a page on
    localhost with 8 KB of other sites' cookies once got no answer at all
    (libwebsockets' 4 KB header space ran out and it dropped the connection)."""
    cookie = "; ".join(f"c{i}={'v' * 90}" for i in range(90))   # about 8.5 KB
    st, js = http(BASE, "GET", "/api/meta", headers={"Cookie": cookie})
    check(st == 200 and js["protocol"] == 2, f"/api/meta with an 8 KB Cookie header: {st}")
    st, body, _ = http(BASE, "GET", "/", raw=True, headers={"Cookie": cookie})
    check(st == 200, f"/ with an 8 KB Cookie header: {st}")


async def auth_and_language_headers():
    """The Authorization scheme is case-insensitive (RFC 9110: "bearer"
    was refused with 401), and Accept-Language is read by its quality
    values, not by its first two letters ("ko;q=0, en" gave Korean)."""
    pid, t = new_player(BASE, uniq("header"))
    for scheme in ("bearer", "BEARER", "Bearer"):
        st, js = http(BASE, "GET", "/api/players/me", headers={"Authorization": f"{scheme} {t}"})
        check(st == 200 and js["player"]["id"] == pid, f"scheme {scheme!r}: {st} {js}")
    st, js = http(BASE, "GET", "/api/players/me", headers={"Authorization": f"Basic {t}"})
    check(st == 401, f"another scheme: {st} {js}")
    for header, lang in (("ko", "ko"), ("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", "ko"), ("ko;q=0, en", "en"),
                         ("en;q=0.5, ko", "ko"), ("fr, ko;q=0.3", "ko"), ("fr", "en"), ("en-GB, ko;q=0.9", "en"),
                         ("*", "en"), ("KO", "ko"), ("kok", "en"), ("ko;q=0.000, en;q=0.001", "en"),
                         ("ko;q=1.5", "en"), ("ko ; q=0.8 , en;q=0.2", "ko"), ("ko;q = 0.8, en;q=0.2", "en"),
                         ("en, ko", "en"), ("ko, en", "ko"), (";;,,ko", "ko")):
        st, js = http(BASE, "GET", "/api/games/999999999", headers={"Accept-Language": header})
        check(st == 404 and js["error"]["lang"] == lang, f"Accept-Language {header!r}: {lang} expected, {js}")


async def methods():
    """A method the server does not take is 405 method-not-allowed with an
    Allow header, on the API and the static files alike (the API said 404
    not-found, the static files 405 with the code not-found); an unknown
    path is 404 not-found whatever the method."""
    _, t = new_player(BASE, uniq("methods"))
    gid = api(BASE, "POST", "/api/games", {"spec": "tictactoe"}, t)["game"]["id"]
    for method, path, allow in (("DELETE", "/api/games", "GET, POST"), ("PUT", "/api/players", "GET, POST"),
                                ("PATCH", f"/api/games/{gid}", "GET, POST"), ("PUT", "/index.html", "GET"),
                                ("DELETE", "/", "GET")):
        st, body, hdrs = http(BASE, method, path, raw=True)
        js = json.loads(body)
        got = dict((k.lower(), v) for k, v in hdrs).get("allow")
        check(st == 405 and js["error"]["code"] == "method-not-allowed" and got == allow,
              f"{method} {path}: {st} {js} Allow {got!r}")
    st, js = http(BASE, "GET", "/api/nothing")
    check(st == 404 and js["error"]["code"] == "not-found", f"GET /api/nothing: {st} {js}")
    st, js = http(BASE, "DELETE", "/api/games?lang=ko")
    check(js["error"]["message"] == "여기서는 쓸 수 없는 메서드입니다", f"in Korean: {js}")


async def go_move_limit():
    """A Go game has a bound on its length (3 x the board's points; 27 on
    3x3): reaching it goes to the scoring phase as two passes would, with
    the reason in the player's language; play cannot be resumed; the count
    ends it.  A `move` message's state leaves the move list out (a game of
    thousands of moves sent it whole on every move: quadratic bytes); the
    GAME object of GET and `watch` still has it."""
    import random
    gid, (a, ta), (b, tb) = await two_players("go:size=3,rules=chinese", lang_b="ko")
    g = api(BASE, "GET", f"/api/games/{gid}")["game"]
    check(g["max_ply"] == 27, f"max_ply {g.get('max_ply')}")
    rnd = random.Random(5)
    for ply in range(1, 28):
        check(g["status"] == "playing", f"status {g['status']} before ply {ply} (passes?)")
        ws = a if g["to_move"] == "black" else b
        pts = g["legal"]
        mv = "pass" if not pts else dict(zip("xy", pts[rnd.randrange(len(pts))]))
        r = await play(ws, gid, ply, mv)
        check(r["type"] == "move", f"ply {ply}: {r}")
        check("moves" not in r["state"] and r["state"]["ply"] == ply and r["move"]["ply"] == ply,
              f"ply {ply}: the move message's state carries the move list or the wrong ply")
        g = r["state"]
    ev = await b.wait(lambda m: m.get("type") == "game" and m.get("event") == "scoring", what="scoring event")
    sc = ev["game"]["scoring"]
    check(ev["game"]["status"] == "scoring" and sc["reason"] == "move-limit"
          and "27" in sc["reason_message"] and "수" in sc["reason_message"], f"scoring (ko) {sc}")
    g = api(BASE, "GET", f"/api/games/{gid}")["game"]
    check(g["scoring"]["reason"] == "move-limit" and "27 moves" in g["scoring"]["reason_message"],
          f"scoring (en) {g['scoring']}")
    check(len(g["moves"]) == 27 and g["ply"] == 27, "GET keeps the whole move list")
    for ws, msg in ((a, {"type": "move", "game": gid, "ply": 28, "move": "pass"}),
                    (b, {"type": "resume", "game": gid})):
        r = await ws.request(msg)
        check(r["type"] == "error" and r["error"]["code"] == "bad-state", f"{msg['type']} at the limit: {r}")
    g2 = api(BASE, "GET", f"/api/games/{gid}")["game"]
    check(g2["ply"] == 27 and g2["status"] == "scoring", "refused actions changed nothing")
    c = await Ws(BASE).open()
    r = await c.watch(gid, since=0, undos=0)
    check(len(r["game"]["moves"]) == 27 and len(r["missed"]) == 27, "watch since 0 gets every move")
    await c.close()
    for ws in (a, b):
        r = await ws.request({"type": "accept_score", "game": gid})
        check(r["type"] == "game", f"accept_score: {r}")
    g = api(BASE, "GET", f"/api/games/{gid}")["game"]
    check(g["status"] == "finished" and g["result"]["how"] == "score", f"counted: {g['result']}")
    for ws in (a, b):
        await ws.close()


async def games_per_player():
    """One player holds at most limits.games_per_player unfinished games
    (open, playing, scoring): 500 open challenges in 0.4 s pushed every
    other challenge out of the lobby, and AI games without end kept memory
    growing.  The creator withdraws an open challenge with `cancel` (it is
    deleted), which makes room."""
    meta = api(BASE, "GET", "/api/meta")
    cap = meta["limits"]["games_per_player"]
    check(10 <= cap <= 100, f"games_per_player {cap}")
    _, t = new_player(BASE, uniq("flood"))
    _, tk = new_player(BASE, uniq("other"), "ko")
    ids = []
    for i in range(cap - 1):
        ids.append(api(BASE, "POST", "/api/games", {"spec": "tictactoe"}, t)["game"]["id"])
    ai = api(BASE, "POST", "/api/games", {"spec": "tictactoe", "opponent": {"type": "ai", "level": "random"}}, t)["game"]
    st, js = http(BASE, "POST", "/api/games", {"spec": "tictactoe"}, t)
    check(st == 429 and js["error"]["code"] == "rate-limited" and str(cap) in js["error"]["message"],
          f"game {cap + 1}: {st} {js}")
    st, js = http(BASE, "POST", "/api/games", {"spec": "tictactoe", "opponent": {"type": "ai", "level": "random"}}, t)
    check(st == 429, f"an AI game over the limit: {st} {js}")
    # joining counts too: the other player cannot join beyond its own limit
    # (here it has room), and the flooder cannot join anyone's game
    og = api(BASE, "POST", "/api/games", {"spec": "tictactoe"}, tk)["game"]["id"]
    st, js = http(BASE, "POST", f"/api/games/{og}/join?lang=ko", {}, t)
    check(st == 429 and js["error"]["code"] == "rate-limited", f"join over the limit: {st} {js}")
    # cancel: only the creator, only while open; the game is gone
    st, js = http(BASE, "POST", f"/api/games/{ids[0]}/action", {"type": "cancel"}, tk)
    check(st == 403, f"cancel by another player: {st} {js}")
    st, js = http(BASE, "POST", f"/api/games/{ai['id']}/action", {"type": "cancel"}, t)
    check(st == 409 and js["error"]["code"] == "bad-state", f"cancel of a started game: {st} {js}")
    w = await Ws(BASE).open()
    await w.watch(ids[0])
    st, js = http(BASE, "POST", f"/api/games/{ids[0]}/action", {"type": "cancel"}, t)
    check(st == 200 and js["game"]["status"] == "open", f"cancel: {st} {js}")
    ev = await w.wait(lambda m: m.get("type") == "game" and m.get("event") == "cancel", what="cancel event")
    check(ev["game"]["id"] == ids[0], f"cancel event {ev}")
    await w.close()
    st, js = http(BASE, "GET", f"/api/games/{ids[0]}")
    check(st == 404, f"a cancelled game: {st} {js}")
    lob = api(BASE, "GET", "/api/lobby")
    check(all(g["id"] != ids[0] for g in lob["open"]), "a cancelled challenge left the lobby")
    api(BASE, "POST", "/api/games", {"spec": "tictactoe"}, t)   # room again
    for gid in ids[1:]:
        api(BASE, "POST", f"/api/games/{gid}/action", {"type": "cancel"}, t)
    api(BASE, "POST", f"/api/games/{ai['id']}/action", {"type": "resign"}, t)


SCENARIOS = [("go two players to scoring with dead stones", go_scoring),
             ("renju forbidden move refused with its reason", renju_forbidden),
             ("connect4 two players", connect4_game),
             ("reversi two players", reversi_game),
             ("games against each family's AI", ai_games),
             ("reconnect with since, undo, draw", reconnect_since),
             ("security: tokens, seats, private games, escaped names", security),
             ("bad input answered with errors, no state change", bad_input),
             ("clock flag-fall ends the game", clock_flag),
             ("an undo gives no Fischer increment", undo_clock),
             ("lobby, lists, paging, metrics, meta", lists),
             ("blank-looking names and invisible controls refused", names),
             ("one connection watches at most limits.watches games", watch_limit),
             ("one HTTP answer per request (empty POST bodies)", http_framing),
             ("a WebSocket without the gridstone.v1 subprotocol is refused", ws_subprotocol),
             ("requests with 8 KB of cookies are answered", big_headers),
             ("the Authorization scheme in any case, Accept-Language by quality", auth_and_language_headers),
             ("a method not taken is 405 method-not-allowed everywhere", methods),
             ("a Go game's length is bounded; move messages carry no move list", go_move_limit),
             ("at most limits.games_per_player unfinished games; cancel withdraws a challenge", games_per_player)]


async def main():
    for name, fn in SCENARIOS:
        if ONLY and fn.__name__ not in ONLY:
            continue
        try:
            await asyncio.wait_for(fn(), 180)
            ok(name)
        except Exception as e:
            bad(name, f"{e!r} at {traceback.extract_tb(e.__traceback__)[-1].lineno}")


asyncio.run(main())
