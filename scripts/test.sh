#!/usr/bin/env bash
# Usage: scripts/test.sh [extra cargo test args]
#
# Runs the whole test suite: unit tests, and integration tests that start the real server on
# free loopback ports. Installs first whatever the tests need that a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

# What the tests need and a fresh machine lacks (scripts/test-deps.sh: apt, npm, PyPI).
bash scripts/test-deps.sh
# The SMTP server of the email tests (tests/smtp/sink.py), installed there.
export SMTP_SINK_PYTHON="$PWD/target/smtp-venv/bin/python"
# The throwaway PostgreSQL's helpers (scripts/throwaway-postgres.sh).
source scripts/throwaway-postgres.sh

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
