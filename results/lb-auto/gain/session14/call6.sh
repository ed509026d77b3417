#!/bin/bash
# issue 15, session 14: the pairs as a check on the rule: traces of the four instances whose
# rounds differ most (two each), then the 35 instances, UB = optimum, search seconds: main's
# auto (old), auto with the pairs (new), LB1 and LB2, every round, R rounds.
set -u
d=.dev/s14
o=$OUT/s14; mkdir -p $o
exec > >(tee "$o/call.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
for it in instances/random/r20x20_2020019.txt:$(opt r20x20_2020019) instances/random/r20x20_2020032.txt:$(opt r20x20_2020032) ta021 instances/random/r30x15_3015005.txt:$(opt r30x15_3015005); do
  for rep in 1 2; do
    f="$o/t-$(basename ${it%%:*} .txt)-$rep.txt"
    timeout 60 $d/new/gpu-resident-bench "$it" lb=auto trace=1 > "$f" 2>&1
    first=$(grep '^  run' "$f" | awk '$(NF-4) != "0" {print $2; exit}')
    echo "$(basename ${it%%:*} .txt): $(grep -v '^  run\|generation\|probes' "$f" | awk '{print $3, $NF}') | $(grep probes: "$f" | sed 's/.*warp-cycles, //') | weighed at run $first of $(grep -c '^  run' "$f")"
  done
done
list=""
for k in $(seq 21 30); do list="$list,ta0$k"; done
for f in instances/random/r*.txt; do n=$(basename "$f" .txt); o2=$(opt "$n"); [ -n "$o2" ] && list="$list,$f:$o2"; done
list=${list#,}
R=${R:-3}
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
