#!/usr/bin/env python3
"""Device calls pooled (results/lb-auto/gain/README.md, sessions 17 and 18): each round of each
variant as a ratio to the better bound's median (the median of every LB1 row of its own call,
either build, or LB2's median over the calls that ran it), then per variant the rounds, the sums
of the medians and of the least of the search seconds, the instances whose LB1 takes 1 ms or
more with a median ratio above 1.1x, and the rounds above 1.3x. A variant "@DIR/BUILD knobs" is
named "BUILD:knobs". Reads the run files (test/bench/device_lb_auto_default.sh's rows) named on
the command line (default: session 17's call1-runs.tsv and call2-runs.tsv beside it); part
"bench" rows only."""
import collections
import csv
import os
import re
import statistics as st
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CALLS = sys.argv[1:] or [os.path.join(HERE, f"call{k}-runs.tsv") for k in (1, 2)]


def name(variant):
    """'@.dev/sNN/BUILD knobs' as 'BUILD:knobs', without 'lb='."""
    return re.sub(r"^@\S*/([^/ ]+) ", r"\1:", variant).replace("lb=", "")


def bench_rows(path):
    with open(path) as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if r["part"] == "bench"]


calls = [bench_rows(p) for p in CALLS]
lb2 = collections.defaultdict(list)
for rows in calls:
    for r in rows:
        if name(r["variant"]) == "lb2":
            lb2[r["instance"]].append(float(r["seconds"]))

ratios, seconds = collections.defaultdict(list), collections.defaultdict(list)
for rows in calls:
    runs = collections.defaultdict(list)
    for r in rows:
        runs[(r["instance"], name(r["variant"]))].append(float(r["seconds"]))
    for inst in dict.fromkeys(r["instance"] for r in rows):
        lb1 = [s for (i, v), xs in runs.items() if i == inst and v.endswith("lb1") for s in xs]
        best = min(st.median(lb1), st.median(lb2[inst])) if lb2[inst] else st.median(lb1)
        for (i, v), xs in runs.items():
            if i == inst:
                ratios[(inst, v)] += [s / best for s in xs]
                seconds[(inst, v)] += xs

instances = list(dict.fromkeys(i for i, _ in ratios))
timed = [i for i in instances
         if st.median([s for (j, v), xs in seconds.items() if j == i and v.endswith("lb1") for s in xs]) >= 0.001]
print("variant rounds sum-of-medians sum-of-least misses(>1.1x, >=1 ms) rounds>1.3x")
for v in sorted({v for _, v in ratios}):
    misses = [(i, st.median(ratios[(i, v)])) for i in timed if st.median(ratios[(i, v)]) > 1.1]
    slow = sum(1 for i in timed for r in ratios[(i, v)] if r > 1.3)
    total = sum(len(ratios[(i, v)]) for i in timed)
    print(f"{v:32s} {len(ratios[(instances[0], v)]):3d} {sum(st.median(seconds[(i, v)]) for i in instances):7.3f} "
          f"{sum(min(seconds[(i, v)]) for i in instances):7.3f} {len(misses)} {slow}/{total}")
    for i, r in misses:
        print(f"    {i} {r:.2f}")
