#!/bin/bash
# issue 15, session 16, call 2: shorter looks (a refining run after plain runs of 1 or 2
# iterations instead of 4: bench knob look=N) on main 6cf70ed and on the late-growth build
# ("new", session15/late-growth.diff), against both builds' auto and LB1 and LB2: the 35
# instances, UB = optimum, search seconds, ROUNDS rounds (the order turned every other round).
set -u
d=.dev/s16
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
ROUNDS=${ROUNDS:-5} PARTS=bench DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=auto|@$d/main lb=auto look=2|@$d/main lb=auto look=1|@$d/main lb=lb1|lb=auto|lb=auto look=1|lb=lb1|lb=lb2" \
    test/bench/device_lb_auto_default.sh $d/new | grep -v '^instances\|^ta0'
echo "call done $(date -u)"
