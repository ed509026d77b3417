#!/usr/bin/env bash
# Session 24, call 1 (CPU only): what a clock read costs on the GPU machine, and the CPU
# engine's --lb auto against --lb lb1 on its 16 cores, main against 1 timed node in 256
# (FSBB_CPU_LB_AUTO_TIMED 256 instead of 16).
set -u
d=$(mktemp -d)
tar xJf .dev/s24/bins.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call1.log") 2>&1
echo "# clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>&1)" \
     "available: $(cat /sys/devices/system/clocksource/clocksource0/available_clocksource 2>&1)"
lscpu | grep -E 'Model name|^CPU\(s\)|Hypervisor' || true
"$d/clock_cost" 2000000
items=""
for k in 22 24 25 26 27 28 29 30; do items="$items ta0$k:opt"; done
while IFS=$'\t' read -r name jobs machines seed optimum rest; do
    case $name in instance|r20x20_2020001|r20x20_2020019) continue ;; esac
    items="$items instances/random/$name.txt:$optimum"
done <instances/random/optima.tsv
ITEMS="$items" ROUNDS=2 LIMIT_S=20 DEADLINE_S=${DEADLINE_S:-400} DEVLIBS="$d/lib" OUT="$OUT/cpu" \
    bash test/bench/device_cpu_lb_auto.sh "$d/pack/timed" "$d/pack/main"
