#!/bin/sh
# sweep.sh — command-line tests of flowshop-sweep on results folders from elsewhere: names
# and runs.csv fields that try to run commands through gnuplot or to write outside the
# plots folder; a damaged row in runs.csv; plot and summary of what is no results folder;
# sweep files that cannot run as written; the copies of sweep files in a folder; a user's
# summary.md in the folder kept as summary.1.md; a checkpoint or log file that several runs
# would write refused, an existing one kept; SIGHUP stops a sweep as SIGTERM does.
# Usage: sh test/cli/sweep.sh build/flowshop-sweep. Prints "N passed, N failed".
# Without gnuplot on the PATH a stand-in that draws nothing takes its place, so the
# scripts that plot writes are checked either way.
bin=${1:?usage: sweep.sh PATH-TO-flowshop-sweep}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
results_readme=$(cd "$(dirname "$0")/../.." && pwd)/results/README.md
. "$(dirname "$0")/check.sh"

# no_file NAME PATTERN: no file whose name matches PATTERN exists anywhere under $tmp.
no_file() {
    found=$(find "$tmp" -name "$2")
    if [ -z "$found" ]; then pass; else fail "$1: $found exists"; fi
}

if ! command -v gnuplot >/dev/null 2>&1; then
    mkdir "$tmp/bin"
    printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/gnuplot"
    chmod +x "$tmp/bin/gnuplot"
    PATH=$tmp/bin:$PATH
fi

# A small results folder to copy and tamper with.
cat >"$tmp/tiny.ini" <<'EOF'
[sweep]
name = tiny
instances = ta001, ta002
[parameters]
lb = lb1, lb2
threads = 1
EOF
cd "$tmp" || exit 1
expect_status "a small sweep" 0 "$bin" --quiet --out "$tmp/tiny" "$tmp/tiny.ini"

# The folder's name goes into the chart titles: gnuplot runs `...` inside double quotes.
folder='x`touch PWNED_title`'
cp -r "$tmp/tiny" "$tmp/$folder"
expect_status "plot a folder named with backquotes" 0 "$bin" plot "$tmp/$folder"
no_file "the folder name ran no command" 'PWNED_title*'
expect_output "the title is one single-quoted string" \
    "^set title 'x\`touch PWNED_title\`: time to solve, median of 1 run'$" \
    "$tmp/$folder/plots/time-per-instance.gp"

# A parameter name in the runs.csv header goes into a label and a file name.
mkdir "$tmp/label"
sed "1s/,lb,/,p';system('touch PWNED_label');print ',/" "$tmp/tiny/runs.csv" >"$tmp/label/runs.csv"
expect_status "a header with quotes in a parameter name" 2 "$bin" plot "$tmp/label"
expect_output "the bad name is named" "runs.csv: parameter column 3" "$tmp/err"
no_file "the parameter name ran no command" 'PWNED_label*'
check "nothing drawn from a bad header" "[ ! -e '$tmp/label/plots' ]"

mkdir -p "$tmp/deep/a/b/plots/time-by-x"
sed "1s|,lb,|,x/../../../TRAVERSED,|" "$tmp/tiny/runs.csv" >"$tmp/deep/a/b/runs.csv"
expect_status "a parameter name with a path" 2 "$bin" plot "$tmp/deep/a/b"
no_file "no file outside the plots folder" '*TRAVERSED*'

# Parameter values and instance names go into the data files only, quoted.
mkdir "$tmp/values"
instance='"a""`touch PWNED_value`""
b"' value='"x'"'"';system(""touch PWNED_value"")"'
awk -F, -v instance="$instance" -v value="$value" '$1 == "ta001" { $1 = instance } $3 == "lb1" { $3 = value } { print }' OFS=, \
    "$tmp/tiny/runs.csv" >"$tmp/values/runs.csv"
expect_status "values with quotes, backquotes and a line break" 0 "$bin" plot "$tmp/values"
no_file "the values ran no command" 'PWNED_value*'

# An instance name with a double quote is drawn as written (the x labels come from the
# script, whose strings hold it; a data file's field cannot), and a long one slants the
# labels, which would otherwise run into each other.
mkdir "$tmp/named"
u=$(printf '\303\274')
awk -F, '$1 == "ta001" { $1 = "\"/data/experiments/2026/november/my inst \x27q\"\" \303\274.txt\"" } { print }' OFS=, "$tmp/tiny/runs.csv" \
    >"$tmp/named/runs.csv"
expect_status "an instance named with quotes" 0 "$bin" plot "$tmp/named"
expect_output "its label as written" \
    "^array xlabels\[2\] = \['/data/experiments/2026/november/my inst ''q\" $u.txt', 'ta002'\]$" "$tmp/named/plots/time-per-instance.gp"
