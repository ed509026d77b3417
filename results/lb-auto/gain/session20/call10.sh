#!/bin/bash
# issue 15, session 20, call 10: where the refining kernel's 3 % went (call 3: lb=lb2, probes
# off, main 1.310 s against the new build's 1.347 on r20x20_2020019): main, the new build and
# the new build with the probe's call compiled out (np: its masks and counts kept), lb=lb2,
# 3 rounds on the pair and r30x15_3015001.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
[ -f $d/np/gpu-resident-bench ] || xz -dk $d/np/gpu-resident-bench.xz
chmod +x $d/np/gpu-resident-bench
export LD_LIBRARY_PATH=$d/lib
items="instances/random/r20x20_2020019.txt:2348,instances/random/r20x20_2020032.txt:2378,instances/random/r30x15_3015001.txt:2429"
for round in 1 2 3; do
    for dir in $d/pack/main $d/pack/new $d/np; do
        timeout 60 $dir/gpu-resident-bench "$items" lb=lb2 | sed "s|^|$round ${dir##*/} |" | tee -a "$OUT/call10.log"
    done
done
