#!/bin/bash
# issue 15, session 19, call 6: check-gpu with the arena's tests reading the device's free
# memory after a failed oversized cudaMalloc (call 1's one failure: that failure had made the
# driver give back 16 MB it kept since the custom-bound suites): the three suites in their
# order, then every suite. Binary in .dev/s19/fixed/check-gpu.xz.
set -u
d=.dev/s19
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
xz -d $d/fixed/check-gpu.xz && chmod +x $d/fixed/check-gpu
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
timeout 60 $d/fixed/check-gpu "gpu custom bound" "gpu custom offload" gpu_device_arena | tail -8
start=$(date +%s)
timeout 300 $d/fixed/check-gpu
echo "check-gpu: exit $?, $(($(date +%s) - start)) s"
