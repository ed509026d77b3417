#!/bin/bash
# issue 15, session 22, call 1: the veto on clear probes (session21/clear-probes.diff, build
# "clear") against main (60c9950, "new"): the pair where LB2 pays, 12 rounds per build,
# alternating; then gpu-resident-bench on the 35 instances at UB = optimum, new's lb1 and
# auto and clear's auto, 10 rounds.
set -u
d=.dev/s22
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call1.log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
    for v in new clear; do
        timeout 30 $d/pack/$v/gpu-resident-bench "$pair" lb=auto | sed "s|^|$k $v |" >>"$OUT/pair.log"
    done
done
awk '{print $1, $2, $3, $5, $(NF-2)}' "$OUT/pair.log" | tee -a "$OUT/call1.log"
ROUNDS=10 DEADLINE_S=300 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/clear lb=auto" \
    timeout 320 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call1.log"
echo "call done $(date -u)" | tee -a "$OUT/call1.log"
