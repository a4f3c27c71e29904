#!/usr/bin/env bash
# Writes screenshots of the console's main views (light and dark palettes)
# into docs/screenshots, rendered on the offscreen platform, then the console,
# the manual, the print preview, the standing row, Define train, the log and an
# explained fulfilment again in Chinese, and a 1/25 day at scale.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j2 --target houbu houbu-cli
QT_QPA_PLATFORM=offscreen build/release/app/houbu --screenshots docs/screenshots

# The console and its manual in Chinese; settings in a scratch folder, since
# --lang remembers the language chosen.
zh=$(mktemp -d)
trap 'rm -rf "$zh"' EXIT
XDG_CONFIG_HOME="$zh/config" QT_QPA_PLATFORM=offscreen \
  build/release/app/houbu --lang zh_CN --screenshots "$zh/shots"
cp "$zh/shots/console-light.png" docs/screenshots/console-zh_CN.png
cp "$zh/shots/manual.png" docs/screenshots/manual-zh_CN.png
cp "$zh/shots/export-preview.png" docs/screenshots/export-preview-zh_CN.png
cp "$zh/shots/console-standing.png" docs/screenshots/console-standing-zh_CN.png
cp "$zh/shots/dialog-define-train.png" docs/screenshots/dialog-define-train-zh_CN.png
cp "$zh/shots/log.png" docs/screenshots/log-zh_CN.png
cp "$zh/shots/explain-fulfilment.png" docs/screenshots/explain-fulfilment-zh_CN.png

# A 1/25 day (the seeds' day is 5,000 runs and 20 M orders): the trains list
# sorted by pressure with its busiest run and longest queue, and the hot queues.
build/release/cli/houbu-cli gen --seed 37 --runs 200 --seats 1000 --orders 800000 \
  >"$zh/day.jsonl"
QT_QPA_PLATFORM=offscreen build/release/app/houbu --screenshots docs/screenshots \
  --scenario "$zh/day.jsonl"
rm -f "$zh/day.jsonl"
ls -l docs/screenshots
