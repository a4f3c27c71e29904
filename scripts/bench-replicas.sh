#!/usr/bin/env bash
# Reads spread over followers while the writer takes commands, on loopback:
# a PostgreSQL store, one writer, three followers (houbud --follow). For 0
# (reads on the writer itself), 1, 2 and 3 followers, houbud-load runs
# command clients against the writer and readers (GET of a seat map) spread
# over the followers; reports commands/s, reads/s, read p50/p99, the
# followers' lag under that load, and reads per CPU-second of the followers
# (what one follower adds for the CPU it is given).
#
# Usage: scripts/bench-replicas.sh [--duration 10] [--clients 4] [--readers 24] [--build DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=10 clients=4 readers=24 build=
while [ $# -gt 0 ]; do
  case $1 in
    --duration) duration=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --readers) readers=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "usage: $0 [--duration S] [--clients N] [--readers N] [--build DIR]" >&2; exit 2 ;;
  esac
done
if [ -z "$build" ]; then
  cmake --preset release >/dev/null
  cmake --build --preset release -j2 --target houbud houbud-load
  build=build/release
fi
houbud=$build/server/houbud load=$build/bench/houbud-load

source scripts/houbud-on-postgres.sh
cpu_seconds() { # utime + stime of the processes, in seconds
  local t=0
  for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done
  awk -v t="$t" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }'
}

start writer --store "$url"
writer_pid=$started_pid writer_port=$started_port
follower_pids=() follower_ports=()
for i in 1 2 3; do
  start "f$i" --follow "$url"
  follower_pids+=("$started_pid") follower_ports+=("$started_port")
done

echo "machine: $(nproc) cores; clients $clients (commands to the writer), readers $readers, ${duration} s each"
printf '%-10s %12s %10s %12s %12s %14s %16s\n' followers commands/s reads/s "read p50 ms" "read p99 ms" "max lag ms" "reads/CPU-s"
for n in 0 1 2 3; do
  if [ "$n" -eq 0 ]; then
    urls="http://127.0.0.1:$writer_port" watched=()
  else
    urls="" watched=()
    for i in $(seq 0 $((n - 1))); do
      urls="$urls${urls:+,}http://127.0.0.1:${follower_ports[$i]}"
      watched+=("${follower_pids[$i]}")
    done
  fi
  # The followers' lag, sampled while the load runs.
  : >"$tmp/lag"
  (
    end=$(($(date +%s) + duration))
    while [ "$(date +%s)" -lt "$end" ]; do
      for i in $(seq 0 $((n > 0 ? n - 1 : -1))); do
        curl -s -m 1 "http://127.0.0.1:${follower_ports[$i]}/health" |
          python3 -c 'import json,sys; f=json.load(sys.stdin)["follower"]; print(f["last_delay_ms"], f["behind"])' >>"$tmp/lag" 2>/dev/null || true
      done
      sleep 0.2
    done
  ) &
  sampler=$!
  cpu0=$(if [ "$n" -gt 0 ]; then cpu_seconds "${watched[@]}"; else cpu_seconds "$writer_pid"; fi)
  "$load" run --url "http://127.0.0.1:$writer_port" --token "$token" --clients "$clients" \
    --duration "$duration" --readers "$readers" --read-urls "$urls" >"$tmp/out" 2>&1 || true
  cpu1=$(if [ "$n" -gt 0 ]; then cpu_seconds "${watched[@]}"; else cpu_seconds "$writer_pid"; fi)
  wait "$sampler" 2>/dev/null || true
  commands=$(sed -n 's/.*(\([0-9]*\) commands\/s).*/\1/p' "$tmp/out")
  reads=$(sed -n 's/.*(\([0-9]*\) reads\/s).*/\1/p' "$tmp/out")
  p50=$(sed -n 's/^read latency ms: p50 \([0-9.]*\).*/\1/p' "$tmp/out")
  p99=$(sed -n 's/^read latency ms: .*p99 \([0-9.]*\).*/\1/p' "$tmp/out")
  lag=$(if [ -s "$tmp/lag" ]; then sort -n "$tmp/lag" | tail -1 | cut -d' ' -f1; else echo -; fi)
  total=$(sed -n 's/.*: \([0-9]*\) reads (.*/\1/p' "$tmp/out")
  per_cpu=$(awk -v n="${total:-0}" -v a="$cpu0" -v b="$cpu1" 'BEGIN { printf "%d", n / (b - a + 0.01) }')
  printf '%-10s %12s %10s %12s %12s %14s %16s\n' "$n" "${commands:-?}" "${reads:-?}" "${p50:-?}" "${p99:-?}" "$lag" "$per_cpu"
  grep -E '^(errors|read errors): [1-9]' "$tmp/out" || true
done
echo "(followers 0: the readers read from the writer itself; reads/CPU-s is then the writer's)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
