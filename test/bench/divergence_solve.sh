#!/bin/sh
# divergence_solve.sh — whole solves of the offload GPU engine with each divergence technique
# off and on: ta021-ta030 from the best-known makespan (--ub opt), time and nodes per
# solve, on the GPU machine. Instances run smallest tree first; each gets every
# configuration before the next starts, so a budget cut loses whole instances at the end.
#   usage: divergence_solve.sh [BUILD [OUTDIR [INSTANCE...]]]   (build, results-divergence-solve)
#   environment: TIME_LIMIT seconds per solve (default 4; a solve that hits it reports
#     "limit"), BUDGET seconds for the whole script (default 120: no solve starts after it),
#     POOL_SIZE (default: the engine's).
# Configurations (all --device gpu --gpu-engine offload):
#   off         the offload engine's own bounder (gpu_bounder.cu, double-buffered)
#   div-plain   the divergence bounder's PLAIN kernel (synchronous per pool; reached with
#               --diagnose, whose traces of the first pools are also the CUIRRE input below)
#   then one technique each: --balance central|distributed|steal|persistent, --ccc on,
#   --cte on, --subwarp 8, --throttle cf|sjq. Compare techniques with div-plain (same
#   synchronous bounder); off vs div-plain shows the cost of the synchronous bounder.
# LB1 takes no technique: ta030 (first instance) is also solved with LB1, off and div-plain.
# Output: a table on stdout, OUTDIR/divergence_solve.csv, and OUTDIR/trace_NAME_LB.txt
# characterized into OUTDIR/characterization.txt (flowshop-bb --characterize).
set -u
build=${1:-build}
out=${2:-results-divergence-solve}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- ta030 ta029 ta028 ta022 ta025 ta024 ta026 ta027 ta021 ta023
bb="$build/flowshop-bb"
limit=${TIME_LIMIT:-4}
budget=${BUDGET:-120}
pool=${POOL_SIZE:+--pool-size $POOL_SIZE}
[ -x "$bb" ] || { echo "divergence_solve.sh: $bb not found (make first)" >&2; exit 2; }
mkdir -p "$out"
csv="$out/divergence_solve.csv"
echo "instance,lb,config,time_s,nodes,status" >"$csv"
: >"$out/characterization.txt"
start=$(date +%s)

field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }

# solve NAME LB CONFIG OPTIONS...: one row of the table and the CSV.
solve() {
    name=$1 lb=$2 config=$3
    shift 3
    if [ $(($(date +%s) - start)) -ge "$budget" ]; then
        printf '%-6s %-4s %-22s %9s %12s %s\n' "$name" "$lb" "$config" - - "skipped (budget)"
        return
    fi
    # shellcheck disable=SC2086
    json=$(timeout $((limit + 20)) "$bb" "$name" --lb "$lb" --ub opt --device gpu --gpu-engine offload $pool \
        --time-limit "$limit" --json -q "$@" 2>"$out/stderr.txt")
    status=$(printf '%s\n' "$json" | field status)
    if [ -z "$status" ]; then
        status="error: $(head -1 "$out/stderr.txt")"
        time_s=- nodes=-
    else
        time_s=$(printf '%s\n' "$json" | field time_s)
        nodes=$(printf '%s\n' "$json" | field nodes)
        [ "$status" = optimal ] || status=limit
    fi
    printf '%-6s %-4s %-22s %9s %12s %s\n' "$name" "$lb" "$config" "$time_s" "$nodes" "$status"
    echo "$name,$lb,$config,$time_s,$nodes,$status" >>"$csv"
}

echo "# offload engine, --ub opt, time limit ${limit}s per solve, budget ${budget}s ${pool}"
echo "# GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
printf '%-6s %-4s %-22s %9s %12s %s\n' instance lb config time_s nodes status
first=$1
for name in "$@"; do
    for lb in lb2 lb1; do
        [ "$lb" = lb1 ] && [ "$name" != "$first" ] && continue
        trace="$out/trace_${name}_$lb.txt"
        solve "$name" $lb off
        solve "$name" $lb div-plain --diagnose "$trace"
        [ -s "$trace" ] && "$bb" --characterize "$trace" >>"$out/characterization.txt" 2>&1
        [ "$lb" = lb1 ] && continue
        for balance in central distributed steal persistent; do
            solve "$name" $lb "balance-$balance" --balance $balance
        done
        solve "$name" $lb ccc --ccc on
        solve "$name" $lb cte --cte on
        solve "$name" $lb subwarp-8 --subwarp 8
        solve "$name" $lb throttle-cf --throttle cf
        solve "$name" $lb throttle-sjq --throttle sjq
    done
done
echo "# $(($(date +%s) - start)) s; CSV in $csv; traces characterized in $out/characterization.txt"
