#!/bin/sh
# input.sh — command-line tests of how flowshop-bb reads instances: standard input ('-'),
# the three formats told apart (Taillard's, plain, VRF), --format, ambiguous files refused,
# and files that must be refused without being read whole (a huge sparse file, /dev/zero),
# for instances and for --characterize traces.
# Usage: sh test/cli/input.sh build/flowshop-bb. Prints "N passed, N failed".
bin=${1:?usage: input.sh PATH-TO-flowshop-bb}
. "$(dirname "$0")/check.sh"

# Standard input.
printf '3 2\n3 2 4\n2 5 1\n' >"$tmp/plain.txt"
expect_status "plain on standard input" 0 sh -c '"$1" - --quiet <"$2"' sh "$bin" "$tmp/plain.txt"
expect_output "standard input solved" "makespan     10"
expect_output "standard input named" "instance     stdin (3 jobs x 2 machines)"
printf '3 2\n3 2 4\n2 5\n' | "$bin" - >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ]; then pass; else fail "truncated standard input: exit status, expected 2"; fi
expect_output "standard input in messages" "^flowshop-bb: stdin:3: truncated" "$tmp/err"

# VRF: instances/vrf/ta001.txt is ta001, also through a pipe.
expect_status "VRF file" 0 "$bin" instances/vrf/ta001.txt --ub opt --quiet
expect_output "VRF file is ta001" "instance     ta001 (20 jobs x 5 machines)"
expect_output "VRF file optimum" "makespan     1278"
expect_status "VRF on standard input" 0 sh -c '"$1" - --quiet <"$2"' sh "$bin" instances/vrf/ta001.txt
expect_output "VRF on standard input optimum" "makespan     1278"
expect_status "VRF file, format named" 0 "$bin" instances/vrf/ta001.txt --format vrf --ub opt --quiet
expect_status "VRF file read as plain" 2 "$bin" instances/vrf/ta001.txt --format plain
expect_output "VRF file read as plain message" "ta001.txt:12: extra token" "$tmp/err"
printf '3 2\n0 3 1 2\n1 2 0 5\n0 4 1 1\n' >"$tmp/order.vrf"
expect_status "VRF machines out of order" 2 "$bin" "$tmp/order.vrf"
expect_output "VRF machines out of order message" "order.vrf:3: machine 1 where machine 0 was expected" "$tmp/err"

# Ambiguous files are refused, naming the formats; --format settles them.
printf '4 2\n0 1 1 4\n0 2 1 5\n' >"$tmp/pairs.txt"
expect_status "plain or VRF" 2 "$bin" "$tmp/pairs.txt"
expect_output "plain or VRF message" "pairs.txt:1: ambiguous: .*plain form.*VRF" "$tmp/err"
expect_status "plain or VRF, read as plain" 0 "$bin" "$tmp/pairs.txt" --format plain --quiet
expect_output "plain or VRF, read as plain: makespan" "makespan     "
printf '4 2\n1 2\n3 4\n5 6\n7 8\n' >"$tmp/jobs.txt"
expect_status "rows of jobs" 2 "$bin" "$tmp/jobs.txt"
expect_output "rows of jobs message" "jobs.txt:1: ambiguous: .*one row per machine" "$tmp/err"
expect_status "rows of jobs, read as plain" 0 "$bin" "$tmp/jobs.txt" --format plain --quiet
expect_status "unknown format" 2 "$bin" ta001 --format csv
expect_output "unknown format message" "'csv'" "$tmp/err"
expect_status "plain file read as Taillard's" 2 "$bin" "$tmp/plain.txt" --format taillard
expect_output "plain file read as Taillard's message" "plain.txt:1: expected Taillard's first line" "$tmp/err"

# Files refused before they are read whole: binary data at its first block, a regular file
# above the limit from its size. Without the sanitizers, 512 MB of address space is enough
# to prove it (the limit is 1 GiB); AddressSanitizer needs far more to start at all.
limit_memory() { if [ -z "${FSBB_TEST_LIGHT:-}" ]; then ulimit -v 524288; fi; }
(limit_memory; exec "$bin" /dev/zero) >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ]; then pass; else fail "/dev/zero: exit status, expected 2"; fi
expect_output "/dev/zero is binary" "/dev/zero:1: NUL byte" "$tmp/err"
if truncate -s 2G "$tmp/sparse.txt" 2>/dev/null; then
    (limit_memory; exec "$bin" "$tmp/sparse.txt") >"$tmp/out" 2>"$tmp/err"
    if [ $? -eq 2 ]; then pass; else fail "2 GB sparse file: exit status, expected 2"; fi
    expect_output "2 GB sparse file refused by size" "sparse.txt:1: larger than 1073741824 bytes" "$tmp/err"
    rm -f "$tmp/sparse.txt"
fi
# A trace that never ends (used to be read for ever); timeout only guards against a hang.
timeout 60 "$bin" --characterize /dev/zero >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 2 ]; then pass; else fail "--characterize /dev/zero: exit status $status, expected 2"; fi
expect_output "--characterize /dev/zero is binary" "trace line 1: NUL byte" "$tmp/err"

finish "input"
