#!/bin/bash
# issue 15, session 17, call 3: graphs kept per kernel and run length (session17/graph-cache.diff,
# "gc") against main a8b6925: ROUNDS rounds of the 35 instances, UB = optimum, search seconds,
# main's auto and LB1 and gc's auto and LB1 (the order turned every other round); then
# check-gpu on gc.
set -u
d=.dev/s17
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
ROUNDS=${ROUNDS:-6} PARTS=bench DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=auto|@$d/main lb=lb1|lb=auto|lb=lb1" \
    test/bench/device_lb_auto_default.sh $d/gc | grep -v '^instances\|^ta0'
if [ "${CHECK:-1}" = 1 ]; then
    echo "## check-gpu (gc)"
    LD_LIBRARY_PATH=$d/lib timeout 300 $d/gc/check-gpu >"$OUT/check-gpu.txt" 2>&1
    echo "check-gpu rc=$?"
    grep -E "suites|tests|asserts|Elapsed" "$OUT/check-gpu.txt" | tail -4
    grep -B2 -A6 -i "fail" "$OUT/check-gpu.txt" | head -30
fi
echo "call done $(date -u)"
