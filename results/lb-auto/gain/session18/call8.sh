#!/bin/bash
# issue 15, session 18, call 8: the device arena's suite of check-gpu (now also growing by
# allocation and copy), then the whole process, flowshop-bb NAME --device gpu --ub OPT --json -q
# (the engine's default bound, auto), main against the device arena, 2 rounds, the two builds
# alternating per instance, the 35 instances. Binaries in .dev/s18/bins.tar.xz.
set -u
d=.dev/s18
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
timeout 120 $d/arena/check-gpu gpu_device_arena
echo "check-gpu gpu_device_arena: exit $?"
items=""
for k in $(seq 21 30); do items="$items ta0$k:opt"; done
while IFS=$'\t' read -r name jobs machines seed optimum rest; do
    [ "$name" = instance ] && continue
    items="$items instances/random/$name.txt:$optimum"
done <instances/random/optima.tsv
printf 'round\tbuild\tinstance\twall_s\ttime_s\tgpu_startup_s\tnodes\tmakespan\tstatus\n' >"$OUT/whole.tsv"
for round in 1 2; do
    builds="main arena"
    [ $round = 2 ] && builds="arena main"
    for item in $items; do
        for b in $builds; do
            start=$(date +%s.%N)
            $d/$b/flowshop-bb "${item%:*}" --device gpu --ub "${item##*:}" --json -q >"$OUT/last.json" 2>/dev/null
            rc=$?
            end=$(date +%s.%N)
            f() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p" "$OUT/last.json" | head -1; }
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $round $b "${item%:*}" \
                "$(echo "$start $end" | awk '{printf "%.4f", $2 - $1}')" "$(f time_s)" "$(f gpu_startup_s)" \
                "$(f nodes)" "$(f makespan)" "rc$rc:$(f status)" >>"$OUT/whole.tsv"
        done
    done
done
rm -f "$OUT/last.json"
awk -F'\t' 'NR > 1 { w[$2] += $4; t[$2] += $5 } END { for (b in w) printf "%s: wall %.3f s, time_s %.3f s (both rounds)\n", b, w[b], t[b] }' "$OUT/whole.tsv"
echo "call done $(date -u)"
