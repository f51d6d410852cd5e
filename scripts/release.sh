#!/usr/bin/env bash
# Usage: scripts/release.sh
#
# What a machine without Rust installs: a release build's stripped binaries, packed two ways.
#   - target/dist/referrals-<version>-<arch>.tar.gz: bin/referrals-server and bin/refctl
#     (stripped), the shipped config.toml, the systemd unit (referrals.service), README.md and
#     docs/ with their screenshots. Unpack it anywhere and run bin/referrals-server from there:
#     the config's data directory (./data) is made beside it.
#   - the Debian package (scripts/package.sh): target/debian/referrals_<version>-1_<arch>.deb.
# Fails when the package is 40 MB or more (unstripped binaries were 260 MB).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v strip >/dev/null || { echo "scripts/release.sh: needs strip (apt-get install binutils)" >&2; exit 1; }
VERSION=$(cargo metadata --no-deps --format-version 1 --locked |
  python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "referrals"))')
ARCH=$(dpkg --print-architecture 2>/dev/null || uname -m)
NAME="referrals-$VERSION-$ARCH"
DIST=target/dist
STAGE="$DIST/$NAME"

echo "== release build"
cargo build --quiet --locked --release --workspace --bins

echo "== $DIST/$NAME.tar.gz"
rm -rf "$STAGE" && mkdir -p "$STAGE/bin" "$STAGE/docs"
for bin in referrals-server refctl; do
  # The release profile keeps line tables for profiling; what ships has no symbols either
  # (as cargo-deb --strip makes the package's).
  strip -o "$STAGE/bin/$bin" "target/release/$bin"
done
cp config.toml README.md scripts/package/referrals.service "$STAGE/"
cp docs/*.md "$STAGE/docs/"
cp -r docs/screenshots "$STAGE/docs/"
tar -C "$DIST" -czf "$DIST/$NAME.tar.gz" "$NAME"

echo "== the Debian package"
bash scripts/package.sh
DEB=$(ls -t target/debian/referrals_*.deb | head -1)

size() { stat -c %s "$1"; }
LIMIT=$((40 * 1024 * 1024))
for file in "$DIST/$NAME.tar.gz" "$DEB"; do
  python3 -c 'import sys; print(f"{sys.argv[1]}: {int(sys.argv[2]) / 1048576:.1f} MB")' "$file" "$(size "$file")"
done
[ "$(size "$DEB")" -lt "$LIMIT" ] || { echo "scripts/release.sh: $DEB is 40 MB or more" >&2; exit 1; }
