"""A small gridstone protocol client for the server tests (docs/PROTOCOL.md):
HTTP through urllib, WebSocket through Debian's python3-websockets."""
import asyncio
import http.client as httpc
import json
import urllib.parse

import websockets


class HttpError(Exception):
    def __init__(self, status, body):
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


def http(base, method, path, body=None, token=None, raw=False, headers=None):
    """One request; returns (status, parsed JSON or text)."""
    u = urllib.parse.urlsplit(base)
    c = httpc.HTTPConnection(u.hostname, u.port, timeout=20)
    h = dict(headers or {})
    if token:
        h["Authorization"] = "Bearer " + token
    data = None
    if body is not None:
        data = body if isinstance(body, (bytes, str)) else json.dumps(body)
        if isinstance(data, str):
            data = data.encode()
        h["Content-Type"] = "application/json"
    c.request(method, path, body=data, headers=h)
    r = c.getresponse()
    text = r.read()
    c.close()
    if raw:
        return r.status, text, r.getheaders()
    try:
        return r.status, json.loads(text)
    except ValueError:
        return r.status, text.decode(errors="replace")


def api(base, method, path, body=None, token=None, expect=(200, 201)):
    st, js = http(base, method, path, body, token)
    if st not in expect:
        raise HttpError(st, js)
    return js


def new_player(base, name, lang="en"):
    js = api(base, "POST", "/api/players", {"name": name, "lang": lang})
    return js["player"]["id"], js["token"]


class Ws:
    """A WebSocket connection with an inbox and predicates to wait on."""

    def __init__(self, base, token=None, lang=None):
        u = urllib.parse.urlsplit(base)
        self.uri = f"ws://{u.hostname}:{u.port}/ws"
        self.token = token
        self.lang = lang
        self.inbox = []
        self.ws = None
        self.n = 0

    async def open(self):
        self.ws = await websockets.connect(self.uri, subprotocols=["gridstone.v1"], max_size=None,
                                           open_timeout=10)
        hello = {"type": "hello"}
        if self.token:
            hello["token"] = self.token
        if self.lang:
            hello["lang"] = self.lang
        r = await self.request(hello)
        if r["type"] != "welcome":
            raise RuntimeError(f"hello answered {r}")
        return self

    async def close(self):
        await self.ws.close()

    async def send(self, msg):
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def recv_one(self, timeout):
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        m = json.loads(text)
        self.inbox.append(m)
        return m

    async def wait(self, pred, timeout=20.0, what="message"):
        """The first message (already received or next) matching pred."""
        for i, m in enumerate(self.inbox):
            if pred(m):
                del self.inbox[i]
                return m
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"no {what} within {timeout}s; inbox types "
                                   f"{[m.get('type') for m in self.inbox][-12:]}")
            m = await self.recv_one(left)
            if pred(m):
                self.inbox.remove(m)
                return m

    async def request(self, msg, timeout=20.0):
        """Send with a fresh req and wait for the reply carrying it."""
        self.n += 1
        req = f"r{self.n}"
        msg = dict(msg, req=req)
        await self.send(msg)
        return await self.wait(lambda m: m.get("req") == req, timeout, f"reply to {msg.get('type')}")

    async def watch(self, game, **kw):
        r = await self.request(dict({"type": "watch", "game": game}, **kw))
        if r["type"] != "state":
            raise RuntimeError(f"watch answered {r}")
        return r

    def drain(self):
        self.inbox.clear()


def legal_points(game):
    return [tuple(p) for p in game["legal"]]
