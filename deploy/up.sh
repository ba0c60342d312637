#!/usr/bin/env bash
# Reference deployment on one machine (CONTRACT §7, docs/operations.md):
#
#   HAProxy :8080 ──► 3 × Bookla instance (node) ──► PgBouncer (transaction mode) ──► PostgreSQL
#                       │                      └──► Redis (its own redis-server)
#                       └──► S3-protocol object store (s3rver; file:// stand-in without it)
#
# One command: `bash deploy/up.sh`; `bash deploy/down.sh` stops it (`--purge` also drops the
# database and deletes deploy/run/). Everything it starts runs from deploy/run/ (gitignored):
# configs, pids (run/pids/), logs (run/logs/), data. Debian 12 as root: installs what is missing
# with apt-get. PostgreSQL is not started here: it must accept connections as PGADMIN_USER.
#
# Settings (environment, all optional):
#   BOOKLA_DEPLOY_DB        database and role name           bookla_deploy
#   INSTANCES               number of server instances        3
#   LB_PORT                 the balancer's port               8080 (next free one if taken)
#   LB_BIND                 the balancer's address            127.0.0.1
#   PGHOST / PGPORT / PGADMIN_USER   the PostgreSQL server and a superuser to create the
#                           database and role with           127.0.0.1 / 5432 / postgres
#   BOOKLA_DEPLOY_DIRECT=1  instances connect to PostgreSQL directly (no PgBouncer): for comparing
#   BOOKLA_DEPLOY_BUILD=1   rebuild the web app even if apps/web/dist exists
#   BOOKLA_DEPLOY_RUN       where pids, logs, configs and data go   deploy/run
#   SMTP_URL / MAIL_FROM    passed to every instance (unset: mails are kept in the archive, not sent)
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN=${BOOKLA_DEPLOY_RUN:-$ROOT/deploy/run}
DB=${BOOKLA_DEPLOY_DB:-bookla_deploy}
DB_USER=$DB
INSTANCES=${INSTANCES:-3}
LB_BIND=${LB_BIND:-127.0.0.1}
PGHOST=${PGHOST:-127.0.0.1}
PGPORT=${PGPORT:-5432}
PGADMIN_USER=${PGADMIN_USER:-postgres}
DIRECT=${BOOKLA_DEPLOY_DIRECT:-0}
BUCKET=bookla
# Ports the e2e tests own: never taken here.
RESERVED=" 3199 3198 3197 3599 "

START_MS=$(date +%s%3N)
elapsed() { echo $((($(date +%s%3N) - START_MS))); }
say() { printf '[up %6.1fs] %s\n' "$(awk "BEGIN{print $(elapsed)/1000}")" "$*"; }
die() {
  echo "up.sh: $*" >&2
  exit 1
}
trap 'echo "up.sh failed at line $LINENO (logs: $RUN/logs/); bash deploy/down.sh stops what was started" >&2' ERR

[[ $DB =~ ^[a-z_][a-z0-9_]{0,62}$ ]] || die "BOOKLA_DEPLOY_DB must be a plain lower-case identifier"
[[ $INSTANCES =~ ^[1-9][0-9]?$ ]] || die "INSTANCES must be 1..99"

# A previous run still up: stop it first (its data and secrets stay).
if compgen -G "$RUN/pids/*.pid" >/dev/null; then
  say "a previous deployment is running: stopping it first"
  bash "$ROOT/deploy/down.sh"
fi

