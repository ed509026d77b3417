#!/bin/bash
# issue 15, session 18, call 5: the pool's and the batch's growth, timed in parts (main +
# session18/host-timing.diff: cudaMalloc, copy, cudaFree of each step; FSBB_BATCH_STEP2=1 skips
# a batch growth of less than 2x), lb1 and auto, 2 rounds, UB = optimum.
set -u
d=.dev/s18
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
r=instances/random
opt() { awk -v i="$1" '$1==i{print $5}' $r/optima.tsv; }
list="$r/r30x10_3010005.txt:$(opt r30x10_3010005) ta029 $r/r20x20_2020005.txt:$(opt r20x20_2020005) $r/r30x15_3015005.txt:$(opt r30x15_3015005)"
for round in 1 2; do
    for step in 0 1; do
        for lb in lb1 auto; do
            for item in $list; do
                echo "# round $round step2=$step lb=$lb $item"
                if [ $step = 1 ]; then
                    FSBB_BATCH_STEP2=1 FSBB_TIMING=1 $d/inst/gpu-resident-bench "$item" lb=$lb
                else
                    FSBB_TIMING=1 $d/inst/gpu-resident-bench "$item" lb=$lb
                fi
            done
        done
    done
done
echo "call done $(date -u)"
