#!/usr/bin/env python3
"""Session 18, main against the device arena (results/lb-auto/gain/README.md, "Session 18").
  builds.py bench RUNS LB2_RUNS   call 7's gpu-resident-bench rows: per build, auto against that
                                  build's own LB1 (LB2's medians from LB2_RUNS, call 2): sums of
                                  the medians, instances taking 1 ms or more above 1.1x, rounds
                                  above 1.3x, the sub-ms ratios; then arena/main per instance.
  builds.py whole WHOLE_TSV       call 8's whole-process rows: sums of the per-instance means of
                                  the wall time, of the search (time_s less gpu_startup_s) and of
                                  the rest, per build; the instances taking 3 ms or more.
Later sessions' files work too: main's variants are found by their @DIR prefix, and a
whole-process file without gpu_startup_s counts the search as time_s."""
import collections
import csv
import statistics as st
import sys

BUILDS = {"main": ("@.dev/s18/main lb=lb1", "@.dev/s18/main lb=auto"), "arena": ("lb=lb1", "lb=auto")}


def name_main_build(variants):
    """Main's variants are those named @DIR/main (a later session's DIR differs from .dev/s18)."""
    for v in variants:
        if v.startswith("@") and v.endswith(" lb=lb1"):
            BUILDS["main"] = (v, v[: -len("lb=lb1")] + "lb=auto")


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f, delimiter="\t"))


def bench(runs_path, lb2_path):
    lb2 = collections.defaultdict(list)
    for r in rows(lb2_path):
        if r["part"] == "bench" and r["variant"] == "lb=lb2":
            lb2[r["instance"]].append(float(r["seconds"]))
    seconds = collections.defaultdict(list)
    for r in rows(runs_path):
        if r["part"] == "bench":
            seconds[(r["instance"], r["variant"])].append(float(r["seconds"]))
    instances = list(dict.fromkeys(i for i, _ in seconds))
    name_main_build(v for _, v in seconds)
    med = {k: st.median(v) for k, v in seconds.items()}
    for build, (lb1, auto) in BUILDS.items():
        misses, slow, total, sub_ms = [], 0, 0, []
        for i in instances:
            best = min(med[(i, lb1)], st.median(lb2[i]))
            if med[(i, lb1)] >= 0.001:
                if med[(i, auto)] > 1.1 * best:
                    misses.append(f"{i} {med[(i, auto)] / best:.2f}")
                slow += sum(1 for s in seconds[(i, auto)] if s > 1.3 * best)
                total += len(seconds[(i, auto)])
            else:
                sub_ms.append(f"{med[(i, auto)] / med[(i, lb1)]:.2f}")
        print(f"{build}: auto {sum(med[(i, auto)] for i in instances):.3f} s, LB1 "
              f"{sum(med[(i, lb1)] for i in instances):.3f} s (sums of medians); above 1.1x: "
              f"{', '.join(misses) or 'none'}; rounds above 1.3x {slow} of {total}; sub-ms auto/LB1 "
              f"{' '.join(sub_ms)}")
    print("arena/main, medians, instances whose main LB1 takes 1 ms or more:")
    for i in instances:
        main_lb1 = med[(i, BUILDS["main"][0])]
        if main_lb1 >= 0.001:
            print(f"  {i:16s} LB1 {med[(i, 'lb=lb1')] / main_lb1:.3f}  auto "
                  f"{med[(i, 'lb=auto')] / med[(i, BUILDS['main'][1])]:.3f}  (main LB1 {main_lb1 * 1e3:.1f} ms)")


def whole(path):
    parts = collections.defaultdict(list)
    data = rows(path)
    for r in data:
        wall, time_s = float(r["wall_s"]), float(r["time_s"])
        startup = float(r.get("gpu_startup_s") or 0)
        key = (r["instance"].split("/")[-1], r["build"])
        parts[key + ("wall",)].append(wall)
        parts[key + ("search",)].append(time_s - startup)
        parts[key + ("rest",)].append(wall - time_s)
    instances = list(dict.fromkeys(k[0] for k in parts))
    mean = {k: st.mean(v) for k, v in parts.items()}
    for part in ("wall", "search", "rest"):
        print(f"{part}: " + ", ".join(f"{b} {sum(mean[(i, b, part)] for i in instances):.3f} s" for b in BUILDS))
    makespans = collections.defaultdict(set)
    for r in data:
        makespans[r["instance"]].add((r["makespan"], r["status"]))
    print("instances whose makespan or status differ between runs:",
          [i for i, s in makespans.items() if len(s) > 1] or "none")
    print("instance: wall main/arena, search main/arena, rest main/arena (s, means)")
    for i in instances:
        if mean[(i, "main", "search")] >= 0.003:
            print(f"  {i:20s} " + "   ".join(f"{mean[(i, 'main', p)]:.4f} {mean[(i, 'arena', p)]:.4f}"
                                             for p in ("wall", "search", "rest")))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "bench":
        bench(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "whole":
        whole(sys.argv[2])
    else:
        sys.exit(__doc__)
