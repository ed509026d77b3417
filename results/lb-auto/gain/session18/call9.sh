#!/bin/bash
# issue 15, session 18, call 9: check-gpu, every suite, on the build that lands (the device
# arena with its in-place switch, as in call 8), from .dev/s18/bins.tar.xz.
set -u
d=.dev/s18
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
start=$(date +%s)
timeout 300 $d/arena/check-gpu
echo "check-gpu: exit $?, $(($(date +%s) - start)) s"
