// duel's report.html, explored: each load scenario's per-run requests/s and p99 per second, drawn with uPlot from the
// JSON in #duel-data, the two charts of a target sharing one cursor. Zoom by dragging across a chart (double-click to
// zoom out), toggle a run by clicking it in the legend, hover for the run, second and value nearest the pointer. The
// shaded band is warm-up when every run's main began on one second (else a tick at the bottom marks each run's main
// start); dashed lines are each run's segments, the tick at the top its steady start. Without script the tables and PNG charts say the same.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("duel-data").textContent);
  var palette = ["#0969da", "#cf222e", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#1b7c83", "#6e7781",
    "#953800", "#0550ae", "#a40e26", "#116329"];
  var measures = {
    rps: { key: "requestsPerSecond", title: "requests/s per second", unit: "requests/s",
      format: function (v) { return v == null ? "-" : Math.round(v).toLocaleString("en-US"); } },
    p99: { key: "p99Millis", title: "p99 latency per second", unit: "ms p99",
      format: function (v) { return v == null ? "-" : (v < 10 ? v.toFixed(2) : v.toFixed(1)); } }
  };
  // The shown series whose value at data index i lies nearest the pointer, on its own scale; -1 when none has one.
  function nearest(u, i) {
    var best = -1;
    var distance = Infinity;
    for (var s = 1; s < u.series.length; s++) {
      var v = u.data[s][i];
      if (v == null || !u.series[s].show) { continue; }
      var d = Math.abs(u.valToPos(v, u.series[s].scale || "y") - u.cursor.top);
      if (d < distance) { distance = d; best = s; }
    }
    return best;
  }
  function draw(container, scenario, side, measure) {
    // One x axis for all runs: every second from the first to the last any run has; a run without a second (the
    // gap between warm-up and main, where no load was offered) has a gap in its line there.
    var first = Infinity;
    var last = -Infinity;
    var starts = {};
    side.runs.forEach(function (run) {
      run.seconds.forEach(function (s) { first = Math.min(first, s); last = Math.max(last, s); });
      starts[run.mainStartSecond] = true;
    });
    // One band when every run's main began on the same second (a fixed warm-up); else each run's own tick.
    var shared = Object.keys(starts).map(Number);
    var mainStart = shared.length === 1 && shared[0] >= 0 ? shared[0] : Infinity;
    var xs = [];
    for (var second = first; second <= last; second++) { xs.push(second); }
    var columns = [xs];
    var series = [{ label: "second" }];
    side.runs.forEach(function (run, i) {
      var column = xs.map(function () { return null; });
      var values = run[measure.key];
      run.seconds.forEach(function (s, j) { column[s - first] = values[j]; });
      columns.push(column);
      series.push({ label: "run " + run.run, stroke: palette[i % palette.length], width: 1.5,
        points: { show: false }, spanGaps: false, value: function (u, v) { return measure.format(v); } });
    });
    var tooltip = document.createElement("div");
    tooltip.className = "duel-tooltip";
    tooltip.style.display = "none";
    function band(u) {
      // Warm-up: from the first second to main's first, shaded under the lines.
      if (!isFinite(mainStart) || mainStart <= first) { return; }
      var ctx = u.ctx;
      var left = u.valToPos(first, "x", true);
      var right = u.valToPos(mainStart, "x", true);
      ctx.save();
      ctx.fillStyle = "rgba(128, 128, 128, 0.08)";
      ctx.fillRect(left, u.bbox.top, right - left, u.bbox.height);
      ctx.fillStyle = "#6e7781";
      ctx.font = (11 * devicePixelRatio) + "px sans-serif";
      ctx.fillText("warm-up", left + 4 * devicePixelRatio, u.bbox.top + 24 * devicePixelRatio);
      ctx.fillText("main", right + 4 * devicePixelRatio, u.bbox.top + 24 * devicePixelRatio);
      ctx.restore();
    }
    function markers(u) {
      // Each run's segments (its mean over them, dashed) and its steady start (a tick at the top), in its colour.
      var ctx = u.ctx;
      ctx.save();
      side.runs.forEach(function (run, i) {
        if (!u.series[i + 1].show) { return; }
        ctx.strokeStyle = palette[i % palette.length];
        ctx.setLineDash([4, 3]);
        ctx.lineWidth = 1;
        (measure.key === "requestsPerSecond" ? run.segments : []).forEach(function (segment) {
          var y = u.valToPos(segment[2], "y", true);
          ctx.beginPath();
          ctx.moveTo(u.valToPos(segment[0], "x", true), y);
          ctx.lineTo(u.valToPos(segment[1] - 1, "x", true), y);
          ctx.stroke();
        });
        if (!isFinite(mainStart) && run.mainStartSecond >= 0) {
          // main's first second of this run: a tick at the bottom
          var m = u.valToPos(run.mainStartSecond, "x", true);
          ctx.setLineDash([]);
          ctx.beginPath();
          ctx.moveTo(m, u.bbox.top + u.bbox.height);
          ctx.lineTo(m, u.bbox.top + u.bbox.height - 12 * devicePixelRatio);
          ctx.stroke();
        }
        if (run.steadyStartSecond >= 0 && measure.key === "requestsPerSecond") {
          var x = u.valToPos(run.steadyStartSecond, "x", true);
          ctx.setLineDash([]);
          ctx.beginPath();
          ctx.moveTo(x, u.bbox.top);
          ctx.lineTo(x, u.bbox.top + 12 * devicePixelRatio);
          ctx.stroke();
        }
      });
      ctx.restore();
    }
    function hover(u) {
      var i = u.cursor.idx;
      if (i == null || u.cursor.left < 0) { tooltip.style.display = "none"; return; }
      var best = nearest(u, i);
      if (best < 0) { tooltip.style.display = "none"; return; }
      var run = side.runs[best - 1];
      tooltip.textContent = side.target + " run " + run.run + " · second " + u.data[0][i] + " · "
        + measure.format(u.data[best][i]) + " " + measure.unit;
      tooltip.style.display = "block";
      tooltip.style.left = Math.min(u.cursor.left + 12, u.over.clientWidth - 220) + "px";
      tooltip.style.top = Math.max(u.cursor.top - 28, 0) + "px";
    }
    var width = Math.max(320, Math.min(900, container.clientWidth || 900));
    var plot = new uPlot({
      title: scenario.name + ": " + side.target + ", " + measure.title + " of every run",
      width: width,
      height: 260,
      scales: { x: { time: false } },
      axes: [{ label: "seconds since the first correct answer" }, { label: measure.unit, size: 70 }],
      cursor: { drag: { x: true, y: false }, sync: { key: "duel-" + scenario.name + "-" + side.target } },
      series: series,
      hooks: { drawClear: [band], draw: [markers], setCursor: [hover] }
    }, columns, container);
    plot.over.appendChild(tooltip);
  }
  // A runtime timeline: the run's requests/s (left axis) and its compilers', GC's and VM thread's CPU and GC pauses
  // (milliseconds per second, right axis), all on the load's time axis; windows at their own start seconds.
  function timeline(container, scenario, run) {
    var at = {};
    run.seconds.forEach(function (s) { at[s] = true; });
    run.windowStartSeconds.forEach(function (s) { at[s] = true; });
    run.jfrStartSeconds.forEach(function (s) { at[s] = true; });
    var xs = Object.keys(at).map(Number).sort(function (a, b) { return a - b; });
    var index = {};
    xs.forEach(function (s, i) { index[s] = i; });
    function column(seconds, values) {
      var c = xs.map(function () { return null; });
      seconds.forEach(function (s, i) { c[index[s]] = values[i]; });
      return c;
    }
    var lines = [
      { label: "requests/s", unit: "requests/s", scale: "rps", stroke: "#6e7781", seconds: run.seconds, values: run.requestsPerSecond },
      { label: "C1 CPU", unit: "ms/s", scale: "ms", stroke: "#1a7f37", seconds: run.windowStartSeconds, values: run.c1 },
      { label: "C2 CPU", unit: "ms/s", scale: "ms", stroke: "#0969da", seconds: run.windowStartSeconds, values: run.c2 },
      { label: "GC and VM CPU", unit: "ms/s", scale: "ms", stroke: "#cf222e", seconds: run.windowStartSeconds, values: run.gc }
    ];
    if (run.jfrStartSeconds.length > 0) {
      lines.push({ label: "GC pauses", unit: "ms/s", scale: "ms", stroke: "#9a6700", seconds: run.jfrStartSeconds, values: run.gcPause });
    }
    var columns = [xs];
    var series = [{ label: "second" }];
    lines.forEach(function (line) {
      columns.push(column(line.seconds, line.values));
      series.push({ label: line.label, stroke: line.stroke, width: 1.5, scale: line.scale, spanGaps: true,
        points: { show: false }, value: function (u, v) { return v == null ? "-" : (Math.round(v * 10) / 10).toLocaleString("en-US"); } });
    });
    var tooltip = document.createElement("div");
    tooltip.className = "duel-tooltip";
    tooltip.style.display = "none";
    function hover(u) {
      var i = u.cursor.idx;
      if (i == null || u.cursor.left < 0) { tooltip.style.display = "none"; return; }
      var best = nearest(u, i);
      if (best < 0) { tooltip.style.display = "none"; return; }
      var line = lines[best - 1];
      tooltip.textContent = container.dataset.target + " run " + run.run + " · second " + u.data[0][i] + " · "
        + line.label + " " + (Math.round(u.data[best][i] * 10) / 10).toLocaleString("en-US") + " " + line.unit;
      tooltip.style.display = "block";
      tooltip.style.left = Math.min(u.cursor.left + 12, u.over.clientWidth - 260) + "px";
      tooltip.style.top = Math.max(u.cursor.top - 28, 0) + "px";
    }
    function steady(u) {
      if (run.steadyStartSecond < 0) { return; }
      var x = u.valToPos(run.steadyStartSecond, "x", true);
      u.ctx.save();
      u.ctx.strokeStyle = "#6e7781";
      u.ctx.setLineDash([4, 3]);
      u.ctx.beginPath();
      u.ctx.moveTo(x, u.bbox.top);
      u.ctx.lineTo(x, u.bbox.top + u.bbox.height);
      u.ctx.stroke();
      u.ctx.restore();
    }
    var plot = new uPlot({
      title: scenario.name + ": " + container.dataset.target + ", run " + run.run + " (" + run.chosen + "): JIT and GC on the load's time axis",
      width: Math.max(320, Math.min(900, container.clientWidth || 900)),
      height: 280,
      scales: { x: { time: false } },
      axes: [{ label: "seconds since the load began" }, { scale: "rps", label: "requests/s", size: 70 },
        { scale: "ms", side: 1, label: "CPU ms per second", size: 60, grid: { show: false } }],
      cursor: { drag: { x: true, y: false } },
      series: series,
      hooks: { draw: [steady], setCursor: [hover] }
    }, columns, container);
    plot.over.appendChild(tooltip);
  }
  document.querySelectorAll(".duel-timeline").forEach(function (container) {
    var scenario = data.scenarios.filter(function (s) { return s.name === container.dataset.scenario; })[0];
    if (!scenario) { return; }
    var run = scenario.timelines.filter(function (t) {
      return t.target === container.dataset.target && t.run === container.dataset.run;
    })[0];
    if (run) { timeline(container, scenario, run); }
  });
  document.querySelectorAll(".duel-series").forEach(function (container) {
    var scenario = data.scenarios.filter(function (s) { return s.name === container.dataset.scenario; })[0];
    if (!scenario) { return; }
    var side = scenario.targets.filter(function (t) { return t.target === container.dataset.target; })[0];
    var measure = measures[container.dataset.measure];
    if (side && measure) { draw(container, scenario, side, measure); }
  });
  document.documentElement.classList.add("duel-interactive");
})();
