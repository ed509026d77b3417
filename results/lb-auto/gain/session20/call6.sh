#!/bin/bash
# issue 15, session 20, call 6: the per-depth counts the rule sees at the first looks, from
# searches stopped by a node limit: r20x20_2020032 after its run 3 (400,000 nodes) and its run
# 6 (12 M), r30x15_3015005 after its run 6 (8.5 M), the new build, auto, trace=1 depths=1.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
b=$d/pack/new/gpu-resident-bench
{
    $b instances/random/r20x20_2020032.txt:2378 lb=auto trace=1 depths=1 node-limit=400000
    $b instances/random/r20x20_2020032.txt:2378 lb=auto trace=1 depths=1 node-limit=12000000
    $b instances/random/r30x15_3015005.txt:2378 lb=auto trace=1 depths=1 node-limit=8500000
} 2>&1 | tee "$OUT/limits.log" | grep -E "^instances|prior"
