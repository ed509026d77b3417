#!/bin/bash
# issue 15: path hashes for --lb auto's samples and shadows (new) against main (old):
# check-gpu on new, then the 35 instances (ta021-ta030, instances/random with optima),
# UB = optimum, search seconds, auto old and new interleaved, R rounds; LB1 and LB2 once.
set -u
d=.dev/s13b
o=$OUT/s13b; mkdir -p $o
exec > >(tee "$o/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
echo "## check-gpu (new)"
timeout 300 $d/new/check-gpu > "$o/check-gpu.txt" 2>&1; echo "check-gpu rc=$?"
grep -E "Run Summary|suites|tests|asserts|Elapsed" "$o/check-gpu.txt" | head -8
grep -B2 -A6 -i "had failures" "$o/check-gpu.txt" | head -30
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
list=""
for k in $(seq 21 30); do list="$list,ta0$k"; done
for f in instances/random/r*.txt; do n=$(basename "$f" .txt); o2=$(opt "$n"); [ -n "$o2" ] && list="$list,$f:$o2"; done
list=${list#,}
R=${R:-14}
for round in $(seq 1 $R); do
  vs=("old lb=auto" "new lb=auto")
  [ $((round % 2)) = 0 ] && vs=("new lb=auto" "old lb=auto")
  [ "$round" = 1 ] && vs+=("old lb=lb1" "old lb=lb2")
  for v in "${vs[@]}"; do
    side=${v%% *}; knobs=${v#* }
    echo "# round $round: $v $(date -u +%T)"
    $d/$side/gpu-resident-bench "$list" $knobs | sed "s|^|$round $side |" >> "$o/rounds.txt"
  done
done
echo "call done $(date -u)"
