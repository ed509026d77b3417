#!/bin/bash
# issue 15, session 19, call 9: where main stands at 371bb8e (the device arena and LB2's
# batched lane loop): gpu-resident-bench search seconds, the 35 instances at UB = optimum,
# lb1, lb2 and auto, 4 rounds; lb2 with other launch shapes (registers 80 and 128, blocks of
# 256), 1 round; then the whole process, flowshop-bb NAME --device gpu [--lb lb1|lb2] --ub OPT
# --json -q (no --lb: the default, auto), 2 rounds, the bounds' order turned per instance.
set -u
d=.dev/s19
mkdir -p "$OUT"
tar xJf $d/head.tar.xz -C $d
ROUNDS=4 DEADLINE_S=300 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/bench \
    BENCH_VARIANTS="lb=lb1|lb=lb2|lb=auto" timeout 300 test/bench/device_lb_auto_default.sh $d/head | tail -16
ROUNDS=1 DEADLINE_S=120 PARTS="bench" DEVLIBS=$d/lib OUT=$OUT/shapes \
    BENCH_VARIANTS="lb=lb2 registers=80|lb=lb2 registers=128|lb=lb2 block=256" \
    timeout 120 test/bench/device_lb_auto_default.sh $d/head | tail -6
exec > >(tee "$OUT/whole.log") 2>&1
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)"
items=""
for k in $(seq 21 30); do items="$items ta0$k:opt"; done
while IFS=$'\t' read -r name jobs machines seed optimum rest; do
    [ "$name" = instance ] && continue
    items="$items instances/random/$name.txt:$optimum"
done <instances/random/optima.tsv
printf 'round\tlb\tinstance\twall_s\ttime_s\tgpu_startup_s\tnodes\tmakespan\tstatus\n' >"$OUT/whole.tsv"
turn=0
for round in 1 2; do
    for item in $items; do
        case $((turn++ % 3)) in 0) lbs="lb1 auto lb2" ;; 1) lbs="auto lb2 lb1" ;; *) lbs="lb2 lb1 auto" ;; esac
        for lb in $lbs; do
            flag="--lb $lb"
            [ $lb = auto ] && flag=""
            start=$(date +%s.%N)
            # shellcheck disable=SC2086
            timeout 60 $d/head/flowshop-bb "${item%:*}" --device gpu $flag --ub "${item##*:}" --json -q >"$OUT/last.json" 2>/dev/null
            rc=$?
            end=$(date +%s.%N)
            f() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p" "$OUT/last.json" | head -1; }
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $round $lb "${item%:*}" \
                "$(echo "$start $end" | awk '{printf "%.4f", $2 - $1}')" "$(f time_s)" "$(f gpu_startup_s)" \
                "$(f nodes)" "$(f makespan)" "rc$rc:$(f status)" >>"$OUT/whole.tsv"
        done
    done
done
rm -f "$OUT/last.json"
awk -F'\t' 'NR > 1 { w[$2] += $4; t[$2] += $5 - $6 } END { for (b in w) printf "%s: wall %.3f s, search %.3f s (both rounds)\n", b, w[b], t[b] }' "$OUT/whole.tsv"
echo "call done $(date -u)"
