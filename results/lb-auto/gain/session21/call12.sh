#!/bin/bash
# issue 15, session 21, call 12: the counts the rule sees at the second look, for a veto by
# probes of fewer depths: r20x20_2020003 (its 2-3 depths measured off by probes and not
# vetoed, call 7) and the pair (where a veto of fewer than 4 depths loses, call 8), 4
# searches each stopped at 12 M nodes (after run 6 or 7), the committed build (34ee368),
# auto, trace=1 depths=1. One log.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call12.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in 1 2 3 4; do
    for it in instances/random/r20x20_2020003.txt:2175 instances/random/r20x20_2020032.txt:2378 \
              instances/random/r20x20_2020019.txt:2348; do
        echo "## $k $it" >>"$log"
        timeout 20 $d/pack/new/gpu-resident-bench "$it" lb=auto trace=1 depths=1 node-limit=12000000 >>"$log" 2>&1
    done
done
grep -E "^instances" "$log"
echo "call done $(date -u)" | tee -a "$log"
