#!/bin/sh
# First start: a cluster owned by POSTGRES_USER with POSTGRES_PASSWORD, password logins over
# TCP, and the database POSTGRES_DB; then PostgreSQL in the foreground on every interface.
set -eu
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -w -o "-c listen_addresses=''" start >/dev/null
  [ "$db" = postgres ] || createdb --username="$user" "$db"
  pg_ctl -w -m fast stop >/dev/null
fi
exec postgres -c listen_addresses='*'
