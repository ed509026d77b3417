#!/usr/bin/env bash
# Session 24, call 3 (CPU only, the GPU machine's 16 cores): the CPU engine's --lb auto at
# 40cc96f (the probes of LB2's cuts) against --lb lb1 and main's auto before it (51de132), 4
# rounds, the order reversed in even rounds, on the instances LB1 proves in 0.1-5 s there;
# whole process, --heuristic-threads 0, UB = optimum. The bench prints the median of the
# ratios to lb1 within a round.
set -u
d=$(mktemp -d)
tar xJf .dev/s24/bins3.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call3.log") 2>&1
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
items="ta022:opt ta025:opt ta028:opt ta029:opt ta030:opt"
for r in r20x20_2020002 r20x20_2020003 r20x20_2020004 r20x20_2020005 r20x20_2020006 r30x10_3010006 \
         r30x15_3015002 r30x15_3015004 r30x15_3015005; do
    items="$items instances/random/$r.txt:$(opt "$r")"
done
ITEMS="$items" ROUNDS=4 LIMIT_S=20 DEADLINE_S=${DEADLINE_S:-420} DEVLIBS="$d/lib" OUT="$OUT/cpu" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/probe" "$d/pack/main"
