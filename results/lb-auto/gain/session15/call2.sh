#!/bin/bash
# issue 15, session 15, call 2: the veto with a share (lb_auto.h's veto_share: the depths
# measured not to pay must hold 0.9 of the refinements' cost at the depths the prior turns
# on, instead of every such depth being measured), on main's price ("ms") and on session
# 14's kernel price with gain 1 ("kps"; veto=1: kernel-price.diff's veto), against main;
# the 35 instances, UB = optimum, search seconds, ROUNDS rounds (order turned every other
# round); then traces (trace=1 depths=1) of ta023, r30x15_3015005 and r20x20_2020019.
set -u
d=.dev/s15
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
ROUNDS=${ROUNDS:-6} PARTS=bench DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=auto|@$d/ms lb=auto|lb=auto veto=1|lb=auto|lb=lb1|lb=lb2" \
    test/bench/device_lb_auto_default.sh $d/kps | grep -v '^instances\|^ta0'
export LD_LIBRARY_PATH=$d/lib
for side in ms kps; do
    echo "## trace $side $(date -u +%T)"
    timeout 60 $d/$side/gpu-resident-bench \
        "ta023,instances/random/r30x15_3015005.txt:2378,instances/random/r20x20_2020019.txt:2348" \
        lb=auto trace=1 depths=1 >"$OUT/trace-$side.txt" 2>&1
    grep -v '^ ' "$OUT/trace-$side.txt"
done
gzip "$OUT"/trace-*.txt
echo "call done $(date -u)"
