"""Helpers for the server tests: start `gridstone serve`, HTTP calls, and a
WebSocket client (Debian's python3-websockets) that keeps every message."""
import asyncio
import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request

import websockets

GS = os.environ.get("GS_CLI", "build/gridstone")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    """One `gridstone serve` process on a free port."""

    def __init__(self, db, port=None, log=None):
        self.db = db
        self.port = port or free_port()
        self.log = log
        self.proc = None

    def start(self, timeout=20):
        err = open(self.log, "ab") if self.log else subprocess.DEVNULL
        self.proc = subprocess.Popen(
            [GS, "serve", "--listen", "127.0.0.1:%d" % self.port, "--db", self.db, "--quiet"],
            stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("gridstone serve exited with %s" % self.proc.returncode)
            try:
                st, _ = self.http("GET", "/healthz")
                if st == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError("gridstone serve did not answer /healthz")

    def kill9(self):
        self.proc.kill()
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self.port

    def http(self, method, path, body=None, token=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                return e.code, json.loads(raw)
            except ValueError:
                return e.code, raw

    def player(self, name):
        st, r = self.http("POST", "/api/players", {"name": name, "lang": "en"})
        assert st == 201, (st, r)
        return r["player"]["id"], r["token"]


class Client:
    """A WebSocket connection; every received message is kept in order."""

    def __init__(self, server, token=None):
        self.server = server
        self.token = token
        self.msgs = []
        self.ws = None
        self.reader = None

    async def open(self):
        self.ws = await websockets.connect("ws://127.0.0.1:%d/ws" % self.server.port,
                                           subprotocols=["gridstone.v1"], max_size=2**22)
        self.reader = asyncio.ensure_future(self._read())
        await self.send({"type": "hello", "token": self.token} if self.token else {"type": "hello"})
        await self.wait(lambda m: m["type"] == "welcome")
        return self

    async def _read(self):
        try:
            async for raw in self.ws:
                self.msgs.append(json.loads(raw))
        except websockets.ConnectionClosed:
            pass

    async def send(self, obj):
        await self.ws.send(json.dumps(obj))

    async def wait(self, pred, timeout=10):
        """The first kept message matching pred (waiting for it)."""
        deadline = time.time() + timeout
        while True:
            for m in self.msgs:
                if pred(m):
                    return m
            if time.time() > deadline:
                raise TimeoutError("no matching message; got types %s" % [m.get("type") for m in self.msgs[-20:]])
            await asyncio.sleep(0.01)

    async def close(self):
        await self.ws.close()
        if self.reader:
            await self.reader
