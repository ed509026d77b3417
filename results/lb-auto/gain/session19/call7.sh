#!/bin/bash
# issue 15, session 19, call 7: LB2's lane loop (solver/gpu/lb2_lanes.cuh) reading 4 places
# of a pair's order at once (loads, then flags) and stepping without a branch: check-gpu,
# every suite, on that build (b4); then gpu-resident-bench search seconds, the 35 instances
# at UB = optimum, 2 rounds: main at 0df51c6 (the arena build of call 1) lb1, lb2, auto; the
# same loop with 8 places at once (b8) lb2, auto; b4 lb2, auto.
set -u
d=.dev/s19
mkdir -p "$OUT"
tar xJf $d/bins.tar.xz -C $d arena
tar xJf $d/bins2.tar.xz -C $d
ROUNDS=2 DEADLINE_S=560 PARTS="check bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/arena lb=lb1|@$d/arena lb=lb2|@$d/arena lb=auto|@$d/b8 lb=lb2|@$d/b8 lb=auto|lb=lb2|lb=auto" \
    timeout 580 test/bench/device_lb_auto_default.sh $d/b4
echo "call done rc=$? $(date -u)"
