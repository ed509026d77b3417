#!/bin/sh
# limits.sh — command-line tests of limits and signals before the search begins, on
# instances generated here: SIGINT during the initial schedule of 20000 jobs, a time limit
# there with --checkpoint (the saved root resumes), LB2 tables too large refused at once;
# --gap's stop, its refusals, and a proof's gap and share of the tree done.
# A run that should stop in 0.2 s gets 10 s (timeout) before it counts as hung.
# Usage: sh test/cli/limits.sh build/flowshop-bb. Prints "N passed, N failed".
bin=${1:?usage: limits.sh PATH-TO-flowshop-bb}
. "$(dirname "$0")/check.sh"

# instance FILE N M: an N x M instance in the plain format, times 1..99 from a fixed seed.
instance() {
    awk -v n="$2" -v m="$3" 'BEGIN {
        srand(7); print n, m
        for (k = 0; k < m; k++) {
            for (j = 0; j < n; j++) printf "%d%s", 1 + int(rand() * 99), (j + 1 < n ? " " : "\n")
        }
    }' >"$1"
}

# expect_status NAME STATUS COMMAND...: runs COMMAND (10 s at most), keeps stdout/stderr in
# $tmp/out, $tmp/err.
expect_status() {
    name=$1 want=$2
    shift 2
    timeout -k 2 10 "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then pass; else fail "$name: exit status $got, expected $want"; cat "$tmp/err"; fi
}

instance "$tmp/big.txt" 20000 20
instance "$tmp/mid.txt" 3000 20

# SIGINT 0.3 s into NEH: exit 3 with a complete schedule.
timeout -k 2 10 "$bin" "$tmp/big.txt" --threads 1 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.3
kill -INT "$pid"
wait "$pid"
got=$?
if [ "$got" -eq 3 ]; then pass; else fail "SIGINT in the initial schedule: exit status $got, expected 3"; fi
expect_output "SIGINT in the initial schedule: status" "status       interrupted"
expect_output "SIGINT in the initial schedule: a schedule" "^permutation  *[0-9]"
expect_output "SIGINT in the initial schedule: a lower bound" "^lower bound  *[0-9]"

# A time limit in NEH with --checkpoint: the root is saved, and resumes.
expect_status "time limit in the initial schedule" 1 "$bin" "$tmp/mid.txt" --time-limit 0.2 --threads 1 \
    --checkpoint "$tmp/mid.ckpt" --json
expect_output "time limit in the initial schedule: a schedule" '"permutation": \['
expect_output "time limit in the initial schedule: nothing branched" '"nodes": 0,'
if [ -s "$tmp/mid.ckpt" ]; then pass; else fail "time limit in the initial schedule: no checkpoint"; fi
expect_status "resume a search stopped before branching" 1 "$bin" "$tmp/mid.txt" --resume "$tmp/mid.ckpt" \
    --node-limit 1 --threads 1 --json
expect_output "resumed: the saved schedule or better" '"permutation": \['

# LB2 on 1000 machines x 5000 jobs: 499500 pairs x 5000 jobs, too many entries to index.
instance "$tmp/wide.txt" 5000 1000
expect_status "LB2 tables too large" 2 "$bin" "$tmp/wide.txt" --lb lb2
expect_output "LB2 tables too large: their size" "needs [0-9]* bytes" "$tmp/err"
expect_status "the same instance without --lb: the default auto runs LB1" 1 "$bin" "$tmp/wide.txt" --time-limit 0.2 --json --quiet
expect_output "without --lb: LB1 in force" '"lb": "lb1"'

# --gap: ta021's root bound is 14.56 % under NEH's schedule with LB1 (less with LB2), so a gap
# of 15 % stops at the first look: status, JSON and exit status 1; a gap out of 0..1 is a
# usage error; a proof says gap 0 and the whole tree done. Without a schedule (an upper bound
# given, or proven below the optimum) there is no gap: null in the JSON, no gap line, the
# lower bound still reported (LB1's after 1000 nodes of ta021: under 2000).
expect_status "--gap 0.15 stops" 1 "$bin" ta021 --lb lb1 --ub neh --threads 2 --gap 0.15 --json
expect_output "--gap: stop reason" '"stop_reason": "gap"'
expect_output "--gap: status" '"status": "gap reached: '
expect_output "--gap: the limit asked, a number as the gap" '"gap_limit": 0.15,'
expect_output "--gap: the gap" '"gap": 0.14'
expect_status "--gap 0.15, text" 1 "$bin" ta021 --ub neh --threads 2 --gap 0.15
expect_output "--gap, text: status" 'status       gap reached: '
expect_output "--gap, text: tree done" 'tree done    '
expect_status "--gap 15% stops as 0.15" 1 "$bin" ta021 --ub neh --threads 2 --gap 15% --json
expect_output "--gap 15%: the limit asked" '"gap_limit": 0.15,'
expect_output "--gap 15%: stop reason" '"stop_reason": "gap"'
expect_status "--gap -0, no limit" 0 "$bin" ta001 --gap -0 --json
expect_output "--gap -0: the limit asked is 0" '"gap_limit": 0,'
expect_status "--gap 101% refused" 2 "$bin" ta021 --gap 101%
expect_status "--gap 5%% refused" 2 "$bin" ta021 --gap 5%%
"$bin" --help >"$tmp/help"
expect_output "--help: --gap in percent" "5% is 0.05" "$tmp/help"
expect_status "--gap 1.5 refused" 2 "$bin" ta021 --gap 1.5
expect_status "--gap -0.1 refused" 2 "$bin" ta021 --gap -0.1
expect_output "--gap refused: why" 'relative gap from 0 to 1' "$tmp/err"
expect_status "a proof" 0 "$bin" ta011 --ub opt --threads 2 --json
expect_output "a proof: gap 0" '"gap": 0.000000,'
expect_output "a proof: the whole tree" '"fraction_done": 1.000000000,'
expect_output "a proof: finished" '"stop_reason": "finished"'
expect_status "--ub opt, a node limit" 1 "$bin" ta021 --lb lb1 --ub opt --threads 2 --node-limit 1000 --json
expect_output "--ub opt, a node limit: no gap" '"gap": null,'
expect_output "--ub opt, a node limit: a lower bound" '"lower_bound": 19[0-9][0-9],'
expect_status "--ub opt, a node limit, text" 1 "$bin" ta021 --lb lb1 --ub opt --threads 2 --node-limit 1000
expect_output "--ub opt, text: a lower bound" 'lower bound  19'
check "--ub opt, text: no gap line" '! grep -q "^gap" "$tmp/out"'
expect_status "--ub below the optimum" 0 "$bin" ta001 --ub 1000 --threads 2 --json
expect_output "--ub below the optimum: no gap" '"gap": null,'
expect_output "--ub below the optimum: the bound proven" '"lower_bound": 1000,'
expect_status "--ub below the optimum, text" 0 "$bin" ta001 --ub 1000 --threads 2
check "--ub below the optimum, text: no gap line" '! grep -q "^gap" "$tmp/out"'

finish "limits.sh"
