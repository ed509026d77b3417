#!/usr/bin/env python3
"""lb_auto_rounds.py — the per-instance table of a --lb auto comparison (issue 15) from the
runs TSV that device_lb_auto_default.sh (part "bench") or a session's call script writes:
for each instance and variant, the least or the median of its rounds' search seconds, auto's
ratio to the better of the LB1 and LB2 variants, the sums, and the instances above 1.1x
among those whose better bound takes 1 ms or more.

    usage: lb_auto_rounds.py RUNS_TSV [min|median]
"""
import csv
import statistics
import sys
from collections import defaultdict


def main():
    if len(sys.argv) < 2 or (len(sys.argv) > 2 and sys.argv[2] not in ("min", "median")):
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    pick = statistics.median if len(sys.argv) > 2 and sys.argv[2] == "median" else min
    seconds = defaultdict(lambda: defaultdict(list))
    variants = []
    with open(sys.argv[1], newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["part"] != "bench":
                continue
            seconds[row["instance"]][row["variant"]].append(float(row["seconds"]))
            if row["variant"] not in variants:
                variants.append(row["variant"])
    lb1 = next(v for v in variants if v.endswith("lb=lb1"))
    lb2 = next(v for v in variants if v.endswith("lb=lb2"))
    print("| instance | " + " | ".join(variants) + " |")
    print("|---|" + "---:|" * len(variants))
    total = defaultdict(float)
    above = defaultdict(list)
    timed = 0
    for name, runs in seconds.items():
        value = {v: pick(runs[v]) for v in variants}
        better = min(value[lb1], value[lb2])
        for v in variants:
            total[v] += value[v]
        if better >= 0.001:
            timed += 1
            above_now = [v for v in variants if value[v] / better > 1.1]
            for v in above_now:
                above[v].append(name)
        cells = ["%.4f" % value[v] + ("" if v in (lb1, lb2) else " (%.2f)" % (value[v] / better)) for v in variants]
        print("| " + name + " | " + " | ".join(cells) + " |")
    print("| sum | " + " | ".join("%.3f" % total[v] for v in variants) + " |")
    print("| above 1.1x the better (of %d taking 1 ms or more) | " % timed
          + " | ".join(str(len(above[v])) for v in variants) + " |")
    for v in variants:
        if v not in (lb1, lb2):
            print("%s above 1.1x: %s" % (v, ", ".join(above[v]) or "none"))


if __name__ == "__main__":
    main()
