#!/bin/sh
# run.sh — command-line tests of flowshop-bb: output, JSON, exit statuses, errors and
# signals. Usage: sh test/cli/run.sh build/flowshop-bb. Prints "N passed, N failed".
bin=${1:?usage: run.sh PATH-TO-flowshop-bb}
. "$(dirname "$0")/check.sh"

expect_status "version" 0 "$bin" --version
expect_output "version" "^flowshop-bb  [0-9]"
expect_output "version: the library's version and build" "^library      libflowshopbb [0-9][0-9.]*, \(CUDA [0-9.]* (sm_\|without CUDA\)"
expect_output "version: the GPU" "^gpu          \(usable: \|not usable: \)"

expect_status "version, short" 0 "$bin" -V
expect_output "version, short" "flowshop-bb"

expect_status "help" 0 "$bin" --help
expect_output "help lists --lb" "--lb"
cp "$tmp/out" "$tmp/help"
if awk 'length > 80 { exit 1 }' "$tmp/help"; then pass; else fail "help: lines wider than 80 columns"; awk 'length > 80' "$tmp/help"; fi
expect_output "help: the plain format" '"n m"' "$tmp/help"
tr '\n' ' ' <"$tmp/help" | tr -s ' ' >"$tmp/help.flat"
expect_output "help: input limits" "30000 jobs and 1000 machines" "$tmp/help.flat"
expect_output "help: the VRF format" "pairs \"machine time\"" "$tmp/help.flat"
expect_output "help: no limit" "0: no limit" "$tmp/help"
expect_output "help: Taillard names win over files" "write ./ta005" "$tmp/help"
expect_output "help: exit status 4" "^  4 " "$tmp/help"
expect_output "help: exit status 5, a GPU without a kernel" "^  5   the GPU has no kernel" "$tmp/help"
expect_output "help: -t" "^  -t, --threads N" "$tmp/help"
expect_output "help: -V" "^  -V, --version" "$tmp/help"
dups=$(sed -n 's/^  -\(.\), --.*/\1/p' "$tmp/help" | sort | uniq -d)
if [ -z "$dups" ]; then pass; else fail "help: short options used twice: $dups"; fi
expect_status "help, short" 0 "$bin" -h
expect_status "threads, short" 0 "$bin" ta001 -t 1 --json --quiet
expect_output "threads, short" '"threads": 1,'

expect_status "ta001 from scratch" 0 "$bin" ta001 --ub inf --quiet
expect_output "ta001 optimum" "makespan     1278"
expect_output "ta001 status" "status       optimal"
expect_output "ta001 permutation" "^permutation  *[0-9]"

expect_status "ta001 json" 0 "$bin" ta1 --ub heuristic --json --threads 2
expect_output "json makespan" '"makespan": 1278'
expect_output "json optimal" '"optimal": true'
expect_output "json keys" '"instance": "ta001", "instance_source": "ta001", "jobs": 20, "machines": 5'
for key in permutation lower_bound nodes time_s threads device lb branch; do
    expect_output "json key $key" "\"$key\": "
done

# valid_json NAME: the output is one valid JSON text, by python3's parser where installed.
valid_json() {
    if ! command -v python3 >/dev/null 2>&1; then
        echo "$1: JSON parser check skipped (no python3)"
    elif python3 -m json.tool "$tmp/out" >/dev/null 2>"$tmp/json.err"; then
        pass
    else
        fail "$1: invalid JSON: $(cat "$tmp/json.err")"
        cat "$tmp/out"
    fi
}
valid_json "ta001 json"
# The README's list of --json's keys is the output's, in its order (a search of one process:
# the distributed search's ranks and rank_stats come after these).
if command -v python3 >/dev/null 2>&1; then
    readme=$(dirname "$0")/../../README.md
    tr '\n' ' ' <"$readme" | sed -n 's/.*`--json` prints one object with the keys `\([^`]*\)`.*/\1/p' |
        tr -d ' ' | tr ',' '\n' | awk 1 >"$tmp/readme.keys"
    python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))))' "$tmp/out" >"$tmp/json.keys"
    if [ -s "$tmp/readme.keys" ] && cmp -s "$tmp/readme.keys" "$tmp/json.keys"; then pass; else
        fail "the README's --json keys differ from the output's"; diff "$tmp/readme.keys" "$tmp/json.keys"
    fi
