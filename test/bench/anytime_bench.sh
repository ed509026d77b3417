#!/usr/bin/env bash
# anytime_bench.sh — on the GPU machine: the heuristic beside the search (issue 14), whole
# process, one process per solve, every table printed and teed to $OUT/anytime_PART.log.
#
#   small   ta021-ta030, --device gpu: every default against --ub opt (time, nodes, who
#           found the final schedule and when). About a minute.
#   random  the 30x15 and 30x20 instances of instances/random: every default against the
#           optimum given (--ub N, N the optimum the default run proved; its best when it
#           did not), each run at most RANDOM_LIMIT seconds (default 30). At most
#           2 x RANDOM_LIMIT a file.
#   large   Taillard's large classes, PER_CLASS instances each (default 1: ta051, ta061,
#           ..., ta111), --device gpu --time-limit LARGE_LIMIT (default 20), every default:
#           the makespan's deviation from the best known in TAILLARD_TSV, who found it and
#           when; with COMPARE=1 also --heuristic-threads 0 (the search alone) and --search
#           heuristic on all cores (the heuristic alone) for the same time.
#
#   usage: test/bench/anytime_bench.sh PART TAILLARD_TSV [FLOWSHOP_BB]
# PART: small, random, large or all; TAILLARD_TSV: the best-known table (columns instance,
# jobs, machines, time_seed, best_known_makespan), carried to the GPU machine; FLOWSHOP_BB
# defaults to .device-build/new/flowshop-bb, with .devlibs carried beside it (see
# device_house_prepare.sh). Run from the repository root.
set -u
part=${1:?usage: anytime_bench.sh small|random|large|all TAILLARD_TSV [FLOWSHOP_BB]}
tsv=${2:?usage: anytime_bench.sh PART TAILLARD_TSV [FLOWSHOP_BB]}
bb=${3:-.device-build/new/flowshop-bb}
random_limit=${RANDOM_LIMIT:-30}
large_limit=${LARGE_LIMIT:-20}
per_class=${PER_CLASS:-1}
compare=${COMPARE:-0}
case $part in small | random | large | all) ;; *) echo "anytime_bench.sh: unknown part '$part'" >&2; exit 2 ;; esac
[ -r "$tsv" ] || { echo "anytime_bench.sh: cannot read $tsv" >&2; exit 2; }
[ -x "$bb" ] || { echo "anytime_bench.sh: no program $bb" >&2; exit 2; }
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
exec > >(tee "$out/anytime_$part.log") 2>&1
export LD_LIBRARY_PATH=".devlibs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

now() { date +%s.%N; }
# field KEY: the value of "KEY" in the one-line JSON object on stdin (quotes dropped).
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
best_known() { awk -F'\t' -v name="$1" '$1 == name { print $5 }' "$tsv"; }

# solve NAME ARGS...: one whole-process solve; sets wall, makespan, optimal, nodes,
# found_by, time_to_best, walks, status, initial_ub, rc.
solve() {
    local name=$1 start json
    shift
    start=$(now)
    json=$("$bb" "$name" "$@" --json --quiet 2>"$out/stderr.txt")
    rc=$?
    wall=$(echo "$start $(now)" | awk '{printf "%.3f", $2 - $1}')
    makespan=$(echo "$json" | field makespan)
    optimal=$(echo "$json" | field optimal)
    nodes=$(echo "$json" | field nodes)
    found_by=$(echo "$json" | field found_by)
    time_to_best=$(echo "$json" | field time_to_best_s)
    walks=$(echo "$json" | field heuristic_threads)
    status=$(echo "$json" | field status)
    initial_ub=$(echo "$json" | field initial_ub)
    [ -n "$makespan" ] || { makespan=-; echo "# $name $*: exit $rc: $(tail -1 "$out/stderr.txt")"; }
}

echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1), $(nproc) cores"
echo "# $bb: $("$bb" --version)  $(cat "$(dirname "$bb")/REVISION" 2>/dev/null)"

