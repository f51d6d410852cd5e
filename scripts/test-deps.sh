#!/usr/bin/env bash
# Usage: scripts/test-deps.sh
#
# Installs what the test suite (scripts/test.sh, which runs this first) needs and a fresh
# machine lacks: Debian's Chromium, Node.js, Python and PostgreSQL with apt (as root),
# playwright-core and jsQR with npm, the email tests' SMTP server into target/smtp-venv.
# Each step is skipped when what it installs is there, so a second run does nothing. CI
# (.ci/run) runs it beside the test build, whose compiling needs none of it.
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
    echo "scripts/test-deps.sh: please install: ${need_apt[*]}" >&2
    exit 1
  fi
fi

# playwright-core (a driver, no browser download) and jsQR (the portal test reads its QR code),
# at the versions the lock file pins.
if [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -d tests/browser/node_modules/jsqr ]; then
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
fi

# The tests' Python, at pinned versions: the SMTP server of the email tests (tests/smtp/sink.py)
# and the official MCP client of the MCP test (tests/mcp/client.py).
SMTP_VENV=target/smtp-venv
AIOSMTPD_VERSION=1.4.6
MCP_VERSION=2.3.0
if ! "$SMTP_VENV/bin/python" -c "import aiosmtpd, sys; sys.exit(aiosmtpd.__version__ != '$AIOSMTPD_VERSION')" 2>/dev/null; then
  python3 -m venv "$SMTP_VENV"
  "$SMTP_VENV/bin/pip" install --quiet --disable-pip-version-check "aiosmtpd==$AIOSMTPD_VERSION"
fi
if ! "$SMTP_VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '$MCP_VERSION')" 2>/dev/null; then
  "$SMTP_VENV/bin/pip" install --quiet --disable-pip-version-check "mcp==$MCP_VERSION"
fi

# The SDKs' scenarios (tests/api/sdks.rs): the TypeScript SDK built with its example (its
# generator and compiler at the versions sdks/typescript/package-lock.json pins), and what
# the Python SDK needs (it is imported from the checkout), at the versions below.
(cd sdks/typescript && { [ -d node_modules/typescript ] || npm ci --no-audit --no-fund --loglevel=error; } \
  && node_modules/.bin/tsc -p tsconfig.json)
HTTPX_VERSION=0.28.1
ATTRS_VERSION=25.4.0
if ! "$SMTP_VENV/bin/python" -c "import httpx, attrs, sys; sys.exit(httpx.__version__ != '$HTTPX_VERSION' or attrs.__version__ != '$ATTRS_VERSION')" 2>/dev/null; then
  "$SMTP_VENV/bin/pip" install --quiet --disable-pip-version-check "httpx==$HTTPX_VERSION" "attrs==$ATTRS_VERSION"
fi
