#!/bin/sh
# gpu_bench.sh — the device-resident GPU engine against PBB@GPU on one H100: time to prove
# optimality of ta021-ta030 with the upper bound at the optimum (whole process, and the
# solver's own time), then with the heuristic upper bound, with LB2, and nodes/s on larger
# classes under a time limit.
#   usage: gpu_bench.sh [BUILD [OUTDIR]]   (run on the GPU machine; `make bench-gpu`)
# Writes OUTDIR/table.txt (also printed) and OUTDIR/runs.jsonl (flowshop-bb's JSON lines).
set -eu
build=${1:-build}
out=${2:-results/bench-gpu}
limit=${FSBB_BENCH_TIME_LIMIT:-10}
bb="$build/flowshop-bb"
mkdir -p "$out"
table="$out/table.txt"
runs="$out/runs.jsonl"
: >"$runs"

field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
now() { date +%s.%N; }

# Instance and PBB@GPU's time on an H100 (seconds, UB = optimum).
targets="ta021 7.59
ta022 0.77
ta023 47.5
ta024 3.25
ta025 1.33
ta026 4.80
ta027 6.04
ta028 0.29
ta029 0.29
ta030 0.12"

{
    echo "# flowshop-bb --device gpu --ub opt (resident engine, LB1, dynamic branching) on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
    printf '%-6s %9s %9s %8s %13s %11s %8s %s\n' instance wall_s solve_s pbb_s nodes nodes/s vs_pbb status
} | tee "$table"
total_wall=0
total_pbb=0
echo "$targets" | while read -r name pbb; do
    start=$(now)
    "$bb" "$name" --device gpu --ub opt --json -q >"$out/last.json" || true
    end=$(now)
    cat "$out/last.json" >>"$runs"
    wall=$(echo "$start $end" | awk '{printf "%.3f", $2 - $1}')
    solve=$(field time_s <"$out/last.json")
    nodes=$(field nodes <"$out/last.json")
    rate=$(field nodes_per_s <"$out/last.json")
    status=$(field status <"$out/last.json")
    printf '%-6s %9s %9.3f %8s %13s %11.4g %7.2fx %s\n' "$name" "$wall" "$solve" "$pbb" "$nodes" "$rate" \
        "$(echo "$wall $pbb" | awk '{print $2 / $1}')" "$status"
done | tee -a "$table"
awk '$1 ~ /^ta0/ { wall += $2; solve += $3; pbb += $4; nodes += $5 }
     END { printf "%-6s %9.3f %9.3f %8.2f %13.0f %11.4g %7.2fx\n", "total", wall, solve, pbb, nodes, nodes / solve, pbb / wall }' \
    "$table" | tee -a "$table"

# Other settings: the default upper bound (NEH plus local search, on the CPU), and LB2.
section() {
    title=$1
    shift
    {
        echo
        echo "# $title"
        printf '%-6s %9s %9s %13s %11s %6s %s\n' instance wall_s solve_s nodes nodes/s ub status
    } | tee -a "$table"
}
row() {
    name=$1
    shift
    start=$(now)
    "$bb" "$name" --device gpu --json -q "$@" >"$out/last.json" || true
    end=$(now)
    cat "$out/last.json" >>"$runs"
    printf '%-6s %9s %9.3f %13s %11.4g %6s %s\n' "$name" "$(echo "$start $end" | awk '{printf "%.3f", $2 - $1}')" \
        "$(field time_s <"$out/last.json")" "$(field nodes <"$out/last.json")" \
        "$(field nodes_per_s <"$out/last.json")" "$(field initial_ub <"$out/last.json")" \
        "$(field status <"$out/last.json")" | tee -a "$table"
}
section "--ub heuristic (the default), LB1"
for name in ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030; do
    row "$name" --ub heuristic
done
section "--lb lb2 --ub opt, --time-limit $limit"
for name in ta022 ta025 ta028 ta029 ta030; do
    row "$name" --lb lb2 --ub opt --time-limit "$limit"
done
section "nodes/s on larger classes, --time-limit $limit, LB1 (--ub opt, then --ub inf)"
for name in ta041 ta051 ta081 ta111; do
    row "$name" --ub opt --time-limit "$limit"
    row "$name" --ub inf --time-limit "$limit"
done
rm -f "$out/last.json"
