#!/bin/bash
# issue 15, session 20, call 15: the probes with a veto only of four depths or more
# (FSBB_LB_AUTO_PROBE_VETO_DEPTHS 4) and 1 in 256 cuts probed (PROBE_SPACING): check-gpu's
# resident suites; the pair, 8 searches each of main's auto and the new, alternating;
# gpu-resident-bench, the 35 instances at UB = optimum, main's lb1 and auto against the new
# auto, 4 rounds, main's lb2 once.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call15.log"
timeout 150 $d/pack/new/check-gpu gpu_resident gpu_resident_lb2 gpu_resident_anytime gpu_resident_census >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$OUT/call15.log"
grep -E "probe|Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -8 | tee -a "$OUT/call15.log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8; do
    timeout 30 $d/pack/main/gpu-resident-bench "$pair" lb=auto | sed "s|^|$k main |" >>"$OUT/pair.log"
    timeout 30 $d/pack/new/gpu-resident-bench "$pair" lb=auto | sed "s|^|$k new |" >>"$OUT/pair.log"
done
awk '{print $1, $2, $3, $5, $(NF-2)}' "$OUT/pair.log" | tee -a "$OUT/call15.log"
ROUNDS=4 DEADLINE_S=300 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/pack/main lb=lb1|@$d/pack/main lb=auto|lb=auto" timeout 320 \
    test/bench/device_lb_auto_default.sh $d/pack/new | tail -14 | tee -a "$OUT/call15.log"
ROUNDS=1 DEADLINE_S=60 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/lb2 BENCH_VARIANTS="@$d/pack/main lb=lb2" timeout 60 \
    test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call15.log"
echo "call done $(date -u)" | tee -a "$OUT/call15.log"
