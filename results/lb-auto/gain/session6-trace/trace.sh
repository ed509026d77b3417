# trace.sh — on the GPU machine (device call of 2026-11-26): gpu-resident-bench trace=1 with LB1 and with LB2 on 9 instances,
# the optimum given; built by test/bench/device_kernel_prepare.sh into .device-build/rate (old = main at c4978d2).
set -u
dir=.device-build/rate
bin=$(mktemp -d); gunzip -c $dir/old/gpu-resident-bench.gz > $bin/grb; chmod +x $bin/grb
export LD_LIBRARY_PATH=$dir/lib
r=$dir/random
for item in "$r/r20x20_2020019.txt:2348" "$r/r20x20_2020032.txt:2378" "ta023" "ta021" "ta027" "$r/r30x15_3015005.txt:2378" "$r/r30x15_3015001.txt:2429" "$r/r20x20_2020001.txt:2262" "$r/r30x15_3015003.txt:2437"; do
  for lb in lb1 lb2; do
    echo "### $item $lb"
    timeout 60 $bin/grb "$item" lb=$lb ub=opt trace=1 2>&1
  done
done > $OUT/trace.log
grep -v "^  run" $OUT/trace.log
