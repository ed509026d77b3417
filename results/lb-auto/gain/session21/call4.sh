#!/bin/bash
# issue 15, session 21, call 4: the pair where LB2 pays, whole process (flowshop-bb NAME
# --device gpu --ub OPT --json -q, the default bound), main (86e13a5) against the stages fed
# twice over, alternating, 10 rounds: how often each takes its slower mode on this card.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call4.log"
printf 'round\tbuild\tinstance\ttime_s\tgpu_startup_s\tnodes\tstatus\n' >"$OUT/pair.tsv"
for round in 1 2 3 4 5 6 7 8 9 10; do
    for item in instances/random/r20x20_2020019.txt:2348 instances/random/r20x20_2020032.txt:2378; do
        for b in main new; do
            timeout 60 $d/pack/$b/flowshop-bb "${item%:*}" --device gpu --ub "${item##*:}" --json -q >"$OUT/last.json" 2>/dev/null
            f() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p" "$OUT/last.json" | head -1; }
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $round $b "${item%:*}" "$(f time_s)" "$(f gpu_startup_s)" \
                "$(f nodes)" "$(f status)" >>"$OUT/pair.tsv"
        done
    done
done
rm -f "$OUT/last.json"
awk -F'\t' 'NR > 1 { k = $3 " " $2; a[k] = a[k] sprintf(" %.3f", $4 - $5) } END { for (k in a) print k ":" a[k] }' "$OUT/pair.tsv" | sort | tee -a "$OUT/call4.log"
echo "call done $(date -u)" | tee -a "$OUT/call4.log"
