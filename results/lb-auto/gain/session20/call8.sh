#!/bin/bash
# issue 15, session 20, call 8: r20x20_2020019 traced with the probes' weight 6 (twice) and
# with main's build (twice), auto, with the per-depth counts at the end.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
it=instances/random/r20x20_2020019.txt:2348
$d/pack/new/gpu-resident-bench "$it,$it" lb=auto probe_weight=6 trace=1 depths=1 >"$OUT/new.log" 2>&1
$d/pack/main/gpu-resident-bench "$it,$it" lb=auto trace=1 depths=1 >"$OUT/main.log" 2>&1
grep -h "^instances" "$OUT/new.log" "$OUT/main.log"
