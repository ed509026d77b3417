# check.sh — what every command-line test script shares, sourced at its top:
#   . "$(dirname "$0")/check.sh"
# A scratch folder $tmp (removed on exit), the counts $passed and $failed, and the checks:
#   pass, fail MESSAGE, check NAME SHELL-TEST (returns 1 when it fails: check ... || cat LOG),
#   expect_status NAME STATUS COMMAND...  (stdout and stderr kept in $tmp/out, $tmp/err),
#   expect_output NAME PATTERN [FILE]     (grep PATTERN in FILE, default $tmp/out),
#   limited COMMAND...                    (COMMAND under a stack and memory limit),
#   finish NAME                           (prints "NAME: N passed, N failed"; exit status 0
#                                          when none failed).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }
check() { if eval "$2"; then pass; else fail "$1"; return 1; fi; }

expect_status() {
    name=$1 want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then pass; else fail "$name: exit status $got, expected $want"; cat "$tmp/err"; fi
}

expect_output() {
    name=$1 pattern=$2 file=${3:-$tmp/out}
    if grep -q -- "$pattern" "$file"; then pass; else fail "$name: output lacks '$pattern'"; cat "$file"; fi
}

limited() { (ulimit -s 1000000 && ulimit -v 600000 && exec "$@"); }

finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
