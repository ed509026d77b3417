#!/usr/bin/env python3
"""Session 19's tables (results/lb-auto/gain/README.md, "Session 19").
  analysis.py lanes RUNS           calls 7-8: per instance, the medians of lb2 and auto of the
                                   builds named @DIR/b8 and without @ (b4 in call 7, b8 in call
                                   8) over main's (@DIR/arena), and the sums of the medians.
  analysis.py ncu CSV...           call 8: per ncu file, the refining kernels' summed and median
                                   duration, warp execution efficiency (threads per warp
                                   instruction, of 32) and active warps (% of the SM's peak).
  analysis.py whole WHOLE_TSV      call 9: the whole process per bound, sums of the means of the
                                   wall time and of the search (time_s less gpu_startup_s); auto
                                   against the better of lb1 and lb2 per instance (means), the
                                   ones above 1.1x; makespans and statuses that differ."""
import collections
import csv
import gzip
import re
import statistics as st
import sys


def rows(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        lines = f.read().splitlines()
    start = next(i for i, line in enumerate(lines) if not line.startswith("==") and "\t" in line or line.startswith('"ID"'))
    return list(csv.DictReader(lines[start:], delimiter="," if lines[start].startswith('"ID"') else "\t"))


def short(instance):
    return instance.split("/")[-1].removesuffix(".txt")


def lanes(path):
    seconds = collections.defaultdict(list)
    for r in rows(path):
        if r["part"] == "bench":
            seconds[(short(r["instance"]), r["variant"])].append(float(r["seconds"]))
    med = {k: st.median(v) for k, v in seconds.items()}
    instances = list(dict.fromkeys(i for i, _ in seconds))
    variants = list(dict.fromkeys(v for _, v in seconds))
    main = {lb: next(v for v in variants if re.match(r"@\S*/arena lb=" + lb + "$", v)) for lb in ("lb2", "auto")}
    others = [v for v in variants if not v.startswith("@") or "/b8 " in v]
    print("instance          main lb2 ms  " + "  ".join(f"{v:>18s}" for v in others if "lb2" in v)
          + "   main auto ms  " + "  ".join(f"{v:>18s}" for v in others if "auto" in v))
    for i in instances:
        print(f"{i:16s} {med[(i, main['lb2'])] * 1e3:12.2f}  "
              + "  ".join(f"{med[(i, v)] / med[(i, main['lb2'])]:18.3f}" for v in others if "lb2" in v)
              + f" {med[(i, main['auto'])] * 1e3:14.2f}  "
              + "  ".join(f"{med[(i, v)] / med[(i, main['auto'])]:18.3f}" for v in others if "auto" in v))
    for v in variants:
        print(f"sum of medians {v}: {sum(med[(i, v)] for i in instances):.3f} s")


def ncu(paths):
    for path in paths:
        kernels = collections.defaultdict(dict)
        for r in rows(path):
            kernels[r["ID"]]["name"] = r["Kernel Name"]
            kernels[r["ID"]][r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
        refining = [k for k in kernels.values() if ", 1>" in k["name"]]
        duration = [k["gpu__time_duration.sum"] / 1e3 for k in refining]
        efficiency = [k["smsp__thread_inst_executed_per_inst_executed.ratio"] for k in refining]
        active = [k["sm__warps_active.avg.pct_of_peak_sustained_active"] for k in refining]
        print(f"{path}: {len(refining)} refining kernels, {sum(duration):.1f} us in all, median "
              f"{st.median(duration):.1f} us; warp efficiency median {st.median(efficiency):.2f}; "
              f"active warps median {st.median(active):.1f} %")


def whole(path):
    data = rows(path)
    wall, search = collections.defaultdict(list), collections.defaultdict(list)
    results = collections.defaultdict(set)
    for r in data:
        key = (short(r["instance"]), r["lb"])
        wall[key].append(float(r["wall_s"]))
        search[key].append(float(r["time_s"]) - float(r["gpu_startup_s"]))
        results[key[0]].add((r["makespan"], r["status"].split(":")[0] + ":" + r["status"].split(":")[-1]))
    instances = list(dict.fromkeys(i for i, _ in wall))
    mean = lambda table, i, lb: st.mean(table[(i, lb)])
    for lb in ("lb1", "lb2", "auto"):
        print(f"{lb}: wall {sum(mean(wall, i, lb) for i in instances):.3f} s, search "
              f"{sum(mean(search, i, lb) for i in instances):.3f} s (sums of the means)")
    for name, table in (("wall", wall), ("search", search)):
        above = [f"{i} {mean(table, i, 'auto') / min(mean(table, i, 'lb1'), mean(table, i, 'lb2')):.2f}"
                 for i in instances
                 if mean(table, i, "auto") > 1.1 * min(mean(table, i, "lb1"), mean(table, i, "lb2"))]
        print(f"{name}: auto above 1.1x the better bound: {', '.join(above) or 'none'}")
    print("instances whose makespan or status differ:",
          [i for i, s in results.items() if len({m for m, _ in s}) > 1 or len({t for _, t in s}) > 1] or "none")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "lanes":
        lanes(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "ncu":
        ncu(sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "whole":
        whole(sys.argv[2])
    else:
        sys.exit(__doc__)
