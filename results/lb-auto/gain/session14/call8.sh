#!/bin/bash
# issue 15, session 14: the rule with an LB1 candidate priced at the refining kernel's cycles
# but its refine stage's, and gain 1 (new), against main (old): check-gpu on new, then the
# 35 instances, UB = optimum, search seconds, auto old and new, LB1 and LB2, every round, the
# order turned each round, R rounds.
set -u
d=.dev/s14
o=$OUT/s14; mkdir -p $o
exec > >(tee "$o/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
echo "## check-gpu (new)"
timeout 330 $d/new/check-gpu > "$o/check-gpu.txt" 2>&1; echo "check-gpu rc=$?"
grep -E "Run Summary|suites|tests|asserts|Elapsed" "$o/check-gpu.txt" | head -8
grep -B2 -A6 -i "had failures" "$o/check-gpu.txt" | head -30
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
list=""
for k in $(seq 21 30); do list="$list,ta0$k"; done
for f in instances/random/r*.txt; do n=$(basename "$f" .txt); o2=$(opt "$n"); [ -n "$o2" ] && list="$list,$f:$o2"; done
list=${list#,}
R=${R:-4}
for round in $(seq 1 $R); do
  vs=("old lb=auto" "new lb=auto" "old lb=lb1" "old lb=lb2")
  [ $((round % 2)) = 0 ] && vs=("old lb=lb2" "old lb=lb1" "new lb=auto" "old lb=auto")
  for v in "${vs[@]}"; do
    side=${v%% *}; knobs=${v#* }
    echo "# round $round: $v $(date -u +%T)"
    timeout 120 $d/$side/gpu-resident-bench "$list" $knobs | sed "s|^|$round $side |" >> "$o/rounds.txt"
  done
done
echo "call done $(date -u)"
