#!/usr/bin/env bash
# device_profile.sh — on the GPU machine: where the resident engine's time goes, for the
# kernel work of issues 15 and 21. For one flowshop-bb build it prints the node rate of
# time-limited resident solves (LB1 and LB2 on a 20x20, a 50x20 and a 100x20 instance, the
# upper bound at the best-known makespan) and profiles the branch kernel with Nsight Compute
# (occupancy, threads per warp instruction, registers, warp stall reasons, memory traffic)
# on a few launches in the middle of a solve.
#   usage: test/bench/device_profile.sh BB [LABEL]    (log in $OUT/profile-LABEL.log)
set -u
bb=${1:?usage: device_profile.sh BB [LABEL]}
label=${2:-run}
out=${OUT:-$(mktemp -d)}
limit=${FSBB_PROFILE_TIME_LIMIT:-6}
mkdir -p "$out"
exec > >(tee "$out/profile-$label.log") 2>&1
export LD_LIBRARY_PATH=".devlibs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }

echo "## $label: node rates, --device gpu --ub opt --time-limit $limit"
printf '%-6s %-4s %14s %12s %8s %s\n' instance lb nodes nodes/s time status
for name in ta021 ta051 ta081; do
    for lb in lb1 lb2; do
        "$bb" "$name" --device gpu --ub opt --lb "$lb" --time-limit "$limit" --json -q >"$out/p.json" 2>/dev/null
        printf '%-6s %-4s %14s %12s %8s %s\n' "$name" "$lb" "$(field nodes <"$out/p.json")" \
            "$(field nodes_per_s <"$out/p.json")" "$(field time_s <"$out/p.json")" "$(field status <"$out/p.json")"
    done
done
rm -f "$out/p.json"

metrics=smsp__thread_inst_executed_per_inst_executed.ratio,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,sm__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_bytes.sum,dram__bytes.sum,smsp__inst_executed.sum,gpu__time_duration.sum,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active
profile() { # profile NAME LB SKIP
    echo
    echo "## $label: ncu, fsbb_resident_branch, $1 --lb $2, launches $3..$(($3 + 2))"
    timeout 150 ncu --kernel-name regex:fsbb_resident_branch --launch-skip "$3" --launch-count 3 \
        --metrics "$metrics" --csv --page raw "$bb" "$1" --device gpu --ub opt --lb "$2" --node-limit 400000000 \
        --time-limit 60 -q >"$out/ncu-$label-$1-$2.csv" 2>"$out/ncu-$label-$1-$2.err"
    echo "ncu exit $?"
    python3 - "$out/ncu-$label-$1-$2.csv" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if r]
head = next((i for i, r in enumerate(rows) if "Kernel Name" in r or "Metric Name" in r), None)
if head is None:
    print("no ncu rows"); sys.exit()
names = rows[head]
for r in rows[head + 2:]:
    d = dict(zip(names, r))
    print(d.get("Kernel Name", "?")[:40], "grid", d.get("Grid Size", "?"), "block", d.get("Block Size", "?"))
    for k in names:
        if "__" in k:
            print("   %-75s %s" % (k, d.get(k)))
PY
}
profile ta023 lb1 200
profile ta021 lb2 100
profile ta051 lb1 200
