#!/bin/bash
# issue 15, session 21, call 5: the looks' cost on short searches. The committed build
# (34ee368): gpu-resident-bench, the 35 instances at UB = optimum, lb1, auto, and auto with
# 1 in 32 and 1 in 64 survivors refined at depths not decided yet (explore=, 16 as built),
# and with looks of 2 iterations (look=, 4 as built); 5 rounds.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call5.log"
ROUNDS=5 DEADLINE_S=400 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|lb=auto explore=32|lb=auto explore=64|lb=auto look=2" \
    timeout 420 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call5.log"
echo "call done $(date -u)" | tee -a "$OUT/call5.log"
