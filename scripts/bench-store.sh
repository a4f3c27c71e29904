#!/usr/bin/env bash
# Durable commands per second on SQLite and PostgreSQL, with and without group
# commit, on the engine benchmark's workload; and the time to open a store
# holding about 1,000,000 journal rows. Loopback only; the PostgreSQL server is
# a throwaway one in a temporary folder, stopped afterwards.
#
# Usage: scripts/bench-store.sh            (about 10 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j2 --target engine_bench houbu-cli

cli=build/release/cli/houbu-cli
tmp="$(mktemp -d)"
chmod 755 "$tmp"  # the server runs as the user postgres
pgdir="$tmp/pg"
cleanup() {
  sh tests/store/pg-fixture.sh stop "$pgdir" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

build/release/bench/engine_bench --houbu_write_jsonl="$tmp/workload.jsonl" >/dev/null
lines=$(wc -l < "$tmp/workload.jsonl")
head -n 5000 "$tmp/workload.jsonl" > "$tmp/first5000.jsonl"

# run LABEL LOCATION FILE GROUP: prints commands/s (wall) for one durable run.
run() {
  local label=$1 location=$2 file=$3 group=$4 n start end
  n=$(grep -vc '^\s*\(#\|$\)' "$file" || true)
  start=$(date +%s.%N)
  "$cli" run "$file" --db "$location" --group "$group" >/dev/null
  end=$(date +%s.%N)
  awk -v l="$label" -v n="$n" -v s="$start" -v e="$end" \
    'BEGIN { printf "%-52s %9d commands %8.2f s %10.0f commands/s\n", l, n, e - s, n / (e - s) }'
}

echo "== SQLite (WAL, synchronous=FULL), $lines-line workload"
run "SQLite, group commit 512 (default)" "$tmp/g512.db" "$tmp/workload.jsonl" 512
run "SQLite, group commit 4096" "$tmp/g4096.db" "$tmp/workload.jsonl" 4096
run "SQLite, one transaction per command (first 5,000)" "$tmp/g1.db" "$tmp/first5000.jsonl" 1

echo "== PostgreSQL 15 on loopback (synchronous_commit on)"
sh tests/store/pg-fixture.sh start "$pgdir" >/dev/null
url=$(cat "$pgdir/url")
pg_reset() { "$(ls -d /usr/lib/postgresql/*/bin | sort -rV | head -1)/psql" "$url" -qc \
  'DROP TABLE IF EXISTS houbu_meta, journal, snapshots, runs, tickets, orders, blocks, houbu_lock' >/dev/null; }
pg_reset; run "PostgreSQL, group commit 512 (default)" "$url" "$tmp/workload.jsonl" 512
pg_reset; run "PostgreSQL, group commit 4096" "$url" "$tmp/workload.jsonl" 4096
pg_reset; run "PostgreSQL, one transaction per command (first 5,000)" "$url" "$tmp/first5000.jsonl" 1

echo "== Opening a store of about 1,000,000 journal rows"
# The workload twice: the second pass is answered with duplicates and errors,
# which are journaled like any command, doubling the journal.
"$cli" run "$tmp/workload.jsonl" --db "$tmp/big.db" --group 4096 >/dev/null
"$cli" run "$tmp/workload.jsonl" --db "$tmp/big.db" --group 4096 >/dev/null
rows=$(sqlite3 "$tmp/big.db" 'SELECT COUNT(*) FROM journal' 2>/dev/null || echo '?')
for i in 1 2 3; do
  start=$(date +%s.%N)
  echo -n | "$cli" run - --db "$tmp/big.db" >/dev/null
  end=$(date +%s.%N)
  awk -v r="$rows" -v s="$start" -v e="$end" 'BEGIN { printf "open (restore snapshot, replay tail, check tables) of %s journal rows: %.2f s\n", r, e - s }'
done
ls -l "$tmp/big.db" | awk '{ printf "store size: %.0f MB\n", $5 / 1048576 }'
