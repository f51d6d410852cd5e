#!/usr/bin/env bash
# Usage: scripts/test.sh [extra cargo test args]
#
# Runs the whole test suite: unit tests, and integration tests that start the real server on
# free loopback ports. Installs first whatever the tests need that a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
# (Browser tests arrive with the widget; chromium will be added here then.)
if ((${#need_apt[@]})); then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq "${need_apt[@]}"
  else
    echo "scripts/test.sh: please install: ${need_apt[*]}" >&2
    exit 1
  fi
fi

exec cargo test --workspace --locked "$@"
