#!/bin/bash
# issue 15, session 19, call 10: r30x15_3015005's two modes with main at 371bb8e: auto,
# trace=1 (a line per run), 12 searches in one process; then 4 more with depths=1 (the
# per-depth counts the rule saw at the end).
set -u
d=.dev/s19
tar xJf $d/head.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
it=instances/random/r30x15_3015005.txt:2378
l=$it
for i in $(seq 11); do l="$l,$it"; done
mkdir -p "$OUT"
$d/head/gpu-resident-bench "$l" lb=auto trace=1 2>&1 | tee "$OUT/trace.log" | tail -5
$d/head/gpu-resident-bench "$it,$it,$it,$it" lb=auto trace=1 depths=1 >"$OUT/depths.log" 2>&1
echo rc=$?
