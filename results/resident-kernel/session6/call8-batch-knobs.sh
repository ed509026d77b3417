# call8-batch-knobs.sh — on the GPU machine (device call of 2026-11-26): gpu-resident-bench with larger batches and
# rarer syncs, old (main at c4978d2) and new builds of test/bench/device_kernel_prepare.sh in .device-build/rate.
set -u
dir=.device-build/rate
bin=$(mktemp -d); for s in old new; do mkdir -p $bin/$s; gunzip -c $dir/$s/gpu-resident-bench.gz > $bin/$s/grb; chmod +x $bin/$s/grb; done
export LD_LIBRARY_PATH=$dir/lib
r=$dir/random
for round in 1 2; do
for knobs in "" "batch=419430" "batch=838860" "sync=64" "batch=838860 sync=64"; do
  for s in old new; do echo "$s $(timeout 60 $bin/$s/grb ta023 lb=lb1 ub=opt $knobs 2>&1 | tail -1)"; done
done
done
for knobs in "" "batch=419430" "batch=838860"; do
  echo "old $(timeout 60 $bin/old/grb $r/r30x15_3015001.txt:2429 lb=lb1 $knobs 2>&1 | tail -1)"
  echo "old $(timeout 60 $bin/old/grb ta021 lb=lb1 ub=opt $knobs 2>&1 | tail -1)"
  echo "old $(timeout 60 $bin/old/grb ta051 lb=lb1 ub=opt time-limit=2 $knobs 2>&1 | tail -1)"
done
