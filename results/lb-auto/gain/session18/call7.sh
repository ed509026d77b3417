#!/bin/bash
# issue 15, session 18, call 7: the pool and the staging areas grown in place (device arena,
# solver/engines/resident/device_arena*.{h,c}): check-gpu, every suite, on the new build; then
# gpu-resident-bench search seconds, main against the new build, lb1 and auto, the 35
# instances at UB = optimum, 3 rounds, the variants' order turned every other round.
set -u
d=.dev/s18
mkdir -p "$OUT"
ROUNDS=3 PARTS="check bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=lb1|@$d/main lb=auto|lb=lb1|lb=auto" \
    timeout 560 test/bench/device_lb_auto_default.sh $d/arena
echo "call done rc=$? $(date -u)"
