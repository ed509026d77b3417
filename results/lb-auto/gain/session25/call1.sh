#!/usr/bin/env bash
# Session 25, call 1 (CPU only, the GPU machine's 16 cores): the CPU engine's --lb auto with
# its sampled refinements held to 5 % of a thread's time (798dfa0) against --lb lb1 and
# against main's auto before it (45ea0d6); whole process, --heuristic-threads 0, UB = optimum.
# The instances and rounds of session 24's call 2: part 1, those LB1 proves in 5 s or less
# there, 3 rounds (order reversed in even rounds); part 2, those of 6-17 s, 1 round.
set -u
d=$(mktemp -d)
tar xJf .dev/s25/bins1.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call1.log") 2>&1
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
short="ta022:opt ta025:opt ta028:opt ta029:opt ta030:opt"
for r in r20x20_2020002 r20x20_2020003 r20x20_2020004 r20x20_2020005 r20x20_2020006 r30x10_3010001 \
         r30x10_3010002 r30x10_3010003 r30x10_3010004 r30x10_3010005 r30x10_3010006 r30x15_3015002 \
         r30x15_3015004 r30x15_3015005 r50x10_5010002 r50x10_5010004 r50x10_5010005 r50x10_5010006; do
    short="$short instances/random/$r.txt:$(opt "$r")"
done
long="ta024:opt ta026:opt"
for r in r30x15_3015001 r30x15_3015003 r30x15_3015006 r30x20_3020005; do
    long="$long instances/random/$r.txt:$(opt "$r")"
done
ITEMS="$short" ROUNDS=3 LIMIT_S=20 DEADLINE_S=260 DEVLIBS="$d/lib" OUT="$OUT/short" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/budget" "$d/pack/base"
ITEMS="$long" ROUNDS=1 LIMIT_S=20 DEADLINE_S=200 DEVLIBS="$d/lib" OUT="$OUT/long" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/budget" "$d/pack/base"
