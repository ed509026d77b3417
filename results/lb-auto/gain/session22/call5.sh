#!/bin/bash
# issue 15, session 22, call 5: call 4's second part again (its rows did not come back: too
# many files): gpu-resident-bench, the 35 × 4, main's (60c9950) LB1 and auto, ref's auto
# (call 4's build), and main's auto with gain=3, probe_weight=2 and probe_weight=8.
set -u
d=.dev/s22
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
tar xJf $d/ref.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call5.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
ROUNDS=4 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/knobs \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/ref lb=auto|lb=auto gain=3|lb=auto probe_weight=2|lb=auto probe_weight=8" \
    timeout 230 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$log"
echo "call done $(date -u)" | tee -a "$log"
