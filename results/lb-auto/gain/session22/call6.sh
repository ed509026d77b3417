#!/bin/bash
# issue 15, session 22, call 6: probe_weight=8 (the probes' measured saving weighed twice
# lb_auto.h's 4) against the default, on main with call 4's refactor (37acad3: the committed
# build, "ref"): the pair 8 rounds alternating; the 35 × 7, LB1, auto, auto probe_weight=8.
set -u
d=.dev/s22
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/ref.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call6.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8; do
    for knobs in "lb=auto" "lb=auto probe_weight=8"; do
        # shellcheck disable=SC2086
        timeout 30 $d/pack/ref/gpu-resident-bench "$pair" $knobs | awk -v k=$k '{print "pair", k, $1, $2, $3, $(NF-2)}' >>"$log"
    done
done
ROUNDS=7 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|lb=auto probe_weight=8" \
    timeout 200 test/bench/device_lb_auto_default.sh $d/pack/ref | tail -3 | tee -a "$log"
echo "call done $(date -u)" | tee -a "$log"
