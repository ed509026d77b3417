#!/bin/sh
# run.sh — on a machine with a GPU: the divergence GPU tests, our LB2 kernels, the CUIRRE
# traces, the papers' micro-benchmarks, and ncu's warp execution efficiency, into OUT_DIR.
#   usage: divergence/bench/run.sh BIN_DIR OUT_DIR [full|budget]
# BIN_DIR holds check-gpu, bench-divergence and characterize (make check-gpu
# bench-divergence). The CSVs go to OUT_DIR/results/, packed into OUT_DIR/results.tar.gz after
# every step (so a step that runs out of time loses only itself), the ta021 traces into
# OUT_DIR/traces.tar.gz. Each step has a time limit; the card's clocks are left as they are.
# full (the default): every step with the limits below, about 8 minutes at most.
# budget: under 200 s in all (the step limits sum to 195 s): no GPU test step (run
#   check-gpu on its own), 3 timed runs after 1 warm-up, pools of 32768 nodes (throttling:
#   8192), and ncu on 6 launches per run (in our kernels: plain, sub-warp/CTE and CCC only).
set -u
bin=$1
out=$2
res=$out/results
traces=$out/traces
mkdir -p "$res" "$traces"
metrics=smsp__thread_inst_executed_per_inst_executed.ratio,sm__warps_active.avg.pct_of_peak_sustained_active

mode=${3:-full}
case $mode in
full)
    t_tests=75 t_bound=75 t_diag=30 t_char=10 t_ncu=80 t_ccc=25 t_cte=15 t_cuirre=30 t_tbound=60 t_throttle=50
    t_ncu2=40 tbound_pool=16384 ncu_select="" ncu_select2=""
    ;;
budget)
    t_tests=0 t_bound=40 t_diag=15 t_char=5 t_ncu=30 t_ccc=15 t_cte=10 t_cuirre=15 t_tbound=25 t_throttle=25
    t_ncu2=15 tbound_pool=8192 ncu_select="--launch-count 6 -k regex:^(plain_kernel|cte_kernel|ccc_kernel|warp_kernel)$"
    ncu_select2="--launch-count 6"
    export FSBB_BENCH_REPEATS=3 FSBB_BENCH_WARMUP=1 FSBB_BENCH_POOL=32768
    ;;
*)
    echo "run.sh: mode $mode: full or budget" >&2
    exit 2
    ;;
esac

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

[ "$t_tests" -gt 0 ] && step "$t_tests" "$bin/check-gpu" divergence
step "$t_bound" "$bin/bench-divergence" bound "$res"
step "$t_diag" "$bin/bench-divergence" diagnose "$traces"
cp "$traces/characterization.csv" "$res/characterization_bound.csv"
step "$t_char" "$bin/characterize" --csv "$traces/trace_ta021_lb1.txt" "$traces/trace_ta021_lb2.txt" \
    "$traces/trace_ta051_lb1.txt" "$traces/trace_ta051_lb2.txt"
tar czf "$out/traces.tar.gz" -C "$traces" trace_ta021_lb1.txt trace_ta021_lb2.txt
# shellcheck disable=SC2086
step "$t_ncu" ncu --clock-control none --csv --metrics "$metrics" $ncu_select --log-file "$res/ncu_bound.csv" \
    "$bin/bench-divergence" once bound
step "$t_ccc" "$bin/bench-divergence" ccc "$res"
step "$t_cte" "$bin/bench-divergence" cte "$res"
step "$t_cuirre" "$bin/bench-divergence" cuirre "$res"
step "$t_tbound" env FSBB_BENCH_POOL="$tbound_pool" "$bin/bench-divergence" throttle-bound "$res"
step "$t_throttle" "$bin/bench-divergence" throttle "$res"
# shellcheck disable=SC2086
step "$t_ncu2" ncu --clock-control none --csv --metrics "$metrics" $ncu_select2 --log-file "$res/ncu_synthetic.csv" \
    sh -c "'$bin/bench-divergence' once ccc && '$bin/bench-divergence' once cte"