# ---------------------------------------------------------------- packages (Debian's apt)
# HAProxy, not nginx: it probes GET /api/ready itself (active checks with rise/fall) and has a
# runtime socket to drain an instance during a rolling upgrade; Debian's nginx (open source) only
# notices a dead instance from failing client requests (max_fails), no probe of /api/ready.
need=()
command -v haproxy >/dev/null || need+=(haproxy)
command -v pgbouncer >/dev/null || [[ -x /usr/sbin/pgbouncer ]] || need+=(pgbouncer)
command -v redis-server >/dev/null || need+=(redis-server)
command -v psql >/dev/null || need+=(postgresql-client)
command -v curl >/dev/null || need+=(curl)
command -v ss >/dev/null || need+=(iproute2)
command -v openssl >/dev/null || need+=(openssl)
if ((${#need[@]})); then
  [[ $(id -u) == 0 ]] || die "missing ${need[*]}: run as root or install them (apt-get install ${need[*]})"
  say "apt-get install ${need[*]}"
  apt-get update -qq
  # Their own system services are not wanted (on a machine with systemd they would start).
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
PGBOUNCER=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)

mkdir -p "$RUN"/{pids,logs,conf}
# Others may pass through (PgBouncer, running as postgres, reloads its files from run/pgbouncer/),
# not list it; the secrets in it are mode 600.
chmod 711 "$RUN"

# ---------------------------------------------------------------- ports
TAKEN=" "
port_free() { [[ $RESERVED != *" $1 "* && $TAKEN != *" $1 "* && -z $(ss -Htln "sport = :$1") ]]; }
# pick_port VAR FIRST: the first free port from FIRST on, into VAR.
pick_port() {
  local _p=$2
  until port_free "$_p"; do _p=$((_p + 1)); done
  TAKEN+="$_p "
  printf -v "$1" "%s" "$_p"
}
LB_WANTED=${LB_PORT:-8080}
pick_port LB_PORT "$LB_WANTED"
[[ $LB_PORT == "$LB_WANTED" ]] || say "port $LB_WANTED is taken: the balancer listens on $LB_PORT"
pick_port STATS_PORT 8404
pick_port ADMIN_PORT 9999
pick_port PGB_PORT 6432
pick_port REDIS_PORT 6390
pick_port S3_PORT 4569
INSTANCE_PORTS=()
next=3301
for ((i = 1; i <= INSTANCES; i++)); do
  pick_port p "$next"
  INSTANCE_PORTS+=("$p")
  next=$((p + 1))
done
say "ports: balancer $LB_PORT, instances ${INSTANCE_PORTS[*]}, pgbouncer $PGB_PORT, redis $REDIS_PORT, s3 $S3_PORT"

# start_bg NAME CMD…: runs CMD detached, pid in run/pids/NAME.pid, output in run/logs/NAME.log.
start_bg() {
  local name=$1
  shift
  setsid nohup "$@" >>"$RUN/logs/$name.log" 2>&1 </dev/null &
  echo $! >"$RUN/pids/$name.pid"
}
# wait_for NAME SECONDS CMD…: until CMD succeeds; fails when NAME's process died or time is up.
wait_for() {
  local name=$1 secs=$2
  shift 2
  local until_ms=$(($(date +%s%3N) + secs * 1000))
  until "$@" >/dev/null 2>&1; do
    if [[ -f $RUN/pids/$name.pid ]] && ! kill -0 "$(cat "$RUN/pids/$name.pid")" 2>/dev/null; then
      tail -n 30 "$RUN/logs/$name.log" >&2 || true
      die "$name ended (log: $RUN/logs/$name.log)"
    fi
    (($(date +%s%3N) < until_ms)) || {
      tail -n 30 "$RUN/logs/$name.log" >&2 || true
      die "$name not ready after ${secs}s (log: $RUN/logs/$name.log)"
    }
    sleep 0.2
  done
}
port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# ---------------------------------------------------------------- node modules, web build
cd "$ROOT"
if [[ ! -d node_modules/tsx ]]; then
  say "npm ci"
  npm ci --no-audit --no-fund >"$RUN/logs/npm-ci.log" 2>&1
fi
if [[ ! -f apps/web/dist/index.html || ${BOOKLA_DEPLOY_BUILD:-0} == 1 ]]; then
  say "building the web app (npm run build; log run/logs/build.log)"
  npm run build >"$RUN/logs/build.log" 2>&1
fi

# ---------------------------------------------------------------- secrets (kept across runs)
if [[ ! -f $RUN/secrets.env ]]; then
  umask 077
  {
    echo "SESSION_SECRET=$(openssl rand -base64 48 | tr -d '\n')"
    echo "DB_PASSWORD=$(openssl rand -hex 24)"
  } >"$RUN/secrets.env"
  umask 022
fi
# shellcheck source=/dev/null
source "$RUN/secrets.env"

# ---------------------------------------------------------------- PostgreSQL: role and database
export PGHOST PGPORT
psql_admin() { psql -U "$PGADMIN_USER" -d postgres -v ON_ERROR_STOP=1 -Atq "$@"; }
wait_for postgres 30 pg_isready -h "$PGHOST" -p "$PGPORT" -q
# A role of its own (not a superuser), owner of its database; the password is the one in
# run/secrets.env (PgBouncer's userlist has it too).
if [[ -z $(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$DB_USER'") ]]; then
  psql_admin -c "CREATE ROLE $DB_USER LOGIN PASSWORD '$DB_PASSWORD'"
else
  psql_admin -c "ALTER ROLE $DB_USER LOGIN PASSWORD '$DB_PASSWORD'"
fi
if [[ -z $(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$DB'") ]]; then
  say "creating database $DB"
  psql_admin -c "CREATE DATABASE $DB OWNER $DB_USER"
fi
# Timestamps are UTC instants everywhere: the server asks for it per connection, which a pooler in
# transaction mode cannot carry; the database's default makes every server connection UTC anyway.
psql_admin -c "ALTER DATABASE $DB SET timezone TO 'UTC'"

# ---------------------------------------------------------------- Redis (its own, no persistence)
mkdir -p "$RUN/redis"
start_bg redis redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$RUN/redis" --save "" --appendonly no --protected-mode yes
wait_for redis 15 redis-cli -p "$REDIS_PORT" ping

# ---------------------------------------------------------------- object store
S3RVER=""
for c in node_modules/.bin/s3rver apps/server/node_modules/.bin/s3rver; do [[ -x $c ]] && S3RVER=$ROOT/$c && break; done
if [[ -n $S3RVER ]]; then
  mkdir -p "$RUN/s3"
  start_bg s3rver "$S3RVER" --address 127.0.0.1 --port "$S3_PORT" --directory "$RUN/s3" --configure-bucket "$BUCKET" --silent
  wait_for s3rver 20 port_open 127.0.0.1 "$S3_PORT"
  STORAGE_URL="s3://$BUCKET?endpoint=http://127.0.0.1:$S3_PORT&region=us-east-1&force_path_style=true"
  # s3rver's fixed credentials.
  S3_ACCESS_KEY_ID=S3RVER
  S3_SECRET_ACCESS_KEY=S3RVER
else
  # Stand-in until s3rver is installed: one directory all instances share.
  say "s3rver not installed (node_modules/.bin/s3rver): storage is one shared directory (file://)"
  mkdir -p "$RUN/storage"
  STORAGE_URL="file://$RUN/storage"
  S3_ACCESS_KEY_ID=""
  S3_SECRET_ACCESS_KEY=""
fi

# ---------------------------------------------------------------- PgBouncer (transaction mode)
PGB_DIR=$RUN/pgbouncer
mkdir -p "$PGB_DIR"
# PgBouncer refuses to run as root: it drops to this user (files it reads must be its own).
PGB_OS_USER=$(id -u postgres >/dev/null 2>&1 && echo postgres || echo nobody)
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" >"$PGB_DIR/userlist.txt"
MAX_CLIENT_CONN=$((INSTANCES * 14 + 50))
cat >"$PGB_DIR/pgbouncer.ini" <<EOF
; Written by deploy/up.sh. Sizing: docs/operations.md.
[databases]
$DB = host=$PGHOST port=$PGPORT dbname=$DB

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGB_PORT
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $PGB_DIR/userlist.txt
; SHOW POOLS / SHOW CLIENTS / PAUSE / RELOAD on the console (psql … pgbouncer)
admin_users = $DB_USER
stats_users = $DB_USER
pool_mode = transaction
; Each instance opens at most 14 client connections (10 in its pool + 4 in its jobs thread).
max_client_conn = $MAX_CLIENT_CONN
; Server connections per (database, user): what PostgreSQL actually sees.
default_pool_size = 20
reserve_pool_size = 5
reserve_pool_timeout = 2
max_db_connections = 30
; A client waiting longer than this for a server connection gets an error (the server answers 503).
query_wait_timeout = 15
server_idle_timeout = 60
; Transaction mode: nothing of a session survives a transaction, so nothing to reset.
server_reset_query =
; Not "options": a server started without DATABASE_POOL_MODE=transaction sends "options=-c TimeZone=UTC",
; which PgBouncer 1.18 refuses, so that mistake stops the instance at start-up instead of
; failing later on named prepared statements.
ignore_startup_parameters = extra_float_digits
log_connections = 0
log_disconnections = 0
stats_period = 60
EOF
chown -R "$PGB_OS_USER" "$PGB_DIR"
chmod 700 "$PGB_DIR"
chmod 600 "$PGB_DIR/userlist.txt"
if [[ $DIRECT == 1 ]]; then
  DATABASE_URL="postgres://$DB_USER:$DB_PASSWORD@$PGHOST:$PGPORT/$DB"
  POOL_MODE=session
  say "BOOKLA_DEPLOY_DIRECT=1: instances connect to PostgreSQL directly (no PgBouncer)"
else
  start_bg pgbouncer "$PGBOUNCER" -u "$PGB_OS_USER" "$PGB_DIR/pgbouncer.ini"
  wait_for pgbouncer 15 env PGPASSWORD="$DB_PASSWORD" psql -h 127.0.0.1 -p "$PGB_PORT" -U "$DB_USER" -d "$DB" -Atqc 'SELECT 1'
  DATABASE_URL="postgres://$DB_USER:$DB_PASSWORD@127.0.0.1:$PGB_PORT/$DB"
  POOL_MODE=transaction
fi

# ---------------------------------------------------------------- the instances
# Each instance's environment is a file (run/conf/instance-N.env, mode 600) that
# deploy/instance.sh starts it from: the same command restarts one during a rolling upgrade.
# Started at once, on purpose: migrations and the seed run once under the start-up lock (decision 023).
for ((i = 1; i <= INSTANCES; i++)); do
  mkdir -p "$RUN/instance-$i"
  (
    umask 077
    for kv in NODE_ENV=production HOST=127.0.0.1 PORT="${INSTANCE_PORTS[i - 1]}" APP_URL="http://localhost:$LB_PORT" \
      DATA_DIR="$RUN/instance-$i" SESSION_SECRET="$SESSION_SECRET" \
      DATABASE_URL="$DATABASE_URL" DATABASE_POOL_MODE="$POOL_MODE" \
      REDIS_URL="redis://127.0.0.1:$REDIS_PORT" \
      STORAGE_URL="$STORAGE_URL" S3_ACCESS_KEY_ID="$S3_ACCESS_KEY_ID" S3_SECRET_ACCESS_KEY="$S3_SECRET_ACCESS_KEY" \
      ${SMTP_URL:+SMTP_URL="$SMTP_URL"} ${MAIL_FROM:+MAIL_FROM="$MAIL_FROM"} \
      TRUST_PROXY=127.0.0.1; do
      printf '%s=%q\n' "${kv%%=*}" "${kv#*=}"
    done >"$RUN/conf/instance-$i.env"
  )
  BOOKLA_DEPLOY_RUN=$RUN bash "$ROOT/deploy/instance.sh" start "$i"
done
say "started $INSTANCES instances; waiting for GET /api/ready on each"
for ((i = 1; i <= INSTANCES; i++)); do
  wait_for "instance-$i" 180 curl -fsS -m 3 "http://127.0.0.1:${INSTANCE_PORTS[i - 1]}/api/ready"
done
say "all instances ready"

# ---------------------------------------------------------------- HAProxy
servers=""
for ((i = 1; i <= INSTANCES; i++)); do servers+="    server i$i 127.0.0.1:${INSTANCE_PORTS[i - 1]} check"$'\n'; done
cat >"$RUN/conf/haproxy.cfg" <<EOF
# Written by deploy/up.sh (docs/operations.md).
global
    log stdout format raw local0 info
    maxconn 4096
    # Runtime API (drain/ready an instance: deploy/instance.sh): localhost only.
    stats socket $RUN/haproxy.sock mode 600 level admin
    stats socket ipv4@127.0.0.1:$ADMIN_PORT level admin

defaults
    mode http
    log global
    option httplog
    option dontlognull
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    timeout queue 10s
    # A connection an instance refuses (it died, restarts) is tried again on another one: nothing
    # was sent, safe for POSTs too. A GET/HEAD whose instance closed without an answer (killed
    # mid-request, or a reused keep-alive connection to a dead one) is sent again as well; a POST
    # is not (it may have run: the client repeats it with its Idempotency-Key, CONTRACT §7).
    retries 2
    option redispatch 1
    retry-on conn-failure empty-response

frontend bookla
    bind $LB_BIND:$LB_PORT
    # The instances trust X-Forwarded-For from this balancer only (TRUST_PROXY=127.0.0.1).
    option forwardfor
    http-request set-header X-Forwarded-Proto http
    http-request disable-l7-retry if !METH_GET
    # Built files (content-hashed chunks): an instance of another version answers 404 for one it
    # lacks (apps/server/src/plugins/error-handler.ts), and the "assets" backend asks the next one.
    use_backend assets if { path_beg /assets/ }
    default_backend instances

backend instances
    balance roundrobin
    # CONTRACT §7: 200 only when the database answers, migrations are done and the jobs runner lives.
    option httpchk
    http-check send meth GET uri /api/ready ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
    # Probe every 2 s; 2 failures mark an instance down, 2 successes up again.
    default-server inter 2s fall 2 rise 2
$servers
backend assets
    balance roundrobin
    # During a rolling upgrade old and new instances hold different chunks: a 404 is tried on
    # another instance (GET only; at most "retries" times).
    retry-on conn-failure empty-response 404
    # CONTRACT §7: 200 only when the database answers, migrations are done and the jobs runner lives.
    option httpchk
    http-check send meth GET uri /api/ready ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
    # Probe every 2 s; 2 failures mark an instance down, 2 successes up again.
    default-server inter 2s fall 2 rise 2
$servers
listen stats
    bind 127.0.0.1:$STATS_PORT
    stats enable
    stats uri /
    stats refresh 5s
EOF
haproxy -c -q -f "$RUN/conf/haproxy.cfg"
start_bg haproxy haproxy -db -f "$RUN/conf/haproxy.cfg"
wait_for haproxy 15 port_open "$LB_BIND" "$LB_PORT"

# ---------------------------------------------------------------- the demo shop through the balancer
DEMO_TEAM_ID=$(psql_admin -d "$DB" -c "SELECT t.id FROM teams t JOIN users u ON u.id = t.owner_id
  WHERE lower(u.email) = 'demo-provider@example.com' ORDER BY t.id LIMIT 1")
[[ -n $DEMO_TEAM_ID ]] || die "no demo team in $DB (seed: apps/server/src/db/seed/demo-provider.ts)"
LB_HOST=$([[ $LB_BIND == 0.0.0.0 ]] && echo localhost || echo "$LB_BIND")
SHOP_URL="http://$LB_HOST:$LB_PORT/en/shop/$DEMO_TEAM_ID"
shop_served() { curl -fsS -m 5 "$SHOP_URL" | grep -q '<title>Bookla Demo'; }
wait_for haproxy 60 shop_served

# Shared storage: the demo's header images were stored by whichever instance seeded; every
# instance must serve them (they do only when all read one STORAGE_URL).
MEDIA_NOTE="every instance serves the demo's images"
IMAGE=$(curl -fsS -m 5 "http://127.0.0.1:$LB_PORT/api/public/teams/$DEMO_TEAM_ID/activities" | grep -o '/media/[^"]*/list.webp' | head -n 1 || true)
if [[ -n $IMAGE ]]; then
  missing=()
  for p in "${INSTANCE_PORTS[@]}"; do
    curl -fs -m 5 -o /dev/null "http://127.0.0.1:$p$IMAGE" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    MEDIA_NOTE="WARNING: instances on ${missing[*]} do not serve $IMAGE: storage is not shared (does this server read STORAGE_URL?)"
    echo "up.sh: $MEDIA_NOTE" >&2
  fi
else
  MEDIA_NOTE="WARNING: the demo has no header image to check storage with"
fi

cat >"$RUN/deploy.env" <<EOF
# Written by deploy/up.sh: what this deployment runs on (source it).
ROOT=$ROOT
RUN=$RUN
DB=$DB
DB_USER=$DB_USER
INSTANCES=$INSTANCES
INSTANCE_PORTS="${INSTANCE_PORTS[*]}"
LB_PORT=$LB_PORT
STATS_PORT=$STATS_PORT
ADMIN_PORT=$ADMIN_PORT
PGB_PORT=$PGB_PORT
REDIS_PORT=$REDIS_PORT
S3_PORT=$S3_PORT
DIRECT=$DIRECT
STORAGE_URL="$STORAGE_URL"
DEMO_TEAM_ID=$DEMO_TEAM_ID
SHOP_URL=$SHOP_URL
EOF

TOTAL=$(awk "BEGIN{printf \"%.1f\", $(elapsed)/1000}")
echo "$TOTAL" >"$RUN/up-seconds"
cat <<EOF

Bookla runs behind HAProxy, $INSTANCES instances ($( [[ $DIRECT == 1 ]] && echo "PostgreSQL directly" || echo "PgBouncer in transaction mode")), up in ${TOTAL}s:

  demo shop      $SHOP_URL   (also /en/shop/demo)
  the app        http://$LB_HOST:$LB_PORT/
  HAProxy stats  http://127.0.0.1:$STATS_PORT/
  pools          PGPASSWORD=\$(grep DB_PASSWORD $RUN/secrets.env | cut -d= -f2) psql -h 127.0.0.1 -p $PGB_PORT -U $DB_USER pgbouncer -c 'SHOW POOLS'
  storage        $STORAGE_URL
                 $MEDIA_NOTE
  logs, pids     $RUN/logs/, $RUN/pids/
  restart one    bash deploy/instance.sh restart N   (drain, stop, start, ready: a rolling upgrade's step)
  stop           bash deploy/down.sh   (--purge: also drop database $DB and delete $RUN)
EOF