expect_output "the key's titles from the script" "^array series\[2\] = \['lb=lb1', 'lb=lb2'\]$" \
    "$tmp/named/plots/time-per-instance.gp"
expect_output "a long label slants the labels" "^set xtics rotate by 25 right$" "$tmp/named/plots/time-per-instance.gp"
if [ -s "$tmp/named/plots/time-per-instance.svg" ]; then
    expect_output "the chart shows the name as written" "my inst 'q\" $u.txt" "$tmp/named/plots/time-per-instance.svg"
fi

# No instance ran both values of lb: that chart has nothing to draw and is skipped.
mkdir "$tmp/part"
awk -F, 'NR == 1 || ($1 == "ta001" && $3 == "lb1") || ($1 == "ta002" && $3 == "lb2")' "$tmp/tiny/runs.csv" \
    >"$tmp/part/runs.csv"
expect_status "plot with no instance shared by every combination" 0 "$bin" plot "$tmp/part"
expect_output "the empty chart is skipped" "chart time-by-lb skipped: no instance ran every combination" "$tmp/err"

# A plots folder that is a link to elsewhere is refused: charts would be written there.
cp -r "$tmp/tiny" "$tmp/linked"
rm -rf "$tmp/linked/plots"
mkdir "$tmp/elsewhere"
ln -s "$tmp/elsewhere" "$tmp/linked/plots"
expect_status "plots as a link" 2 "$bin" plot "$tmp/linked"
check "nothing written through the link" "[ -z \"\$(ls '$tmp/elsewhere')\" ]"

# One damaged row in runs.csv costs that row only, and is named by file and line.
cp -r "$tmp/tiny" "$tmp/damaged"
sed '3s/.*/garbage,row,"unterminated/' "$tmp/tiny/runs.csv" >"$tmp/damaged/runs.csv"
expect_status "summary of a folder with a damaged row" 0 "$bin" summary "$tmp/damaged"
expect_output "summary names the damaged row" "damaged/runs.csv:3: " "$tmp/err"
expect_output "the summary counts the three other runs" "^3 runs in 3 configurations" "$tmp/damaged/summary.md"
expect_status "resuming over a damaged row" 0 "$bin" --quiet --out "$tmp/damaged" "$tmp/tiny.ini"
expect_output "the sweep names the damaged row" "damaged/runs.csv:3: " "$tmp/err"
expect_output "only the damaged row's run runs again" "ran 1, 3 were stored already" "$tmp/err"
check "runs.csv holds the four runs" "[ \$(wc -l <'$tmp/damaged/runs.csv') -eq 5 ]"
expect_output "the damaged row is kept aside" "^garbage,row,\"unterminated$" "$tmp/damaged/runs.rejected.csv"

# Runs of the sweep file that runs.csv lacks (failed, or not run yet) are listed in the
# summary; a folder that holds every run lists none.
check "a complete sweep lists no missing runs" "! grep -q 'Runs not in this summary' '$tmp/tiny/summary.md'"
cp -r "$tmp/tiny" "$tmp/gaps"
awk -F, '!($1 == "ta002" && $3 == "lb2")' "$tmp/tiny/runs.csv" >"$tmp/gaps/runs.csv"
expect_status "summary of a folder that lacks a run" 0 "$bin" summary "$tmp/gaps"
expect_output "the missing run is counted" "^1 of the sweep's 4 runs are not in runs.csv" "$tmp/gaps/summary.md"
expect_output "the missing run is listed" "^| ta002 | lb2 | 1 | 1 |$" "$tmp/gaps/summary.md"

# A runs.rejected.csv that is a link: the folder does not choose where bad rows go.
cp -r "$tmp/tiny" "$tmp/rejected-link"
sed '3s/.*/garbage,row,"unterminated/' "$tmp/tiny/runs.csv" >"$tmp/rejected-link/runs.csv"
echo kept >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/rejected-link/runs.rejected.csv"
expect_status "runs.rejected.csv as a link" 2 "$bin" --quiet --out "$tmp/rejected-link" "$tmp/tiny.ini"
check "nothing appended through the link" "[ \"\$(cat '$tmp/victim')\" = kept ]"

# A sweep file that cannot be read: its name and the system's reason, nothing else.
expect_status "a sweep file that does not exist" 2 "$bin" --dry-run "$tmp/nothere.ini"
expect_output "the file and the reason are named" "^flowshop-sweep: $tmp/nothere.ini: No such file or directory$" "$tmp/err"
expect_status "a folder given as the sweep file" 2 "$bin" --dry-run "$tmp"
expect_output "a folder is said to be one" ": Is a directory$" "$tmp/err"

