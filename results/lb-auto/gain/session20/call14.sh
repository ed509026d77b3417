#!/bin/bash
# issue 15, session 20, call 14: call 11's build with probes 1 in 256 cuts (probe=256) against
# main: the pair, 8 searches each of main's auto and the new auto, alternating; then
# gpu-resident-bench, the 35 instances at UB = optimum, main's lb1, lb2 and auto against the
# new auto with probe=256, 4 rounds.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call14.log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8; do
    timeout 30 $d/pack/main/gpu-resident-bench "$pair" lb=auto | sed "s|^|$k main |" >>"$OUT/pair.log"
    timeout 30 $d/pack/new/gpu-resident-bench "$pair" lb=auto probe=256 | sed "s|^|$k new |" >>"$OUT/pair.log"
done
awk '{print $1, $2, $3, $5, $(NF-2)}' "$OUT/pair.log" | tee -a "$OUT/call14.log"
ROUNDS=4 DEADLINE_S=300 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/pack/main lb=lb1|@$d/pack/main lb=lb2|@$d/pack/main lb=auto|lb=auto probe=256" timeout 320 \
    test/bench/device_lb_auto_default.sh $d/pack/new | tail -18 | tee -a "$OUT/call14.log"
echo "call done $(date -u)" | tee -a "$OUT/call14.log"
