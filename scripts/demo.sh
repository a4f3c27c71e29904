#!/usr/bin/env bash
# One command: install what is missing, build (release), and start the console
# on an embedded engine with the demo train G13 北京南→上海虹桥. Without a
# display, prints the demo's events through houbu-cli instead.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j2
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No display: printing the demo's events instead of opening the console." >&2
  exec build/release/cli/houbu-cli run resources/demo/g13-spring-festival.jsonl
fi
# The console keeps its store in the application-data folder; the first start
# loads the demo train into it. --memory starts afresh each time.
exec build/release/app/houbu "$@"
