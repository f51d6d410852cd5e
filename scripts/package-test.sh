#!/usr/bin/env bash
# Usage: scripts/package-test.sh   (as root, on a Debian machine without the package installed)
#
# The Debian package from install to purge, as an operator meets it: builds it from the test
# build (scripts/package.sh --from-test-build), installs it with dpkg -i, checks what the
# install made (the system user, the modes of /etc/referrals, the generated admin token, the
# data directory), verifies the systemd unit with systemd-analyze where it exists, starts the
# server as the packaged user with the packaged config and secrets (as the unit does; the
# machine may have no systemd running), finds it with the packaged refctl from the config
# alone, runs the README's first API calls as written, makes a member, an API key, a brand, a
# campaign and a referral signup, then removes
# the package (config and data kept) and purges it (config gone, data kept). Everything it
# starts listens on 127.0.0.1 and is stopped when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$(id -u)" = 0 ] || { echo "scripts/package-test.sh: run as root (it installs a package)" >&2; exit 1; }
if dpkg -s referrals >/dev/null 2>&1 || getent passwd referrals >/dev/null || [ -e /var/lib/referrals ]; then
  echo "scripts/package-test.sh: this machine already has referrals installed or its data; not touching it" >&2
  exit 1
fi

fail() { echo "package test: FAILED: $*" >&2; exit 1; }
step() { echo "-- $*"; }

SERVER_PID=
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  # What this test made on the machine, and only that (it refused to start if any existed).
  dpkg --purge referrals >/dev/null 2>&1 || true
  rm -rf /var/lib/referrals
  if getent passwd referrals >/dev/null; then deluser --quiet --system referrals >/dev/null 2>&1 || userdel referrals || true; fi
  getent group referrals >/dev/null && { groupdel referrals 2>/dev/null || true; }
  rm -f "${LOG:-}"
}
trap cleanup EXIT

step "build the package"
bash scripts/package.sh --from-test-build
DEB=$(ls -t target/debian/referrals_*.deb | head -1)

step "dpkg -i $DEB"
dpkg -i "$DEB"

step "what the install made"
getent passwd referrals | grep -q ':/usr/sbin/nologin$' || fail "no system user referrals with no login shell"
[ "$(stat -c '%U:%G %a' /var/lib/referrals)" = "referrals:referrals 700" ] || fail "/var/lib/referrals: $(stat -c '%U:%G %a' /var/lib/referrals)"
[ "$(stat -c '%U:%G %a' /etc/referrals/config.toml)" = "root:referrals 640" ] || fail "config.toml: $(stat -c '%U:%G %a' /etc/referrals/config.toml)"
[ "$(stat -c '%U:%G %a' /etc/referrals/environment)" = "root:referrals 640" ] || fail "environment: $(stat -c '%U:%G %a' /etc/referrals/environment)"
grep -Eq '^REFERRALS_ADMIN_TOKEN=[0-9a-f]{64}$' /etc/referrals/environment || fail "no generated admin token"
grep -q '^data_dir = "/var/lib/referrals"$' /etc/referrals/config.toml || fail "the packaged config's data_dir"
grep -qx '/etc/referrals/config.toml' /var/lib/dpkg/info/referrals.conffiles || fail "config.toml is not a conffile"
[ -L /etc/systemd/system/multi-user.target.wants/referrals.service ] || fail "the unit is not enabled"
[ -f /usr/share/man/man1/refctl.1.gz ] && [ -f /usr/share/bash-completion/completions/refctl ] || fail "man page or completions missing"
/usr/bin/referrals-server --version >/dev/null || fail "the packaged server does not run"

UNIT=/usr/lib/systemd/system/referrals.service
if command -v systemd-analyze >/dev/null; then
  step "systemd-analyze verify $UNIT"
  systemd-analyze verify "$UNIT" || fail "systemd-analyze verify"
else
  echo "(no systemd-analyze on this machine: the unit is not verified)"
fi
if [ -d /run/systemd/system ]; then
  # systemd started the service at install; this test runs its own on a free port instead.
  systemctl stop referrals
fi

