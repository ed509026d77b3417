#!/bin/sh
# mpi.sh — the distributed search under mpirun (a build with MPI): 2 to 4 CPU ranks of one
# thread reach the best-known makespan on ta001-ta020 from no upper bound and from the
# optimum, and the single process's optimum on random instances; a time limit and SIGUSR1
# (forwarded by mpirun) stop every rank and rank 0 reports it; the termination stress test
# (ta001-ta016 at the optimum with LB1, steals of one node, every message delayed at random,
# dfs and best first) branches exactly the nodes of one single-process search, so no node is
# lost or branched twice; a search with LB1 stopped by a node limit with 3 ranks and
# checkpointed is resumed with 2 ranks and with the single process (and a single process's
# checkpoint with 3 ranks) to the optimum with exactly one search's nodes; a rank killed
# during periodic checkpoints (LB1) ends the job, and a resume from the last checkpoint
# finishes with exactly one search's nodes. The census of the tree on rank 0: a proof ends
# with the whole tree done and gap 0; --gap 0.05 on ta042 (50x10, no proof in sight) stops
# every rank with stop reason gap; a node limit leaves done exactly the tree outside the
# checkpoint's nodes (read by a python3 script), and no progress line of the log, taken while
# nodes travel between the ranks (delayed at random), says more of the tree is done than that.
# The ranks' checkpoints name their instance like a single process's: the resumes under mpirun
# give the checkpoint alone (--resume FILE, no instance), one of them of an instance file.
# ta017 (35 M nodes, a minute on one core) runs only with MPI_FULL=1, which also runs every
# instance with 2, 3 and 4 ranks and both upper bounds.
# A build without MPI (MPI 0) is checked to refuse mpirun with a clear message; without
# mpirun the tests are skipped, saying so.
# flowshop-bb --distributed off under mpirun runs a search on each rank; ranks given different
# instances or --lb all fail, saying so; a program of the
# library's users (LIBRARY-TEST, test/mpi/library_ranks.c) checks the option distributed and
# that MPI the program started stays its own.
# Usage: sh test/cli/mpi.sh build/flowshop-bb [MPI [LIBRARY-TEST]]  (MPI: 1 when the build has
# MPI, the default). Prints "N passed, N failed". Root (as in CI) needs mpirun's --allow-run-as-root,
# which is passed when running as root.
bin=${1:?usage: mpi.sh PATH-TO-flowshop-bb [MPI]}
built_with_mpi=${2:-1}
library_test=${3:-}
if ! command -v mpirun >/dev/null 2>&1; then
    echo "mpi.sh: skipped: no mpirun (install Open MPI, openmpi-bin and libopenmpi-dev, to test the distributed search)"
    exit 0
fi
. "$(dirname "$0")/check.sh"

as_root=""
[ "$(id -u)" = 0 ] && as_root=--allow-run-as-root
# Containers (CI) often forbid the cross-process memory copy Open MPI uses for large messages
# on one host; without it those go through shared memory buffers instead.
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-none}
# mpirun_np N ARGS...: flowshop-bb on N ranks of this machine.
mpirun_np() {
    mpirun_ranks=$1
    shift
    mpirun $as_root --oversubscribe -np "$mpirun_ranks" "$bin" "$@"
}

# json_field FILE KEY: a top-level field of a JSON object.
json_field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2]))" "$1" "$2" 2>/dev/null; }
# rank_sum FILE KEY: the sum of KEY over the ranks' objects.
rank_sum() { python3 -c "import json,sys; print(sum(r['$2'] for r in json.load(open(sys.argv[1]))['rank_stats']))" "$1"; }

# checkpoint_weight FILE: the share of the tree a checkpoint's open nodes hold (the format of
# solver/core/checkpoint.h: a node with d jobs placed holds (n-d)!/n!).
cat >"$tmp/checkpoint_weight.py" <<'PY'
import struct, sys
from fractions import Fraction
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"FSBBCKPT"
version = struct.unpack_from("<I", data, 8)[0]
n = struct.unpack_from("<I", data, 20)[0]
open_count = struct.unpack_from("<Q", data, 20 + 72)[0]
at = 20 + 80
if version >= 2:
    at += 12 + struct.unpack_from("<I", data, at + 8)[0]
