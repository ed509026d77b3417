#!/usr/bin/env python3
"""Session 18's anatomy of a search (results/lb-auto/gain/README.md, "Session 18"): reads a log
of gpu-resident-bench runs made with session18/host-timing.diff and FSBB_TIMING=1 (call4.sh,
call6.sh: a "# round R lb=B ITEM" line before each run) and prints, per instance and bound, the
medians over the rounds of the search seconds and of its parts: the plain runs and the refining
runs (launch to sync), the growth of the pool and of the batch after a sync (cudaMalloc, copy,
cudaFree), and the rest (the host between runs); then, for the instances whose auto median is
above 1.1x LB1's (LB1 taking 1 ms or more, or every one with --all), auto's excess over LB1 split
into those parts. Usage: anatomy.py LOG [--all]"""
import collections
import re
import statistics as st
import sys

runs = collections.defaultdict(list)
current = None
for line in open(sys.argv[1]):
    head = re.match(r"# round (\d+) lb=(\w+) (\S+)", line)
    if head:
        name = head.group(3).split("/")[-1].split(".")[0].split(":")[0]
        current = {"P": 0.0, "R": 0.0, "grow": 0.0, "steps": 0}
        runs[(name, head.group(2))].append(current)
        continue
    timing = re.match(r"\s+timing at \S+ (R|P)\s+\d+ it: capture \S+\s+\S+ us, run\+sync (\S+) us, after (\S+) us "
                      r"\(planned (\d)", line)
    if timing and current is not None:
        current[timing.group(1)] += float(timing.group(2)) / 1e3
        current["grow"] += float(timing.group(3)) / 1e3
        current["steps"] += timing.group(4) == "1"
        continue
    result = re.match(r"^\S+\s+lb=\w+\s+(\S+)", line)
    if result and current is not None:
        current["search"] = float(result.group(1)) * 1e3
        current["other"] = current["search"] - current["P"] - current["R"] - current["grow"]

parts = ("search", "P", "R", "grow", "other", "steps")


def median(name, lb, part):
    return st.median(r[part] for r in runs[(name, lb)] if "search" in r)


names = list(dict.fromkeys(n for n, _ in runs))
print("milliseconds, medians of the rounds: instance bound search plain refining growth other growth-steps")
for name in names:
    for lb in ("lb1", "auto"):
        if (name, lb) in runs:
            print(f"{name:16s} {lb:4s} " + " ".join(f"{median(name, lb, p):8.3f}" for p in parts))
print("\nauto's excess over LB1 (ms) where auto's median search is above 1.1x LB1's:")
print("instance ratio search plain refining growth other growth-steps(auto-lb1)")
for name in names:
    lb1, auto = median(name, "lb1", "search"), median(name, "auto", "search")
    if auto > 1.1 * lb1 and (lb1 >= 1 or "--all" in sys.argv):
        print(f"{name:16s} {auto / lb1:5.2f} " +
              " ".join(f"{median(name, 'auto', p) - median(name, 'lb1', p):+8.3f}" for p in parts))
