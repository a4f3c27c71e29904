#!/usr/bin/env bash
# One command: install what is missing, build, and run every test — first in the
# debug build, then again under AddressSanitizer + UndefinedBehaviorSanitizer —
# then fuzz each fuzz target briefly (scripts/fuzz.sh, HOUBU_FUZZ_SECONDS each),
# then build the release preset that scripts/demo.sh uses and run a short
# benchmark smoke in it (a 1/500 peak day) and package it as a .deb
# (scripts/package.sh), so that neither the demo's build nor the package can
# break unseen. Extra arguments go to ctest (e.g. -L slow, -R scenarios).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

export QT_QPA_PLATFORM=offscreen
jobs=${HOUBU_JOBS:-2}
status=0
for preset in dev asan; do
  start=$(date +%s)
  echo "== $preset: configure and build" >&2
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j"$jobs"
  echo "== $preset: test" >&2
  ctest --preset "$preset" -j"$jobs" "$@" || status=1
  echo "== $preset: $(( $(date +%s) - start )) s" >&2
done

# The fuzz targets (preset fuzz: clang, ASan + UBSan): every committed input,
# then a short run of each (HACKING.md, "Fuzzing").
scripts/fuzz.sh "${HOUBU_FUZZ_SECONDS:-20}" || status=1

start=$(date +%s)
echo "== release: configure and build (the demo's preset)" >&2
cmake --preset release >/dev/null
cmake --build --preset release -j"$jobs"
scripts/bench-smoke.sh build/release || status=1
# The .deb from that same build: its files, its Depends, its programs start.
scripts/package.sh build/release || status=1
echo "== release: $(( $(date +%s) - start )) s" >&2
exit $status
