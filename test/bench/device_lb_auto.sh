#!/usr/bin/env bash
# device_lb_auto.sh — on the GPU machine, the measurements of --lb auto (issue 15), one call:
#   1. check-gpu's resident suites (GPU tree = CPU tree, GPU LB2 = CPU LB2 on refined nodes,
#      auto's optima with each choice of kernels);
#   2. ta021-ta030, --device gpu --ub opt, whole process: the NEW build with lb1, lb2 and auto,
#      the OLD build with auto (the kernels of lb1 and lb2 are the same in both);
#   3. the random instances named on the command line (instances/random/*.txt): a proof first
#      (NEW, lb1, the default heuristic upper bound, at most PROOF_S seconds); where it proves
#      the optimum, the same table as 2 for the NEW build from --ub OPTIMUM;
#   4. gpu-resident-bench on ta021 and ta023 with auto: the refining syncs and the switches.
# Built by test/bench/device_house_prepare.sh (.device-build/{new,old}, .devlibs) with
# gpu-resident-bench copied into .device-build/new. The log goes to $OUT/lb_auto.log, one row
# per solve to $OUT/lb_auto_runs.tsv (set, instance, build, lb, ub, status, makespan, nodes,
# lb2_refined_fraction, seconds).
#   usage: test/bench/device_lb_auto.sh [RANDOM_INSTANCE...]
# Environment: PROOF_S (3), DEADLINE_S (230: no new random instance after that), NEW_DIR, OLD_DIR,
# DEVLIBS (.devlibs).
set -u
new_dir=${NEW_DIR:-.device-build/new}
old_dir=${OLD_DIR:-.device-build/old}
proof_s=${PROOF_S:-3}
deadline_s=${DEADLINE_S:-230}   # no new random instance after this many seconds
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
exec > >(tee "$out/lb_auto.log") 2>&1
export LD_LIBRARY_PATH="${DEVLIBS:-.devlibs}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
runs="$out/lb_auto_runs.tsv"
printf 'set\tinstance\tbuild\tlb\tub\tstatus\tmakespan\tnodes\trefined\tseconds\n' >"$runs"
now() { date +%s.%N; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
began=$(now)

echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
echo "# new: $(cat "$new_dir/REVISION" 2>/dev/null || echo '?')   old: $(cat "$old_dir/REVISION" 2>/dev/null || echo '?')"

echo
echo "## check-gpu gpu_resident gpu_resident_lb2"
start=$(now)
timeout 110 "$new_dir/check-gpu" gpu_resident gpu_resident_lb2
echo "check-gpu: exit $?, $(echo "$start $(now)" | awk '{printf "%.1f", $2 - $1}') s"

# solve SET BUILD_DIR BUILD LB UB NAME [ARGS...]: one whole-process solve, a row in $runs.
solve() {
    local set=$1 dir=$2 build=$3 lb=$4 ub=$5 name=$6
    shift 6
    local start end
    start=$(now)
    "$dir/flowshop-bb" "$name" --device gpu --lb "$lb" --ub "$ub" --json -q "$@" >"$out/last.json" 2>"$out/last.err"
    end=$(now)
    local seconds status
    seconds=$(echo "$start $end" | awk '{printf "%.3f", $2 - $1}')
    status=$(field status <"$out/last.json" | cut -d: -f1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$set" "$(basename "$name" .txt)" "$build" "$lb" "$ub" \
        "${status:-error}" "$(field makespan <"$out/last.json")" "$(field nodes <"$out/last.json")" \
        "$(field lb2_refined_fraction <"$out/last.json")" "$seconds" | tee -a "$runs"
}

# table SET UB NAME: new lb1, lb2, auto (and old auto for Taillard's).
table() {
    solve "$1" "$new_dir" new lb1 "$2" "$3"
    solve "$1" "$new_dir" new lb2 "$2" "$3"
    solve "$1" "$new_dir" new auto "$2" "$3"
    [ "$1" = taillard ] && solve "$1" "$old_dir" old auto "$2" "$3"
}

echo
echo "## ta021-ta030, --device gpu --ub opt, whole process"
for name in ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030; do
    table taillard opt "$name"
done

echo
echo "## random instances: proof (lb1, heuristic ub, ${proof_s} s at most), then the table from the optimum"
for file in "$@"; do
    if awk -v a="$began" -v b="$(now)" -v d="$deadline_s" 'BEGIN { exit !(b - a > d) }'; then
        echo "deadline: $file and the rest skipped"
        break
    fi
    solve proof "$new_dir" new lb1 heuristic "$file" --time-limit "$proof_s"
    if [ "$(field optimal <"$out/last.json")" = true ]; then
        table random "$(field makespan <"$out/last.json")" "$file"
    fi
done

echo
echo "## gpu-resident-bench, auto: search s, setup s, nodes, ..., refined share, k = refining syncs, switches"
"$new_dir/gpu-resident-bench" ta021,ta023 lb=auto
"$new_dir/gpu-resident-bench" ta023 lb=auto overhead=0.000001

echo
echo "total $(echo "$began $(now)" | awk '{printf "%.1f", $2 - $1}') s"
