#!/usr/bin/env bash
# Forced failovers of houbud on a PostgreSQL store, on loopback: a writer and
# a standby (houbud --follow --failover); each round sends keyed commands to
# the writer while houbud-load's clients keep it busy, forces it out
# (SIGKILL, SIGSTOP, or its database session ended, in turn), measures how
# long until the standby accepts a command, checks that the deposed writer
# cannot write, then starts a new standby. At the end every acknowledged
# command must be journaled exactly once (the keyed ones by their events,
# the load's at the journal position each answer named), no command of a
# deposed writer at all, and `houbu-cli verify` must pass.
#
# Usage: scripts/bench-failover.sh [--rounds 20] [--build DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=20 build=
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "usage: $0 [--rounds N] [--build DIR]" >&2; exit 2 ;;
  esac
done
if [ -z "$build" ]; then
  cmake --preset release >/dev/null
  cmake --build --preset release -j2 --target houbud houbu-cli houbud-load
  build=build/release
fi
houbud=$build/server/houbud cli=$build/cli/houbu-cli load=$build/bench/houbud-load

source scripts/houbud-on-postgres.sh

# Sends one keyed block to a port, following a follower's redirect to the
# writer (which may be the old writer, when its session was ended and it
# took the store again before the standby could), waiting at most WAIT
# seconds (default 2); prints the status.
send() {
  local port=$1 id=$2 wait=${3:-2}
  curl -s --location-trusted -o /dev/null -m "$wait" -w '%{http_code}' -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/x-ndjson' -H "Idempotency-Key: $id" \
    --data-binary "{\"op\":\"block\",\"id\":\"$id\",\"train\":\"FB1\",\"date\":\"2024-02-08\",\"from\":\"A\",\"to\":\"B\",\"class\":\"二等座\",\"count\":1}" \
    "http://127.0.0.1:$port/api/v1/commands" || true
}

start w0 --store "$url"
writer_pid=$started_pid writer_port=$started_port
curl -s -o /dev/null -H "Authorization: Bearer $token" -H 'Content-Type: application/x-ndjson' \
  --data-binary '{"op":"train","train":"FB1","date":"2024-02-08","stops":[{"station":"A","km":0,"dep":"09:00"},{"station":"B","km":100,"arr":"10:00"}],"cars":[{"car":1,"class":"二等座","rows":99,"layout":"ABCDF"},{"car":2,"class":"二等座","rows":99,"layout":"ABCDF"}]}' \
  "http://127.0.0.1:$writer_port/api/v1/commands"
start s0 --follow "$url" --failover
standby_pid=$started_pid standby_port=$started_port

