#!/usr/bin/env python3
"""Where an interleaved comparison's noise is, from its records (issue 31): what to set `interleave.slice` and main's
length from on your machine.

For each scenario of a results folder made with `order: interleaved`:

1. **The wander of the active side's rate with lag.** From every slice's correct responses per tenth (its first tenth
   left out, as the analysis leaves it out), the root mean square difference of log rate between two tenths of the same
   side `lag` apart, over sqrt(2): the standard deviation the rate would have if the wander at that lag were all there
   is. Flat with lag is white noise, which averaging tenths shrinks; rising with lag is a slower wander, which only a
   block shorter than its time scale cancels (a block is four slices, ABBA or BAAB). Lags inside a slice come from
   tenths of one slice; 1 slice from the two adjacent slices of a side in a block's middle; 3 and 4 slices from a
   block's first and last slices and from a slice and the same slice of the next block.
2. **The pairs' spread, split.** Each block's log ratio B/A (main's first block, its lead-in, left out, as the analysis
   does); within a pair, the blocks' standard deviation; over pairs, the standard deviation of the pairs' mean log
   ratios; and the share of that spread left for the variance between fresh pairs of JVMs once the blocks' own spread
   over the blocks a pair has is taken out (one-way analysis of variance; shown as ~0 where the blocks explain it all).

No host-speed correction and no blocks left out for a flip: this is the raw noise the design has to cancel.

    bench/slice-wander.py RESULTS_DIR [SCENARIO ...]
"""
import glob
import json
import math
import os
import statistics
import sys


def records(folder):
    by_index = {}
    for path in glob.glob(os.path.join(folder, "runs", "*.json")):
        with open(path) as f:
            record = json.load(f)
        if record.get("duet") and record["duet"].get("design") == "interleaved" and record.get("status") == "ok":
            by_index[record["index"]] = record
    return by_index


def slices_of(record, scenario):
    for result in record["results"]:
        if result["scenario"] == scenario and result.get("load") and result["load"].get("slices"):
            return result["load"]["slices"]
    return []


def log_tenths(slice_):
    tenths = slice_["okByTenth"]
    return [math.log(t) if t > 0 else None for t in tenths[1:]]


def wander(pairs, scenario):
    squares = {}
    for a, b in pairs:
        for record in (a, b):
            by_slice = {s["slice"]: s for s in slices_of(record, scenario) if s["slice"] >= 4}
            slice_seconds = None
            for index, s in by_slice.items():
                slice_seconds = s["lengthMillis"] / 1000
                own = log_tenths(s)
                for lag in range(1, len(own)):
                    for i in range(len(own) - lag):
                        if own[i] is not None and own[i + lag] is not None:
                            squares.setdefault(("tenths", lag), []).append((own[i + lag] - own[i]) ** 2)
                for step in (1, 3, 4):
                    later = by_slice.get(index + step)
                    if later is None:
                        continue
                    other = log_tenths(later)
                    for x, y in zip(own, other):
                        if x is not None and y is not None:
                            squares.setdefault(("slices", step), []).append((y - x) ** 2)
    rows = []
    for (kind, lag), values in sorted(squares.items(), key=lambda kv: (kv[0][0] != "tenths", kv[0][1])):
        seconds = lag * slice_seconds / 10 if kind == "tenths" else lag * slice_seconds
        rows.append((seconds, math.sqrt(sum(values) / len(values) / 2), len(values)))
    return sorted(rows)


def block_log_ratios(a, b, scenario):
    side = {}
    for s in slices_of(a, scenario):
        side[s["slice"]] = (0, s)
    for s in slices_of(b, scenario):
        side[s["slice"]] = (1, s)
    if not side:
        return []
    ratios = []
    for first in range(0, max(side) + 1, 4):
        held = [side.get(i) for i in range(first, first + 4)]
        if any(h is None for h in held) or any(h[1]["ok"] == 0 for h in held):
            continue
        sums = [0.0, 0.0]
        for which, s in held:
            sums[which] += sum(s["okByTenth"][1:]) / s["lengthMillis"]
        if min(sums) > 0:
            ratios.append((first, math.log(sums[1] / sums[0])))
    whole = [r for _, r in ratios]
    if ratios and ratios[0][0] == 0 and len(ratios) > 1:
        whole = whole[1:]
    return whole


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    by_index = records(argv[1])
    pairs = []
    for index, record in sorted(by_index.items()):
        partner = by_index.get(record["duet"]["partnerIndex"])
        if partner is not None and index < partner["index"]:
            a, b = sorted((record, partner), key=lambda r: r["target"])
            pairs.append((a, b))
    if not pairs:
        print("no interleaved pairs with both records ok in " + argv[1])
        return 1
    scenarios = argv[2:] or [r["scenario"] for r in pairs[0][0]["results"] if r.get("load")]
    names = pairs[0][0]["target"], pairs[0][1]["target"]
    for scenario in scenarios:
        print(f"{scenario}: {len(pairs)} pairs, B/A = {names[1]}/{names[0]}")
        print("  wander of the active side's rate with lag (sd of log rate a tenth would show; n differences):")
        for seconds, sd, n in wander(pairs, scenario):
            print(f"    {seconds:5.2f} s  {100 * sd:5.1f}%  ({n})")
        blocks = [block_log_ratios(a, b, scenario) for a, b in pairs]
        blocks = [bl for bl in blocks if bl]
        means = [statistics.mean(bl) for bl in blocks]
        within = [statistics.variance(bl) for bl in blocks if len(bl) > 1]
        per_pair = statistics.mean(len(bl) for bl in blocks)
        print("  pairs' mean log ratios: " + " ".join(f"{100 * m:+.1f}%" for m in means))
        if within:
            print(f"  blocks inside a pair: sd {100 * math.sqrt(statistics.mean(within)):.1f}% ({per_pair:.1f} a pair)")
        if len(means) > 1:
            between = statistics.variance(means)
            fresh = between - (statistics.mean(within) / per_pair if within else 0)
            fresh_text = f"{100 * math.sqrt(fresh):.1f}%" if fresh > 0 else "~0 (the blocks explain it all)"
            print(f"  pairs: sd {100 * math.sqrt(between):.1f}%; left for fresh pairs of JVMs: {fresh_text}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
