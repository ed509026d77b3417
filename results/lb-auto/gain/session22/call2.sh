#!/bin/bash
# issue 15, session 22, call 2: what a user waits for. flowshop-bb, whole process (start to
# exit), main (60c9950), the 35 instances at UB = optimum: --lb lb1 and no --lb (the GPU's
# default, auto) 7 rounds, --lb lb2 2 rounds, alternating per instance.
set -u
d=.dev/s22
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call2.log"
ROUNDS=7 LB2_ROUNDS=2 DEADLINE_S=520 PARTS="gpu" DEVLIBS=$d/lib OUT=$OUT/whole GPU_LBS="lb1 default lb2" \
    timeout 560 test/bench/device_lb_auto_default.sh $d/pack/new | tail -3 | tee -a "$OUT/call2.log"
echo "call done $(date -u)" | tee -a "$OUT/call2.log"
