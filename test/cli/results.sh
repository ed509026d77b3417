#!/bin/sh
# results.sh — command-line tests of what a result reports (issue 18): one- and two-job and
# one-machine instances through every heuristic entry, --search heuristic's stop_reason
# (budget, time limit, interrupt) in text, JSON and --log, --ub N's exit status and
# wording, initial_ub null without an upper bound, a resumed schedule's found_by, the notes
# for options --search heuristic ignores, and the sweep's status column.
# Usage: sh test/cli/results.sh build/flowshop-bb build/flowshop-sweep.
bin=${1:?usage: results.sh PATH-TO-flowshop-bb PATH-TO-flowshop-sweep}
sweep=${2:?usage: results.sh PATH-TO-flowshop-bb PATH-TO-flowshop-sweep}
. "$(dirname "$0")/check.sh"

json_field() { sed -n "s/.*\"$2\": \"*\([^,\"}]*\).*/\1/p" "$1"; }
# expect_field NAME KEY VALUE [FILE]: the JSON of FILE (default $tmp/out) has KEY = VALUE.
expect_field() {
    got=$(json_field "${4:-$tmp/out}" "$2")
    if [ "$got" = "$3" ]; then pass; else fail "$1: $2 is '$got', expected '$3'"; fi
}

printf '1 3\n4\n5\n6\n' >"$tmp/one.txt"
printf '2 3\n4 1\n5 2\n6 3\n' >"$tmp/two.txt"
printf '3 1\n4 1 7\n' >"$tmp/flat.txt"
quick="--threads 1 --heuristic-threads 0"

# ---- 1. One job, two jobs, one machine: every heuristic entry gives a schedule --------------
for ub in heuristic neh; do
    expect_status "one job, --ub $ub" 0 "$bin" "$tmp/one.txt" --ub $ub $quick --json
    expect_field "one job, --ub $ub" makespan 15
    expect_field "one job, --ub $ub" found_by initial
    expect_field "one job, --ub $ub" initial_ub 15
    expect_output "one job, --ub $ub: permutation" '"permutation": \[1\]'
done
expect_status "one job, --search heuristic" 0 "$bin" "$tmp/one.txt" --search heuristic --time-limit 1 --json
expect_field "one job, --search heuristic" makespan 15
expect_field "one job, --search heuristic" optimal true
expect_field "one job, --search heuristic: met the root's bound" stop_reason finished
expect_field "one job, --search heuristic" found_by heuristic
expect_status "one job, --search heuristic, text" 0 "$bin" "$tmp/one.txt" --search heuristic --threads 1
expect_output "one job, text: makespan" "^makespan     15$"
expect_output "one job, text: permutation" "^permutation  1$"
expect_output "one job, text: one walk" "^heuristic    1 walk, 0 iterations$"
for file in two flat; do
    expect_status "$file, --ub heuristic" 0 "$bin" "$tmp/$file.txt" $quick --json
    expect_field "$file, --ub heuristic" found_by initial
    expect_field "$file, --ub heuristic: optimum" makespan "$([ $file = two ] && echo 16 || echo 12)"
    expect_status "$file, --ub neh" 0 "$bin" "$tmp/$file.txt" --ub neh $quick --json
    expect_field "$file, --ub neh" found_by initial
    expect_status "$file, heuristic walk beside the search" 0 "$bin" "$tmp/$file.txt" --ub inf --threads 1 \
        --heuristic-threads 1 --json
done
# One machine: every order is optimal and meets the root's bound, so the heuristic stops.
expect_status "one machine, --search heuristic" 0 "$bin" "$tmp/flat.txt" --search heuristic --json
expect_field "one machine, --search heuristic" makespan 12
expect_field "one machine, --search heuristic" stop_reason finished
# Two jobs: the root's bound (12) is below the optimum (16): the heuristic spends its budget.
expect_status "two jobs, --search heuristic" 1 "$bin" "$tmp/two.txt" --search heuristic --threads 1 \
    --heuristic-iterations 5 --json
expect_field "two jobs, --search heuristic" makespan 16

# ---- 2. --search heuristic: why it stopped, in text, JSON and the log ----------------------
expect_status "heuristic, iterations" 1 "$bin" ta001 --search heuristic --threads 1 --heuristic-iterations 20 \
    --json --log "$tmp/budget.jsonl"
expect_field "heuristic, iterations" stop_reason budget
expect_field "heuristic, iterations" status "heuristic: not proven optimal"
check "heuristic, iterations: the log agrees" "tail -n 1 '$tmp/budget.jsonl' | grep -q '\"stop_reason\": \"budget\"'"
expect_status "heuristic, time limit" 1 "$bin" ta051 --search heuristic --threads 1 --time-limit 0.3 --json
expect_field "heuristic, time limit" stop_reason limit
expect_output "heuristic, time limit: status" '"status": "limit reached: heuristic, not proven optimal"'
timeout -k 2 20 "$bin" ta051 --search heuristic --threads 1 --json >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
got=$?
check "heuristic, SIGINT: exit status $got" "[ $got -eq 3 ]"
expect_field "heuristic, SIGINT" stop_reason interrupted
expect_output "heuristic, SIGINT: status" '"status": "interrupted: heuristic, not proven optimal"'

