#!/usr/bin/env bash
# Measurements of a running reference deployment (deploy/up.sh), written down in docs/operations.md:
#   [MIX=pages|db] bash deploy/measure.sh load [SECONDS] [CONNECTIONS]   wrk through the balancer while sampling
#        each instance's connections (ss), PgBouncer's SHOW POOLS and pg_stat_activity
#   bash deploy/measure.sh roll                           deploy/instance.sh restart of each
#        instance in turn under load: what the clients saw
#   bash deploy/measure.sh kill [N]                        kill -9 instance N under load: what the
#        clients saw, how long until HAProxy marked it DOWN; then start it again and time until UP
# Needs wrk (apt-get install wrk).
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN=${BOOKLA_DEPLOY_RUN:-$ROOT/deploy/run}
[[ -f $RUN/deploy.env ]] || {
  echo "measure.sh: no deployment running (deploy/up.sh)" >&2
  exit 1
}
# shellcheck source=/dev/null
source "$RUN/deploy.env"
# shellcheck source=/dev/null
source "$RUN/secrets.env"
command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null
PGHOST=${PGHOST:-127.0.0.1}
PGPORT=${PGPORT:-5432}
LB=http://127.0.0.1:$LB_PORT
now_ms() { date +%s%3N; }

pgb() { PGPASSWORD=$DB_PASSWORD psql -h 127.0.0.1 -p "$PGB_PORT" -U "$DB_USER" -d pgbouncer -F' ' -Atqc "$1"; }
pga() { psql -h "$PGHOST" -p "$PGPORT" -U "${PGADMIN_USER:-postgres}" -d postgres -F" " -Atqc "$1"; }
haproxy_cmd() {
  exec 3<>"/dev/tcp/127.0.0.1/$ADMIN_PORT"
  printf '%s\n' "$1" >&3
  cat <&3
  exec 3<&-
}
server_status() { haproxy_cmd "show stat" | awk -F, -v s="i$1" '$1 == "instances" && $2 == s { print $18 }'; }

# The requests, in turn. "pages": the demo shop page and the public reads it makes (cached in each
# instance's memory: few reach the database). "db": GET /api/ready, one statement on the database
# per call (the newest migration), so every request takes a pool connection.
MIX=${MIX:-pages}
case $MIX in
  pages) PATHS="\"/en/shop/$DEMO_TEAM_ID\", \"/api/public/teams/$DEMO_TEAM_ID\", \"/api/public/teams/$DEMO_TEAM_ID/activities\"" ;;
  db) PATHS='"/api/ready"' ;;
  *) echo "MIX must be pages or db" >&2 && exit 1 ;;
esac
WRK_SCRIPT=$RUN/conf/wrk-$MIX.lua
cat >"$WRK_SCRIPT" <<EOF
local paths = { $PATHS }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
EOF

# instance_pids: "N pid" for each instance.
instance_pids() {
  for ((i = 1; i <= INSTANCES; i++)); do echo "$i $(cat "$RUN/pids/instance-$i.pid")"; done
}
# Connections each instance holds to the database side (PgBouncer, or PostgreSQL when DIRECT=1).
DB_SIDE_PORT=$([[ $DIRECT == 1 ]] && echo "$PGPORT" || echo "$PGB_PORT")
conns_by_pid() { ss -Htnp state established "dport = :$DB_SIDE_PORT" | grep -o 'pid=[0-9]*' | sort | uniq -c | awk '{ sub("pid=", "", $2); print $2, $1 }'; }

load() {
  local secs=${1:-20} conns=${2:-32}
  local samples=$RUN/logs/measure-samples.txt
  : >"$samples"
  echo "load: wrk -t2 -c$conns -d${secs}s through $LB, MIX=$MIX ($PATHS)"
  wrk -t2 -c"$conns" -d"${secs}s" --latency -s "$WRK_SCRIPT" "$LB" >"$RUN/logs/measure-wrk.txt" 2>&1 &
  local wrk_pid=$!
  while kill -0 "$wrk_pid" 2>/dev/null; do
    {
      echo "t $(now_ms)"
      conns_by_pid | sed 's/^/conn /'
      echo "pgsa $(pga "SELECT count(*) FILTER (WHERE state = 'active'), count(*) FROM pg_stat_activity WHERE datname = '$DB'")"
      # cl_active cl_waiting sv_active sv_idle sv_used maxwait(ms)
      [[ $DIRECT == 1 ]] || pgb "SHOW POOLS" | awk -v db="$DB" '$1 == db { print "pool", $3, $4, $7, $10, $11, $14 * 1000 + int($15 / 1000) }'
    } >>"$samples" 2>/dev/null
    sleep 0.5
  done
  wait "$wrk_pid" || true
  sed -n '1,/Requests\/sec/p;/Non-2xx/p;/Socket errors/p' "$RUN/logs/measure-wrk.txt" | grep -v '^\s*$' | grep -E 'Requests/sec|requests in|Latency  |50%|99%|Non-2xx|Socket errors'
  echo "-- connections to the database side (port $DB_SIDE_PORT), max over the run, per instance (pid):"
  while read -r i pid; do
    local max
    max=$(awk -v p="$pid" '$1 == "conn" && $2 == p && $3 > m { m = $3 } END { print m + 0 }' "$samples")
    echo "   instance $i (pid $pid): $max"
  done < <(instance_pids)
  awk '$1 == "pgsa" { if ($2 > a) a = $2; if ($3 > t) t = $3 } END { printf "-- pg_stat_activity on %s: max %d connections, max %d active at once\n", "'"$DB"'", t, a }' "$samples"
  if [[ $DIRECT != 1 ]]; then
    awk '$1 == "pool" { for (k = 2; k <= 7; k++) if ($k > m[k]) m[k] = $k }
      END { printf "-- SHOW POOLS, max over the run: cl_active %d, cl_waiting %d, sv_active %d, sv_idle %d, sv_used %d, maxwait %d ms\n", m[2], m[3], m[4], m[5], m[6], m[7] }' "$samples"
  fi
}

