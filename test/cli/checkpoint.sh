#!/bin/sh
# checkpoint.sh — command-line tests of --checkpoint and --resume: SIGTERM at random moments,
# resumed until done, proves the optimum with exactly the nodes of an uninterrupted run (a
# fixed upper bound and LB1 fix the tree); SIGKILL during frequent periodic writes never
# leaves a half-written checkpoint; corrupt, truncated, foreign and newer checkpoints are
# refused with status 2 and one line; a failed write (full tmpfs, file size limit, a directory
# in the temporary's place) keeps the previous checkpoint and the solve goes on; a checkpoint
# file that cannot be written (missing folder) or would replace another file (unless resumed
# from or --overwrite-checkpoint) is refused with status 2 before the search. --resume FILE
# alone (the SIGKILL runs, and the section below): the checkpoint names its instance (a
# Taillard name, a file's absolute path, stdin) and keeps its digest; a run stopped by a node
# limit and resumed so ends with the nodes of one uninterrupted run; a file changed or gone,
# another instance named, an instance from stdin not given again, and an old (version 1)
# checkpoint alone are refused with status 2 and one line; a path with a quote and a newline
# stays one escaped line in messages and JSON; resumed alone, the text, the JSON and the log
# name the checkpoint's tree options (and ub "resumed"); a time limit the checkpoint has
# already used up still saves the resumed tree to --checkpoint, and a note says that limits
# count every run (a time or node limit reached before the resume).
# Usage: sh test/cli/checkpoint.sh build/flowshop-bb. Prints "N passed, N failed".
# FSBB_TEST_LIGHT=1 (set by `make check SANITIZE=1`) uses smaller instances.
bin=${1:?usage: checkpoint.sh PATH-TO-flowshop-bb}
. "$(dirname "$0")/check.sh"

if [ -n "${FSBB_TEST_LIGHT:-}" ]; then
    instance=ta011 tree="--lb lb2" other_tree="--lb lb1" other=ta012 good_limit=20000
else
    instance=ta029 tree="--lb lb1" other_tree="--lb lb2" other=ta028 good_limit=100000
fi
threads=2

# json_field FILE KEY: the value of a number or string field of a one-line JSON object.
json_field() { sed -n "s/.*\"$2\": \"*\([^,\"}]*\).*/\1/p" "$1"; }

# random_delay: a random pause of first_kill..first_kill+kill_span hundredths of a second
# (set from the reference run's time below).
seed=$(($$ % 1000))
random_delay() {
    seed=$(((seed * 1103515245 + 12345) % 2147483648))
    hundredths=$((first_kill + (seed / 65536) % kill_span))
    printf '%d.%02d' $((hundredths / 100)) $((hundredths % 100))
}

lines() { wc -l <"$1" | tr -d ' '; }

# ---- The reference: one uninterrupted run ---------------------------------------------------
started=$(date +%s%N)
"$bin" $instance $tree --ub opt --threads $threads --json >"$tmp/ref.json" 2>"$tmp/ref.err"
check "reference run proves the optimum" "[ $? -eq 0 ]"
# Kills come after 1/12 to 1/4 of the reference's time, whatever the machine and build: a
# run progresses at most that far between kills, so usually three or more land before the search
# ends.
ref_hundredths=$((($(date +%s%N) - started) / 10000000))
first_kill=$((ref_hundredths / 12 + 1))
kill_span=$((ref_hundredths / 6 + 1))
ref_nodes=$(json_field "$tmp/ref.json" nodes)
ref_makespan=$(json_field "$tmp/ref.json" makespan)

