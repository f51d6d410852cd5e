#!/usr/bin/env bash
# Usage: scripts/chaos.sh DURATION [sled|postgres|both]   (seconds; both backends by default)
#
# The chaos run (tests/chaos.rs): for DURATION seconds a mixed load (signups, referrals,
# conversions, Stripe's checkouts, payouts, clicks, dashboard reads, webhooks to a receiver
# and emails to an SMTP server on loopback) while faults are injected at random (servers
# killed and stopped, the receiver and the SMTP server down, the disk failing on the embedded
# store, the database crashed and its standby promoted on PostgreSQL). Then every invariant
# is checked against a recount, and the run prints one line of figures per backend
# ("chaos figures: {...}"). Everything listens on 127.0.0.1 and stops when the run ends.
# Needs what scripts/test-deps.sh installs (Debian's PostgreSQL, the SMTP sink's Python).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${1:?usage: scripts/chaos.sh DURATION [sled|postgres|both]}
case "$duration" in '' | *[!0-9]*) echo "scripts/chaos.sh: DURATION is a number of seconds" >&2; exit 2 ;; esac
case "${2:-both}" in
  both) backends="sled postgres" ;;
  sled | postgres) backends=$2 ;;
  *) echo "scripts/chaos.sh: the backend is sled, postgres or both" >&2; exit 2 ;;
esac
export SMTP_SINK_PYTHON=${SMTP_SINK_PYTHON:-$PWD/target/smtp-venv/bin/python}
[ -x "$SMTP_SINK_PYTHON" ] || { echo "scripts/chaos.sh: $SMTP_SINK_PYTHON is missing: run scripts/test-deps.sh" >&2; exit 1; }

# --workspace, as the test build: the same features, so the same binaries (scripts/test.sh).
cargo test --workspace --locked --test chaos --no-run -q
for backend in $backends; do
  echo "== chaos: $backend, ${duration} s"
  CHAOS_SECS=$duration CHAOS_BACKEND=$backend \
    cargo test --workspace --locked -q --test chaos -- --ignored --exact chaos --nocapture
done
