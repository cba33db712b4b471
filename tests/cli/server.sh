#!/bin/sh
# The game server through its real protocol: a scripted Python client
# (Debian's python3-websockets) plays complete games on 127.0.0.1 against a
# server on a temporary SQLite database (or $GS_DB, e.g. postgres://... from
# tests/with-pg.sh); static files; kill -9 and restart.
. tests/cli/lib.sh
PY=${GS_PYTHON:-/usr/bin/python3}
SRV_PID=
start_server() {   # start_server DBURL [args...]: sets SRV_PID and BASE
    db=$1; shift
    rm -f "$TMP/srv.out"
    "$GS" serve --listen 127.0.0.1:0 --db "$db" --quiet "$@" >"$TMP/srv.out" 2>"$TMP/srv.err" &
    SRV_PID=$!
    i=0
    while [ $i -lt 100 ] && ! grep -q 'listening on' "$TMP/srv.out" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
    BASE=$(sed -n 's/.*listening on \(http:[^ ]*\)\/ .*/\1/p' "$TMP/srv.out")
    [ -n "$BASE" ]
}
stop_server() { [ -n "$SRV_PID" ] && kill -TERM "$SRV_PID" 2>/dev/null && wait "$SRV_PID"; SRV_PID=; }
trap 'stop_server; rm -rf "$TMP"' EXIT

if ! "$PY" -c 'import websockets' 2>/dev/null; then
    skip "server protocol tests" "python3-websockets is not installed (Debian: python3-websockets)"
    finish; exit 0
fi
if ! "$GS" serve --help >/dev/null 2>&1; then
    fail "serve --help" "the CLI has no serve command"
    finish; exit 0
fi

mkdir -p "$TMP/static/sub"
echo '<!doctype html><title>gridstone</title>' >"$TMP/static/index.html"
echo 'secret' >"$TMP/outside.txt"
ln -s "$TMP/outside.txt" "$TMP/static/sub/link.txt"
DBURL=${GS_DB:-sqlite:$TMP/g.db}
if ! start_server "$DBURL" --static "$TMP/static"; then
    fail "server starts" "$(cat "$TMP/srv.err")"; finish; exit 0
fi
pass "server starts on an ephemeral port ($(echo "$DBURL" | cut -d: -f1))"
# a careless start is refused on one line that says why: a port in use (it
# was three libwebsockets log lines and "cannot listen" without the cause),
# a --static that is a file (it served nothing but 404s)
expect_fail serve-port-in-use "cannot listen on 127\.0\.0\.1:${BASE##*:}: Address already in use" \
    timeout 20 "$GS" serve --listen "127.0.0.1:${BASE##*:}" --db "sqlite:$TMP/busy.db" --quiet
expect_fail serve-static-file "--static $TMP/static/index.html: not a directory" \
    timeout 20 "$GS" serve --listen 127.0.0.1:0 --db "sqlite:$TMP/busy.db" --quiet --static "$TMP/static/index.html"
