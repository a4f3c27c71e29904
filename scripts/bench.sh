#!/usr/bin/env bash
# Builds the release preset, runs the engine benchmarks (bench/engine_bench.cpp),
# times the real houbu-cli on the same workload, and prints a summary table.
# Targets are reported, never asserted: the exit status is 0 whatever the numbers.
#
# Usage: scripts/bench.sh [flags for engine_bench...]
#   e.g. scripts/bench.sh --benchmark_filter=Release
#        scripts/bench.sh --houbu_orders=20000 --houbu_releases=10000   (smaller workload)
# Results: build/release/bench.json (Google Benchmark JSON).
set -euo pipefail
cd "$(dirname "$0")/.."

cmake --preset release >/dev/null
# Only what the benchmarks need, so that unrelated targets cannot hold them up.
cmake --build --preset release -j2 --target engine_bench houbu-cli

bench=build/release/bench/engine_bench
cli=build/release/cli/houbu-cli
json=build/release/bench.json

echo "== engine_bench" >&2
"$bench" --benchmark_format=console --benchmark_out="$json" --benchmark_out_format=json "$@"

# The same workload (same --houbu_* flags) as JSON Lines, through the real binary.
workload_flags=()
for arg in "$@"; do
  case "$arg" in --houbu_orders=* | --houbu_releases=*) workload_flags+=("$arg") ;; esac
done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
lines="$("$bench" "${workload_flags[@]}" --houbu_write_jsonl="$tmp/workload.jsonl")"
echo "== houbu-cli run ($lines lines, $(du -m "$tmp/workload.jsonl" | cut -f1) MB)" >&2
start=$(date +%s.%N)
/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$cli" run "$tmp/workload.jsonl" >/dev/null
end=$(date +%s.%N)
cli_wall=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
cli_rate=$(awk -v n="$lines" -v s="$start" -v e="$end" 'BEGIN { printf "%.0f", n / (e - s) }')
cli_cpu=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")
cli_cpu_rate=$(awk -v n="$lines" '{ printf "%.0f", n / ($1 + $2) }' "$tmp/time")
cli_rss=$(awk '{ printf "%.0f", $3 / 1024 }' "$tmp/time")
echo "houbu-cli run: ${cli_wall} s wall (${cli_rate} commands/s), ${cli_cpu} s CPU" \
  "(${cli_cpu_rate} commands/s), max RSS ${cli_rss} MB" >&2

# ---- summary ------------------------------------------------------------------------
if ! command -v jq >/dev/null; then
  echo "(jq not found: no summary table; see $json)" >&2
  exit 0
fi
# value NAME_PREFIX FIELD -> the field of the first benchmark whose name starts with the prefix
value() {
  jq -r --arg n "$1" --arg f "$2" \
    '[.benchmarks[] | select(.name | startswith($n)) | .[$f]] | first // empty' "$json"
}
# row LABEL VALUE SCALE UNIT OP TARGET  (OP: ge, le or info; VALUE is divided by SCALE)
row() {
  awk -v label="$1" -v v="$2" -v scale="$3" -v unit="$4" -v op="$5" -v target="$6" 'BEGIN {
    if (v == "") { printf "%-46s %16s %14s  %s\n", label, "-", "", "not run"; exit }
    x = v / scale
    if (op == "info") { printf "%-46s %12.3f %-3s %14s  %s\n", label, x, unit, "", "info"; exit }
    ok = (op == "ge") ? (x >= target) : (x <= target)
    printf "%-46s %12.3f %-3s %2s %8g %-3s  %s\n", label, x, unit, (op == "ge" ? ">=" : "<="),
           target, unit, ok ? "met" : "MISSED"
  }'
}
echo
printf '%-46s %16s %14s  %s\n' "benchmark" "measured" "target" "status"
row "1 check-and-take, mask array" "$(value BM_CheckAndTake_MaskArray items_per_second)" 1e6 M/s ge 20
row "1 check-and-take, engine Seat array" "$(value BM_CheckAndTake_SeatArray items_per_second)" 1e6 M/s ge 20
row "2 sell+refund pairs, whole route, empty run" \
  "$(value BM_SellRefundPair/whole_route items_per_second)" 1e6 M/s ge 1
row "2 sell+refund pairs, random interval, half sold" \
  "$(value BM_SellRefundPair/random_interval items_per_second)" 1e6 M/s ge 1
row "3 release + complete matching: events" "$(value BM_ReleaseWithMatching events_per_s)" 1e6 M/s ge 1
row "3   same, per thread CPU time" "$(value BM_ReleaseWithMatching cpu_events_per_s)" 1e6 M/s ge 1
row "3 release + complete matching: releases" "$(value BM_ReleaseWithMatching items_per_second)" 1e3 k/s info 0
row "3 single release latency p50" "$(value BM_ReleaseWithMatching p50_ns)" 1e3 us info 0
row "3 single release latency p99" "$(value BM_ReleaseWithMatching p99_ns)" 1e3 us info 0
row "3 single release latency p999" "$(value BM_ReleaseWithMatching p999_ns)" 1e3 us info 0
row "4 Runner::processLine, JSON in and out" "$(value BM_RunnerJsonl items_per_second)" 1e3 k/s ge 200
row "4   same, per thread CPU time" "$(value BM_RunnerJsonl cpu_cmd_per_s)" 1e3 k/s ge 200
row "4 houbu-cli run FILE > /dev/null (wall)" "$cli_rate" 1e3 k/s ge 200
row "4   same, per CPU time (user+sys)" "$cli_cpu_rate" 1e3 k/s ge 200
row "5 heap bytes per queued order (names excl.)" "$(value BM_QueuedOrderMemory bytes_per_order)" 1 B le 96
echo "(info rows have no target; full results: $json)"
