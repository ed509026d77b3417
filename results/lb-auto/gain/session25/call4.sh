#!/usr/bin/env bash
# Session 25, call 4 (CPU only, the GPU machine's 16 cores): --lb lb1 against --lb auto at
# 8070cea (the sampled refinements' share and a depth its probes measure off turned off by
# itself), whole process, --heuristic-threads 0, UB = optimum, order reversed in even rounds.
# Part 1: the proofs of 6-40 s there, 1 round; part 2: ta024 and ta021 again, 1 round (2 asked, the deadline cuts the second: device time);
# part 3: ta022, ta028 and ta029 (auto's medians 1.065-1.082 in call 3), 3 rounds.
set -u
d=$(mktemp -d)
tar xJf .dev/s25/bins3.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call4.log") 2>&1
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
long="ta026:opt ta027:opt"
for r in r30x15_3015001 r30x15_3015003 r30x15_3015006 r30x20_3020005 r20x20_2020001; do
    long="$long instances/random/$r.txt:$(opt "$r")"
done
ITEMS="$long" ROUNDS=1 LIMIT_S=45 DEADLINE_S=170 DEVLIBS="$d/lib" OUT="$OUT/long" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/pd"
ITEMS="ta024:opt ta021:opt" ROUNDS=2 LIMIT_S=45 DEADLINE_S=30 DEVLIBS="$d/lib" OUT="$OUT/again" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/pd"
ITEMS="ta022:opt ta028:opt ta029:opt" ROUNDS=3 LIMIT_S=20 DEADLINE_S=40 DEVLIBS="$d/lib" OUT="$OUT/short" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/pd"
