#!/bin/sh
# Runs a command inside its own D-Bus session bus with a fresh, unlocked
# gnome-keyring (Secret Service), in a temporary XDG home that is removed
# afterwards. Usage: with-keyring.sh COMMAND [ARGS...]
set -eu

root=$(mktemp -d)
chmod 700 "$root"
cleanup() { rm -rf "$root"; }
trap cleanup EXIT INT TERM
for d in data config cache runtime; do mkdir -m 700 "$root/$d"; done
export XDG_DATA_HOME="$root/data" XDG_CONFIG_HOME="$root/config" \
       XDG_CACHE_HOME="$root/cache" XDG_RUNTIME_DIR="$root/runtime"
# The keyring's password: any non-empty string, fresh per run.
export HOUBU_KEYRING_PASSWORD="houbu-test-$$"

# Inside the session: unlock a new keyring, run the command, then stop the
# keyring daemon that owns the Secret Service name (found through the bus,
# not by process name) before the bus goes away.
dbus-run-session -- sh -c '
    printf %s "$HOUBU_KEYRING_PASSWORD" |
        gnome-keyring-daemon --unlock --components=secrets >/dev/null
    unset HOUBU_KEYRING_PASSWORD
    status=0
    "$@" || status=$?
    pid=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
          org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets \
          2>/dev/null | awk "/uint32/ { print \$2 }")
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
    exit $status
' sh "$@"
