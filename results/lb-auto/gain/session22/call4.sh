#!/bin/bash
# issue 15, session 22, call 4: (1) the queued child decoded in one place for the refine and
# the probe stages, and auto_start's spacings by one helper ("ref"): check-gpu, every suite;
# LB2 on ta021, ta023 and the pair, and auto on the 35, against main (60c9950, "new"), 3
# rounds alternating; (2) knobs on main not swept since the probes landed: gain=3,
# probe_weight=2, probe_weight=8 against auto and LB1, the 35 × 5.
set -u
d=.dev/s22
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
tar xJf $d/ref.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call4.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
timeout 280 $d/pack/ref/check-gpu >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$log"
grep -E "Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -6 | tee -a "$log"
lb2list="ta021,ta023,instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3; do
    for v in new ref; do
        timeout 60 $d/pack/$v/gpu-resident-bench "$lb2list" lb=lb2 | sed "s|^|lb2 $k $v |" >>"$OUT/ref.log"
    done
    for v in ref new; do
        ROUNDS=1 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/auto-$v-$k BENCH_VARIANTS="lb=auto" \
            timeout 60 test/bench/device_lb_auto_default.sh $d/pack/$v >/dev/null 2>&1
    done
done
awk '{print $1, $2, $3, $4, $6, $8}' "$OUT/ref.log" | tee -a "$log"
ROUNDS=5 DEADLINE_S=240 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/knobs \
    BENCH_VARIANTS="lb=lb1|lb=auto|lb=auto gain=3|lb=auto probe_weight=2|lb=auto probe_weight=8" \
    timeout 250 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$log"
echo "call done $(date -u)" | tee -a "$log"
