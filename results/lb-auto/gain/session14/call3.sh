#!/bin/bash
# issue 15, session 14: the pairs' bucket: for each instance and bucket, the verdict, its
# ratio, when it came (runs) and the search seconds.
set -u
d=.dev/s14
o=$OUT/s14; mkdir -p $o
exec > >(tee "$o/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
for it in ta021 ta022 ta023 ta030 instances/random/r20x20_2020003.txt:$(opt r20x20_2020003) instances/random/r20x20_2020032.txt:$(opt r20x20_2020032) instances/random/r20x20_2020019.txt:$(opt r20x20_2020019) instances/random/r30x15_3015005.txt:$(opt r30x15_3015005) instances/random/r30x15_3015002.txt:$(opt r30x15_3015002); do
  for pb in ${BUCKETS:-0 5 7 9 11}; do
    f="$o/t-$(basename ${it%%:*} .txt)-$pb.txt"
    timeout 60 $d/new/gpu-resident-bench "$it" lb=auto trace=1 probe-bucket=$pb > "$f" 2>&1
    first=$(grep '^  run' "$f" | awk '$NF != "lb0" {print $2; exit}')
    runs=$(grep -c '^  run' "$f")
    echo "$(basename ${it%%:*} .txt) bucket $pb: $(grep -v '^  run\|generation\|probes' "$f" | awk '{print $3, $5}') | $(grep probes: "$f" | sed 's/.*weighed, //') | verdict at run $first of $runs"
  done
done
