#!/bin/bash
# issue 15, session 20, call 2: why the probes lose the pair where LB2 pays (call 1:
# r20x20_2020019 1.94 s and r20x20_2020032 1.92 s against main's 1.41 and 1.33). The same
# build with probes 1 in 16 cuts (its default), 1 in 64, none (probe=-1: main's rule with the
# new kernel), and main's auto, 3 rounds, on the pair, r30x15_3015005 and three small 20x20
# searches; then r20x20_2020032 traced with the per-depth counts, default probes.
set -u
d=.dev/s20
mkdir -p "$OUT"
[ -d $d/pack ] || tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call2.log"
items="instances/random/r20x20_2020019.txt:2348,instances/random/r20x20_2020032.txt:2378,instances/random/r30x15_3015005.txt:2378"
items="$items,instances/random/r20x20_2020003.txt:2175,instances/random/r20x20_2020004.txt:2258,instances/random/r20x20_2020006.txt:2308"
for round in 1 2 3; do
    for v in "$d/pack/main lb=auto" "$d/pack/new lb=auto" "$d/pack/new lb=auto probe=64" "$d/pack/new lb=auto probe=-1"; do
        read -r dir knobs <<<"$v"
        # shellcheck disable=SC2086
        timeout 60 $dir/gpu-resident-bench "$items" $knobs | sed "s|^|$round ${dir##*/} |" | tee -a "$OUT/call2.log"
    done
done
timeout 30 $d/pack/new/gpu-resident-bench instances/random/r20x20_2020032.txt:2378 lb=auto trace=1 depths=1 >"$OUT/trace2032.log" 2>&1
grep -E "^instances" "$OUT/trace2032.log" | tee -a "$OUT/call2.log"
echo "call done $(date -u)" | tee -a "$OUT/call2.log"
