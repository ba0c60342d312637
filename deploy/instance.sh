#!/usr/bin/env bash
# One instance of the reference deployment (deploy/up.sh writes run/conf/instance-N.env):
#   bash deploy/instance.sh start N     start it (in the background; pid and log under deploy/run/)
#   bash deploy/instance.sh restart N   rolling restart of one: HAProxy drains it (no new
#                                       requests), its open requests end, SIGTERM, start again
#                                       (the code now in the work tree), wait for /api/ready, back in
#   bash deploy/instance.sh status      HAProxy's view of every instance
# A rolling upgrade is: migrations first (docs/operations.md), then `restart` for each N in turn.
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN=${BOOKLA_DEPLOY_RUN:-$ROOT/deploy/run}
cmd=${1:-}
n=${2:-}

die() {
  echo "instance.sh: $*" >&2
  exit 1
}

# haproxy_cmd COMMAND: one command on HAProxy's runtime API (a TCP socket on localhost: no socat needed).
haproxy_cmd() {
  # shellcheck source=/dev/null
  source "$RUN/deploy.env"
  exec 3<>"/dev/tcp/127.0.0.1/$ADMIN_PORT"
  printf '%s\n' "$1" >&3
  cat <&3
  exec 3<&-
}

start() {
  local env_file=$RUN/conf/instance-$n.env
  [[ -f $env_file ]] || die "no $env_file: run deploy/up.sh first"
  mkdir -p "$RUN/pids" "$RUN/logs"
  cd "$ROOT"
  # `env -i`: nothing of the caller's environment (a DATABASE_URL, a .env) leaks in.
  setsid nohup env -i PATH="$PATH" HOME="${HOME:-/root}" LANG=C.UTF-8 \
    bash -c 'set -a; source "$1"; set +a; exec node --import tsx apps/server/src/server.ts' instance "$env_file" \
    >>"$RUN/logs/instance-$n.log" 2>&1 </dev/null &
  echo $! >"$RUN/pids/instance-$n.pid"
}

port_of() { sed -n 's/^PORT=//p' "$RUN/conf/instance-$n.env"; }

restart() {
  local pid port
  port=$(port_of)
  pid=$(cat "$RUN/pids/instance-$n.pid" 2>/dev/null || true)
  haproxy_cmd "set server instances/i$n state drain" >/dev/null
  haproxy_cmd "set server assets/i$n state drain" >/dev/null
  # Requests in flight on it end (at most 30 s); new ones go to the others.
  for _ in $(seq 1 150); do
    cur=$(haproxy_cmd "show stat" | awk -F, -v s="i$n" '$1 == "instances" && $2 == s { print $5 }')
    [[ ${cur:-0} == 0 ]] && break
    sleep 0.2
  done
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  fi
  start
  local t0=$SECONDS
  until curl -fsS -m 3 -o /dev/null "http://127.0.0.1:$port/api/ready" 2>/dev/null; do
    kill -0 "$(cat "$RUN/pids/instance-$n.pid")" 2>/dev/null || die "instance $n ended: $RUN/logs/instance-$n.log"
    ((SECONDS - t0 < 180)) || die "instance $n not ready after 180 s: $RUN/logs/instance-$n.log"
    sleep 0.3
  done
  haproxy_cmd "set server instances/i$n state ready" >/dev/null
  haproxy_cmd "set server assets/i$n state ready" >/dev/null
  echo "instance $n restarted (port $port) and back in the balancer"
}

case $cmd in
  start)
    [[ $n =~ ^[0-9]+$ ]] || die "usage: instance.sh start N"
    start
    ;;
  restart)
    [[ $n =~ ^[0-9]+$ ]] || die "usage: instance.sh restart N"
    restart
    ;;
  status)
    haproxy_cmd "show stat" | awk -F, 'NR == 1 || $1 == "instances" { print $2, $18, $5, $37 }' | column -t
    ;;
  *) die "usage: instance.sh start N | restart N | status" ;;
esac
