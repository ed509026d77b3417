#!/bin/bash
# issue 15, session 18, call 2: a longer first gap (session18/first-gap.diff: first_gap=N plain
# runs after a first refining run that does not pay, instead of 1; first=N its length; look=N
# the later looks') against main, gpu-resident-bench search seconds, the 35 instances at
# UB = optimum, 6 rounds, the variants' order turned every other round.
set -u
d=.dev/s18
mkdir -p "$OUT"
ROUNDS=6 PARTS=bench DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=auto|@$d/main lb=lb1|lb=auto first_gap=2|lb=auto first=2 first_gap=2|lb=auto first_gap=2 look=2|lb=lb2" \
    timeout 580 test/bench/device_lb_auto_default.sh $d/fg
echo "call done rc=$? $(date -u)"
