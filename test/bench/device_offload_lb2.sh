#!/usr/bin/env bash
# device_offload_lb2.sh — on the GPU machine (16 cores, one H100), the offload engine's LB2
# by lane groups (issue 20): first check-gpu's suites of the offload bounder and of the LB2
# both GPU engines share, then LB2 node rates with UB = best known, TIME_LIMIT s each (default
# 12), on ta051, ta081 and ta101: the offload engine of OLD and of NEW, alternately, and the
# CPU engine (NEW's, the machine's cores) once each. Prints a table of nodes/s (nodes over
# time_s of the JSON), new/old and new/CPU; then, if time is left, compute-sanitizer's memcheck
# and racecheck on short offload LB2 runs on lane groups. Under 4 minutes: the suites stop at
# CHECK_BUDGET seconds (default 95) in all, each suite in a process of its own, and the
# sanitizer runs start only before 160 s, 25 s each at most.
#   usage: device_offload_lb2.sh BIN_DIR_NEW BIN_DIR_OLD
#     BIN_DIR_NEW holds flowshop-bb and check-gpu, BIN_DIR_OLD flowshop-bb (each may be
#     gzipped: NAME.gz is unpacked first); LD_LIBRARY_PATH is the caller's.
#   The log: $OUT/offload_lb2.log.
set -u
new=${1:?usage: device_offload_lb2.sh BIN_DIR_NEW BIN_DIR_OLD}
old=${2:?usage: device_offload_lb2.sh BIN_DIR_NEW BIN_DIR_OLD}
out=${OUT:-$(mktemp -d)}
limit=${TIME_LIMIT:-12}
check_budget=${CHECK_BUDGET:-95}
instances=${INSTANCES:-ta051 ta081 ta101}
mkdir -p "$out"
exec > >(tee "$out/offload_lb2.log") 2>&1
work=$(mktemp -d)
# program DIR NAME: the path of DIR/NAME, unpacked into a scratch folder when gzipped.
program() {
    if [ -x "$1/$2" ]; then
        echo "$1/$2"
    elif [ -f "$1/$2.gz" ]; then
        mkdir -p "$work/$(basename "$1")"
        gzip -dc "$1/$2.gz" >"$work/$(basename "$1")/$2" && chmod +x "$work/$(basename "$1")/$2"
        echo "$work/$(basename "$1")/$2"
    else
        echo "device_offload_lb2.sh: no $1/$2" >&2
        exit 2
    fi
}
new_bb=$(program "$new" flowshop-bb)
new_check=$(program "$new" check-gpu)
old_bb=$(program "$old" flowshop-bb)
start=$(date +%s)
elapsed() { echo $(($(date +%s) - start)); }
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1); $(nproc) cores;" \
    "new $(cat "$new/REVISION" 2>/dev/null || echo '?'), old $(cat "$old/REVISION" 2>/dev/null || echo '?')"

echo
echo "## check-gpu: the offload bounder's and the shared LB2's suites (at most $check_budget s in all)"
export FSBB_TEST_SEED=${FSBB_TEST_SEED:-20261126}
for suite in gpu_offload_lb2 gpu_resident_lb2 "gpu bounder" gpu_offload "gpu bounds"; do
    left=$((check_budget - $(elapsed)))
    if [ "$left" -le 5 ]; then
        echo "[$suite: not run, the check budget is spent]"
        continue
    fi
    suite_start=$(date +%s)
    timeout "$left" "$new_check" "$suite" >"$work/suite.txt" 2>&1
    rc=$?
    # Mismatches (the suites print every comparison: only those that differ) and CUnit's counts.
    grep -E "DIFFER|[1-9][0-9]* differ|GPU -?[0-9]+, CPU|Assertion|^ +(suites|tests|asserts) +[0-9]" "$work/suite.txt" |
        head -30
    echo "[$suite: exit $rc$([ "$rc" = 124 ] && echo ', cut at the budget'), $(($(date +%s) - suite_start)) s]"
done

echo
echo "## LB2 node rates, UB = best known, $limit s each (offload: --device gpu --gpu-engine offload)"
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p" | head -1; }
# rate LABEL BB ARGS...: one run; prints its line and sets $rate (nodes per second).
rate() {
    label=$1
    prog=$2
    shift 2
    json=$("$prog" "$@" --json -q 2>&1)
    time_s=$(printf '%s\n' "$json" | field time_s)
    nodes=$(printf '%s\n' "$json" | field nodes)
    status=$(printf '%s\n' "$json" | field status)
    device=$(printf '%s\n' "$json" | field device)
    rate=$(echo "${nodes:-0} ${time_s:-0}" | awk '{ if ($2 > 0) printf "%.0f", $1 / $2; else print 0 }')
    printf '%-22s %8s s %13s nodes %11s nodes/s %-8s %s\n' "$label" "$time_s" "$nodes" "$rate" "$status" "$device"
    [ -n "$status" ] || printf '%s\n' "$json" | tail -3
}
table="$work/table.txt"
for name in $instances; do
    common="$name --lb lb2 --ub opt --time-limit $limit"
    # shellcheck disable=SC2086
    rate "$name offload old" "$old_bb" $common --device gpu --gpu-engine offload
    old_rate=$rate
    # shellcheck disable=SC2086
    rate "$name offload new" "$new_bb" $common --device gpu --gpu-engine offload
    new_rate=$rate
    # shellcheck disable=SC2086
    rate "$name cpu" "$new_bb" $common --device cpu
    cpu_rate=$rate
    echo "$name $old_rate $new_rate $cpu_rate" >>"$table"
done

echo
echo "| instance | offload old nodes/s | offload new nodes/s | CPU engine nodes/s | new/old | new/CPU |"
echo "|---|---:|---:|---:|---:|---:|"
awk '{ printf "| %s | %.0f | %.0f | %.0f | %s | %s |\n", $1, $2, $3, $4,
       ($2 > 0 ? sprintf("%.2f", $3 / $2) : "-"), ($4 > 0 ? sprintf("%.2f", $3 / $4) : "-") }' "$table"

# compute-sanitizer on short offload LB2 runs whose LB2 is on lane groups (ta021: 32 lanes,
# ta011: 16), while the 4 minutes allow it.
if [ "$(elapsed)" -lt 160 ] && command -v compute-sanitizer >/dev/null; then
    echo
    echo "## compute-sanitizer (new; exit 1 is the node limit)"
    for name in ta021 ta011; do
        printf '%s memcheck: ' "$name"
        timeout 25 compute-sanitizer --tool memcheck --leak-check full "$new_bb" "$name" --device gpu \
            --gpu-engine offload --threads 4 --lb lb2 --ub opt --node-limit 20000 -q 2>&1 | grep "ERROR SUMMARY" ||
            echo "no summary (cut at 25 s)"
    done
    printf 'ta021 racecheck: '
    timeout 25 compute-sanitizer --tool racecheck "$new_bb" ta021 --device gpu --gpu-engine offload --threads 1 \
        --pool-size 512 --lb lb2 --ub opt --node-limit 1500 -q 2>&1 | grep "RACECHECK SUMMARY" ||
        echo "no summary (cut at 25 s)"
fi
echo
echo "# done in $(elapsed) s"
rm -rf "$work"
