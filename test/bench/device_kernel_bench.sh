#!/usr/bin/env bash
# device_kernel_bench.sh — on the GPU machine, the measurements of the resident kernel work
# (issues 15 and 21), old build against new in one run, about 4 minutes:
#   1 correctness: check-gpu (every suite), compute-sanitizer memcheck and racecheck on
#     short LB1, LB2 and auto solves;
#   2 ta021-ta030, LB1, upper bound at the optimum, whole process, old and new alternately,
#     best of 2, node counts equal;
#   3 search rates in one process each (gpu-resident-bench, seconds after setup): LB1 on
#     ta023, a 30x15 and ta051 (time-limited), launch-shape knobs; LB2 on ta021, ta051 and
#     ta081 (time-limited), with each lane group; the cost of auto's counting with LB2 kept
#     off (the knobs static=, scan= and learn= of the second call's build, fde9395, are gone
#     with the paths they measured);
#   4 Nsight Compute on the new branch kernel (LB1 ta023, LB2 ta021);
#   5 --lb lb1, lb2 and auto, whole process, on ta021-ta030 and random instances of
#     instances/random (their optimum found first, then used as the upper bound).
# Built by device_kernel_prepare.sh into DIR; log in $OUT/bench.log.
#   usage: bash DIR/device_kernel_bench.sh DIR
set -u
dir=${1:?usage: device_kernel_bench.sh DIR}
out=${OUT:-$(mktemp -d)}
limit=${FSBB_BENCH_LIMIT:-2}
mkdir -p "$out"
exec > >(tee "$out/bench.log") 2>&1
. "$(dirname "$0")/device_kernel_unpack.sh"
start_all=$(now)

echo "# $(nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader 2>&1 | head -1)"
echo "# old $(cat "$dir/old/REVISION"), new $(cat "$dir/new/REVISION")"
s=$(now)
"$new/gpu-startup-probe" "$s" >"$out/probe.txt" 2>&1
e=$(now)
echo "# start-up probe: whole process $(echo "$s $e" | awk '{printf "%.3f", $2 - $1}') s, exit $(echo "$(awk '/main ends at/ {print $4}' "$out/probe.txt") $e" | awk '{printf "%.3f", $2 - $1}') s"
grep -E "cudaGetDeviceCount|context" "$out/probe.txt"

echo
echo "## 1 correctness"
s=$(now)
timeout 200 "$new/check-gpu" >"$out/check-gpu.txt" 2>&1
rc=$?
grep -E "DIFFER|FAILED|Assertion|Run Summary|^ +suites|^ +tests|^ +asserts" "$out/check-gpu.txt" | head -30
echo "check-gpu (all suites): exit $rc, $(since "$s") s"
sanitize() { # sanitize TOOL ARGS...
    local tool=$1
    shift
    local s
    s=$(now)
    timeout 90 compute-sanitizer --tool "$tool" --error-exitcode 99 "$new/flowshop-bb" "$@" --device gpu -q \
        >"$out/sanitizer.txt" 2>&1
    local rc=$?
    echo "$tool $*: exit $rc (0 proven, 1 node limit, 99 errors), $(grep -h "ERROR SUMMARY" "$out/sanitizer.txt" | tail -1), $(since "$s") s"
}
sanitize memcheck ta021 --ub opt --node-limit 100000
sanitize memcheck ta011 --ub opt --lb lb2 --node-limit 50000
sanitize memcheck ta021 --ub opt --lb auto --node-limit 200000
sanitize racecheck ta021 --ub opt --node-limit 30000
sanitize racecheck ta011 --ub opt --lb lb2 --node-limit 20000
sanitize racecheck ta021 --ub opt --lb auto --node-limit 30000

echo
echo "## 2 ta021-ta030, LB1, --ub opt, whole process: old and new alternately (best of 2)"
printf '%-6s %8s %8s %7s %13s %13s %9s %9s %s\n' instance old_s new_s new/old old_nodes new_nodes new_solve startup check
run() { # run BB NAME -> seconds nodes status solve startup
    local s
    s=$(now)
    "$1" "$2" --device gpu --ub opt --json -q >"$out/r.json" 2>&1
    echo "$(since "$s") $(field nodes <"$out/r.json") $(field status <"$out/r.json") $(field time_s <"$out/r.json") $(field gpu_startup_s <"$out/r.json")"
}
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b ? a : b) }'; }
tot_old=0 tot_new=0
for name in ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030; do
    read -r o1 on os _ _ <<<"$(run "$old/flowshop-bb" $name)"
    read -r n1 nn ns nsolve nstart <<<"$(run "$new/flowshop-bb" $name)"
    read -r n2 nn2 _ _ _ <<<"$(run "$new/flowshop-bb" $name)"
    read -r o2 on2 _ _ _ <<<"$(run "$old/flowshop-bb" $name)"
    t_old=$(best "$o1" "$o2") t_new=$(best "$n1" "$n2")
    check=ok
    { [ "$on" = "$nn" ] && [ "$on" = "$on2" ] && [ "$nn" = "$nn2" ] && [ "$os" = optimal ] && [ "$ns" = optimal ]; } ||
        check="DIFFERENT ($os/$ns $on2/$nn2)"
    printf '%-6s %8s %8s %7.3f %13s %13s %9s %9s %s\n' $name "$t_old" "$t_new" \
        "$(echo "$t_new $t_old" | awk '{print $1 / $2}')" "$on" "$nn" "$nsolve" "$nstart" "$check"
    tot_old=$(echo "$tot_old $t_old" | awk '{print $1 + $2}')
    tot_new=$(echo "$tot_new $t_new" | awk '{print $1 + $2}')