fi

# A file name with non-ASCII letters, quotes, a backslash, a control character and a byte
# that is not UTF-8: UTF-8 passes through, the rest is escaped or becomes U+FFFD.
odd=$(printf 'odd t\303\251st "q"\\\001\377')
printf '2 2\n1 2\n3 4\n' >"$tmp/$odd.txt"
expect_status "json of an odd file name" 0 "$bin" "$tmp/$odd.txt" --json --quiet
valid_json "json of an odd file name"
want=$(printf '"instance": "odd t\303\251st \\"q\\"\\\\\\u0001\357\277\275"')
if grep -qF -- "$want" "$tmp/out"; then pass; else fail "odd name: expected $want"; cat "$tmp/out"; fi

expect_status "ub opt proves without a schedule" 0 "$bin" ta001 --ub opt --json
expect_output "ub opt makespan" '"makespan": 1278'
expect_output "ub opt permutation null" '"permutation": null'
expect_output "ub opt optimal" '"optimal": true'

expect_status "every option form" 0 "$bin" ta002 --lb lb2 --branch fwd --select best --ub inf --threads 1 --quiet
expect_output "ta002 optimum with lb2" "makespan     1359"
expect_status "backward branching, breadth first" 0 "$bin" ta005 --lb lb2 --branch bwd --select bfs --ub opt --threads 2 --quiet
expect_output "ta005 optimum backward" "makespan     1235"

expect_status "ub below the optimum" 0 "$bin" ta001 --ub 1200 --json
expect_output "ub below: not optimal" '"optimal": false'
expect_output "ub below: no makespan" '"makespan": null'

expect_status "node limit" 1 "$bin" ta021 --ub inf --node-limit 1000 --json
expect_output "node limit status" '"status": "limit reached: best found"'
expect_output "node limit keeps a schedule" '"permutation": \['
expect_output "not resumed" '"ub": "inf", "resumed_from": null'

# A limit before any schedule is found: the status says none was found, as the makespan does.
expect_status "node limit without a schedule" 1 "$bin" ta021 --ub opt --node-limit 1000 --quiet
expect_output "node limit without a schedule: makespan" "^makespan     none found"
expect_output "node limit without a schedule: status" "^status       limit reached: none found"

# A file named like a Taillard instance: the name means the built-in one, with a note;
# ./NAME reads the file, which is then named by its path as given (its times are not ta005's).
mkdir "$tmp/names"
printf '3 2\n1 2 3\n4 5 6\n' >"$tmp/names/ta005"
abs_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
(cd "$tmp/names" && "$abs_bin" ta005 >"$tmp/out" 2>"$tmp/err")
expect_output "ta005 beside a file ta005: the built-in instance" "^instance     ta005 (20 jobs x 5 machines)"
expect_output "ta005 beside a file ta005: a note" "write ./ta005" "$tmp/err"
(cd "$tmp/names" && "$abs_bin" ./ta005 --quiet >"$tmp/out" 2>"$tmp/err")
expect_output "./ta005: the file, by its path" "^instance     ./ta005 (3 jobs x 2 machines)"
(cd "$tmp/names" && "$abs_bin" ./ta005 --json >"$tmp/out" 2>"$tmp/err")
expect_output "./ta005: the file, by its path, in JSON" '"instance": "./ta005", "instance_source": "/'
cp "$(dirname "$0")/../../instances/ta005.txt" "$tmp/names/ta005.txt"
(cd "$tmp/names" && "$abs_bin" ta005.txt --ub opt --quiet >"$tmp/out" 2>"$tmp/err")
expect_output "ta005.txt of Taillard's times: named ta005" "^instance     ta005 (20 jobs x 5 machines)"

expect_status "time limit" 1 "$bin" ta051 --ub inf --time-limit 0.3 --quiet

