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
if ((${#need_apt[@]})); then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}"
  else
    echo "scripts/test.sh: please install: ${need_apt[*]}" >&2
    exit 1
  fi
fi

# playwright-core only (a driver, no browser download), at the version the lock file pins.
if [ ! -d tests/browser/node_modules/playwright-core ]; then
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

exec cargo test --workspace --locked "$@"
