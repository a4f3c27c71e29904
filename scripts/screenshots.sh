#!/usr/bin/env bash
# Writes screenshots of the console's main views (light and dark palettes)
# into docs/screenshots, rendered on the offscreen platform.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j2 --target houbu
QT_QPA_PLATFORM=offscreen build/release/app/houbu --screenshots docs/screenshots
ls -l docs/screenshots
