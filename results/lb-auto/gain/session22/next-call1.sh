#!/bin/bash
# issue 15, prepared in session 22 for the next session's first call; session 23 ran it as call 1 (outputs in session23/call1/).
# (1) Where ta021's slow mode starts (auto refines 8-19 % of the survivors and takes
# 1.26-1.44x LB1's search; session 22, calls 1 and 6): gpu-resident-bench trace=1 depths=1,
# 6 searches each of main ($d/pack/new) and of the tail's trim ($d/pack/tail: main with
# session22/tail-trim.diff applied; its trace lines add "tail N"), LB1 once.
# (2) The pair, 12 rounds of new and tail alternating; gpu-resident-bench, the 35 × 8:
# new's LB1 and auto, tail's auto.
# (3) check-gpu, every suite, on tail (last, so that its time cannot cut the bench).
# Five files come back. session21/rule_on_counts.c (built with -DFSBB_TAIL_TRIM for the
# trim) runs lb_auto.h on the depths=1 tables of ta021.log, with its awk's name=$2"-"$3 (the
# headers here are "## K VARIANT").
# The build, on the build machine: main's build-device (make BUILD=build-device
# CUDA_ARCH=90 build-device/{check-gpu,gpu-resident-bench}) into .dev/s23/pack/new; the
# same in a copy of the checkout with `git apply results/lb-auto/gain/session22/tail-trim.diff`
# into .dev/s23/pack/tail; strip them, write each build's commit (and "+tail") to
# pack/*/REVISION, `tar cJf .dev/s23/bins.tar.xz -C .dev/s23 pack`, remove .dev/s23/pack, and
# `sh ../shared/device/bundle-libs.sh .dev/s23/lib` on the two binaries; then the device
# call with carry [".dev/s23"] and kind nvidia-h100-x1.
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call1.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in 1 2 3 4 5 6; do
    for v in new tail; do
        echo "## $k $v" >>"$OUT/ta021.log"
        timeout 20 $d/pack/$v/gpu-resident-bench ta021 lb=auto trace=1 depths=1 >>"$OUT/ta021.log" 2>&1
    done
done
echo "## lb1" >>"$OUT/ta021.log"
timeout 20 $d/pack/new/gpu-resident-bench ta021 lb=lb1 trace=1 >>"$OUT/ta021.log" 2>&1
grep -E "^## |^ta021" "$OUT/ta021.log" | paste - - | tee -a "$log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
    for v in new tail; do
        timeout 30 $d/pack/$v/gpu-resident-bench "$pair" lb=auto |
            awk -v k=$k -v v=$v '{print "pair", k, v, $1, $3, $(NF-2)}' >>"$log"
    done
done
ROUNDS=8 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/tail lb=auto" \
    timeout 240 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$log"
rm -f "$OUT/bench/bench_last.txt"
timeout 270 $d/pack/tail/check-gpu >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$log"
grep -E "Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -6 | tee -a "$log"
echo "call done $(date -u)" | tee -a "$log"
