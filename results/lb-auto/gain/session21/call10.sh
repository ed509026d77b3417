#!/bin/bash
# issue 15, session 21, call 10: the batch's growth. The batch (parents an iteration) grows
# between runs where the pool then holds twice the batch (main, 34ee368); on ta028 and ta029
# some searches never reach that and run at 1.6 G nodes/s with 104,857 parents an iteration
# instead of 2.1 G with 419,430 (call 9: auto's slow searches, and some of LB1's). g1 grows
# where the pool holds one batch, g15 where it holds 1.5. gpu-resident-bench, the 35
# instances at UB = optimum, lb1 and auto of each build, 5 rounds.
set -u
d=.dev/s21
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call10.log"
ROUNDS=5 DEADLINE_S=420 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/g1 lb=lb1|@$d/pack/g1 lb=auto|@$d/pack/g15 lb=lb1|@$d/pack/g15 lb=auto" \
    timeout 440 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call10.log"
echo "call done $(date -u)" | tee -a "$OUT/call10.log"
