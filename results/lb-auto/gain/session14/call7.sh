#!/bin/bash
# issue 15, session 14: the rule's LB1 price (lb_auto.h's lb1_cost) at the refining kernel's
# cycles but its refine stage's, per candidate (unit=1), against the LB1 stage's (main),
# gains 4, 2, 1, 0.5; the 35 instances, UB = optimum, search seconds, R rounds; LB1 and
# LB2 in rounds 1 and 2.
set -u
d=.dev/s14
o=$OUT/s14; mkdir -p $o
exec > >(tee "$o/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
list=""
for k in $(seq 21 30); do list="$list,ta0$k"; done
for f in instances/random/r*.txt; do n=$(basename "$f" .txt); o2=$(opt "$n"); [ -n "$o2" ] && list="$list,$f:$o2"; done
list=${list#,}
R=${R:-3}
for round in $(seq 1 $R); do
  vs=("old lb=auto" "new lb=auto unit=1" "new lb=auto unit=1 gain=2" "new lb=auto unit=1 gain=1" "new lb=auto unit=1 gain=0.5")
  [ $((round % 2)) = 0 ] && vs=("new lb=auto unit=1 gain=0.5" "new lb=auto unit=1 gain=1" "new lb=auto unit=1 gain=2" "new lb=auto unit=1" "old lb=auto")
  [ "$round" -le 2 ] && vs+=("old lb=lb1" "old lb=lb2")
  for v in "${vs[@]}"; do
    side=${v%% *}; knobs=${v#* }
    echo "# round $round: $v $(date -u +%T)"
    timeout 120 $d/$side/gpu-resident-bench "$list" $knobs | sed "s|^|$round $side |" >> "$o/rounds.txt"
  done
done
echo "call done $(date -u)"
