#!/usr/bin/env bash
# Session 8, call 1: check-gpu and LB1 rates old/new; auto with measured cut savings (shadows)
# against the prior alone (shadow=-1), LB1 and LB2, search and whole process; per-depth tables.
set -u
dir=.dev/p1
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
. $dir/device_kernel_unpack.sh
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
OUT=$out/rate PARTS="${RATE_PARTS:-check rates}" ROUNDS=2 bash $dir/device_kernel_rate.sh $dir
OUT=$out/auto DEVLIBS=$dir/lib PARTS="bench gpu" ROUNDS=1 DEADLINE_S=220 \
    BENCH_VARIANTS="lb=lb1|lb=lb2|lb=auto shadow=-1|lb=auto" GPU_LBS="lb1 auto lb2" \
    bash test/bench/device_lb_auto_default.sh "$new"
echo "## depths=1, auto (measured) and auto shadow=-1"
for v in "" "shadow=-1"; do
  timeout 60 "$new/gpu-resident-bench" "ta021,ta023,ta027,instances/random/r20x20_2020019.txt:$(opt r20x20_2020019),instances/random/r30x15_3015005.txt:$(opt r30x15_3015005)" lb=auto depths=1 $v
done
echo "## trace, auto, ta021 and r20x20_2020019"
timeout 60 "$new/gpu-resident-bench" "ta021,instances/random/r20x20_2020019.txt:$(opt r20x20_2020019)" lb=auto trace=1 | head -120
echo "call done $(date -u)"
