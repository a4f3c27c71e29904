#!/usr/bin/env bash
# The durable store on a generated day, side by side for one or more builds of
# houbu-cli: time to write the day (`run FILE --db`), the store's size against
# the commands' own bytes, time to reopen it cleanly and after kill -9, time of
# `verify` against a full replay, and the events checked byte for byte against
# an in-memory run. Every time is given as wall, user+system CPU and the load
# average, because the machine may be shared; peak memory is the resident
# maximum. Optionally the same day slice through `bench` on SQLite and on a
# throwaway PostgreSQL on loopback (latency percentiles while snapshots run).
#
# Usage: scripts/bench-store.sh [options]
#   --day FILE        the day to write (default: the 1/25 day, generated:
#                     gen --seed 31 --runs 200 --seats 1000 --orders 800000)
#   --cli PATH        a houbu-cli to measure (repeatable; default: this
#                     checkout's release build). Give an older build beside it
#                     to compare.
#   --no-crash        skip the kill -9 reopen
#   --no-verify       skip verify and the full replay (the longest steps)
#   --bench-lines N   also run `bench` on the day's first N lines on SQLite
#                     and PostgreSQL (0 = skip, default)
#   --keep DIR        keep the stores in DIR instead of a temporary folder
set -euo pipefail
cd "$(dirname "$0")/.."

day="" crash=1 verify=1 bench_lines=0 keep="" clis=()
while [ $# -gt 0 ]; do
  case "$1" in
    --day) day=$2; shift 2 ;;
    --cli) clis+=("$2"); shift 2 ;;
    --no-crash) crash=0; shift ;;
    --no-verify) verify=0; shift ;;
    --bench-lines) bench_lines=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "bench-store.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

if [ ${#clis[@]} -eq 0 ]; then
  scripts/install-deps.sh
  cmake --preset release >/dev/null
  cmake --build --preset release -j2 --target houbu-cli
  clis=(build/release/cli/houbu-cli)
fi
if [ -n "$keep" ]; then
  tmp=$keep
  mkdir -p "$tmp"
else
  tmp="$(mktemp -d)"
fi
chmod 755 "$tmp"  # the PostgreSQL server runs as the user postgres
pgdir="$tmp/pg"
cleanup() {
  sh tests/store/pg-fixture.sh stop "$pgdir" >/dev/null 2>&1 || true
  [ -n "$keep" ] || rm -rf "$tmp"
}
trap cleanup EXIT

if [ -z "$day" ]; then
  day="$tmp/day.jsonl"
  "${clis[0]}" gen --seed 31 --runs 200 --seats 1000 --orders 800000 > "$day"
fi
day_bytes=$(stat -c %s "$day")
commands=$(grep -vc '^\s*\(#\|$\)' "$day" || true)
printf '== %s: %d commands, %.1f MB of JSON; %d cores\n' \
  "$(basename "$day")" "$commands" "$(echo "$day_bytes / 1048576" | bc -l)" "$(nproc)"

exec 3>&1  # the report, while the measured commands' output is redirected
load() { cut -d' ' -f1 /proc/loadavg; }
# timed LABEL CMD...: runs CMD, prints one line: wall, CPU, peak memory, load.
# Its exit status is CMD's.
timed() {
  local label=$1 status=0 before
  shift
  before=$(load)
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" || status=$?
  read -r wall user sys rss < "$tmp/time"
  awk -v l="$label" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v b="$before" -v a="$(load)" \
    'BEGIN { printf "  %-34s %8.2f s wall %8.2f s CPU %7.0f MB peak   load %s-%s\n", l, w, u + s, r / 1024, b, a }' >&3
  return $status
}
# The database and its WAL and shared-memory files, those that exist.
store_bytes() {
  local total=0 f
  for f in "$1" "$1-wal" "$1-shm"; do
    [ -e "$f" ] && total=$((total + $(stat -c %s "$f")))
  done
  echo "$total"
}

timed "in memory" "${clis[0]}" run "$day" > "$tmp/memory.out"
for cli in "${clis[@]}"; do
  echo "== $cli ($("$cli" --version 2>/dev/null || echo 'no version'))"
  db="$tmp/store-$(basename "$(dirname "$(dirname "$cli")")")-$RANDOM.db"
  timed "write (run --db)" "$cli" run "$day" --db "$db" > "$tmp/durable.out"
  awk -v n="$commands" -v w="$wall" 'BEGIN { printf "  %-34s %8.0f durable commands/s\n", "throughput", n / w }'
  if cmp -s "$tmp/memory.out" "$tmp/durable.out"; then
    echo "  events                             identical to the in-memory run"
  else
    echo "  events                             DIFFER from the in-memory run"
  fi
  bytes=$(store_bytes "$db")
  awk -v b="$bytes" -v d="$day_bytes" 'BEGIN { printf "  %-34s %8.0f MB, %.2fx the commands\x27 bytes\n", "store size", b / 1048576, b / d }'
  # An open that applies nothing: restore the newest snapshot, replay the
  # journal after it, check the tables' counts.
  timed "reopen (run /dev/null --db)" "$cli" run /dev/null --db "$db" > /dev/null
  if [ "$verify" = 1 ]; then
    timed "verify" "$cli" verify --db "$db" > "$tmp/verify.out" || cat "$tmp/verify.out"
    timed "full replay" "$cli" replay --db "$db" > /dev/null
  fi
  if [ "$crash" = 1 ]; then
    # Killed at about two thirds of the write: what reopening costs when no
    # closing snapshot was written.
    crashed="$db.crashed"
    "$cli" run "$day" --db "$crashed" > /dev/null &
    pid=$!
    sleep "$(awk -v w="$wall" 'BEGIN { printf "%.1f", w * 2 / 3 }')"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    # The open replays the journal since the last snapshot, then closes with
    # a snapshot of its own (a store closed cleanly next opens at once).
    timed "reopen after kill -9" "$cli" run /dev/null --db "$crashed" > /dev/null
    rm -f "$crashed" "$crashed-wal" "$crashed-shm"
  fi
  [ -n "$keep" ] || rm -f "$db" "$db-wal" "$db-shm"
done

if [ "$bench_lines" -gt 0 ]; then
  head -n "$bench_lines" "$day" > "$tmp/slice.jsonl"
  sh tests/store/pg-fixture.sh start "$pgdir" >/dev/null
  url=$(cat "$pgdir/url")
  for cli in "${clis[@]}"; do
    echo "== bench, first $bench_lines lines, $cli"
    timed "bench sqlite" "$cli" bench "$tmp/slice.jsonl" --target sqlite --no-progress
    "$(ls -d /usr/lib/postgresql/*/bin | sort -rV | head -1)/psql" "$url" -qc \
      'DROP SCHEMA public CASCADE; CREATE SCHEMA public' >/dev/null
    timed "bench postgresql" "$cli" bench "$tmp/slice.jsonl" --target "$url" --no-progress
  done
fi
