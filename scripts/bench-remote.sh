#!/usr/bin/env bash
# Load on houbud over loopback: concurrent clients send commands (one per
# request by default) for a fixed time; reports sustained commands/s, p50/p99
# latency and errors; then stops the server with SIGTERM and checks that every
# acknowledged command is in the journal at the position its answer named.
#
# Usage: scripts/bench-remote.sh [--clients 50] [--duration 30] [--batch 1]
#                                [--group 512] [--build DIR]
#   --build DIR uses the binaries of an existing build (no rebuild), e.g.
#   build/dev for the smoke test; by default the release preset is built.
set -euo pipefail
cd "$(dirname "$0")/.."
clients=50 duration=30 batch=1 group=512 build=
while [ $# -gt 0 ]; do
  case $1 in
    --clients) clients=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --batch) batch=$2; shift 2 ;;
    --group) group=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "usage: $0 [--clients N] [--duration S] [--batch N] [--group N] [--build DIR]" >&2; exit 2 ;;
  esac
done
if [ -z "$build" ]; then
  cmake --preset release >/dev/null
  cmake --build --preset release -j2 --target houbud houbud-load houbu-cli
  build=build/release
fi
houbud=$build/server/houbud load=$build/bench/houbud-load cli=$build/cli/houbu-cli

tmp="$(mktemp -d)"
pid=
cleanup() {
  [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

token=$("$houbud" token add --role dispatcher --name load --store "$tmp/load.db" 2>/dev/null)
"$houbud" --store "$tmp/load.db" --listen 127.0.0.1:0 --port-file "$tmp/port" --rate 0 \
  --group "$group" 2>"$tmp/houbud.log" &
pid=$!
for _ in $(seq 1 200); do [ -s "$tmp/port" ] && break; sleep 0.05; done
[ -s "$tmp/port" ] || { cat "$tmp/houbud.log" >&2; exit 1; }
port=$(cat "$tmp/port")

echo "houbud on 127.0.0.1:$port (SQLite, group commit up to $group), $clients clients for $duration s"
status=0
"$load" run --url "http://127.0.0.1:$port" --token "$token" --clients "$clients" \
  --duration "$duration" --batch "$batch" --acks "$tmp/acks" || status=$?

kill -TERM "$pid"
wait "$pid" || { echo "houbud did not exit cleanly on SIGTERM" >&2; status=1; }
pid=
"$cli" export --db "$tmp/load.db" > "$tmp/journal.jsonl"
grep "groups" "$tmp/houbud.log" || true
"$load" check --acks "$tmp/acks" --journal "$tmp/journal.jsonl" || status=1
if grep -q "$token" "$tmp/houbud.log"; then
  echo "the token appears in the server's log" >&2
  status=1
fi
exit $status
