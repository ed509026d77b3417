#!/bin/bash
# issue 15, session 18, call 1: the first-plain trial (session17/first-plain.diff: auto makes
# first_plain=N plain runs before its first refining run; a knob, default off) against main,
# gpu-resident-bench search seconds, the 35 instances at UB = optimum, 5 rounds, the variants'
# order turned every other round.
set -u
d=.dev/s18
mkdir -p "$OUT"
ROUNDS=5 PARTS=bench DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=auto|@$d/main lb=lb1|lb=auto first_plain=1|lb=auto first_plain=2|lb=auto first_plain=4|lb=lb1|lb=lb2" \
    timeout 580 test/bench/device_lb_auto_default.sh $d/fp
echo "call done rc=$? $(date -u)"