step "start the server as user referrals with /etc/referrals/config.toml and /etc/referrals/environment"
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# An operator's edit of the conffile: the address (refctl reads it from there too).
sed -i "s|^bind = \"127.0.0.1:8080\"$|bind = \"127.0.0.1:$PORT\"|" /etc/referrals/config.toml
grep -q "^bind = \"127.0.0.1:$PORT\"$" /etc/referrals/config.toml || fail "could not set the port"
LOG=$(mktemp)
(
  set -a
  # shellcheck disable=SC1091
  . /etc/referrals/environment
  set +a
  cd /var/lib/referrals
  exec runuser -u referrals -- /usr/bin/referrals-server --config /etc/referrals/config.toml
) >"$LOG" 2>&1 &
SERVER_PID=$!
BASE="http://127.0.0.1:$PORT"
for _ in $(seq 1 100); do curl -sf "$BASE/api/v1/health" >/dev/null 2>&1 && break; sleep 0.1; done
HEALTH=$(curl -sf "$BASE/api/v1/health") || { cat "$LOG" >&2; fail "/api/v1/health did not answer"; }
echo "$HEALTH"
[ "$(stat -c %U /var/lib/referrals/secret.key)" = referrals ] || fail "secret.key not owned by referrals"

step "the README's first API calls, as written, on the installed server (its first account)"
README_CALLS=$(python3 - "$PORT" <<'PY'
import re, sys
readme = open("README.md").read()
block = re.search(r"\*\*3\. One referral through the API\.\*\*.*?```sh\n(.*?)```", readme, re.S).group(1)
print(block.replace("localhost:8080", "127.0.0.1:" + sys.argv[1]))
PY
)
README_OUT=$(bash -euo pipefail -c "$README_CALLS") || fail "the README's API calls failed: $README_OUT"
# The calls print their answers one after another, without newlines: the last one is the
# referral signup's.
echo "$README_OUT" | python3 -c '
import json, sys
text, decoder, answers, at = sys.stdin.read(), json.JSONDecoder(), [], 0
while text[at:].strip():
    at = len(text) - len(text[at:].lstrip())
    answer, at = decoder.raw_decode(text, at)
    answers.append(answer)
reward = answers[-1]["data"]["referrer_reward"]
assert reward["value"] == "10.00", reward
' || fail "the README's referral signup did not earn 10.00: $README_OUT"
echo "the README's referral signup: the referrer earned 10.00"
[ -f /usr/share/doc/referrals/docs/screenshots/dashboard-review.png ] || fail "the README's screenshot is not shipped"

step "refctl finds the server and its token from /etc/referrals alone (run from /)"
json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
MEMBER=$(cd / && refctl --json members create --email ops@example.com --name Ops --password 'package-test-pw' | json '["id"]')
KEY=$(cd / && refctl --json keys generate "$MEMBER" | json '["api_key"]')
[ -n "$KEY" ] || fail "no API key"

step "one referral signup"
api() { curl -sf -X POST "$BASE/api/v1/$1" -H "X-API-Key: $KEY" -H 'content-type: application/json' -d "$2"; }
BRAND=$(api brands '{"url":"https://shop.example"}' | json '["data"]["id"]')
CAMPAIGN=$(api campaigns "{\"name\":\"Spring\",\"url_id\":$BRAND,\"reward_type\":5,\"reward_value\":\"10\"}" | json '["data"]["id"]')
CODE=$(api signups "{\"campaign_id\":$CAMPAIGN,\"email\":\"ann@example.com\"}" | json '["data"]["participant"]["referral_code"]')
REWARD=$(api signups/referral "{\"referral_code\":\"$CODE\",\"email\":\"bob@example.com\"}" | json '["data"]["referrer_reward"]["value"]')
[ "$REWARD" = "10.00" ] || fail "the referrer's reward is $REWARD, not 10.00"
echo "referral signup: the referrer earned $REWARD"

kill -TERM "$SERVER_PID"
wait "$SERVER_PID" || true
SERVER_PID=

step "dpkg --remove referrals: the programs go, the configuration and the data stay"
dpkg --remove referrals
[ ! -e /usr/bin/referrals-server ] || fail "the server binary is still installed"
[ -f /etc/referrals/config.toml ] && [ -f /etc/referrals/environment ] || fail "remove deleted the configuration"
[ -f /var/lib/referrals/secret.key ] || fail "remove deleted the data"

step "dpkg --purge referrals: the configuration goes, the data stays"
dpkg --purge referrals 2>&1 | tee "$LOG"
[ ! -e /etc/referrals ] || fail "purge left /etc/referrals"
[ -f /var/lib/referrals/secret.key ] && [ -n "$(ls /var/lib/referrals)" ] || fail "purge deleted the data"
grep -q "kept the data directory /var/lib/referrals" "$LOG" || fail "purge did not say where the data is"
[ ! -e /etc/systemd/system/multi-user.target.wants/referrals.service ] || fail "purge left the unit enabled"
echo "package test: passed"