# ---- SIGTERM at random moments, resumed each time --------------------------------------------
# run_until_done KILL-SIGNAL LABEL [alone]: runs, kills after a random delay, resumes (with
# the checkpoint alone, without the instance, when asked), up to 5 kills, then resumes to the
# end; checks the optimum and the node count.
run_until_done() {
    signal=$1 label=$2 named=$instance
    [ "${3:-}" = alone ] && named=""
    ck="$tmp/$label.ck"
    rm -f "$ck" "$ck.tmp"
    kills=0 finished=0 attempt=0
    while [ $kills -lt 5 ] && [ $finished -eq 0 ] && [ $attempt -lt 12 ]; do
        attempt=$((attempt + 1))
        if [ -f "$ck" ]; then from="--resume $ck" target=$named; else from="--ub opt" target=$instance; fi
        "$bin" $target $tree $from --threads $threads --checkpoint "$ck" --checkpoint-interval 0.05 --json \
            >"$tmp/run.json" 2>"$tmp/run.err" &
        pid=$!
        # A first run is killed only once it has saved a checkpoint: a SIGKILL before that
        # (a slow start, as under the sanitizers) would leave nothing to resume.
        if [ "$from" = "--ub opt" ]; then
            while [ ! -f "$ck" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
        fi
        sleep "$(random_delay)"
        kill "-$signal" "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        status=$?
        case $status in
        0) finished=1 ;;
        3)
            kills=$((kills + 1))
            grep -q "search saved in $ck" "$tmp/run.err" || fail "$label: no note of the saved search"
            ;;
        137)
            kills=$((kills + 1))
            ;;
        130 | 143)
            # The signal came before the program set its handler (a slow start, as under
            # the sanitizers): nothing was searched yet, nothing to save; not a kill.
            ;;
        *) fail "$label: exit status $status"; cat "$tmp/run.err"; return ;;
        esac
        # Whatever the moment, the checkpoint (if any) is whole: it resumes.
        if [ -f "$ck" ]; then
            "$bin" $instance $tree --resume "$ck" --threads 1 --node-limit 1 --quiet >/dev/null 2>"$tmp/probe.err"
            probe=$?
            if [ $probe -eq 0 ] || [ $probe -eq 1 ]; then pass; else fail "$label: checkpoint unreadable after a kill"; cat "$tmp/probe.err"; fi
        fi
    done
    if [ $finished -eq 0 ]; then
        "$bin" $named $tree --resume "$ck" --threads $threads --checkpoint "$ck" --json >"$tmp/run.json" 2>"$tmp/run.err"
        check "$label: the last resume proves the optimum" "[ $? -eq 0 ]"
    fi
    echo "$label: $kills kills before the search ended"
    # Usually 3 to 5; under changing load a run can outpace the delays measured on the
    # reference and end first, so only one kill is required.
    check "$label: a kill landed" "[ $kills -ge 1 ]"
    check "$label: same optimum" "[ \"$(json_field "$tmp/run.json" makespan)\" = \"$ref_makespan\" ]"
    got=$(json_field "$tmp/run.json" nodes)
    check "$label: same nodes as uninterrupted ($got vs $ref_nodes)" "[ \"$got\" = \"$ref_nodes\" ]"
    check "$label: optimal" "grep -q '\"optimal\": true' \"$tmp/run.json\""
}

run_until_done TERM sigterm
run_until_done KILL sigkill alone

# A checkpoint from --ub inf carries the incumbent's schedule: the resumed run prints it.
# No heuristic walk (auto gives one from 8 cores on): one that finds the optimum early ends
# the search inside the node limit.
"$bin" ta020 --ub inf --threads $threads --heuristic-threads 0 --json >"$tmp/inf-ref.json" 2>&1
ck="$tmp/inf.ck"
"$bin" ta020 --ub inf --threads $threads --heuristic-threads 0 --checkpoint "$ck" --node-limit 300000 --quiet \
    >/dev/null 2>&1
check "ub inf: node limit exits 1" "[ $? -eq 1 ]"
"$bin" ta020 --resume "$ck" --threads $threads --json >"$tmp/inf.json" 2>&1
check "ub inf: resumed run proves the optimum" "[ $? -eq 0 ]"
inf_makespan=$(json_field "$tmp/inf-ref.json" makespan)
check "ub inf: optimum ($inf_makespan)" "[ \"$(json_field "$tmp/inf.json" makespan)\" = \"$inf_makespan\" ]"
check "ub inf: schedule printed" "grep -q '\"permutation\": \[' \"$tmp/inf.json\""
check "ub inf: the resumed run says so" "grep -qF '\"ub\": \"resumed\", \"resumed_from\": \"$ck\"' \"$tmp/inf.json\""
check "ub inf: the first run's upper bound" "grep -qF '\"initial_ub\": null' \"$tmp/inf.json\""

# ---- Refused checkpoints ---------------------------------------------------------------------
good="$tmp/good.ck"
"$bin" $instance $tree --ub opt --threads $threads --checkpoint "$good" --node-limit $good_limit --quiet >/dev/null 2>&1
size=$(wc -c <"$good" | tr -d ' ')
check "a stopped run leaves a checkpoint" "[ $size -gt 100 ]"