expect_status "unknown instance" 2 "$bin" ta121
expect_output "unknown instance message" "ta121" "$tmp/err"
expect_status "missing file" 2 "$bin" "$tmp/none.txt"
printf '3 2\n1 2 3\n4 5\n' >"$tmp/short.txt"
expect_status "truncated file" 2 "$bin" "$tmp/short.txt"
expect_output "truncated file names file and line" "short.txt:[0-9]" "$tmp/err"
printf '3 2\n1 2 3\n4 5 6\n' >"$tmp/plain.txt"
expect_status "plain file" 0 "$bin" "$tmp/plain.txt" --quiet
expect_output "plain file optimum" "makespan     16"
expect_status "the CPU engine's default bound" 0 "$bin" ta001 --device cpu --json --quiet
expect_output "the CPU engine's default bound is auto" '"lb": "auto"'
expect_status "lb1 given on the CPU" 0 "$bin" ta001 --device cpu --lb lb1 --json --quiet
expect_output "lb1 given on the CPU is echoed" '"lb": "lb1"'
expect_status "bad lb" 2 "$bin" ta001 --lb lb9
expect_output "bad lb message" "lb9" "$tmp/err"
expect_status "bad threads" 2 "$bin" ta001 --threads -5
expect_status "bad ub" 2 "$bin" ta001 --ub -3
expect_status "threads at the smallest int" 2 "$bin" ta001 --threads -2147483648
expect_output "threads at the smallest int: named" "threads" "$tmp/err"
expect_status "time limit at the smallest int" 2 "$bin" ta001 --time-limit -2147483648
expect_status "time limit above the cap" 2 "$bin" ta001 --time-limit 1e308
expect_output "time limit above the cap: the real range" "from 0 to 1000000000" "$tmp/err"
expect_status "bad warm start" 2 "$bin" ta001 --warm-start -1
expect_output "bad warm start named" "warm-start" "$tmp/err"
expect_status "warm start on the cpu" 0 "$bin" ta001 --ub inf --warm-start 10 --quiet
expect_status "no instance" 2 "$bin"
expect_status "two instances" 2 "$bin" ta001 ta002
expect_status "unknown option" 2 "$bin" ta001 --frobnicate
if "$bin" --version | grep -q "^gpu  *usable"; then
    pass
else
    expect_status "gpu without a GPU" 2 "$bin" ta001 --device gpu
    expect_status "auto without a GPU" 0 "$bin" ta001 --device auto
    expect_output "auto note" "CPU" "$tmp/err"
fi

# Output that cannot be written (a full disk) is a lost result: exit 4 and a message.
if [ -w /dev/full ]; then
    for form in --quiet --json; do
        "$bin" ta001 $form >/dev/full 2>"$tmp/err"
        status=$?
        if [ $status -eq 4 ]; then pass; else fail "stdout on a full disk ($form): exit status $status, expected 4"; fi
        expect_output "stdout on a full disk ($form): message" "cannot write to standard output" "$tmp/err"
    done
else
    echo "stdout on a full disk: skipped (no /dev/full)"
fi

# A run-time failure exits 4 and still prints the best schedule found: here no search
# thread can start (1 GB stacks in 600 MB of address space) after the heuristic's schedule.
# Skipped where such limits cannot be set or stop the program itself (the sanitizers
# reserve terabytes of address space).
if limited "$bin" --help >/dev/null 2>&1; then
    expect_status "run-time failure" 4 limited "$bin" ta001 --threads 2 --quiet
    expect_output "run-time failure: the error" "could not start" "$tmp/err"
    expect_output "run-time failure: status" "^status       failed: best found"
    expect_output "run-time failure: the schedule" "^permutation  *[0-9]"
    check "run-time failure: no share of the tree claimed" "! grep -q '^tree done' '$tmp/out'"
    expect_status "run-time failure, JSON" 4 limited "$bin" ta001 --threads 2 --quiet --json
    valid_json "run-time failure, JSON"
    expect_output "run-time failure, JSON error" '"error": "could not start'
    expect_output "run-time failure, JSON makespan" '"makespan": [0-9]'
    expect_output "run-time failure, JSON: the share of the tree unknown, as the bound" '"fraction_done": null'