# --listen 127.0.0.1:P binds that address alone (it once bound every interface,
# IPv4 and IPv6): 127.0.0.2 is a loopback address too, but not the one asked for
port=${BASE##*:}
got=$("$PY" -c "
import socket
try:
    socket.create_connection(('127.0.0.2', $port), timeout=5).close(); print('accepted')
except OSError:
    print('refused')")
[ "$got" = refused ] && pass "--listen 127.0.0.1:PORT listens on 127.0.0.1 only" \
    || fail "--listen 127.0.0.1" "a connection to 127.0.0.2:$port was $got"
# a host name is resolved: "listening on" was once printed for localhost
# while nothing listened (libwebsockets takes a name for an interface's)
"$GS" serve --listen localhost:0 --db "sqlite:$TMP/lh.db" --quiet >"$TMP/lh.out" 2>"$TMP/lh.err" &
lh=$!
i=0
while [ $i -lt 100 ] && ! grep -q 'listening on' "$TMP/lh.out" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
lhport=$(sed -n 's/.*listening on http:\/\/localhost:\([0-9]*\)\/.*/\1/p' "$TMP/lh.out")
got=$("$PY" -c "
import sys
sys.path.insert(0, 'tests/server')
from gsclient import http
try:
    print(http('http://localhost:${lhport:-1}', 'GET', '/healthz')[0])
except OSError as e:
    print('no answer:', e)" 2>&1)
[ "$got" = 200 ] && pass "--listen localhost:0 answers on the port it prints" \
    || fail "--listen localhost:0" "$got; $(cat "$TMP/lh.out" "$TMP/lh.err")"
kill -TERM $lh 2>/dev/null; wait $lh 2>/dev/null
# one connection over --max-conns is refused with the documented error (it
# was closed without any answer, not even an HTTP status)
"$GS" serve --listen 127.0.0.1:0 --db "sqlite:$TMP/mc.db" --quiet --max-conns 2 >"$TMP/mc.out" 2>"$TMP/mc.err" &
mc=$!
i=0
while [ $i -lt 100 ] && ! grep -q 'listening on' "$TMP/mc.out" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
got=$("$PY" - "$(sed -n 's/.*listening on \(http:[^ ]*\)\/ .*/\1/p' "$TMP/mc.out")" <<'PYEOF' 2>&1
import asyncio, json, socket, sys, urllib.parse
sys.path.insert(0, "tests/server")
from gsclient import Ws
base = sys.argv[1]
u = urllib.parse.urlsplit(base)
async def main():
    held = [await Ws(base).open() for _ in range(2)]
    s = socket.create_connection((u.hostname, u.port), timeout=10)
    s.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
              b"Sec-WebSocket-Protocol: gridstone.v1\r\n\r\n")
    out = b""
    try:
        while b"\r\n\r\n" not in out or not out.rstrip().endswith(b"}"):
            d = s.recv(4096)
            if not d:
                break
            out += d
    except OSError:
        pass
    head, _, body = out.partition(b"\r\n\r\n")
    try:
        code = json.loads(body)["error"]["code"]
    except ValueError:
        code = None
    print(" ".join(head.split(b"\r\n")[0].decode(errors="replace").split(" ")[:2]), code)
    for w in held:
        await w.close()
    await asyncio.sleep(0.3)
    w = await Ws(base).open()   # room again
    await w.close()
asyncio.run(main())
PYEOF
)
[ "$got" = "HTTP/1.1 429 rate-limited" ] && pass "a connection over --max-conns gets 429 rate-limited" \
    || fail "--max-conns" "$got"
kill -TERM $mc 2>/dev/null; wait $mc 2>/dev/null
case "$DBURL" in
sqlite:*)
    [ -f "$TMP/g.db" ] && [ -f "$TMP/g.db-wal" ] && pass "SQLite database created in WAL mode" \
        || fail "SQLite WAL" "no database or no -wal file" ;;
esac

# the scenarios print ok/FAIL lines
"$PY" tests/server/test_games.py "$BASE" >"$TMP/py.out" 2>"$TMP/py.err"
relay "$TMP/py.out" || fail "python scenarios" "no output: $(tail -5 "$TMP/py.err")"

# static files never escape --static
static_get() {   # static_get RAWPATH -> HTTP status
    "$PY" - "$BASE" "$1" <<'PYEOF'
import http.client, sys, urllib.parse
u = urllib.parse.urlsplit(sys.argv[1])
c = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
c.putrequest("GET", sys.argv[2], skip_accept_encoding=True)
c.endheaders()
r = c.getresponse()
body = r.read()
print(r.status, b"secret" in body or b"root:" in body)
PYEOF
}
[ "$(static_get /)" = "200 False" ] && pass "static index.html served" || fail "static index" "$(static_get /)"
for p in /../outside.txt /%2e%2e/outside.txt /sub/../../outside.txt /..%2foutside.txt /sub/link.txt \
         /../../../../etc/passwd; do
    got=$(static_get "$p")
    case "$got" in *True*|200*) fail "static path $p" "served: $got" ;; *) pass "static path $p refused ($got)" ;; esac
done

# durability: kill -9 after acknowledged moves, restart, the moves are there
"$PY" - "$BASE" >"$TMP/dur.out" 2>&1 <<'PYEOF'
import asyncio, sys
sys.path.insert(0, "tests/server")
from gsclient import Ws, api, new_player
base = sys.argv[1]
async def main():
    _, ta = new_player(base, "durable-a")
    _, tb = new_player(base, "durable-b")
    g = api(base, "POST", "/api/games", {"spec": "go:size=9", "color": "white", "handicap": 3,
                                         "clock": {"type": "absolute", "main_ms": 3600000}}, ta)["game"]
    st = api(base, "POST", f"/api/games/{g['id']}/join", {}, tb)["game"]
    a = await Ws(base, ta).open(); b = await Ws(base, tb).open()
    for ply in range(1, 21):
        ws = a if ply % 2 else b   # white (a) moves first after the handicap
        x, y = st["legal"][(ply * 7) % len(st["legal"])]
        r = await ws.request({"type": "move", "game": g["id"], "ply": ply, "move": {"x": x, "y": y}})
        assert r["type"] == "move", r
        st = r["state"]
    print(g["id"])
