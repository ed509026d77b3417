#!/usr/bin/env bash
# device_cooperation_solver.sh — two builds of flowshop-bb, every default on the GPU machine
# (the resident engine and its heuristic workers beside it), side by side on the same
# instances with a time limit: the final makespan, who found it and when. Made to compare
# the heuristic workers' cooperation rule (issue 14) in whole runs; any two builds will do.
# The builds alternate which runs first on each instance.
#   usage: test/bench/device_cooperation_solver.sh OLD_BIN NEW_BIN LIMIT_S "ta081 ta082 ..."
# Writes $OUT/solver/runs.tsv (instance, build, makespan, best known, found_by,
# time_to_best_s, status) and prints it.
set -u
old=${1:?usage}; new=${2:?usage}; limit=${3:?usage}; instances=${4:?usage}
out=${OUT:-$(mktemp -d)}/solver
mkdir -p "$out"
tsv="$out/runs.tsv"
printf 'instance\tbuild\tmakespan\tfound_by\ttime_to_best_s\tstatus\n' >"$tsv"
# One top-level scalar of the JSON object (the GPU machine has no python).
field() { tr -d '\n' | sed -n "s/.*\"$1\": *\(\"[^\"]*\"\|[^,}]*\).*/\1/p" | tr -d '"'; }
order=0
for inst in $instances; do
    if [ $((order % 2)) -eq 0 ]; then pair="old new"; else pair="new old"; fi
    order=$((order + 1))
    for build in $pair; do
        bin=$old; [ "$build" = new ] && bin=$new
        json=$("$bin" "$inst" --device gpu --time-limit "$limit" --json -q 2>"$out/$inst.$build.err")
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$inst" "$build" "$(field makespan <<<"$json")" \
            "$(field found_by <<<"$json")" "$(field time_to_best_s <<<"$json")" "$(field status <<<"$json")" >>"$tsv"
    done
done
cat "$tsv"