else
    echo "run-time failure: skipped (stack and address-space limits unavailable here)"
fi

# The divergence options: refused combinations and the CPU; --characterize needs no GPU.
expect_status "ccc and cte together" 2 "$bin" ta001 --lb lb2 --ccc on --cte on
expect_output "ccc and cte message" "--cte on and --ccc on" "$tmp/err"
expect_status "balance and throttle together" 2 "$bin" ta001 --lb lb2 --balance steal --throttle cf
expect_status "technique with lb1" 2 "$bin" ta001 --lb lb1 --cte on
expect_output "technique with lb1 message" "lb lb2" "$tmp/err"
expect_status "loading ratio without a pool" 2 "$bin" ta001 --lb lb2 --loading-ratio 2
expect_status "technique on the cpu" 2 "$bin" ta001 --lb lb2 --ccc on --device cpu
expect_output "technique on the cpu message" "device gpu" "$tmp/err"
# A technique alone on the CPU: one refusal that names all it needs.
expect_status "technique alone" 2 "$bin" ta001 --ccc on
expect_output "technique alone: the GPU and LB2 in one message" "add --device gpu --lb lb2" "$tmp/err"
check "technique alone: one line" "[ \"\$(wc -l <'$tmp/err')\" -eq 1 ]" || cat "$tmp/err"
# --device auto without a GPU falls back to the CPU, where the divergence options do nothing
# (one line says so); a command line refused on a GPU (LB1) is refused without one too.
if "$bin" --version | grep -q "^gpu  *usable"; then
    echo "cli: --device auto's fallback skipped (a GPU is usable here)"
else
    expect_status "technique, --device auto without a GPU" 0 "$bin" ta001 --balance central --lb lb2 --device auto
    expect_output "technique, --device auto: falls back" \
        "^flowshop-bb: no usable GPU, solving on the CPU, where --balance does nothing$" "$tmp/err"
    check "technique, --device auto: no refusal" "! grep -q 'add --device gpu' '$tmp/err'" || cat "$tmp/err"
    expect_status "techniques, --device auto, JSON" 0 "$bin" ta001 --ccc on --lb lb2 --block-size 64 --device auto --json
    expect_output "techniques, --device auto, JSON: solved" '"optimal": true'
    expect_output "techniques, --device auto: the options named" \
        "solving on the CPU, where --block-size and --ccc do nothing$" "$tmp/err"
    expect_status "technique with LB1, --device auto" 2 "$bin" ta001 --ccc on --device auto
    expect_output "technique with LB1, --device auto: why" "use --lb lb2" "$tmp/err"
fi
expect_status "bad balance" 2 "$bin" ta001 --balance sometimes
expect_status "bad subwarp" 2 "$bin" ta001 --subwarp 3
expect_status "bad ccc" 2 "$bin" ta001 --ccc maybe
expect_status "techniques off" 0 "$bin" ta001 --lb lb2 --ccc off --cte off --balance none --throttle none --quiet
expect_status "characterize" 0 "$bin" --characterize test/data/trace_synthetic.txt
expect_output "characterize tasks" "^tasks        7$"
expect_output "characterize lengths" "min 10  max 40  mean 20.00"
expect_output "characterize I_irre" "^I_irre       1.3333$"
expect_output "characterize U_util" "^U_util       0.7500$"
expect_status "characterize a missing trace" 2 "$bin" --characterize "$tmp/none.txt"
printf 'task 0 0 0 9 3\n' >"$tmp/backwards.txt"
expect_status "characterize a bad trace" 2 "$bin" --characterize "$tmp/backwards.txt"
expect_status "characterize with an instance" 2 "$bin" --characterize test/data/trace_synthetic.txt ta001

