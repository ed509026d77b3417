#!/usr/bin/env bash
# calls.sh — the device calls of session 8 (shadows, results/lb-auto/gain/README.md), run on
# the GPU machine from the repository root: bash results/lb-auto/gain/session8/calls.sh CALL
# PKG names the folder of gzipped programs and lib/ (call 1: device_kernel_prepare.sh's
# folder, old = 35d78cf; later calls: build-device's flowshop-bb, gpu-resident-bench and
# check-gpu, stripped and gzipped, with call 1's lib/; calls 9 and 11 also old/flowshop-bb.gz
# of 35d78cf). Calls 2-4 and 7-9 ran builds that are not on main (call 2: a cost scale knob,
# lb2scale; calls 3-4: the per-depth rule, shadows on by default, shadow=-1 for none; calls
# 7-9: the first veto); the variants below are theirs. The calls ran these commands
# from one script each; collected here afterwards, this file itself was not run. The log
# goes to $OUT/call.log.
set -u
call=${1:?usage: calls.sh CALL}
pkg=${PKG:?PKG: the folder of the programs}
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
random() { echo "instances/random/$1.txt:$(opt "$1")"; }
unpack() {
    bin=$(mktemp -d)
    for f in "$pkg"/*.gz; do gunzip -c "$f" >"$bin/$(basename "$f" .gz)"; done
    chmod +x "$bin"/*
    export LD_LIBRARY_PATH=$pkg/lib
}
auto_bench() { # auto_bench ROUNDS VARIANTS: the 35 instances, search only
    OUT=$out/auto DEVLIBS=$pkg/lib PARTS="bench" ROUNDS=$1 BENCH_VARIANTS=$2 \
        bash test/bench/device_lb_auto_default.sh "$bin"
}
depths() { # depths INSTANCES VARIANT...
    local list=$1
    shift
    for v in "$@"; do timeout 60 "$bin/gpu-resident-bench" "$list" lb=auto depths=1 $v; done
}
case $call in
1)  # check-gpu and LB1 rates, old against new; auto measured against the prior alone
    OUT=$out/rate PARTS="check rates" ROUNDS=2 bash "$pkg/device_kernel_rate.sh" "$pkg"
    bin=$(mktemp -d) && mkdir -p "$bin" && for f in "$pkg"/new/*.gz; do gunzip -c "$f" >"$bin/$(basename "$f" .gz)"; done
    chmod +x "$bin"/* && export LD_LIBRARY_PATH=$pkg/lib
    OUT=$out/auto DEVLIBS=$pkg/lib PARTS="bench gpu" ROUNDS=1 DEADLINE_S=220 \
        BENCH_VARIANTS="lb=lb1|lb=lb2|lb=auto shadow=-1|lb=auto" GPU_LBS="lb1 auto lb2" \
        bash test/bench/device_lb_auto_default.sh "$bin"
    depths "ta021,ta023,ta027,$(random r20x20_2020019),$(random r30x15_3015005)" "" shadow=-1
    timeout 60 "$bin/gpu-resident-bench" "ta021,$(random r20x20_2020019)" lb=auto trace=1 | head -120 ;;
2)  unpack
    auto_bench 2 "lb=lb1|lb=lb2|lb=auto shadow=-1|lb=auto lb2scale=0.33|lb=auto lb2scale=0.22|lb=auto lb2scale=0.15|lb=auto lb2scale=0.22 gain=1"
    depths "ta021,$(random r20x20_2020019)" lb2scale=0.22 ;;
3)  unpack
    auto_bench 2 "lb=lb1|lb=lb2|lb=auto shadow=-1|lb=auto weight=1|lb=auto weight=2|lb=auto weight=4|lb=auto weight=8"
    depths "ta021,$(random r20x20_2020019)" weight=2 ;;
4)  unpack
    list="ta021,ta023,ta025,ta027,ta029"
    for r in r20x20_2020003 r20x20_2020005 r20x20_2020019 r20x20_2020032 r30x15_3015004 r30x15_3015005; do
        list="$list,$(random $r)"
    done
    IFS='|' read -r -a variants <<<"lb=lb1|lb=auto shadow=-1|lb=auto weight=2|lb=auto weight=2 overhead=-100|lb=auto weight=4 overhead=-100|lb=auto weight=8|lb=auto weight=16"
    for round in 1 2; do
        for v in "${variants[@]}"; do
            echo "# round $round: $v"
            timeout 120 "$bin/gpu-resident-bench" "$list" $v
        done
    done
    echo "## trace r20x20_2020019 weight=2"
    timeout 60 "$bin/gpu-resident-bench" "$(random r20x20_2020019)" lb=auto trace=1 weight=2 | head -150 ;;
5|6) # the build to land: check-gpu; call 5 also compute-sanitizer with every cut a shadow
    unpack
    s=$(date +%s)
    timeout 300 "$bin/check-gpu" >"$out/check-gpu.txt" 2>&1
    echo "check-gpu: exit $?, $(($(date +%s) - s)) s"
    grep -E "shadows|DIFFER|FAILED|Assertion|Run Summary|^ +suites|^ +tests|^ +asserts" "$out/check-gpu.txt" | head -20
    [ "$call" = 5 ] && for tool in memcheck racecheck synccheck; do
        timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 "$bin/gpu-resident-bench" ta011 lb=auto shadow=1 \
            overhead=-1e300 batch=2048 2>&1 | tail -4
        echo "compute-sanitizer $tool: exit ${PIPESTATUS[0]}"
    done ;;
7)  # (an H200) the first veto, shadows 1 in 1024, weights 1, 1.5 (its default), 2
    unpack
    auto_bench 2 "lb=lb1|lb=lb2|lb=auto|lb=auto shadow=1024 weight=1|lb=auto shadow=1024|lb=auto shadow=1024 weight=2"
    depths "ta021,$(random r20x20_2020032)" shadow=1024 ;;
8|9|10|11) # 8 (H200): check-gpu, 2 rounds; 9 (H100): 1 round and whole process; 10 (H100): the
    # veto as landed, 2 rounds; 11 (H100): check-gpu and whole process. Whole process: old
    # (35d78cf, $pkg/old) and new alternating, --ub at the optimum, --device gpu (call 8's ran
    # without it, on the CPU engine, and is not used).
    unpack
    if [ "$call" = 8 ] || [ "$call" = 11 ]; then
        timeout 300 "$bin/check-gpu" >"$out/check-gpu.txt" 2>&1
        echo "check-gpu: exit $?"
        grep -E "shadows|Run Summary|^ +suites|^ +tests|^ +asserts" "$out/check-gpu.txt"
    fi
    case $call in 8 | 10) rounds=2 ;; *) rounds=1 ;; esac
    [ "$call" = 11 ] || auto_bench $rounds "lb=lb1|lb=lb2|lb=auto shadow=-1|lb=auto"
    if [ "$call" = 9 ] || [ "$call" = 11 ]; then
        items=$(for k in $(seq 21 30); do printf 'ta0%s:opt ' "$k"; done)
        [ "$call" = 9 ] && items="$items $(awk 'NR > 1 { printf "instances/random/%s.txt:%s ", $1, $5 }' instances/random/optima.tsv)"
        printf 'round\tinstance\tbuild\tstatus\tnodes\twall_s\n' >"$out/whole.tsv"
        for item in $items; do
            for side in old new; do
                program=$bin/flowshop-bb
                [ "$side" = old ] && program=$(mktemp -d)/flowshop-bb && gunzip -c "$pkg/old/flowshop-bb.gz" >"$program" && chmod +x "$program"
                s=$(date +%s.%N)
                "$program" "${item%:*}" --ub "${item##*:}" --device gpu --json -q >"$out/last.json" 2>/dev/null
                printf '1\t%s\t%s\t%s\t%s\t%s\n' "$(basename "${item%:*}" .txt)" "$side" \
                    "$(sed -n 's/.*"status": "\([^"]*\)".*/\1/p' "$out/last.json")" \
                    "$(sed -n 's/.*"nodes": \([0-9]*\).*/\1/p' "$out/last.json")" \
                    "$(echo "$s $(date +%s.%N)" | awk '{printf "%.3f", $2 - $1}')" >>"$out/whole.tsv"
            done
        done
    fi ;;
*) echo "calls.sh: no call $call" >&2; exit 2 ;;
esac
echo "call done $(date -u)"
