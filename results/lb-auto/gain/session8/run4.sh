#!/usr/bin/env bash
# Session 8, call 4: auto's shadow weight and the refining kernel's gating on the instances that decide it.
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
dir=${PKG:-.dev/p3}
bin=$(mktemp -d)
for f in "$dir"/*.gz; do gunzip -c "$f" >"$bin/$(basename "$f" .gz)"; done
chmod +x "$bin"/*
export LD_LIBRARY_PATH=$dir/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
list="ta021,ta023,ta025,ta027,ta029"
for r in r20x20_2020003 r20x20_2020005 r20x20_2020019 r20x20_2020032 r30x15_3015004 r30x15_3015005; do
  list="$list,instances/random/$r.txt:$(opt $r)"
done
IFS='|' read -r -a variants <<<"${VARIANTS:-lb=lb1|lb=auto shadow=-1|lb=auto weight=2|lb=auto weight=2 overhead=-100|lb=auto weight=4 overhead=-100|lb=auto weight=8|lb=auto weight=16}"
for round in $(seq ${ROUNDS:-2}); do
  for v in "${variants[@]}"; do
    echo "# round $round: $v"
    timeout 120 "$bin/gpu-resident-bench" "$list" $v
  done
done
for v in ${TRACE_VARIANTS:-weight=2}; do
  echo "## trace r20x20_2020019 $v"
  timeout 60 "$bin/gpu-resident-bench" "instances/random/r20x20_2020019.txt:$(opt r20x20_2020019)" lb=auto trace=1 $v | awk '{print} NR > 150 {exit}'
done
echo "call done $(date -u)"
