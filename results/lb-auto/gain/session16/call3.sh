#!/bin/bash
# issue 15, session 16, call 3: the late-growth gate ("new", session15/late-growth.diff) with
# and without session 14's kernel price (session14/kernel-price.diff; "kpg" = both), against
# main 6cf70ed: the 35 instances, UB = optimum, search seconds, ROUNDS rounds of main's auto
# and LB1, new's auto and LB1, kpg's auto, and LB2 (the order turned every other round).
set -u
d=.dev/s16
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
ROUNDS=${ROUNDS:-7} PARTS=bench DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=auto|@$d/main lb=lb1|lb=auto|lb=lb1|@$d/kpg lb=auto|lb=lb2" \
    test/bench/device_lb_auto_default.sh $d/new | grep -v '^instances\|^ta0'
echo "call done $(date -u)"
