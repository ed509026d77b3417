#!/usr/bin/env python3
"""Session 16's four calls pooled (results/lb-auto/gain/README.md, "Session 16"): each round of
each variant as a ratio to the better bound's median in its own call (the median of every LB1
row of that call, either build, or LB2's), then per variant the sums of the medians and of the
least of the search seconds, the instances taking 1 ms or more whose median ratio is above
1.1x, and the rounds above 1.3x. Reads call1-runs.tsv .. call4-runs.tsv beside it."""
import collections
import csv
import os
import statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
CALLS = [os.path.join(HERE, f"call{k}-runs.tsv") for k in range(1, 5)]


def name(variant):
    return variant.replace("@.dev/s16/main ", "main:").replace("@.dev/s16/kpg ", "kpg:").replace("lb=", "")


ratios, seconds = collections.defaultdict(list), collections.defaultdict(list)
for path in CALLS:
    with open(path) as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["part"] == "bench"]
    runs = collections.defaultdict(list)
    for r in rows:
        runs[(r["instance"], name(r["variant"]))].append(float(r["seconds"]))
    for inst in dict.fromkeys(r["instance"] for r in rows):
        lb1 = [s for (i, v), xs in runs.items() if i == inst and v.endswith("lb1") for s in xs]
        best = min(st.median(lb1), st.median(runs[(inst, "lb2")]))
        for (i, v), xs in runs.items():
            if i == inst:
                ratios[(inst, v)] += [s / best for s in xs]
                seconds[(inst, v)] += xs

instances = list(dict.fromkeys(i for i, _ in ratios))
timed = [i for i in instances if st.median(seconds[(i, "lb1")]) >= 0.001]
print("variant rounds sum-of-medians sum-of-least misses(>1.1x, >=1 ms) rounds>1.3x")
for v in sorted({v for _, v in ratios}):
    misses = [(i, st.median(ratios[(i, v)])) for i in timed if st.median(ratios[(i, v)]) > 1.1]
    slow = sum(1 for i in timed for r in ratios[(i, v)] if r > 1.3)
    total = sum(len(ratios[(i, v)]) for i in timed)
    print(f"{v:18s} {len(ratios[(instances[0], v)]):3d} {sum(st.median(seconds[(i, v)]) for i in instances):7.3f} "
          f"{sum(min(seconds[(i, v)]) for i in instances):7.3f} {len(misses)} {slow}/{total}")
    for i, r in misses:
        print(f"    {i} {r:.2f}")