# change_byte FILE OFFSET: adds 1 to the byte at OFFSET.
change_byte() {
    old=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
    printf "\\$(printf %03o $(((old + 1) % 256)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

# expect_refused NAME FILE PATTERN INSTANCE [OPTIONS...]
expect_refused() {
    name=$1 file=$2 pattern=$3 target=$4
    shift 4
    "$bin" "$target" --resume "$file" "$@" --quiet >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ $status -eq 2 ]; then pass; else fail "$name: exit status $status, expected 2"; fi
    if [ "$(lines "$tmp/err")" = 1 ] && grep -q "$pattern" "$tmp/err"; then pass; else fail "$name: message"; cat "$tmp/err"; fi
}

cp "$good" "$tmp/flipped.ck"
change_byte "$tmp/flipped.ck" $((size / 2))
expect_refused "flipped byte" "$tmp/flipped.ck" "corrupt" $instance $tree
head -c $((size - 9)) "$good" >"$tmp/truncated.ck"
expect_refused "truncated" "$tmp/truncated.ck" "truncated" $instance $tree
cp "$good" "$tmp/newer.ck"
change_byte "$tmp/newer.ck" 8
expect_refused "newer version" "$tmp/newer.ck" "newer" $instance $tree
expect_refused "other instance" "$good" "another instance" $other $tree
expect_refused "other bound" "$good" "resume with the options" $instance $other_tree
expect_refused "other branching" "$good" "resume with the options" $instance $tree --branch fwd
expect_refused "missing file" "$tmp/none.ck" "cannot read" $instance $tree
expect_refused "not a checkpoint" "$tmp/ref.json" "not a flowshop-bb checkpoint" $instance $tree

# ---- --resume FILE alone: the checkpoint names its instance ---------------------------------
# ta020 with LB1 and the optimum as upper bound: a fixed tree, so node counts are exact (the
# resumes take LB1 from the checkpoint).
data="$tmp/data"
mkdir "$data"
cp "$(dirname "$0")/../../instances/ta020.txt" "$data/ta020.txt"
absolute="$(cd "$data" && pwd -P)/ta020.txt"
"$bin" ta020 --lb lb1 --ub opt --threads 1 --json >"$tmp/one.json" 2>&1
one_nodes=$(json_field "$tmp/one.json" nodes)
# A relative path, from another folder than the resumes below.
bin_absolute="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
(cd "$data" && "$bin_absolute" ./ta020.txt --lb lb1 --ub opt --threads 1 --node-limit 100000 --checkpoint ../alone.ck -q \
    >/dev/null 2>&1)
check "alone: the first run stops at its node limit (status 1)" "[ $? -eq 1 ]"
cp "$tmp/alone.ck" "$tmp/alone-first.ck"
"$bin" --resume "$tmp/alone.ck" --checkpoint "$tmp/alone.ck" --node-limit 200000 --threads 1 -q >/dev/null 2>"$tmp/err"
check "alone: resumed and stopped again (status 1)" "[ $? -eq 1 ]"
"$bin" --resume "$tmp/alone.ck" --threads 1 --json >"$tmp/alone.json" 2>"$tmp/err"
check "alone: resumed to the end (status 0)" "[ $? -eq 0 ]"
got=$(json_field "$tmp/alone.json" nodes)
check "alone: the nodes of one uninterrupted run ($got vs $one_nodes)" "[ -n '$got' ] && [ '$got' = '$one_nodes' ]"
check "alone: optimal" "grep -q '\"optimal\": true' \"$tmp/alone.json\""
check "alone: the JSON names the checkpoint's instance" \
    "grep -qF '\"instance\": \"ta020\", \"instance_source\": \"$absolute\"' \"$tmp/alone.json\""

# The instance named: checked against the digest.
"$bin" "$data/ta020.txt" --resume "$tmp/alone-first.ck" --threads 1 --json >"$tmp/named.json" 2>"$tmp/err"
check "named file: resumes to the same nodes" "[ \"$(json_field "$tmp/named.json" nodes)\" = '$one_nodes' ]"
"$bin" ta020 --resume "$tmp/alone-first.ck" --threads 1 --json >"$tmp/named.json" 2>"$tmp/err"
check "named built-in ta020, the same data: resumes to the same nodes" \
    "[ \"$(json_field "$tmp/named.json" nodes)\" = '$one_nodes' ]"
