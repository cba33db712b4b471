"""Tokens are kept only as their SHA-256 (migration 5), on SQLite:
a fresh database never holds a token; a database of schema 4 with plain
tokens is migrated at start-up and its players' tokens still work.
Prints ok/FAIL lines like test_games.py.  Usage: test_tokens.py DBFILE"""
import hashlib
import sqlite3
import sys

from gsrv import Server


def check(cond, name, detail=""):
    print(("ok   " + name) if cond else ("FAIL %s: %s" % (name, detail)))
    return cond


def me(srv, token):
    st, r = srv.http("GET", "/api/players/me", token=token)
    return st, r


def main(path):
    srv = Server("sqlite:" + path).start()
    try:
        pid, token = srv.player("hash-me")
        st, r = me(srv, token)
        check(st == 200 and r["player"]["id"] == pid, "a new player's token works", (st, r))
    finally:
        srv.stop()
    db = sqlite3.connect(path)
    rows = db.execute("SELECT id, token_sha256 FROM players").fetchall()
    hashed = hashlib.sha256(token.encode()).hexdigest()
    check(rows == [(pid, hashed)], "the database keeps the token's SHA-256, not the token", rows)
    dump = "\n".join(db.iterdump())
    check(token not in dump, "the token appears nowhere in the database")
    # back to schema 4: the column as it was, holding the token itself
    db.execute("ALTER TABLE players RENAME COLUMN token_sha256 TO token")
    db.execute("UPDATE players SET token = ? WHERE id = ?", (token, pid))
    db.execute("DELETE FROM schema_version WHERE version >= 5")
    db.commit()
    db.close()
    srv = Server("sqlite:" + path).start()
    try:
        st, r = me(srv, token)
        check(st == 200 and r["player"]["id"] == pid, "after migrating a schema-4 database the token still works",
              (st, r))
        st, r = me(srv, hashed)
        check(st == 401, "the stored hash is not a token", (st, r))
    finally:
        srv.stop()
    db = sqlite3.connect(path)
    rows = db.execute("SELECT id, token_sha256 FROM players").fetchall()
    ver = db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
    check(rows == [(pid, hashed)] and ver >= 5, "migration 5 replaced the stored token by its hash", (rows, ver))
    db.close()


if __name__ == "__main__":
    main(sys.argv[1])
