#!/bin/bash
# issue 15, session 21, call 6: the A/B for 1 in 32 survivors refined at depths not decided
# yet (explore=32) against the build's 1 in 16, on the committed build (34ee368):
# gpu-resident-bench, the 35 instances at UB = optimum, lb1, auto, auto explore=32, 8
# rounds; lb2, 2 rounds.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call6.log"
ROUNDS=8 DEADLINE_S=400 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|lb=auto explore=32" \
    timeout 420 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call6.log"
ROUNDS=2 DEADLINE_S=60 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/lb2 BENCH_VARIANTS="lb=lb2" timeout 70 \
    test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call6.log"
echo "call done $(date -u)" | tee -a "$OUT/call6.log"
