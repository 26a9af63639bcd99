// duel's trend page, drawn: each chart of #duel-trend-data with uPlot, a line per target over the entries in commit
// order, each point's 95% interval as a whisker, each change found as a dashed line at the entry where it begins
// (labelled with its commit and size), and the reference's band shaded behind. Hover for the entry, commit and value.
// Without script the tables under each chart say the same.
(function () {
  "use strict";
  var charts = JSON.parse(document.getElementById("duel-trend-data").textContent);
  var palette = ["#0969da", "#cf222e", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#1b7c83", "#6e7781"];
  function format(v) {
    if (v == null) { return "-"; }
    return Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en-US") : v.toPrecision(3);
  }
  function draw(container, chart) {
    var xs = chart.entries.map(function (e, i) { return i; });
    var columns = [xs];
    var series = [{ label: "entry", value: function (u, i) {
      var e = chart.entries[i];
      return e == null ? "-" : e.id + (e.commit ? " (" + e.commit + ")" : "") + " " + e.when;
    } }];
    chart.lines.forEach(function (line, i) {
      columns.push(line.values);
      series.push({ label: line.target, stroke: palette[i % palette.length], width: 2,
        points: { show: true, size: 6, fill: palette[i % palette.length] }, spanGaps: true,
        value: function (u, v) { return format(v); } });
    });
    function behind(u) {
      // The reference's band per target: its entries' lowest to highest value, shaded across the chart.
      var ctx = u.ctx;
      ctx.save();
      chart.lines.forEach(function (line, i) {
        if (!line.band || !u.series[i + 1].show) { return; }
        var top = u.valToPos(line.band[1], "y", true);
        var bottom = u.valToPos(line.band[0], "y", true);
        ctx.fillStyle = palette[i % palette.length];
        ctx.globalAlpha = 0.10;
        ctx.fillRect(u.bbox.left, top, u.bbox.width, Math.max(bottom - top, 1 * devicePixelRatio));
      });
      ctx.restore();
    }
    function over(u) {
      var ctx = u.ctx;
      ctx.save();
      // Each point's interval: a whisker from low to high.
      chart.lines.forEach(function (line, i) {
        if (!u.series[i + 1].show) { return; }
        ctx.strokeStyle = palette[i % palette.length];
        ctx.lineWidth = 1 * devicePixelRatio;
        line.values.forEach(function (v, j) {
          if (v == null || line.low[j] == null || line.high[j] == null) { return; }
          var x = u.valToPos(j, "x", true);
          var y0 = u.valToPos(line.low[j], "y", true);
          var y1 = u.valToPos(line.high[j], "y", true);
          ctx.beginPath();
          ctx.moveTo(x, y0); ctx.lineTo(x, y1);
          ctx.moveTo(x - 3 * devicePixelRatio, y0); ctx.lineTo(x + 3 * devicePixelRatio, y0);
          ctx.moveTo(x - 3 * devicePixelRatio, y1); ctx.lineTo(x + 3 * devicePixelRatio, y1);
          ctx.stroke();
        });
      });
      // Each change: a dashed line just before the entry where it begins, its commit and size beside it.
      chart.changes.forEach(function (c, k) {
        var x = u.valToPos(c.index - 0.5, "x", true);
        ctx.strokeStyle = c.acknowledged ? "#6e7781" : "#cf222e";
        ctx.setLineDash([5, 4]);
        ctx.lineWidth = 1.5 * devicePixelRatio;
        ctx.beginPath();
        ctx.moveTo(x, u.bbox.top); ctx.lineTo(x, u.bbox.top + u.bbox.height);
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.fillStyle = ctx.strokeStyle;
        ctx.font = (11 * devicePixelRatio) + "px sans-serif";
        ctx.fillText(c.target + " " + c.change + " at " + c.commit + (c.acknowledged ? " (acknowledged)" : ""),
          x + 4 * devicePixelRatio, u.bbox.top + (14 + 13 * k) * devicePixelRatio);
      });
      ctx.restore();
    }
    var width = Math.max(container.clientWidth || 0, 600);
    var options = {
      title: chart.title, width: width, height: 320,
      scales: { x: { time: false, range: function () { return [-0.5, Math.max(xs.length - 0.5, 0.5)]; } } },
      axes: [
        { label: "entries in commit order", values: function (u, ticks) {
          return ticks.map(function (t) {
            var e = chart.entries[t];
            return Number.isInteger(t) && e ? (e.commit || e.when.slice(5, 10)) : "";
          });
        } },
        { label: chart.unit + (chart.higherIsBetter ? " (higher is better)" : " (lower is better)"), size: 70,
          values: function (u, ticks) { return ticks.map(format); } }
      ],
      series: series,
      hooks: { drawClear: [behind], draw: [over] }
    };
    new uPlot(options, columns, container);
  }
  document.querySelectorAll(".duel-trend").forEach(function (container) {
    draw(container, charts[Number(container.dataset.chart)]);
  });
  document.documentElement.classList.add("duel-interactive");
})();
