#!/usr/bin/env bash
# distributed_scaling.sh — on the GPU machine (16 cores, one H100): the distributed search's
# strong scaling. Built on the build machine by test/bench/distributed_prepare.sh; run from
# the repository root with .device-build and .devlibs carried. The log goes to
# $OUT/distributed_scaling.log (and the JSON of every run to $OUT/runs/).
#
#   1. the launcher: a two-rank hello (mpirun -np 2 hostname, then flowshop-bb on ta001 with
#      2 ranks, which must report "ranks": 2), first with this machine's Open MPI and the
#      GPU machine's libmpi, then with the carried Open MPI (OPAL_PREFIX); the first that
#      works is used for the rest;
#   2. cpu: ranks 1, 2, 4, 8, 16 of one thread each (--device cpu) on each instance, upper
#      bound at the optimum (a fixed tree: every run branches the same nodes): times, nodes,
#      nodes/s, efficiency against 1 rank (t1 / (p tp); from node rates, marked *, when a
#      run hit the time limit), steals, bytes sent and seconds idle (engines waiting for
#      nodes) of all ranks;
#   3. gpu: 1 GPU rank alone, then 1 GPU rank + k CPU ranks (--gpu-ranks 1), and 2 GPU
#      ranks sharing the GPU, on the same instances;
#   4. multigpu (a machine with several GPUs): GPU_INSTANCES (default ta021-ta030) at the
#      optimum, whole process, as one process without mpirun, then on 1, 2, 4 ... GPU ranks
#      (one a GPU, every default otherwise); then LARGE (default ta051) at its best-known
#      makespan for LARGE_LIMIT seconds on the same rank counts: node rate per GPU and its
#      efficiency against one GPU rank;
#   5. capacity: the machine's own ceiling for CPU ranks: CAPACITY_COPIES (default 16)
#      independent one-thread processes on CAPACITY_INSTANCE (default ta023) at once for
#      TIME_LIMIT s, their summed node rate against one such process alone.
#
#   usage: test/bench/distributed_scaling.sh [cpu|gpu|multigpu|capacity|all]   (default all)
#   env:   INSTANCES (default "ta021 ta022 ta023 ta024 ta025"), RANKS (default
#          "1 2 4 8 16"), CPU_RANKS_WITH_GPU (default "1 3 7 15"), TIME_LIMIT (seconds per
#          run, default 100), BIN (default .device-build/dist/flowshop-bb), LAUNCHER (system
#          or carried: only that one; default: the system's, then the carried one), CPUS (a
#          taskset list, e.g. 0-15: every process of the cpu and capacity parts runs there),
#          GPU_COUNTS (default: 1 2 4 ... up to the GPUs present), GPU_INSTANCES, LARGE,
#          LARGE_LIMIT (default 20).
# One rank of one thread runs about 1.7 M nodes/s on LB1, so the whole trees (--ub opt) take
# ta022 27 s, ta025 50 s, ta024 115 s, ta021 270 s, ta023 1700 s on one rank: pick the
# instances and the time limit to fit one call (10 minutes), e.g.
#   INSTANCES="ta022 ta025" TIME_LIMIT=60 test/bench/distributed_scaling.sh cpu    (~4 min)
#   INSTANCES="ta021 ta023" TIME_LIMIT=60 test/bench/distributed_scaling.sh cpu    (~9 min)
#   test/bench/distributed_scaling.sh gpu                                          (~3 min)
set -u
part=${1:-all}
instances=${INSTANCES:-ta021 ta022 ta023 ta024 ta025}
rank_counts=${RANKS:-1 2 4 8 16}
cpu_ranks_with_gpu=${CPU_RANKS_WITH_GPU:-1 3 7 15}
time_limit=${TIME_LIMIT:-100}
bin=${BIN:-.device-build/dist/flowshop-bb}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out/runs"
exec > >(tee "$out/distributed_scaling.log") 2>&1
libs=$PWD/.devlibs/dist
# A container may forbid the cross-process memory copy Open MPI uses for large messages on
# one host; shared memory buffers work everywhere.
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-none}
now() { date +%s.%N; }
# field NAME: the first (top-level) value of NAME in a one-line JSON object on stdin.
field() { grep -o "\"$1\": \"*[^,\"}]*" | head -1 | sed 's/^"[^"]*": "*//'; }
# rank_total NAME: the sum of NAME over the ranks' objects.
rank_total() { grep -o "\"$1\": [0-9.]*" | awk '{s += $2} END {print s + 0}'; }

echo "# $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
echo "# $(nproc) cores; flowshop-bb $(cat "$(dirname "$bin")/REVISION" 2>/dev/null || echo '?'); part $part"

