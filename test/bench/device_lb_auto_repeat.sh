#!/usr/bin/env bash
# device_lb_auto_repeat.sh — on the GPU machine, the closer look after device_lb_auto.sh:
# check-gpu's gpu_resident suite, then NEW lb1 and NEW auto alternately, ROUNDS rounds, on the
# instances named (NAME or NAME:UB; --device gpu, whole process), no new run after DEADLINE_S
# seconds. Rows (round, instance, lb, ub, status, nodes, lb2_refined_fraction, seconds) go to
# $OUT/repeat_runs.tsv, the log to $OUT/repeat.log.
#   usage: test/bench/device_lb_auto_repeat.sh NAME[:UB]...
# Environment: NEW_DIR (.device-build/new), DEVLIBS (.devlibs), ROUNDS (2), DEADLINE_S (60).
set -u
new_dir=${NEW_DIR:-.device-build/new}
rounds=${ROUNDS:-2}
deadline_s=${DEADLINE_S:-60}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
exec > >(tee "$out/repeat.log") 2>&1
export LD_LIBRARY_PATH="${DEVLIBS:-.devlibs}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
now() { date +%s.%N; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
echo "# new: $(cat "$new_dir/REVISION" 2>/dev/null || echo '?')"
start=$(now)
timeout 45 "$new_dir/check-gpu" gpu_resident
echo "check-gpu gpu_resident: exit $?, $(echo "$start $(now)" | awk '{printf "%.1f", $2 - $1}') s"
began=$(now)
printf 'round\tinstance\tlb\tub\tstatus\tnodes\trefined\tseconds\n' | tee "$out/repeat_runs.tsv"
for round in $(seq "$rounds"); do
    for item in "$@"; do
        if awk -v a="$began" -v b="$(now)" -v d="$deadline_s" 'BEGIN { exit !(b - a > d) }'; then
            echo "deadline: the rest skipped"
            break 2
        fi
        name=${item%%:*}
        ub=opt
        [ "$name" != "$item" ] && ub=${item#*:}
        for lb in lb1 auto; do
            s=$(now)
            "$new_dir/flowshop-bb" "$name" --device gpu --lb "$lb" --ub "$ub" --json -q >"$out/last.json" 2>/dev/null
            e=$(now)
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$(basename "$name" .txt)" "$lb" "$ub" \
                "$(field status <"$out/last.json" | cut -d: -f1)" "$(field nodes <"$out/last.json")" \
                "$(field lb2_refined_fraction <"$out/last.json")" \
                "$(echo "$s $e" | awk '{printf "%.3f", $2 - $1}')" | tee -a "$out/repeat_runs.tsv"
        done
    done
done
