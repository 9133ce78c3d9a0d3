#!/bin/sh
# The official postgres image's start, in the part deploy/compose.yaml uses: a first start makes
# the cluster with POSTGRES_USER (password POSTGRES_PASSWORD, scram-sha-256 over TCP) and
# POSTGRES_DB; every start then runs the server as the postgres user, listening on every address.
set -eu
: "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}

if [ "$(id -u)" = 0 ]; then
  # A fresh volume is root's: give it to postgres, then run this script again as postgres.
  mkdir -p "$PGDATA" /run/postgresql
  chown -R postgres:postgres "$PGDATA" /run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid postgres --regid postgres --init-groups sh "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    # A socket in a folder of its own while the database is made: no client, nor pg_isready (the
    # healthcheck), reaches the half-made cluster.
    socket=$(mktemp -d)
    pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=$socket" -w start >/dev/null
    createdb --host="$socket" --username="$user" --owner="$user" "$db"
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
