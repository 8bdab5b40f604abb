#!/usr/bin/env bash
# The session server under load (x11paint-session-bench): x11paint-server as its own process on
# loopback, twenty clients streaming motion events through one server (SQLite) and through two
# sharing one PostgreSQL database (a private cluster started here, as the tests start one), and
# a participant joining a session of 100,000 operations while five others stream.
set -euo pipefail
cd "$(dirname "$0")/.."
for product in x11paint-server x11paint-session-bench; do
  swift build -c release --product "$product" 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
done
bin="$(swift build -c release --show-bin-path)"
# Its own folder: as root the server runs as the postgres user, who must be able to enter it.
postgres_folder=$(mktemp -d /tmp/x11paint-postgres.XXXXXX)
cleanup() { scripts/test-postgres.sh stop "$postgres_folder" 2>/dev/null || true; rm -rf "$postgres_folder"; }
trap cleanup EXIT
url=$(scripts/test-postgres.sh start "$postgres_folder")
"$bin/x11paint-session-bench" --server "$bin/x11paint-server" --postgres "$url" --seconds "${SECONDS_MEASURED:-10}"
