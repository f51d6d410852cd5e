#!/usr/bin/env bash
# Usage: scripts/bench.sh [seconds-per-case (default 10)] [connections (default 64)]
#        REFERRALS_BIN=path/to/referrals-server scripts/bench.sh   (benchmark another build)
#        BENCH_LOG="warn,referrals::store::group_commit=trace"      (log every flush; with
#        BENCH_KEEP=1 the server log stays in the printed work directory)
#        BENCH_CASES=signups scripts/bench.sh   (only the baseline and the durable
#        referral-signup cases, on sled and on PostgreSQL: for A/B pairs of two builds, run
#        alternately)
#        BENCH_CASES=sled scripts/bench.sh   (the baseline and sled's two durable referral-signup
#        cases only: the quickest A/B pairs of changes to the embedded store)
#        BENCH_CASES=postgres scripts/bench.sh   (the baseline and the PostgreSQL cases only:
#        half the time of `signups`, for A/B pairs of changes to the PostgreSQL backend)
#        PARTICIPANTS_TARGET=100 scripts/bench.sh   (seed fewer participants first: quick runs)
#        BENCH_CASES=restore scripts/bench.sh   (a campaign of 1,000,000 participants, then
#        its backup and refctl restore's time and peak memory; target under 100 MB)
#        PARTICIPANTS_TARGET=100 BENCH_CASES=import scripts/bench.sh   (only the coupon
#        import: 1,000,000 codes, then 1,000,000 more into the same pool)
#        PARTICIPANTS_TARGET=100 BENCH_CASES=commissions scripts/bench.sh   (the baseline and
#        signed Stripe invoice.paid deliveries earning commissions; COMMISSION_INVOICES=300000
#        bodies are prepared)
#        BENCH_CASES=dashboard scripts/bench.sh   (only the dashboard's pages of the seeded
#        campaign of 100,000 participants)
#        PARTICIPANTS_TARGET=100 BENCH_CASES=clicks scripts/bench.sh   (the baseline and the
#        tracker's two click cases, with the server's CPU a click: for A/B pairs)
#        PARTICIPANTS_TARGET=100 BENCH_CASES=analytics scripts/bench.sh   (the analytics: one
#        campaign of SEED_PARTICIPANTS=1000000 participants and SEED_CLICKS=10000000 clicks over
#        two years, seeded by tests/analytics_seed.rs; a year by day and by week, 30 days by
#        hour and the top 100 partners of a year, p95 of each, on sled and then on PostgreSQL
#        (the same database moved into it as refctl restore moves one); targets 300 ms and
#        500 ms)
#        BENCH_PROFILE=1 BENCH_CASES=signups scripts/bench.sh   (also samples the server with
#        perf during the 100-brands signup case and prints where its CPU time went, by stage;
#        needs perf, from Debian's linux-perf)
#        BENCH_PG_STATS=1 BENCH_CASES=signups scripts/bench.sh   (also prints PostgreSQL's
#        statements of the 100-brands signup case on one server, by total time, from
#        pg_stat_statements: calls, mean and total time, plans and their time, rows; and the
#        rows each table had inserted and updated, of which how many updates were HOT)
#        BENCH_PG_PROFILE=1 BENCH_CASES=signups scripts/bench.sh   (also samples the whole
#        machine with perf during that case and prints its CPU by process, then PostgreSQL's
#        functions, each with what it calls, then a signup's µs by stage, split by statement
#        when BENCH_PG_STATS=1 is set too; with BENCH_KEEP=1, pg-perf.data stays)
#        BENCH_PG_OPTIONS="-c name=value ..." scripts/bench.sh   (more settings for the
#        PostgreSQL cluster, say auto_explain's; with BENCH_KEEP=1 its log stays as postgres.log)
#        BENCH_PG_SQL="DROP INDEX ..." scripts/bench.sh   (statements run on the PostgreSQL
#        cluster after its warm-up, before the measured cases: the price of a schema change)
#
# Benchmarks the release server on loopback with wrk and prints a table. Starts its own
# server on a free port with a temporary data directory and stops it at the end. Every case
# runs next to the GET /api/v1/billing/plans baseline of the same run. All traffic stays on
# 127.0.0.1 and every run is bounded by its duration.
#
# Cases: durable writes (API key generation, referral signups over 100 brands and on one hot
# brand, and over 100 brands again while another address holds 2,000 slow request bodies; the referral signups again on PostgreSQL, one server and two, see postgres_cases), GET one campaign, GET participants page 1 and page 1000 of a campaign with
# 100,000 participants, and the tracker's click endpoint (GET, and POST as the beacon sends
# it; target 30,000 clicks/s), after which the counted clicks are checked against wrk's count;
# and one dry run of fraud rules (POST /campaigns/:id/fraud/preview) over that campaign, and
# reads of its leaderboard (GET /campaigns/:id/leaderboard); the dashboard's pages of that
# campaign (participants at page 1 and 2000, by referrals, a search, its top referrer, the
# overview, statistics, the brand), one connection at a time, signed in through the form as
# a browser is; its waitlist turned on (the line
# built from the roster, timed) and the place of its newest participant read at the back of
# the line (GET /participants/:id, GET /api/widget/progress).
# All load comes from one address, so the server runs with its own copy of config.toml with
# the per-address limits of the public endpoints raised; the shipped defaults stay
# protective. Last, `refctl coupons import` of 1,000,000 codes: wall time and
# refctl's peak memory; then `refctl backup` of the whole database while referral signups
# go on (time, size, the longest write pause, what the signups saw meanwhile) and an offline
# `refctl restore` of it.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_CASE=${1:-10}
BENCH_CASES=${BENCH_CASES:-all}
case "$BENCH_CASES" in all | signups | sled | postgres | dashboard | restore | import | commissions | analytics | clicks) ;;
  *) echo "BENCH_CASES must be all, signups, sled, postgres, dashboard, restore, import, commissions, analytics or clicks" >&2; exit 2 ;; esac
CONNECTIONS=${2:-64}
THREADS=2
PARTICIPANTS_TARGET=${PARTICIPANTS_TARGET:-100000}
[ "$BENCH_CASES" != restore ] || PARTICIPANTS_TARGET=1000000

