#!/bin/sh
# What `make run` and `make test` need beyond gcc and make, installed when it
# is missing: the Debian packages listed in .ci/packages (the same list CI
# installs) and the npm packages pinned by package-lock.json.  Installs only
# as root with apt-get (a fresh Debian machine); otherwise it names what is
# missing and leaves it to you.  Cheap when everything is there.
cd "$(dirname "$0")/.." || exit 1
need=""
while read -r bin pkg; do
    case "$bin" in ''|\#*) continue ;; esac
    command -v "$bin" >/dev/null 2>&1 || [ -e "$bin" ] || need="$need $pkg"
done < .ci/packages
if [ -n "$need" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ -z "${GS_NO_INSTALL:-}" ]; then
        echo "gridstone: installing Debian packages:$need (set GS_NO_INSTALL=1 to skip)"
        export DEBIAN_FRONTEND=noninteractive
        { apt-get update -qq && apt-get install -y -qq $need >/dev/null; } ||
            echo "gridstone: apt-get failed; the parts that need$need will not build or will be skipped" >&2
    else
        echo "gridstone: missing Debian packages:$need" >&2
        echo "  install them with: sudo apt-get install$need" >&2
        echo "  (without them the server does not build, and the tests that need them are skipped)" >&2
    fi
fi
if [ -f package-lock.json ] && [ ! -d node_modules ] && command -v npm >/dev/null 2>&1 && [ -z "${GS_NO_INSTALL:-}" ]; then
    echo "gridstone: npm ci (the chart library of the web UI, playwright-core for the browser tests)"
    npm ci --no-audit --no-fund >/dev/null || echo "gridstone: npm ci failed: no charts, browser tests skipped" >&2
fi
exit 0
