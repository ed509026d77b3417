#!/usr/bin/env bash
# Session 10, call 7: issue 15, whether the refining kernel pays judged on the last 4
# refining runs of a streak (new) against one run (main, old): r20x20_2020019 20 rounds;
# the 35 instances 8 rounds (LB1 3, LB2 2); check-gpu's resident suites on new.
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
pkg=.dev/s10p7
for side in old new; do
  mkdir -p "/tmp/b/$side"
  for f in "$pkg/$side"/*.gz; do gunzip -c "$f" >"/tmp/b/$side/$(basename "$f" .gz)"; done
done
chmod +x /tmp/b/*/*
export LD_LIBRARY_PATH=$pkg/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
runs=$out/runs.tsv
printf 'part\tround\tinstance\tlb\tvariant\tstatus\tnodes\trefined\tseconds\ttime_s\tgpu_startup_s\tlb_in_force\n' >"$runs"
bench() { # bench PART ROUND LIST "SIDE KNOBS"
  local side=${4%% *} knobs=${4#* }
  /tmp/b/$side/gpu-resident-bench "$3" $knobs > "$out/last.txt"
  awk -v p="$1" -v r="$2" -v v="$4" '{ n = $1; sub(".*/", "", n); sub("\\.txt$", "", n);
      printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p, r, n, v, v, $12, $5, $16, $3, $3, $4 }' "$out/last.txt" >>"$runs"
}
pair="instances/random/r20x20_2020019.txt:$(opt r20x20_2020019)"
echo "## A: r20x20_2020019, 20 rounds $(date -u +%T)"
for round in $(seq 1 20); do bench pair "$round" "$pair" "old lb=auto"; bench pair "$round" "$pair" "new lb=auto"; done
list=""
for k in $(seq 21 30); do list="$list,ta0$k"; done
for f in instances/random/r*.txt; do n=$(basename "$f" .txt); o=$(opt "$n"); [ -n "$o" ] && list="$list,$f:$o"; done
list=${list#,}
echo "## B: the 35 instances, 8 rounds $(date -u +%T)"
for round in $(seq 1 8); do
  vs=("old lb=auto" "new lb=auto")
  [ "$round" -le 3 ] && vs+=("old lb=lb1")
  [ "$round" -le 2 ] && vs+=("old lb=lb2")
  for v in "${vs[@]}"; do bench bench "$round" "$list" "$v"; done
done
echo "## C: check-gpu, resident suites (new) $(date -u +%T)"
timeout 150 /tmp/b/new/check-gpu gpu_resident gpu_resident_lb2 gpu_resident_census gpu_resident_anytime > "$out/check-gpu.txt" 2>&1; echo "check-gpu rc=$?"
grep -E "Run Summary|suites|tests|asserts|Elapsed" "$out/check-gpu.txt" | head -8
grep -B2 -A6 -i "had failures" "$out/check-gpu.txt" | head -30
rm -f "$out/last.txt"
echo "call done $(date -u)"