command -v wrk >/dev/null || { echo "bench.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
  || { echo "bench.sh needs PostgreSQL for its PostgreSQL cases (apt-get install postgresql)" >&2; exit 1; }
BIN=${REFERRALS_BIN:-./target/release/referrals-server}
[ -n "${REFERRALS_BIN:-}" ] || cargo build --release --quiet --workspace --bins

WORK=$(mktemp -d)
[ -z "${BENCH_KEEP:-}" ] || echo "work directory: $WORK" >&2
SERVER_PID=
PG_SERVERS=()
source scripts/throwaway-postgres.sh
cleanup() {
  for pid in $SERVER_PID "${PG_SERVERS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  stop_throwaway_postgres
  [ -n "${BENCH_KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

ADMIN_TOKEN="bench-admin-token-$$-0123456789"
# One client address and one member send everything here: lift the per-address and
# per-member limits (the shipped defaults stay protective).
sed -e 's/^view_per_minute = .*/view_per_minute = 60000000/' -e 's/^view_burst = .*/view_burst = 1000000/' \
  -e 's/^member_writes_per_minute = .*/member_writes_per_minute = 60000000/' \
  -e 's/^member_writes_burst = .*/member_writes_burst = 1000000/' config.toml >"$WORK/config.toml"
[ "$(grep -c '= 60000000$' "$WORK/config.toml")" = 2 ] || { echo "bench.sh: could not raise the limits" >&2; exit 1; }
# start_server NAME [VAR=VALUE ...]: a server with its data directory, log and output under
# $WORK/NAME*, on a free port; sets STARTED_PID and STARTED_BASE.
start_server() {
  local name=$1; shift
  env REFERRALS_ADMIN_TOKEN="$ADMIN_TOKEN" "$@" "$BIN" --config "$WORK/config.toml" --bind 127.0.0.1:0 \
    --data-dir "$WORK/$name-data" --log-level "${BENCH_LOG:-warn}" >"$WORK/$name.stdout" 2>"$WORK/$name.log" &
  STARTED_PID=$!
  for _ in $(seq 1 300); do grep -q listening "$WORK/$name.stdout" 2>/dev/null && break; sleep 0.1; done
  STARTED_BASE=$(grep -o 'http://[0-9.:]*' "$WORK/$name.stdout" | head -1)
  [ -n "$STARTED_BASE" ] || { echo "server $name did not start:" >&2; cat "$WORK/$name.log" >&2; exit 1; }
}
start_server sled
SERVER_PID=$STARTED_PID
BASE=$STARTED_BASE
ln -s sled.log "$WORK/server.log"

# api METHOD PATH [JSON]: one authenticated call, prints data as JSON.
api() {
  curl -sf -X "$1" "$BASE/api/v1$2" -H 'content-type: application/json' ${KEY:+-H "X-API-Key: $KEY"} ${3:+-d "$3"} |
    python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["data"]))'
}
field() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

# set_up: on the server at $BASE, a member on the Scale plan with an API key, 100 brands with
# a campaign and a referrer each (CODES), and one hot brand's campaign with 20 referrers
# (HOT_CODES).
set_up() {
KEY=
echo "setting up on $BASE: member, 100 brands with a campaign and a referrer each, one hot brand" >&2
MEMBER=$(api POST /members '{"email":"bench@example.com","name":"Bench","password":"bench-violet-tugboat-quarrel"}' | field '["id"]')
# 100 brands and 100,000 participants are over the free plan's limits: Scale (id 3) has none.
curl -sf -X PUT "$BASE/admin/v1/members/$MEMBER/plan" -H "Authorization: Bearer $ADMIN_TOKEN" \
  -H 'content-type: application/json' -d '{"plan_id":3}' >/dev/null
TOKEN=$(api POST /auth/token '{"email":"bench@example.com","password":"bench-violet-tugboat-quarrel"}' | field '["token"]')
KEY=$(curl -sf -X POST "$BASE/api/v1/members/api-key" -H "Authorization: Bearer $TOKEN" | field '["data"]["api_key"]')
CODES=()
for i in $(seq 1 100); do
  brand=$(api POST /brands "{\"url\":\"https://brand$i.bench.example\"}" | field '["id"]')
  campaign=$(api POST /campaigns "{\"name\":\"c$i\",\"url_id\":$brand,\"reward_type\":5,\"reward_value\":\"5\",\"reward_invited\":true}" | field '["id"]')
  CODES+=("$(api POST /signups "{\"campaign_id\":$campaign,\"email\":\"referrer@brand$i.bench.example\"}" | field '["participant"]["referral_code"]')")
done
# A partner site joins the last brand's campaign as a domain participant (clicks); the
# operator vouches for it and for the brand (an unproven domain attributes no click).
CLICK_CAMPAIGN=$campaign
partner=$(api POST /signups "{\"campaign_id\":$CLICK_CAMPAIGN,\"email\":\"owner@partner.bench.example\",\"domain\":\"partner.bench.example\"}" | field '["participant"]["id"]')
for proven in "participants/$partner" "brands/$brand"; do
  curl -sf -X POST "$BASE/admin/v1/$proven/domain-proof" -H "Authorization: Bearer $ADMIN_TOKEN" >/dev/null
done
HOT_BRAND=$(api POST /brands '{"url":"https://hot.bench.example"}' | field '["id"]')
HOT=$(api POST /campaigns "{\"name\":\"hot\",\"url_id\":$HOT_BRAND,\"reward_type\":5,\"reward_value\":\"5\",\"reward_invited\":true}" | field '["id"]')
# Created now: the API-key case near the end revokes the key these setup calls use.
IMPORT_CAMPAIGN=$(api POST /campaigns "{\"name\":\"import\",\"url_id\":$HOT_BRAND,\"reward_type\":1}" | field '["id"]')
HOT_CODES=()
for i in $(seq 1 20); do
  HOT_CODES+=("$(api POST /signups "{\"campaign_id\":$HOT,\"email\":\"referrer$i@hot.bench.example\"}" | field '["participant"]["referral_code"]')")
done
}
set_up

# referral_script FILE RUN CODES...: a wrk script posting referral signups with unique emails.
referral_script() {
  local file=$1 run=$2; shift 2
  {
    echo "local codes = {"; printf '  "%s",\n' "$@"; echo "}"
    cat <<LUA
-- wrk runs setup() in the main state and sets the global tid in each thread's state.
local n = 0
local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
function init(args) math.randomseed(os.time() * 100 + tid) end
function request()
  n = n + 1
  local code = codes[math.random(#codes)]
  local body = string.format('{"referral_code":"%s","email":"$run-t%d-%d@friends.example"}', code, tid, n)
  return wrk.format("POST", "/api/v1/signups/referral", {["Content-Type"] = "application/json", ["X-API-Key"] = "$KEY"}, body)
end
LUA
  } >"$file"
}
cat >"$WORK/get.lua" <<LUA
wrk.headers["X-API-Key"] = "$KEY"
LUA
cat >"$WORK/beacon.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "text/plain;charset=UTF-8"
wrk.body = '{"from":"partner.bench.example","to":"brand100.bench.example"}'
LUA
cat >"$WORK/api-key.lua" <<LUA
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer $TOKEN"
LUA
# signup_script FILE CAMPAIGN: plain signups onto CAMPAIGN, a new email each, with $KEY.
signup_script() {
cat >"$1" <<LUA
local n = 0
local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
function request()
  n = n + 1
  local body = string.format('{"campaign_id":$2,"email":"seed-%d-%d-%d@seed.example"}', os.time(), tid, n)
  return wrk.format("POST", "/api/v1/signups", {["Content-Type"] = "application/json", ["X-API-Key"] = "$KEY"}, body)
end
LUA
}
signup_script "$WORK/signup.lua" "$HOT"

ROWS=()
CPU_ROWS=()
# cpu_ticks PID...: the CPU time (user + system, in clock ticks) the processes have used.
cpu_ticks() {
  local pid total=0
  for pid in "$@"; do
    # Fields 14 and 15 of /proc/PID/stat, counted after the command's closing parenthesis;
    # 0 for a process that ended since it was listed (an autovacuum worker).
    total=$((total + $(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | awk '{t = $12 + $13} END {print t + 0}')))
  done
  echo "$total"
}
# thread_ticks PID: each thread of the process, a line each: its id (from the file's path,
# /proc/PID/task/TID/stat) and the CPU time (clock ticks) it has used, read as cpu_ticks reads
# a process's; a thread that ended since the listing is left out.
thread_ticks() {
  awk '{sub(/.*\) /, ""); split(FILENAME, path, "/"); print path[5], $12 + $13}' /proc/"$1"/task/*/stat 2>/dev/null
}
# busiest_thread BEFORE AFTER: the most CPU time (clock ticks) one thread used between two
# thread_ticks listings; a thread that started in between counts from zero.
busiest_thread() {
  awk 'NR == FNR {before[$1] = $2; next} {d = $2 - before[$1]; if (d > most) most = d} END {print most + 0}' "$1" "$2"
}
# pg_pids: the throwaway cluster's postmaster and every process it started (its backends,
# the WAL writer, the checkpointer).
pg_pids() {
  local postmaster
  postmaster=$(head -1 "$PG_DIR/data/postmaster.pid")
  echo "$postmaster" $(pgrep -P "$postmaster")
}
# pg_wal_bytes: the WAL the cluster has written since it started.
pg_wal_bytes() { psql -qAt "$PG_URL" -c "SELECT wal_bytes FROM pg_stat_wal"; }

# run_case NAME PATH [LUA] [DURATION]: wrk against PATH; records req/s, p50, p99, non-2xx,
# and the group-commit flushes of 50 ms or more the server logged meanwhile ("slow flushes":
# how many, and their total milliseconds; a write waits for its flush, so these are the
# disk's stalls that the writes of this case sat through).
run_case() {
  local name=$1 path=$2 script=${3:-$WORK/get.lua} duration=${4:-$SECONDS_PER_CASE}
  local threads=${CASE_THREADS:-$THREADS} connections=${CASE_CONNECTIONS:-$CONNECTIONS}
  local out="$WORK/wrk.txt" log_from
  local log=${CASE_LOG:-$WORK/server.log}
  log_from=$(($(wc -l <"$log") + 1))
  local perf_pid=
  if [ -n "${BENCH_PROFILE:-}" ] && [[ $name == *"100 brands"* ]] && [ -z "${CASE_LOG:-}" ]; then
    perf record -F 499 --call-graph dwarf,16384 -o "$WORK/perf.data" -p "$SERVER_PID" -- sleep "$duration" \
      >/dev/null 2>&1 &
    perf_pid=$!
  elif [ -n "${BENCH_PG_PROFILE:-}" ] && [[ $name == "PostgreSQL, one server"*"100 brands" ]]; then
    # The whole machine: PostgreSQL's backends, its WAL writer, the server and wrk. The
    # server's thread names tell its samples from the others' (scripts/profile-pg.py).
    cat /proc/"$CASE_PID"/task/*/comm 2>/dev/null | sort -u >"$WORK/pg-server-threads.txt"
    perf record -a -F 199 --call-graph dwarf,8192 -o "$WORK/pg-perf.data" -- sleep "$duration" >/dev/null 2>&1 &
    perf_pid=$!
  fi
  # What a request costs, steadier than req/s on this noisy machine: on PostgreSQL's
  # one-server cases (CASE_LOG set), CPU time of the cluster and of the server, and WAL
  # written; on sled's durable signup cases (CASE_PID alone), the server's CPU time. On both,
  # the server's busiest thread: a brand's work runs on one arbiter thread, so on the hot
  # brand that thread, not the machine, may be what runs out.
  local pg_before=0 server_before=0 wal_before=0 server_pid=${CASE_PID:-} on_pg=${CASE_LOG:+1}
  if [ -n "$server_pid" ]; then
    thread_ticks "$server_pid" >"$WORK/threads-before.txt"
    server_before=$(cpu_ticks "$server_pid")
    [ -z "$on_pg" ] || { pg_before=$(cpu_ticks $(pg_pids)); wal_before=$(pg_wal_bytes); }
  fi
  wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -s "$script" "$BASE$path" >"$out"
  [ -z "$perf_pid" ] || wait "$perf_pid" || true
  if [ -n "$server_pid" ]; then
    local pg_after=0 server_after wal_after=0 requests
    server_after=$(cpu_ticks "$server_pid")
    thread_ticks "$server_pid" >"$WORK/threads-after.txt"
    [ -z "$on_pg" ] || { pg_after=$(cpu_ticks $(pg_pids)); wal_after=$(pg_wal_bytes); }
    requests=$(awk '/requests in/ {print $1}' "$out")
    CPU_ROWS+=("$(awk -v name="$name" -v n="$requests" -v hz="$(getconf CLK_TCK)" -v pg=$((pg_after - pg_before)) \
      -v srv=$((server_after - server_before)) -v wal=$((wal_after - wal_before)) -v on_pg="$on_pg" \
      -v busiest="$(busiest_thread "$WORK/threads-before.txt" "$WORK/threads-after.txt")" 'BEGIN {
        if (on_pg) printf "| %-62s | %9d | %9d | %9d | %9d | %9d |", name, pg * 1e6 / hz / n, srv * 1e6 / hz / n, (pg + srv) * 1e6 / hz / n, wal / n, busiest * 1e6 / hz / n
        else printf "| %-62s | %9s | %9d | %9d | %9s | %9d |", name, "-", srv * 1e6 / hz / n, srv * 1e6 / hz / n, "-", busiest * 1e6 / hz / n }')")
  fi
  local rps p50 p99 errors stalls
  rps=$(awk '/Requests\/sec/ {printf "%d", $2}' "$out")
  p50=$(awk '$1 == "50%" {print $2}' "$out")
  p99=$(awk '$1 == "99%" {print $2}' "$out")
  errors=$(awk '/Non-2xx/ {print $5}' "$out"); errors=${errors:-0}
  stalls=$(tail -n +"$log_from" "$log" | awk '/slow disk flush/ && match($0, /flush_ms=[0-9]+/) {
    n++; t += substr($0, RSTART + 9, RLENGTH - 9) } END { printf "%d (%d ms)", n, t }')
  # PostgreSQL's servers have no group commit of their own: nothing to count there.
  [ -z "${CASE_LOG:-}" ] || stalls="-"
  LAST_REQUESTS=$(awk '/requests in/ {print $1}' "$out")
  ROWS+=("$(printf '| %-62s | %8s | %8s | %8s | %7s | %14s |' "$name" "$rps" "$p50" "$p99" "$errors" "$stalls")")
  echo "${ROWS[-1]}" >&2
}

# slow_bodies_case: the 100-brands signups again while another address (127.0.0.2) has
# opened 2,000 registrations that send their headers and never their body (a slowloris): 64
# of them are held (max_anonymous_requests_per_address) until the body deadline, the rest
# answered 429 at once. Read against the same case without them, just above.
slow_bodies_case() {
  local ready="$WORK/slow-bodies-ready"
  python3 - "${BASE#http://}" 2000 "$ready" "$SECONDS_PER_CASE" <<'PY' &
import socket, sys, time
address, count, ready, hold = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
host, port = address.rsplit(":", 1)
head = (f"POST /api/v1/members HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n"
        "Content-Length: 100\r\n\r\n").encode()
opened = []
for _ in range(count):
    s = socket.socket()
    s.bind(("127.0.0.2", 0))
    s.connect((host, int(port)))
    s.sendall(head)
    opened.append(s)
open(ready, "w").close()
time.sleep(hold + 5)
PY
  local holder=$!
  while [ ! -e "$ready" ]; do
    kill -0 "$holder" 2>/dev/null || { echo "the slow-body holder failed" >&2; return 1; }
    sleep 0.1
  done
  run_case "POST /signups/referral, 100 brands, 2,000 slow bodies held" /api/v1/signups/referral \
    "$WORK/spread-slowloris.lua"
  kill "$holder" 2>/dev/null || true
  wait "$holder" 2>/dev/null || true
}

# commission_case: signed Stripe invoice.paid deliveries, each a new invoice of a referred
# customer's subscription (twelve monthly invoices a subscription), to a brand whose campaign
# pays 20 % for 12 months, 50 % of the first. The bodies are signed just before the run (Stripe's
# tolerance is five minutes); each wrk thread sends its own share of them, once.
commission_case() {
  local secret="whsec_benchcommission0123456789abcdef"
  local brand campaign referrers=() i
  brand=$(api POST /brands '{"url":"https://commissions.bench.example"}' | field '["id"]')
  curl -sf -X PUT "$BASE/api/v1/brands/$brand/stripe" -H "X-API-Key: $KEY" -H 'content-type: application/json' \
    -d "{\"signing_secret\":\"$secret\"}" >/dev/null
  campaign=$(api POST /campaigns "{\"name\":\"partners\",\"url_id\":$brand,\"reward_type\":5,\"reward_value\":\"5\",\"goal_type\":\"conversion\",\"payouts\":{\"currency\":\"EUR\"},\"commission\":{\"type\":\"percent\",\"rate\":20,\"first_payment_rate\":50,\"duration_months\":12}}" | field '["id"]')
  for i in $(seq 1 20); do
    referrers+=("$(api POST /signups "{\"campaign_id\":$campaign,\"email\":\"partner$i@commissions.bench.example\"}" | field '["participant"]["referral_code"]')")
  done
  for i in $(seq 0 199); do
    api POST /signups/referral "{\"referral_code\":\"${referrers[$((i % 20))]}\",\"email\":\"customer$i@commissions.bench.example\"}" >/dev/null
  done
  python3 - "$WORK/invoices.txt" "$secret" "${COMMISSION_INVOICES:-300000}" <<'PY'
import hashlib, hmac, json, sys, time
path, secret, count = sys.argv[1], sys.argv[2].encode(), int(sys.argv[3])
now, month = int(time.time()), 30 * 86400
with open(path, "w") as out:
    for i in range(count):
        sub, n = i // 12, i % 12
        start = 1_800_000_000 + n * month
        body = json.dumps({"id": f"evt_{i}", "type": "invoice.paid", "data": {"object": {
            "id": f"in_bench_{i}", "customer_email": f"customer{sub % 200}@commissions.bench.example",
            "amount_paid": 4900, "currency": "eur", "subscription": f"sub_bench_{sub}",
            "lines": {"data": [{"amount": 4900, "discount_amounts": [], "period": {"start": start},
                                "price": {"product": "prod_pro"}}]}}}}, separators=(",", ":"))
        mac = hmac.new(secret, f"{now}.{body}".encode(), hashlib.sha256).hexdigest()
        out.write(f"t={now},v1={mac}\t{body}\n")
PY
  cat >"$WORK/invoices.lua" <<LUA
local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
local signed, bodies, n = {}, {}, 0
function init(args)
  local i = 0
  for line in io.lines("$WORK/invoices.txt") do
    i = i + 1
    -- Each thread its own invoices: every delivery is a new one.
    if i % $THREADS == tid - 1 then
      local tab = line:find("\t", 1, true)
      signed[#signed + 1] = line:sub(1, tab - 1)
      bodies[#bodies + 1] = line:sub(tab + 1)
    end
  end
end
function request()
  n = n % #bodies + 1
  return wrk.format("POST", "/hooks/stripe/$brand",
    {["Content-Type"] = "application/json", ["Stripe-Signature"] = signed[n]}, bodies[n])
end
LUA
  run_case "Stripe invoice.paid, a new invoice each (commissions)" "/hooks/stripe/$brand" "$WORK/invoices.lua"
  local made
  made=$(api GET "/conversions?campaign_id=$campaign&limit=1" | field '["pagination"]["total"]')
  echo "commission case: $made invoices recorded, each delivery a new one while the ${COMMISSION_INVOICES:-300000} prepared last" >&2
}

# analytics_reads LABEL BASE KEY CAMPAIGN: the analytics' four reads of CAMPAIGN on the server at
# BASE, four connections each, with their p95 (wrk's latency distribution, analytics.lua).
analytics_reads() {
  local label=$1 base=$2 key=$3 campaign=$4 today year month first
  today=$(date -u +%F); year=$(date -u -d '-364 days' +%F); month=$(date -u -d '-29 days' +%F)
  cat >"$WORK/analytics.lua" <<LUA
wrk.headers["X-API-Key"] = "$key"
function done(summary, latency, requests)
  local out = io.open("$WORK/p95.txt", "w")
  out:write(string.format("%.1f", latency:percentile(95) / 1000))
  out:close()
end
LUA
  local saved_base=$BASE
  BASE=$base
  local reads=(
    "a year by day|from=$year&to=$today&interval=day&tz=Europe/Berlin"
    "a year by week|from=$year&to=$today&interval=week&tz=Europe/Berlin"
    "30 days by hour|from=$month&to=$today&interval=hour&tz=Europe/Berlin"
    "top 100 partners of a year|from=$year&to=$today&tz=Europe/Berlin&group_by=participant&limit=100"
  )
  for read in "${reads[@]}"; do
    # The first answer on its own: a ranking's first makes the packs of the year's months and
    # days (kept for every answer after it).
    first=$(curl -s -o /dev/null -w '%{time_total}' -H "X-API-Key: $key" \
      "$base/api/v1/campaigns/$campaign/analytics?${read#*|}")
    echo "$label: analytics, ${read%%|*}: the first answer took ${first} s" >&2
    CASE_CONNECTIONS=4 run_case "$label: analytics, ${read%%|*}" "/api/v1/campaigns/$campaign/analytics?${read#*|}" \
      "$WORK/analytics.lua"
    P95_ROWS+=("$(printf '| %-62s | %8s ms |' "$label: analytics, ${read%%|*}" "$(cat "$WORK/p95.txt")")")
  done
  BASE=$saved_base
}

# analytics_cases: BENCH_CASES=analytics (see the usage above). The seeding's time is printed
# too; the programme is seeded in the embedded store, then again in PostgreSQL.
analytics_cases() {
  local ids campaign member key started
  echo "seeding the analytics campaign: ${SEED_PARTICIPANTS:-1000000} participants, ${SEED_CLICKS:-10000000} clicks over two years" >&2
  cargo test --release --locked -q --test analytics_seed --no-run 2>/dev/null
  started=$SECONDS
  ids=$(ANALYTICS_SEED_DIR="$WORK/analytics-data" SEED_PARTICIPANTS="${SEED_PARTICIPANTS:-1000000}" \
    SEED_CLICKS="${SEED_CLICKS:-10000000}" cargo test --release --locked -q --test analytics_seed -- --ignored \
    --exact seed --nocapture 2>"$WORK/seed.log" | grep '^{')
  echo "seeded in $((SECONDS - started)) s: $ids" >&2
  campaign=$(echo "$ids" | field '["campaign_id"]')
  member=$(echo "$ids" | field '["member_id"]')
  start_server analytics
  PG_SERVERS+=("$STARTED_PID")
  key=$(curl -sf -X POST "$STARTED_BASE/admin/v1/members/$member/api-key" -H "Authorization: Bearer $ADMIN_TOKEN" |
    field '["data"]["api_key"]')
  analytics_reads "sled" "$STARTED_BASE" "$key" "$campaign"
  kill "$STARTED_PID"; wait "$STARTED_PID" 2>/dev/null || true
  # The same database moved into PostgreSQL, as `refctl restore --database-url` moves an
  # embedded backup (without the backup file: 11 GB written and read again for nothing).
  start_throwaway_postgres -c shared_buffers=256MB
  started=$SECONDS
  ANALYTICS_SEED_DIR="$WORK/analytics-data" ANALYTICS_SEED_POSTGRES="$PG_URL" cargo test --release --locked -q \
    --test analytics_seed -- --ignored --exact move_into_postgres --nocapture 2>"$WORK/move-pg.log" >/dev/null ||
    { tail -n 20 "$WORK/move-pg.log" >&2; exit 1; }
  psql -qAt "$PG_URL" -c ANALYZE
  echo "moved into PostgreSQL in $((SECONDS - started)) s: $(grep '^moved' "$WORK/move-pg.log")" >&2
  campaign=$(echo "$ids" | field '["campaign_id"]')
  member=$(echo "$ids" | field '["member_id"]')
  # With the secret the embedded database was written with (its check value moved too).
  start_server pg-analytics REFERRALS_STORAGE_BACKEND=postgres "REFERRALS_DATABASE_URL=$PG_URL" \
    "REFERRALS_SECRET=$(cat "$WORK/analytics-data/secret.key")"
  PG_SERVERS+=("$STARTED_PID")
  key=$(curl -sf -X POST "$STARTED_BASE/admin/v1/members/$member/api-key" -H "Authorization: Bearer $ADMIN_TOKEN" |
    field '["data"]["api_key"]')
  analytics_reads "PostgreSQL" "$STARTED_BASE" "$key" "$campaign"
}

print_table() {
  echo
  echo "wrk: $THREADS threads, $CONNECTIONS connections, ${SECONDS_PER_CASE}s per case, $(nproc) cores, server and wrk on one machine"
  printf '| %-62s | %8s | %8s | %8s | %7s | %14s |\n' "case" "req/s" "p50" "p99" "non-2xx" "slow flushes"
  printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..64})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..9})" "$(printf -- '-%.0s' {1..16})"
  printf '%s\n' "${ROWS[@]}"
  [ ${#CPU_ROWS[@]} -gt 0 ] || return 0
  echo
  echo "What one request cost, from /proc/PID/stat and pg_stat_wal (µs of CPU; WAL in bytes; sled's cases: the server alone;"
  echo "busiest: the server's busiest thread; on the hot brand, the arbiter thread of its actor):"
  printf '| %-62s | %9s | %9s | %9s | %9s | %9s |\n' "case" "PG µs" "server µs" "both µs" "WAL B" "busiest µs"
  printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..64})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..11})"
  printf '%s\n' "${CPU_ROWS[@]}"
}

# The durable referral signups again on PostgreSQL: a throwaway cluster from Debian's package
# (scripts/throwaway-postgres.sh) on this machine, durable as shipped (fsync and
# synchronous_commit on), one server on it, then two servers on it at once, each taking half
# of the connections. The first server sets up its own member and brands, the second uses
# them; the sled server idles meanwhile.
postgres_cases() {
  [ "$BENCH_CASES" != sled ] || return 0
  echo "starting a throwaway PostgreSQL for the PostgreSQL cases" >&2
  local stats_options=()
  [ -z "${BENCH_PG_STATS:-}" ] || stats_options=(-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on)
  # BENCH_PG_OPTIONS: more settings for this cluster (say, auto_explain's), its log kept in
  # the work directory with BENCH_KEEP=1.
  # shellcheck disable=SC2086
  start_throwaway_postgres -c shared_buffers=256MB "${stats_options[@]}" ${BENCH_PG_OPTIONS:-}
  # set_up assigns these; locals (bash scopes dynamically) keep the sled server's values.
  local BASE KEY TOKEN MEMBER HOT HOT_BRAND CLICK_CAMPAIGN IMPORT_CAMPAIGN brand campaign secret
  local -a CODES HOT_CODES
  secret=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
  local pg_env=(REFERRALS_STORAGE_BACKEND=postgres "REFERRALS_DATABASE_URL=$PG_URL" "REFERRALS_SECRET=$secret")
  start_server pg-one "${pg_env[@]}"
  PG_SERVERS+=("$STARTED_PID")
  BASE=$STARTED_BASE
  set_up
  # A database in use, as the sled server's is after its seeding: signups for a while, then
  # the planner's statistics as autovacuum keeps them (a minute after tables start to fill).
  # Without them, PostgreSQL plans its lookups for the nearly empty tables of the set-up and
  # keeps those plans: scans of whole tables where a key's index answers.
  referral_script "$WORK/pg-warm.lua" pg-warm "${CODES[@]}"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$SECONDS_PER_CASE"s -s "$WORK/pg-warm.lua" "$BASE/api/v1/signups/referral" >/dev/null
  psql -qAt "$PG_URL" -c ANALYZE
  # BENCH_PG_SQL: statements run on the cluster before the measured cases, to price a change
  # of schema without a build (say, DROP INDEX of an index a signup writes).
  [ -z "${BENCH_PG_SQL:-}" ] || psql -qAt "$PG_URL" -c "$BENCH_PG_SQL" >&2
  referral_script "$WORK/pg-spread.lua" pg-spread "${CODES[@]}"
  referral_script "$WORK/pg-hot.lua" pg-hot "${HOT_CODES[@]}"
  export CASE_LOG="$WORK/pg-one.log" CASE_PID=$STARTED_PID
  [ -z "${BENCH_PG_STATS:-}" ] || psql -qAt "$PG_URL" -c "CREATE EXTENSION pg_stat_statements" \
    -c "SELECT pg_stat_statements_reset(), pg_stat_reset()" >/dev/null
  run_case "PostgreSQL, one server: POST /signups/referral, 100 brands" /api/v1/signups/referral "$WORK/pg-spread.lua"
  PG_SIGNUPS=$LAST_REQUESTS
  [ -z "${BENCH_PG_STATS:-}" ] || psql -qAt -F'|' "$PG_URL" -c "SELECT calls, total_exec_time,
      regexp_replace(query, '\s+', ' ', 'g') FROM pg_stat_statements" >"$WORK/pg-statements.txt"
  [ -z "${BENCH_PG_STATS:-}" ] || psql -q "$PG_URL" -c "SELECT calls, round(mean_exec_time::numeric, 3) AS mean_ms,
      round(total_exec_time::numeric) AS total_ms, plans, round(total_plan_time::numeric) AS plan_ms, rows, left(regexp_replace(query, '\s+', ' ', 'g'), 110) AS query
    FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 40" \
    -c "SELECT relname, seq_scan, seq_tup_read, idx_scan, n_live_tup FROM pg_stat_user_tables
      WHERE seq_scan > 0 ORDER BY seq_tup_read DESC LIMIT 10" \
    -c "SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del, (SELECT count(*) FROM pg_index i
          WHERE i.indrelid = relid) AS indexes FROM pg_stat_user_tables
      WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY n_tup_ins + n_tup_upd DESC LIMIT 15" >&2
  run_case "PostgreSQL, one server: POST /signups/referral, hot brand" /api/v1/signups/referral "$WORK/pg-hot.lua"
  unset CASE_LOG CASE_PID
  # The second server shares the database (and the secret, so the first one's key works).
  start_server pg-two "${pg_env[@]}"
  PG_SERVERS+=("$STARTED_PID")
  local half=$((CONNECTIONS / 2)) name="PostgreSQL, two servers: POST /signups/referral, 100 brands"
  referral_script "$WORK/pg-spread-2.lua" pg-spread-2 "${CODES[@]}"
  wrk -t1 -c"$half" -d"${SECONDS_PER_CASE}s" --latency -s "$WORK/pg-spread-2.lua" "$BASE/api/v1/signups/referral" \
    >"$WORK/wrk-one.txt" &
  local first=$!
  wrk -t1 -c"$half" -d"${SECONDS_PER_CASE}s" --latency -s "$WORK/pg-spread-2.lua" \
    "$STARTED_BASE/api/v1/signups/referral" >"$WORK/wrk-two.txt"
  wait "$first"
  ROWS+=("$(awk -v name="$name" '/Requests\/sec/ {rps += $2} $1 == "50%" {p50 = p50 (p50 ? " / " : "") $2}
      $1 == "99%" {p99 = p99 (p99 ? " / " : "") $2} /Non-2xx/ {errors += $5}
      END {printf "| %-62s | %8d | %8s | %8s | %7d | %14s |", name, rps, p50, p99, errors, "-"}' \
    "$WORK/wrk-one.txt" "$WORK/wrk-two.txt")")
  echo "${ROWS[-1]}" >&2
  for pid in "${PG_SERVERS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  PG_SERVERS=()
  [ -z "${BENCH_KEEP:-}" ] || cp "$PG_DIR/server.log" "$WORK/postgres.log"
  stop_throwaway_postgres
}

# The dashboard's pages of the hot campaign, one browser at a time (1 connection): the
# time a page takes on the server. Signed in through the form, as a browser is.
dashboard_cases() {
  curl -sf -c "$WORK/jar" "$BASE/dashboard/sign-in" -o "$WORK/sign-in.html"
  FORM_TOKEN=$(grep -o 'name="csrf" value="[^"]*"' "$WORK/sign-in.html" | cut -d'"' -f4)
  curl -sf -b "$WORK/jar" -c "$WORK/jar" -o /dev/null -H "Origin: $BASE" "$BASE/dashboard/sign-in" \
    --data-urlencode "csrf=$FORM_TOKEN" --data-urlencode "email=bench@example.com" --data-urlencode "password=bench-password"
  SESSION=$(awk '$6 == "referrals_session" {print $7}' "$WORK/jar")
  [ -n "$SESSION" ] || { echo "bench.sh: could not sign in to the dashboard" >&2; exit 1; }
  printf 'wrk.headers["Cookie"] = "referrals_session=%s"\n' "$SESSION" >"$WORK/page.lua"
  TOP_REFERRER=$(api GET "/campaigns/$HOT/leaderboard?limit=1" | field '["leaders"][0]["participant_id"]')
  export CASE_THREADS=1 CASE_CONNECTIONS=1
  run_case "dashboard: participants, page 1 ($total participants)" "/dashboard/campaigns/$HOT/participants" "$WORK/page.lua"
  run_case "dashboard: participants, page 2000" "/dashboard/campaigns/$HOT/participants?page=2000" "$WORK/page.lua"
  run_case "dashboard: participants, most referrals first" "/dashboard/campaigns/$HOT/participants?sort=referrals" "$WORK/page.lua"
  run_case "dashboard: participants, search (reads every haystack)" "/dashboard/campaigns/$HOT/participants?search=referrer7%40hot" "$WORK/page.lua"
  run_case "dashboard: a participant who referred thousands" "/dashboard/participants/$TOP_REFERRER" "$WORK/page.lua"
  run_case "dashboard: campaign overview" "/dashboard/campaigns/$HOT" "$WORK/page.lua"
  run_case "dashboard: campaign statistics, 365 days" "/dashboard/campaigns/$HOT/stats?days=365" "$WORK/page.lua"
  run_case "dashboard: brand page (charts of its campaigns)" "/dashboard/brands/$HOT_BRAND" "$WORK/page.lua"
  unset CASE_THREADS CASE_CONNECTIONS
}

# import_case: `refctl coupons import` of 1,000,000 codes, streamed; then 1,000,000 more into
# the same pool, each checked against the million already there.
import_case() {
python3 -c "
import sys
for n, path in enumerate(sys.argv[1:]):
    with open(path, 'w') as f:
        f.writelines('BENCH%d-%08d\n' % (n, i) for i in range(1_000_000))" "$WORK/codes.csv" "$WORK/codes-more.csv"
python3 - "$BASE" "$ADMIN_TOKEN" "$IMPORT_CAMPAIGN" "$WORK/codes.csv" "$WORK/codes-more.csv" <<'PY'
import resource, subprocess, sys, time
base, token, campaign, *paths = sys.argv[1:]
for path, what in zip(paths, ["1,000,000 codes", "1,000,000 more codes into that pool"]):
    started = time.time()
    run = subprocess.run(["./target/release/refctl", "--server", base, "--token", token, "--config", "/nonexistent",
                          "coupons", "import", "--campaign", campaign, path], capture_output=True, text=True)
    seconds = time.time() - started
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if run.returncode != 0:
        sys.exit(f"refctl coupons import failed: {run.stderr.strip()}")
    print(f"\nrefctl coupons import, {what}: {seconds:.1f} s end to end, refctl peak memory {peak_mb:.1f} MB"
          " (target: under 10 s, under 20 MB)")
    print(run.stdout.strip())
PY
}

referral_script "$WORK/spread.lua" spread "${CODES[@]}"
referral_script "$WORK/hot.lua" hot "${HOT_CODES[@]}"
referral_script "$WORK/spread-slowloris.lua" spread-slowloris "${CODES[@]}"

# Warm-up, not measured: seed the hot campaign up to 100,000 participants for the page
# reads. This also grows the database file to a steady size; on a brand-new database every
# flush also extends the file, which makes the first writes slower than a running server's.
while :; do
  total=$(api GET "/participants?campaign_id=$HOT&limit=1" | field '["pagination"]["total"]')
  [ "$total" -ge "$PARTICIPANTS_TARGET" ] && break
  echo "seeding participants: $total of $PARTICIPANTS_TARGET" >&2
  # Chunks of at most 20 s, sized for 10,000 signups/s, so the seeding stops near the target.
  chunk=$(( (PARTICIPANTS_TARGET - total) / 10000 + 1 )); [ "$chunk" -le 20 ] || chunk=20
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${chunk}s" -s "$WORK/signup.lua" "$BASE/api/v1/signups" >/dev/null
done
if [ "$BENCH_CASES" = import ]; then
  import_case
  exit 0
fi
if [ "$BENCH_CASES" = commissions ]; then
  run_case "GET /api/v1/billing/plans (baseline)" /api/v1/billing/plans
  commission_case
  print_table
  exit 0
fi
if [ "$BENCH_CASES" = clicks ]; then
  run_case "GET /api/v1/billing/plans (baseline)" /api/v1/billing/plans
  export CASE_PID=$SERVER_PID
  run_case "GET /api/click (tracker, counted in memory)" "/api/click?from=partner.bench.example&to=brand1.bench.example"
  run_case "POST /api/click (tracker beacon)" /api/click "$WORK/beacon.lua"
  unset CASE_PID
  print_table
  exit 0
fi
if [ "$BENCH_CASES" = analytics ]; then
  run_case "GET /api/v1/billing/plans (baseline)" /api/v1/billing/plans
  P95_ROWS=()
  analytics_cases
  print_table
  echo
  echo "p95 of each read (targets: 300 ms; the top 100 partners, 500 ms):"
  printf '%s\n' "${P95_ROWS[@]}"
  exit 0
fi
if [ "$BENCH_CASES" = dashboard ]; then
  run_case "GET /api/v1/billing/plans (baseline)" /api/v1/billing/plans
  # Referrals onto the hot campaign, so that its top referrer has thousands.
  run_case "POST /signups/referral, one hot brand (durable)" /api/v1/signups/referral "$WORK/hot.lua"
  dashboard_cases
  print_table
  exit 0
fi
if [ "$BENCH_CASES" != restore ]; then
run_case "GET /api/v1/billing/plans (baseline)" /api/v1/billing/plans
if [ "$BENCH_CASES" != postgres ]; then
  export CASE_PID=$SERVER_PID
  run_case "POST /signups/referral, 100 brands (durable)" /api/v1/signups/referral "$WORK/spread.lua"
  run_case "POST /signups/referral, one hot brand (durable)" /api/v1/signups/referral "$WORK/hot.lua"
  unset CASE_PID
  slow_bodies_case
  # Not in the A/B modes: a build before commissions has no such case.
  [ "$BENCH_CASES" != all ] || commission_case
fi
postgres_cases
if [ "$BENCH_CASES" = signups ] || [ "$BENCH_CASES" = sled ] || [ "$BENCH_CASES" = postgres ]; then
  print_table
  if [ -n "${BENCH_PROFILE:-}" ]; then
    perf report -i "$WORK/perf.data" --children --sort symbol -g none --stdio --percent-limit 0.05 2>/dev/null \
      >"$WORK/perf.txt"
    # The server's CPU a signup in that case (sampled: perf's own cost is in it), for µs by stage.
    per_signup=$(printf '%s\n' "${CPU_ROWS[@]}" | awk -F'|' '/100 brands \(durable\)/ {print $4 + 0; exit}')
    python3 scripts/profile-stages.py "$WORK/perf.txt" "$per_signup"
  fi
  if [ -n "${BENCH_PG_PROFILE:-}" ]; then
    perf report -i "$WORK/pg-perf.data" --sort comm -g none --stdio 2>/dev/null | grep -v '^#' | grep . >"$WORK/pg-comm.txt" || true
    perf report -i "$WORK/pg-perf.data" --comms postgres --children --sort symbol -g none --stdio 2>/dev/null \
      | grep -v '^#' | grep . >"$WORK/pg-symbols.txt" || true
    echo "the machine's CPU during the PostgreSQL 100-brands case, by process" >&2
    head -8 "$WORK/pg-comm.txt" >&2
    echo "PostgreSQL's functions (with what they call, share of all samples)" >&2
    head -120 "$WORK/pg-symbols.txt" >&2
    # A signup's CPU by stage: PostgreSQL's (by statement with BENCH_PG_STATS) and the server's.
    read -r pg_us server_us < <(printf '%s\n' "${CPU_ROWS[@]}" \
      | awk -F'|' '/one server: POST \/signups\/referral, 100 brands/ {print $3 + 0, $4 + 0; exit}')
    statements=()
    [ -z "${BENCH_PG_STATS:-}" ] || statements=("$WORK/pg-statements.txt" "$PG_SIGNUPS")
    python3 scripts/profile-pg.py "$WORK/pg-comm.txt" "$WORK/pg-server-threads.txt" "$pg_us" "$server_us" \
      "${statements[@]}"
  fi
  exit 0
fi
run_case "GET /campaigns/:id" "/api/v1/campaigns/$HOT"
clicks_before=$(api GET "/campaigns/$CLICK_CAMPAIGN/stats" | field '["clicks"]')
run_case "GET /api/click (tracker, counted in memory)" "/api/click?from=partner.bench.example&to=brand1.bench.example"
sent=$LAST_REQUESTS
run_case "POST /api/click (tracker beacon)" /api/click "$WORK/beacon.lua"
sent=$((sent + LAST_REQUESTS))
# wrk cuts its last requests off at the deadline, so the server may count a few more than
# wrk reports; counts reach the store within about a second.
sleep 2
clicks=$(( $(api GET "/campaigns/$CLICK_CAMPAIGN/stats" | field '["clicks"]') - clicks_before ))
CLICK_CHECK="clicks counted by the server: $clicks; completed click requests reported by wrk: $sent"
echo "$CLICK_CHECK" >&2

run_case "GET /participants?campaign_id page 1 ($total participants)" "/api/v1/participants?campaign_id=$HOT&page=1"
run_case "GET /participants?campaign_id page 1000 ($total participants)" "/api/v1/participants?campaign_id=$HOT&page=1000"
# The leaderboard of the same campaign: its referrers ranked, read from the kept board.
run_case "GET /campaigns/:id/leaderboard ($total participants)" "/api/v1/campaigns/$HOT/leaderboard"
run_case "GET /campaigns/:id/leaderboard?period=week&limit=100" "/api/v1/campaigns/$HOT/leaderboard?period=week&limit=100"
dashboard_cases
# The dry run of fraud rules replays the whole hot campaign: one request, timed end to end.
PREVIEW_CHECK=$(python3 - "$BASE" "$KEY" "$HOT" "$total" <<'PY'
import json, sys, time, urllib.request
base, key, campaign, total = sys.argv[1:]
request = urllib.request.Request(f"{base}/api/v1/campaigns/{campaign}/fraud/preview", method="POST",
                                 data=b'{"max_referrals_per_hour": 5}',
                                 headers={"content-type": "application/json", "X-API-Key": key})
started = time.time()
with urllib.request.urlopen(request, timeout=600) as answer:
    data = json.load(answer)["data"]
print(f"POST /campaigns/:id/fraud/preview over {int(total):,} participants: {time.time() - started:.2f} s "
      f"({data['referrals']:,} referrals replayed, {data['held']:,} would be held)")
PY
)
echo "$PREVIEW_CHECK" >&2
# The same campaign with its waitlist turned on: the line is built from the whole roster in
# one commit (timed), then the place of its newest participant, at the back of the line, is
# read through the participant's read and the widget's progress.
WAITLIST_SETUP=$(python3 - "$BASE" "$KEY" "$HOT" "$total" <<'PY'
import json, sys, time, urllib.request
base, key, campaign, total = sys.argv[1:]
def call(method, path, body=None):
    request = urllib.request.Request(f"{base}/api/v1{path}", method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"content-type": "application/json", "X-API-Key": key})
    with urllib.request.urlopen(request, timeout=600) as answer:
        return json.load(answer)["data"]
started = time.time()
call("PUT", f"/campaigns/{campaign}", {"waitlist": {"enabled": True}})
built = time.time() - started
in_line = call("GET", f"/campaigns/{campaign}/waitlist?limit=1")["in_line"]
newest = call("GET", f"/participants?campaign_id={campaign}&limit=1")["participants"][0]
spot = call("GET", f"/participants/{newest['id']}")["waitlist"]
print(f"waitlist turned on: a line of {in_line:,} built in {built:.2f} s; "
      f"the newest participant is number {spot['position']:,} with {spot['behind']} behind")
print(newest["id"], newest["referral_code"])
PY
)
WAITLIST_CHECK=$(head -1 <<<"$WAITLIST_SETUP")
read -r BACK_ID BACK_CODE <<<"$(tail -1 <<<"$WAITLIST_SETUP")"
echo "$WAITLIST_CHECK" >&2
run_case "GET /participants/:id (at the back of the line)" "/api/v1/participants/$BACK_ID"
run_case "GET /api/widget/progress (at the back of the line)" "/api/widget/progress?code=$BACK_CODE"
# Last among the writes: every key generation revokes the key the other cases use.
run_case "POST /members/api-key (durable write, JWT)" /api/v1/members/api-key "$WORK/api-key.lua"
run_case "GET /api/v1/billing/plans (baseline, again)" /api/v1/billing/plans

print_table
echo "$CLICK_CHECK"
echo "$PREVIEW_CHECK"
echo "$WAITLIST_CHECK"
import_case

fi # not BENCH_CASES=restore

# Backup of everything above (100,000+ participants, 2,000,000 coupons) while referral
# signups across the 100 brands go on: the server reports the longest time it held writes
# back, and wrk what the signups saw. Then an offline restore of it into a new data directory
# once the server has stopped.
# A key of its own: the API-key case revoked the one the other cases used.
KEY=$(curl -sf -X POST "$BASE/api/v1/members/api-key" -H "Authorization: Bearer $TOKEN" | field '["data"]["api_key"]')
# The backup's line is for a database of 3,000,000 entries or more. Coupon codes take no
# entry each (a block row holds 64), so the cases above leave fewer: grow the database with
# plain signups onto a campaign of their own, counting between rounds the entries a backup
# reports (X-Backup-Entries).
if [ "$BENCH_CASES" = all ]; then
  BULK=$(api POST /campaigns "{\"name\":\"bulk\",\"url_id\":$HOT_BRAND,\"reward_type\":5,\"reward_value\":\"5\"}" | field '["id"]')
  signup_script "$WORK/bulk.lua" "$BULK"
  while :; do
    entries=$(curl -sf -D - -o /dev/null -H "Authorization: Bearer $ADMIN_TOKEN" "$BASE/admin/v1/backup" |
      tr -d '\r' | awk -F': ' 'tolower($1) == "x-backup-entries" {print $2}')
    [ "${entries:-0}" -ge "${BACKUP_ENTRIES_TARGET:-3000000}" ] && break
    echo "growing the database for the backup case: ${entries:-?} of ${BACKUP_ENTRIES_TARGET:-3000000} entries" >&2
    wrk -t"$THREADS" -c"$CONNECTIONS" -d20s -s "$WORK/bulk.lua" "$BASE/api/v1/signups" >/dev/null
  done
fi
referral_script "$WORK/during-backup.lua" during-backup "${CODES[@]}"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${BACKUP_LOAD_SECONDS:-20}s" --latency -s "$WORK/during-backup.lua" \
  "$BASE/api/v1/signups/referral" >"$WORK/during-backup.txt" &
DURING_PID=$!
sleep 2 # let the load settle before the backup begins
python3 - "$BASE" "$ADMIN_TOKEN" "$WORK/snapshot.backup" <<'PY'
import json, subprocess, sys, time
base, token, path = sys.argv[1:]
started = time.time()
run = subprocess.run(["./target/release/refctl", "--server", base, "--token", token, "--config", "/nonexistent",
                      "--json", "backup", path], capture_output=True, text=True)
if run.returncode != 0:
    sys.exit(f"refctl backup failed: {run.stderr.strip()}")
report = json.loads(run.stdout)
print(f"\nrefctl backup during referral signups: {time.time() - started:.1f} s, {report['entries']:,} entries, "
      f"{report['bytes'] / 1e6:.0f} MB, longest write pause {report['writes_paused_ms']} ms (target: under 100 ms)")
PY
wait "$DURING_PID"
awk '/Requests\/sec/ {rps = $2} /^ +Latency +[0-9]/ {max = $4} $1 == "99%" {p99 = $2} /requests in/ {n = $1}
     /Non-2xx/ {errors = $5} END { printf "referral signups across 100 brands meanwhile (wrk, %s s, the backup inside): %s, %d/s, p99 %s, longest %s, non-2xx %d\n", ENVIRON["BACKUP_LOAD_SECONDS"] ? ENVIRON["BACKUP_LOAD_SECONDS"] : 20, n, rps, p99, max, errors + 0 }' \
  "$WORK/during-backup.txt"
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=
python3 - "$WORK/snapshot.backup" "$WORK/restored" "$total" <<'PY'
import os, resource, subprocess, sys, time
path, target, participants = sys.argv[1:]
started = time.time()
run = subprocess.run(["./target/release/refctl", "--config", "/nonexistent", "restore", path, "--data-dir", target],
                     capture_output=True, text=True)
if run.returncode != 0:
    sys.exit(f"refctl restore failed: {run.stderr.strip()}")
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"refctl restore (offline) of a {os.path.getsize(path) / 1e6:.0f} MB backup ({int(participants):,} participants "
      f"in the largest campaign): {time.time() - started:.1f} s, peak memory {peak_mb:.0f} MB (target: under 100 MB)")
PY
