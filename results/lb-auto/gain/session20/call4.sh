#!/bin/bash
# issue 15, session 20, call 4: what the rule sees on the pair with probes (the trace now
# prints, after each refining run, the depths the prior turned on, those measured off by
# shadows and by probes, and the veto): r20x20_2020032 and r20x20_2020019 traced twice; then
# the probes' weight 1.5 (default), 4 and 8 against main's auto on the pair and
# r30x15_3015005, 2 rounds.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call4.log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
timeout 40 $d/pack/new/gpu-resident-bench "$pair,$pair" lb=auto trace=1 >"$OUT/traces.log" 2>&1
grep -E "^instances" "$OUT/traces.log" | tee -a "$OUT/call4.log"
items="$pair,instances/random/r30x15_3015005.txt:2378"
for round in 1 2; do
    for v in "$d/pack/main lb=auto" "$d/pack/new lb=auto" "$d/pack/new lb=auto probe_weight=4" "$d/pack/new lb=auto probe_weight=8"; do
        read -r dir knobs <<<"$v"
        # shellcheck disable=SC2086
        timeout 60 $dir/gpu-resident-bench "$items" $knobs | sed "s|^|$round ${dir##*/} |" | tee -a "$OUT/call4.log"
    done
done
echo "call done $(date -u)" | tee -a "$OUT/call4.log"
