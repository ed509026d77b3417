#!/usr/bin/env bash
# Session 10, call 5: issue 15, --lb auto's first look after more plain runs (first_gap=N;
# main's rule otherwise, this build's default = main): the 35 instances, search seconds,
# 5 rounds (LB2 3), variants alternating.
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
pkg=.dev/s10p5
mkdir -p /tmp/b/new
for f in "$pkg/new"/*.gz; do gunzip -c "$f" >"/tmp/b/new/$(basename "$f" .gz)"; done
chmod +x /tmp/b/new/*
export LD_LIBRARY_PATH=$pkg/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
list=""
for k in $(seq 21 30); do list="$list,ta0$k"; done
for f in instances/random/r*.txt; do n=$(basename "$f" .txt); o=$(opt "$n"); [ -n "$o" ] && list="$list,$f:$o"; done
list=${list#,}
runs=$out/runs.tsv
printf 'part\tround\tinstance\tlb\tvariant\tstatus\tnodes\trefined\tseconds\ttime_s\tgpu_startup_s\tlb_in_force\n' >"$runs"
for round in 1 2 3 4 5; do
  vs=("new lb=lb1" "new lb=auto" "new lb=auto first_gap=2" "new lb=auto first_gap=4" "new lb=auto first_gap=8")
  [ "$round" -le 3 ] && vs+=("new lb=lb2")
  for v in "${vs[@]}"; do
    side=${v%% *}; knobs=${v#* }
    echo "# round $round: $v $(date -u +%T)"
    /tmp/b/$side/gpu-resident-bench "$list" $knobs > "$out/last.txt"
    awk -v r="$round" -v v="$side $knobs" '{ n = $1; sub(".*/", "", n); sub("\\.txt$", "", n);
        printf "bench\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r, n, v, v, $12, $5, $16, $3, $3, $4 }' "$out/last.txt" >>"$runs"
  done
done
rm -f "$out/last.txt"
echo "call done $(date -u)"