at += 2 * n
weight = Fraction(0)
for i in range(open_count):
    front, back = struct.unpack_from("<HH", data, at + i * (8 + 2 * n) + 4)
    share = Fraction(1)
    for d in range(front + back):
        share /= n - d
    weight += share
print(float(weight))
PY
# census_agrees RESULT.json CHECKPOINT [LOG]: 0 < fraction_done < 1, 1 - fraction_done is the
# checkpoint's open weight, and no progress line of LOG says more was done.
census_agrees() {
    python3 - "$1" "$(python3 "$tmp/checkpoint_weight.py" "$2")" ${3:+"$3"} <<'PY'
import json, sys
done = json.load(open(sys.argv[1]))["fraction_done"]
weight = float(sys.argv[2])
ok = done is not None and 0 < done < 1 and abs(1 - done - weight) < 1e-8
if len(sys.argv) > 3:
    lines = [json.loads(line) for line in open(sys.argv[3])]
    measured = [l["fraction_done"] for l in lines if l["event"] == "progress" and l["fraction_done"] is not None]
    ok = ok and all(f <= done + 1e-9 for f in measured)
    print("fraction %s, open weight %s, %d progress lines measured, the largest %s" %
          (done, weight, len(measured), max(measured, default=None)))
sys.exit(0 if ok else 1)
PY
}

# single INSTANCE ARGS...: the single process's node count and makespan, "nodes makespan".
single() {
    instance=$1
    shift
    "$bin" "$instance" --threads 1 --json -q "$@" >"$tmp/single.json"
    echo "$(json_field "$tmp/single.json" nodes) $(json_field "$tmp/single.json" makespan)"
}

# --distributed off under mpirun: each rank a search of its own, whatever the build.
mpirun_np 2 ta001 --threads 1 --distributed off --json -q >"$tmp/off.json" 2>"$tmp/off.err"
status=$?
check "--distributed off under mpirun: two searches of their own (status $status)" \
    "[ $status -eq 0 ] && [ \$(grep -c '\"makespan\": 1278' '$tmp/off.json') -eq 2 ] && ! grep -q rank_stats '$tmp/off.json'"

# A build without MPI refuses to be a rank, and says why.
if [ "$built_with_mpi" != 1 ]; then
    mpirun_np 2 ta001 --threads 1 -q >"$tmp/run.out" 2>"$tmp/run.err"
    status=$?
    check "a build without MPI under mpirun fails (status $status)" "[ $status -ne 0 ]"
    check "a build without MPI under mpirun says the distributed search is not available" \
        "grep -q 'made without MPI' '$tmp/run.err' && ! grep -q makespan '$tmp/run.out'"
    PMI_RANK=0 "$bin" ta001 --threads 1 --distributed off -q >"$tmp/run.out" 2>&1
    check "a build without MPI, PMI_RANK set and --distributed off: searches alone" "grep -q 'makespan *1278' '$tmp/run.out'"
    echo "$passed passed, $failed failed"
    [ $failed -eq 0 ]
    exit
fi

# The ranks of one host share its cores: with the default --threads 0 each rank searches on its
# share (the CPU engine gives one core to a heuristic walk from 8 cores on), unbound ranks on
# the host's cores / the ranks, a rank the launcher binds to one core on that one.
cores=$(getconf _NPROCESSORS_ONLN)
# The CPUs this script may run on (a container's cpuset may allow fewer than the host has).
allowed=$(python3 -c 'import os; print(len(os.sched_getaffinity(0)))')
share=$((cores / 2))
[ "$share" -le "$allowed" ] || share=$allowed
[ "$share" -ge 1 ] || share=1
expected_threads=$share
[ "$share" -ge 8 ] && expected_threads=$((share - 1))
rank_threads() {
    python3 -c 'import json, sys; print(" ".join(str(r["threads"]) for r in json.load(open(sys.argv[1]))["rank_stats"]))' "$1"
}
mpirun $as_root --oversubscribe --bind-to none -np 2 "$bin" ta001 --ub opt --json -q >"$tmp/share.json" 2>"$tmp/share.err"
check "2 unbound ranks on a host of $cores cores: $expected_threads threads each" \
    "[ \"\$(rank_threads '$tmp/share.json')\" = '$expected_threads $expected_threads' ]"
