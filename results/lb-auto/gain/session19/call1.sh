#!/bin/bash
# issue 15, session 19, call 1: the mended device arena (session18/device-arena.diff, applied):
# check-gpu, every suite (the device code changed); gpu-resident-bench search seconds, main
# against the arena, lb1 and auto, the 35 instances at UB = optimum, 3 rounds; then the whole
# process, flowshop-bb NAME --device gpu --ub OPT --json -q, main against the arena, 1 round,
# the builds alternating per instance. Binaries in .dev/s19/bins.tar.xz.
set -u
d=.dev/s19
mkdir -p "$OUT"
tar xJf $d/bins.tar.xz -C $d
ROUNDS=3 PARTS="check bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="@$d/main lb=lb1|@$d/main lb=auto|lb=lb1|lb=auto" \
    timeout 420 test/bench/device_lb_auto_default.sh $d/arena
echo "bench done rc=$? $(date -u)"
exec > >(tee "$OUT/whole.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
items=""
for k in $(seq 21 30); do items="$items ta0$k:opt"; done
while IFS=$'\t' read -r name jobs machines seed optimum rest; do
    [ "$name" = instance ] && continue
    items="$items instances/random/$name.txt:$optimum"
done <instances/random/optima.tsv
printf 'build\tinstance\twall_s\ttime_s\tnodes\tmakespan\tstatus\n' >"$OUT/whole.tsv"
turn=0
for item in $items; do
    builds="main arena"
    [ $((turn++ % 2)) = 1 ] && builds="arena main"
    for b in $builds; do
        start=$(date +%s.%N)
        timeout 60 $d/$b/flowshop-bb "${item%:*}" --device gpu --ub "${item##*:}" --json -q >"$OUT/last.json" 2>/dev/null
        rc=$?
        end=$(date +%s.%N)
        f() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p" "$OUT/last.json" | head -1; }
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $b "${item%:*}" \
            "$(echo "$start $end" | awk '{printf "%.4f", $2 - $1}')" "$(f time_s)" \
            "$(f nodes)" "$(f makespan)" "rc$rc:$(f status)" >>"$OUT/whole.tsv"
    done
done
rm -f "$OUT/last.json"
awk -F'\t' 'NR > 1 { w[$1] += $3; t[$1] += $4 } END { for (b in w) printf "%s: wall %.3f s, time_s %.3f s\n", b, w[b], t[b] }' "$OUT/whole.tsv"
echo "call done $(date -u)"