# ---- 1. The launcher ------------------------------------------------------------------
mpirun_cmd=()
try_launcher() {
    local name=$1
    shift
    echo
    echo "## launcher: $name"
    local launcher=("$@" --allow-run-as-root --oversubscribe --bind-to none)
    timeout 60 "${launcher[@]}" -np 2 hostname
    local rc=$?
    echo "hello (hostname): exit $rc"
    [ $rc -eq 0 ] || return 1
    timeout 60 "${launcher[@]}" -np 2 "$bin" ta001 --threads 1 --device cpu --json -q >"$out/runs/hello.json"
    rc=$?
    local ranks
    ranks=$(field ranks <"$out/runs/hello.json")
    echo "hello (flowshop-bb ta001 on 2 ranks): exit $rc, ranks ${ranks:-none}, makespan $(field makespan <"$out/runs/hello.json")"
    [ $rc -eq 0 ] && [ "$ranks" = 2 ] || return 1
    mpirun_cmd=("${launcher[@]}")
}

system_launcher() {
    try_launcher "this machine's mpirun ($(mpirun --version 2>/dev/null | head -1)), its libmpi" \
        env LD_LIBRARY_PATH="$libs/app" mpirun -x LD_LIBRARY_PATH
}
carried_launcher() {
    local tree=$libs/ompi
    local libdir
    libdir=$(sed -n 2p "$tree/VERSION" 2>/dev/null)
    export OPAL_PREFIX=$tree PMIX_INSTALL_PREFIX=$tree/pmix2
    export LD_LIBRARY_PATH="$tree${libdir#/usr}:$libs/mpi:$libs/app"
    export PATH="$tree/bin:$PATH"
    try_launcher "the carried Open MPI ($(head -1 "$tree/VERSION" 2>/dev/null))" \
        "$tree/bin/orterun" -x LD_LIBRARY_PATH -x OPAL_PREFIX -x PMIX_INSTALL_PREFIX
}
launcher=${LAUNCHER:-any}
if [ "$launcher" != carried ] && command -v mpirun >/dev/null 2>&1 && system_launcher; then
    :
elif [ "$launcher" != system ] && carried_launcher; then
    :
else
    echo "no launcher works: stopping"
    exit 1
