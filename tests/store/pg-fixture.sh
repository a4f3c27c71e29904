#!/bin/sh
# A throwaway PostgreSQL server on loopback for the store tests (a CTest fixture).
#
#   pg-fixture.sh start DIR [PORT]  initdb into DIR/data, start the server on
#                                   127.0.0.1 (PORT, or the first free port from
#                                   55432 + a number derived from DIR), socket in
#                                   DIR, create the database houbu_test; writes
#                                   DIR/port and DIR/url
#   pg-fixture.sh stop DIR          stop the server (fast) and remove DIR
#   pg-fixture.sh halt DIR          stop the server, keep DIR (tests of an outage)
#   pg-fixture.sh crash DIR         stop it as a power cut would (immediate: no
#                                   checkpoint, recovery from its WAL on resume)
#   pg-fixture.sh resume DIR        start it again on the same port
#
# As root, the server runs as the user postgres (initdb refuses root).
# HOUBU_PGBIN overrides the folder of the server programs.
set -eu

usage() {
    echo "usage: $0 start|stop|halt|crash|resume DIR [PORT]" >&2
    exit 2
}
[ $# -ge 2 ] || usage
action=$1
dir=$2
port=${3:-}

# The folder of initdb, pg_ctl and psql.
find_pgbin() {
    pgbin=${HOUBU_PGBIN:-}
    if [ -z "$pgbin" ]; then
        for candidate in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
            if [ -x "$candidate/initdb" ]; then
                pgbin=$candidate
                break
            fi
        done
    fi
    if [ -z "$pgbin" ] && command -v initdb >/dev/null 2>&1; then
        pgbin=$(dirname "$(command -v initdb)")
    fi
    if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
        echo "pg-fixture: no PostgreSQL server programs (initdb, pg_ctl) found; install them with scripts/install-deps.sh or set HOUBU_PGBIN" >&2
        exit 1
    fi
}

# Runs a server program as the owner of the cluster.
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

server_start() {
    # -w waits until the server accepts connections (or fails).
    as_owner "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $1 -k $dir" start >/dev/null
}

server_stop() {
    if [ -f "$dir/data/postmaster.pid" ]; then
        find_pgbin
        as_owner "$pgbin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null || true
    fi
}

case $action in
start)
    find_pgbin
    # A server left over from an interrupted run goes first.
    if [ -d "$dir" ]; then
        server_stop
        rm -rf "$dir"
    fi
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
        chown postgres: "$dir"
    fi
    if ! as_owner "$pgbin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale \
        >"$dir/initdb.log" 2>&1; then
        cat "$dir/initdb.log" >&2
        echo "pg-fixture: initdb failed" >&2
        exit 1
    fi
    if [ -n "$port" ]; then
        candidates=$port
    else
        # Spread parallel build trees over the range; skip ports in use.
        base=$((55432 + $(printf '%s' "$dir" | cksum | cut -d' ' -f1) % 400))
        candidates=$(seq "$base" $((base + 40)))
    fi
    started=
    for p in $candidates; do
        rm -f "$dir/log"
        if server_start "$p" 2>/dev/null; then
            started=$p
            break
        fi
        # Only a port in use is worth another try.
        grep -q "could not bind\|Address already in use" "$dir/log" 2>/dev/null || break
    done
    if [ -z "$started" ]; then
        cat "$dir/log" >&2 2>/dev/null || true
        echo "pg-fixture: the PostgreSQL server did not start (ports: $(echo $candidates | cut -c1-40)...)" >&2
        exit 1
    fi
    if ! "$pgbin/psql" -X -q -h 127.0.0.1 -p "$started" -U postgres -d postgres \
        -c "CREATE DATABASE houbu_test" >/dev/null; then
        echo "pg-fixture: cannot create the database houbu_test" >&2
        server_stop
        exit 1
    fi
    echo "$started" >"$dir/port"
    echo "postgresql://postgres@127.0.0.1:$started/houbu_test" >"$dir/url"
    echo "pg-fixture: PostgreSQL on 127.0.0.1:$started, data in $dir"
    ;;
stop)
    server_stop
    rm -rf "$dir"
    ;;
halt)
    server_stop
    ;;
crash)
    find_pgbin
    as_owner "$pgbin/pg_ctl" -D "$dir/data" -m immediate -w -t 60 stop >/dev/null
    ;;
resume)
    find_pgbin
    [ -f "$dir/port" ] || { echo "pg-fixture: no server was started in $dir" >&2; exit 1; }
    server_start "$(cat "$dir/port")"
    ;;
*)
    usage
    ;;
esac
