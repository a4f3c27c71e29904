#!/usr/bin/env bash
# houbud under attack on loopback: the probe (idle sockets, slowloris, a 50 MB
# header: what is held, for how long, memory, /health latency), then a mix of
# slowloris, bad-token floods and oversized headers for --duration seconds
# beside --clients honest clients (houbud-load); then SIGTERM and the check
# that every acknowledged command is in the journal.
#
# Usage: scripts/bench-attack.sh [--duration 60] [--clients 20] [--build DIR] [--no-probe]
#                                [--no-attack] [--both] [--houbud-args "ARGS"]
#   --build DIR uses an existing build (default build/dev); --no-attack runs
#   the honest clients alone, for comparison; --both runs them alone and then
#   beside the attack mix, each on a fresh server, in one invocation (the
#   machine's load is then as alike as it gets). Each run ends with houbud's
#   CPU time and the load average beside its wall time. --houbud-args adds
#   houbud options (e.g. "--refusal-rate 0" for the server without the
#   per-address limit on refusals); with --both the attack runs twice, without
#   and with them.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=60 clients=20 build=build/dev probe=1 attack_mix=1 both=0 extra=
while [ $# -gt 0 ]; do
  case $1 in
    --duration) duration=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --no-probe) probe=0; shift ;;
    --no-attack) attack_mix=0 probe=0; shift ;;
    --both) both=1; shift ;;
    --houbud-args) extra=$2; shift 2 ;;
    *) echo "usage: $0 [--duration S] [--clients N] [--build DIR] [--no-probe] [--no-attack] [--both]" >&2
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

# houbud's CPU seconds (user + system) so far.
cpu_seconds() {
  awk -v tck="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15) / tck }' "/proc/$1/stat"
}

# One server, one run: the probe and the mix as asked, the honest clients,
# SIGTERM, the journal checked against the acknowledgements.
run_once() {
  local with_attack=$1 with_probe=$2 args=$3 status=0 apid= started
  rm -rf "$tmp/run" && mkdir -p "$tmp/run"
  local token
  token=$("$houbud" token add --role dispatcher --name load --store "$tmp/run/load.db" 2>/dev/null)
  # --rate 0: the honest clients share one token; the limits are the defaults.
  # shellcheck disable=SC2086 # the extra options are words
  "$houbud" --store "$tmp/run/load.db" --listen 127.0.0.1:0 --port-file "$tmp/run/port" --rate 0 \
    $args 2>"$tmp/run/houbud.log" &
  pid=$!
  for _ in $(seq 1 200); do [ -s "$tmp/run/port" ] && break; sleep 0.05; done
  [ -s "$tmp/run/port" ] || { cat "$tmp/run/houbud.log" >&2; return 1; }
  local port
  port=$(cat "$tmp/run/port")
  echo "== honest clients $([ "$with_attack" = 1 ] && echo "beside the attack mix" || echo alone)${args:+, houbud $args}"
  echo "houbud on 127.0.0.1:$port, default limits, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

  [ "$with_probe" = 1 ] && "$attack" probe --port "$port" --pid "$pid"

  started=$(date +%s.%N)
  local cpu_before
  cpu_before=$(cpu_seconds "$pid")
  if [ "$with_attack" = 1 ]; then
    "$attack" mix --port "$port" --pid "$pid" --duration "$duration" &
    apid=$!
  fi
  "$load" run --url "http://127.0.0.1:$port" --token "$token" --clients "$clients" \
    --duration "$duration" --acks "$tmp/run/acks" || status=$?
  [ -n "$apid" ] && { wait "$apid" || status=1; }
  echo "wall $(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }') s," \
    "houbud CPU $(awk -v a="$cpu_before" -v b="$(cpu_seconds "$pid")" 'BEGIN { printf "%.1f", b - a }') s," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg)"

  echo "houbud's peak RSS: $(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$pid/status")"
  kill -TERM "$pid"
  wait "$pid" || { echo "houbud did not exit cleanly on SIGTERM" >&2; status=1; }
  pid=
  echo "log: $(wc -l < "$tmp/run/houbud.log") lines, $(wc -c < "$tmp/run/houbud.log") bytes"
  "$cli" export --db "$tmp/run/load.db" > "$tmp/run/journal.jsonl"
  "$load" check --acks "$tmp/run/acks" --journal "$tmp/run/journal.jsonl" || status=1
  return $status
}

status=0
if [ "$both" = 1 ]; then
  run_once 0 0 "" || status=1
  [ -n "$extra" ] && { run_once 1 0 "$extra" || status=1; }
  run_once 1 "$probe" "" || status=1
else
  run_once "$attack_mix" "$probe" "$extra" || status=1
fi
exit $status
