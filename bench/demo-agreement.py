#!/usr/bin/env python3
"""Do demos agree with a long comparison of the same targets (issue 31's agreement line), and how often could they?

Reads each folder's summary.json (what `duel report` writes): the scenario's steady-state requests/s comparison (its
ratio) and, for interleaved pairs, each pair's block ratios. For each demo it prints its estimate and its interval (the
report's 95.x% one: the table's, not the headline's TOST interval for "the same"), and checks both halves of the line:

1. the long comparison's estimate inside the demo's interval;
2. the demo's estimate inside the long comparison's interval.

Then how often each half would hold for five demos if demos and the long comparison measured the same thing without
bias: pairs resampled (seeded) from the demos' own pairs, shifted to the long comparison's mean, and from the long
comparison's pairs; a demo is five pairs and the long comparison ten, each interval a t interval on its pairs' mean
log ratios at 95% (the report's at its last look is 95.3-95.6%, close enough for this). It says whether a miss is
a demo's bias or its noise: a line that holds 1 time in 15 when nothing is wrong cannot be asked of one set of five.

    bench/demo-agreement.py --long LONG_DIR [--scenario json] [--draws 4000] DEMO_DIR ...
"""
import argparse
import json
import math
import os
import random
import statistics

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        11: 2.201, 12: 2.179, 14: 2.145, 19: 2.093, 29: 2.045}


def t975(df):
    known = [d for d in T975 if d <= df]
    return T975[max(known)] if known else float("inf")


def scenario(folder, name):
    with open(os.path.join(folder, "summary.json")) as f:
        summary = json.load(f)
    for each in summary["scenarios"]:
        if each["name"] == name:
            return each
    raise SystemExit(f"{folder}: no scenario {name}")


def estimate(folder, name):
    """The report's table row for requests/s: (percent, low percent, high percent, verdict)."""
    with open(os.path.join(folder, "report.md")) as f:
        report = f.read()
    section = report.split(f"## {name}", 1)[-1] if f"## {name}" in report else report
    for line in section.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 5 and cells[1] == "requests/s" and cells[2][:1] in "+-" and " to " in cells[3]:
            low, high = (percent(v) for v in cells[3].split(" to "))
            return percent(cells[2]), low, high, cells[4]
    raise SystemExit(f"{folder}: no requests/s comparison row for {name} in report.md")


def percent(text):
    return float(text.strip().rstrip("%").replace("+", "").replace("\u2212", "-"))


def pair_means(folder, name):
    """Each pair's mean block log ratio, percent."""
    return [100 * statistics.mean(math.log(r) for r in pair["ratios"])
            for pair in scenario(folder, name).get("duet", []) if pair["ratios"]]


def interval(values):
    n = len(values)
    mean = statistics.mean(values)
    half = t975(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", required=True)
    parser.add_argument("--scenario", default="json")
    parser.add_argument("--draws", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=20261207)
    parser.add_argument("demos", nargs="+")
    args = parser.parse_args()
    name = args.scenario
    long_estimate, long_low, long_high, long_verdict = estimate(args.long, name)
    print(f"long comparison: {long_estimate:+.1f}% ({long_low:+.1f}% to {long_high:+.1f}%), {long_verdict}")
    first = second = 0
    for demo in args.demos:
        value, low, high, verdict = estimate(demo, name)
        inside_demo = low <= long_estimate <= high
        inside_long = long_low <= value <= long_high
        first += inside_demo
        second += inside_long
        print(f"{os.path.basename(demo.rstrip('/'))}: {value:+.1f}% ({low:+.1f}% to {high:+.1f}%), {verdict}; long's"
              f" estimate inside: {'yes' if inside_demo else 'no'}; inside long's interval: "
              f"{'yes' if inside_long else 'no'}")
    print(f"long's estimate inside {first} of {len(args.demos)} demos' intervals; {second} of {len(args.demos)} demos'"
          f" estimates inside the long's interval")

    demo_pairs = [p for demo in args.demos for p in pair_means(demo, name)]
    long_pairs = pair_means(args.long, name)
    if len(demo_pairs) < 2 or len(long_pairs) < 2:
        print("too few interleaved pairs to resample")
        return
    shift = statistics.mean(long_pairs) - statistics.mean(demo_pairs)
    centred = [p + shift for p in demo_pairs]
    per_demo = max(2, round(len(demo_pairs) / len(args.demos)))
    rng = random.Random(args.seed)
    both = [0, 0]
    for _ in range(args.draws):
        long_mean, low, high = interval([rng.choice(long_pairs) for _ in long_pairs])
        all_first = all_second = True
        for _ in range(5):
            mean, demo_low, demo_high = interval([rng.choice(centred) for _ in range(per_demo)])
            all_first &= demo_low <= long_mean <= demo_high
            all_second &= low <= mean <= high
        both[0] += all_first
        both[1] += all_second
    print(f"pairs: demos {len(demo_pairs)} ({statistics.mean(demo_pairs):+.2f}%, sd {statistics.stdev(demo_pairs):.2f}),"
          f" long {len(long_pairs)} ({statistics.mean(long_pairs):+.2f}%, sd {statistics.stdev(long_pairs):.2f})")
    print(f"with no bias, five demos of {per_demo} pairs against a long comparison of {len(long_pairs)}"
          f" ({args.draws} draws, seed {args.seed}): the long's estimate inside all five demos' intervals"
          f" {both[0] / args.draws:.3f}; all five demos' estimates inside the long's interval {both[1] / args.draws:.3f}")


if __name__ == "__main__":
    main()
