#!/usr/bin/env python3
"""The idle side's CPU in an interleaved pair (issue 31): for each pair of a results folder, each side's JIT, GC and
VM-thread CPU (cores) during its own slices of main and during the other side's, from the runtime timeline's 1 s
windows weighted by their overlap with the slices. A window that straddles a switch is shared out by time, so the
"during the other's slices" figure is an upper bound: request threads finishing the last slice's requests count too.

    bench/idle-side-cpu.py RESULTS_DIR
"""
import glob
import json
import os
import sys

JIT_GC_VM = ["c1CpuMillis", "c2CpuMillis", "gcCpuMillis", "vmThreadCpuMillis"]
ALL = JIT_GC_VM + ["otherCpuMillis"]


def spans(result):
    return [(s["startMillis"] / 1000, (s["startMillis"] + s["lengthMillis"]) / 1000) for s in result["load"]["slices"]]


def cores(result, slices, kinds):
    cpu_seconds = 0.0
    seconds = 0.0
    for window in result["runtime"]["threads"]:
        start = window["startSeconds"]
        end = start + window["seconds"]
        for slice_start, slice_end in slices:
            overlap = max(0.0, min(end, slice_end) - max(start, slice_start))
            if overlap > 0:
                cpu_seconds += sum(window[k] for k in kinds) / 1000 * overlap / window["seconds"]
                seconds += overlap
    return cpu_seconds / seconds if seconds else float("nan")


def main(folder):
    by_scenario = {}
    for path in sorted(glob.glob(os.path.join(folder, "runs", "*.json"))):
        record = json.load(open(path))
        for result in record["results"]:
            if result["load"].get("slices") and result.get("runtime", {}).get("threads"):
                by_scenario.setdefault(result["scenario"], []).append((os.path.basename(path)[:-5], result))
    for scenario, results in by_scenario.items():
        for i in range(0, len(results) - 1, 2):
            (name_a, a), (name_b, b) = results[i], results[i + 1]
            slices_a, slices_b = spans(a), spans(b)
            print(
                f"{scenario}: {name_a}: JIT+GC+VM {cores(a, slices_a, JIT_GC_VM):.3f} cores in its slices,"
                f" {cores(a, slices_b, JIT_GC_VM):.3f} in the other's (all threads {cores(a, slices_b, ALL):.3f});"
                f" {name_b}: {cores(b, slices_b, JIT_GC_VM):.3f}, {cores(b, slices_a, JIT_GC_VM):.3f}"
                f" (all threads {cores(b, slices_a, ALL):.3f})")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