# ---- 4. --ub N searches below N: exit 0 and its wording --------------------------------------
expect_status "--ub OPTIMUM" 0 "$bin" "$tmp/two.txt" --ub 16 $quick --json
expect_field "--ub OPTIMUM: no schedule below it" status "no schedule below the given upper bound"
expect_field "--ub OPTIMUM" optimal false
expect_field "--ub OPTIMUM" stop_reason finished
expect_status "--ub OPTIMUM+1" 0 "$bin" "$tmp/two.txt" --ub 17 $quick --json
expect_field "--ub OPTIMUM+1: the optimum" makespan 16
expect_field "--ub OPTIMUM+1" optimal true
expect_status "--help" 0 "$bin" --help
expect_output "--help: exit status 0 covers --ub N" "optimum proven, or proven that no schedule is below"

# ---- 5. initial_ub null without an upper bound, in the JSON as in the log ----------------
expect_status "--ub inf" 0 "$bin" "$tmp/two.txt" --ub inf $quick --json --log "$tmp/inf.jsonl"
expect_field "--ub inf: JSON" initial_ub null
check "--ub inf: the log agrees" "tail -n 1 '$tmp/inf.jsonl' | grep -q '\"initial_ub\": null'"

# ---- 7. A resumed schedule: found before the resume, when not known ------------------------
"$bin" ta021 --ub neh $quick --node-limit 1 --checkpoint "$tmp/r.ck" --quiet >/dev/null 2>&1
check "node limit 1 with a checkpoint" "[ -s '$tmp/r.ck' ]"
expect_status "resumed, stopped at once" 1 "$bin" --resume "$tmp/r.ck" $quick --node-limit 1 --json
expect_field "resumed: found by" found_by resumed
expect_field "resumed: when is not known" time_to_best_s null
expect_status "resumed, text" 1 "$bin" --resume "$tmp/r.ck" $quick --node-limit 1
expect_output "resumed, text: found by" "^found by     a run before the resume$"

# ---- 8. Options --search heuristic ignores get a note ----------------------------------------
expect_status "heuristic with ignored options" 1 "$bin" ta001 --search heuristic --threads 1 \
    --heuristic-iterations 2 --heuristic-threads 3 --gap 0.1
expect_output "note: --heuristic-threads" "note: --heuristic-threads does nothing with --search heuristic" "$tmp/err"
expect_output "note: --gap" "note: --gap does nothing with --search heuristic" "$tmp/err"
expect_status "heuristic with --device gpu" 1 "$bin" ta001 --search heuristic --threads 1 \
    --heuristic-iterations 2 --device gpu --pool-size 4096
expect_output "note: --device" "note: --device does nothing with --search heuristic" "$tmp/err"
expect_output "note: --pool-size" "note: --pool-size does nothing with --search heuristic" "$tmp/err"

# ---- 3. The sweep's status is the run's stop_reason --------------------------------------
cat >"$tmp/status.ini" <<'INI'
[sweep]
name = status
instances = ta001
[parameters]
ub = 1000, inf
search = exact
threads = 1
heuristic-threads = 0
node-limit = 2000
INI
cat >"$tmp/heuristic.ini" <<'INI'
[sweep]
name = heuristic
instances = ta001
[parameters]
search = heuristic
threads = 1
heuristic-iterations = 20
INI
expect_status "a sweep below the optimum" 0 "$sweep" --out "$tmp/status" "$tmp/status.ini"
expect_output "progress: finished, not a limit" "finished: no schedule below 1000" "$tmp/out"
check "runs.csv: ub 1000 finished" "grep -q '^ta001,1,1000,.*,finished,,false,' '$tmp/status/runs.csv'"
check "runs.csv: ub inf stopped by the node limit, no initial_ub" \
    "grep -q '^ta001,1,inf,.*,limit,[0-9]*,false,[0-9]*,,' '$tmp/status/runs.csv'"
expect_status "the sweep again" 0 "$sweep" --out "$tmp/status" "$tmp/status.ini"
expect_output "rows read back" "ran 0, 2 were stored already" "$tmp/err"
expect_status "a heuristic sweep" 0 "$sweep" --out "$tmp/heuristic" "$tmp/heuristic.ini"
check "runs.csv: heuristic spent its budget" "grep -q ',budget,' '$tmp/heuristic/runs.csv'"
expect_status "the heuristic sweep again" 0 "$sweep" --out "$tmp/heuristic" "$tmp/heuristic.ini"
expect_output "one row: was" "ran 0, 1 was stored already" "$tmp/err"

finish results.sh
