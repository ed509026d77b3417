#!/bin/bash
# issue 15, session 20, call 3: the probes after two mends (a probe's bounds in one pass, no
# per-machine array: no stack in the refining kernels; its cycles no longer counted as LB2's).
# check-gpu's resident suites; LB2's kernel cost, main against new with lb=lb2 (probes off
# there), 3 rounds on the pair and r30x15_3015001; main's auto against the new auto on the
# pair, r30x15_3015005 and three small 20x20 searches, 3 rounds; r20x20_2020032 and
# r20x20_2020019 traced with the per-depth counts.
set -u
d=.dev/s20
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$OUT/call3.log"
timeout 150 $d/pack/new/check-gpu gpu_resident gpu_resident_lb2 gpu_resident_anytime gpu_resident_census >"$OUT/check.log" 2>&1
echo "check rc=$?" | tee -a "$OUT/call3.log"
grep -E "probe|Run Summary|suites|tests|asserts|FAIL|Fail" "$OUT/check.log" | tail -12 | tee -a "$OUT/call3.log"
lb2items="instances/random/r20x20_2020019.txt:2348,instances/random/r20x20_2020032.txt:2378,instances/random/r30x15_3015001.txt:2429"
items="instances/random/r20x20_2020019.txt:2348,instances/random/r20x20_2020032.txt:2378,instances/random/r30x15_3015005.txt:2378"
items="$items,instances/random/r20x20_2020003.txt:2175,instances/random/r20x20_2020004.txt:2258,instances/random/r20x20_2020006.txt:2308"
for round in 1 2 3; do
    for v in "$d/pack/main lb=lb2" "$d/pack/new lb=lb2"; do
        read -r dir knobs <<<"$v"
        # shellcheck disable=SC2086
        timeout 60 $dir/gpu-resident-bench "$lb2items" $knobs | sed "s|^|$round ${dir##*/} |" | tee -a "$OUT/call3.log"
    done
    for v in "$d/pack/main lb=auto" "$d/pack/new lb=auto"; do
        read -r dir knobs <<<"$v"
        # shellcheck disable=SC2086
        timeout 60 $dir/gpu-resident-bench "$items" $knobs | sed "s|^|$round ${dir##*/} |" | tee -a "$OUT/call3.log"
    done
done
timeout 30 $d/pack/new/gpu-resident-bench instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348 lb=auto trace=1 depths=1 >"$OUT/traces.log" 2>&1
grep -E "^instances" "$OUT/traces.log" | tee -a "$OUT/call3.log"
echo "call done $(date -u)" | tee -a "$OUT/call3.log"
