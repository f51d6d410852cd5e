# Sourced by scripts/test.sh and scripts/bench.sh: a throwaway PostgreSQL from Debian's
# package, a new cluster in a temporary directory, listening on loopback only, on a free port.
#
#   start_throwaway_postgres [-c name=value ...]   sets PG_URL (postgres://postgres@127.0.0.1:PORT/postgres)
#   stop_throwaway_postgres                        stops it and removes its directory
#
# The caller installs the package first when it is missing (pg_bin finds none) and arranges
# for stop_throwaway_postgres to run at exit.

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

start_throwaway_postgres() {
  PG_DIR=$(mktemp -d)
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  PG_AS_USER=()
  if [ "$(id -u)" = 0 ]; then
    # initdb refuses to run as root: the cluster belongs to the package's postgres user.
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$PG_DIR"
    PG_AS_USER=(runuser -u postgres --)
  fi
  "${PG_AS_USER[@]}" "$(pg_bin)/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --no-sync \
    >"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log" >&2; return 1; }
  "${PG_AS_USER[@]}" "$(pg_bin)/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_DIR $*" start >/dev/null \
    || { cat "$PG_DIR/server.log" >&2; return 1; }
  PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

stop_throwaway_postgres() {
  [ -n "${PG_DIR:-}" ] || return 0
  "${PG_AS_USER[@]}" "$(pg_bin)/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DIR=
}
