#!/bin/bash
# issue 15, session 14: how the pairs' ratio varies from search to search, 64 pairs a
# generation (one generation decides) against 16 (four generations, four runs, decide).
set -u
d=.dev/s14
o=$OUT/s14; mkdir -p $o
exec > >(tee "$o/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
for it in instances/random/r20x20_2020019.txt:$(opt r20x20_2020019) instances/random/r20x20_2020032.txt:$(opt r20x20_2020032) ta021 instances/random/r30x15_3015005.txt:$(opt r30x15_3015005); do
  for cap in 64 16; do for rep in 1 2 3 4; do
    f="$o/t-$(basename ${it%%:*} .txt)-$cap-$rep.txt"
    timeout 60 $d/new/gpu-resident-bench "$it" lb=auto trace=1 probes=$cap > "$f" 2>&1
    first=$(grep '^  run' "$f" | awk '$NF != "lb0" {print $2; exit}')
    echo "$(basename ${it%%:*} .txt) cap $cap: $(grep -v '^  run\|generation\|probes' "$f" | awk '{print $3}') | $(grep probes: "$f" | sed 's/.*warp-cycles, //') | at run $first of $(grep -c '^  run' "$f")"
  done; done
done
