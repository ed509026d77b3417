#!/bin/bash
# issue 15, session 20, call 9: the probes' veto only of two depths or more (FSBB_LB_AUTO_PROBE_VETO_DEPTHS),
# the probes' weight 1.5 (as built), 4 and 6 against main's auto, 2 rounds, on the pair,
# r30x15_3015005, three small 20x20 searches, ta021, ta023 and ta030.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call9.log"
items="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348,instances/random/r30x15_3015005.txt:2378"
items="$items,instances/random/r20x20_2020003.txt:2175,instances/random/r20x20_2020004.txt:2258,instances/random/r20x20_2020006.txt:2308"
items="$items,ta021:2297,ta023:2326,ta030:2178"
for round in 1 2; do
    for v in "$d/pack/main lb=auto" "$d/pack/new lb=auto" "$d/pack/new lb=auto probe_weight=4" "$d/pack/new lb=auto probe_weight=6"; do
        read -r dir knobs <<<"$v"
        # shellcheck disable=SC2086
        timeout 60 $dir/gpu-resident-bench "$items" $knobs | sed "s|^|$round ${dir##*/} |" | tee -a "$OUT/call9.log"
    done
done
echo "call done $(date -u)" | tee -a "$OUT/call9.log"