# The text output: counts in the singular for one, --select in the settings, percentages
# with 3 significant digits (trailing zeros kept), and a tree stopped short never 100 %
# done (here 99.9999 %: more digits where 3 would round it up).
printf '1 1\n5\n' >"$tmp/one.txt"
expect_status "one job, one machine" 0 "$bin" "$tmp/one.txt"
expect_output "one job, one machine: singular" "^instance     one (1 job x 1 machine)$"
expect_status "settings" 1 "$bin" ta011 --select bfs --node-limit 2000 --threads 1
expect_output "settings: --select" "^settings     lb=auto branch=dyn select=bfs threads=1 device=cpu$"
check "percentages: 3 significant digits" \
    "grep -E '^(gap|tree done) ' '$tmp/out' | sed 's/^[a-z ]* //; s/ %\$//' | awk '{ n = \$0; gsub(/[^0-9]/, \"\", n); sub(/^0*/, \"\", n); if (length(n) != 3 && !(n ~ /^999+\$/)) bad = 1 } END { exit bad }'" ||
    cat "$tmp/out"
check "percentages: a tree stopped short is not 100 % done" "! grep -q '^tree done    100 %\$' '$tmp/out'" ||
    cat "$tmp/out"

# --ub opt without a best-known makespan: the one-line usage error, no result block.
expect_status "--ub opt, no best-known makespan" 2 "$bin" "$tmp/one.txt" --ub opt
check "--ub opt, no best-known makespan: no result" "[ ! -s '$tmp/out' ]"
expect_output "--ub opt, no best-known makespan: why" "^flowshop-bb: --ub opt: no best-known makespan for one" "$tmp/err"
check "--ub opt, no best-known makespan: one line" "[ \"\$(wc -l <'$tmp/err')\" -eq 1 ]"

# Options that do nothing alone: a note each, not with -q; the exit status unchanged.
expect_status "idle options" 0 "$bin" "$tmp/one.txt" --log-interval 3 --checkpoint-interval 3 --overwrite-checkpoint
expect_output "idle --log-interval" "note: --log-interval does nothing without --log" "$tmp/err"
expect_output "idle --checkpoint-interval" "note: --checkpoint-interval does nothing without --checkpoint" "$tmp/err"
expect_output "idle --overwrite-checkpoint" "note: --overwrite-checkpoint does nothing without --checkpoint" "$tmp/err"
# An exact search on the CPU: the heuristic's iterations and the GPU engines' options are idle.
expect_status "idle heuristic and GPU options" 0 "$bin" "$tmp/one.txt" --heuristic-iterations 5 --pool-size 64 \
    --refactor none --gpu-engine offload
expect_output "idle --heuristic-iterations" "note: --heuristic-iterations does nothing without --search heuristic" \
    "$tmp/err"
expect_output "idle --pool-size" "note: --pool-size does nothing on the CPU (--device cpu, the default)" "$tmp/err"
expect_output "idle --refactor, by its name" "note: --branch-free does nothing on the CPU" "$tmp/err"
expect_output "idle --gpu-engine" "note: --gpu-engine does nothing on the CPU" "$tmp/err"
expect_status "idle GPU option, --device cpu" 0 "$bin" "$tmp/one.txt" --device cpu --warm-start 5
expect_output "idle --warm-start" "note: --warm-start does nothing on the CPU (--device cpu): add --device gpu" \
    "$tmp/err"
expect_status "GPU option, --device auto: no note of its own" 0 "$bin" "$tmp/one.txt" --device auto --block-size 64
check "GPU option, --device auto: no note of its own" "! grep -q 'note: --block-size' '$tmp/err'"
expect_status "idle options, quiet" 0 "$bin" "$tmp/one.txt" --log-interval 3 --checkpoint-interval 3 -q
check "idle options, quiet: no note" "[ ! -s '$tmp/err' ]"
# An idle option with a value out of its range: the refusal alone, no note before it.
expect_status "--log-interval 0 without --log" 2 "$bin" "$tmp/one.txt" --log-interval 0
check "--log-interval 0 without --log: no note" "! grep -q note '$tmp/err'" || cat "$tmp/err"
expect_status "--checkpoint-interval -1 without --checkpoint" 2 "$bin" "$tmp/one.txt" --checkpoint-interval -1
check "--checkpoint-interval -1 without --checkpoint: no note" "! grep -q note '$tmp/err'" || cat "$tmp/err"
expect_status "--log-interval with --log: no note" 0 "$bin" "$tmp/one.txt" --log "$tmp/one.jsonl" --log-interval 3
check "--log-interval with --log: no note" "! grep -q note '$tmp/err'"

