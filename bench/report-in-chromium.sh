#!/usr/bin/env bash
# Opens a duel report.html in headless Chromium (Debian's package, installed if missing), saves a
# screenshot to look at, counts the inline charts and fails when the page logs a console error.
# Run on purpose, not in CI (Chromium is a large install):
#   bench/report-in-chromium.sh results/jdk17-vs-jdk25 [out.png]
# HEIGHT (default 6000) is the page height in pixels the screenshot covers: a long report (runtime charts at
# its end) needs more.
set -euo pipefail
results="${1:?usage: $0 RESULTS_DIR [SCREENSHOT.png]}"
page="$(cd "$results" && pwd)/report.html"
shot="${2:-$(cd "$results" && pwd)/report-screenshot.png}"
[ -f "$page" ] || { echo "no $page: run ./duel report $results first" >&2; exit 2; }
if ! command -v chromium >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q chromium
fi
profile="$(mktemp -d)"
log="$(mktemp)"
trap 'rm -rf "$profile" "$log"' EXIT
# The background-networking flags keep Chromium from reaching for Google's hosts on a closed network.
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --user-data-dir="$profile" --enable-logging=stderr --v=0)
chromium "${flags[@]}" --hide-scrollbars --window-size=1280,${HEIGHT:-6000} --screenshot="$shot" "file://$page" 2>"$log" >/dev/null
# The DOM after load: the charts it holds.
dom="$(chromium "${flags[@]}" --virtual-time-budget=5000 --run-all-compositor-stages-before-draw --dump-dom \
  "file://$page" 2>>"$log")"
images="$(grep -o '<img ' <<<"$dom" | wc -l)"
errors="$(grep -E 'CONSOLE|Uncaught|ERR_' "$log" | grep -v -E 'dbus|gcm|Fontconfig|sandbox' || true)"
echo "page: $page"
echo "screenshot: $shot"
echo "inline charts: $images"
if [ -n "$errors" ]; then
  echo "console errors:" >&2
  echo "$errors" >&2
  exit 1
fi
python3 - "$shot" <<'PY'
import struct, sys
# The screenshot's size, from its PNG header.
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
width, height = struct.unpack('>II', data[16:24])
print(f"screenshot size: {width}x{height}")
PY
echo "no console errors"
