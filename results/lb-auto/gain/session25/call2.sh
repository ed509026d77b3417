#!/usr/bin/env bash
# Session 25, call 2 (CPU only, the GPU machine's 16 cores): the proofs longer than 10 s there,
# --lb lb1 and --lb auto (798dfa0) at once, each on 8 of the 16 cores with 8 threads (the
# halves swapped in even rounds), 1 round, at most 150 s a run; whole process,
# --heuristic-threads 0, UB = optimum. No new instance after 400 s.
set -u
d=$(mktemp -d)
tar xJf .dev/s25/bins1.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call2.log") 2>&1
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
items="ta024:opt ta021:opt ta027:opt"
for r in r20x20_2020001 r20x20_2020032 r20x20_2020019; do
    items="$items instances/random/$r.txt:$(opt "$r")"
done
items="$items ta023:opt"
SIMULTANEOUS=1 ITEMS="$items" ROUNDS=1 LIMIT_S=150 DEADLINE_S=400 DEVLIBS="$d/lib" OUT="$OUT/long" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/budget"
