#!/usr/bin/env bash
# Opens a trend page (duel history report) in headless Chromium with the network off and checks what it promises:
# every .duel-trend chart draws (a canvas, a legend entry per target), the page's changes are in its data, no console
# error, no request leaves the file; then with JavaScript off every chart's table is still there and nothing is drawn.
# Screenshots go to OUT_DIR (default: chromium/ beside the page): the first chart with a change (trend-change.png, else
# the first chart) and the whole page (trend.png). Run on purpose, not in CI (Chromium is a large install):
#
#   bench/trend-in-chromium.sh results/history.html [OUT_DIR]
#
# Needs Debian's chromium and playwright-core from npm, as bench/report-in-chromium.sh does (the same cache).
set -euo pipefail
page=$(realpath "${1:?usage: bench/trend-in-chromium.sh TREND.html [OUT_DIR]}")
[ -f "$page" ] || { echo "no $page: run ./duel history report first" >&2; exit 2; }
out=$(realpath -m "${2:-$(dirname "$page")/chromium}")
mkdir -p "$out"
. "$(dirname "${BASH_SOURCE[0]}")/chromium-setup.sh"   # chromium and playwright-core in $work
cat > "$work/trend-check.js" <<'JS'
const { chromium } = require("playwright-core");
const [page, out] = process.argv.slice(2);
const problems = [];
const say = (line) => console.log("trend-in-chromium: " + line);
(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
  try {
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    const errors = [];
    tab.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    tab.on("pageerror", (e) => errors.push(String(e)));
    const requests = [];
    await tab.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith("file://") || url.startsWith("data:")) return route.continue();
      requests.push(url);
      return route.abort();
    });
    await tab.goto("file://" + page, { waitUntil: "load" });
    await tab.waitForFunction(() => document.documentElement.classList.contains("duel-interactive"), null,
      { timeout: 10000 }).catch(() => problems.push("the page's script never finished"));
    const charts = await tab.$$eval(".duel-trend", (all) => all.map((c) => ({ index: Number(c.dataset.chart),
      canvases: c.querySelectorAll("canvas").length, legend: c.querySelectorAll(".u-legend .u-series").length })));
    const data = JSON.parse(await tab.$eval("#duel-trend-data", (s) => s.textContent));
    if (charts.length === 0) problems.push("no .duel-trend chart in the page");
    charts.forEach((c) => {
      const chart = data[c.index];
      say(`chart ${chart.title}: ${c.canvases} canvas, ${c.legend - 1} target(s), ${chart.entries.length} entries, `
        + `changes: ${chart.changes.map((x) => x.target + " " + x.change + " at " + x.commit).join(", ") || "none"}`);
      if (c.canvases < 1) problems.push(`chart ${chart.title} drew no canvas`);
      if (c.legend - 1 !== chart.lines.length) problems.push(`chart ${chart.title} lacks a target in its legend`);
    });
    const withChange = data.findIndex((c) => c.changes.length > 0);
    const target = `.duel-trend[data-chart="${withChange >= 0 ? withChange : 0}"]`;
    try {
      await tab.locator(target).scrollIntoViewIfNeeded();
      await tab.locator(target).screenshot({ path: out + "/trend-change.png", timeout: 5000 });
    } catch (e) {
      problems.push("no screenshot of " + target);
    }
    await tab.screenshot({ path: out + "/trend.png", fullPage: true });
    errors.forEach((e) => problems.push("console error: " + e));
    requests.forEach((r) => problems.push("the page asked the network for " + r));
    await context.close();
    const plain = await browser.newContext({ javaScriptEnabled: false, offline: true });
    const still = await plain.newPage();
    await still.goto("file://" + page, { waitUntil: "load" });
    const counts = await still.evaluate(() => ({ tables: document.querySelectorAll("section.trend table").length,
      sections: document.querySelectorAll("section.trend").length, canvases: document.querySelectorAll("canvas").length }));
    say(`without script: ${counts.tables} tables in ${counts.sections} chart sections, ${counts.canvases} canvases`);
    if (counts.tables !== counts.sections || counts.sections === 0 || counts.canvases !== 0) {
      problems.push("without script the page does not show a table per chart");
    }
    await plain.close();
  } finally {
    await browser.close();
  }
  problems.forEach((p) => say("FAILED: " + p));
  say(problems.length === 0 ? `ok; screenshots in ${out}` : `${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
})().catch((e) => { console.error(e); process.exit(2); });
JS
NODE_PATH="$work/node_modules" node "$work/trend-check.js" "$page" "$out"
