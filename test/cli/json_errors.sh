#!/bin/sh
# json_errors.sh — flowshop-bb --json answers every error with one JSON object on stdout,
# {"error": MESSAGE, "status": NAME, "exit": STATUS}, besides the line on stderr: usage
# errors, load errors, refused options and files, run-time failures (whose result object
# carries "error" and "exit"). Usage: sh test/cli/json_errors.sh build/flowshop-bb.
# Prints "N passed, N failed".
bin=${1:?usage: json_errors.sh PATH-TO-flowshop-bb}
. "$(dirname "$0")/check.sh"

# json_value FILE KEY: KEY's value in the one JSON object of FILE, by python3's parser: a
# string as its text, anything else as JSON ("<invalid>" when FILE is not one object).
json_value() {
    python3 -c 'import json, sys
try:
    text = open(sys.argv[1]).read()
    value = json.loads(text)
    assert isinstance(value, dict)
except Exception:
    print("<invalid>")
    sys.exit()
found = value.get(sys.argv[2], "<absent>")
print(found if isinstance(found, str) else json.dumps(found))' "$1" "$2"
}

# expect_json_error NAME EXIT STATUS-NAME MESSAGE-PART ARGS...: flowshop-bb ARGS exits EXIT,
# prints one JSON object whose error holds MESSAGE-PART, status is STATUS-NAME and exit is
# EXIT, and says the same message on stderr.
expect_json_error() {
    name=$1 want_exit=$2 want_status=$3 part=$4
    shift 4
    "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -eq "$want_exit" ]; then pass; else fail "$name: exit status $got, expected $want_exit"; fi
    if [ "$(json_value "$tmp/out" exit)" = "$want_exit" ]; then pass; else fail "$name: JSON exit"; cat "$tmp/out"; fi
    if [ "$(json_value "$tmp/out" status)" = "$want_status" ]; then pass; else
        fail "$name: JSON status '$(json_value "$tmp/out" status)', expected '$want_status'"
    fi
    if json_value "$tmp/out" error | grep -qF -- "$part"; then pass; else fail "$name: JSON error lacks '$part'"; cat "$tmp/out"; fi
    if grep -qF -- "flowshop-bb: " "$tmp/err" && grep -qF -- "$part" "$tmp/err"; then pass; else
        fail "$name: stderr lacks the message"; cat "$tmp/err"
    fi
    lines=$(wc -l <"$tmp/out")
    if [ "$lines" -eq 1 ]; then pass; else fail "$name: $lines lines on stdout, expected one object"; fi
}

if ! command -v python3 >/dev/null 2>&1; then
    echo "json errors: skipped (no python3 to parse JSON)"
    exit 0
fi

expect_json_error "unknown option" 2 "bad argument" "--frobnicate" ta001 --json --frobnicate
expect_json_error "unknown option before --json" 2 "bad argument" "--frobnicate" --frobnicate ta001 --json
expect_json_error "no instance" 2 "bad argument" "expected one INSTANCE" --json
expect_json_error "two instances" 2 "bad argument" "expected one INSTANCE" ta001 ta002 --json
expect_json_error "unknown instance" 2 "i/o error" "ta121" ta121 --json
printf '3 2\n1 2 3\n4 5\n' >"$tmp/short.txt"
expect_json_error "truncated file" 2 "parse error" "short.txt:" "$tmp/short.txt" --json
expect_json_error "bad option value" 2 "bad argument" "lb9" ta001 --lb lb9 --json
expect_json_error "unwritable --gantt" 2 "bad argument" "--gantt" ta001 --gantt "$tmp/none/g.svg" --json
: >"$tmp/taken.ckpt"
expect_json_error "checkpoint over a file" 2 "bad argument" "taken.ckpt" ta001 --checkpoint "$tmp/taken.ckpt" --json
expect_json_error "missing trace" 2 "i/o error" "--characterize" --characterize "$tmp/none.txt" --json
# A message with quotes, a backslash and a control character stays one valid JSON string.
odd=$(printf 'q"b\\c\001')
expect_json_error "odd file name" 2 "i/o error" "q\"b\\c" "$tmp/$odd" --json
if "$bin" --version | grep -q "^gpu  *usable"; then
    echo "json errors: --device gpu without a GPU skipped (a GPU is usable here)"
else
    expect_json_error "--device gpu without a GPU" 2 "no GPU" "--device gpu" ta001 --device gpu --json
fi

# --ub opt without a best-known makespan: a usage error before the search, not a result.
printf '3 2\n3 2 4\n2 5 1\n' >"$tmp/small.txt"
expect_json_error "--ub opt without a best-known makespan" 2 "bad argument" "--ub opt: no best-known makespan" \
    "$tmp/small.txt" --ub opt --json
# Two options naming one file, an empty name, a --gantt that is no SVG.
expect_json_error "two options, one file" 2 "bad argument" "name the same file" ta001 --schedule "$tmp/x.csv" \
    --log "$tmp/x.csv" --json
expect_json_error "empty --checkpoint" 2 "bad argument" "--checkpoint: empty file name" ta001 --checkpoint "" --json
expect_json_error "--gantt FILE.png" 2 "bad argument" "the chart is SVG" ta001 --gantt "$tmp/g.png" --json
# An output file that cannot be written after the search: the result object, exit 4.
if [ -w /dev/full ]; then
    "$bin" ta001 --schedule /dev/full --json --quiet >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -eq 4 ] && [ "$(json_value "$tmp/out" exit)" = 4 ] && [ "$(json_value "$tmp/out" makespan)" = 1278 ] &&
        json_value "$tmp/out" error | grep -q -- "--schedule /dev/full"; then pass; else
        fail "--schedule /dev/full: exit $got, expected 4 and the result"; cat "$tmp/out"
    fi
fi

# Without --json the error is on stderr only.
"$bin" ta121 >"$tmp/out" 2>"$tmp/err"
if [ ! -s "$tmp/out" ]; then pass; else fail "without --json: stdout not empty"; cat "$tmp/out"; fi

# A result carries its exit status and error: null.
"$bin" ta001 --json --quiet >"$tmp/out" 2>"$tmp/err"
if [ "$(json_value "$tmp/out" exit)" = 0 ] && [ "$(json_value "$tmp/out" error)" = null ]; then pass; else
    fail "result: exit 0 and error null expected"; cat "$tmp/out"
fi
"$bin" ta021 --ub inf --node-limit 1000 --json --quiet >"$tmp/out" 2>"$tmp/err"
if [ "$(json_value "$tmp/out" exit)" = 1 ]; then pass; else fail "limit: exit 1 expected in the JSON"; cat "$tmp/out"; fi

# A run-time failure after the search started: the result object has the error and exit 4.
if limited "$bin" --help >/dev/null 2>&1; then
    limited "$bin" ta001 --threads 2 --quiet --json >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -eq 4 ] && [ "$(json_value "$tmp/out" exit)" = 4 ] &&
        json_value "$tmp/out" error | grep -q "could not start"; then pass; else
        fail "run-time failure: exit $got, expected 4 in the status and the JSON"; cat "$tmp/out"
    fi
else
    echo "json errors: run-time failure skipped (stack and address-space limits unavailable here)"
fi

finish "json errors"
