#!/usr/bin/env bash
# Stops what deploy/up.sh started (by the pids in deploy/run/pids/, nothing else): the balancer
# first, then the instances (SIGTERM: they finish their requests and jobs), then PgBouncer, the
# object store and Redis. The database, the secrets and the stored files stay for the next up.sh.
#   bash deploy/down.sh           stop
#   bash deploy/down.sh --purge   stop, drop the database and its role, delete deploy/run/
set -Euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN=${BOOKLA_DEPLOY_RUN:-$ROOT/deploy/run}
DB=${BOOKLA_DEPLOY_DB:-bookla_deploy}
PURGE=0
[[ ${1:-} == --purge ]] && PURGE=1

# What each pid file's process must be (a pid reused by something else is left alone).
expected() {
  case $1 in
    haproxy) echo haproxy ;;
    instance-*) echo server.ts ;;
    pgbouncer) echo pgbouncer ;;
    s3rver) echo s3rver ;;
    redis) echo redis-server ;;
    *) echo "$1" ;;
  esac
}

# stop NAME: SIGTERM, up to 20 s, then SIGKILL.
stop() {
  local name=$1 file=$RUN/pids/$1.pid pid
  [[ -f $file ]] || return 0
  pid=$(cat "$file")
  if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$(expected "$name")"; then
    kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "down: $name ($pid) did not end after 20 s: SIGKILL"
      kill -KILL "$pid" 2>/dev/null
    fi
    echo "down: stopped $name ($pid)"
  fi
  rm -f "$file"
}

if [[ -d $RUN/pids ]]; then
  stop haproxy
  # The instances together (each finishes its own work), then wait for all.
  for f in "$RUN"/pids/instance-*.pid; do
    [[ -e $f ]] || continue
    name=$(basename "$f" .pid)
    stop "$name" &
  done
  wait
  stop pgbouncer
  stop s3rver
  stop redis
fi
rm -f "$RUN/haproxy.sock"

if ((PURGE)); then
  PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432}
  export PGHOST PGPORT
  psql -U "${PGADMIN_USER:-postgres}" -d postgres -v ON_ERROR_STOP=1 -Atq \
    -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "DROP ROLE IF EXISTS $DB" &&
    echo "down: dropped database and role $DB"
  rm -rf "$RUN"
  echo "down: deleted $RUN"
fi
