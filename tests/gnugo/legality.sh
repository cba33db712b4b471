#!/bin/sh
# GTP legality agreement with GNU Go (needs /usr/games/gnugo; .ci/run runs it).
cd "$(dirname "$0")/../.." && make -s build/gridstone >/dev/null && exec python3 tests/gnugo/legality.py "$@"
