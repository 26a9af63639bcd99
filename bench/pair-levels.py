#!/usr/bin/env python3
"""Is B/A in interleaved pairs the same at the host's two speeds, and what did each pair say (issue 31)?

For each pair of final `ok` records of folders made with `order: interleaved` (A the side whose target name holds
"17", or the lower index): each block of main (four slices, main's lead-in left out, each slice's first tenth left out
as the analysis leaves it out) gives ln(B/A) and the host's speed on CPU 0 over its slices (the probe's second each
slice starts in). A block whose slices' speeds differ by more than 15% is cut by a flip and left out, as the analysis
leaves it out. The others are fast (at or above 0.87 of the median block speed over every folder) or slow.

Prints, per pair, the mean of its blocks' log ratios, and at each level; then each folder's pairs' mean, the blocks
pooled by level, and, over the pairs with blocks at both levels, slow less fast. A level effect would make a
comparison's answer follow the share of time the host spent slow. Alternate two designs' folders to compare them in
one hour: `bench/pair-levels.py D1 L1 D2 L2` (results folders, each with runs/).

    bench/pair-levels.py [--scenario json] RESULTS_DIR ...
"""
import argparse
import glob
import json
import math
import os
import statistics

FLIP_SHARE = 0.15
SLOW_BELOW = 0.87


def pairs(folder):
    records = {}
    for path in glob.glob(os.path.join(folder, "runs", "[0-9][0-9][0-9]-*.json")):
        with open(path) as f:
            record = json.load(f)
        if record.get("status") == "ok" and record.get("duet"):
            records[record["index"]] = record
    made = []
    for index, record in records.items():
        partner = records.get(record["duet"]["partnerIndex"])
        if partner is None or index > partner["index"]:
            continue
        a, b = (record, partner) if "17" in record["target"] or "17" not in partner["target"] else (partner, record)
        made.append((a, b))
    return sorted(made, key=lambda p: min(p[0]["index"], p[1]["index"]))


def settled_rate(s):
    tenths = s.get("okByTenth") or []
    if len(tenths) == 10 and s["lengthMillis"] > 0:
        return sum(tenths[1:]) * 1000.0 / (s["lengthMillis"] * 0.9)
    return s["ok"] * 1000.0 / s["lengthMillis"] if s["lengthMillis"] > 0 else 0


def result(record, scenario):
    return next((r for r in record["results"] if r["scenario"] == scenario), None)


def blocks(a, b, scenario):
    ra, rb = result(a, scenario), result(b, scenario)
    if not ra or not rb or not ra.get("load") or not rb.get("load"):
        return []
    speed = None
    for r in (ra, rb):
        hs = r.get("hostSpeed")
        if hs and "0" in hs["cpus"]:
            speed = hs["unitsPerCpuMilli"][hs["cpus"].index("0")]
            break
    by_slice = {}
    for side, r in ((0, ra), (1, rb)):
        for s in r["load"].get("slices") or []:
            by_slice[s["slice"]] = (side, s)
    out = []
    for block in range(1, (max(by_slice) // 4 + 1) if by_slice else 0):
        got = [by_slice.get(block * 4 + k) for k in range(4)]
        if any(g is None or g[1]["ok"] == 0 for g in got):
            continue
        rates = ([], [])
        speeds = []
        for side, s in got:
            rates[side].append(settled_rate(s))
            second = int(math.floor(s["startMillis"] / 1000))
            if speed and 0 <= second < len(speed) and speed[second] is not None:
                speeds.append(speed[second])
        if len(rates[0]) != 2 or len(rates[1]) != 2 or min(rates[0] + rates[1]) <= 0:
            continue
        cut = bool(speeds) and max(speeds) / min(speeds) > 1 + FLIP_SHARE
        out.append((math.log(sum(rates[1]) / sum(rates[0])), statistics.mean(speeds) if speeds else None, cut))
    return out


def pct(values):
    return f"{100 * statistics.mean(values):+6.2f}%" if values else "     - "


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="json")
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args()
    data = []
    for folder in args.folders:
        for a, b in pairs(folder):
            found = blocks(a, b, args.scenario)
            if found:
                data.append((folder, a["index"], b["index"], found))
    speeds = [s for *_, found in data for _, s, _ in found if s is not None]
    if not speeds:
        raise SystemExit("no interleaved pairs with the host's speed in " + ", ".join(args.folders))
    usual = statistics.median(speeds)
    print(f"{args.scenario}: median block speed {usual:.1f} units/ms on CPU 0; slow under {SLOW_BELOW}x of it")
    fast_all, slow_all, differences, by_folder = [], [], [], {}
    for folder, ia, ib, found in data:
        kept = [(lr, s) for lr, s, cut in found if not cut]
        fast = [lr for lr, s in kept if s is not None and s >= SLOW_BELOW * usual]
        slow = [lr for lr, s in kept if s is not None and s < SLOW_BELOW * usual]
        every = [lr for lr, _ in kept] or [lr for lr, _, _ in found]
        by_folder.setdefault(folder, []).append(statistics.mean(every))
        fast_all += fast
        slow_all += slow
        line = (f"{folder} {ia:03d}/{ib:03d}: {len(every):2d} blocks {pct(every)}  fast {len(fast):2d} {pct(fast)}"
                f"  slow {len(slow):2d} {pct(slow)}  cut by a flip {sum(1 for *_, cut in found if cut)}")
        if fast and slow:
            differences.append(statistics.mean(slow) - statistics.mean(fast))
            line += f"  slow less fast {100 * differences[-1]:+.2f} points"
        print(line)
    for folder, means in by_folder.items():
        spread = (f", sd {100 * statistics.stdev(means):.2f}, SE {100 * statistics.stdev(means) / math.sqrt(len(means)):.2f}"
                  if len(means) > 1 else "")
        print(f"{folder}: {len(means)} pairs, mean {pct(means)}{spread}")
    for name, values in (("fast", fast_all), ("slow", slow_all)):
        if len(values) > 1:
            print(f"blocks at the {name} level: {len(values)}, mean {pct(values)}, sd {100 * statistics.stdev(values):.2f}")
    if len(differences) > 1:
        se = statistics.stdev(differences) / math.sqrt(len(differences))
        print(f"slow less fast within {len(differences)} pairs: {100 * statistics.mean(differences):+.2f} points, "
              f"SE {100 * se:.2f}")


if __name__ == "__main__":
    main()
