#!/bin/sh
# offload_bench.sh — the offload GPU engine (CPU branching, GPU pool bounding) against the
# CPU engine on 16 threads: ta021-ta030 from the best-known makespan (--ub opt), time and
# nodes of each, on the GPU machine.
#   usage: offload_bench.sh [BUILD [INSTANCE...]]       (BUILD defaults to build)
#   environment: TIME_LIMIT seconds per run (default 25; 0: none), THREADS for the CPU
#     engine (default 16), EXTRA options for both runs (e.g. "--lb lb2"), GPU_EXTRA options
#     for the offload run only (e.g. "--pool-size 65536 --pool-order dfs").
# Prints one row per instance; a status other than "optimal" means the run hit the time
# limit (its time is then the limit, not a solve). The offload run's node count must equal
# the CPU engine's whenever both prove optimality (the tree is fixed at --ub opt).
set -u
build=${1:-build}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030
bb="$build/flowshop-bb"
limit=${TIME_LIMIT:-25}
threads=${THREADS:-16}
extra=${EXTRA:-}
gpu_extra=${GPU_EXTRA:-}
[ -x "$bb" ] || { echo "offload_bench.sh: $bb not found (make first)" >&2; exit 2; }

field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }

# Runs flowshop-bb with the given options; prints "time nodes status".
solve() {
    # shellcheck disable=SC2086
    out=$("$bb" "$@" --ub opt --time-limit "$limit" --json -q $extra 2>&1)
    status=$(printf '%s\n' "$out" | field status)
    if [ -z "$status" ]; then
        printf '%s\n' "$out" | head -1 | sed 's/^/  error: /' >&2
        echo "- - error"
        return
    fi
    echo "$(printf '%s\n' "$out" | field time_s) $(printf '%s\n' "$out" | field nodes) $status"
}

echo "# offload engine (--device gpu --gpu-engine offload $gpu_extra) vs CPU engine (--threads $threads), --ub opt $extra, time limit ${limit}s"
echo "# GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)   CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf '%-8s | %10s %14s %-8s | %10s %14s %-8s | %9s %s\n' instance gpu_s gpu_nodes gpu cpu_s cpu_nodes cpu \
    cpu/gpu same_tree
for name in "$@"; do
    # shellcheck disable=SC2086
    set -- $(solve "$name" --device gpu --gpu-engine offload $gpu_extra)
    gpu_s=$1 gpu_nodes=$2 gpu_status=$3
    set -- $(solve "$name" --device cpu --threads "$threads")
    cpu_s=$1 cpu_nodes=$2 cpu_status=$3
    ratio=-
    same=-
    if [ "$gpu_status" = optimal ] && [ "$cpu_status" = optimal ]; then
        ratio=$(echo "$cpu_s $gpu_s" | awk '{ printf "%.3f", $2 > 0 ? $1 / $2 : 0 }')
        same=$([ "$gpu_nodes" = "$cpu_nodes" ] && echo yes || echo NO)
    fi
    printf '%-8s | %10s %14s %-8s | %10s %14s %-8s | %9s %s\n' "$name" "$gpu_s" "$gpu_nodes" "$gpu_status" \
        "$cpu_s" "$cpu_nodes" "$cpu_status" "$ratio" "$same"
done