done
printf '%-6s %8.3f %8.3f %7.3f\n' total "$tot_old" "$tot_new" "$(echo "$tot_new $tot_old" | awk '{print $1 / $2}')"

echo
echo "## 3 search rates in one process (gpu-resident-bench: instance knobs search_s setup_s nodes nodes/s bounded iterations syncs peak spilled status shape [refined-fraction depths])"
bench() { # bench SIDE INSTANCES KNOBS...
    local side=$1 names=$2
    shift 2
    timeout 60 "$bin/$side/gpu-resident-bench" "$names" "$@" 2>&1 | sed "s/^/$side /"
}
heuristic_ub() { "$new/flowshop-bb" "$1" --device cpu --node-limit 1 --json -q | field initial_ub; }
r3015=$dir/random/r30x15_3015001.txt
ub3015=$(heuristic_ub "$r3015")
echo "# r30x15_3015001: upper bound $ub3015 (the heuristic's), the same for old and new"
for side in old new; do bench $side ta023; done
for side in old new; do bench $side "$r3015" ub="$ub3015" time-limit=$limit; done
for side in old new; do bench $side ta051 time-limit=$limit; done
bench new ta023 chunk=512
bench new ta023 registers=96
bench new ta023 sync=64
for side in old new; do bench $side ta021 lb=lb2; done
for side in old new; do bench $side ta051 lb=lb2 time-limit=$limit; done
for side in old new; do bench $side ta081 lb=lb2 time-limit=$limit; done
bench new ta021 lb=lb2 group=8
bench new ta021 lb=lb2 group=16
bench new ta051 lb=lb2 time-limit=$limit group=16
bench new ta023 lb=auto gain=0.000001
bench new ta021,ta023 lb=auto
bench new ta021,ta023 lb=auto gain=0.2

echo
echo "## 4 Nsight Compute, new branch kernel"
metrics=smsp__thread_inst_executed_per_inst_executed.ratio,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,sm__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_bytes.sum,dram__bytes.sum,smsp__inst_executed.sum,gpu__time_duration.sum,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__warps_eligible.avg.per_cycle_active
ncu_run() { # ncu_run LABEL SKIP ARGS...
    local label=$1 skip=$2
    shift 2
    local s
    s=$(now)
    timeout 80 ncu --kernel-name regex:fsbb_resident_branch --launch-skip "$skip" --launch-count 2 --metrics "$metrics" \
        --csv --page raw "$new/flowshop-bb" "$@" --device gpu -q >"$out/ncu-$label.csv" 2>"$out/ncu-$label.err"
    echo "### ncu $label: exit $?, $(since "$s") s"
    python3 "$(dirname "$0")/ncu_rows.py" "$out/ncu-$label.csv"
}
ncu_run new-ta023-lb1 200 ta023 --ub opt --node-limit 400000000 --time-limit 20
ncu_run new-ta021-lb2 60 ta021 --ub opt --lb lb2 --time-limit 20

echo
echo "## 5 --lb lb1, lb2, auto, new build, whole process (s), upper bound at the optimum"
printf '%-16s %8s %8s %8s %11s %11s %11s %7s %8s %s\n' instance lb1_s lb2_s auto_s lb1_nodes lb2_nodes auto_nodes refined auto/best status
solve3() { # solve3 LABEL INSTANCE UB TIME_LIMIT
    local label=$1 inst=$2 ub=$3 tl=$4 t n st="" nodes="" times="" fr=""
    for lb in lb1 lb2 auto; do
        local s
        s=$(now)
        timeout 60 "$new/flowshop-bb" "$inst" --device gpu --ub "$ub" --lb $lb --time-limit "$tl" --json -q >"$out/a.json" 2>&1
        t=$(since "$s")
        n=$(field nodes <"$out/a.json")
        st="$st$(field status <"$out/a.json" | cut -c1-8)/"
        times="$times $t"
        nodes="$nodes $n"
        [ $lb = auto ] && fr=$(field lb2_refined_fraction <"$out/a.json")
    done
    read -r t1 t2 t3 <<<"$times"
    read -r n1 n2 n3 <<<"$nodes"
    printf '%-16s %8s %8s %8s %11s %11s %11s %7s %8.3f %s\n' "$label" "$t1" "$t2" "$t3" "$n1" "$n2" "$n3" "$fr" \
        "$(echo "$t1 $t2 $t3" | awk '{b = $1 < $2 ? $1 : $2; print $3 / b}')" "$st"
}
for name in ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030; do
    solve3 $name $name opt 20
done
for label in ${FSBB_BENCH_RANDOM:-r30x15_3015001 r50x10_5010001 r30x10_3010001}; do
    f=$dir/random/$label.txt
    "$new/flowshop-bb" "$f" --device gpu --time-limit 3 --json -q >"$out/o.json" 2>&1
    if [ "$(field status <"$out/o.json")" = optimal ]; then
        solve3 "$label" "$f" "$(field makespan <"$out/o.json")" 5
    else
        echo "$label: not proved within 3 s with the defaults ($(field status <"$out/o.json"), $(field nodes <"$out/o.json") nodes)"
    fi
done

echo
echo "device_kernel_bench: $(since "$start_all") s in all"
