#!/usr/bin/env bash
# device_heuristic_100x20.sh — the heuristic engine alone with its defaults on Taillard's 100x20
# class (ta081-ta090, issue 14) on 10 of the GPU machine's cores (no GPU used): one walk per
# instance, seed 1, the budget n (m/2) 60 ms of the walk's own CPU time (60 s), the 10 instances
# at once; about 65 s wall. The run of results/heuristic/README.md's table, repeated.
#   usage: test/bench/device_heuristic_100x20.sh BUILD_DIR
# Uses BUILD_DIR/heuristic-bench; where it is missing, builds it CPU-only into build-heuristic
# (make CUDA=0, under a minute). Writes to $OUT/heuristic/: heuristic_100x20.log (one line per
# run, then the table: ARPD, min, max, best known matched), heuristic_100x20.csv (one line per
# run) and cpu.txt (CPU model, cores). FACTOR (1) scales the budgets, for a quick try.
set -u
factor=${FACTOR:-1}
build=${1:?usage: $0 BUILD_DIR}
out=${OUT:-$(mktemp -d)}/heuristic
mkdir -p "$out"
bench="$build/heuristic-bench"
if [ ! -x "$bench" ]; then
    make -j"$(nproc)" CUDA=0 BUILD=build-heuristic build-heuristic/heuristic-bench >"$out/build.log" 2>&1 ||
        { echo "device_heuristic_100x20: cannot build heuristic-bench (see $out/build.log)"; exit 1; }
    bench=build-heuristic/heuristic-bench
fi
{
    grep -m1 'model name' /proc/cpuinfo
    echo "cores: $(nproc)"
} >"$out/cpu.txt"
"$bench" --instances ta081-ta090 --parallel 10 --factor "$factor" --seed 1 \
    --csv "$out/heuristic_100x20.csv" >"$out/heuristic_100x20.log" 2>&1
status=$?
cat "$out/cpu.txt" "$out/heuristic_100x20.log"
exit $status
