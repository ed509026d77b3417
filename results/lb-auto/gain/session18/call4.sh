#!/bin/bash
# issue 15, session 18, call 4: host-side time of each run of the resident loop, main +
# session18/host-timing.diff (FSBB_TIMING=1 prints, per run: graph capture, launch to sync,
# the work after the sync; and auto's decision after a refining run), no trace, lb1 and auto,
# 2 rounds, on two sub-ms searches and four of 10-70 ms, UB = optimum.
set -u
d=.dev/s18
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
r=instances/random
opt() { awk -v i="$1" '$1==i{print $5}' $r/optima.tsv; }
list=$r/r30x10_3010002.txt:$(opt r30x10_3010002),$r/r30x10_3010005.txt:$(opt r30x10_3010005),ta028,ta029,$r/r20x20_2020005.txt:$(opt r20x20_2020005),$r/r30x15_3015005.txt:$(opt r30x15_3015005)
for round in 1 2; do
    for lb in lb1 auto; do
        for item in ${list//,/ }; do
            echo "# round $round lb=$lb $item"
            FSBB_TIMING=1 $d/inst/gpu-resident-bench "$item" lb=$lb
        done
    done
done
echo "call done $(date -u)"
