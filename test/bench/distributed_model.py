#!/usr/bin/env python3
"""distributed_model.py — an analytic model of the distributed search on many GPU ranks.

Predicts the time to solution and the efficiency of P GPU ranks on a tree of N nodes from
the protocol's costs (results/distributed/README.md explains each term), and names the
largest overhead. Every cost is a parameter. The defaults of the node rate per GPU, the steals
per second and the seconds per steal and per start are measured (distributed_scaling.sh on 4
H200s, results/distributed/multigpu); the tree, the open nodes per rank, the network and the
disk are assumptions or figures quoted in issue 16.

  T(P) = N / (P r)                      the search itself, every rank busy
       + g t_start                       start: the g GPU ranks of a host start one after another
       + log2(P) t_steal                 ramp-up: busy ranks double each steal round
       + log2(P) t_steal                 tail: the last work spreads the same way
       + (N / (P r)) f_steal t_steal     steady-state steals, each idling its thief
       + 2 P t_hop                       termination: two token rounds
       + checkpoints                     every I seconds: every rank's open nodes to
                                         rank 0 (gathered) or to a file per rank (per-rank)

usage: distributed_model.py [--nodes N] [--rate R] [--jobs n] [--steal-s S] [--steals-per-s F]
                            [--start-s T] [--gpus-per-host G] [--hop-s H] [--open-per-rank Q]
                            [--interval I] [--link-Bps B] [--disk-Bps D] [--ranks P ...]
Prints a Markdown table; --plot FILE also writes the efficiency per rank count as a
whitespace table for gnuplot.
"""
import argparse
import math


def model(p, a, checkpoint):
    search = a.nodes / (p * a.rate)
    start = min(p, a.gpus_per_host) * a.start_s
    ramp = math.log2(p) * a.steal_s if p > 1 else 0.0
    tail = ramp
    steals = search * a.steals_per_s * a.steal_s if p > 1 else 0.0
    termination = 2 * p * a.hop_s
    node_bytes = 8 + 2 * a.jobs
    rank_bytes = a.open_per_rank * node_bytes
    if checkpoint == "gathered":
        # Rank 0 receives every rank's nodes over its link and writes them all.
        pause = p * rank_bytes / a.link_Bps + p * rank_bytes / a.disk_Bps
    else:
        # Each rank writes its own file; the manifest is small.
        pause = rank_bytes / a.disk_Bps
    checkpoints = 0.0
    if a.interval > 0:
        # Every interval of search pays one pause (a pause longer than the interval means
        # the search never gets going: infinite time).
        if pause >= a.interval:
            checkpoints = math.inf
        else:
            checkpoints = search * pause / (a.interval - pause)
    terms = {
        "start": start,
        "ramp-up": ramp,
        "tail": tail,
        "steals": steals,
        "termination": termination,
        "checkpoints": checkpoints,
    }
    total = search + sum(terms.values())
    worst = max(terms, key=terms.get)
    gathered_bytes = p * rank_bytes
    return search, total, worst, terms[worst], gathered_bytes


def hours(seconds):
    return "inf" if math.isinf(seconds) else f"{seconds / 3600:.2f} h"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=float, default=3.4e14, help="nodes of the tree (50x20 record: 3.4e14)")
    parser.add_argument("--rate", type=float, default=5.4e8,
                        help="nodes per second per GPU (measured: 5.4e8, LB1 on ta051 at its best-known makespan, "
                             "each of 4 H200 ranks; issue 16 quotes 2.8e7 for the 2022 runs' V100s with LB2)")
    parser.add_argument("--jobs", type=int, default=50, help="jobs n: a node is 8 + 2n bytes on the wire")
    parser.add_argument("--steal-s", type=float, default=0.2,
                        help="seconds a thief waits per steal (round trip, the victim's kernel, transfer; measured "
                             "at most 0.2: 4 GPU ranks idled 0.85 s in all over 4 steals, their start included)")
    parser.add_argument("--steals-per-s", type=float, default=0.05,
                        help="steals per rank per second of search (measured: 4 steals of 4 GPU ranks in 20 s)")
    parser.add_argument("--start-s", type=float, default=0.2,
                        help="seconds each GPU rank of a host adds to the start (measured: ta030 on 4 ranks "
                             "0.6-0.8 s above 1 rank)")
    parser.add_argument("--gpus-per-host", type=int, default=8, help="GPU ranks on one host")
    parser.add_argument("--hop-s", type=float, default=0.001, help="seconds per token hop (one loop pass)")
    parser.add_argument("--open-per-rank", type=float, default=1e6, help="open nodes a GPU rank holds")
    parser.add_argument("--interval", type=float, default=60, help="checkpoint interval, seconds (0: none)")
    parser.add_argument("--link-Bps", type=float, default=12.5e9, help="rank 0's network, bytes/s")
    parser.add_argument("--disk-Bps", type=float, default=2e9, help="checkpoint storage, bytes/s")
    parser.add_argument("--ranks", type=int, nargs="*", default=[1, 16, 64, 256, 1024])
    parser.add_argument("--plot", help="write 'ranks eff_gathered eff_per_rank eff_none' rows to this file")
    a = parser.parse_args()

    print(f"N = {a.nodes:.3g} nodes, r = {a.rate:.3g} nodes/s per GPU, n = {a.jobs} "
          f"({8 + 2 * a.jobs} bytes a node), start {a.start_s:g} s per GPU rank of a host ({a.gpus_per_host} a host), "
          f"steal {a.steal_s * 1e3:g} ms, {a.steals_per_s:g} steals/s per rank, "
          f"hop {a.hop_s * 1e3:g} ms, {a.open_per_rank:.3g} open nodes per rank, checkpoint every {a.interval:g} s, "
          f"rank 0 link {a.link_Bps / 1e9:g} GB/s, disk {a.disk_Bps / 1e9:g} GB/s")
    print()
    print("| GPU ranks | ideal | checkpoint gathered at rank 0 | efficiency | largest overhead "
          "| checkpoint per rank | efficiency | largest overhead | bytes at rank 0 per checkpoint |")
    print("| ---: | ---: | ---: | ---: | --- | ---: | ---: | --- | ---: |")
    rows = []
    for p in a.ranks:
        ideal, gathered, worst_g, cost_g, gathered_bytes = model(p, a, "gathered")
        _, per_rank, worst_r, cost_r, _ = model(p, a, "per-rank")
        saved = a.interval
        a.interval = 0
        _, none, _, _, _ = model(p, a, "per-rank")
        a.interval = saved
        eff_g = ideal / gathered
        eff_r = ideal / per_rank
        rows.append((p, eff_g, eff_r, ideal / none))
        print(f"| {p} | {hours(ideal)} | {hours(gathered)} | {eff_g:.3f} | {worst_g} ({hours(cost_g)}) "
              f"| {hours(per_rank)} | {eff_r:.3f} | {worst_r} ({hours(cost_r)}) | {gathered_bytes / 1e9:.3g} GB |")
    if a.plot:
        with open(a.plot, "w") as out:
            out.write("# ranks efficiency_gathered efficiency_per_rank efficiency_no_checkpoint\n")
            for p, eff_g, eff_r, eff_n in rows:
                out.write(f"{p} {eff_g:.6f} {eff_r:.6f} {eff_n:.6f}\n")


if __name__ == "__main__":
    main()
