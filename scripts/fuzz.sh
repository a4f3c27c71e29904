#!/usr/bin/env bash
# Builds the libFuzzer targets (preset fuzz: clang, ASan + UBSan), runs every
# seed and regression input of tests/fuzz/ through each, then fuzzes each
# target for SECONDS (default 60), HOUBU_JOBS targets at a time (default 2).
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# New inputs go to build/fuzz/corpus/TARGET (kept between runs, never
# committed); a failing input to build/fuzz/artifacts/TARGET/, and the script
# fails. HACKING.md ("Fuzzing") says how to turn one into a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(codec_line codec_stream http_request ws_hello store_open)
jobs=${HOUBU_JOBS:-2}
root=$PWD
build=$root/build/fuzz

start=$(date +%s)
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$jobs"
echo "== fuzz: built in $(( $(date +%s) - start )) s" >&2

# store_open's seed: a small valid store, written now rather than committed.
mkdir -p "$build/corpus/store_open"
"$build/tests/fuzz/fuzz_store_seed" "$build/corpus/store_open/seed.houbu" >/dev/null

# Qt prints a warning per refused store and per odd request: keep the logs short.
export QT_LOGGING_RULES="*.warning=false"
status=0
run() {
  local t=$1 exe=$build/tests/fuzz/fuzz_$1 log=$build/logs/$1.log
  mkdir -p "$build/corpus/$t" "$build/artifacts/$t" "$build/logs"
  # Every committed input once (seeds and regressions/): a regression fails here.
  mapfile -t inputs < <(find "$root/tests/fuzz/$t" -type f | sort)
  if [ ${#inputs[@]} -gt 0 ] &&
     ! "$exe" -timeout=10 -rss_limit_mb=2048 "${inputs[@]}" >"$log" 2>&1; then
    echo "== fuzz $t: a committed input fails; log $log" >&2
    tail -n 40 "$log" >&2
    return 1
  fi
  # The first folder receives new inputs; the committed ones are only read.
  if ! nice "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="$build/artifacts/$t/" \
       "$build/corpus/$t" "$root/tests/fuzz/$t" >>"$log" 2>&1; then
    echo "== fuzz $t: FAILED; input in $build/artifacts/$t/, log $log" >&2
    # What the target or a sanitizer said, up to where libFuzzer saved the input.
    grep -a -m1 -B40 "Test unit written" "$log" | grep -av -E "^(INFO|#[0-9])" >&2 ||
      tail -n 30 "$log" >&2
    return 1
  fi
  local last
  last=$(grep -aE "^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)" "$log" | tail -n 1 | tr "\t" " " || true)
  echo "== fuzz $t: ${seconds} s, ${last:-no progress line}" >&2
}

running=0
for t in "${targets[@]}"; do
  run "$t" &
  running=$((running + 1))
  if [ $running -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
done
while [ $running -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
echo "== fuzz: $(( $(date +%s) - start )) s" >&2
exit $status