small() {
    echo
    echo "## ta021-ta030, --device gpu: every default against --ub opt (whole process)"
    printf "%-6s %9s %8s %12s %-9s %8s %6s | %9s %12s %7s\n" instance default_s makespan nodes found_by best_s walks \
        ubopt_s nodes ratio
    local total_default=0 total_opt=0
    for k in $(seq 21 30); do
        local name=ta0$k
        solve "$name" --device gpu
        local d_wall=$wall d_make=$makespan d_nodes=$nodes d_found=$found_by d_best=$time_to_best d_walks=$walks
        solve "$name" --device gpu --ub opt
        printf "%-6s %9.3f %8s %12s %-9s %8s %6s | %9.3f %12s %7.2f\n" "$name" "$d_wall" "$d_make" "$d_nodes" \
            "$d_found" "$d_best" "$d_walks" "$wall" "$nodes" "$(echo "$d_wall $wall" | awk '{print $1 / $2}')"
        total_default=$(echo "$total_default $d_wall" | awk '{print $1 + $2}')
        total_opt=$(echo "$total_opt $wall" | awk '{print $1 + $2}')
    done
    printf "total  %9.3f %43s | %9.3f %12s %7.2f\n" "$total_default" "" "$total_opt" "" \
        "$(echo "$total_default $total_opt" | awk '{print $1 / $2}')"
}

random() {
    echo
    echo "## instances/random 30x15 and 30x20, --device gpu: every default against the optimum given"
    echo "## (--ub N), each at most $random_limit s"
    printf "%-20s %9s %8s %-8s %12s %-9s %8s | %9s %12s %-8s %7s\n" instance default_s makespan optimal nodes found_by \
        best_s given_s nodes proven ratio
    for file in instances/random/r30x15_*.txt instances/random/r30x20_*.txt; do
        [ -r "$file" ] || continue
        solve "$file" --device gpu --time-limit "$random_limit"
        local d_wall=$wall d_make=$makespan d_opt=$optimal d_nodes=$nodes d_found=$found_by d_best=$time_to_best
        if [ "$d_make" = "-" ]; then continue; fi
        solve "$file" --device gpu --ub "$d_make" --time-limit "$random_limit"
        printf "%-20s %9.3f %8s %-8s %12s %-9s %8s | %9.3f %12s %-8s %7.2f\n" "$(basename "$file" .txt)" "$d_wall" \
            "$d_make" "$d_opt" "$d_nodes" "$d_found" "$d_best" "$wall" "$nodes" "$optimal" \
            "$(echo "$d_wall $wall" | awk '{print $1 / $2}')"
    done
}

# large_row LABEL NAME ARGS...: one row of the large table.
large_row() {
    local label=$1 name=$2 best
    shift 2
    best=$(best_known "$name")
    solve "$name" "$@"
    printf "%-6s %-10s %8s %8s %8s %-9s %8s %6s %12s\n" "$name" "$label" "$makespan" "$best" \
        "$(echo "$makespan $best" | awk '$1 != "-" && $2 > 0 {printf "%.3f", 100 * ($1 - $2) / $2; exit} {print "-"}')" \
        "$found_by" "$time_to_best" "$walks" "$nodes"
    [ "$makespan" = "-" ] || echo "$label $makespan $best" >>"$out/large_rows.txt"
}

large() {
    echo
    echo "## Taillard's large classes, --device gpu --time-limit $large_limit, every default ($per_class a class)"
    printf "%-6s %-10s %8s %8s %8s %-9s %8s %6s %12s\n" instance run makespan best dev_% found_by best_s walks nodes
    : >"$out/large_rows.txt"
    for first in 51 61 71 81 91 101 111; do
        for i in $(seq 0 $((per_class - 1))); do
            local name
            name=$(printf "ta%03d" $((first + i)))
            large_row default "$name" --device gpu --time-limit "$large_limit"
            if [ "$compare" = 1 ]; then
                large_row no-workers "$name" --device gpu --time-limit "$large_limit" --heuristic-threads 0
                large_row heuristic "$name" --search heuristic --time-limit "$large_limit"
            fi
        done
    done
    echo
    echo "average deviation from the best known, and best-known values matched:"
    awk '{ n[$1]++; dev[$1] += 100 * ($2 - $3) / $3; hit[$1] += ($2 <= $3) }
         END { for (r in n) printf "  %-10s %2d runs  %.3f %%  %d matched\n", r, n[r], dev[r] / n[r], hit[r] }' \
        "$out/large_rows.txt"
}

case $part in
small) small ;;
random) random ;;
large) large ;;
all) small; random; large ;;
esac
