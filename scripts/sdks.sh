#!/usr/bin/env bash
# Usage: scripts/sdks.sh [--check]
#
# Generates the SDKs under sdks/ from the OpenAPI document a freshly started server serves:
# - sdks/typescript/src/generated: @hey-api/openapi-ts (npm), at the version
#   sdks/typescript/package-lock.json pins; sdks/typescript/src/index.ts is written by hand;
# - sdks/python: openapi-python-client (PyPI, pinned below), with the templates in
#   sdks/python-generator/templates (the client's helpers: idempotency keys, typed errors).
# With --check, generates into a scratch directory and fails when what is committed differs
# (CI runs it so). Needs Node.js and Python: building and running the server never does.
set -euo pipefail
cd "$(dirname "$0")/.."

CHECK=${1:-}
OPENAPI_PYTHON_CLIENT_VERSION=0.29.1
BIN=${REFERRALS_BIN:-target/debug/referrals-server}
[ -x "$BIN" ] || cargo build --locked --quiet --bin referrals-server

WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

# The document as a server serves it, named for http://localhost:8080 (the SDKs' default).
"$BIN" --config config.toml --bind 127.0.0.1:0 --public-url http://localhost:8080 --data-dir "$WORK/data" \
  --log-level warn >"$WORK/stdout" 2>"$WORK/server.log" &
SERVER_PID=$!
# Up to a minute: on a busy machine a debug build opens its database slowly.
for _ in $(seq 1 600); do grep -q listening "$WORK/stdout" 2>/dev/null && break; sleep 0.1; done
BASE=$(grep -o 'http://[0-9.:]*' "$WORK/stdout" | head -1 || true)
[ -n "$BASE" ] || { echo "server did not start:" >&2; cat "$WORK/server.log" >&2; exit 1; }
curl -sf "$BASE/api/v1/openapi.json" -o "$WORK/openapi.json"
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=

OUT="$WORK/sdks"
mkdir -p "$OUT/typescript"

# TypeScript.
(cd sdks/typescript && [ -x node_modules/.bin/openapi-ts ] || npm ci --no-audit --no-fund --loglevel=error)
(cd sdks/typescript && OPENAPI_DOCUMENT="$WORK/openapi.json" OPENAPI_TS_OUTPUT="$OUT/typescript/generated" \
  node_modules/.bin/openapi-ts -f openapi-ts.config.mjs >/dev/null)

# Python.
VENV=target/sdk-venv
if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('openapi-python-client') != '$OPENAPI_PYTHON_CLIENT_VERSION')" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "openapi-python-client==$OPENAPI_PYTHON_CLIENT_VERSION"
fi
RUFF_NO_CACHE=true PATH="$PWD/$VENV/bin:$PATH" "$VENV/bin/openapi-python-client" generate --path "$WORK/openapi.json" \
  --config sdks/python-generator/config.yaml --custom-template-path sdks/python-generator/templates \
  --meta setup --output-path "$OUT/python" >"$WORK/python.log" 2>&1 || { cat "$WORK/python.log" >&2; exit 1; }
# (Its one warning: the portal's QR code, an SVG, is not a Python client's business.)

if [ "$CHECK" = "--check" ]; then
  status=0
  diff -r sdks/typescript/src/generated "$OUT/typescript/generated" >"$WORK/ts.diff" || status=1
  diff -r -x __pycache__ sdks/python "$OUT/python" >"$WORK/py.diff" || status=1
  if [ "$status" != 0 ]; then
    echo "The committed SDKs differ from what the document generates: run scripts/sdks.sh and commit sdks/." >&2
    head -n 60 "$WORK/ts.diff" "$WORK/py.diff" >&2
    exit 1
  fi
  echo "sdks/ is what the document generates."
else
  rm -rf sdks/typescript/src/generated sdks/python
  cp -r "$OUT/typescript/generated" sdks/typescript/src/generated
  cp -r "$OUT/python" sdks/python
  echo "sdks/typescript/src/generated and sdks/python regenerated."
fi
