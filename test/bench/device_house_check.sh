#!/usr/bin/env bash
# device_house_check.sh — on the GPU machine, after the device code moved: the GPU test
# program (all suites), compute-sanitizer (memcheck and racecheck) on short resident solves,
# and the ta021-ta030 table (--device gpu, upper bound at the optimum, whole process, one
# process per instance) of an OLD and a NEW flowshop-bb run alternately in this one call:
# both times, the ratio new/old and the node counts, which must be equal. Built on the
# build machine by test/bench/device_house_prepare.sh; run from the repository root with
# .device-build (new/ and old/) and .devlibs carried. The log goes to $OUT/house_check.log,
# each sanitizer's report to $OUT/sanitizer-*.txt. About 5 minutes: check-gpu about 105 s,
# each sanitizer run at most 60 s, the table 40 solves of about a second.
#   usage: test/bench/device_house_check.sh [NEW_DIR [OLD_DIR]]   (flowshop-bb, check-gpu in them)
# Exit status 0 when the tests, the sanitizers and the node counts all agree.
set -u
new_dir=${1:-.device-build/new}
old_dir=${2:-.device-build/old}
new_bb=$new_dir/flowshop-bb
old_bb=$old_dir/flowshop-bb
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
exec > >(tee "$out/house_check.log") 2>&1
export LD_LIBRARY_PATH=".devlibs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
failed=0
now() { date +%s.%N; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }

echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
echo "# new: $new_dir ($(cat "$new_dir/REVISION" 2>/dev/null || echo '?'))   old: $old_dir ($(cat "$old_dir/REVISION" 2>/dev/null || echo '?'))"

echo
echo "## check-gpu (all suites)"
start=$(now)
timeout 300 "$new_dir/check-gpu"
rc=$?
echo "check-gpu: exit $rc, $(echo "$start $(now)" | awk '{printf "%.1f", $2 - $1}') s"
[ "$rc" -eq 0 ] || failed=1

echo
echo "## compute-sanitizer on short resident solves"
sanitized=0
sanitize() {
    tool=$1
    shift
    sanitized=$((sanitized + 1))
    report="$out/sanitizer-$sanitized-$tool-$1.txt"
    start=$(now)
    timeout 60 compute-sanitizer --tool "$tool" --error-exitcode 99 "$new_bb" "$@" --device gpu -q >"$report" 2>&1
    rc=$?
    tail -2 "$report"
    echo "$tool $*: exit $rc, $(echo "$start $(now)" | awk '{printf "%.1f", $2 - $1}') s"
    # 0: proven, 1: the node limit stopped it; anything else (99: an error found) fails.
    [ "$rc" -le 1 ] || failed=1
}
sanitize memcheck ta021 --ub opt --node-limit 100000
sanitize memcheck ta011 --ub opt --lb lb2 --node-limit 50000
sanitize racecheck ta021 --ub opt --node-limit 30000
sanitize racecheck ta011 --ub opt --lb lb2 --node-limit 20000

echo
echo "## ta021-ta030, --device gpu --ub opt, whole process: old and new alternately (best of 2 each)"
run() { # run BB NAME -> "seconds nodes status"
    start=$(now)
    "$1" "$2" --device gpu --ub opt --json -q >"$out/last.json" 2>/dev/null
    end=$(now)
    echo "$(echo "$start $end" | awk '{printf "%.3f", $2 - $1}') $(field nodes <"$out/last.json") $(field status <"$out/last.json")"
}
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b ? a : b) }'; }
printf '%-6s %9s %9s %7s %13s %13s %s\n' instance old_s new_s new/old old_nodes new_nodes check
total_old=0
total_new=0
for name in ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030; do
    read -r old1 old_nodes old_status <<<"$(run "$old_bb" "$name")"
    read -r new1 new_nodes new_status <<<"$(run "$new_bb" "$name")"
    read -r new2 new_nodes2 _ <<<"$(run "$new_bb" "$name")"
    read -r old2 old_nodes2 _ <<<"$(run "$old_bb" "$name")"
    old_s=$(best "$old1" "$old2")
    new_s=$(best "$new1" "$new2")
    check=ok
    if [ "$old_nodes" != "$new_nodes" ] || [ "$old_nodes" != "$old_nodes2" ] || [ "$new_nodes" != "$new_nodes2" ] ||
        [ "$old_status" != optimal ] || [ "$new_status" != optimal ]; then
        check="DIFFERENT ($old_status/$new_status, $old_nodes2/$new_nodes2)"
        failed=1
    fi
    printf '%-6s %9.3f %9.3f %7.3f %13s %13s %s\n' "$name" "$old_s" "$new_s" \
        "$(echo "$new_s $old_s" | awk '{print $1 / $2}')" "$old_nodes" "$new_nodes" "$check"
    total_old=$(echo "$total_old $old_s" | awk '{print $1 + $2}')
    total_new=$(echo "$total_new $new_s" | awk '{print $1 + $2}')
done
printf '%-6s %9.3f %9.3f %7.3f\n' total "$total_old" "$total_new" "$(echo "$total_new $total_old" | awk '{print $1 / $2}')"
rm -f "$out/last.json"

echo
echo "house check: $([ "$failed" -eq 0 ] && echo passed || echo FAILED)"
exit "$failed"