# The default --threads 0 is one thread per core the process may run on: a process pinned to
# one core (taskset, or a launcher's binding) searches with one thread, whatever the host has.
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
    expect_status "pinned to one core" 0 taskset -c 0 "$bin" ta001 --json --quiet
    expect_output "pinned to one core: one thread" '"threads": 1,'
fi

# getopt's forms: a short option's value attached ("-t1"), and "--" before an instance whose
# name starts with '-'.
expect_status "-t1" 0 "$bin" ta001 -t1 --json --quiet
expect_output "-t1 is one thread" '"threads": 1,'
expect_status "-t1x refused as a value" 2 "$bin" ta001 -t1x
expect_output "-t1x: the value named" "invalid value '1x' for threads" "$tmp/err"
printf '2 2\n1 2\n3 4\n' >"$tmp/-dash.txt"
absolute_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
(cd "$tmp" && "$absolute_bin" --quiet -- -dash.txt) >"$tmp/out" 2>&1
check "-- then -dash.txt: solved" "grep -q '^makespan     8' '$tmp/out'"
expect_status "-t 1 -- ta001" 0 "$bin" -t 1 -q -- ta001
expect_status "a second -- is an instance name" 2 "$bin" -- ta001 --

# wait_for_search LOG: until the --log LOG has its run line (the signal handlers are set by
# then), at most 60 s: a signal is sent once the search runs, however loaded the machine.
wait_for_search() {
    tries=0
    while [ $tries -lt 600 ] && ! grep -q '"event": "run"' "$1" 2>/dev/null; do
        sleep 0.1
        tries=$((tries + 1))
    done
}

# stopped_by SIGNAL NAME [OPTION...]: a long solve (ta051 from no upper bound, 2 threads, its
# log NAME.jsonl, its output NAME.out) sent SIGNAL once it runs ends with status 3 and says
# so. SIGHUP starts at its default even where the tests themselves run under nohup (which
# the solver would keep ignoring, below); the time limit ends a run whose signal was lost:
# it then fails, status 1, instead of hanging.
stopped_by() {
    signal=$1 name=$2
    shift 2
    env --default-signal=HUP "$bin" ta051 --ub inf --threads 2 --time-limit 300 --log "$tmp/$name.jsonl" "$@" \
        >"$tmp/$name.out" 2>&1 &
    pid=$!
    wait_for_search "$tmp/$name.jsonl"
    kill -"$signal" "$pid"
    wait "$pid"
    status=$?
    if [ "$status" -eq 3 ]; then pass; else fail "SIG$signal: exit status $status, expected 3"; fi
    expect_output "SIG$signal status line" "status       interrupted" "$tmp/$name.out"
}

# SIGTERM stops a long solve with status 3 and still prints the best schedule found.
stopped_by TERM term
# SIGHUP (the terminal closed, the ssh session dropped) stops a solve as SIGTERM does: the
# result printed, the search saved, status 3.
stopped_by HUP hup --checkpoint "$tmp/hup.ckpt"
if [ -s "$tmp/hup.ckpt" ]; then pass; else fail "SIGHUP: the search was not saved"; fi
expect_output "SIGHUP: how to continue" "continue with --resume" "$tmp/hup.out"

# SIGHUP ignored when the run starts (nohup) stays ignored: the run goes on to its time
# limit (status 1, stop_reason "limit"; stopped by the SIGHUP it would say "interrupted").
(trap '' HUP && exec "$bin" ta051 --ub inf --threads 2 --time-limit 3 --json --log "$tmp/nohup.jsonl") \
    >"$tmp/nohup.out" 2>&1 &
pid=$!
wait_for_search "$tmp/nohup.jsonl"
kill -HUP "$pid"
wait "$pid"
status=$?
if [ "$status" -eq 1 ]; then pass; else fail "SIGHUP under nohup: exit status $status, expected 1"; fi
expect_output "SIGHUP under nohup: the time limit ended it" '"stop_reason": "limit"' "$tmp/nohup.out"

finish "cli"
