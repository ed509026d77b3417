#!/bin/bash
# issue 15, session 23, call 3: the veto on the refinements' cost share. In ta021's slow
# mode (calls 1-2) depths 7-10 are measured off by their shadows while depth 6, under 1 %
# of LB2's cost, still lacks its 64 done shadows and keeps them all on; in the pair, the
# depths measured off carry about a third of the cost. pack/share is main (pack/new) with
# lb_auto.h's veto firing where the depths measured off carry FSBB_LB_AUTO_VETO_SHARE (0.9)
# of the prior-on depths' refinement cost (session23/veto-share.diff).
# (1) ta021, trace=1 depths=1, 6 each of new and share, alternating; (2) the pair, 8 rounds
# alternating; (3) gpu-resident-bench, the 35 × 8: new's LB1 and auto, share's auto;
# (4) check-gpu on share, last. Five files come back.
# The build: as session22/next-call1.sh says, with veto-share.diff applied instead of the trim.
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call3.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in 1 2 3 4 5 6; do
    for v in new share; do
        echo "## $k $v" >>"$OUT/ta021.log"
        timeout 20 $d/pack/$v/gpu-resident-bench ta021 lb=auto trace=1 depths=1 >>"$OUT/ta021.log" 2>&1
    done
done
grep -E "^## |^ta021" "$OUT/ta021.log" | paste - - | tee -a "$log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8; do
    for v in new share; do
        timeout 30 $d/pack/$v/gpu-resident-bench "$pair" lb=auto |
            awk -v k=$k -v v=$v '{print "pair", k, v, $1, $3, $(NF-2)}' >>"$log"
    done
done
ROUNDS=8 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/share lb=auto" \
    timeout 240 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$log"
rm -f "$OUT/bench/bench_last.txt"
timeout 250 $d/pack/share/check-gpu >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$log"
grep -E "Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -6 | tee -a "$log"
echo "call done $(date -u)" | tee -a "$log"
