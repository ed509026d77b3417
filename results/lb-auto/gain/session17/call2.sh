#!/bin/bash
# issue 15, session 17, call 2 (no check-gpu): the corrected late-growth gate (session17/late-growth-wide.diff,
# "new") against main a8b6925: check-gpu on new; each variant once on the wide trees (UB above
# the optimum, 3 s each: nodes/s, peak, end batch); then ROUNDS rounds of the 35 instances,
# UB = optimum, search seconds: main's auto and LB1, new's auto, auto growth_wait=0.2 and LB1.
set -u
d=.dev/s17
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
ROUNDS=${ROUNDS:-5} PARTS="${PARTS:-bench}" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=auto|@$d/main lb=lb1|lb=auto|lb=auto growth_wait=0.2|lb=auto gain=2|lb=auto gain=3|lb=lb1|lb=lb2" \
    test/bench/device_lb_auto_default.sh $d/new | grep -v '^instances\|^ta0'
echo "call done $(date -u)"