expect_refused "named another instance" "$tmp/alone-first.ck" "another instance" ta019
check "named another instance: both names" "grep -qF '\"$absolute\"' \"$tmp/err\" && grep -qF '\"ta019\"' \"$tmp/err\""

# expect_refused_alone NAME FILE PATTERN [OPTIONS...]: --resume FILE without an instance.
expect_refused_alone() {
    name=$1 file=$2 pattern=$3
    shift 3
    "$bin" --resume "$file" "$@" --quiet >"$tmp/out" 2>"$tmp/err" </dev/null
    status=$?
    if [ $status -eq 2 ]; then pass; else fail "$name: exit status $status, expected 2"; fi
    if [ "$(lines "$tmp/err")" = 1 ] && grep -qF -- "$pattern" "$tmp/err" && [ ! -s "$tmp/out" ]; then pass; else
        fail "$name: message"
        cat "$tmp/err"
    fi
}

# One time changed in the file: refused alone and named.
cp "$data/ta020.txt" "$tmp/ta020.kept"
sed -i '4 s/^ *[0-9]*/ 99/' "$data/ta020.txt"
check "the instance file changed" "! cmp -s \"$data/ta020.txt\" \"$tmp/ta020.kept\""
expect_refused_alone "alone, file changed" "$tmp/alone-first.ck" "\"$absolute\" has changed"
expect_refused "named, file changed" "$tmp/alone-first.ck" "has changed" "$data/ta020.txt"
rm "$data/ta020.txt"
expect_refused_alone "alone, file gone" "$tmp/alone-first.ck" "\"$absolute\" is gone"
mv "$tmp/ta020.kept" "$data/ta020.txt"
expect_refused_alone "alone with --format" "$tmp/alone-first.ck" "--format" --format plain

# Standard input: given again, or refused.
"$bin" - --lb lb1 --ub opt --threads 1 --node-limit 100000 --checkpoint "$tmp/stdin.ck" <"$data/ta020.txt" \
    >/dev/null 2>"$tmp/err"
check "stdin: stopped at the node limit (status 1)" "[ $? -eq 1 ]"
check "stdin: the closing note asks for the instance again" "grep -q 'standard input again' \"$tmp/err\""
expect_refused_alone "stdin, alone" "$tmp/stdin.ck" "standard input"
"$bin" - --resume "$tmp/stdin.ck" --threads 1 --json <"$data/ta020.txt" >"$tmp/stdin.json" 2>"$tmp/err"
check "stdin given again: the nodes of one run" "[ \"$(json_field "$tmp/stdin.json" nodes)\" = '$one_nodes' ]"
check "stdin: instance_source says so" "grep -qF '\"instance_source\": \"stdin\"' \"$tmp/stdin.json\""

# The options that shaped the tree come from the checkpoint when not given: a search made
# with --lb lb2 --branch bwd --lb2-pairs 5 resumes alone to the nodes of one such search; a
# bound given otherwise is refused.
"$bin" ta011 --lb lb2 --branch bwd --lb2-pairs 5 --ub opt --threads 1 --json -q >"$tmp/shaped-one.json"
"$bin" ta011 --lb lb2 --branch bwd --lb2-pairs 5 --ub opt --threads 1 --node-limit 3000 --checkpoint "$tmp/shaped.ck" \
    -q >/dev/null 2>&1
"$bin" --resume "$tmp/shaped.ck" --threads 1 --json -q >"$tmp/shaped.json" 2>"$tmp/err"
check "alone, made with lb2/bwd/5 pairs: resumes to the nodes of one such search" \
    "[ \"\$(json_field \"$tmp/shaped.json\" nodes)\" = \"\$(json_field \"$tmp/shaped-one.json\" nodes)\" ] && grep -q '\"optimal\": true' \"$tmp/shaped.json\""
expect_refused_alone "alone, made with lb2, --lb lb1 given" "$tmp/shaped.ck" "made with --lb lb2 --branch bwd" --lb lb1
# Every report names the options the search ran with, the checkpoint's: the text's settings
# line, the JSON's echo and the log's run line, whose ub says "resumed" as the JSON's does.
"$bin" --resume "$tmp/shaped.ck" --threads 1 --node-limit 10 -q >"$tmp/out" 2>"$tmp/err"
check "alone, text: the checkpoint's settings" "grep -q '^settings     lb=lb2 branch=bwd ' \"$tmp/out\"" || cat "$tmp/out"
"$bin" --resume "$tmp/shaped.ck" --threads 1 --node-limit 10 --log "$tmp/shaped.jsonl" --json -q >"$tmp/out" \
    2>"$tmp/err"
