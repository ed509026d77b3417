# startup.sh — on the GPU machine (2026-11-26): gpu_startup_s of flowshop-bb (main at cd0f5c6, in .device-build/main) with
# --lb lb1, auto and lb2, 8 rounds alternating on ta030 and ta029, then 4 with CUDA_MODULE_LOADING=EAGER.
set -u
export LD_LIBRARY_PATH=.device-build/rate/lib
bb=.device-build/main/flowshop-bb
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
for r in 1 2 3 4 5 6 7 8; do
  for lb in lb1 auto lb2; do
    for name in ta030 ta029; do
      "$bb" $name --device gpu --ub opt --lb $lb --json -q > /tmp/r.json 2>&1
      echo "$r $name $lb $(field gpu_startup_s < /tmp/r.json) $(field time_s < /tmp/r.json)"
    done
  done
done > $OUT/startup.txt
python3 - $OUT/startup.txt <<'PY'
import sys,collections,statistics
d=collections.defaultdict(list)
for line in open(sys.argv[1]):
    r,n,lb,s,t=line.split(); d[(n,lb)].append(float(s))
for k in sorted(d): print(k, "startup median %.3f min %.3f max %.3f"%(statistics.median(d[k]),min(d[k]),max(d[k])))
PY
for r in 1 2 3 4; do
  for lb in lb1 auto; do
    CUDA_MODULE_LOADING=EAGER "$bb" ta030 --device gpu --ub opt --lb $lb --json -q > /tmp/r.json 2>&1
    echo "eager $r ta030 $lb $(field gpu_startup_s < /tmp/r.json) $(field time_s < /tmp/r.json)"
  done
done | tee -a $OUT/startup.txt
