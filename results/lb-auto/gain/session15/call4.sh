#!/bin/bash
# issue 15, session 15, call 4: where auto's time varies on small searches. main's
# gpu-resident-bench with trace=1 (a line per run), auto and LB1, each of r20x20_2020004,
# r20x20_2020003 and r30x10_3010001 ten times in one list, the two bounds alternating.
set -u
d=.dev/s15
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
for name in r20x20_2020004 r20x20_2020003 r30x10_3010001; do
    list=""
    for _ in $(seq 10); do list="$list,instances/random/$name.txt:$(opt "$name")"; done
    for round in 1 2; do
        for lb in auto lb1; do
            echo "## $name $lb round $round"
            $d/main/gpu-resident-bench "${list#,}" lb=$lb trace=1 >"$OUT/trace-$name-$lb-$round.txt" 2>&1
            grep -v '^ ' "$OUT/trace-$name-$lb-$round.txt" | awk '{print $3, $5, $8, $9, $(NF-2), $(NF-1)}'
        done
    done
done
gzip "$OUT"/trace-*.txt
echo "call done $(date -u)"