kill_test() {
  local n=${1:-2} pid t0 t_down t_up secs=14
  pid=$(cat "$RUN/pids/instance-$n.pid")
  echo "kill: wrk -t2 -c16 -d${secs}s through $LB; kill -9 instance $n (pid $pid) after 3 s"
  wrk -t2 -c16 -d"${secs}s" -s "$WRK_SCRIPT" "$LB" >"$RUN/logs/measure-kill-wrk.txt" 2>&1 &
  local wrk_pid=$!
  # One client asking for the shop page every 100 ms: each answer with its time.
  (
    end=$(($(now_ms) + secs * 1000))
    while (($(now_ms) < end)); do
      echo "$(now_ms) $(curl -s -o /dev/null -m 5 -w '%{http_code}' "$SHOP_URL")"
      sleep 0.1
    done
  ) >"$RUN/logs/measure-kill-curl.txt" &
  local curl_pid=$!
  sleep 3
  t0=$(now_ms)
  kill -KILL "$pid"
  until [[ $(server_status "$n") == DOWN* ]]; do sleep 0.05; done
  t_down=$(now_ms)
  echo "   HAProxy marked instance $n DOWN $((t_down - t0)) ms after kill -9 (checks every 2 s, fall 2)"
  wait "$wrk_pid" || true
  wait "$curl_pid" || true
  grep -E 'requests in|Non-2xx|Socket errors' "$RUN/logs/measure-kill-wrk.txt" | sed 's/^/   wrk: /'
  awk '{ n++; if ($2 != 200) { bad++; codes[$2]++ } } END { printf "   one client every 100 ms: %d requests, %d not 200", n, bad; for (c in codes) printf " (%s x%d)", c, codes[c]; print "" }' "$RUN/logs/measure-kill-curl.txt"
  # Back: start it again, time until HAProxy sees it UP (rise 2).
  t0=$(now_ms)
  BOOKLA_DEPLOY_RUN=$RUN bash "$ROOT/deploy/instance.sh" start "$n"
  until [[ $(server_status "$n") == UP* ]]; do
    (($(now_ms) - t0 < 180000)) || {
      echo "   instance $n not UP 180 s after its start: $RUN/logs/instance-$n.log" >&2
      return 1
    }
    sleep 0.1
  done
  t_up=$(now_ms)
  echo "   started again: UP in HAProxy $((t_up - t0)) ms after its start (process start + migrations check + 2 good checks)"
}

# Rolling restart of every instance (deploy/instance.sh restart N, one after another) under load.
roll() {
  echo "roll: wrk -t2 -c16 through $LB while instance.sh restart 1..$INSTANCES runs"
  wrk -t2 -c16 -d600s -s "$WRK_SCRIPT" "$LB" >"$RUN/logs/measure-roll-wrk.txt" 2>&1 &
  local wrk_pid=$! t0
  sleep 2
  t0=$(now_ms)
  for ((i = 1; i <= INSTANCES; i++)); do BOOKLA_DEPLOY_RUN=$RUN bash "$ROOT/deploy/instance.sh" restart "$i" | sed 's/^/   /'; done
  echo "   all $INSTANCES restarted in $((($(now_ms) - t0) / 1000)) s"
  sleep 2
  kill -INT "$wrk_pid"
  wait "$wrk_pid" || true
  grep -E 'requests in|Non-2xx|Socket errors' "$RUN/logs/measure-roll-wrk.txt" | sed 's/^/   wrk: /'
}

case ${1:-} in
  roll) roll ;;
  load) load "${2:-20}" "${3:-32}" ;;
  kill) kill_test "${2:-2}" ;;
  *)
    echo "usage: measure.sh load [SECONDS] [CONNECTIONS] | roll | kill [N]" >&2
    exit 1
    ;;
esac
