#!/bin/bash
# issue 15, session 20, call 11: the probes as they stand (probed after the refine stage, a
# dynamic-program recursion, weight 4, a veto by probes only of two depths or more):
# check-gpu, every suite; then gpu-resident-bench, the 35 instances at UB = optimum, main's
# lb1, lb2 and auto against the new auto, 3 rounds.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call11.log"
timeout 260 $d/pack/new/check-gpu >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$OUT/call11.log"
grep -E "probe|Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -10 | tee -a "$OUT/call11.log"
ROUNDS=3 DEADLINE_S=260 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/pack/main lb=lb1|@$d/pack/main lb=lb2|@$d/pack/main lb=auto|lb=auto" timeout 280 \
    test/bench/device_lb_auto_default.sh $d/pack/new | tail -16 | tee -a "$OUT/call11.log"
echo "call done $(date -u)" | tee -a "$OUT/call11.log"
