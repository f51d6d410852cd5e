#!/usr/bin/env bash
# Usage: scripts/bench.sh [seconds-per-case (default 10)] [connections (default 64)]
#
# Benchmarks the release server on loopback with wrk and prints a table. Starts its own
# server on a free port with a temporary data directory and stops it at the end. Every case
# runs next to the GET /api/v1/billing/plans baseline of the same run. All traffic stays on
# 127.0.0.1 and every run is bounded by its duration.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_CASE=${1:-10}
CONNECTIONS=${2:-64}
THREADS=2

command -v wrk >/dev/null || { echo "bench.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
cargo build --release --quiet --bin referrals-server

WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

./target/release/referrals-server --config config.toml --bind 127.0.0.1:0 --data-dir "$WORK/data" --log-level warn \
  >"$WORK/stdout" 2>"$WORK/server.log" &
SERVER_PID=$!
for _ in $(seq 1 100); do grep -q listening "$WORK/stdout" 2>/dev/null && break; sleep 0.1; done
BASE=$(grep -o 'http://[0-9.:]*' "$WORK/stdout" | head -1)
[ -n "$BASE" ] || { echo "server did not start:" >&2; cat "$WORK/server.log" >&2; exit 1; }

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
EMAIL="bench-$$@example.com"
curl -sf -X POST "$BASE/api/v1/members" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"name\":\"Bench\",\"password\":\"bench-password\"}" >/dev/null
TOKEN=$(curl -sf -X POST "$BASE/api/v1/auth/token" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"bench-password\"}" | json '["data"]["token"]')

cat >"$WORK/api-key.lua" <<LUA
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer $TOKEN"
LUA

ROWS=()
# run_case NAME PATH [LUA]: wrk against PATH, records requests/s, p50, p99 and non-2xx count.
run_case() {
  local name=$1 path=$2 script=${3:-}
  local out="$WORK/wrk-$(echo "$name" | tr -c 'a-z0-9' '_').txt"
  if [ -n "$script" ]; then
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SECONDS_PER_CASE}s" --latency -s "$script" "$BASE$path" >"$out"
  else
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SECONDS_PER_CASE}s" --latency "$BASE$path" >"$out"
  fi
  local rps p50 p99 errors
  rps=$(awk '/Requests\/sec/ {print $2}' "$out")
  p50=$(awk '$1 == "50%" {print $2}' "$out")
  p99=$(awk '$1 == "99%" {print $2}' "$out")
  errors=$(awk '/Non-2xx/ {print $5}' "$out"); errors=${errors:-0}
  ROWS+=("$(printf '| %-52s | %10s | %8s | %8s | %6s |' "$name" "$rps" "$p50" "$p99" "$errors")")
}

run_case "GET /api/v1/billing/plans (baseline)" /api/v1/billing/plans
run_case "POST /api/v1/members/api-key (durable write, JWT)" /api/v1/members/api-key "$WORK/api-key.lua"
run_case "GET /api/v1/billing/plans (baseline, again)" /api/v1/billing/plans

echo
echo "wrk: $THREADS threads, $CONNECTIONS connections, ${SECONDS_PER_CASE}s per case, $(nproc) cores, server and wrk on one machine"
printf '| %-52s | %10s | %8s | %8s | %6s |\n' "case" "req/s" "p50" "p99" "non-2xx"
printf '|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..54})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..8})"
printf '%s\n' "${ROWS[@]}"
