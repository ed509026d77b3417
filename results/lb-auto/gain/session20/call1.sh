#!/bin/bash
# issue 15, session 20, call 1: the probes (lb_auto.h: a cut child's own LB1 survivors
# counted at once, C_x's recursion standing for the shadows' saving where a depth has too few
# shadows). check-gpu's resident suites on the new build; r30x15_3015005 with auto, 12 traced
# searches and 4 with the per-depth counts, and r20x20_2020019 and ta021 with the per-depth
# counts; then gpu-resident-bench, the 35 instances at UB = optimum, main's auto and lb1 against
# the new auto, and main's lb2, 3 rounds.
set -u
d=.dev/s20
mkdir -p "$OUT"
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call1.log"
timeout 150 $d/pack/new/check-gpu gpu_resident gpu_resident_lb2 gpu_resident_anytime gpu_resident_census >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$OUT/call1.log"
grep -E "probe|Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -12 | tee -a "$OUT/call1.log"
it=instances/random/r30x15_3015005.txt:2378
l=$it
for i in $(seq 11); do l="$l,$it"; done
{
    timeout 30 $d/pack/new/gpu-resident-bench "$l" lb=auto trace=1
    timeout 30 $d/pack/new/gpu-resident-bench "$it,$it,$it,$it" lb=auto trace=1 depths=1
    timeout 30 $d/pack/new/gpu-resident-bench instances/random/r20x20_2020019.txt:2348,ta021 lb=auto trace=1 depths=1 ub=opt
} >"$OUT/traces.log" 2>&1
grep -E "^instances|^ta0" "$OUT/traces.log" | tee -a "$OUT/call1.log"
ROUNDS=3 LB2_ROUNDS=1 DEADLINE_S=240 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/pack/main lb=lb1|@$d/pack/main lb=lb2|@$d/pack/main lb=auto|lb=auto" timeout 250 \
    test/bench/device_lb_auto_default.sh $d/pack/new | tail -16 | tee -a "$OUT/call1.log"
echo "call done $(date -u)" | tee -a "$OUT/call1.log"
