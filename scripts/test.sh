#!/usr/bin/env bash
# Usage: scripts/test.sh [extra cargo test args]
#
# Runs the whole test suite: unit tests, and integration tests that start the real server on
# free loopback ports. Installs first whatever the tests need that a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
# The browser tests (tests/browser.rs) drive Debian's Chromium through playwright-core.
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v node >/dev/null && command -v npm >/dev/null || need_apt+=(nodejs npm)
# The export test reads a CSV back with Python's csv module; the email tests run a real SMTP
# server (aiosmtpd, from PyPI) in a virtual environment.
command -v python3 >/dev/null || need_apt+=(python3)
command -v python3 >/dev/null && python3 -c 'import ensurepip, venv' 2>/dev/null || need_apt+=(python3-venv)
# The PostgreSQL backend's tests run against a throwaway server from Debian's package.
source scripts/throwaway-postgres.sh
[ -n "$(pg_bin)" ] || need_apt+=(postgresql)
if ((${#need_apt[@]})); then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}"
  else
    echo "scripts/test.sh: please install: ${need_apt[*]}" >&2
    exit 1
  fi
fi

# playwright-core (a driver, no browser download) and jsQR (the portal test reads its QR code),
# at the versions the lock file pins.
if [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -d tests/browser/node_modules/jsqr ]; then
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
fi

# The SMTP server of the email tests (tests/smtp/sink.py), at a pinned version.
SMTP_VENV=target/smtp-venv
AIOSMTPD_VERSION=1.4.6
if ! "$SMTP_VENV/bin/python" -c "import aiosmtpd, sys; sys.exit(aiosmtpd.__version__ != '$AIOSMTPD_VERSION')" 2>/dev/null; then
  python3 -m venv "$SMTP_VENV"
  "$SMTP_VENV/bin/pip" install --quiet --disable-pip-version-check "aiosmtpd==$AIOSMTPD_VERSION"
fi
export SMTP_SINK_PYTHON="$PWD/$SMTP_VENV/bin/python"

# A throwaway PostgreSQL for the PostgreSQL backend's tests (scripts/throwaway-postgres.sh),
# stopped when the tests end. Each test creates its own database in it. fsync is off: the
# tests stop our servers, never this one.
trap stop_throwaway_postgres EXIT
start_throwaway_postgres -c fsync=off -c max_connections=300
export REFERRALS_TEST_POSTGRES="$PG_URL"

# The whole suite on the embedded database, and the API suite again on PostgreSQL
# (REFERRALS_TEST_BACKEND=postgres: every test's server on a database of its own). The two
# run at once: most of their time is spent waiting on servers, not on the cores.
cargo test --workspace --locked --no-run "$@"
echo "== the test build took ${SECONDS}s since scripts/test.sh started"
PG_SUITE_LOG=target/api-suite-on-postgres.log
# --workspace, as the build above: features are resolved for the whole workspace, so the
# binaries built are the same ones (without it cargo would build the crate again).
REFERRALS_TEST_BACKEND=postgres cargo test --workspace --locked --test api "$@" >"$PG_SUITE_LOG" 2>&1 &
pg_suite=$!
status=0
cargo test --workspace --locked "$@" || status=$?
pg_status=0
wait "$pg_suite" || pg_status=$?
echo
echo "== the API suite on PostgreSQL (full output: $PG_SUITE_LOG)"
grep -E '^test .* FAILED$|^failures:$|^    [a-z_:]+$|^test result' "$PG_SUITE_LOG" || tail -n 40 "$PG_SUITE_LOG"
if [ "$pg_status" != 0 ]; then
  sed -n '/^failures:$/,/^test result/p' "$PG_SUITE_LOG" | head -n 200
fi
[ "$status" = 0 ] && [ "$pg_status" = 0 ]
