#!/bin/bash
# issue 15, session 23, call 7: 60b640c let a veto rest on a single depth measured off by
# its probes (the guard counted the depths the prior turns on, which now include cheap ones
# without shadows): call 4's pair.log has r20x20_2020019 vetoed at run 6 with "prior 4, off
# by shadows 0, by probes 1" (a review found it). pack/fix is main (f34ff07, pack/head) with
# the guard on the depths measured off instead (FSBB_LB_AUTO_PROBE_VETO_DEPTHS of them).
# (1) ta021, trace=1 depths=1, 6 each of head and fix, alternating; (2) the pair, 10
# rounds alternating, fix traced (trace=1, its lines in pair.log); (3) gpu-resident-bench,
# the 35 × 6: head's LB1 and auto, fix's auto; (4) check-gpu on fix, last. Six files come
# back. The build: call6.sh's pack/head (flowshop-bb left out) and the same make of the
# working tree with the fix into pack/fix, both in .dev/s23/bins.tar.xz.
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call7.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in 1 2 3 4 5 6; do
    for v in head fix; do
        echo "## $k $v" >>"$OUT/ta021.log"
        timeout 20 $d/pack/$v/gpu-resident-bench ta021 lb=auto trace=1 depths=1 >>"$OUT/ta021.log" 2>&1
    done
done
grep -E "^## |^ta021" "$OUT/ta021.log" | paste - - | tee -a "$log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8 9 10; do
    timeout 30 $d/pack/head/gpu-resident-bench "$pair" lb=auto |
        awk -v k=$k '{print "pair", k, "head", $1, $3, $(NF-2)}' >>"$log"
    echo "## $k fix" >>"$OUT/pair.log"
    timeout 30 $d/pack/fix/gpu-resident-bench "$pair" lb=auto trace=1 >>"$OUT/pair.log" 2>&1
    grep "^instances" "$OUT/pair.log" | tail -2 | awk -v k=$k '{print "pair", k, "fix", $1, $3, $(NF-2)}' >>"$log"
done
ROUNDS=6 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/fix lb=auto" \
    timeout 240 test/bench/device_lb_auto_default.sh $d/pack/head | tail -3 | tee -a "$log"
rm -f "$OUT/bench/bench_last.txt"
timeout 250 $d/pack/fix/check-gpu >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$log"
grep -E "Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -6 | tee -a "$log"
echo "call done $(date -u)" | tee -a "$log"
