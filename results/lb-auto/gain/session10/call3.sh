#!/usr/bin/env bash
# Session 10, call 3: issue 15 in the issue's own measure: the time to prove optimality of a
# whole flowshop-bb process (--device gpu, UB = optimum, every other default), LB1, LB2 and
# auto (new build; main's auto beside it), 35 instances, 3 rounds, alternating; and traces
# of r20x20_2020019 (new) to see its rare slow rounds.
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
pkg=.dev/s10p2
for side in old new; do
  mkdir -p "/tmp/b/$side"
  for f in "$pkg/$side"/*.gz; do gunzip -c "$f" >"/tmp/b/$side/$(basename "$f" .gz)"; done
done
chmod +x /tmp/b/*/*
export LD_LIBRARY_PATH=$pkg/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
items=""
for k in $(seq 21 30); do items="$items ta0$k:opt"; done
for f in instances/random/r*.txt; do n=$(basename "$f" .txt); o=$(opt "$n"); [ -n "$o" ] && items="$items $f:$o"; done
echo "## traces, new: r20x20_2020019 x6"
for k in 1 2 3 4 5 6; do
  /tmp/b/new/gpu-resident-bench "instances/random/r20x20_2020019.txt:$(opt r20x20_2020019)" lb=auto trace=1 depths=1 > "$out/t.txt"
  cat "$out/t.txt" >> "$out/traces.txt"; grep -v "^ " "$out/t.txt" | tail -1
done
whole=$out/whole.tsv
printf 'round\tinstance\tvariant\twall_s\ttime_s\tgpu_startup_s\tnodes\tlb_used\trefined\tstatus\n' > "$whole"
for round in 1 2 3; do
  echo "# round $round $(date -u +%T)"
  for item in $items; do
    file=${item%:*}; ub=${item##*:}; name=$(basename "$file" .txt)
    for v in "new lb1" "new auto" "old auto" "new lb2"; do
      side=${v% *}; lb=${v#* }
      t0=$(date +%s.%N)
      /tmp/b/$side/flowshop-bb "$file" --device gpu --ub "$ub" --lb "$lb" --json -q > "$out/r.json" 2>/dev/null
      t1=$(date +%s.%N)
      field() { grep -o "\"$1\": [^,}]*" "$out/r.json" | head -1 | sed 's/.*: //; s/"//g'; }
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$name" "$v" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')" \
        "$(field time_s)" "$(field gpu_startup_s)" "$(field nodes)" "$(field lb_used)" "$(field lb2_refined_fraction)" \
        "$(field status)" >> "$whole"
    done
  done
done
rm -f "$out/t.txt" "$out/r.json"
echo "call done $(date -u)"
