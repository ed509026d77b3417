#!/bin/bash
# issue 15, session 21, call 7: why r20x20_2020003 is bimodal under auto (0.034 s or
# 0.044-0.057 s in calls 5 and 6): the committed build (34ee368), gpu-resident-bench lb=auto
# trace=1 depths=1, 8 searches; ta028 the same, 4 searches; lb1 once each for reference.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call7.log"
it=instances/random/r20x20_2020003.txt:2175
for k in 1 2 3 4 5 6 7 8; do
    timeout 20 $d/pack/new/gpu-resident-bench "$it" lb=auto trace=1 depths=1 >"$OUT/r2003-auto-$k.log" 2>&1
done
timeout 20 $d/pack/new/gpu-resident-bench "$it" lb=lb1 trace=1 >"$OUT/r2003-lb1.log" 2>&1
for k in 1 2 3 4; do
    timeout 20 $d/pack/new/gpu-resident-bench ta028 lb=auto trace=1 depths=1 >"$OUT/ta028-auto-$k.log" 2>&1
done
timeout 20 $d/pack/new/gpu-resident-bench ta028 lb=lb1 trace=1 >"$OUT/ta028-lb1.log" 2>&1
grep -h "^instances\|^ta028" "$OUT"/*.log | tee -a "$OUT/call7.log"
echo "call done $(date -u)" | tee -a "$OUT/call7.log"
