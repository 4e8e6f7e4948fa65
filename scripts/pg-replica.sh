#!/usr/bin/env bash
# A streaming replica of the local PostgreSQL primary, for the read-replica tests
# (tests/server/read-replicas.test.ts) and for trying DATABASE_READ_URL on one machine:
#   pg_basebackup -R -X stream of the primary into REPLICA_DIR, a postgresql.conf of its own
#   (REPLICA_PORT, hot_standby), started with pg_ctl as the postgres user.
# Idempotent: a replica already streaming on REPLICA_PORT is left as it is; one that exists but
# is stopped is started; one that cannot start or no longer streams (the primary has recycled the
# WAL it needs) is made again from a fresh base backup.
# The primary is never stopped or reconfigured. Run as root (or as postgres). Prints the
# replica's URL on its last line, e.g. postgres://fw:fw@127.0.0.1:5433/fw_test.
#
# Environment: PRIMARY_HOST (127.0.0.1), PRIMARY_PORT (5432), PG_USER/PG_PASSWORD (fw/fw, a
# role with the replication right), PG_DB (fw_test), REPLICA_PORT (5433),
# REPLICA_DIR (/var/lib/postgresql/fw-replica-$REPLICA_PORT). `--stop` stops the replica.
set -euo pipefail

PRIMARY_HOST=${PRIMARY_HOST:-127.0.0.1}
PRIMARY_PORT=${PRIMARY_PORT:-5432}
PG_USER=${PG_USER:-fw}
PG_PASSWORD=${PG_PASSWORD:-fw}
PG_DB=${PG_DB:-fw_test}
REPLICA_PORT=${REPLICA_PORT:-5433}
REPLICA_DIR=${REPLICA_DIR:-/var/lib/postgresql/fw-replica-$REPLICA_PORT}
REPLICA_LOG="$REPLICA_DIR.log"
SOCKET_DIR=/var/run/postgresql

# The installed server's version: the primary's cluster (pg_lsclusters), else the newest installed.
pgver=""
if command -v pg_lsclusters >/dev/null 2>&1; then
  pgver=$(pg_lsclusters -h | awk -v p="$PRIMARY_PORT" '$3 == p { print $1; exit }')
fi
[ -n "$pgver" ] || pgver=$(ls /usr/lib/postgresql | sort -V | tail -n1)
BIN=/usr/lib/postgresql/$pgver/bin
[ -x "$BIN/pg_ctl" ] || {
  echo "pg-replica: no $BIN/pg_ctl (PostgreSQL $pgver)" >&2
  exit 1
}

# Commands as the postgres user (the data directory must be theirs).
as_pg() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

ready() { "$BIN/pg_isready" -q -h 127.0.0.1 -p "$REPLICA_PORT"; }

if [ "${1:-}" = "--stop" ]; then
  if [ -f "$REPLICA_DIR/postmaster.pid" ]; then as_pg "$BIN/pg_ctl" -D "$REPLICA_DIR" -m fast -w stop; fi
  exit 0
fi

url="postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$REPLICA_PORT/$PG_DB"

make_replica() {
  echo "pg-replica: base backup of $PRIMARY_HOST:$PRIMARY_PORT into $REPLICA_DIR" >&2
  rm -rf "$REPLICA_DIR"
  mkdir -p "$(dirname "$REPLICA_DIR")"
  as_pg env PGPASSWORD="$PG_PASSWORD" "$BIN/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$PG_USER" -D "$REPLICA_DIR" -R -X stream -c fast
  # Hot standby needs these at least as high as on the primary.
  local settings
  settings=$(PGPASSWORD="$PG_PASSWORD" "$BIN/psql" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$PG_USER" -d "$PG_DB" -Atc \
    "select name || ' = ' || setting from pg_settings where name in ('max_connections','max_worker_processes','max_wal_senders','max_prepared_transactions','max_locks_per_transaction')")
  # Debian keeps the primary's configuration in /etc: the copy has none of its own.
  as_pg tee "$REPLICA_DIR/postgresql.conf" >/dev/null <<EOF
# Written by scripts/pg-replica.sh: a hot standby of $PRIMARY_HOST:$PRIMARY_PORT (primary_conninfo
# and standby.signal come from pg_basebackup -R, in postgresql.auto.conf).
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$SOCKET_DIR'
hot_standby = on
hot_standby_feedback = on
max_standby_streaming_delay = 30s
wal_level = replica
shared_buffers = 32MB
logging_collector = off
$settings
EOF
  as_pg tee "$REPLICA_DIR/pg_hba.conf" >/dev/null <<EOF
local   all             postgres                                peer
local   all             all                                     peer
host    all             all             127.0.0.1/32            scram-sha-256
host    all             all             ::1/128                 scram-sha-256
EOF
  as_pg touch "$REPLICA_DIR/pg_ident.conf"
  chmod 700 "$REPLICA_DIR"
}

start_replica() {
  as_pg "$BIN/pg_ctl" -D "$REPLICA_DIR" -l "$REPLICA_LOG" -w -t 60 start >&2
}

# Streaming (not only restored from the backup): its WAL receiver streams from the primary.
streams_within() {
  local tries=$1
  for _ in $(seq 1 "$tries"); do
    state=$(PGPASSWORD="$PG_PASSWORD" "$BIN/psql" -h 127.0.0.1 -p "$REPLICA_PORT" -U "$PG_USER" -d "$PG_DB" -Atc "select status from pg_stat_wal_receiver" 2>/dev/null || true)
    [ "$state" = streaming ] && return 0
    sleep 1
  done
  return 1
}

wait_ready() {
  for _ in $(seq 1 30); do ready && return 0; sleep 1; done
  echo "pg-replica: the replica did not start; see $REPLICA_LOG" >&2
  tail -n 20 "$REPLICA_LOG" >&2 || true
  exit 1
}

remake() {
  [ -f "$REPLICA_DIR/postmaster.pid" ] && as_pg "$BIN/pg_ctl" -D "$REPLICA_DIR" -m immediate stop >/dev/null 2>&1 || true
  make_replica
  start_replica
  wait_ready
}

state=""
if ready; then
  # Something answers on the port: ours if it is a standby.
  if [ "$(PGPASSWORD="$PG_PASSWORD" "$BIN/psql" -h 127.0.0.1 -p "$REPLICA_PORT" -U "$PG_USER" -d "$PG_DB" -Atc 'select pg_is_in_recovery()')" != t ]; then
    echo "pg-replica: port $REPLICA_PORT answers but is not a standby" >&2
    exit 1
  fi
else
  touch "$REPLICA_LOG" && chown postgres "$REPLICA_LOG" 2>/dev/null || true
  if [ -f "$REPLICA_DIR/standby.signal" ] && start_replica; then
    wait_ready
  else
    remake
  fi
fi

# A replica left from an earlier run may start and answer yet never stream again: the primary
# has recycled the WAL it still needs ("requested WAL segment ... has already been removed").
# Such a one (ours: it lives in REPLICA_DIR) is made again from a fresh base backup.
if ! streams_within 15; then
  if [ -f "$REPLICA_DIR/postmaster.pid" ]; then
    echo "pg-replica: the replica does not stream (wal receiver: ${state:-none}); making it again" >&2
    remake
    streams_within 30 || true
  fi
fi
[ "$state" = streaming ] || {
  echo "pg-replica: the replica answers but does not stream from the primary (wal receiver: ${state:-none})" >&2
  exit 1
}
echo "$url"
