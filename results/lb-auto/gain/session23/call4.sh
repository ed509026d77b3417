#!/bin/bash
# issue 15, session 23, call 4: the veto past depths without shadows enough. In ta021's slow
# mode (calls 1-2) depths 7-10 are measured off by their shadows while depth 6, under 1 %
# of LB2's cost, still lacks its 64 done shadows and keeps them all on. Call 3's veto on a
# cost share of 0.9 (veto-share.diff) mended ta021 but lost the pair in 2 of 16 searches
# (at LB1's time): a depth measured to pay by its shadows must keep the veto off.
# pack/unsh is main (pack/new) with lb_auto.h's veto firing where every depth the prior
# turns on is measured off or lacks its shadows, and those lacking them carry at most
# FSBB_LB_AUTO_UNSHADOWED_SHARE (0.1) of the prior-on depths' refinement cost
# (landed as 60b640c).
# (1) ta021, trace=1 depths=1, 6 each of new and unsh, alternating; (2) the pair, 10
# rounds alternating, unsh traced (trace=1, its lines in pair.log); (3) gpu-resident-bench,
# the 35 × 8: new's LB1 and auto, unsh's auto; (4) check-gpu on unsh, last. Six files come back.
# The build: as session22/next-call1.sh says, with 60b640c's lb_auto.h instead of the trim.
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call4.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in 1 2 3 4 5 6; do
    for v in new unsh; do
        echo "## $k $v" >>"$OUT/ta021.log"
        timeout 20 $d/pack/$v/gpu-resident-bench ta021 lb=auto trace=1 depths=1 >>"$OUT/ta021.log" 2>&1
    done
done
grep -E "^## |^ta021" "$OUT/ta021.log" | paste - - | tee -a "$log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8 9 10; do
    timeout 30 $d/pack/new/gpu-resident-bench "$pair" lb=auto |
        awk -v k=$k '{print "pair", k, "new", $1, $3, $(NF-2)}' >>"$log"
    echo "## $k unsh" >>"$OUT/pair.log"
    timeout 30 $d/pack/unsh/gpu-resident-bench "$pair" lb=auto trace=1 >>"$OUT/pair.log" 2>&1
    grep "^instances" "$OUT/pair.log" | tail -2 | awk -v k=$k '{print "pair", k, "unsh", $1, $3, $(NF-2)}' >>"$log"
done
ROUNDS=8 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/unsh lb=auto" \
    timeout 240 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$log"
rm -f "$OUT/bench/bench_last.txt"
timeout 250 $d/pack/unsh/check-gpu >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$log"
grep -E "Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -6 | tee -a "$log"
echo "call done $(date -u)" | tee -a "$log"
