#!/bin/sh
# files.sh — the files a flowshop-bb command line names (the instance file, --resume,
# --checkpoint, --log, --diagnose, --schedule, --gantt) are checked together before the
# search: two options naming one file are refused (exit 2, both named, nothing written),
# except --resume F --checkpoint F, and a dangling link is the file it leads to; --schedule,
# --gantt, --log and --diagnose never replace a checkpoint; an empty name is refused;
# --gantt takes FILE.svg only; --schedule - is standard output (not with --json); --log -
# and an output that is standard output (/dev/stdout) are refused; notes and messages
# quote or escape a path with a newline.
# Usage: sh test/cli/files.sh build/flowshop-bb. Prints "N passed, N failed".
bin=${1:?usage: files.sh PATH-TO-flowshop-bb}
. "$(dirname "$0")/check.sh"

case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
cd "$tmp" || exit 1
printf '3 2\n3 2 4\n2 5 1\n' >small.txt
"$bin" ta011 --node-limit 2000 --threads 1 --checkpoint z.ckpt -q >/dev/null 2>&1
cp z.ckpt z.saved

# refused NAME PATTERN ARGS...: exit 2 with PATTERN in the message, no search (nothing on
# stdout), and the checkpoint unchanged.
refused() {
    refused_name=$1 refused_pattern=$2
    shift 2
    expect_status "$refused_name" 2 "$bin" "$@"
    expect_output "$refused_name: message" "$refused_pattern" "$tmp/err"
    check "$refused_name: no search" "[ ! -s '$tmp/out' ]"
    check "$refused_name: the checkpoint kept" "cmp -s z.ckpt z.saved"
}

refused "--resume F --schedule F" "--resume z.ckpt and --schedule z.ckpt name the same file" \
    --resume z.ckpt --schedule z.ckpt -q
cp z.ckpt c1.svg
refused "--gantt over a checkpoint file" "--gantt c1.svg: is a checkpoint" ta011 --gantt c1.svg -q
cp z.ckpt c1.csv
refused "--schedule over a checkpoint file" "--schedule c1.csv: is a checkpoint" ta011 --schedule c1.csv -q
refused "--schedule F --gantt F" "--schedule same.svg and --gantt same.svg name the same file" \
    ta011 --schedule same.svg --gantt same.svg -q
check "--schedule F --gantt F: nothing written" "[ ! -e same.svg ]"
echo '{}' >ll.jsonl
refused "--schedule F --log F" "--log ll.jsonl and --schedule ll.jsonl name the same file" \
    ta011 --schedule ll.jsonl --log ll.jsonl -q
check "--schedule F --log F: the file kept" "[ \"\$(cat ll.jsonl)\" = '{}' ]"
refused "the same file by two names" "--log new.jsonl and --schedule ./new.jsonl name the same file" \
    ta011 --schedule ./new.jsonl --log new.jsonl -q
refused "--log over the instance" "INSTANCE small.txt and --log ./small.txt name the same file" \
    small.txt --log ./small.txt -q
refused "--checkpoint F --diagnose F" "--checkpoint d.ckpt and --diagnose d.ckpt name the same file" \
    ta011 --checkpoint d.ckpt --diagnose d.ckpt -q
refused "--resume F --log F" "--resume z.ckpt and --log z.ckpt name the same file" --resume z.ckpt --log z.ckpt -q
expect_status "--resume F --checkpoint F: allowed" 1 "$bin" --resume z.ckpt --checkpoint z.ckpt --node-limit 2500 \
    --threads 1 -q
cp z.saved z.ckpt

# Empty names.
for option in checkpoint log schedule gantt resume diagnose; do
    refused "--$option \"\"" "--$option: empty file name" ta011 --"$option" "" -q
done
refused "--resume \"\" alone" "--resume: empty file name" --resume "" -q

# --gantt takes FILE.svg (any case).
refused "--gantt g.png" "--gantt g.png: the chart is SVG" ta011 --gantt g.png -q
check "--gantt g.png: nothing written" "[ ! -e g.png ]"
expect_status "--gantt G.SVG" 0 "$bin" small.txt --gantt G.SVG -q
check "--gantt G.SVG: written" "grep -q '<svg' G.SVG"

