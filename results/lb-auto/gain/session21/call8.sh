#!/bin/bash
# issue 15, session 21, call 8: the probes' veto from 3 depths (v3) and from 2 (v2) against
# the committed build's 4 (34ee368; FSBB_LB_AUTO_PROBE_VETO_DEPTHS): on r20x20_2020003 the
# prior turns 2-3 depths on at the second look, the probes measure all of them off, and
# nothing vetoes them until the shadows do (call 7). gpu-resident-bench, the 35 instances at
# UB = optimum, lb1 and the three autos, 7 rounds.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call8.log"
ROUNDS=7 DEADLINE_S=420 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/v3 lb=auto|@$d/pack/v2 lb=auto" \
    timeout 440 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call8.log"
echo "call done $(date -u)" | tee -a "$OUT/call8.log"
