#!/bin/bash
# issue 15, session 20, call 16: the probes' veto of four depths or more (new, as built:
# FSBB_LB_AUTO_PROBE_VETO_DEPTHS 4) against two or more (k2, the same build with 2) and main,
# 1 in 256 cuts probed, weight 4: gpu-resident-bench, the 35 instances at UB = optimum,
# main's lb1 and the three autos, 8 rounds; main's lb2, 2 rounds.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
[ -f $d/k2/gpu-resident-bench ] || xz -dk $d/k2/gpu-resident-bench.xz
chmod +x $d/k2/gpu-resident-bench
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call16.log"
ROUNDS=8 DEADLINE_S=330 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/pack/main lb=lb1|@$d/pack/main lb=auto|lb=auto|@$d/k2 lb=auto" timeout 340 \
    test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call16.log"
ROUNDS=2 DEADLINE_S=60 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/lb2 BENCH_VARIANTS="@$d/pack/main lb=lb2" timeout 70 \
    test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call16.log"
echo "call done $(date -u)" | tee -a "$OUT/call16.log"
