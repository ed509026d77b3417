#!/usr/bin/env bash
# Session 26, call 1 (CPU only, the GPU machine's 16 cores): r20x20_2020019, where LB1 needs
# 11.98 G nodes (about 600 s on 16 cores) and LB2 148 M: --lb auto against --lb lb2 at once,
# each on 8 of the 16 cores with 8 threads (SIMULTANEOUS=1 OTHER=lb2), at most 450 s a run;
# then, while time is left, second pairs of the proofs of 7-21 s (auto against lb1 at once).
# Whole process, --heuristic-threads 0, UB = optimum. Build: main (b78429f's code).
set -u
began=$(date +%s)
d=$(mktemp -d)
tar xJf .dev/s26/bins1.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call1.log") 2>&1
nproc; lscpu | grep -i "model name"
opt() { awk -v n="$1" '$1 == n { print $5 }' instances/random/optima.tsv; }
SIMULTANEOUS=1 OTHER=lb2 ITEMS="instances/random/r20x20_2020019.txt:$(opt r20x20_2020019)" ROUNDS=1 \
    LIMIT_S=450 DEVLIBS="$d/lib" OUT="$OUT/pair" bash test/bench/device_cpu_lb_auto.sh "$d/pack/main"
left=$((540 - ($(date +%s) - began)))
echo "# $left s left for the short proofs"
short="ta026:opt ta027:opt"
for r in r30x15_3015001 r30x15_3015003 r30x15_3015006 r30x20_3020005 r20x20_2020001; do
    short="$short instances/random/$r.txt:$(opt "$r")"
done
[ "$left" -gt 60 ] && SIMULTANEOUS=1 ITEMS="$short" ROUNDS=1 LIMIT_S=50 DEADLINE_S=$((left - 50)) \
    DEVLIBS="$d/lib" OUT="$OUT/short" bash test/bench/device_cpu_lb_auto.sh "$d/pack/main"
echo "# done after $(($(date +%s) - began)) s"
