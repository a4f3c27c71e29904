#!/usr/bin/env bash
# houbud under attack on loopback: the probe (idle sockets, slowloris, a 50 MB
# header: what is held, for how long, memory, /health latency), then a mix of
# slowloris, bad-token floods and oversized headers for --duration seconds
# beside --clients honest clients (houbud-load); then SIGTERM and the check
# that every acknowledged command is in the journal.
#
# Usage: scripts/bench-attack.sh [--duration 60] [--clients 20] [--build DIR] [--no-probe]
#                                [--no-attack]
#   --build DIR uses an existing build (default build/dev); --no-attack runs
#   the honest clients alone, for comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=60 clients=20 build=build/dev probe=1 attack_mix=1
while [ $# -gt 0 ]; do
  case $1 in
    --duration) duration=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --no-probe) probe=0; shift ;;
    --no-attack) attack_mix=0 probe=0; shift ;;
    *) echo "usage: $0 [--duration S] [--clients N] [--build DIR] [--no-probe] [--no-attack]" >&2
       exit 2 ;;
  esac
done
houbud=$build/server/houbud load=$build/bench/houbud-load attack=$build/bench/houbud-attack
cli=$build/cli/houbu-cli

tmp="$(mktemp -d)"
pid=
cleanup() {
  [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

token=$("$houbud" token add --role dispatcher --name load --store "$tmp/load.db" 2>/dev/null)
# --rate 0: the honest clients share one token; the limits are the defaults.
"$houbud" --store "$tmp/load.db" --listen 127.0.0.1:0 --port-file "$tmp/port" --rate 0 \
  2>"$tmp/houbud.log" &
pid=$!
for _ in $(seq 1 200); do [ -s "$tmp/port" ] && break; sleep 0.05; done
[ -s "$tmp/port" ] || { cat "$tmp/houbud.log" >&2; exit 1; }
port=$(cat "$tmp/port")
echo "houbud on 127.0.0.1:$port, default limits, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

[ "$probe" = 1 ] && "$attack" probe --port "$port" --pid "$pid"

status=0 apid=
if [ "$attack_mix" = 1 ]; then
  "$attack" mix --port "$port" --pid "$pid" --duration "$duration" &
  apid=$!
fi
"$load" run --url "http://127.0.0.1:$port" --token "$token" --clients "$clients" \
  --duration "$duration" --acks "$tmp/acks" || status=$?
[ -n "$apid" ] && { wait "$apid" || status=1; }

echo "houbud's peak RSS: $(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$pid/status")"
kill -TERM "$pid"
wait "$pid" || { echo "houbud did not exit cleanly on SIGTERM" >&2; status=1; }
pid=
echo "log: $(wc -l < "$tmp/houbud.log") lines, $(wc -c < "$tmp/houbud.log") bytes"
"$cli" export --db "$tmp/load.db" > "$tmp/journal.jsonl"
"$load" check --acks "$tmp/acks" --journal "$tmp/journal.jsonl" || status=1
exit $status