if [ "$allowed" -ge 2 ]; then
    mpirun $as_root --bind-to core -np 2 "$bin" ta001 --ub opt --json -q >"$tmp/bound.json" 2>"$tmp/bound.err"
    check "2 ranks bound to a core each on a host of $cores cores: 1 thread each" \
        "[ \"\$(rank_threads '$tmp/bound.json')\" = '1 1' ]"
fi

# A program of the library's users (test/mpi/library_ranks.c) on 2 and 3 ranks: the option
# distributed decides, and MPI the program started stays its own.
if [ -n "$library_test" ]; then
    for ranks in 2 3; do
        for mode in program single library; do
            mpirun $as_root --oversubscribe -np $ranks "$library_test" $mode >"$tmp/lib.out" 2>&1
            status=$?
            checks=$(grep -c ': ok$' "$tmp/lib.out")
            expected_checks=$(( ranks * $(case $mode in program) echo 7 ;; single) echo 3 ;; library) echo 4 ;; esac) ))
            check "library program, $mode, $ranks ranks: status $status, $checks of $expected_checks checks ok" \
                "[ $status -eq 0 ] && [ $checks -eq $expected_checks ]" || sed 's/^/    /' "$tmp/lib.out"
        done
    done
fi

# Ranks given different instances or trees (mpirun's colon syntax) all fail, saying which.
mpirun $as_root --oversubscribe -np 1 "$bin" ta001 --threads 1 -q : -np 1 "$bin" ta002 --threads 1 -q \
    >"$tmp/run.out" 2>"$tmp/run.err"
status=$?
check "ranks given ta001 and ta002: status $status, refused" \
    "[ $status -eq 2 ] && grep -q 'different instances' '$tmp/run.err' && ! grep -q makespan '$tmp/run.out'"
mpirun $as_root --oversubscribe -np 1 "$bin" ta001 --threads 1 --lb lb2 -q : -np 1 "$bin" ta001 --threads 1 -q \
    >"$tmp/run.out" 2>"$tmp/run.err"
status=$?
check "ranks given --lb lb2 and the default: status $status, refused" \
    "[ $status -eq 2 ] && grep -q 'different lb, branch' '$tmp/run.err' && ! grep -q makespan '$tmp/run.out'"

# ta001-ta020 from no upper bound and from the optimum, on 2, 3 and 4 ranks in turn (all
# three counts for each with MPI_FULL=1): the best-known makespan, proven optimal, and the
# ranks' nodes adding up to the total.
instances="01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 18 19 20"
rank_counts_of() { echo "$1"; }
if [ "${MPI_FULL:-0}" = 1 ]; then
    instances="$instances 17"
    rank_counts_of() { echo "2 3 4"; }
fi
np=2
for i in $instances; do
    instance=ta0$i
    "$bin" $instance --ub opt --node-limit 1 --json -q >"$tmp/known.json"
    known=$(json_field "$tmp/known.json" initial_ub)
    for ub in inf opt; do
        for ranks in $(rank_counts_of $np); do
            mpirun_np $ranks $instance --ub $ub --threads 1 --json -q >"$tmp/run.json" 2>"$tmp/run.err"
            check "$instance --ub $ub on $ranks ranks: makespan $(json_field "$tmp/run.json" makespan), known $known" \
                "[ \"$(json_field "$tmp/run.json" makespan)\" = '$known' ] && [ \"$(json_field "$tmp/run.json" status)\" = optimal ]"
            check "$instance --ub $ub on $ranks ranks: the ranks' nodes add up" \
                "[ \"$(rank_sum "$tmp/run.json" nodes)\" = \"$(json_field "$tmp/run.json" nodes)\" ] && [ \"$(json_field "$tmp/run.json" ranks)\" = $ranks ]"
        done
        np=$((np + 1))
        [ $np -gt 4 ] && np=2
    done
