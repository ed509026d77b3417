#!/usr/bin/env bash
# device_kernel_rate.sh — on the GPU machine, the resident LB1 kernel's node rate, old build
# against new in one run (issue 21), about 6 minutes:
#   1 correctness: check-gpu, every suite (SUITES to name fewer);
#   2 search rates in one process (gpu-resident-bench, seconds after setup), old and new
#     alternately: ta023 (upper bound at the optimum) ROUNDS times, a 30x15 and ta051 with
#     a time limit; the new build under 64 and 96 registers a thread and with chunks of
#     128 and 512 candidates;
#   3 Nsight Compute on two launches of each build's branch kernel (ta023, LB1);
#   4 ta021-ta030, whole process, old and new alternately, best of 2: the upper bound at
#     the optimum with --lb lb1 (node counts must be equal) and with the default bound, and
#     every default (the heuristic's upper bound).
# Also, where PARTS names them: 2b (refine) the refining kernel, --lb lb2 and auto on two
# 20x20 instances, old and new alternately; 3b (source) ncu source counters of the new build.
# PARTS names the parts to run (default "check rates ncu whole"); KNOBS the knob sets of part
# 2's last runs (knobs of a set joined by +), on KNOB_INSTANCES (default ta023; Taillard's or
# instances/random names, upper bound at the optimum), KNOB_SIDES (default new), KNOB_ROUNDS
# rounds. Built by device_kernel_prepare.sh into DIR; log in $OUT/rate.log.
#   usage: bash DIR/device_kernel_rate.sh DIR
set -u
dir=${1:?usage: device_kernel_rate.sh DIR}
out=${OUT:-$(mktemp -d)}
rounds=${ROUNDS:-3}
limit=${FSBB_BENCH_LIMIT:-2}
mkdir -p "$out"
parts=" ${PARTS:-check rates ncu whole} "
exec > >(tee "$out/rate.log") 2>&1
. "$(dirname "$0")/device_kernel_unpack.sh"

echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1), $(nproc) cores"
echo "# old $(cat "$dir/old/REVISION"), new $(cat "$dir/new/REVISION")"

wants() { case $parts in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
instance_at_optimum() { # instance_at_optimum NAME -> a Taillard name, or a random instance's file:optimum
    case $1 in
    ta*) echo "$1" ;;
    *) echo "$dir/random/$1.txt:$(awk -v n="$1" '$1 == n { print $5 }' "$dir/random/optima.tsv")" ;;
    esac
}
bench() { # bench SIDE INSTANCES KNOBS...
    local side=$1 names=$2
    shift 2
    timeout 60 "$bin/$side/gpu-resident-bench" "$names" lb=lb1 "$@" 2>&1 | sed "s/^/$side /"
}

if wants check; then
echo
echo "## 1 correctness"
s=$(now)
timeout 300 "$new/check-gpu" ${SUITES:-} >"$out/check-gpu.txt" 2>&1
rc=$?
grep -E "DIFFER|FAILED|Assertion|Run Summary|^ +suites|^ +tests|^ +asserts" "$out/check-gpu.txt" | head -30
echo "check-gpu ${SUITES:-(every suite)}: exit $rc, $(since "$s") s"
fi

