#!/bin/bash
# issue 15, session 16, call 1: the late-growth gate (session15/late-growth.diff, "new") against
# main 6cf70ed: check-gpu on new, then the 35 instances, UB = optimum, search seconds, ROUNDS
# rounds of main's auto and LB1 and new's auto, LB1 and LB2 (the order turned every other round).
set -u
d=.dev/s16
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
if [ "${CHECK:-1}" = 1 ]; then
    echo "## check-gpu (new)"
    LD_LIBRARY_PATH=$d/lib timeout 300 $d/new/check-gpu >"$OUT/check-gpu.txt" 2>&1
    echo "check-gpu rc=$?"
    grep -E "suites|tests|asserts|Elapsed" "$OUT/check-gpu.txt" | tail -4
    grep -B2 -A6 -i "fail" "$OUT/check-gpu.txt" | head -30
fi
ROUNDS=${ROUNDS:-3} PARTS=bench DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=auto|@$d/main lb=lb1|lb=auto|lb=lb1|lb=lb2" \
    test/bench/device_lb_auto_default.sh $d/new | grep -v '^instances\|^ta0'
echo "call done $(date -u)"
