#!/usr/bin/env bash
# bench.sh — session 7's CPU comparison of --lb auto (README.md, "The CPU engine's measured cut
# credit"): ROUNDS rounds, per instance the variants in turn (alternating), 2 threads, no
# heuristic walk, --ub at the optimum; one row per run: round, instance, variant, user and
# wall seconds, nodes, LB2's refined fraction.
#   usage: bench.sh ROUNDS "INSTANCE..." "LABEL:BINARY:LB ..."   (from the repository root)
set -u
rounds=$1 instances=$2 variants=$3
for round in $(seq "$rounds"); do
    for name in $instances; do
        case $name in
        ta*) file=$name ub=opt ;;
        *) file=instances/random/$name.txt ub=$(awk -v n="$name" '$1 == n { print $5 }' instances/random/optima.tsv) ;;
        esac
        for variant in $variants; do
            label=${variant%%:*} rest=${variant#*:}
            binary=${rest%%:*} lb=${rest##*:}
            out=$({ /usr/bin/time -f "TIME %U %e" "$binary" "$file" --ub "$ub" --threads 2 --heuristic-threads 0 \
                --lb "$lb" --json -q; } 2>&1)
            nodes=$(echo "$out" | sed -n 's/.*"nodes": \([0-9]*\).*/\1/p')
            refined=$(echo "$out" | sed -n 's/.*"lb2_refined_fraction": \([0-9.]*\).*/\1/p')
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$name" "$label" "$(echo "$out" | awk '/^TIME/ { print $2 "\t" $3 }')" \
                "$nodes" "$refined"
        done
    done
done
