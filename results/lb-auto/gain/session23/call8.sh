#!/bin/bash
# issue 15, session 23, call 8: where main stands after the session (bb84b4c, which holds
# d4c203d), against both bounds: gpu-resident-bench, the 35 × 4, LB1, LB2 and auto (the
# default), the variants' order turned every other round. Two files come back.
# The build: make BUILD=build-device CUDA_ARCH=90 build-device/gpu-resident-bench, stripped
# into .dev/s23/pack/head with REVISION, tarred into .dev/s23/bins.tar.xz; bundle-libs.sh
# .dev/s23/lib on it.
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
ROUNDS=4 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT BENCH_VARIANTS="lb=lb1|lb=lb2|lb=auto" \
    timeout 300 test/bench/device_lb_auto_default.sh $d/pack/head | tail -3
rm -f "$OUT/bench_last.txt"
