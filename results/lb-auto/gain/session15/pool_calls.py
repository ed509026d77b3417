#!/usr/bin/env python3
"""pool_calls.py — session 15's three H100 calls pooled (issue 15): each round of each auto
variant as a ratio to the better bound's median in the same call (LB1 or LB2, whichever is
faster there), then per instance the median of those ratios over every call that ran the
variant, and the rounds above 1.3x. The variants' names in the calls' TSVs differ ("lb=auto"
is kernel-price.diff in call 1, kernel-price-veto-share.diff in calls 2 and 3), hence the
mapping below.

    usage: pool_calls.py   (from this directory)
"""
import csv
import statistics
from collections import defaultdict

CALLS = {"call1": "call1-runs.tsv", "call2": "call2-runs.tsv", "call3": "call3-runs.tsv"}
NAMES = {"@.dev/s15/main lb=auto": "main", "@.dev/s15/ms lb=auto": "main+share",
         "lb=auto veto=1": "kernel price", "lb=lb1": "lb1", "lb=lb2": "lb2"}
AUTOS = ["main", "main+share", "kernel price", "kernel price+share"]


def variant(call, name):
    if name == "lb=auto":
        return "kernel price" if call == "call1" else "kernel price+share"
    return NAMES[name]


def main():
    ratios = defaultdict(lambda: defaultdict(list))
    better = defaultdict(list)
    for call, path in CALLS.items():
        seconds = defaultdict(lambda: defaultdict(list))
        with open(path, newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if row["part"] == "bench":
                    seconds[row["instance"]][variant(call, row["variant"])].append(float(row["seconds"]))
        for instance, by_variant in seconds.items():
            best = min(statistics.median(by_variant["lb1"]), statistics.median(by_variant["lb2"]))
            better[instance].append(best)
            for name, values in by_variant.items():
                ratios[instance][name] += [v / best for v in values]
    print("| instance | better bound, s | " + " | ".join(AUTOS) + " |")
    print("|---|---:|" + "---:|" * len(AUTOS))
    misses = defaultdict(list)
    slow = defaultdict(int)
    for instance, by_variant in ratios.items():
        best = statistics.median(better[instance])
        cells = []
        for name in AUTOS:
            values = by_variant[name]
            median = statistics.median(values)
            above = sum(r > 1.3 for r in values)
            cells.append("%.2f (%d/%d)" % (median, above, len(values)))
            if best >= 0.001:
                slow[name] += above
                if median > 1.1:
                    misses[name].append("%s %.2f" % (instance, median))
        print("| %s | %.4f | %s |" % (instance, best, " | ".join(cells)))
    print()
    for name in AUTOS:
        print("%s: rounds above 1.3x (26 instances of 1 ms or more): %d; medians above 1.1x: %d %s"
              % (name, slow[name], len(misses[name]), ", ".join(misses[name])))


if __name__ == "__main__":
    main()
