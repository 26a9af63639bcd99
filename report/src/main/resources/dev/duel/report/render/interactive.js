// duel's report.html, explored: each load scenario's per-run requests/s per second, drawn with uPlot from the JSON in
// #duel-data. Zoom by dragging across a chart (double-click to zoom out), toggle a run by clicking it in the legend,
// hover for the run, second and value nearest the pointer. Without script the tables and PNG charts say the same.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("duel-data").textContent);
  var palette = ["#0969da", "#cf222e", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#1b7c83", "#6e7781",
    "#953800", "#0550ae", "#a40e26", "#116329"];
  function format(value) {
    return value == null ? "-" : Math.round(value).toLocaleString("en-US");
  }
  function draw(container, scenario, side) {
    // One x axis for all runs: every second from the first to the last any run has; a run without a second (the
    // gap between warm-up and main, where no load was offered) has a gap in its line there.
    var first = Infinity;
    var last = -Infinity;
    side.runs.forEach(function (run) {
      run.seconds.forEach(function (s) { first = Math.min(first, s); last = Math.max(last, s); });
    });
    var xs = [];
    for (var second = first; second <= last; second++) { xs.push(second); }
    var index = {};
    xs.forEach(function (s, i) { index[s] = i; });
    var columns = [xs];
    var series = [{ label: "second" }];
    side.runs.forEach(function (run, i) {
      var column = xs.map(function () { return null; });
      run.seconds.forEach(function (s, j) { column[index[s]] = run.requestsPerSecond[j]; });
      columns.push(column);
      series.push({ label: "run " + run.run, stroke: palette[i % palette.length], width: 1.5,
        points: { show: false }, spanGaps: false, value: function (u, v) { return format(v); } });
    });
    var tooltip = document.createElement("div");
    tooltip.className = "duel-tooltip";
    tooltip.style.display = "none";
    function markers(u) {
      // Each run's segments (its mean over them, dashed) and its steady start (a vertical tick), in the run's colour.
      var ctx = u.ctx;
      ctx.save();
      side.runs.forEach(function (run, i) {
        if (!u.series[i + 1].show) { return; }
        ctx.strokeStyle = palette[i % palette.length];
        ctx.setLineDash([4, 3]);
        ctx.lineWidth = 1;
        run.segments.forEach(function (segment) {
          var y = u.valToPos(segment[2], "y", true);
          ctx.beginPath();
          ctx.moveTo(u.valToPos(segment[0], "x", true), y);
          ctx.lineTo(u.valToPos(segment[1] - 1, "x", true), y);
          ctx.stroke();
        });
        if (run.steadyStartSecond >= 0) {
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
      var best = -1;
      var distance = Infinity;
      for (var s = 1; s < u.series.length; s++) {
        var v = u.data[s][i];
        if (v == null || !u.series[s].show) { continue; }
        var d = Math.abs(u.valToPos(v, "y") - u.cursor.top);
        if (d < distance) { distance = d; best = s; }
      }
      if (best < 0) { tooltip.style.display = "none"; return; }
      var run = side.runs[best - 1];
      tooltip.textContent = side.target + " run " + run.run + " · second " + u.data[0][i] + " · "
        + format(u.data[best][i]) + " requests/s";
      tooltip.style.display = "block";
      tooltip.style.left = Math.min(u.cursor.left + 12, u.over.clientWidth - 220) + "px";
      tooltip.style.top = Math.max(u.cursor.top - 28, 0) + "px";
    }
    var width = Math.max(320, Math.min(900, container.clientWidth || 900));
    var plot = new uPlot({
      title: scenario.name + ": " + side.target + ", requests/s per second of every run",
      width: width,
      height: 280,
      scales: { x: { time: false } },
      axes: [{ label: "seconds since the first correct answer" }, { label: "requests/s", size: 70 }],
      cursor: { drag: { x: true, y: false } },
      series: series,
      hooks: { draw: [markers], setCursor: [hover] }
    }, columns, container);
    plot.over.appendChild(tooltip);
  }
  document.querySelectorAll(".duel-series").forEach(function (container) {
    var scenario = data.scenarios.filter(function (s) { return s.name === container.dataset.scenario; })[0];
    if (!scenario) { return; }
    var side = scenario.targets.filter(function (t) { return t.target === container.dataset.target; })[0];
    if (side) { draw(container, scenario, side); }
  });
  document.documentElement.classList.add("duel-interactive");
})();
