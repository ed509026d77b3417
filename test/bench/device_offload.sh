#!/usr/bin/env bash
# device_offload.sh — on the GPU machine, the offload engine's measurements of issue 20 in one
# call, within a budget of seconds (sections in order of need; one that would start after
# the budget is skipped and says so):
#   1. LB2 node rates, UB = best known, TIME_LIMIT s each, on ta051, ta081, ta101, ta111:
#      the offload engine with 1 loop (before: the engine as it was, one host thread) and
#      one loop per core (after), each with its time split (offload-bench); the OLD
#      flowshop-bb's offload engine when given; the CPU engine on the machine's cores with
#      LB2; the resident engine (flowshop-bb, whole process).
#   2. pool size and loop count at LB2 on ta051 and ta081.
#   3. the divergence techniques, each on and off, in whole LB2 solves (ta081, ta051).
#   4. optima: ta001-ta020 with --gpu-engine offload (every default: heuristic UB, LB1),
#      the proven makespan against the best known.
#   5. compute-sanitizer memcheck on a short offload run (4 loops, LB2).
#   6. check-gpu, the suites of the offload engine.
#   7. on ta101 (GPU-bound at LB2): the branch-free rewrites and the divergence techniques.
# Built on the build machine (make build/flowshop-bb build/check-gpu build/offload-bench);
# run from a folder holding bin-new/ (those three), optionally bin-old/flowshop-bb, and
# libs/ (their shared libraries: bundle-libs.sh). The log goes to $OUT/offload.log.
#   usage: device_offload.sh [DIR]     (DIR defaults to the script's folder)
#   environment: BUDGET seconds (default 170), TIME_LIMIT (default 2), SECTIONS to run (default
#     "1 2 3 4 5 6"), POOLS and POOL_INSTANCES of section 2 (default "65536 262144", "ta051
#     ta081"), LOOP_SWEEP=0 to leave out its 4 and 8 loops and dfs order, MAIN_INSTANCES of
#     section 1 (default "ta051 ta081 ta101 ta111").
set -u
dir=${1:-$(dirname "$0")}
out=${OUT:-$(mktemp -d)}
budget=${BUDGET:-170}
limit=${TIME_LIMIT:-2}
sections=${SECTIONS:-1 2 3 4 5 6}
pools=${POOLS:-65536 262144}
pool_instances=${POOL_INSTANCES:-ta051 ta081}
loop_sweep=${LOOP_SWEEP:-1}
main_instances=${MAIN_INSTANCES:-ta051 ta081 ta101 ta111}
mkdir -p "$out"
exec > >(tee "$out/offload.log") 2>&1
export LD_LIBRARY_PATH="$dir/libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
bb=$dir/bin-new/flowshop-bb
old_bb=$dir/bin-old/flowshop-bb
bench=$dir/bin-new/offload-bench
cores=$(nproc)
start=$(date +%s)
elapsed() { echo $(($(date +%s) - start)); }
# section NAME SECONDS: 0 when NAME is among SECTIONS (by its number) and may start (its
# estimate fits in what is left of the budget).
section() {
    case " $sections " in *" ${1%%.*} "*) ;; *) return 1 ;; esac
    if [ $(($(elapsed) + $2)) -gt "$budget" ]; then
        echo
        echo "## $1: SKIPPED (budget: $(elapsed) s spent of $budget, needs about $2)"
        return 1
    fi
    echo
    echo "## $1 (at $(elapsed) s)"
}
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
# cli LABEL BB ARGS...: one whole-process run, one line: label, seconds, nodes, nodes/s, status.
cli() {
    label=$1
    prog=$2
    shift 2
    json=$("$prog" "$@" --json -q 2>&1)
    time_s=$(printf '%s\n' "$json" | field time_s)
    nodes=$(printf '%s\n' "$json" | field nodes)
    status=$(printf '%s\n' "$json" | field status)
    best=$(printf '%s\n' "$json" | field makespan)
    rate=$(echo "$nodes $time_s" | awk '{ if ($2 > 0) printf "%.4g", $1 / $2; else print "?" }')
    printf '%-34s %8s s %13s nodes %11s nodes/s %-8s makespan %s\n' "$label" "$time_s" "$nodes" "$rate" "$status" \
        "$best"
    [ -n "$status" ] || printf '%s\n' "$json" | tail -3
}

echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1); $cores cores;" \
    "new $(cat "$dir/bin-new/REVISION" 2>/dev/null || echo '?'), old $(cat "$dir/bin-old/REVISION" 2>/dev/null || echo none)"
echo "# offload-bench columns: instance settings loops pool seconds nodes nodes/s status pools mean-pool-fill" \
    "survivor-share | host time share of loops x wall | GPU stream seconds"

if section "1. LB2 node rates, UB = best known, $limit s each" 60; then
    for name in $main_instances; do
        "$bench" "$name" lb=lb2 threads=1 time-limit="$limit"
        "$bench" "$name" lb=lb2 threads="$cores" time-limit="$limit"
        [ -x "$old_bb" ] && cli "$name old offload (1 thread)" "$old_bb" "$name" --device gpu --gpu-engine offload \
            --lb lb2 --ub opt --time-limit "$limit"
        cli "$name cpu $cores threads" "$bb" "$name" --device cpu --threads "$cores" --lb lb2 --ub opt \
            --time-limit "$limit"
        cli "$name resident" "$bb" "$name" --device gpu --lb lb2 --ub opt --time-limit "$limit"
    done
fi

if section "2. pool size and loops, LB2, UB = best known" 30; then
    for name in $pool_instances; do
        for pool in $pools; do
            "$bench" "$name" lb=lb2 threads="$cores" pool-size="$pool" time-limit=2
        done
    done
    if [ "$loop_sweep" = 1 ]; then
        for loops in 4 8; do
            "$bench" ta081 lb=lb2 threads=$loops time-limit=2
        done
        "$bench" ta081 lb=lb2 threads="$cores" pool-order=dfs time-limit=2
    fi
fi

for name in ta081 ta051; do
    section "3. divergence techniques in whole LB2 solves, $name (UB = best known, 2 s each)" 25 || continue
        "$bench" "$name" lb=lb2 threads="$cores" time-limit=2
        "$bench" "$name" lb=lb2 threads="$cores" time-limit=2 diagnose="$out/trace_$name.txt"
        for technique in balance=steal balance=persistent ccc=on cte=on subwarp=8 throttle=sjq; do
            "$bench" "$name" lb=lb2 threads="$cores" time-limit=2 "$technique"
        done
    rm -f "$out"/trace_*.txt
done

if section "4. optima, --gpu-engine offload, every default" 25; then
    for i in $(seq 1 20); do
        name=$(printf 'ta%03d' "$i")
        cli "$name offload" "$bb" "$name" --device gpu --gpu-engine offload --time-limit 5
    done
fi

if section "5. compute-sanitizer memcheck, offload, 4 loops, LB2" 30; then
    timeout 40 compute-sanitizer --tool memcheck --error-exitcode 99 "$bb" ta021 --device gpu --gpu-engine offload \
        --threads 4 --lb lb2 --ub opt --node-limit 20000 -q >"$out/sanitizer-offload.txt" 2>&1
    echo "memcheck: exit $? (0 proven, 1 node limit, 99 an error found)"
    tail -3 "$out/sanitizer-offload.txt"
fi

if section "6. check-gpu: gpu_offload, gpu custom offload, divergence offload" 30; then
    left=$((budget - $(elapsed)))
    for suite in gpu_offload "gpu custom offload" "divergence offload"; do
        FSBB_TEST_SEED=20261123 timeout "$left" "$dir/bin-new/check-gpu" "$suite" 2>&1 | grep -E "Run Summary|suites|tests|asserts|FAIL|DIFFER|Elapsed"
        left=$((budget - $(elapsed)))
        [ "$left" -gt 5 ] || break
    done
fi
if section "7. ta101, LB2: branch-free rewrites and divergence techniques (2 s each)" 20; then
    for setting in refactor=none refactor=select refactor=trig cte=on ccc=on subwarp=8 balance=steal; do
        "$bench" ta101 lb=lb2 threads="$cores" time-limit=2 "$setting"
    done
fi
echo
echo "done at $(elapsed) s"