fi
echo "launcher: ${mpirun_cmd[*]}"
# The program without mpirun, with the libraries the launcher's runs use.
plain=(env LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$libs/app" "$bin")

# run LABEL RANKS ARGS...: one distributed solve; prints a table row, keeps its JSON.
row_header() { printf '%-6s %-12s %5s %8s %8s %-10s %14s %10s %7s %7s %11s %8s\n' instance setting ranks wall_s solve_s status nodes nodes/s eff steals bytes_sent idle_s; }
run() {
    local instance=$1 label=$2 ranks=$3
    shift 3
    local json="$out/runs/$instance-$label-$ranks.json" start end
    start=$(now)
    timeout $((time_limit + 60)) ${pin[@]+"${pin[@]}"} "${mpirun_cmd[@]}" -np "$ranks" "$bin" "$instance" --ub opt \
        --time-limit "$time_limit" --json -q "$@" >"$json" 2>"$json.err"
    end=$(now)
    local wall solve nodes status rate
    wall=$(echo "$start $end" | awk '{printf "%.2f", $2 - $1}')
    solve=$(field time_s <"$json")
    solve=${solve:-$wall}
    nodes=$(field nodes <"$json")
    status=$(field status <"$json")
    rate=$(echo "${nodes:-0} $solve" | awk '{printf "%.3g", $1 / $2}')
    local eff=-
    if { [ "$label" = cpu ] || [ "$label" = gpus ]; } && [ -n "${nodes:-}" ]; then
        if [ "$ranks" = 1 ]; then
            base_time=$solve base_rate=$rate base_status=$status
        fi
        if [ "$status" = optimal ] && [ "$base_status" = optimal ]; then
            eff=$(echo "$base_time $ranks $solve" | awk '{printf "%.3f", $1 / ($2 * $3)}')
        else
            eff=$(echo "$rate $ranks $base_rate" | awk '{printf "%.3f*", $1 / ($2 * $3)}')
        fi
    fi
    printf '%-6s %-12s %5s %8s %8.2f %-10s %14s %10s %7s %7s %11s %8.2f\n' "$instance" "$label" "$ranks" "$wall" "$solve" \
        "${status%%:*}" "${nodes:-?}" "$rate" "$eff" "$(rank_total steals <"$json")" "$(rank_total bytes_sent <"$json")" \
        "$(rank_total idle_s <"$json")"
    [ -s "$json.err" ] && sed 's/^/    stderr: /' "$json.err" | head -5
}

pin=()
[ -n "${CPUS:-}" ] && pin=(taskset -c "$CPUS")

# ---- 2. CPU ranks -----------------------------------------------------------------------
if [ "$part" = cpu ] || [ "$part" = all ]; then
    echo
    echo "## cpu: ranks of one thread each, --device cpu, --ub opt, time limit $time_limit s"
    echo "(wall_s: the whole mpirun; solve_s: rank 0's solve, the search of all ranks with its set-up and final gather;"
    echo " efficiency t1 / (p tp) of solve_s, or from nodes/s (*) when a run hit the limit)"
    row_header
    for instance in $instances; do
        base_time=0 base_rate=0 base_status=none
        for ranks in $rank_counts; do
            run "$instance" cpu "$ranks" --threads 1 --device cpu
        done
    done
fi

# ---- 3. A GPU rank with CPU ranks, and two GPU ranks on one GPU -------------------------
if [ "$part" = gpu ] || [ "$part" = all ]; then
    echo
    echo "## gpu: the resident engine on rank 0 (--gpu-ranks 1), alone and with k CPU ranks of one thread; 2 GPU ranks sharing the GPU"
    row_header
    for instance in $instances; do
        run "$instance" gpu 1 --device gpu --threads 1
        for k in $cpu_ranks_with_gpu; do
            run "$instance" "gpu+${k}cpu" $((k + 1)) --device gpu --gpu-ranks 1 --threads 1
        done
        run "$instance" 2gpu-shared 2 --device gpu --threads 1
    done
    echo
    echo "per-rank nodes of the GPU runs (rank 0 first):"
    for json in "$out"/runs/*gpu*.json; do
        echo "  $(basename "$json" .json): $(grep -o '"nodes": [0-9]*' "$json" | sed -n '2,$p' | awk '{printf "%s ", $2}')"
    done
fi

# ---- 4. Several GPUs: one GPU rank a GPU -----------------------------------------------
if [ "$part" = multigpu ] || [ "$part" = all ]; then
    pin=()
    gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
    if [ -n "${GPU_COUNTS:-}" ]; then
        gpu_counts=$GPU_COUNTS
    else
        gpu_counts=
        for ((g = 1; g <= gpus; g *= 2)); do gpu_counts="$gpu_counts $g"; done
    fi
    # gpu_series INSTANCE: the instance on each GPU rank count, efficiency against the first.
    gpu_series() {
        base_time=0 base_rate=0 base_status=none
        for g in $gpu_counts; do
            run "$1" gpus "$g" --device gpu
        done
    }
    echo
    echo "## multigpu: $gpus GPUs; GPU ranks: $gpu_counts (rank r takes GPU r % $gpus); every default but --device gpu"
    nvidia-smi -L
    echo "whole process, --ub opt: one process (no mpirun), then the GPU ranks"
    row_header
    for instance in ${GPU_INSTANCES:-ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030}; do
        json="$out/runs/$instance-single.json"
        start=$(now)
        "${plain[@]}" "$instance" --ub opt --device gpu --json -q >"$json" 2>"$json.err"
        end=$(now)
        printf '%-6s %-12s %5s %8s %8.2f %-10s %14s\n' "$instance" single 1 \
            "$(echo "$start $end" | awk '{printf "%.2f", $2 - $1}')" "$(field time_s <"$json")" \
            "$(field status <"$json")" "$(field nodes <"$json")"
        gpu_series "$instance"
    done
    saved_limit=$time_limit
    time_limit=${LARGE_LIMIT:-20}
    echo
    echo "${LARGE:-ta051} at the best-known makespan (--ub opt), $time_limit s: node rate per GPU"
    row_header
    for instance in ${LARGE:-ta051}; do
        gpu_series "$instance"
    done
    time_limit=$saved_limit
    echo
    echo "per-rank nodes and devices of the multi-GPU runs (rank 0 first):"
    for json in "$out"/runs/*-gpus-*.json; do
        echo "  $(basename "$json" .json): $(grep -o '"nodes": [0-9]*' "$json" | sed -n '2,$p' | awk '{printf "%s ", $2}')"
        echo "    $(grep -o '"device": "[^"]*"' "$json" | sed -n '2,$p' | sed 's/"device": //' | tr '\n' ' ')"
    done
fi

# ---- 5. The machine's ceiling for CPU ranks --------------------------------------------
if [ "$part" = capacity ] || [ "$part" = all ]; then
    instance=${CAPACITY_INSTANCE:-ta023}
    copies=${CAPACITY_COPIES:-16}
    echo
    echo "## capacity: $copies independent one-thread processes of $instance at once, $time_limit s, against one alone${CPUS:+ (cores $CPUS)}"
    one=$(${pin[@]+"${pin[@]}"} "${plain[@]}" "$instance" --ub opt --device cpu --threads 1 --heuristic-threads 0 \
        --time-limit "$time_limit" --json -q | field nodes)
    copy_pids=()
    for ((k = 0; k < copies; k++)); do
        ${pin[@]+"${pin[@]}"} "${plain[@]}" "$instance" --ub opt --device cpu --threads 1 --heuristic-threads 0 \
            --time-limit "$time_limit" --json -q >"$out/runs/capacity-$k.json" &
        copy_pids+=($!)
    done
    wait "${copy_pids[@]}"
    together=$(cat "$out"/runs/capacity-*.json | grep -o '"nodes": [0-9]*' | awk '{s += $2} END {print s + 0}')
    echo "one alone: $one nodes; $copies at once: $together nodes; ceiling $(echo "$together $copies $one" | awk '{printf "%.3f", $1 / ($2 * $3)}')"
fi
