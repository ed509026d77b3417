#!/bin/bash
# issue 15, session 20, call 18: check-gpu, every suite, on the review's mends (the probe's
# functions moved to resident_child.cuh, a flag renamed, comments; no change in what the
# kernel computes).
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call18.log"
timeout 300 $d/pack/new/check-gpu >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$OUT/call18.log"
grep -E "probe|Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -8 | tee -a "$OUT/call18.log"
