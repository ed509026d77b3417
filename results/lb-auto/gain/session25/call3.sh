#!/usr/bin/env bash
# Session 25, call 3 (CPU only, the GPU machine's 16 cores): the CPU engine's --lb auto with
# a depth its probes measure off turned off by itself (8070cea) against --lb lb1 and against
# the auto before it (798dfa0, the sampled refinements' share); whole process,
# --heuristic-threads 0, UB = optimum. Part 1: the 14 instances LB1 proves in 0.1-5 s there and
# the 9 tiny ones, 3 rounds (order reversed in even rounds); part 2: ta024, 2 rounds, and
# ta021, 1 round.
set -u
d=$(mktemp -d)
tar xJf .dev/s25/bins3.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call3.log") 2>&1
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
short="ta022:opt ta025:opt ta028:opt ta029:opt ta030:opt"
for r in r20x20_2020002 r20x20_2020003 r20x20_2020004 r20x20_2020005 r20x20_2020006 r30x10_3010001 \
         r30x10_3010002 r30x10_3010003 r30x10_3010004 r30x10_3010005 r30x10_3010006 r30x15_3015002 \
         r30x15_3015004 r30x15_3015005 r50x10_5010002 r50x10_5010004 r50x10_5010005 r50x10_5010006; do
    short="$short instances/random/$r.txt:$(opt "$r")"
done
ITEMS="$short" ROUNDS=3 LIMIT_S=20 DEADLINE_S=230 DEVLIBS="$d/lib" OUT="$OUT/short" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/pd" "$d/pack/budget"
ITEMS="ta024:opt" ROUNDS=2 LIMIT_S=20 DEADLINE_S=60 DEVLIBS="$d/lib" OUT="$OUT/ta024" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/pd" "$d/pack/budget"
ITEMS="ta021:opt" ROUNDS=1 LIMIT_S=40 DEADLINE_S=10 DEVLIBS="$d/lib" OUT="$OUT/ta021" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/pd" "$d/pack/budget"
