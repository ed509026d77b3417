#!/bin/bash
# issue 15, session 15, call 1: the third reading of session 14's kernel-price.diff (gain 1,
# "kp") against main, the 35 instances, UB = optimum, search seconds, ROUNDS rounds of main's
# auto, kp's auto, LB1 and LB2 (the order turned every other round); then traces
# (trace=1 depths=1) of ta023 and r20x20_2020002 with both builds, twice each.
set -u
d=.dev/s15
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
ROUNDS=${ROUNDS:-6} PARTS=bench DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=auto|lb=auto|lb=lb1|lb=lb2" \
    test/bench/device_lb_auto_default.sh $d/kp | grep -v '^instances\|^ta0'
export LD_LIBRARY_PATH=$d/lib
for k in 1 2; do
    for side in main kp; do
        echo "## trace $k $side $(date -u +%T)"
        timeout 60 $d/$side/gpu-resident-bench "ta023,instances/random/r20x20_2020002.txt:2249" lb=auto trace=1 depths=1 \
            > "$OUT/trace-$side-$k.txt" 2>&1
        grep -v '^ ' "$OUT/trace-$side-$k.txt"
    done
done
gzip "$OUT"/trace-*.txt
echo "call done $(date -u)"
