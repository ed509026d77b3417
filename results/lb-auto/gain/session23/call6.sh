#!/bin/bash
# issue 15, session 23, call 6: main as committed (f34ff07, which holds 60b640c), its own
# build: check-gpu, every suite; then whole processes (flowshop-bb NAME --device gpu
# [--lb X] --ub OPT, start to exit) on the 35 instances: --lb lb1 and no --lb (the default,
# auto) × 3 rounds alternating, --lb lb2 × 1. Two files come back.
# The build: make BUILD=build-device CUDA_ARCH=90 build-device/{flowshop-bb,check-gpu,
# gpu-resident-bench}, stripped into .dev/s23/pack/head with REVISION, tarred into
# .dev/s23/bins.tar.xz; bundle-libs.sh .dev/s23/lib on flowshop-bb and check-gpu.
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
ROUNDS=3 LB2_ROUNDS=1 PARTS="check gpu" GPU_LBS="lb1 default lb2" DEADLINE_S=540 DEVLIBS=$d/lib \
    OUT=$OUT timeout 590 test/bench/device_lb_auto_default.sh $d/pack/head | tail -40
rm -f "$OUT/bench_last.txt"
