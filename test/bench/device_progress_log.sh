#!/usr/bin/env bash
# device_progress_log.sh — on the GPU machine, one long GPU solve with --log (issue 19, item
# 3): instances/random/r30x20_3020001.txt (30x20, not proved in 3 s on an H100: results/lb-auto
# and instances/README.md) with every default, --device gpu --time-limit 90, a progress line
# every second. If it ends before half of that, the next 30x20 instance runs in the time left
# (at most 100 s of solves in all). Each solve leaves in "$OUT"/progress-log/: NAME.jsonl (the
# log), NAME.json (--json's result), NAME.err (stderr); the summary (lines, the last progress
# line, the result) goes to stdout and progress-log/summary.txt.
#   usage: test/bench/device_progress_log.sh BUILD_DIR
# Environment: DEVICE (gpu; cpu to try the script without a GPU), TIME_S (90), INTERVAL_S (1).
# The chart is drawn afterwards where gnuplot is (the GPU machine has none):
#   build/flowshop-sweep plot-log --out results/progress/NAME-h100.svg FILES_AT/progress-log/NAME.jsonl
set -u
build=${1:?usage: device_progress_log.sh BUILD_DIR}
device=${DEVICE:-gpu}
time_s=${TIME_S:-90}
interval_s=${INTERVAL_S:-1}
out=${OUT:-$(mktemp -d)}/progress-log
mkdir -p "$out"
exec > >(tee "$out/summary.txt") 2>&1
now() { date +%s; }
began=$(now)

echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
echo "# $("$build/flowshop-bb" --version 2>&1 | tr '\n' ' ')"
for name in r30x20_3020001 r30x20_3020002 r30x20_3020003; do
    left=$((100 - ($(now) - began)))
    limit=$((left < time_s ? left : time_s))
    [ "$limit" -ge 20 ] || break
    echo
    echo "## $name: --device $device --time-limit $limit --log-interval $interval_s"
    start=$(now)
    "$build/flowshop-bb" "instances/random/$name.txt" --device "$device" --time-limit "$limit" \
        --log "$out/$name.jsonl" --log-interval "$interval_s" --json >"$out/$name.json" 2>"$out/$name.err"
    status=$?
    took=$(($(now) - start))
    echo "exit $status after $took s; $(wc -l <"$out/$name.jsonl") log lines"
    grep '"event": "progress"' "$out/$name.jsonl" | tail -n 1
    cut -c 1-400 "$out/$name.json"
    [ "$took" -lt $((time_s / 2)) ] || break
done
