#!/bin/bash
# issue 15, session 20, call 5: the probes' recursion as a dynamic program (a depth weighed with the depths
# below it refining where their own probes say they pay, not where the prior has them):
# r20x20_2020032 and r20x20_2020019 traced twice; then main against the new auto, 3 rounds
# on the pair, r30x15_3015005 and three small 20x20 searches.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call5.log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
timeout 40 $d/pack/new/gpu-resident-bench "$pair,$pair" lb=auto trace=1 >"$OUT/traces.log" 2>&1
grep -E "^instances" "$OUT/traces.log" | tee -a "$OUT/call5.log"
items="$pair,instances/random/r30x15_3015005.txt:2378,instances/random/r20x20_2020003.txt:2175,instances/random/r20x20_2020004.txt:2258,instances/random/r20x20_2020006.txt:2308"
for round in 1 2 3; do
    for v in "$d/pack/main lb=auto" "$d/pack/new lb=auto"; do
        read -r dir knobs <<<"$v"
        # shellcheck disable=SC2086
        timeout 60 $dir/gpu-resident-bench "$items" $knobs | sed "s|^|$round ${dir##*/} |" | tee -a "$OUT/call5.log"
    done
done
echo "call done $(date -u)" | tee -a "$OUT/call5.log"
