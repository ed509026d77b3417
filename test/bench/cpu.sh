#!/bin/sh
# cpu.sh — the CPU benchmark table (make bench-cpu): time to prove optimality with the
# best-known makespan as the initial upper bound, as the reference multicore B&B is measured.
# Usage: sh test/bench/cpu.sh build/flowshop-bb [INSTANCE...]
# Environment: THREADS (default 2), LB (default lb1), EXTRA (more flowshop-bb options).
bin=${1:?usage: cpu.sh PATH-TO-flowshop-bb [INSTANCE...]}
shift
[ $# -gt 0 ] || set -- ta022 ta028 ta029 ta030 ta021
threads=${THREADS:-2}
lb=${LB:-lb1}
printf '%-8s %10s %14s %12s %10s %s\n' instance time_s nodes nodes_per_s makespan optimal
for inst in "$@"; do
    # shellcheck disable=SC2086
    "$bin" "$inst" --ub opt --threads "$threads" --lb "$lb" --json --quiet $EXTRA |
        sed -e 's/[{}"]//g' -e 's/, /\n/g' |
        awk -F': ' -v inst="$inst" '
            { v[$1] = $2 }
            END { printf "%-8s %10.2f %14d %12.0f %10s %s\n", inst, v["time_s"], v["nodes"], v["nodes_per_s"],
                  v["makespan"], v["optimal"] }'
done
