#!/bin/bash
# issue 15, session 19, call 14: check-gpu, every suite, on main as it stands after the
# session (the engine of 371bb8e, the arena's tests as mended after the review).
set -u
d=.dev/s19
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
tar xJf $d/final.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
start=$(date +%s)
timeout 300 $d/final/check-gpu
echo "check-gpu: exit $?, $(($(date +%s) - start)) s"
