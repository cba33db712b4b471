#!/bin/sh
# tests/with-pg.sh CMD [ARGS...]: run CMD against a throw-away PostgreSQL
# cluster made by pg_virtualenv (Debian's postgresql-common), with
#   GS_DB=postgres://USER:PASSWORD@HOST:PORT/DATABASE
# exported for it (plus libpq's own PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE).
# The cluster is dropped afterwards; CMD's exit status is returned.
# Without PostgreSQL it prints one "skip" line and exits 77, so a suite can
#   sh tests/with-pg.sh sh tests/cli/server.sh; [ $? -eq 77 ] && skip ...
# As root pg_virtualenv always names its cluster "regress", so two runs at once
# collide: runs are serialised on a lock file (GS_PG_LOCK) when flock exists.
# GS_PG_OPTS passes postgresql.conf settings through (e.g. "max_connections=300").
if ! command -v pg_virtualenv >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    echo "skip postgresql: pg_virtualenv or the PostgreSQL server is not installed (apt-get install postgresql)"
    exit 77
fi
if [ $# -eq 0 ]; then echo "usage: tests/with-pg.sh CMD [ARGS...]" >&2; exit 2; fi
inner='export GS_DB="postgres://$PGUSER:$PGPASSWORD@$PGHOST:${PGPORT:-5432}/$PGDATABASE"; exec "$@"'
set -- pg_virtualenv ${GS_PG_OPTS:+-o "$GS_PG_OPTS"} sh -c "$inner" with-pg "$@"
if command -v flock >/dev/null 2>&1; then
    exec flock "${GS_PG_LOCK:-/tmp/gridstone-pg.lock}" "$@"
fi
exec "$@"
