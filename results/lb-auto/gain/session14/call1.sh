#!/bin/bash
# issue 15, session 14: probe pairs (the rule weighed against LB1 alone below the same
# children). check-gpu on new; traces of new on the two instances with slow rounds; then the
# 35 instances (ta021-ta030, instances/random with optima), UB = optimum, search seconds:
# main (old), new with no pairs (new probes=-1), new (default), interleaved, R rounds;
# LB1 and LB2 once (old).
set -u
d=.dev/s14
o=$OUT/s14; mkdir -p $o
exec > >(tee "$o/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
echo "## check-gpu (new)"
timeout 330 $d/new/check-gpu ${SUITES:-} > "$o/check-gpu.txt" 2>&1; echo "check-gpu rc=$?"
grep -E "Run Summary|suites|tests|asserts|Elapsed" "$o/check-gpu.txt" | head -8
grep -B2 -A6 -i "had failures\|FAIL" "$o/check-gpu.txt" | head -30
grep -A1 "probe pairs" "$o/check-gpu.txt" | head; grep "pairs weighed" "$o/check-gpu.txt" | head
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
echo "## traces (new)"
for it in instances/random/r30x15_3015005.txt:$(opt r30x15_3015005) instances/random/r20x20_2020019.txt:$(opt r20x20_2020019) ta021; do
  timeout 60 $d/new/gpu-resident-bench "$it" lb=auto trace=1 > "$o/trace-$(basename ${it%%:*} .txt).txt" 2>&1
  tail -4 "$o/trace-$(basename ${it%%:*} .txt).txt"
done
list=""
for k in $(seq 21 30); do list="$list,ta0$k"; done
for f in instances/random/r*.txt; do n=$(basename "$f" .txt); o2=$(opt "$n"); [ -n "$o2" ] && list="$list,$f:$o2"; done
list=${list#,}
R=${R:-4}
for round in $(seq 1 $R); do
  vs=("old lb=auto" "new lb=auto probes=-1" "new lb=auto")
  [ $((round % 2)) = 0 ] && vs=("new lb=auto" "new lb=auto probes=-1" "old lb=auto")
  [ "$round" = 1 ] && vs+=("old lb=lb1" "old lb=lb2")
  for v in "${vs[@]}"; do
    side=${v%% *}; knobs=${v#* }
    echo "# round $round: $v $(date -u +%T)"
    timeout 120 $d/$side/gpu-resident-bench "$list" $knobs | sed "s|^|$round $side |" >> "$o/rounds.txt"
  done
done
echo "call done $(date -u)"
