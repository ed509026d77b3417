#!/usr/bin/env bash
# Session 8, call 5: the build to land: check-gpu (every suite, shadows test included) and
# compute-sanitizer on the refining kernel with shadows (every cut kept).
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
dir=.dev/p5
bin=$(mktemp -d)
for f in "$dir"/*.gz; do gunzip -c "$f" >"$bin/$(basename "$f" .gz)"; done
chmod +x "$bin"/*
export LD_LIBRARY_PATH=$dir/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
s=$(date +%s)
timeout 300 "$bin/check-gpu" >"$out/check-gpu.txt" 2>&1
echo "check-gpu: exit $?, $(( $(date +%s) - s )) s"
grep -E "shadows|DIFFER|FAILED|Assertion|Run Summary|^ +suites|^ +tests|^ +asserts" "$out/check-gpu.txt" | head -20
for tool in memcheck racecheck synccheck; do
  s=$(date +%s)
  timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 "$bin/gpu-resident-bench" ta011 lb=auto shadow=1 overhead=-1e300 batch=2048 2>&1 | tail -4
  echo "compute-sanitizer $tool: exit ${PIPESTATUS[0]}, $(( $(date +%s) - s )) s"
done
echo "call done $(date -u)"
