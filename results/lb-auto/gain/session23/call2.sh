#!/bin/bash
# issue 15, session 23, call 2: why the tail's trim loses the pair (call 1: r20x20_2020019
# 2.5-3.9 s against main's 1.42-1.80): main (pack/new) and the trim (pack/tail) traced
# (trace=1 depths=1) on each of the pair, 2 rounds alternating. One log. The build: session22/next-call1.sh's.
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call2.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in 1 2; do
    for i in instances/random/r20x20_2020019.txt:2348 instances/random/r20x20_2020032.txt:2378; do
        for v in new tail; do
            echo "## $k $v $i" >>"$log"
            timeout 30 $d/pack/$v/gpu-resident-bench "$i" lb=auto trace=1 depths=1 >>"$log" 2>&1
        done
    done
done
grep -E "^## |^instances" "$log" | paste - - | awk '{print $2, $3, $4, $7, $9, $NF}'
echo "call done $(date -u)" | tee -a "$log"
