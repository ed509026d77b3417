#!/usr/bin/env bash
# calls.sh — the device calls of session 9 for issue 15 (results/lb-auto/gain/README.md,
# "Five rounds to the microsecond"), collected afterwards from the scripts that ran them
# (this file itself was not run). Each ran from the repository root on the GPU machine with
# the programs of a build, stripped and gzipped, and the shared libraries
# (../../shared/device/bundle-libs.sh), in PKG: call 1 and 2 main at 2923218's code
# (f7a16d4 with the microsecond print); call 3 that as old/ and the borrowed share (not on
# main) as new/; call 4 old/ alone. The log goes to $OUT/call.log.
#   usage: PKG=DIR bash results/lb-auto/gain/session9/calls.sh CALL
set -u
call=${1:?usage: calls.sh CALL}
pkg=${PKG:?PKG: the folder of the programs}
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
export LD_LIBRARY_PATH=$pkg/lib
unpack() { # unpack SIDE...: the programs of PKG/SIDE (or PKG itself for "."), into /tmp/b/SIDE
    local side f
    for side in "$@"; do
        mkdir -p "/tmp/b/$side"
        for f in "$pkg/$side"/*.gz; do gunzip -c "$f" >"/tmp/b/$side/$(basename "$f" .gz)"; done
        chmod +x "/tmp/b/$side"/*
    done
}
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
random() { echo "instances/random/$1.txt:$(opt "$1")"; }
rounds() { # rounds "SIDE KNOBS|...": the 35 instances, 5 rounds, the variants alternating
    local list="" k f round v side knobs runs=$out/runs.tsv
    for k in $(seq 21 30); do list="$list,ta0$k"; done
    for f in instances/random/r*.txt; do list="$list,$(random "$(basename "$f" .txt)")"; done
    list=${list#,}
    printf 'part\tround\tinstance\tlb\tvariant\tstatus\tnodes\trefined\tseconds\ttime_s\tgpu_startup_s\tlb_in_force\n' >"$runs"
    IFS='|' read -r -a variants <<<"$1"
    for round in 1 2 3 4 5; do
        for v in "${variants[@]}"; do
            side=${v%% *}; knobs=${v#* }
            echo "# round $round: $v"
            # shellcheck disable=SC2086
            "/tmp/b/$side/gpu-resident-bench" "$list" $knobs | tee "$out/last.txt"
            awk -v r="$round" -v v="$v" '{ n = $1; sub(".*/", "", n); sub("\\.txt$", "", n);
                printf "bench\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r, n, v, v, $12, $5, $16, $3, $3, $4 }' \
                "$out/last.txt" >>"$runs"
        done
    done
}
case $call in
1)  # call 1 ran device_lb_auto_default.sh (PARTS=bench ROUNDS=5) with these variants
    unpack .
    OUT=$out/auto DEVLIBS=$pkg/lib PARTS="bench" ROUNDS=5 \
        BENCH_VARIANTS="lb=lb1|lb=lb2|lb=auto|lb=auto explore=32|lb=auto explore=64" \
        bash test/bench/device_lb_auto_default.sh /tmp/b/. ;;
2)  # traces of auto where call 1 found it slow
    unpack .
    for k in 1 2 3 4 5 6; do /tmp/b/./gpu-resident-bench "$(random r30x15_3015005)" lb=auto trace=1 depths=1; done
    for k in 1 2; do /tmp/b/./gpu-resident-bench "ta029,$(random r20x20_2020006)" lb=auto trace=1 depths=1; done
    /tmp/b/./gpu-resident-bench "$(random r20x20_2020019)" lb=auto depths=1 ;;
3)  # the borrowed share (new) against main (old)
    unpack old new
    rounds "new lb=lb1|new lb=lb2|old lb=auto|new lb=auto"
    for k in 1 2 3; do /tmp/b/new/gpu-resident-bench "$(random r30x15_3015005)" lb=auto trace=1 depths=1; done ;;
4)  # denser shadows, knobs on main's build
    unpack old
    rounds "old lb=lb1|old lb=lb2|old lb=auto|old lb=auto shadow=256|old lb=auto shadow=64" ;;
esac
echo "call done $(date -u)"
