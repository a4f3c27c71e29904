#!/usr/bin/env bash
# A 1/500 peak day (10 runs, 40,000 waitlist orders) through the release build:
# `houbu-cli run` must give the same bytes with its pipeline as line by line
# (`run -` on a pipe); the day written to a SQLite store must print the same
# bytes, reopen, verify, replay to the same bytes and export as its input; and
# `houbu-cli bench` must finish with its invariants intact. Reports numbers;
# asserts no time.
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

# The store round trip.
timed() { /usr/bin/time -f "%e s wall, %U s user, %S s system" "$@"; }
same() {
  if ! cmp -s "$1" "$2"; then
    echo "bench smoke: $3" >&2
    cmp "$1" "$2" >&2 || true
    exit 1
  fi
}
echo "store write: $( { timed "$cli" run "$work/day.jsonl" --db "$work/day.db" > "$work/db.out"; } 2>&1 )"
same "$work/file.out" "$work/db.out" "run --db printed other events than run"
echo "store reopen: $( { timed "$cli" run /dev/null --db "$work/day.db" > /dev/null; } 2>&1 )"
"$cli" verify --db "$work/day.db" > "$work/verify.out"
grep -q '^problems       none' "$work/verify.out" || { cat "$work/verify.out" >&2; exit 1; }
"$cli" replay --db "$work/day.db" > "$work/replay.out"
same "$work/file.out" "$work/replay.out" "the store's replay differs from the in-memory run"
"$cli" export --db "$work/day.db" > "$work/export.jsonl"
grep -v -e '^#' -e '^[[:space:]]*$' "$work/day.jsonl" > "$work/commands.jsonl"
same "$work/commands.jsonl" "$work/export.jsonl" "the exported journal is not the day's commands"
echo "store size: $(stat -c %s "$work/day.db") bytes for $(stat -c %s "$work/day.jsonl") bytes of commands"

"$cli" bench "$work/day.jsonl" --json > "$work/bench.json"
invariants=$(jq -r '.targets[0].invariants' "$work/bench.json")
jq -r '.targets[0] | "bench smoke: \(.commands) commands in \(.seconds | .*100 | round / 100) s (\(.commands_per_s | round)/s, CPU \(.cpu_seconds | .*100 | round / 100) s), peak RSS \(.peak_rss_bytes / 1048576 | round) MB, invariants \(.invariants)"' "$work/bench.json"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$invariants" = ok ] || { echo "bench smoke: invariants: $invariants" >&2; exit 1; }
