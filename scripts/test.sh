#!/usr/bin/env bash
# One command: install what is missing, build, and run every test, first under
# AddressSanitizer + UndefinedBehaviorSanitizer (preset asan), then fuzz each
# fuzz target briefly (scripts/fuzz.sh, HOUBU_FUZZ_SECONDS each), then build
# the release preset that scripts/demo.sh uses and run every test again in it,
# a short benchmark smoke (a 1/500 peak day) and the .deb (scripts/package.sh),
# so that neither the demo's build nor the package can break unseen. The debug
# preset (dev) is for working in and is not built here: asan runs every test
# checked and release runs them optimised, and a third build would add a
# quarter of an hour on two cores and find nothing those two miss. Extra
# arguments go to ctest (e.g. -L slow, -R scenarios).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

export QT_QPA_PLATFORM=offscreen
jobs=${HOUBU_JOBS:-2}
status=0
stage() {  # configure, build and test one preset
  local preset=$1 start
  shift
  start=$(date +%s)
  echo "== $preset: configure and build" >&2
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j"$jobs"
  echo "== $preset: built in $(( $(date +%s) - start )) s; test" >&2
  ctest --preset "$preset" -j"$jobs" "$@" || status=1
  echo "== $preset: $(( $(date +%s) - start )) s" >&2
}

stage asan "$@"

# The fuzz targets (preset fuzz: clang, ASan + UBSan): every committed input,
# then a short run of each (HACKING.md, "Fuzzing").
scripts/fuzz.sh "${HOUBU_FUZZ_SECONDS:-20}" || status=1

# The demo's preset: every test, then the benchmark smoke and the package.
stage release "$@"
start=$(date +%s)
scripts/bench-smoke.sh build/release || status=1
# The .deb from that same build: its files, its Depends, its programs start.
scripts/package.sh build/release || status=1
echo "== release: smoke and package in $(( $(date +%s) - start )) s" >&2
exit $status
