#!/bin/bash
# issue 15, session 18, call 3: where auto's time goes on short searches. Main's
# gpu-resident-bench, UB = optimum: (1) trace=1 (a line per run: kernel, iterations, nodes,
# seconds) with lb1, auto and lb2 on two sub-ms searches and three of about 10 ms, 2 rounds;
# (2) ncu, the duration of every branching kernel (plain and refining) of r30x10_3010002 and
# the first 160 of ta028, lb1, auto and lb2.
set -u
d=.dev/s18
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
r=instances/random
list=$r/r30x10_3010002.txt:$(awk '$1=="r30x10_3010002"{print $5}' $r/optima.tsv),$r/r30x10_3010005.txt:$(awk '$1=="r30x10_3010005"{print $5}' $r/optima.tsv),ta028,ta029,$r/r20x20_2020005.txt:$(awk '$1=="r20x20_2020005"{print $5}' $r/optima.tsv)
echo "# list $list"
for round in 1 2; do
    for lb in lb1 auto lb2; do
        echo "# trace round $round lb=$lb"
        $d/main/gpu-resident-bench "$list" lb=$lb trace=1
    done
done
ncu_run() {
    echo "# ncu $1 lb=$2"
    timeout 200 ncu --clock-control none --kernel-name regex:fsbb_resident_branch --launch-count "$3" --csv \
        --metrics gpu__time_duration.sum,launch__grid_size,sm__warps_active.avg.pct_of_peak_sustained_active \
        $d/main/gpu-resident-bench "$1" lb=$2 > "$OUT/ncu-$4-$2.csv" 2>&1
    echo "ncu exit $?: $(grep -c fsbb_resident_branch "$OUT/ncu-$4-$2.csv") rows"
}
one=$r/r30x10_3010002.txt:$(awk '$1=="r30x10_3010002"{print $5}' $r/optima.tsv)
for lb in lb1 auto lb2; do ncu_run "$one" $lb 200 r30x10_3010002; done
for lb in lb1 auto; do ncu_run ta028 $lb 160 ta028; done
echo "call done $(date -u)"
