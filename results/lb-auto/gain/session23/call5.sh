#!/bin/bash
# issue 15, session 23, call 5: call 4's veto past depths without shadows enough
# (pack/unsh, 60b640c) against main (pack/new) once more. (1) r20x20_2020003,
# whose slow mode (about 10 % refined, 0.048-0.060 s against LB1's 0.033) came in 4 of
# unsh's 8 searches in call 4 and in 1-2 of 8 of main's in calls 1, 3 and 4: 12 searches
# each, alternating, trace=1 (traces in r2020003.log); (2) gpu-resident-bench, the 35 × 10:
# new's LB1 and auto, unsh's auto. Four files come back. The build: call4.sh's.
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call5.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in $(seq 1 12); do
    for v in new unsh; do
        echo "## $k $v" >>"$OUT/r2020003.log"
        timeout 20 $d/pack/$v/gpu-resident-bench instances/random/r20x20_2020003.txt:2175 lb=auto trace=1 \
            >>"$OUT/r2020003.log" 2>&1
    done
done
grep -E "^## |^instances" "$OUT/r2020003.log" | paste - - | awk '{print $2, $3, $6, $8, $(NF-2), $(NF-1), $NF}' | tee -a "$log"
ROUNDS=10 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/unsh lb=auto" \
    timeout 400 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$log"
rm -f "$OUT/bench/bench_last.txt"
echo "call done $(date -u)" | tee -a "$log"
