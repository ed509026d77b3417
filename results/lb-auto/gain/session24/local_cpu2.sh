#!/usr/bin/env bash
# Session 24, on the 2-core development machine: the CPU engine on 2 threads, whole process,
# --heuristic-threads 0, UB = optimum, 2 rounds of lb1 and auto with the old build and auto
# with the new one (rows: round, instance, lb, build, wall s, user s).
#   usage: results/lb-auto/gain/session24/local_cpu2.sh OLD_BUILD_DIR NEW_BUILD_DIR
set -u
old=${1:?usage: local_cpu2.sh OLD_BUILD_DIR NEW_BUILD_DIR}
new=${2:?usage: local_cpu2.sh OLD_BUILD_DIR NEW_BUILD_DIR}
for round in 1 2; do
    for item in ta030:opt ta028:opt ta029:opt r30x10_3010006 r30x15_3015002 r30x15_3015005 \
                r20x20_2020004 r20x20_2020005 r20x20_2020006; do
        name=${item%%:*} ub=${item#*:}
        if [ "$ub" = "$item" ]; then
            ub=$(awk -v n="$name" '$1 == n { print $5 }' instances/random/optima.tsv)
            name=instances/random/$name.txt
        fi
        for variant in lb1:old auto:old auto:new; do
            lb=${variant%%:*} build=${variant#*:} dir=$old
            [ "$build" = new ] && dir=$new
            seconds=$({ /usr/bin/time -f "%e %U" "$dir/flowshop-bb" "$name" -t 2 --heuristic-threads 0 --lb "$lb" \
                        --ub "$ub" -q >/dev/null; } 2>&1 | tail -1)
            echo "$round $(basename "$name" .txt) $lb $build $seconds"
        done
    done
done
