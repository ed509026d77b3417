#!/usr/bin/env bash
# cpu_lb_auto.sh — --lb auto on the CPU engine against lb1 and lb2: each instance solved with
# each bound (threads THREADS, at most LIMIT_S seconds a solve), whole process, one row a
# solve (instance, lb, ub, status, nodes, lb2_refined_fraction, wall seconds, CPU seconds:
# user + system, which a machine shared with other work disturbs less) on stdout.
#   usage: test/bench/cpu_lb_auto.sh FLOWSHOP_BB INSTANCE[:UB] ...
# UB is --ub's value (default opt; a random instance's proven optimum).
set -u
bb=$1
shift
threads=${THREADS:-2}
limit=${LIMIT_S:-20}
now() { date +%s.%N; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
json=$(mktemp)
usage=$(mktemp)
trap 'rm -f "$json" "$usage"' EXIT
printf 'instance\tlb\tub\tstatus\tnodes\trefined\tseconds\tcpu_seconds\n'
for item in "$@"; do
    name=${item%%:*}
    ub=opt
    [ "$name" != "$item" ] && ub=${item#*:}
    for lb in lb1 lb2 auto; do
        start=$(now)
        /usr/bin/time -o "$usage" -f '%U %S' "$bb" "$name" -t "$threads" --lb "$lb" --ub "$ub" --time-limit "$limit" \
            --json -q >"$json" 2>/dev/null
        end=$(now)
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$name" .txt)" "$lb" "$ub" \
            "$(field status <"$json" | cut -d: -f1)" "$(field nodes <"$json")" \
            "$(field lb2_refined_fraction <"$json")" "$(echo "$start $end" | awk '{printf "%.3f", $2 - $1}')" \
            "$(tail -1 "$usage" | awk '{printf "%.2f", $1 + $2}')"
    done
done
