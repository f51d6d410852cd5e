#!/usr/bin/env bash
# Usage: scripts/crash-test.sh [rounds (default 20)] [workers (default 16)] [postgres://… (an empty database)]
#
# With a PostgreSQL URL the server runs on that database instead of the embedded one (what
# is killed is the server; PostgreSQL keeps running).
#
# Runs referral signups under load against the release server, kills it with SIGKILL at a
# random moment, restarts it on the same data directory, and checks that every acknowledged
# signup and reward is present, that no coupon was assigned twice, and that the counters
# agree with the records. Each round then moves held rewards (approve, fulfil, void) from
# several workers, kills it again mid-way, and checks that no acknowledged move was lost;
# then Stripe reports payments and refunds (signed as Stripe signs them), killed mid-way
# again: no acknowledged one is lost, and redelivering them all doubles nothing.
# Loopback only; every round is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin referrals-server
database=()
[ -n "${3:-}" ] && database=(--database-url "$3")
exec python3 scripts/crash_test.py --binary target/release/referrals-server --rounds "${1:-20}" --workers "${2:-16}" \
  "${database[@]}"