: >"$tmp/acked"
: >"$tmp/late"
methods=(kill stop session)
times=()
for round in $(seq 1 "$rounds"); do
  method=${methods[$(((round - 1) % 3))]}
  for k in 1 2 3 4 5; do
    id="r$round-a$k"
    [ "$(send "$writer_port" "$id")" = 200 ] && echo "$id" >>"$tmp/acked"
  done
  # Load on the writer across the fault: its clients stop at their first
  # refused or lost request; what was acknowledged is checked at the end.
  "$load" run --url "http://127.0.0.1:$writer_port" --token "$token" --clients 4 \
    --duration 2 --acks "$tmp/acks-$round" >"$tmp/load-$round.out" 2>&1 &
  load_pid=$!
  sleep 0.5 # the standby catches up and sees the writer's heartbeat
  case $method in
    kill) kill -KILL "$writer_pid" ;;
    stop) kill -STOP "$writer_pid" ;;
    session) psql -h 127.0.0.1 -p "$pg_port" -U postgres -d houbu_test -Atqc \
      "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = 517992721 AND granted" >/dev/null ;;
  esac
  t0=$(date +%s%N)
  id="r$round-first"
  # A command to the standby once it writes; before that, through its
  # redirect (briefly: a stopped writer never answers).
  until [ "$(curl -s -m 0.5 "http://127.0.0.1:$standby_port/health" |
    python3 -c 'import json,sys; print(json.load(sys.stdin).get("role"))' 2>/dev/null)" = writer ] &&
    [ "$(send "$standby_port" "$id")" = 200 ] ||
    [ "$(send "$standby_port" "$id" 0.5)" = 200 ]; do
    if [ $(($(date +%s%N) - t0)) -gt 30000000000 ]; then
      echo "round $round ($method): no new writer within 30 s; the logs:" >&2
      tail -n 20 "$tmp"/*.log >&2
      exit 1
    fi
    sleep 0.02
  done
  t1=$(date +%s%N)
  echo "$id" >>"$tmp/acked"
  ms=$(((t1 - t0) / 1000000))
  times+=("$ms")
  # Who writes now: the standby, or the old writer back on a new session.
  role=$(curl -s -m 2 "http://127.0.0.1:$standby_port/health" | python3 -c 'import json,sys; print(json.load(sys.stdin)["role"])')
  [ "$role" = writer ] && who="the standby" || who="the old writer again"
  printf 'round %2d  %-8s  a writer accepts after %5d ms (%s)\n' "$round" "$method" "$ms" "$who"
  for k in 1 2 3 4 5; do
    id="r$round-b$k"
    [ "$(send "$standby_port" "$id")" = 200 ] && echo "$id" >>"$tmp/acked"
  done
  if [ "$role" != writer ]; then
    # Nothing was deposed: the writer goes on, and so does the standby.
    wait "$load_pid" 2>/dev/null || true
    continue
  fi
  # The deposed writer, when it lives on, must not write (asked directly).
  if [ "$method" != kill ]; then
    [ "$method" = stop ] && kill -CONT "$writer_pid"
    status=$(curl -s -o /dev/null -m 2 -w '%{http_code}' -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/x-ndjson' \
      --data-binary "{\"op\":\"block\",\"id\":\"r$round-late\",\"train\":\"FB1\",\"date\":\"2024-02-08\",\"from\":\"A\",\"to\":\"B\",\"class\":\"二等座\",\"count\":1}" \
      "http://127.0.0.1:$writer_port/api/v1/commands" || true)
    echo "r$round-late $status" >>"$tmp/late"
    kill -KILL "$writer_pid" 2>/dev/null || true
  fi
  while kill -0 "$writer_pid" 2>/dev/null; do sleep 0.02; done
  wait "$load_pid" 2>/dev/null || true
  writer_pid=$standby_pid writer_port=$standby_port
  start "s$round" --follow "$url" --failover
  standby_pid=$started_pid standby_port=$started_port
done

# Every event of the store, from the writer.
after=0
: >"$tmp/events"
while :; do
  page=$(curl -s -H "Authorization: Bearer $token" "http://127.0.0.1:$writer_port/api/v1/events?after=$after")
  n=$(printf '%s' "$page" | python3 -c 'import json,sys; p=json.load(sys.stdin); [print(json.dumps(e)) for e in p["events"]]' | tee -a "$tmp/events" | wc -l)
  [ "$n" -eq 0 ] && break
  after=$(printf '%s' "$page" | python3 -c 'import json,sys; print(json.load(sys.stdin)["next_after"])')
done
kill -TERM "$writer_pid" "$standby_pid"
while kill -0 "$writer_pid" 2>/dev/null || kill -0 "$standby_pid" 2>/dev/null; do sleep 0.05; done

python3 - "$tmp/events" "$tmp/acked" "$tmp/late" <<'EOF'
import json, sys
blocks = {}
for line in open(sys.argv[1]):
    e = json.loads(line)
    if e.get("event") == "block_created":
        blocks[e["id"]] = blocks.get(e["id"], 0) + 1
acked = [l.strip() for l in open(sys.argv[2]) if l.strip()]
late = [l.split() for l in open(sys.argv[3]) if l.strip()]
lost = [a for a in acked if a not in blocks]
doubled = [b for b, n in blocks.items() if n > 1]
late_written = [l[0] for l in late if l[0] in blocks or l[1] == "200"]
print(f"acknowledged {len(acked)}, journaled {len(blocks)}, lost {len(lost)}, "
      f"journaled twice {len(doubled)}, deposed writers that wrote {len(late_written)}"
      f" (of {len(late)} asked)")
sys.exit(1 if lost or doubled or late_written else 0)
EOF
"$cli" verify --db "$url" >"$tmp/verify" 2>&1 && echo "houbu-cli verify: ok" || { cat "$tmp/verify"; exit 1; }
# The load's acknowledged commands, each at the journal position its answer named.
"$cli" export --db "$url" >"$tmp/journal.jsonl"
cat "$tmp"/acks-* >"$tmp/acks"
"$load" check --acks "$tmp/acks" --journal "$tmp/journal.jsonl" | sed 's/^/load under the faults: /'
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
n=${#times[@]}
echo "takeover ms: min $(echo "$sorted" | head -1), median $(echo "$sorted" | sed -n "$(((n + 1) / 2))p"), max $(echo "$sorted" | tail -1) over $n failovers"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
