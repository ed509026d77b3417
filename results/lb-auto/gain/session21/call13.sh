#!/bin/bash
# issue 15, session 21, call 13: the probes' veto of fewer than 4 depths where the probes are
# clear (every depth they measure off saves less than half its cost, weighed as the rule
# does) and not early (from the engine's third decision; FSBB_LB_AUTO_CLEAR_PROBES): the
# build "clear" against the committed 34ee368 ("new"). check-gpu, every suite, on clear;
# gpu-resident-bench, the 35 instances at UB = optimum, new's lb1 and auto, clear's auto,
# 8 rounds.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call13.log"
timeout 300 $d/pack/clear/check-gpu >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$OUT/call13.log"
grep -E "Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -6 | tee -a "$OUT/call13.log"
ROUNDS=8 DEADLINE_S=280 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/clear lb=auto" \
    timeout 290 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call13.log"
echo "call done $(date -u)" | tee -a "$OUT/call13.log"