# --schedule -: the CSV on standard output, no file named -; refused with --json.
expect_status "--schedule -" 0 "$bin" small.txt --schedule - -q
expect_output "--schedule -: the CSV on stdout" "^job,machine,start,end"
expect_output "--schedule -: then the result" "^makespan     10"
check "--schedule -: no file named -" "[ ! -e ./- ]"
expect_status "--schedule - --json" 2 "$bin" small.txt --schedule - --json -q
expect_output "--schedule - --json: why" "--schedule - writes the CSV to standard output" "$tmp/err"
expect_output "--schedule - --json: the JSON error object alone" '^{"error": "--schedule - '
check "--schedule - --json: one line" "[ \"\$(wc -l <'$tmp/out')\" -eq 1 ]"

# --log and --diagnose never replace a checkpoint either.
cp z.ckpt c2.jsonl
refused "--log over a checkpoint file" "--log c2.jsonl: is a checkpoint" ta011 --log c2.jsonl -q
check "--log over a checkpoint file: kept" "cmp -s z.ckpt c2.jsonl"
cp z.ckpt c3.csv
refused "--diagnose over a checkpoint file" "--diagnose c3.csv: is a checkpoint" ta011 --diagnose c3.csv -q
check "--diagnose over a checkpoint file: kept" "cmp -s z.ckpt c3.csv"

# --log - is refused (the log is a file; standard output carries the result): no file -.
refused "--log -" "--log -: the log is written to a file" small.txt --log - -q
check "--log -: no file named -" "[ ! -e ./- ]"

# An output file that is standard output (here $tmp/out) is refused as - is: the JSON or
# the text result would be mixed with it.
ln -s /dev/stdout so.svg
for target in "--schedule /dev/stdout" "--log /dev/stdout" "--gantt so.svg"; do
    expect_status "$target --json" 2 "$bin" small.txt $target --json -q
    expect_output "$target --json: why" "$target is standard output, which --json's object takes" "$tmp/err"
    expect_output "$target --json: the JSON error object alone" "^{\"error\": \"$target is standard output"
    check "$target --json: one line" "[ \"\$(wc -l <'$tmp/out')\" -eq 1 ]"
done
refused "--schedule /dev/stdout, text" "--schedule /dev/stdout is standard output, which the result takes" \
    small.txt --schedule /dev/stdout -q
expect_status "--log /dev/null beside stdout on /dev/null" 0 sh -c "'$bin' small.txt --log /dev/null -q >/dev/null"

# A dangling symbolic link and the file it leads to are one file.
ln -s nowhere.csv dang.csv
refused "a dangling link and its target" "--log nowhere.csv and --schedule dang.csv name the same file" \
    small.txt --schedule dang.csv --log nowhere.csv -q
check "a dangling link and its target: nothing written" "[ ! -e nowhere.csv ]"
mkdir sub
ln -s ../sub/deeper.csv sub/hop.csv
ln -s sub/hop.csv chain.csv
refused "a chain of dangling links" "--log sub/deeper.csv and --schedule chain.csv name the same file" \
    small.txt --schedule chain.csv --log sub/deeper.csv -q

# A checkpoint named with a newline: the closing note quotes it for a shell, other lines
# escape it.
weird=$(printf 'we\nird.ckpt')
"$bin" ta011 --node-limit 2000 --threads 1 --checkpoint "$weird" >"$tmp/out" 2>"$tmp/err"
expect_output "newline path: search saved in, escaped" 'search saved in we\\nird.ckpt: ' "$tmp/err"
expect_output "newline path: the note quotes it" "continue with --resume 'we$" "$tmp/err"
expect_output "newline path: the note's second line" "^ird.ckpt' --checkpoint 'we$" "$tmp/err"
"$bin" --resume "$weird" --checkpoint "$weird" --node-limit 2500 --threads 1 >"$tmp/out" 2>"$tmp/err"
expect_output "newline path: resumed from, escaped" '^resumed      from "we\\nird.ckpt"$'
check "newline path: no raw line" "! grep -q '^ird.ckpt' '$tmp/out'"
"$bin" ta011 --node-limit 100 --threads 1 --checkpoint "it's.ckpt" -q >/dev/null 2>&1
"$bin" ta011 --node-limit 100 --threads 1 --checkpoint "it's.ckpt" >"$tmp/out" 2>"$tmp/err"
expect_output "quote in a path: the refusal quotes it" "continue its search with --resume 'it'\\\\''s.ckpt'," "$tmp/err"

finish "files"