if wants rates; then
echo
echo "## 2 search rates (gpu-resident-bench: instance knobs search_s setup_s nodes nodes/s bounded iterations syncs peak spilled status shape)"
r3015=$dir/random/r30x15_3015001.txt
ub3015=$("$new/flowshop-bb" "$r3015" --device cpu --node-limit 1 --json -q | field initial_ub)
echo "# r30x15_3015001: upper bound $ub3015 (the heuristic's), the same for old and new"
for r in $(seq "$rounds"); do for side in old new; do bench $side ta023 ub=opt; done; done
for r in 1 2; do for side in old new; do bench $side "$r3015" ub="$ub3015" time-limit=$limit; done; done
for r in 1 2; do for side in old new; do bench $side ta051 ub=opt time-limit=$limit; done; done
for name in ${KNOB_INSTANCES:-ta023}; do
    spec=$(instance_at_optimum "$name")
    for knobs in ${KNOBS:-registers=64 registers=96 chunk=128 chunk=512}; do
        for r in $(seq "${KNOB_ROUNDS:-1}"); do
            for side in ${KNOB_SIDES:-new}; do bench $side "$spec" ub=opt time-limit=$limit ${knobs//+/ }; done
        done
    done
done
fi

if wants refine; then
echo
echo "## 2b the refining kernel: two 20x20 instances where LB2 pays, upper bound at the optimum, old and new alternately"
for name in r20x20_2020019 r20x20_2020032; do
    spec=$(instance_at_optimum "$name")
    for lb in lb2 auto; do
        for r in 1 2; do for side in old new; do bench $side "$spec" lb=$lb; done; done
    done
done
fi

if wants ncu; then
echo
echo "## 3 Nsight Compute, fsbb_resident_branch, ta023 --lb lb1 --ub opt, launches 200-201"
metrics=smsp__inst_executed.sum,smsp__thread_inst_executed_per_inst_executed.ratio,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio
for side in old new; do
    timeout 120 ncu --clock-control none --kernel-name regex:fsbb_resident_branch --launch-skip 200 --launch-count 2 \
        --metrics "$metrics" --csv --page raw "$bin/$side/flowshop-bb" ta023 --device gpu --ub opt --lb lb1 \
        --node-limit 2000000000 -q >"$out/ncu-$side.csv" 2>"$out/ncu-$side.err"
    echo "# $side: ncu exit $?"
    python3 "$(dirname "$0")/ncu_rows.py" "$out/ncu-$side.csv" "$side"
done
fi

if wants source; then
echo
echo "## 3b Nsight Compute source counters, new build, ta023 --lb lb1 --ub opt, launch 200 (per SASS instruction: ncu-source-new.csv.gz)"
timeout 200 ncu --clock-control none --kernel-name regex:fsbb_resident_branch --launch-skip 200 --launch-count 1 \
    --section SourceCounters --section WarpStateStats -o "$bin/source" "$new/flowshop-bb" ta023 --device gpu \
    --ub opt --lb lb1 --node-limit 2000000000 -q >"$bin/source.log" 2>&1
echo "# ncu exit $?"
ncu -i "$bin/source.ncu-rep" --page source --csv --print-source sass 2>&1 | gzip -9 >"$out/ncu-source-new.csv.gz"
fi

if wants whole; then
echo
echo "## 4 ta021-ta030, whole process: old and new alternately (best of 2)"
run() { # run BB NAME ARGS... -> seconds nodes status
    local bb=$1 name=$2 s
    shift 2
    s=$(now)
    "$bb" "$name" --device gpu --json -q "$@" >"$out/r.json" 2>&1
    echo "$(since "$s") $(field nodes <"$out/r.json") $(field status <"$out/r.json")"
}
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b ? a : b) }'; }
for args in "--ub opt --lb lb1" "--ub opt" "--ub heuristic"; do
    echo "# options: $args (the rest default)"
    printf '%-6s %8s %8s %7s %13s %13s %s\n' instance old_s new_s new/old old_nodes new_nodes check
    tot_old=0 tot_new=0
    for name in ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030; do
        read -r o1 on os <<<"$(run "$old/flowshop-bb" $name $args)"
        read -r n1 nn ns <<<"$(run "$new/flowshop-bb" $name $args)"
        read -r n2 _ _ <<<"$(run "$new/flowshop-bb" $name $args)"
        read -r o2 _ _ <<<"$(run "$old/flowshop-bb" $name $args)"
        t_old=$(best "$o1" "$o2") t_new=$(best "$n1" "$n2")
        check=ok
        [ "$os" = optimal ] && [ "$ns" = optimal ] || check="NOT PROVED ($os/$ns)"
        [ "$args" = "--ub opt --lb lb1" ] && [ "$on" != "$nn" ] && check="NODES DIFFER"
        printf '%-6s %8s %8s %7.3f %13s %13s %s\n' $name "$t_old" "$t_new" \
            "$(echo "$t_new $t_old" | awk '{print $1 / $2}')" "$on" "$nn" "$check"
        tot_old=$(echo "$tot_old $t_old" | awk '{print $1 + $2}')
        tot_new=$(echo "$tot_new $t_new" | awk '{print $1 + $2}')
    done
    printf '%-6s %8.3f %8.3f %7.3f\n' total "$tot_old" "$tot_new" "$(echo "$tot_new $tot_old" | awk '{print $1 / $2}')"
done
rm -f "$out/r.json"
fi
