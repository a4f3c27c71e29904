#!/usr/bin/env bash
# Builds the .deb (houbu, houbud, houbu-cli, the desktop entry, the icon and
# the translations) from the release preset and checks it with
# scripts/check-package.sh. With a build folder as argument, packages that
# build as it is (scripts/test.sh passes the release build it just made).
# Prints the package's path last.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-}
if [ -z "$build" ]; then
  scripts/install-deps.sh
  cmake --preset release >/dev/null
  cmake --build --preset release -j"${HOUBU_JOBS:-2}" --target houbu houbud houbu-cli
  build=build/release
fi
out="$build/package"
rm -rf "$out"
cpack --config "$build/CPackConfig.cmake" -B "$out" >/dev/null
deb=$(ls "$out"/houbu_*.deb)
scripts/check-package.sh "$deb"
echo "$deb"
