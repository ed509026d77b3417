#!/usr/bin/env bash
# Session 10, call 1: issue 15, shadows counted done when their slot drains (new) against
# main (old, 2923218's engine): check-gpu, then the 35 instances, search seconds, 5 rounds
# (LB2 3), variants alternating; traces of r30x15_3015005 and ta021.
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
pkg=.dev/s10p1
for side in old new; do
  mkdir -p "/tmp/b/$side"
  for f in "$pkg/$side"/*.gz; do gunzip -c "$f" >"/tmp/b/$side/$(basename "$f" .gz)"; done
done
chmod +x /tmp/b/*/*
export LD_LIBRARY_PATH=$pkg/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
echo "## check-gpu (new)"
timeout 240 /tmp/b/new/check-gpu > "$out/check-gpu.txt" 2>&1; echo "check-gpu rc=$?"
grep -E "Run Summary|suites|tests|asserts|FAIL|Elapsed" "$out/check-gpu.txt" | head -20
grep -E "shadows 1 in" "$out/check-gpu.txt" | head -12
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
list=""
for k in $(seq 21 30); do list="$list,ta0$k"; done
for f in instances/random/r*.txt; do n=$(basename "$f" .txt); list="$list,$f:$(opt "$n")"; done
list=${list#,}
runs=$out/runs.tsv
printf 'part\tround\tinstance\tlb\tvariant\tstatus\tnodes\trefined\tseconds\ttime_s\tgpu_startup_s\tlb_in_force\n' >"$runs"
for round in 1 2 3 4 5; do
  vs=("old lb=lb1" "old lb=auto" "new lb=auto" "new lb=auto shadow=256" "new lb=auto shadow=64")
  [ "$round" -le 3 ] && vs+=("old lb=lb2")
  for v in "${vs[@]}"; do
    side=${v%% *}; knobs=${v#* }
    echo "# round $round: $v $(date -u +%T)"
    /tmp/b/$side/gpu-resident-bench "$list" $knobs > "$out/last.txt"
    awk -v r="$round" -v v="$side $knobs" '{ n = $1; sub(".*/", "", n); sub("\\.txt$", "", n);
        printf "bench\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r, n, v, v, $12, $5, $16, $3, $3, $4 }' "$out/last.txt" >>"$runs"
  done
done
echo "## traces, new: r30x15_3015005 x4, ta021 x2"
for k in 1 2 3 4; do /tmp/b/new/gpu-resident-bench "instances/random/r30x15_3015005.txt:$(opt r30x15_3015005)" lb=auto trace=1 depths=1 > "$out/trace5005_$k.txt"; grep -v "^ " "$out/trace5005_$k.txt" | tail -2; done
for k in 1 2; do /tmp/b/new/gpu-resident-bench ta021 lb=auto trace=1 depths=1 > "$out/trace021_$k.txt"; grep -v "^ " "$out/trace021_$k.txt" | tail -2; done
echo "call done $(date -u)"