cat >"$tmp/shaped_echo.py" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))
run = json.loads(open(sys.argv[2]).readline())
wanted = {"lb": "lb2", "branch": "bwd", "ub": "resumed"}
wrong = [(key, result.get(key), run["options"].get(key)) for key in wanted
         if result.get(key) != wanted[key] or run["options"].get(key) != wanted[key]]
if run["options"].get("lb2-pairs") != "5":
    wrong.append(("lb2-pairs in the log", run["options"].get("lb2-pairs")))
print(wrong)
sys.exit(1 if wrong else 0)
PY
check "alone, JSON and log: the checkpoint's options, ub resumed" \
    "python3 \"$tmp/shaped_echo.py\" \"$tmp/out\" \"$tmp/shaped.jsonl\" >\"$tmp/echo.out\"" || cat "$tmp/echo.out"

# A time limit the checkpoint has already used up stops the resumed search before its
# engine: the open tree is saved as it was to --checkpoint, and the closing note says so.
"$bin" ta051 --ub inf --threads 1 --time-limit 0.5 --checkpoint "$tmp/used.ck" -q >/dev/null 2>&1
check "time used up: the first run stops at its limit (status 1)" "[ $? -eq 1 ]"
expect_status "time used up: resumed, stopped at once (status 1)" 1 "$bin" --resume "$tmp/used.ck" \
    --checkpoint "$tmp/used-again.ck" --time-limit 0.2 --threads 1 --json
check "time used up: saved" "[ -s \"$tmp/used-again.ck\" ]"
expect_output "time used up: the note says saved" "search saved in $tmp/used-again.ck" "$tmp/err"
expect_output "time used up: no error" '"error": null,'
"$bin" --resume "$tmp/used-again.ck" --time-limit 0.2 --threads 1 --json >"$tmp/again.json" 2>/dev/null
check "time used up: the saved tree is the resumed one (nodes, lower bound)" \
    "[ \"\$(json_field \"$tmp/out\" nodes) \$(json_field \"$tmp/out\" lower_bound)\" = \
       \"\$(json_field \"$tmp/again.json\" nodes) \$(json_field \"$tmp/again.json\" lower_bound)\" ]"
# A limit that the runs before the resume had reached: a note says why the search stopped at
# once (limits count every run); none when the resumed search reached the limit itself.
expect_output "time used up: a note says the limit counts every run" \
    "note: the runs before the resume took [0-9.]* s, --time-limit 0\.2 already: limits count every run" \
    "$tmp/err"
"$bin" ta051 --ub inf --threads 1 --node-limit 1000 --checkpoint "$tmp/nodes.ck" -q >/dev/null 2>&1
expect_status "nodes used up: resumed, stopped at once (status 1)" 1 "$bin" --resume "$tmp/nodes.ck" \
    --node-limit 1000 --threads 1
expect_output "nodes used up: a note says the limit counts every run" \
    "note: the runs before the resume branched [0-9]* nodes, --node-limit 1000 already" "$tmp/err"
expect_status "nodes left: resumed, stopped by its limit (status 1)" 1 "$bin" --resume "$tmp/nodes.ck" \
    --node-limit 3000 --threads 1
check "nodes left: no note" "! grep -q 'runs before the resume' '$tmp/err'" || cat "$tmp/err"

# A version 1 checkpoint (test/data/ta020-v1.ckpt: ta020 --ub opt --threads 1 --node-limit
# 100000, written before checkpoints named their instance): named, it resumes; alone, refused.
v1="$(dirname "$0")/../data/ta020-v1.ckpt"
expect_refused_alone "version 1, alone" "$v1" "format version 1"
"$bin" ta020 --resume "$v1" --threads 1 --json >"$tmp/v1.json" 2>"$tmp/err"
check "version 1, named: resumes to the nodes of one run" "[ \"$(json_field "$tmp/v1.json" nodes)\" = '$one_nodes' ]"

