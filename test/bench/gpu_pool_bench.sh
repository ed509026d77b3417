#!/bin/sh
# gpu_pool_bench.sh — on a machine with a GPU: the pool-bounding measurements of
# results/gpu-bounding (placement of the tables, Tables 1 and 2, warp execution efficiency
# from ncu), written to OUT_DIR as CSV files.
#   usage: test/bench/gpu_pool_bench.sh PATH/TO/gpu-pool-bench OUT_DIR [QUICK]
# QUICK (any third argument) runs a small grid, to check the script.
set -u
bench=$1
out=$2
mkdir -p "$out"
if [ $# -ge 3 ]; then
    grid="--instances ta021,ta081 --sizes 4096,16384 --repeats 5"
    ncu_grid="--instances ta021 --sizes 16384"
else
    grid="--instances ta021,ta051,ta081,ta101,ta111 --sizes 4096,8192,16384,32768,65536"
    ncu_grid="--instances ta021,ta051,ta081,ta101,ta111 --sizes 4096,65536"
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
date -u
# shellcheck disable=SC2086
"$bench" --placements "$out/placement.csv" $grid --sizes 65536
# shellcheck disable=SC2086
"$bench" --tables "$out/table.csv" $grid
# Warp execution efficiency: threads active per executed warp instruction (of 32), and
# achieved occupancy; the card's clocks are left as they are.
# shellcheck disable=SC2086
ncu --clock-control none --csv \
    --metrics smsp__thread_inst_executed_per_inst_executed.ratio,sm__warps_active.avg.pct_of_peak_sustained_active \
    "$bench" --once "$out/launches.csv" $ncu_grid --warmup 0 >"$out/ncu.csv"
echo "ncu rc=$?"