# plot and summary of what is no results folder: exit status 2 naming it, gnuplot or not.
mkdir "$tmp/empty-bin"
for command in plot summary; do
    expect_status "$command of a missing folder" 2 "$bin" $command "$tmp/none"
    expect_output "$command names the missing folder" "$tmp/none: no such results folder" "$tmp/err"
    expect_status "$command of a folder without runs.csv" 2 "$bin" $command "$tmp/empty-bin"
    expect_output "$command says what is missing" "empty-bin has no runs.csv" "$tmp/err"
done
expect_status "plot of a missing folder without gnuplot" 2 env PATH="$tmp/empty-bin" "$bin" plot "$tmp/none"
expect_output "the folder before gnuplot" "no such results folder" "$tmp/err"
expect_status "plot without gnuplot" 1 env PATH="$tmp/empty-bin" "$bin" plot "$tmp/tiny"
expect_output "plot without gnuplot says so" "gnuplot not found" "$tmp/err"

# ub = opt on an instance without a best-known makespan: refused when planning.
printf '3 2\n1 2 3\n4 5 6\n' >"$tmp/small.txt"
cat >"$tmp/ubopt.ini" <<EOF
[sweep]
instances = ta001, $tmp/small.txt
[parameters]
ub = opt
EOF
expect_status "dry run: ub = opt without a best-known makespan" 2 "$bin" --dry-run --out "$tmp/ubopt" "$tmp/ubopt.ini"
expect_output "the file, the instance and the value are named" \
    "^flowshop-sweep: $tmp/ubopt.ini: \\[sweep\\] instances: '$tmp/small.txt' has no best-known makespan, which \\[parameters\\] ub = opt" "$tmp/err"
expect_status "sweep: ub = opt without a best-known makespan" 2 "$bin" --out "$tmp/ubopt" "$tmp/ubopt.ini"
check "no results folder" "[ ! -e '$tmp/ubopt' ]"

# Two names of one Taillard instance.
printf '[sweep]\ninstances = ta001, ta1\n' >"$tmp/twice.ini"
expect_status "ta001 and ta1" 2 "$bin" --dry-run --out "$tmp/twice" "$tmp/twice.ini"
expect_output "ta001 and ta1 named" "'ta001' and 'ta1' are the same instance (ta001)" "$tmp/err"

# A narrower sweep into the same folder: its sweep.ini is the narrower file, the wider one
# stays as sweep.1.ini.
sed 's/^lb = lb1, lb2$/lb = lb1/' "$tmp/tiny.ini" >"$tmp/narrow.ini"
cp -r "$tmp/tiny" "$tmp/history"
expect_status "a narrower sweep" 0 "$bin" --quiet --out "$tmp/history" "$tmp/narrow.ini"
expect_output "the wider file is said to be kept" "sweep.ini was another sweep file: kept as .*sweep.1.ini" "$tmp/err"
check "sweep.ini is the narrower file" "cmp -s '$tmp/narrow.ini' '$tmp/history/sweep.ini'"
check "sweep.1.ini is the wider file" "cmp -s '$tmp/tiny.ini' '$tmp/history/sweep.1.ini'"
expect_status "the same sweep again" 0 "$bin" --quiet --out "$tmp/history" "$tmp/narrow.ini"
check "no copy of the same file" "[ ! -e '$tmp/history/sweep.2.ini' ]"
check "the sweep's own summary rewritten, not kept" "[ ! -e '$tmp/history/summary.1.md' ]"

# A folder holding the user's summary.md: kept as summary.1.md, as sweep.ini would be.
mkdir "$tmp/notes"
echo "my notes" >"$tmp/notes/summary.md"
expect_status "a sweep into a folder with the user's summary.md" 0 "$bin" --quiet --out "$tmp/notes" "$tmp/tiny.ini"
expect_output "the user's summary is said to be kept" "summary.md was not this sweep's: kept as .*summary.1.md" "$tmp/err"
check "the user's summary kept as summary.1.md" "[ \"\$(cat '$tmp/notes/summary.1.md')\" = 'my notes' ]"
check "summary.md is the sweep's" "grep -q '^# Sweep tiny' '$tmp/notes/summary.md'"

# The example sweep file of results/README.md, as printed there, runs (dry run).
sed -n '/^```ini$/,/^```$/p' "$results_readme" | sed '1d;$d' >"$tmp/readme.ini"
check "the README's sweep file was found" "grep -q '^\[parameters\]' '$tmp/readme.ini'"
expect_status "the README's sweep file runs as printed" 0 "$bin" --dry-run --out "$tmp/readme" "$tmp/readme.ini"
# Its example error is the program's, word for word, and the parameter keys it lists are
# options of the library (the former name refactor aside).
example=$(tr '\n' ' ' <"$results_readme" | sed -n "s/.*\`\(cpu\.ini: \[parameters\] lb: [^\`]*\)\`.*/\1/p")
printf '[sweep]\ninstances = ta001\n[parameters]\nlb = lb3\n' >"$tmp/cpu.ini"
(cd "$tmp" && "$bin" --dry-run cpu.ini) >/dev/null 2>"$tmp/err"
check "the README's example error is the program's" "[ -n \"\$example\" ] && grep -qF -- \"\$example\" '$tmp/err'" ||
    { echo "README: $example"; cat "$tmp/err"; }
