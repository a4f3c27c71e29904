#!/usr/bin/env bash
# A 1/500 peak day (10 runs, 40,000 waitlist orders) through the release build:
# `houbu-cli run` must give the same bytes with its pipeline as line by line
# (`run -` on a pipe), and `houbu-cli bench` must finish with its invariants
# intact. Reports numbers; asserts no time.
set -euo pipefail
build=${1:-build/release}
cli="$build/cli/houbu-cli"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" gen --seed 5 --runs 10 --seats 1000 --orders 40000 -o "$work/day.jsonl" --quiet
"$cli" run "$work/day.jsonl" > "$work/file.out"
"$cli" run - < "$work/day.jsonl" > "$work/pipe.out"
if ! cmp -s "$work/file.out" "$work/pipe.out"; then
  echo "bench smoke: run FILE and run - differ" >&2
  cmp "$work/file.out" "$work/pipe.out" >&2 || true
  exit 1
fi
"$cli" bench "$work/day.jsonl" --json > "$work/bench.json"
invariants=$(jq -r '.targets[0].invariants' "$work/bench.json")
jq -r '.targets[0] | "bench smoke: \(.commands) commands in \(.seconds | .*100 | round / 100) s (\(.commands_per_s | round)/s, CPU \(.cpu_seconds | .*100 | round / 100) s), peak RSS \(.peak_rss_bytes / 1048576 | round) MB, invariants \(.invariants)"' "$work/bench.json"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$invariants" = ok ] || { echo "bench smoke: invariants: $invariants" >&2; exit 1; }
