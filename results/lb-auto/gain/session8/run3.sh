#!/usr/bin/env bash
# Session 8, call 2: auto with measured cut savings under LB2 cycle scales, search only, 35 instances.
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
dir=.dev/p3
bin=$(mktemp -d)
for f in "$dir"/*.gz; do gunzip -c "$f" >"$bin/$(basename "$f" .gz)"; done
chmod +x "$bin"/*
export LD_LIBRARY_PATH=$dir/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
OUT=$out/auto DEVLIBS=$dir/lib PARTS="bench" ROUNDS=${ROUNDS:-2} \
    BENCH_VARIANTS="${VARIANTS:-lb=lb1|lb=lb2|lb=auto shadow=-1|lb=auto lb2scale=0.33|lb=auto lb2scale=0.22|lb=auto lb2scale=0.15|lb=auto lb2scale=0.22 gain=1}" \
    bash test/bench/device_lb_auto_default.sh "$bin"
echo "## depths=1"
for v in ${DEPTH_VARIANTS:-lb2scale=0.22}; do
  timeout 60 "$bin/gpu-resident-bench" "ta021,instances/random/r20x20_2020019.txt:$(opt r20x20_2020019)" lb=auto depths=1 $v
done
echo "call done $(date -u)"
