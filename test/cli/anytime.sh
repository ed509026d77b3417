#!/bin/sh
# anytime.sh — command-line tests of the heuristic beside and instead of the search:
# --search heuristic (its makespan recomputed from the schedule written, its status, a
# seeded run with an iteration budget that repeats), the search with heuristic workers
# never ending worse than the search alone or the heuristic alone, found_by and
# time_to_best_s in the JSON, and the refusals.
# Usage: sh test/cli/anytime.sh build/flowshop-bb. Prints "N passed, N failed".
bin=${1:?usage: anytime.sh PATH-TO-flowshop-bb}
. "$(dirname "$0")/check.sh"

# json_number KEY [FILE]: the number under "KEY" in a one-line JSON object.
json_number() {
    sed -n "s/.*\"$1\": \([0-9][0-9]*\).*/\1/p" "${2:-$tmp/out}"
}

# json_list KEY [FILE]: the list under "KEY", as written.
json_list() {
    sed -n "s/.*\"$1\": \(\[[^]]*\]\).*/\1/p" "${2:-$tmp/out}"
}

# expect_recomputed NAME CSV: the JSON's makespan equals the latest end in the schedule
# CSV, which the program computes from the permutation.
expect_recomputed() {
    reported=$(json_number makespan)
    computed=$(awk -F, 'NR > 1 && $4 > last { last = $4 } END { print last + 0 }' "$2")
    if [ -n "$reported" ] && [ "$reported" -eq "$computed" ]; then pass; else
        fail "$1: reported makespan '$reported', schedule ends at $computed"
    fi
}

# --search heuristic: a schedule, not proven optimal (exit 1), recomputed.
expect_status "heuristic alone" 1 "$bin" ta051 --search heuristic -t 2 --heuristic-iterations 60 --json \
    --schedule "$tmp/alone.csv" --quiet
expect_output "heuristic alone: status" '"status": "heuristic: not proven optimal"'
expect_output "heuristic alone: found by" '"found_by": "heuristic"'
expect_output "heuristic alone: no nodes" '"nodes": 0,'
expect_output "heuristic alone: search" '"search": "heuristic"'
expect_output "heuristic alone: walks" '"heuristic_threads": 2,'
expect_recomputed "heuristic alone" "$tmp/alone.csv"

expect_status "heuristic alone, text" 1 "$bin" ta051 --search heuristic -t 1 --heuristic-iterations 20 --quiet
expect_output "heuristic alone, text: status" "status       heuristic: not proven optimal"
expect_output "heuristic alone, text: found by" "found by     heuristic after"

# A time limit ends it without an iteration budget.
expect_status "heuristic alone, time limit" 1 "$bin" ta081 --search heuristic -t 1 --time-limit 0.5 --json --quiet
expect_output "heuristic alone, time limit" '"found_by": "heuristic"'

# One walk, a seed and an iteration budget: the same schedule twice.
expect_status "seeded run" 1 "$bin" ta061 --search heuristic -t 1 --heuristic-iterations 120 --seed 9 --json --quiet
first=$(json_list permutation)
expect_status "seeded run, again" 1 "$bin" ta061 --search heuristic -t 1 --heuristic-iterations 120 --seed 9 --json \
    --quiet
second=$(json_list permutation)
if [ -n "$first" ] && [ "$first" = "$second" ]; then pass; else fail "seeded run: '$first' then '$second'"; fi
expect_output "seeded run: seed" '"seed": "9"'

# Exact search: the schedule's origin and time, recomputed.
expect_status "exact search" 0 "$bin" ta001 -t 2 --heuristic-threads 1 --json --schedule "$tmp/exact.csv" --quiet
expect_output "exact search: optimum" '"makespan": 1278'
expect_output "exact search: found by" '"found_by": "\(initial\|search\|heuristic\)"'
expect_output "exact search: time to best" '"time_to_best_s": [0-9]'
expect_output "exact search: workers" '"heuristic_threads": 1,'
expect_recomputed "exact search" "$tmp/exact.csv"

expect_status "ub neh" 0 "$bin" ta001 -t 2 --ub neh --json --quiet
expect_output "ub neh" '"ub": "neh"'

# Never worse than either side alone: the search alone and the heuristic alone against the
# search with a heuristic walk beside it, on an instance the search cannot prove.
expect_status "search alone" 1 "$bin" ta051 -t 1 --ub neh --heuristic-threads 0 --time-limit 2 --json --quiet
search_alone=$(json_number makespan)
expect_status "heuristic alone, short" 1 "$bin" ta051 --search heuristic -t 1 --heuristic-iterations 30 --json --quiet
heuristic_alone=$(json_number makespan)
expect_status "both" 1 "$bin" ta051 -t 1 --ub neh --heuristic-threads 1 --time-limit 2 --json \
    --schedule "$tmp/both.csv" --quiet
both=$(json_number makespan)
expect_recomputed "both" "$tmp/both.csv"
if [ -n "$both" ] && [ "$both" -le "$search_alone" ] && [ "$both" -le "$heuristic_alone" ]; then pass; else
    fail "both sides: $both, search alone $search_alone, heuristic alone $heuristic_alone"
fi
expect_output "both: found by the heuristic" '"found_by": "heuristic"'

# Refusals.
expect_status "heuristic with a checkpoint" 2 "$bin" ta001 --search heuristic --checkpoint "$tmp/c.ckpt" --quiet
expect_output "heuristic with a checkpoint" "checkpoints" "$tmp/err"
expect_status "bad heuristic-threads" 2 "$bin" ta001 --heuristic-threads many --quiet
expect_output "bad heuristic-threads" "heuristic-threads" "$tmp/err"
expect_status "bad search" 2 "$bin" ta001 --search greedy --quiet
expect_status "bad seed" 2 "$bin" ta001 --seed -1 --quiet

finish "anytime"
