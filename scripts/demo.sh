#!/usr/bin/env bash
# One command: install what is missing, build (release), and run the demo train
# through the engine, printing its events.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j2
exec build/release/cli/houbu-cli run resources/demo/g13-spring-festival.jsonl "$@"
