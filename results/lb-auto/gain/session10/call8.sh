#!/usr/bin/env bash
# Session 10, call 8: issue 15, call 7's builds again: r20x20_2020019 30 more rounds,
# r20x20_2020032, ta021 and r30x15_3015005 10 rounds, old and new alternating.
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
echo "## A: r20x20_2020019, 30 rounds $(date -u +%T)"
for round in $(seq 1 30); do bench pair "$round" "$pair" "old lb=auto"; bench pair "$round" "$pair" "new lb=auto"; done
others="instances/random/r20x20_2020032.txt:$(opt r20x20_2020032),ta021,instances/random/r30x15_3015005.txt:$(opt r30x15_3015005)"
echo "## B: r20x20_2020032, ta021, r30x15_3015005, 10 rounds $(date -u +%T)"
for round in $(seq 1 10); do bench others "$round" "$others" "old lb=auto"; bench others "$round" "$others" "new lb=auto"; done
rm -f "$out/last.txt"
echo "call done $(date -u)"
