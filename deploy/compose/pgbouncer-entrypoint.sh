#!/bin/sh
# PgBouncer for Bookla (deploy/Dockerfile, target pgbouncer): writes its config and userlist from
# the environment, then runs in the foreground (logs on stderr). Transaction mode: the instances
# must run with DATABASE_POOL_MODE=transaction (CONTRACT §7). Sizing: docs/operations.md.
set -eu
: "${DB_HOST:?DB_HOST: the PostgreSQL server}"
: "${DB_NAME:?DB_NAME: the database}"
: "${DB_USER:?DB_USER: the role the instances use}"
: "${DB_PASSWORD:?DB_PASSWORD: its password}"
DB_PORT=${DB_PORT:-5432}
CONF_DIR=${PGBOUNCER_CONF_DIR:-/etc/pgbouncer}
mkdir -p "$CONF_DIR"
umask 077
# The password in plain text: PgBouncer needs it for SCRAM with its clients and with PostgreSQL.
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" >"$CONF_DIR/userlist.txt"
cat >"$CONF_DIR/pgbouncer.ini" <<INI
[databases]
$DB_NAME = host=$DB_HOST port=$DB_PORT dbname=$DB_NAME

[pgbouncer]
listen_addr = ${LISTEN_ADDR:-0.0.0.0}
listen_port = ${LISTEN_PORT:-6432}
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $CONF_DIR/userlist.txt
admin_users = $DB_USER
stats_users = $DB_USER
pool_mode = transaction
; Each instance opens at most 14 client connections (10 in its pool, 4 in its jobs thread).
max_client_conn = ${MAX_CLIENT_CONN:-500}
; What PostgreSQL sees. Above the number of instances that may start at once: each waiting
; instance holds one server connection on the start-up lock (docs/operations.md).
default_pool_size = ${POOL_SIZE:-20}
reserve_pool_size = ${RESERVE_POOL_SIZE:-5}
reserve_pool_timeout = 2
max_db_connections = ${MAX_DB_CONNECTIONS:-30}
query_wait_timeout = ${QUERY_WAIT_TIMEOUT:-15}
server_idle_timeout = 60
server_reset_query =
; Not "options": an instance without DATABASE_POOL_MODE=transaction sends it and is refused at start.
ignore_startup_parameters = extra_float_digits
log_connections = 0
log_disconnections = 0
INI
exec pgbouncer "$CONF_DIR/pgbouncer.ini"