keys=$(tr '\n' ' ' <"$results_readme" | sed -n 's/.*dashes in front (\(.*\)and any option added.*/\1/p' |
    sed 's/(former name `refactor`, still taken)//' | tr -d '`,')
check "the README lists parameter keys" "[ \$(echo \$keys | wc -w) -gt 10 ]" || echo "$keys"
for key in $keys; do
    printf '[sweep]\ninstances = ta001\n[parameters]\n%s = -\n' "$key" >"$tmp/key.ini"
    "$bin" --dry-run --out "$tmp/key" "$tmp/key.ini" >/dev/null 2>"$tmp/err"
    check "the README's key $key is an option" "! grep -q 'unknown' '$tmp/err'" || cat "$tmp/err"
done

# A file a solve writes, named for several runs, is refused before anything runs (also with
# --dry-run), naming the sweep file, the group and the key; named for one run, a file that
# exists is refused by that run (not recorded, status 1) and kept as it was.
printf '[sweep]\ninstances = ta001, ta002\n[parameters]\ncheckpoint = %s/saved.ckpt\n' "$tmp" >"$tmp/shared.ini"
expect_status "a checkpoint file for two runs" 2 "$bin" --quiet --out "$tmp/shared" "$tmp/shared.ini"
expect_output "a checkpoint file for two runs: named" "shared.ini: \[parameters\] checkpoint: '.*saved.ckpt' would be written by 2 runs" "$tmp/err"
expect_status "a checkpoint file for two runs, dry run" 2 "$bin" --dry-run --out "$tmp/shared" "$tmp/shared.ini"
check "a checkpoint file for two runs: nothing written" "[ ! -e '$tmp/saved.ckpt' ] && [ ! -e '$tmp/shared' ]"
printf '[sweep]\ninstances = ta001\nrepeats = 2\n[parameters]\nlog = %s/run.jsonl\n' "$tmp" >"$tmp/shared-log.ini"
expect_status "a log file for two repeats" 2 "$bin" --dry-run --out "$tmp/shared-log" "$tmp/shared-log.ini"
expect_output "a log file for two repeats: named" "\[parameters\] log: .* would be written by 2 runs" "$tmp/err"
echo "precious" >"$tmp/saved.ckpt"
printf '[sweep]\ninstances = ta001\n[parameters]\ncheckpoint = %s/saved.ckpt\n' "$tmp" >"$tmp/one.ini"
expect_status "one run onto an existing file" 1 "$bin" --quiet --out "$tmp/one" "$tmp/one.ini"
expect_output "one run onto an existing file: why" "the file exists and would be overwritten" "$tmp/err"
check "one run onto an existing file: the file kept" "[ \"\$(cat '$tmp/saved.ckpt')\" = precious ]"
printf 'overwrite-checkpoint = on\n' >>"$tmp/one.ini"
expect_status "one run with overwrite-checkpoint on" 0 "$bin" --quiet --out "$tmp/one-over" "$tmp/one.ini"
check "overwrite-checkpoint on: the file replaced" "head -c 8 '$tmp/saved.ckpt' | grep -q FSBBCKPT"

# SIGHUP (the terminal closed) stops a sweep as SIGTERM does: status 3, the run in progress
# not recorded, the summary written. Sent once the run's solve has begun (its log has the
# run line), however loaded the machine; SIGHUP at its default even where the tests run under
# nohup.
printf '[sweep]\ninstances = ta051\n[parameters]\nub = inf\ntime-limit = 120\nlog = %s/long.jsonl\n' "$tmp" \
    >"$tmp/long.ini"
env --default-signal=HUP "$bin" --quiet --out "$tmp/long" "$tmp/long.ini" >"$tmp/out" 2>"$tmp/err" &
pid=$!
tries=0
while [ $tries -lt 600 ] && ! grep -q '"event": "run"' "$tmp/long.jsonl" 2>/dev/null; do
    sleep 0.1
    tries=$((tries + 1))
done
kill -HUP "$pid"
wait "$pid"
status=$?
if [ "$status" -eq 3 ]; then pass; else fail "SIGHUP: exit status $status, expected 3"; cat "$tmp/err"; fi
check "SIGHUP: the summary written" "[ -s '$tmp/long/summary.md' ]"

finish "sweep"
