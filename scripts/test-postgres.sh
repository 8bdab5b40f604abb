#!/usr/bin/env bash
# A private PostgreSQL server for the session server's tests (Debian's postgresql package):
#   scripts/test-postgres.sh start FOLDER   makes a cluster in FOLDER, starts it on a socket there
#                                           (no TCP port), and prints the URL the tests read
#   scripts/test-postgres.sh stop FOLDER    stops it
#   scripts/test-postgres.sh restart FOLDER stops it and starts it again (the fault tests)
# As root, the server runs as the postgres user (PostgreSQL refuses to run as root).
set -euo pipefail
action=$1 folder=$2
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (Debian's postgresql package)" >&2; exit 1; }
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$action" in
  start)
    mkdir -p "$folder"
    [ "$(id -u)" -ne 0 ] || chown postgres: "$folder"
    as_owner "$bin/initdb" --auth=trust --username=x11paint -D "$folder/data" > "$folder/initdb.log" 2>&1
    as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w \
      -o "-k $folder -c listen_addresses='' -p 5432 -c fsync=off" start > /dev/null
    as_owner "$bin/createdb" -h "$folder" -U x11paint sessions
    echo "postgres://x11paint@/sessions?host=$folder"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$folder/data" -m fast -w stop > /dev/null || true
    ;;
  restart)
    as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -m fast -w restart > /dev/null
    ;;
  *) echo "usage: $0 start|stop|restart FOLDER" >&2; exit 2 ;;
esac