done

# The census of the tree: a proof ends with all of it done and gap 0 (the log's lines
# measured on the way), in the JSON and in the log's result line.
mpirun_np 3 ta013 --ub inf --threads 1 --log "$tmp/proof.jsonl" --log-interval 0.01 --json -q >"$tmp/run.json"
check "proof on 3 ranks: fraction_done $(json_field "$tmp/run.json" fraction_done), gap $(json_field "$tmp/run.json" gap), $(json_field "$tmp/run.json" stop_reason)" \
    "[ \"$(json_field "$tmp/run.json" fraction_done)\" = 1.0 ] && [ \"$(json_field "$tmp/run.json" gap)\" = 0.0 ] && [ \"$(json_field "$tmp/run.json" stop_reason)\" = finished ]"
check "proof on 3 ranks: the log's result line says so, its progress lines rise within [0, 1]" \
    "python3 -c 'import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
done = [l[\"fraction_done\"] for l in lines if l[\"event\"] == \"progress\" and l[\"fraction_done\"] is not None]
last = lines[-1]
sys.exit(not (last[\"fraction_done\"] == 1 and last[\"gap\"] == 0 and last[\"stop_reason\"] == \"finished\"
              and all(0 <= f <= 1 for f in done) and done == sorted(done)))' '$tmp/proof.jsonl'"

# --gap stops every rank: ta042 has no proof within hours (the time limit only ends a
# broken run), its gap is under 5 % once the ranks have been counted.
mpirun_np 3 ta042 --threads 1 --gap 0.05 --time-limit 120 --json -q >"$tmp/run.json" 2>"$tmp/run.err"
status=$?
check "--gap 0.05 on 3 ranks: status $status, $(json_field "$tmp/run.json" stop_reason), gap $(json_field "$tmp/run.json" gap)" \
    "[ $status = 1 ] && [ \"$(json_field "$tmp/run.json" stop_reason)\" = gap ] && [ \"$(json_field "$tmp/run.json" ranks)\" = 3 ] && python3 -c 'import sys; sys.exit(not 0 <= float(sys.argv[1]) <= 0.05)' \"$(json_field "$tmp/run.json" gap)\""
check "--gap 0.05 on 3 ranks: status gap reached" \
    "grep -q '\"status\": \"gap reached: ' '$tmp/run.json'"

# A node limit: the share done is the tree outside the checkpoint, with nodes in flight
# (4 ranks stealing one node at a time, every message delayed) while the log measures it.
mpirun_np 4 ta021 --ub opt --threads 1 --steal-nodes 1 --message-delay 0.0005 --node-limit 1000000 \
    --checkpoint "$tmp/cw" --log "$tmp/cw.jsonl" --log-interval 0.01 --json -q >"$tmp/run.json" 2>"$tmp/run.err"
check "node limit on 4 ranks: 1 - fraction_done is the checkpoint's open weight, no progress line above it" \
    "census_agrees '$tmp/run.json' '$tmp/cw' '$tmp/cw.jsonl' >'$tmp/census.out'" || cat "$tmp/census.out"

# Random instances: the single process's optimum.
for shape in "13 5 1" "14 6 2" "12 8 3"; do
    set -- $shape
    file="$tmp/random$3.txt"
    awk -v n=$1 -v m=$2 -v seed=$3 'BEGIN { srand(seed); print n, m;
        for (k = 0; k < m; k++) { line = ""; for (j = 0; j < n; j++) line = line " " int(1 + rand() * 99); print line } }' >"$file"
    expected=$(single "$file" --ub inf)
    mpirun_np 3 "$file" --threads 1 --ub inf --json -q >"$tmp/run.json"
    check "random $1x$2 on 3 ranks: makespan $(json_field "$tmp/run.json" makespan), one process ${expected#* }" \
        "[ \"$(json_field "$tmp/run.json" makespan)\" = '${expected#* }' ] && [ \"$(json_field "$tmp/run.json" status)\" = optimal ]"
done

# Limits and signals stop every rank: a time limit, and SIGUSR1 to mpirun (which forwards
# it to every rank); rank 0 reports the stop, and its status is the job's.
mpirun_np 3 ta017 --ub opt --threads 1 --time-limit 1 --json -q >"$tmp/run.json" 2>"$tmp/run.err"
status=$?
check "a time limit on 3 ranks: status $status, $(json_field "$tmp/run.json" status) after $(json_field "$tmp/run.json" time_s) s" \
    "[ $status = 1 ] && [ \"$(json_field "$tmp/run.json" status)\" = 'limit reached: none found' ] && [ \"$(json_field "$tmp/run.json" ranks)\" = 3 ] && python3 -c 'import sys; sys.exit(float(sys.argv[1]) >= 5)' \"$(json_field "$tmp/run.json" time_s)\""
mpirun $as_root --oversubscribe -np 3 "$bin" ta017 --ub opt --threads 1 --json -q >"$tmp/run.json" 2>"$tmp/run.err" &
job=$!
sleep 2
kill -USR1 $job
wait $job
status=$?
check "SIGUSR1 to mpirun on 3 ranks: status $status, $(json_field "$tmp/run.json" status)" \
    "[ $status = 3 ] && [ \"$(json_field "$tmp/run.json" status)\" = 'interrupted: none found' ] && [ \"$(json_field "$tmp/run.json" ranks)\" = 3 ]"

# The termination stress test: at the optimum LB1's tree is fixed, so the nodes of 4 ranks that
# steal one node at a time, with every message delayed up to 0.5 ms, equal one search's (the
# census's rounds running all the while for the log).
steals=0
for i in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16; do
    for select in dfs best; do
        instance=ta0$i
        expected=$(single $instance --lb lb1 --ub opt --select $select)
        mpirun_np 4 $instance --lb lb1 --ub opt --select $select --threads 1 --steal-nodes 1 --message-delay 0.0005 \
            --log "$tmp/stress.jsonl" --log-interval 0.01 --json -q >"$tmp/run.json"
        got=$(json_field "$tmp/run.json" nodes)
        check "stress $instance $select: $got nodes on 4 ranks, ${expected% *} in one search, all of the tree done" \
            "[ '$got' = '${expected% *}' ] && [ \"$(json_field "$tmp/run.json" status)\" = optimal ] && [ \"$(json_field "$tmp/run.json" fraction_done)\" = 1.0 ]"
        steals=$((steals + $(rank_sum "$tmp/run.json" steals)))
    done
done
echo "mpi.sh: the stress test's 32 runs made $steals steals"
# How often ranks run dry depends on the machine's load (76 and 121 steals on an idle 2-core
# machine, 30 under a parallel build): asked is only that stealing ran at all.
check "the stress test steals" "[ $steals -ge 1 ]"

# Checkpoints across rank counts: node accounting at the optimum with LB1 (the resumes take it
# from the checkpoint).
expected=$(single ta020 --lb lb1 --ub opt)
mpirun_np 3 ta020 --lb lb1 --ub opt --threads 1 --node-limit 100000 --checkpoint "$tmp/c3" --json -q >"$tmp/run.json" 2>"$tmp/run.err"
check "3 ranks stopped by the node limit" "[ \"$(json_field "$tmp/run.json" status)\" = 'limit reached: none found' ]"
check "3 ranks stopped by the node limit: 1 - fraction_done is the checkpoint's open weight" \
    "census_agrees '$tmp/run.json' '$tmp/c3'"
cp "$tmp/c3" "$tmp/c3-single"
mpirun_np 2 --threads 1 --resume "$tmp/c3" --json -q >"$tmp/run.json"
check "3 ranks' checkpoint resumed on 2: $(json_field "$tmp/run.json" nodes) nodes, one search ${expected% *}" \
    "[ \"$(json_field "$tmp/run.json" nodes)\" = '${expected% *}' ] && [ \"$(json_field "$tmp/run.json" status)\" = optimal ]"
"$bin" ta020 --threads 1 --resume "$tmp/c3-single" --json -q >"$tmp/run.json"
check "3 ranks' checkpoint resumed by one process: $(json_field "$tmp/run.json" nodes) nodes" \
    "[ \"$(json_field "$tmp/run.json" nodes)\" = '${expected% *}' ] && [ \"$(json_field "$tmp/run.json" status)\" = optimal ]"
check "3 ranks' checkpoint names ta020" "grep -qF '\"instance_source\": \"ta020\"' \"$tmp/run.json\""
"$bin" ta020 --lb lb1 --ub opt --threads 1 --node-limit 60000 --checkpoint "$tmp/c1" -q >/dev/null 2>&1
mpirun_np 3 ta020 --threads 1 --resume "$tmp/c1" --json -q >"$tmp/run.json"
check "one process's checkpoint resumed on 3 ranks: $(json_field "$tmp/run.json" nodes) nodes" \
    "[ \"$(json_field "$tmp/run.json" nodes)\" = '${expected% *}' ] && [ \"$(json_field "$tmp/run.json" status)\" = optimal ]"
cp "$(dirname "$0")/../../instances/ta020.txt" "$tmp/ta020.txt"
mpirun_np 2 "$tmp/ta020.txt" --lb lb1 --ub opt --threads 1 --node-limit 100000 --checkpoint "$tmp/cf" -q >/dev/null 2>&1
mpirun_np 3 --threads 1 --resume "$tmp/cf" --json -q >"$tmp/run.json"
check "2 ranks' checkpoint of a file resumed alone on 3 ranks: $(json_field "$tmp/run.json" nodes) nodes" \
    "[ \"$(json_field "$tmp/run.json" nodes)\" = '${expected% *}' ] && [ \"$(json_field "$tmp/run.json" status)\" = optimal ]"
check "the file's checkpoint names it by its absolute path" \
    "grep -qF '\"instance_source\": \"$(cd "$tmp" && pwd -P)/ta020.txt\"' \"$tmp/run.json\""

# A failure before the search (a checkpoint that is not there) is told once, by its rank.
mpirun_np 2 ta020 --threads 1 --resume "$tmp/none" -q >"$tmp/run.out" 2>"$tmp/run.err"
missing=$?
check "a missing checkpoint under mpirun: exit 2 (got $missing), told once as rank 0's" \
    "[ $missing -eq 2 ] && grep -q '^flowshop-bb: rank 0: cannot read checkpoint' '$tmp/run.err' && ! grep -q 'rank 0: rank 0' '$tmp/run.err'"

# A rank killed during periodic checkpoints: the job ends; the last checkpoint resumes.
expected=$(single ta030 --lb lb1 --ub opt)
mpirun $as_root --oversubscribe -np 3 "$bin" ta030 --lb lb1 --ub opt --threads 1 --checkpoint "$tmp/k" \
    --checkpoint-interval 0.1 -q >"$tmp/kill.out" 2>"$tmp/kill.err" &
job=$!
tries=0
while [ ! -e "$tmp/k" ] && [ $tries -lt 200 ]; do
    sleep 0.05
    tries=$((tries + 1))
done
sleep 0.2
rank=$(ps --ppid $job -o pid= | sed -n 2p)
[ -n "$rank" ] && kill -9 $rank
wait $job
killed=$?
check "the job of a killed rank ends with a failure (status $killed)" "[ -z '$rank' ] || [ $killed -ne 0 ]"
mpirun_np 2 --threads 1 --resume "$tmp/k" --json -q >"$tmp/run.json"
check "resumed after a rank was killed: $(json_field "$tmp/run.json" nodes) nodes, one search ${expected% *}" \
    "[ \"$(json_field "$tmp/run.json" nodes)\" = '${expected% *}' ] && [ \"$(json_field "$tmp/run.json" status)\" = optimal ]"

finish "mpi"