# A folder whose name holds a quote and a newline: data, escaped in messages and JSON.
odd="$tmp/we\"ird
name"
mkdir "$odd"
cp "$data/ta020.txt" "$odd/ta020.txt"
odd_escaped="$(cd "$tmp" && pwd -P)/we\\\"ird\\nname/ta020.txt"
"$bin" "$odd/ta020.txt" --lb lb1 --ub opt --threads 1 --node-limit 100000 --checkpoint "$tmp/odd.ck" -q \
    >/dev/null 2>&1
"$bin" --resume "$tmp/odd.ck" --threads 1 --json >"$tmp/odd.json" 2>"$tmp/err"
check "odd path: resumed alone to the nodes of one run" "[ \"$(json_field "$tmp/odd.json" nodes)\" = '$one_nodes' ]"
check "odd path: one JSON line, the path escaped" \
    "[ \"$(lines "$tmp/odd.json")\" = 1 ] && grep -qF '\"instance_source\": \"$odd_escaped\"' \"$tmp/odd.json\""
rm -r "$odd"
expect_refused_alone "odd path, gone" "$tmp/odd.ck" "\"$odd_escaped\" is gone"

"$bin" --help >"$tmp/help"
check "--help shows the one-argument form" "grep -qF 'flowshop-bb [OPTION...] --resume FILE' \"$tmp/help\""

# ---- Failed writes keep the previous checkpoint -------------------------------------------------
# expect_kept NAME: after a run that could not write $target, it is still $good's copy.
expect_kept() {
    if cmp -s "$good" "$target"; then pass; else fail "$1: the previous checkpoint changed"; fi
    if ls "$target".?????? >/dev/null 2>&1; then fail "$1: a temporary file left behind"; ls "$target".*; else pass; fi
    if grep -q "cannot write checkpoint" "$tmp/err"; then pass; else fail "$1: no error line"; cat "$tmp/err"; fi
}

# A file size limit below the checkpoint's size: every write fails halfway.
target="$tmp/limited.ck"
cp "$good" "$target"
(
    ulimit -f 2
    exec "$bin" $instance $tree --resume "$target" --checkpoint "$target" --checkpoint-interval 0.05 --threads $threads \
        --quiet >/dev/null 2>"$tmp/err"
) &
pid=$!
sleep "$(random_delay)"
kill -TERM $pid
wait $pid
check "size limit: the solve went on and stopped on SIGTERM (status 3)" "[ $? -eq 3 ]"
expect_kept "size limit"

# FILE.tmp is the user's: a checkpoint is written through a temporary file of a new name
# (FILE.XXXXXX) and never touches it.
target="$tmp/keep.ck"
echo data >"$target.tmp"
"$bin" $instance $tree --checkpoint "$target" --node-limit $good_limit --threads $threads --quiet >/dev/null 2>"$tmp/err"
check "FILE.tmp kept: the search saved" "[ -s '$target' ]"
check "FILE.tmp kept: its contents unchanged" "[ \"\$(cat '$target.tmp')\" = data ]"
check "FILE.tmp kept: no temporary left" "! ls '$target'.?????? >/dev/null 2>&1"

# ---- The checkpoint file is checked before the search ---------------------------------------
# expect_unsearched NAME PATTERN ARGS...: exit 2 with one line matching PATTERN, before any
# search (nothing on stdout; the ta051 searches would run to their 5 s limit).
expect_unsearched() {
    name=$1 pattern=$2
    shift 2
    "$bin" "$@" --quiet >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ $status -eq 2 ]; then pass; else fail "$name: exit status $status, expected 2"; fi
    if [ "$(lines "$tmp/err")" = 1 ] && grep -q -- "$pattern" "$tmp/err" && [ ! -s "$tmp/out" ]; then pass; else
        fail "$name: message"
        cat "$tmp/err"
    fi
}
expect_unsearched "missing folder" "cannot create a file in the folder $tmp/none" ta051 --ub inf --time-limit 5 --checkpoint "$tmp/none/ck"
: >"$tmp/plain-file"
expect_unsearched "a file for a folder" "Not a directory" ta051 --ub inf --time-limit 5 --checkpoint "$tmp/plain-file/ck"
expect_unsearched "a folder for the file" "is a folder" ta051 --ub inf --time-limit 5 --checkpoint "$tmp"
if [ "$(id -u)" -ne 0 ]; then
    mkdir "$tmp/read-only" && chmod 555 "$tmp/read-only"
    expect_unsearched "read-only folder" "cannot create a file" ta051 --ub inf --time-limit 5 --checkpoint "$tmp/read-only/ck"
