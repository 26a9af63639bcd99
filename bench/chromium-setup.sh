# Sourced by the bench/*-in-chromium.sh checks: Debian's chromium (installed here if missing, as root) and
# playwright-core from npm in $work (default ~/.cache/duel-playwright), which drives it; Playwright never downloads a
# browser of its own here.
if ! command -v chromium >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q chromium
fi
work=${DUEL_PLAYWRIGHT_DIR:-$HOME/.cache/duel-playwright}
if [ ! -d "$work/node_modules/playwright-core" ]; then
  mkdir -p "$work"
  (cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent playwright-core@1)
fi
