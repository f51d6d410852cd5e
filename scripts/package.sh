#!/usr/bin/env bash
# Usage: scripts/package.sh [--from-test-build]
#
# Builds the Debian package with cargo-deb: target/debian/referrals_<version>-1_<arch>.deb,
# holding referrals-server and refctl (/usr/bin), the systemd unit and maintainer scripts of
# scripts/package/, /etc/referrals/config.toml (the shipped config.toml with the data
# directory at /var/lib/referrals; a conffile), refctl's man page and shell completions, and
# the docs. Installs cargo-deb (pinned) into target/cargo-deb when the machine lacks it.
#
# By default the binaries are a release build. --from-test-build packages the binaries that
# `cargo test` already built (the dev profile), as .ci/run's package test does, so that CI
# compiles the code once; never ship that one.
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_DEB_VERSION=3.8.0
CARGO_DEB=cargo-deb
if ! cargo-deb --version 2>/dev/null | grep -q " $CARGO_DEB_VERSION\$"; then
  CARGO_DEB=target/cargo-deb/bin/cargo-deb
  if ! "$CARGO_DEB" --version 2>/dev/null | grep -q " $CARGO_DEB_VERSION\$"; then
    echo "== installing cargo-deb $CARGO_DEB_VERSION into target/cargo-deb"
    # A tool, not our code: built without the lints CI turns on for our crates (.ci/run).
    env -u RUSTC_WORKSPACE_WRAPPER -u RUSTFLAGS \
      cargo install --quiet --locked --version "$CARGO_DEB_VERSION" --root target/cargo-deb cargo-deb
  fi
fi

# Where cargo-deb finds the binaries: its target/release/ paths are read under this
# directory's release/.
if [ "${1:-}" = "--from-test-build" ]; then
  # The test suite's build, as it resolves features (with the dev-dependencies): a plain
  # `cargo build` would compile the crate again.
  cargo test --workspace --locked --no-run --quiet
  export CARGO_TARGET_DIR=target/package/from-test-build
  mkdir -p "$CARGO_TARGET_DIR/release"
  cp target/debug/referrals-server target/debug/refctl "$CARGO_TARGET_DIR/release/"
  BIN=target/debug
  DEB_FLAGS=(--strip --fast)
else
  cargo build --quiet --locked --release --workspace --bins
  BIN=target/release
  # The release profile keeps line tables for profiling; what ships has none.
  DEB_FLAGS=(--strip)
fi

# The files made from the code or the shipped config, so that none of them can drift.
OUT=target/package/files
rm -rf "$OUT" && mkdir -p "$OUT/completions"
sed 's|^data_dir = "./data"$|data_dir = "/var/lib/referrals"|' config.toml >"$OUT/config.toml"
grep -q '^data_dir = "/var/lib/referrals"$' "$OUT/config.toml" || {
  echo "scripts/package.sh: config.toml no longer has the line data_dir = \"./data\"" >&2
  exit 1
}
"$BIN/refctl" man | gzip -9n >"$OUT/refctl.1.gz"
"$BIN/refctl" completions bash >"$OUT/completions/refctl"
"$BIN/refctl" completions zsh >"$OUT/completions/_refctl"
"$BIN/refctl" completions fish >"$OUT/completions/refctl.fish"

# Stripped either way; the test build is also lightly compressed: it is installed once and
# thrown away.
"$CARGO_DEB" --no-build --locked -p referrals --output target/debian "${DEB_FLAGS[@]}"
