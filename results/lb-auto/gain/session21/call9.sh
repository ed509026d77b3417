#!/bin/bash
# issue 15, session 21, call 9: where ta028's excess over LB1 goes (1.16-1.21x in the median
# in calls 6 and 8): the committed build (34ee368), gpu-resident-bench trace=1, auto and lb1
# alternating, 4 each; auto with depths=1 once more. One log.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call9.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in 1 2 3 4; do
    for lb in auto lb1; do
        echo "## $k $lb" >>"$log"
        timeout 20 $d/pack/new/gpu-resident-bench ta028,ta029 lb=$lb trace=1 >>"$log" 2>&1
    done
done
echo "## depths" >>"$log"
timeout 20 $d/pack/new/gpu-resident-bench ta028 lb=auto trace=1 depths=1 >>"$log" 2>&1
grep -E "^ta02" "$log"
echo "call done $(date -u)" | tee -a "$log"
