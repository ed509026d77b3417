#!/usr/bin/env bash
# device_kernel_check.sh — on the GPU machine, a first look at a new resident kernel
# (issues 15 and 21), about 2 minutes: CUDA start-up step by step (gpu-startup-probe); the
# GPU tests of the resident engine (check-gpu suites gpu_resident_lb2 and gpu_resident);
# ta021-ta030 with LB1 and the upper bound at the optimum, old and new build, whole process,
# node counts checked against the old build; search rates of old and new in one process
# (gpu-resident-bench: LB1 on ta023, register caps, LB2 on ta021 and ta051 with each lane
# group, auto); Nsight Compute on the new branch kernel (LB1 ta023, LB2 ta021).
# Built by device_kernel_prepare.sh into DIR; log in $OUT/check.log.
#   usage: bash DIR/device_kernel_check.sh DIR
set -u
dir=${1:?usage: device_kernel_check.sh DIR}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
exec > >(tee "$out/check.log") 2>&1
. "$(dirname "$0")/device_kernel_unpack.sh"
start_all=$(now)

echo "# $(nvidia-smi --query-gpu=name,driver_version,persistence_mode,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1 | head -1)"
echo "# old $(cat "$dir/old/REVISION"), new $(cat "$dir/new/REVISION")"

echo
echo "## CUDA start-up, step by step (gpu-startup-probe), then the exit measured from outside"
probe() { # probe LABEL ENDING [ENV...]
    local label=$1 ending=$2
    shift 2
    local s
    s=$(now)
    env "$@" "$new/gpu-startup-probe" "$s" "$ending" >"$out/probe.txt" 2>&1
    local e
    e=$(now)
    local ended
    ended=$(awk '/main ends at/ {print $4}' "$out/probe.txt")
    echo "### $label: whole process $(echo "$s $e" | awk '{printf "%.3f", $2 - $1}') s, exit $(echo "$ended $e" | awk '{printf "%.3f", $2 - $1}') s"
    grep -v "main ends at" "$out/probe.txt"
}
probe "first run" return
probe "second run" return
probe "_exit (no teardown)" _exit
probe "reset before exit" reset
probe "eager module loading" return CUDA_MODULE_LOADING=EAGER

echo
echo "## check-gpu: gpu_resident_lb2, gpu_resident"
s=$(now)
timeout 240 "$new/check-gpu" gpu_resident_lb2 gpu_resident >"$out/check-gpu.txt" 2>&1
rc=$?
grep -E "differ|DIFFER|FAILED|Assertion|Run Summary|suites|tests |asserts" "$out/check-gpu.txt" | head -40
echo "check-gpu: exit $rc, $(since "$s") s"

echo
echo "## ta021-ta030, LB1, --ub opt, whole process: old, new (node counts must agree)"
printf '%-6s %8s %8s %7s %13s %13s %9s %9s %s\n' instance old_s new_s new/old old_nodes new_nodes new_solve startup check
tot_old=0 tot_new=0
for name in ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030; do
    s=$(now); "$old/flowshop-bb" $name --device gpu --ub opt --json -q >"$out/o.json" 2>&1; t_old=$(since "$s")
    s=$(now); "$new/flowshop-bb" $name --device gpu --ub opt --json -q >"$out/n.json" 2>&1; t_new=$(since "$s")
    on=$(field nodes <"$out/o.json") nn=$(field nodes <"$out/n.json")
    check=ok
    [ "$on" = "$nn" ] && [ "$(field status <"$out/n.json")" = optimal ] || check="DIFFERENT ($(field status <"$out/n.json") $(field error <"$out/n.json"))"
    printf '%-6s %8s %8s %7.3f %13s %13s %9s %9s %s\n' $name "$t_old" "$t_new" "$(echo "$t_new $t_old" | awk '{print $1 / $2}')" \
        "$on" "$nn" "$(field time_s <"$out/n.json")" "$(field gpu_startup_s <"$out/n.json")" "$check"
    tot_old=$(echo "$tot_old $t_old" | awk '{print $1 + $2}')
    tot_new=$(echo "$tot_new $t_new" | awk '{print $1 + $2}')
done
printf '%-6s %8.3f %8.3f %7.3f\n' total "$tot_old" "$tot_new" "$(echo "$tot_new $tot_old" | awk '{print $1 / $2}')"
echo "new JSON of ta030: $(cat "$out/n.json")"

echo
echo "## search rates in one process (gpu-resident-bench; search seconds after setup)"
bench() { # bench SIDE INSTANCES KNOBS...
    local side=$1 names=$2
    shift 2
    timeout 120 "$bin/$side/gpu-resident-bench" "$names" "$@" 2>&1 | sed "s/^/$side /"
}
bench old ta023
bench new ta023
bench new ta023 registers=64
bench new ta023 registers=96
bench new ta023 block=256
bench old ta021 lb=lb2
bench new ta021 lb=lb2
bench new ta021 lb=lb2 group=8
bench new ta021 lb=lb2 group=16
bench new ta021 lb=lb2 learn=1
bench old ta051 lb=lb2 time-limit=2
bench new ta051 lb=lb2 time-limit=2
bench new ta051 lb=lb2 time-limit=2 group=8
bench new ta021,ta023 lb=auto

echo
echo "## Nsight Compute, new branch kernel"
metrics=smsp__thread_inst_executed_per_inst_executed.ratio,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__shared_mem_per_block_dynamic,sm__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_bytes.sum,dram__bytes.sum,smsp__inst_executed.sum,gpu__time_duration.sum,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__warps_eligible.avg.per_cycle_active
ncu_run() { # ncu_run LABEL SKIP ARGS...
    local label=$1 skip=$2
    shift 2
    local s
    s=$(now)
    timeout 100 ncu --kernel-name regex:fsbb_resident_branch --launch-skip "$skip" --launch-count 2 --metrics "$metrics" \
        --csv --page raw "$new/flowshop-bb" "$@" --device gpu -q >"$out/ncu-$label.csv" 2>"$out/ncu-$label.err"
    echo "### ncu $label: exit $?, $(since "$s") s"
    python3 "$(dirname "$0")/ncu_rows.py" "$out/ncu-$label.csv"
}
ncu_run new-ta023-lb1 200 ta023 --ub opt --node-limit 400000000
ncu_run new-ta021-lb2 60 ta021 --ub opt --lb lb2

echo
echo "device_kernel_check: $(since "$start_all") s in all"
