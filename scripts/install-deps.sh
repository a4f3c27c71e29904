#!/usr/bin/env bash
# Installs the Debian 12 packages Houbu builds, runs and tests with.
# Idempotent: when everything is present it only checks and returns.
set -euo pipefail

packages=(
  cmake ninja-build g++ ccache clang-format clang-tidy clang libclang-rt-14-dev
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-httpserver-dev
  qt6-websockets-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
  libqt6sql6-sqlite libqt6sql6-psql qtkeychain-qt6-dev libqt6svg6
  poppler-utils libbenchmark-dev libsimdjson-dev libxxhash-dev libzstd-dev libsqlite3-dev xvfb xauth imagemagick fonts-noto-cjk
  gnome-keyring libsecret-tools dbus postgresql redis-server jq curl python3
  dpkg-dev file desktop-file-utils
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends --no-upgrade "${missing[@]}" >/dev/null
