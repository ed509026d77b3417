#!/bin/sh
# run.sh — on a machine with a GPU: the divergence GPU tests, our LB2 kernels, the CUIRRE
# traces, the papers' micro-benchmarks, and ncu's warp execution efficiency, into OUT_DIR.
#   usage: divergence/bench/run.sh BIN_DIR OUT_DIR
# BIN_DIR holds check-gpu, bench-divergence and characterize (make check-gpu
# bench-divergence). The CSVs go to OUT_DIR/results/, packed into OUT_DIR/results.tar.gz after
# every step (so a step that runs out of time loses only itself), the ta021 traces into
# OUT_DIR/traces.tar.gz. Each step has a time limit; the card's clocks are left as they are.
set -u
bin=$1
out=$2
res=$out/results
traces=$out/traces
mkdir -p "$res" "$traces"
metrics=smsp__thread_inst_executed_per_inst_executed.ratio,sm__warps_active.avg.pct_of_peak_sustained_active

step() {
    limit=$1
    shift
    echo "== $* (limit ${limit}s)"
    start=$(date +%s)
    timeout "$limit" "$@"
    echo "== rc=$? after $(($(date +%s) - start)) s"
    tar czf "$out/results.tar.gz" -C "$out" results
}

{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,memory.total --format=csv
    date -u
} >"$res/gpu.txt"
cat "$res/gpu.txt"

step 75 "$bin/check-gpu" divergence
step 75 "$bin/bench-divergence" bound "$res"
step 30 "$bin/bench-divergence" diagnose "$traces"
cp "$traces/characterization.csv" "$res/characterization_bound.csv"
step 10 "$bin/characterize" --csv "$traces/trace_ta021_lb1.txt" "$traces/trace_ta021_lb2.txt" \
    "$traces/trace_ta051_lb1.txt" "$traces/trace_ta051_lb2.txt"
tar czf "$out/traces.tar.gz" -C "$traces" trace_ta021_lb1.txt trace_ta021_lb2.txt
step 80 ncu --clock-control none --csv --metrics "$metrics" --log-file "$res/ncu_bound.csv" \
    "$bin/bench-divergence" once bound
step 25 "$bin/bench-divergence" ccc "$res"
step 15 "$bin/bench-divergence" cte "$res"
step 30 "$bin/bench-divergence" cuirre "$res"
step 60 env FSBB_BENCH_POOL=16384 "$bin/bench-divergence" throttle-bound "$res"
step 50 "$bin/bench-divergence" throttle "$res"
step 40 ncu --clock-control none --csv --metrics "$metrics" --log-file "$res/ncu_synthetic.csv" \
    sh -c "'$bin/bench-divergence' once ccc && '$bin/bench-divergence' once cte"
