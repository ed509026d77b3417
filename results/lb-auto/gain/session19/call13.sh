#!/bin/bash
# issue 15, session 19, call 13: the unscheduled jobs as the bits of a 32-bit word (n <= 32;
# call 12's had 64 bits for n <= 64: lb2-job-bits64.diff) in LB2's lane loop of the resident
# engine, with the review's mends of the arena's tests: check-gpu, every suite, on that build
# (bits32); ncu durations of the refining kernel,
# launches 11-40 of r30x15_3015005 and r20x20_2020019 with lb=lb2, 371bb8e (head) against
# bits32; then gpu-resident-bench search seconds, the 35 instances at UB = optimum, 2 rounds,
# head against bits32, lb2 and auto.
set -u
d=.dev/s19
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
tar xJf $d/head.tar.xz -C $d
tar xJf $d/bits32.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
start=$(date +%s)
timeout 300 $d/bits32/check-gpu | tail -40
echo "check-gpu: exit $?, $(($(date +%s) - start)) s"
r=instances/random
for name in r30x15_3015005 r20x20_2020019; do
    item=$r/$name.txt:$(awk -v n=$name '$1==n{print $5}' $r/optima.tsv)
    for b in head bits32; do
        timeout 120 ncu --kernel-name regex:fsbb_resident_branch --launch-skip 10 --launch-count 30 --csv \
            --metrics gpu__time_duration.sum,smsp__thread_inst_executed_per_inst_executed.ratio,sm__warps_active.avg.pct_of_peak_sustained_active \
            $d/$b/gpu-resident-bench "$item" lb=lb2 > "$OUT/ncu-$name-$b.csv" 2>&1
        echo "ncu $name $b: exit $?, $(grep -c fsbb_resident_branch "$OUT/ncu-$name-$b.csv") rows"
    done
done
ROUNDS=2 DEADLINE_S=300 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/head lb=lb2|@$d/head lb=auto|lb=lb2|lb=auto" \
    timeout 300 test/bench/device_lb_auto_default.sh $d/bits32 | tail -12
echo "call done $(date -u)"
