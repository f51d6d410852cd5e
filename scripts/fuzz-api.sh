#!/usr/bin/env bash
# Usage: scripts/fuzz-api.sh [seconds (default 120)]
#
# Fuzzes the API with schemathesis against its own OpenAPI document (GET
# /api/v1/openapi.json), every check on: no 5xx, every answer in its documented schema and
# status, invalid input refused, valid input accepted, auth enforced. Installs schemathesis
# from PyPI into target/fuzz-venv, starts the server (the test suite's build) on a temporary data
# directory and a free loopback port, registers a member, then runs two phases within the
# time given: the API and public site with the member's token, then the admin API with the
# admin token. Webhooks are in dry-run mode, so nothing is sent anywhere; all traffic stays
# on 127.0.0.1. Exits non-zero when schemathesis finds a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_TOTAL=${1:-120}
VENV=target/fuzz-venv
SCHEMATHESIS_VERSION=4.32.5

if [ ! -x "$VENV/bin/schemathesis" ] || ! "$VENV/bin/schemathesis" --version | grep -q "$SCHEMATHESIS_VERSION"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" openapi-spec-validator
fi
# The server the test suite runs (target/debug/referrals-server): a plain `cargo build`
# resolves features without the workspace's dev-dependencies and would compile it again.
cargo test --workspace --locked --no-run --quiet
BIN=target/debug/referrals-server

WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# The fuzzer is one client at one address sending thousands of requests: lift the limits
# that would otherwise answer most of them 429 (429 is documented, but it would test little);
# registration open, so that POST /members is fuzzed past its 403.
cat >"$WORK/config.toml" <<TOML
[members]
registration = "open"
[webhooks]
dry_run = true
[rate_limits]
public_per_minute = 60000000
public_burst = 1000000
view_per_minute = 60000000
view_burst = 1000000
login_per_minute = 60000000
login_burst = 1000000
login_address_per_minute = 60000000
login_address_burst = 1000000
member_writes_per_minute = 60000000
member_writes_burst = 1000000
# The admin phase sends requests without the token (auth enforced: 401), each a wrong guess.
admin_guesses_per_minute = 60000000
admin_guesses_burst = 1000000
TOML
ADMIN_TOKEN="fuzz-admin-token-$$-0123456789abcdef"
REFERRALS_ADMIN_TOKEN="$ADMIN_TOKEN" "$BIN" --config "$WORK/config.toml" --bind 127.0.0.1:0 --data-dir "$WORK/data" \
  --log-level warn >"$WORK/stdout" 2>"$WORK/server.log" &
SERVER_PID=$!
for _ in $(seq 1 100); do grep -q listening "$WORK/stdout" 2>/dev/null && break; sleep 0.1; done
BASE=$(grep -o 'http://[0-9.:]*' "$WORK/stdout" | head -1)
[ -n "$BASE" ] || { echo "server did not start:" >&2; cat "$WORK/server.log" >&2; exit 1; }

curl -sf "$BASE/api/v1/openapi.json" -o "$WORK/openapi.json"
"$VENV/bin/openapi-spec-validator" "$WORK/openapi.json"

MEMBER=$(curl -sf -X POST "$BASE/api/v1/members" -H 'content-type: application/json' \
  -d '{"email":"fuzz@example.com","name":"Fuzz","password":"fuzz-password-123"}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["id"])')
# On the Scale plan (no limits), so creations are fuzzed beyond the free plan's one brand.
curl -sf -X PUT "$BASE/admin/v1/members/$MEMBER/plan" -H "Authorization: Bearer $ADMIN_TOKEN" \
  -H 'content-type: application/json' -d '{"plan_id":3}' >/dev/null
TOKEN=$(curl -sf -X POST "$BASE/api/v1/auth/token" -H 'content-type: application/json' \
  -d '{"email":"fuzz@example.com","password":"fuzz-password-123"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
KEY=$(curl -sf -X POST "$BASE/api/v1/members/api-key" -H "Authorization: Bearer $TOKEN" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["api_key"])')
# A brand and campaign, so ids in the fuzzed requests sometimes name something that exists.
curl -sf -X POST "$BASE/api/v1/brands" -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' \
  -d '{"url":"https://fuzz.example"}' >/dev/null
curl -sf -X POST "$BASE/api/v1/campaigns" -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' \
  -d '{"name":"fuzz","url_id":1,"reward_type":3,"reward_value":"thanks"}' >/dev/null || true

run() {
  local seconds=$1; shift
  "$VENV/bin/schemathesis" --config-file scripts/fuzz-api.toml run "$WORK/openapi.json" --url "$BASE" \
    --checks all --max-time "$seconds" --request-timeout 20 --max-redirects 0 --workers 1 \
    --suppress-health-check all "$@"
}
API_SECONDS=$((SECONDS_TOTAL * 3 / 4))
status=0
echo "== API and public site, as a member (${API_SECONDS}s)"
# Both credentials, valid and of the same member (schemathesis fills in every security
# scheme's header). Generating a new API key would revoke the one the run uses, so that one
# operation is left to the integration tests.
run "$API_SECONDS" -H "Authorization: Bearer $TOKEN" -H "X-API-Key: $KEY" --exclude-path-regex '^/admin/' \
  --exclude-operation-id regenerateApiKey || status=1
echo "== admin API (${SECONDS_TOTAL}s in all)"
run "$((SECONDS_TOTAL - API_SECONDS))" -H "Authorization: Bearer $ADMIN_TOKEN" --include-path-regex '^/admin/' || status=1

if grep -q "internal error" "$WORK/server.log"; then
  echo "the server logged internal errors:" >&2
  grep "internal error" "$WORK/server.log" | head -20 >&2
  status=1
fi
exit $status