fi

# An existing file is replaced only when it is the file resumed, or with --overwrite-checkpoint.
cp "$good" "$tmp/kept.ck"
expect_unsearched "an existing checkpoint without --resume" "--overwrite-checkpoint" \
    $instance $tree --ub opt --checkpoint "$tmp/kept.ck" --node-limit 10
check "an existing checkpoint: unchanged" "cmp -s \"$good\" \"$tmp/kept.ck\""
cp "$good" "$tmp/other.ck"
expect_unsearched "resuming another file onto an existing checkpoint" "--overwrite-checkpoint" \
    $instance $tree --resume "$tmp/other.ck" --checkpoint "$tmp/kept.ck" --node-limit 10
echo "notes" >"$tmp/notes.txt"
expect_unsearched "an existing file that is not a checkpoint" "exists" ta001 --checkpoint "$tmp/notes.txt"
check "an existing file: unchanged" "[ \"\$(cat \"$tmp/notes.txt\")\" = notes ]"
"$bin" $instance $tree --resume "$tmp/kept.ck" --checkpoint "$tmp/./kept.ck" --node-limit $((good_limit * 2)) \
    --threads $threads --quiet >/dev/null 2>"$tmp/err"
check "resuming the same file under another name: allowed (limit, status 1)" "[ $? -eq 1 ]"
check "resuming the same file: saved further" "! cmp -s \"$good\" \"$tmp/kept.ck\""
"$bin" $instance $tree --ub opt --checkpoint "$tmp/other.ck" --overwrite-checkpoint --node-limit 10 --threads 1 \
    --quiet >/dev/null 2>"$tmp/err"
check "--overwrite-checkpoint: replaced (limit, status 1)" "[ $? -eq 1 ] && ! cmp -s \"$good\" \"$tmp/other.ck\""
# probes_left: the files the folder check created (FILE.XXXXXX) that are still there; not
# those of the SIGKILL runs above, whose kills may land while a checkpoint is written.
probes_left() { ls "$tmp" | grep -v '^sig' | grep -c '\.ck\.[A-Za-z0-9]\{6\}$'; }
check "the folder check leaves no file behind" "[ $(probes_left) -eq 0 ]"

# A full file system: a tiny tmpfs in a private mount namespace, where one can be made.
if unshare -rm sh -c "mount -t tmpfs -o size=64k none '$tmp'" 2>/dev/null; then
    mkdir -p "$tmp/full"
    cp "$good" "$tmp/full.ck"
    unshare -rm sh -c '
        dir=$1 bin=$2 instance=$3 delay=$4 tree=$5
        mount -t tmpfs -o size=64k none "$dir/full" || exit 9
        cp "$dir/full.ck" "$dir/full/ck"
        dd if=/dev/zero of="$dir/full/filler" bs=4096 2>/dev/null
        "$bin" $instance $tree --resume "$dir/full/ck" --checkpoint "$dir/full/ck" --checkpoint-interval 0.05 \
            --threads 2 --quiet >/dev/null 2>"$dir/err" &
        pid=$!
        sleep "$delay"
        kill -TERM $pid
        wait $pid
        status=$?
        cp "$dir/full/ck" "$dir/full.after"
        [ -e "$dir/full/ck.tmp" ] && exit 8
        exit $status
    ' sh "$tmp" "$bin" "$instance" "$(random_delay)" "$tree"
    check "full tmpfs: the solve went on and stopped on SIGTERM (status 3)" "[ $? -eq 3 ]"
    target="$tmp/full.after"
    expect_kept "full tmpfs"
    check "full tmpfs: says the disk is full" "grep -q 'No space left' \"$tmp/err\""
else
    echo "full tmpfs: skipped (no private mount namespace here); the size limit case covers the failed write"
fi

# The heuristic alone keeps no checkpoint: refused before it starts, in the options' words.
expect_status "--search heuristic with --checkpoint" 2 "$bin" ta001 --search heuristic --checkpoint "$tmp/h.ck"
expect_output "the refusal names the options" "--search heuristic neither saves nor resumes checkpoints" "$tmp/err"
check "no checkpoint written" "[ ! -e '$tmp/h.ck' ]"

finish "checkpoint cli"
