#!/bin/bash
# issue 15, session 17, call 4: main a8b6925's flowshop-bb, whole process (--device gpu, the
# upper bound at the optimum: --ub opt, the random instances' optimum), the 35 instances:
# --lb lb1 and auto ROUNDS rounds, lb2 LB2_ROUNDS rounds; no new run after DEADLINE_S.
set -u
d=.dev/s17
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
ROUNDS=${ROUNDS:-5} LB2_ROUNDS=${LB2_ROUNDS:-2} DEADLINE_S=${DEADLINE_S:-400} PARTS=gpu GPU_LBS="lb1 auto lb2" \
    DEVLIBS=$d/lib OUT=$OUT/bench test/bench/device_lb_auto_default.sh $d/main | grep -v '^ta0\|^r[0-9]'
echo "call done $(date -u)"
