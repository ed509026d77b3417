#!/bin/bash
# issue 15, session 18, call 6: where auto's time goes against LB1's on every instance. Main +
# session18/host-timing.diff with FSBB_TIMING=1 (per run: launch to sync, the pool's and the
# batch's growth after it), one process per instance and bound, lb1 and auto, 3 rounds (the
# order of the two turned every other round), the 35 instances at UB = optimum.
set -u
d=.dev/s18
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
items=""
for k in $(seq 21 30); do items="$items ta0$k"; done
while IFS=$'\t' read -r name jobs machines seed optimum rest; do
    [ "$name" = instance ] && continue
    items="$items instances/random/$name.txt:$optimum"
done <instances/random/optima.tsv
for round in 1 2 3; do
    bounds="lb1 auto"
    [ $((round % 2)) = 0 ] && bounds="auto lb1"
    for item in $items; do
        for lb in $bounds; do
            echo "# round $round lb=$lb $item"
            FSBB_TIMING=1 $d/inst/gpu-resident-bench "$item" lb=$lb
        done
    done
done
echo "call done $(date -u)"
