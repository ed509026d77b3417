#!/bin/bash
# issue 15, session 19, call 8: LB2's lane loop reading 8 places at once (b8, the version
# that lands): check-gpu, every suite; ncu on the refining kernel (warp execution efficiency,
# active warps, duration), launches 11-40 of r30x15_3015005 and of r20x20_2020019 with
# lb=lb2, main at 0df51c6 (arena) against b8; then gpu-resident-bench search seconds, the 35
# instances at UB = optimum, 2 rounds, arena against b8, lb2 and auto.
set -u
d=.dev/s19
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
tar xJf $d/bins.tar.xz -C $d arena
tar xJf $d/bins3.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
start=$(date +%s)
timeout 300 $d/b8/check-gpu
echo "check-gpu: exit $?, $(($(date +%s) - start)) s"
r=instances/random
for name in r30x15_3015005 r20x20_2020019; do
    item=$r/$name.txt:$(awk -v n=$name '$1==n{print $5}' $r/optima.tsv)
    for b in arena b8; do
        timeout 120 ncu --kernel-name regex:fsbb_resident_branch --launch-skip 10 --launch-count 30 --csv \
            --metrics gpu__time_duration.sum,smsp__thread_inst_executed_per_inst_executed.ratio,sm__warps_active.avg.pct_of_peak_sustained_active \
            $d/$b/gpu-resident-bench "$item" lb=lb2 > "$OUT/ncu-$name-$b.csv" 2>&1
        echo "ncu $name $b: exit $?, $(grep -c fsbb_resident_branch "$OUT/ncu-$name-$b.csv") rows"
    done
done
ROUNDS=2 DEADLINE_S=400 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/arena lb=lb2|@$d/arena lb=auto|lb=lb2|lb=auto" \
    timeout 400 test/bench/device_lb_auto_default.sh $d/b8 | tail -12
echo "call done $(date -u)"
