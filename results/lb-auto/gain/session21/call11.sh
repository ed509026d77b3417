#!/bin/bash
# issue 15, session 21, call 11: a cap on the exploring samples. At a depth not decided yet
# the refining kernel refines 1 in 16 survivors; at a look over a wide tree that is
# thousands per depth and iteration where the rule needs 64 (ta028: a look costs 1.35x a
# plain run of as many nodes, call 9). The trial build (cap) lets each block refine at most
# FSBB_EXPLORE_CAP sampled survivors per depth and launch at such depths (cap0: none, cap2,
# cap8: wrappers that set it). gpu-resident-bench, the 35 instances at UB = optimum, main's
# (34ee368) lb1 and auto, and the three, 7 rounds.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call11.log"
ROUNDS=7 DEADLINE_S=420 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/cap0 lb=auto|@$d/pack/cap2 lb=auto|@$d/pack/cap8 lb=auto" \
    timeout 440 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call11.log"
echo "call done $(date -u)" | tee -a "$OUT/call11.log"
