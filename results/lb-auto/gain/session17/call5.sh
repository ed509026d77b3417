#!/bin/bash
# issue 15, session 17, call 5 (the device time left, about 4 minutes): a first look at an early
# gain (gain G for the search's first S seconds, then the engine's gain of 4 and a look at once;
# gpu-resident-bench early_gain=G early_s=S, default off) on the instances the smaller gains
# mend (ta021, ta030, r30x15_3015005) and the pair they lose (r20x20_2020019, r20x20_2020032),
# UB = optimum, ROUNDS rounds, the variants' order turned every other round.
set -u
d=.dev/s17
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
list=ta021,ta030,instances/random/r30x15_3015005.txt:2378,instances/random/r20x20_2020019.txt:2348,instances/random/r20x20_2020032.txt:2378
variants=("lb=auto" "lb=auto early_gain=2 early_s=0.1" "lb=auto early_gain=2 early_s=0.2")
for round in $(seq "${ROUNDS:-3}"); do
    order=("${variants[@]}")
    [ $((round % 2)) = 0 ] && order=("${variants[2]}" "${variants[1]}" "${variants[0]}")
    for v in "${order[@]}"; do
        echo "# round $round: $v"
        # shellcheck disable=SC2086
        $d/eg/gpu-resident-bench "$list" $v
    done
done
echo "call done $(date -u)"
