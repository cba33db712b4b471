#!/usr/bin/env python3
"""Every literal detail the server writes after an error's text (srv_err_set,
fail, srv_conn_error) has its Korean in src/server/texts.c (srv_details), so
that a Korean error message is Korean throughout (docs/PROTOCOL.md, Errors):
prints each one that has not and exits 1.  Run from the repository root."""
import re, sys, glob
src = {f: open(f, encoding="utf-8").read() for f in sorted(glob.glob("src/server/*.c"))}
lit = r'"((?:[^"\\]|\\.)*)"'
table = src["src/server/texts.c"].split("srv_details[] = {", 1)[1].split("};", 1)[0]
have = set(re.findall(r'\{' + lit + r',\s*' + lit, table, re.S))
have = {en for en, _ in have}
calls = re.compile(r'(?:srv_err_set\([^;]*?|\bfail\(x, |srv_conn_error\([^,]*, )"[a-z-]+", ' + lit + r'\)')
missing = sorted({d for f, s in src.items() for d in calls.findall(s)} - have)
for d in missing:
    print(d)
sys.exit(1 if missing else 0)
