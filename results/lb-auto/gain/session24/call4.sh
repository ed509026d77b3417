#!/usr/bin/env bash
# Session 24, call 4 (CPU only, the GPU machine's 16 cores): the CPU engine's exploration of
# undecided depths at 1 in 4 x threads survivors per thread (so that the threads together
# refine 1 in 4, as one thread does), a trial build, against 40cc96f (1 in 4 per thread) and
# --lb lb1, on short processes, 7 rounds at most, the order reversed in even rounds.
set -u
d=$(mktemp -d)
tar xJf .dev/s24/bins4.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call4.log") 2>&1
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
items="ta030:opt ta028:opt ta029:opt"
for r in r30x10_3010006 r30x15_3015002 r20x20_2020005 r20x20_2020006; do
    items="$items instances/random/$r.txt:$(opt "$r")"
done
ITEMS="$items" ROUNDS=7 LIMIT_S=20 DEADLINE_S=${DEADLINE_S:-110} DEVLIBS="$d/lib" OUT="$OUT/cpu" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/explore" "$d/pack/probe"
