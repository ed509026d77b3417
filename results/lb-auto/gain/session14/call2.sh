#!/bin/bash
# issue 15, session 14: the probe pairs' counts at the end of a traced search (a diagnosis).
set -u
d=.dev/s14
o=$OUT/s14; mkdir -p $o
exec > >(tee "$o/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
for rep in 1 2; do for it in ta021 ta022 ta023 instances/random/r20x20_2020003.txt:$(opt r20x20_2020003) instances/random/r20x20_2020032.txt:$(opt r20x20_2020032) instances/random/r20x20_2020019.txt:$(opt r20x20_2020019) instances/random/r30x15_3015005.txt:$(opt r30x15_3015005); do
  timeout 60 $d/new/gpu-resident-bench "$it" lb=auto trace=1 > "$o/trace-$(basename ${it%%:*} .txt)-$rep.txt" 2>&1
  grep -v '^  run\|generation' "$o/trace-$(basename ${it%%:*} .txt)-$rep.txt"
  grep '^  run' "$o/trace-$(basename ${it%%:*} .txt)-$rep.txt" | awk '{print $NF, $(NF-2), $(NF-4)}' | uniq -c | head -20
done; done
