#!/bin/bash
# issue 15, session 21, call 2: the refine stage's cost at the first looks. A stage counts
# as fed when its queue holds a child for every lane group (main); k2 asks for 2 children a
# lane group; fix takes FED_STAGE_SCALE (1.15) always instead of the fed stages' measured
# scale (call 1's two best). The pair 12 rounds per build, alternating; the 35 instances at
# UB = optimum, main's lb1 and the three autos, 6 rounds.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call2.log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
    for v in main k2 fix; do
        timeout 30 $d/pack/$v/gpu-resident-bench "$pair" lb=auto | sed "s|^|$k $v |" >>"$OUT/pair.log"
    done
done
awk '{print $1, $2, $3, $5, $(NF-2)}' "$OUT/pair.log" | tee -a "$OUT/call2.log"
ROUNDS=6 DEADLINE_S=330 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/pack/main lb=lb1|@$d/pack/main lb=auto|@$d/pack/k2 lb=auto|@$d/pack/fix lb=auto" \
    timeout 340 test/bench/device_lb_auto_default.sh $d/pack/main | tail -3 | tee -a "$OUT/call2.log"
echo "call done $(date -u)" | tee -a "$OUT/call2.log"
