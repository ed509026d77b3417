#!/bin/bash
# issue 15, session 20, call 12: call 11's build: the refining kernel's cost with the probe
# after the stage (main against new, lb=lb2, 3 rounds, the pair and r30x15_3015001); the pair
# traced, 3 searches each, auto.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
items="instances/random/r20x20_2020019.txt:2348,instances/random/r20x20_2020032.txt:2378,instances/random/r30x15_3015001.txt:2429"
for round in 1 2 3; do
    for dir in $d/pack/main $d/pack/new; do
        timeout 60 $dir/gpu-resident-bench "$items" lb=lb2 | sed "s|^|$round ${dir##*/} |" | tee -a "$OUT/call12.log"
    done
done
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
timeout 60 $d/pack/new/gpu-resident-bench "$pair,$pair,$pair" lb=auto trace=1 >"$OUT/traces.log" 2>&1
grep -E "^instances" "$OUT/traces.log" | tee -a "$OUT/call12.log"
