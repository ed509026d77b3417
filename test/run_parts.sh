#!/usr/bin/env bash
# run_parts.sh — runs the parts of `make check` (each a shell command: a test program or a
# command-line test script) on JOBS of the machine's cores at once, the parts started in the
# order given. Each part's output is kept apart and printed whole, in the order given, as
# soon as it and every part before it have ended, so that the log reads as if they had run
# one after another (each after its command, as make echoes a recipe). Every part runs even when one fails; the failed ones are named at the
# end and the exit status is 1.
#   usage: test/run_parts.sh JOBS COMMAND...
set -u
jobs=${1:?usage: $0 JOBS COMMAND...}
shift
case $jobs in
'' | *[!0-9]* | 0) echo "run_parts.sh: JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;;
esac
parts=("$@")
count=${#parts[@]}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

running=0
printed=0
failures=()

# Prints, in order, every part that has ended and has no unfinished part before it.
print_ready() {
    while [ "$printed" -lt "$count" ] && [ -e "$logs/$printed.status" ]; do
        echo "${parts[$printed]}"
        cat "$logs/$printed.out"
        if [ "$(cat "$logs/$printed.status")" != 0 ]; then
            failures+=("${parts[$printed]} (exit status $(cat "$logs/$printed.status"))")
        fi
        printed=$((printed + 1))
    done
}

for ((i = 0; i < count; i++)); do
    while [ "$running" -ge "$jobs" ]; do
        wait -n
        running=$((running - 1))
        print_ready
    done
    (
        sh -c "${parts[$i]}" >"$logs/$i.out" 2>&1
        echo $? >"$logs/$i.status.tmp"
        mv "$logs/$i.status.tmp" "$logs/$i.status"
    ) &
    running=$((running + 1))
done
wait
print_ready

if [ "${#failures[@]}" -gt 0 ]; then
    echo "make check: ${#failures[@]} of $count parts failed:"
    printf '  %s\n' "${failures[@]}"
    exit 1
fi
echo "make check: all $count parts passed"
