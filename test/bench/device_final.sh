#!/usr/bin/env bash
# device_final.sh — the session's one GPU call, on the GPU machine: check-gpu (all suites),
# with the 100x20 heuristic table on 10 of the CPU cores beside it (its budget is CPU time,
# so the GPU tests next to it do not change what it measures); then compute-sanitizer on a
# resident solve with progress reports (the census kernel), the ta021-ta030 table of an OLD
# and a NEW flowshop-bb alternately (whole process, --ub opt: times, ratio, node counts,
# which must be equal), the forecast-accuracy table on ta021-ta030 and one long GPU solve
# with --log. Everything under $OUT: final.log and what each part writes.
# Built on the build machine by test/bench/device_final_prepare.sh into D (new/, old/,
# devlibs/); run from the repository root with D carried.
#   usage: test/bench/device_final.sh [D]          (default .device-final)
# Exit status 0 when check-gpu, the sanitizer and the node counts all agree.
set -u
dir=${1:-.device-final}
new_dir=$dir/new
old_bb=$dir/old/flowshop-bb
new_bb=$new_dir/flowshop-bb
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
exec > >(tee "$out/final.log") 2>&1
export LD_LIBRARY_PATH="$dir/devlibs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OUT="$out"
failed=0
for packed in "$dir"/new/*.gz "$dir"/old/*.gz; do
    [ -f "$packed" ] && gunzip -f "$packed" && chmod +x "${packed%.gz}"
done
now() { date +%s.%N; }
since() { echo "$1 $(now)" | awk '{printf "%.1f", $2 - $1}'; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }

echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1); $(nproc) cores"
echo "# new: $(cat "$new_dir/REVISION" 2>/dev/null || echo '?')   old: $(cat "$dir/old/REVISION" 2>/dev/null || echo '?')"
"$new_bb" --version

echo
echo "## check-gpu (all suites), the 100x20 heuristic table beside it"
heuristic_pid=
heuristic_script=test/bench/device_heuristic_100x20.sh
[ -f "$heuristic_script" ] || heuristic_script=$dir/device_heuristic_100x20.sh
if [ -f "$heuristic_script" ]; then
    (timeout 150 bash "$heuristic_script" "$new_dir" >"$out/heuristic_100x20.log" 2>&1;
     echo "heuristic 100x20: exit $?" >>"$out/heuristic_100x20.log") &
    heuristic_pid=$!
fi
start=$(now)
timeout 300 "$new_dir/check-gpu"
rc=$?
echo "check-gpu: exit $rc, $(since "$start") s"
[ "$rc" -eq 0 ] || failed=1
if [ -n "$heuristic_pid" ]; then
    wait "$heuristic_pid"
    echo
    echo "## heuristic, 100x20 (log: heuristic_100x20.log)"
    tail -30 "$out/heuristic_100x20.log"
fi

echo
echo "## compute-sanitizer memcheck: a resident solve taking a census every 0.1 s (--gap, --log)"
start=$(now)
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 99 "$new_bb" ta021 --device gpu --ub opt \
    --node-limit 1000000 --gap 0.000001 --log "$out/memcheck-progress.jsonl" --log-interval 0.1 \
    >"$out/memcheck-progress.txt" 2>&1
rc=$?
tail -3 "$out/memcheck-progress.txt"
echo "memcheck: exit $rc, $(since "$start") s"
[ "$rc" -le 1 ] || failed=1

echo
echo "## ta021-ta030, --device gpu --ub opt, whole process: old and new alternately"
run() { # run BB NAME -> "seconds nodes status"
    start=$(now)
    "$1" "$2" --device gpu --ub opt --json -q >"$out/last.json" 2>/dev/null
    echo "$(since "$start") $(field nodes <"$out/last.json") $(field status <"$out/last.json")"
}
printf '%-6s %9s %9s %7s %13s %13s %s\n' instance old_s new_s new/old old_nodes new_nodes check
total_old=0
total_new=0
for name in ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030; do
    read -r old_s old_nodes old_status <<<"$(run "$old_bb" "$name")"
    read -r new_s new_nodes new_status <<<"$(run "$new_bb" "$name")"
    check=ok
    if [ "$old_nodes" != "$new_nodes" ] || [ "$old_status" != optimal ] || [ "$new_status" != optimal ]; then
        check="DIFFERENT ($old_status/$new_status)"
        failed=1
    fi
    printf '%-6s %9.3f %9.3f %7.3f %13s %13s %s\n' "$name" "$old_s" "$new_s" \
        "$(echo "$new_s $old_s" | awk '{print $1 / $2}')" "$old_nodes" "$new_nodes" "$check"
    total_old=$(echo "$total_old $old_s" | awk '{print $1 + $2}')
    total_new=$(echo "$total_new $new_s" | awk '{print $1 + $2}')
done
printf '%-6s %9.3f %9.3f %7.3f\n' total "$total_old" "$total_new" "$(echo "$total_new $total_old" | awk '{print $1 / $2}')"
rm -f "$out/last.json"

for part in device_forecast device_progress_log; do
    if [ -f "test/bench/$part.sh" ]; then
        echo
        echo "## $part"
        start=$(now)
        TIME_S=60 timeout 100 bash "test/bench/$part.sh" "$new_dir"
        echo "$part: exit $?, $(since "$start") s"
    fi
done

echo
echo "final check: $([ "$failed" -eq 0 ] && echo passed || echo FAILED)"
exit "$failed"
