# Sourced by the benchmarks of houbud on PostgreSQL (bench-failover.sh,
# bench-replicas.sh): a throwaway PostgreSQL server on loopback (the test
# fixture), a dispatcher token, and `start NAME ARGS...`, which starts houbud
# with ARGS on a free port and sets $started_pid and $started_port. Needs
# $houbud; sets $tmp, $url, $pg_port and $token. Everything started is
# killed, and the server and $tmp removed, on exit.

tmp="$(mktemp -d)"
chmod 755 "$tmp" # the fixture's server runs as postgres when this runs as root
pids=()
cleanup() {
  for p in "${pids[@]}"; do
    kill -CONT "$p" 2>/dev/null || true
    kill -KILL "$p" 2>/dev/null || true
  done
  sh tests/store/pg-fixture.sh stop "$tmp/pg" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

sh tests/store/pg-fixture.sh start "$tmp/pg" >/dev/null
url=$(cat "$tmp/pg/url")
pg_port=$(cat "$tmp/pg/port")
token=$("$houbud" token add --role dispatcher --name bench --tokens "$tmp/tokens" 2>/dev/null)

start() {
  local name=$1
  shift
  rm -f "$tmp/$name.port"
  "$houbud" "$@" --tokens "$tmp/tokens" --listen 127.0.0.1:0 --port-file "$tmp/$name.port" \
    --rate 0 --refusal-rate 0 2>>"$tmp/$name.log" &
  started_pid=$!
  disown "$started_pid" # killed on purpose or at the end: no job report
  pids+=("$started_pid")
  for _ in $(seq 1 200); do
    [ -s "$tmp/$name.port" ] && break
    sleep 0.05
  done
  started_port=$(cat "$tmp/$name.port")
}
