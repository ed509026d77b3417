#!/usr/bin/env bash
# Session 24, call 2 (CPU only, the GPU machine's 16 cores): the CPU engine's --lb auto with
# the probes of LB2's cuts (cut_probe.h, a veto on one depth measured off) against --lb lb1 and
# against main's auto (51de132), whole process, --heuristic-threads 0, UB = optimum.
# Part 1: the instances LB1 proves in 5 s or less there (call 1), 3 rounds; part 2: those of
# 6-17 s, 1 round. ta027 and r20x20_2020032 (20 s limit with every variant in call 1) left out.
set -u
d=$(mktemp -d)
tar xJf .dev/s24/bins2.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call2.log") 2>&1
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
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/probe" "$d/pack/main"
ITEMS="$long" ROUNDS=1 LIMIT_S=20 DEADLINE_S=200 DEVLIBS="$d/lib" OUT="$OUT/long" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/probe" "$d/pack/main"
