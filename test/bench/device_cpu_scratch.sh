#!/usr/bin/env bash
# device_cpu_scratch.sh — the CPU engine with each worker's scratch allocated by its own thread
# (search_cpu.c, alloc_scratch) against a build that allocates every worker's scratch from the
# main thread (issue 15: two threads' hot arrays on one cache line), on every core of the GPU
# machine: ta021-ta030, --ub opt --lb lb1, --heuristic-threads 0 (the same LB1 tree in every
# finished run), the two builds alternating in each of ROUNDS rounds (old first in odd rounds).
# Each run stops after NODE_LIMIT branched nodes (the long instances: the same work for both
# builds, about 2.5 s on 16 cores at 20 M nodes/s); no new run after DEADLINE_S.
#   usage: test/bench/device_cpu_scratch.sh BUILD_DIR OLD_BUILD_DIR
# Each build directory holds flowshop-bb; the shared libraries it needs are in DEVLIBS
# (default .devlibs). Run from the repository root. Environment: ROUNDS (2), THREADS (16),
# NODE_LIMIT (50000000; 0: none), DEADLINE_S (200), DEVLIBS, INSTANCES (NAME or FILE:UB items,
# default ta021-ta030; NAME runs with --ub opt).
# Writes $OUT/cpu-scratch/runs.tsv (round, instance, build, status, nodes, search seconds,
# nodes/s, wall seconds) and $OUT/cpu-scratch/table.txt: per instance and build the best and
# median wall seconds and nodes/s over the rounds, new / old, and the sums.
set -u
new=${1:?usage: device_cpu_scratch.sh BUILD_DIR OLD_BUILD_DIR}
old=${2:?usage: device_cpu_scratch.sh BUILD_DIR OLD_BUILD_DIR}
rounds=${ROUNDS:-2}
threads=${THREADS:-16}
node_limit=${NODE_LIMIT:-50000000}
deadline_s=${DEADLINE_S:-200}
instances=${INSTANCES:-$(for k in $(seq 21 30); do printf 'ta0%s ' "$k"; done)}
out=${OUT:-$(mktemp -d)}/cpu-scratch
mkdir -p "$out"
exec > >(tee "$out/table.txt") 2>&1
export LD_LIBRARY_PATH="${DEVLIBS:-.devlibs}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
runs="$out/runs.tsv"
printf 'round\tinstance\tbuild\tstatus\tnodes\tsearch_s\tnodes_per_s\twall_s\n' >"$runs"
now() { date +%s.%N; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
began=$(now)
late() { awk -v a="$began" -v b="$(now)" -v d="$deadline_s" 'BEGIN { exit !(b - a > d) }'; }
json=$(mktemp)
trap 'rm -f "$json"' EXIT

echo "# $(nproc) cores, $threads threads, node limit $node_limit, $rounds rounds, lb1"
echo "# new: $(cat "$new/REVISION" 2>/dev/null || echo "$new"), old: $(cat "$old/REVISION" 2>/dev/null || echo "$old")"

# solve ROUND ITEM BUILD BINARY: one row.
solve() {
    local name=${2%%:*} ub=opt start end
    case $2 in *:*) ub=${2#*:} ;; esac
    start=$(now)
    "$4" "$name" --device cpu --ub "$ub" --lb lb1 -t "$threads" --heuristic-threads 0 --node-limit "$node_limit" \
        --json -q >"$json" 2>/dev/null
    end=$(now)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$(basename "$name" .txt)" "$3" "$(field status <"$json" | cut -d' ' -f1)" \
        "$(field nodes <"$json")" "$(field time_s <"$json")" "$(field nodes_per_s <"$json")" \
        "$(echo "$start $end" | awk '{printf "%.3f", $2 - $1}')" >>"$runs"
}

# Old first in odd rounds, new first in even ones.
for round in $(seq "$rounds"); do
    for name in $instances; do
        late && { echo "# deadline: stopped in round $round before ${name%%:*}"; break 2; }
        if [ $((round % 2)) -eq 1 ]; then
            solve "$round" "$name" old "$old/flowshop-bb"
            solve "$round" "$name" new "$new/flowshop-bb"
        else
            solve "$round" "$name" new "$new/flowshop-bb"
            solve "$round" "$name" old "$old/flowshop-bb"
        fi
    done
done

echo
echo "## best and median over the rounds: wall seconds, M nodes/s; new / old (wall: < 1 is faster)"
awk -F'\t' '
function sort_(a, n,    i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t } }
function median(a, n) { sort_(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
NR == 1 { next }
{
    k = $2 SUBSEP $3
    c = ++count[k]; wall[k, c] = $8; rate[k, c] = $7 / 1e6
    if (!($2 in seen)) { seen[$2] = 1; order[++names] = $2 }
    nodes[k] = nodes[k] (nodes[k] == "" ? "" : ",") $5
    if ($4 != "optimal" && $4 != "no" && !((k, $4) in noted)) { noted[k, $4] = 1; status[$2] = status[$2] " " $3 ":" $4 }
}
END {
    printf "%-8s %3s | %8s %8s %7s %7s | %8s %8s %7s %7s | %6s %6s\n", "instance", "n", "old_best", "old_med",
        "old_Mps", "med_Mps", "new_best", "new_med", "new_Mps", "med_Mps", "best", "median"
    for (i = 1; i <= names; i++) {
        name = order[i]
        for (b = 0; b < 2; b++) {
            build = b ? "new" : "old"; k = name SUBSEP build; n = count[k]
            best_w[b] = 1e30; best_r[b] = 0
            for (c = 1; c <= n; c++) {
                w[c] = wall[k, c]; r[c] = rate[k, c]
                if (w[c] < best_w[b]) best_w[b] = w[c]
                if (r[c] > best_r[b]) best_r[b] = r[c]
            }
            med_w[b] = median(w, n); med_r[b] = median(r, n)
        }
        if (count[name SUBSEP "new"] == 0 || count[name SUBSEP "old"] == 0) continue
        printf "%-8s %3d | %8.3f %8.3f %7.2f %7.2f | %8.3f %8.3f %7.2f %7.2f | %6.3f %6.3f%s\n", name,
            count[name SUBSEP "old"], best_w[0], med_w[0], best_r[0], med_r[0], best_w[1], med_w[1], best_r[1],
            med_r[1], best_w[1] / best_w[0], med_w[1] / med_w[0], status[name]
        sum_bw[0] += best_w[0]; sum_bw[1] += best_w[1]; sum_mw[0] += med_w[0]; sum_mw[1] += med_w[1]
    }
    printf "%-8s %3s | %8.3f %8.3f %7s %7s | %8.3f %8.3f %7s %7s | %6.3f %6.3f\n", "sum", "", sum_bw[0], sum_mw[0],
        "", "", sum_bw[1], sum_mw[1], "", "", sum_bw[1] / sum_bw[0], sum_mw[1] / sum_mw[0]
    print ""
    print "## nodes per run (old | new): equal in finished runs, the node limit (+ a check of 256 a thread) in limited ones"
    for (i = 1; i <= names; i++)
        printf "%-8s %s | %s\n", order[i], nodes[order[i] SUBSEP "old"], nodes[order[i] SUBSEP "new"]
}' "$runs"