asyncio.run(main())
PYEOF
gid=$(tail -1 "$TMP/dur.out")
kill -9 "$SRV_PID"; wait "$SRV_PID" 2>/dev/null; SRV_PID=
if start_server "$DBURL" --static "$TMP/static"; then
    got=$("$PY" -c "
import sys; sys.path.insert(0, 'tests/server')
from gsclient import api
g = api('$BASE', 'GET', '/api/games/$gid')['game']
print(g['ply'], g['status'], g['clock']['running'], g['clock']['white']['ms'] > 3500000, g['handicap'])" 2>&1)
    [ "$got" = "20 playing white True 3" ] && pass "kill -9 and restart: every acknowledged move kept, the game resumes" \
        || fail "kill -9 restart" "$got"
else
    fail "restart after kill -9" "$(cat "$TMP/srv.err")"
fi

# graceful SIGTERM: exit 0
kill -TERM "$SRV_PID"; wait "$SRV_PID"; rc=$?; SRV_PID=
[ $rc -eq 0 ] && pass "SIGTERM stops the server cleanly" || fail "SIGTERM" "exit $rc"

# the same server on the libuv loop: a game played over WebSocket, a clean stop
if start_server "sqlite:$TMP/uv.db" --libuv; then
    grep -q 'libuv loop' "$TMP/srv.out" && pass "serve --libuv runs on the libuv loop" \
        || fail "serve --libuv" "$(cat "$TMP/srv.out")"
    got=$("$PY" - "$BASE" 2>&1 <<'PYEOF'
import asyncio, sys
sys.path.insert(0, "tests/server")
from gsclient import Ws, api, new_player
base = sys.argv[1]
async def main():
    _, ta = new_player(base, "uv-a")
    _, tb = new_player(base, "uv-b")
    g = api(base, "POST", "/api/games", {"spec": "tictactoe", "color": "black"}, ta)["game"]
    api(base, "POST", f"/api/games/{g['id']}/join", {}, tb)
    a = await Ws(base, ta).open(); b = await Ws(base, tb).open()
    for ply, (ws, x, y) in enumerate([(a, 0, 0), (b, 1, 0), (a, 0, 1), (b, 1, 1), (a, 0, 2)], 1):
        r = await ws.request({"type": "move", "game": g["id"], "ply": ply, "move": {"x": x, "y": y}})
        assert r["type"] == "move", r
    print(r["state"]["status"], r["state"]["result"]["winner"])
asyncio.run(main())
PYEOF
)
    [ "$got" = "finished black" ] && pass "serve --libuv: a game over WebSocket" || fail "serve --libuv game" "$got"
    kill -TERM "$SRV_PID"; wait "$SRV_PID"; rc=$?; SRV_PID=
    [ $rc -eq 0 ] && pass "serve --libuv stops cleanly on SIGTERM" || fail "serve --libuv SIGTERM" "exit $rc"
else
    fail "serve --libuv starts" "$(cat "$TMP/srv.err")"
fi

# --games-per-player: /api/meta says it, and the next new game is refused
if start_server "sqlite:$TMP/gpp.db" --games-per-player 2; then
    got=$("$PY" - "$BASE" 2>&1 <<'PYEOF'
import sys
sys.path.insert(0, "tests/server")
from gsclient import http, api, new_player
base = sys.argv[1]
_, ta = new_player(base, "gpp-a")
meta = api(base, "GET", "/api/meta")
codes = [http(base, "POST", "/api/games", {"spec": "tictactoe"}, ta)[0] for _ in range(3)]
print(meta["limits"]["games_per_player"], *codes)
PYEOF
)
    [ "$got" = "2 201 201 429" ] && pass "serve --games-per-player 2: in /api/meta, the third game refused" \
        || fail "serve --games-per-player" "$got"
    stop_server
else
    fail "serve --games-per-player starts" "$(cat "$TMP/srv.err")"
fi

# tokens are stored as SHA-256 only; an older database is migrated (SQLite file)
GS_CLI="$GS" PYTHONPATH=tests/server "$PY" tests/server/test_tokens.py "$TMP/tokens.db" >"$TMP/tok.out" 2>"$TMP/tok.err"
relay "$TMP/tok.out" || fail "token scenarios" "no output: $(tail -5 "$TMP/tok.err")"
finish
