#!/usr/bin/env bash
# Checks a built houbu_*.deb without installing it: its files, its Depends,
# and that the unpacked programs start (--help, --version) with no display.
set -euo pipefail
deb=$1
fail() { echo "check-package: $*" >&2; exit 1; }
[ -f "$deb" ] || fail "no package at $deb"

contents=$(dpkg-deb -c "$deb" | awk '{print $NF}')
for f in ./usr/bin/houbu ./usr/bin/houbud ./usr/bin/houbu-cli \
         ./usr/share/applications/houbu.desktop \
         ./usr/share/icons/hicolor/scalable/apps/houbu.svg \
         ./usr/share/houbu/translations/houbu_zh_CN.qm \
         ./usr/share/houbu/translations/houbu_en.qm; do
  grep -qx -- "$f" <<<"$contents" || fail "missing $f"
done
# Nothing of the build tree, no test or benchmark program.
if grep -Eq 'tst_|bench|houbud-load|/build/' <<<"$contents"; then
  fail "unexpected files: $(grep -E 'tst_|bench|houbud-load|/build/' <<<"$contents" | head -3)"
fi

depends=$(dpkg-deb -f "$deb" Depends)
# From dpkg-shlibdeps (the binaries' libraries) and the plugins Qt loads.
for p in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6widgets6 libqt6charts6 \
         libqt6printsupport6 libqt6sql6 libqt6httpserver6 libqt6websockets6 libqt6network6 \
         libqt6keychain1 libzstd1 libxxhash0 libsqlite3-0 libsimdjson14 \
         libqt6sql6-sqlite libqt6svg6; do
  case ", $depends," in
    *", $p "* | *", $p,"*) ;;
    *) fail "Depends lacks $p: $depends" ;;
  esac
done
[ "$(dpkg-deb -f "$deb" Package)" = houbu ] || fail "not named houbu"
[ "$(dpkg-deb -f "$deb" Architecture)" = "$(dpkg --print-architecture)" ] || fail "architecture"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
desktop-file-validate "$root/usr/share/applications/houbu.desktop" || fail "desktop entry"
export QT_QPA_PLATFORM=offscreen HOME="$root/home"
mkdir -p "$HOME"
"$root/usr/bin/houbu" --help | grep -q -- '--scenario' || fail "houbu --help"
"$root/usr/bin/houbu" --version | grep -Eq '^houbu [0-9]+\.[0-9]+\.[0-9]+' || fail "houbu --version"
"$root/usr/bin/houbud" --help | grep -qi 'usage' || fail "houbud --help"
"$root/usr/bin/houbu-cli" --help | grep -qi 'usage' || fail "houbu-cli --help"
# A scenario through the unpacked command line, end to end.
printf '%s\n' '{"op":"train","train":"G1","date":"2024-01-20","stops":[{"station":"A","km":0,"dep":"08:00"},{"station":"B","km":100,"arr":"09:00"}],"cars":[{"car":1,"class":"second","rows":1,"layout":"AB"}]}' \
  | "$root/usr/bin/houbu-cli" run - | grep -q '"event":"train_defined"' || fail "houbu-cli run"
echo "check-package: $(basename "$deb") $(du -k "$deb" | cut -f1) KB, $(wc -l <<<"$contents") entries; Depends: $depends" >&2
