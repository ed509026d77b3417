#!/bin/bash
# issue 15, session 21, call 3: the stages fed twice over as committed (main at 86e13a5 + FSBB_RESIDENT_FED_CHILDREN 2): check-gpu, every
# suite; then the whole process, flowshop-bb NAME --device gpu --ub OPT --json -q (the
# default, auto), main (86e13a5) against the new build, alternating, 3 rounds, on ta021-ta030, the
# pair and r30x15_3015005.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call3.log"
timeout 300 $d/pack/new/check-gpu >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$OUT/call3.log"
grep -E "probe|Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -8 | tee -a "$OUT/call3.log"
items=""
for k in $(seq 21 30); do items="$items ta0$k:opt"; done
items="$items instances/random/r20x20_2020019.txt:2348 instances/random/r20x20_2020032.txt:2378 instances/random/r30x15_3015005.txt:2378"
printf 'round\tbuild\tinstance\twall_s\ttime_s\tgpu_startup_s\tnodes\tmakespan\tstatus\n' >"$OUT/whole.tsv"
for round in 1 2 3; do
    for item in $items; do
        for b in main new; do
            start=$(date +%s.%N)
            timeout 60 $d/pack/$b/flowshop-bb "${item%:*}" --device gpu --ub "${item##*:}" --json -q >"$OUT/last.json" 2>/dev/null
            rc=$?
            end=$(date +%s.%N)
            f() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p" "$OUT/last.json" | head -1; }
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $round $b "${item%:*}" \
                "$(echo "$start $end" | awk '{printf "%.4f", $2 - $1}')" "$(f time_s)" "$(f gpu_startup_s)" \
                "$(f nodes)" "$(f makespan)" "rc$rc:$(f status)" >>"$OUT/whole.tsv"
        done
    done
done
rm -f "$OUT/last.json"
awk -F'\t' 'NR > 1 { w[$2] += $4; t[$2] += $5 - $6 } END { for (b in w) printf "%s: wall %.3f s, search %.3f s (all rounds)\n", b, w[b], t[b] }' "$OUT/whole.tsv" | tee -a "$OUT/call3.log"
echo "call done $(date -u)" | tee -a "$OUT/call3.log"
