#!/bin/bash
# issue 15, session 23, call 9: d4c203d's guard (a veto on probes needs 4 depths measured
# off) put back ta021's intermediate mode: "prior 4, off by shadows 0, by probes 3" with depth 6
# unshadowed, no veto until the shadows come (call 7, 2-5 % refined, 0.228-0.236 s; call 8
# 1.11x LB1). No traced search of the pair (22) had 3 or more depths measured off with
# probes among them and 4 turned on. pack/one is main (bb84b4c, pack/head) with the guard
# "4 depths turned on, at most one of them without shadows"
# (session23/probe-one-unshadowed.diff). (1) ta021, trace=1, 6 each of head and one,
# alternating; (2) the pair, 8 rounds alternating, one traced (pair.log); (3)
# gpu-resident-bench, the 35 × 4: head's LB1 and auto, one's auto. Four files come back.
# The build: call8.sh's, and the same make with the diff applied into .dev/s23/pack/one.
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call9.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in 1 2 3 4 5 6; do
    for v in head one; do
        echo "## $k $v" >>"$OUT/ta021.log"
        timeout 20 $d/pack/$v/gpu-resident-bench ta021 lb=auto trace=1 >>"$OUT/ta021.log" 2>&1
    done
done
grep -E "^## |^ta021" "$OUT/ta021.log" | paste - - | tee -a "$log"
pair="instances/random/r20x20_2020032.txt:2378,instances/random/r20x20_2020019.txt:2348"
for k in 1 2 3 4 5 6 7 8; do
    timeout 30 $d/pack/head/gpu-resident-bench "$pair" lb=auto |
        awk -v k=$k '{print "pair", k, "head", $1, $3, $(NF-2)}' >>"$log"
    echo "## $k one" >>"$OUT/pair.log"
    timeout 30 $d/pack/one/gpu-resident-bench "$pair" lb=auto trace=1 >>"$OUT/pair.log" 2>&1
    grep "^instances" "$OUT/pair.log" | tail -2 | awk -v k=$k '{print "pair", k, "one", $1, $3, $(NF-2)}' >>"$log"
done
ROUNDS=4 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=auto|@$d/pack/one lb=auto" \
    timeout 200 test/bench/device_lb_auto_default.sh $d/pack/head | tail -3 | tee -a "$log"
rm -f "$OUT/bench/bench_last.txt"
echo "call done $(date -u)" | tee -a "$log"
