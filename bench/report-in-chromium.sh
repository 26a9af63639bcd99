#!/usr/bin/env bash
# Opens a report.html in headless Chromium with the network off and checks what the page promises (issue 25):
# every per-run series and runtime timeline draws (a canvas in each .duel-series and .duel-timeline), every forest plot
# draws (an SVG row per measure), a
# hover names run, second and value, no console error, no request leaves the file; then the same page with
# JavaScript off still shows every table, the PNG charts and the forest plots. Screenshots go to OUT_DIR (default:
# chromium/ beside the page): a series with its hover (series-hover.png), a forest plot (forest.png), a runtime
# timeline when the report has one (timeline.png) and the whole page (report.png). Run on purpose, not in CI (Chromium is a large install):
#
#   bench/report-in-chromium.sh results/demo [OUT_DIR]          # a results folder: its report.html
#   bench/report-in-chromium.sh results/demo/report.html [OUT_DIR]
#
# Needs Debian's chromium (installed here if missing, as root) and playwright-core from npm (kept in
# ~/.cache/duel-playwright), which drives the browser; Playwright never downloads a browser of its own here.
set -euo pipefail
report=$(realpath "${1:?usage: bench/report-in-chromium.sh RESULTS_DIR|REPORT.html [OUT_DIR]}")
[ -d "$report" ] && report="$report/report.html"
[ -f "$report" ] || { echo "no $report: run ./duel report on its results folder first" >&2; exit 2; }
out=$(realpath -m "${2:-$(dirname "$report")/chromium}")
mkdir -p "$out"

. "$(dirname "${BASH_SOURCE[0]}")/chromium-setup.sh"   # chromium and playwright-core in $work

cat > "$work/check.js" <<'JS'
const { chromium } = require("playwright-core");
const [report, out] = process.argv.slice(2);
const problems = [];
const say = (line) => console.log("report-in-chromium: " + line);
(async () => {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  try {
    // With script, offline: anything but the file itself is a request the page must not make.
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    const requests = [];
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith("file://") || url.startsWith("data:")) return route.continue();
      requests.push(url);
      return route.abort();
    });
    await page.goto("file://" + report, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.classList.contains("duel-interactive"), null,
      { timeout: 10000 }).catch(() => problems.push("the page's script never finished"));
    const series = await page.$$eval(".duel-series", (all) => all.map((c) => ({
      scenario: c.dataset.scenario, target: c.dataset.target + " " + c.dataset.measure,
      canvases: c.querySelectorAll("canvas").length,
      legend: c.querySelectorAll(".u-legend .u-series").length })));
    if (series.length === 0) problems.push("no .duel-series chart in the page");
    series.forEach((s) => {
      say(`series ${s.scenario}/${s.target}: ${s.canvases} canvas, ${s.legend - 1} runs in the legend`);
      if (s.canvases < 1) problems.push(`series ${s.scenario}/${s.target} drew no canvas`);
      if (s.legend < 2) problems.push(`series ${s.scenario}/${s.target} has no run in its legend`);
    });
    const timelines = await page.$$eval(".duel-timeline", (all) => all.map((c) => ({
      name: c.dataset.scenario + "/" + c.dataset.target, canvases: c.querySelectorAll("canvas").length })));
    timelines.forEach((t) => {
      say(`runtime timeline ${t.name}: ${t.canvases} canvas`);
      if (t.canvases < 1) problems.push(`runtime timeline ${t.name} drew no canvas`);
    });
    const forests = await page.$$eval("figure.forest svg", (all) => all.map((svg) => ({
      rows: svg.querySelectorAll("g.row").length, expected: Number(svg.dataset.rows),
      width: svg.getBoundingClientRect().width })));
    if (forests.length === 0) problems.push("no forest plot in the page");
    forests.forEach((f, i) => {
      say(`forest plot ${i + 1}: ${f.rows} rows, ${Math.round(f.width)} px wide`);
      if (f.rows !== f.expected || f.rows === 0 || f.width < 100) problems.push(`forest plot ${i + 1} did not draw`);
    });
    // Hover across the first chart until the tooltip names a run, a second and a value.
    const first = await page.$(".duel-series .u-over");
    let tooltip = "";
    if (first) {
      await first.scrollIntoViewIfNeeded();
      const box = await first.boundingBox();
      for (let f = 0.3; f <= 0.9 && !tooltip; f += 0.1) {
        for (let g = 0.2; g <= 0.8 && !tooltip; g += 0.2) {
          await page.mouse.move(box.x + box.width * f, box.y + box.height * g);
          tooltip = await page.$eval(".duel-series .duel-tooltip",
            (t) => (t.style.display === "block" ? t.textContent : ""));
        }
      }
    }
    say(`hover: ${tooltip || "(nothing)"}`);
    if (!/run \S+ · second \d+ · [\d,.]+ (requests\/s|ms p99)/.test(tooltip)) problems.push("the hover did not name run, second and value");
    const shot = async (selector, file) => {
      try {
        await page.locator(selector).first().screenshot({ path: out + "/" + file, timeout: 5000 });
      } catch (e) {
        problems.push(`no screenshot of ${selector}: it is not visible`);
      }
    };
    await shot(".duel-series", "series-hover.png");
    await shot("figure.forest", "forest.png");
    if (timelines.length > 0) await shot(".duel-timeline", "timeline.png");
    await page.mouse.move(0, 0);
    await page.screenshot({ path: out + "/report.png", fullPage: true });
    errors.forEach((e) => problems.push("console error: " + e));
    requests.forEach((r) => problems.push("the page asked the network for " + r));
    await context.close();

    // Without script: the tables, the PNG charts and the forest plots, and no chart drawn by script.
    const plain = await browser.newContext({ javaScriptEnabled: false, offline: true });
    const still = await plain.newPage();
    await still.goto("file://" + report, { waitUntil: "load" });
    const counts = await still.evaluate(() => ({
      tables: document.querySelectorAll("table").length,
      images: Array.from(document.querySelectorAll("img")).filter((i) => i.complete && i.naturalWidth > 0).length,
      allImages: document.querySelectorAll("img").length,
      forests: document.querySelectorAll("figure.forest svg g.row").length,
      canvases: document.querySelectorAll("canvas").length }));
    say(`without script: ${counts.tables} tables, ${counts.images} of ${counts.allImages} PNG charts shown, `
      + `${counts.forests} forest rows, ${counts.canvases} canvases`);
    if (counts.tables === 0 || counts.allImages === 0 || counts.images !== counts.allImages || counts.forests === 0
      || counts.canvases !== 0) problems.push("without script the page does not show its tables, charts and plots");
    await plain.close();
  } finally {
    await browser.close();
  }
  problems.forEach((p) => say("FAILED: " + p));
  say(problems.length === 0 ? `ok; screenshots in ${out}` : `${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
})().catch((e) => { console.error(e); process.exit(2); });
JS
NODE_PATH="$work/node_modules" node "$work/check.js" "$report" "$out"
