#!/bin/sh
# progress_log.sh — flowshop-bb --log and flowshop-sweep plot-log. The log: every line is
# one JSON object (python3's parser, NaN refused), "run" first and "result" last, times
# that never go back (progress lines strictly forward), unknown values null never -1, the
# result line agreeing with --json's result; the heuristic alone logs its progress too (no
# nodes, the root's bound); a log read while its run goes on, and the log
# of a run killed with SIGKILL, hold only whole lines; a log that cannot be written (a full
# device, a file size limit) is said once with exit status 4 and ends at a whole line; a folder, a missing folder, the
# checkpoint's file and a bad interval are refused (with --json as a JSON error). The chart:
# an SVG that xmllint parses and a PNG, from a full log, a log cut short, a log of one line
# and a log with a torn line, a forecast's long label kept inside its panel; breadth-first's
# lines without a share or a forecast, a plateau's without a forecast (nor one drawn); a log of no
# lines, a wrong output name, no LOG, a missing output folder and an output that is the log
# refused (status 2); hostile
# instance and file names (quotes, backquotes, $(...), a line break) escaped: nothing runs,
# the title holds the name. Usage: sh test/cli/progress_log.sh build/flowshop-bb
# build/flowshop-sweep. Prints "N passed, N failed".
bin=${1:?usage: progress_log.sh PATH-TO-flowshop-bb PATH-TO-flowshop-sweep}
sweep=${2:?usage: progress_log.sh PATH-TO-flowshop-bb PATH-TO-flowshop-sweep}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
case $sweep in /*) ;; *) sweep=$PWD/$sweep ;; esac
. "$(dirname "$0")/check.sh"
# The run killed below, should the script end before it does.
runner=
trap '[ -n "$runner" ] && kill -9 "$runner" 2>/dev/null; rm -rf "$tmp"' EXIT
node_limit=3000000
[ -n "${FSBB_TEST_LIGHT:-}" ] && node_limit=300000

for tool in python3 xmllint gnuplot; do
    if ! command -v $tool >/dev/null; then
        echo "progress_log: $tool is missing"
        exit 1
    fi
done

# check_log.py LOG [RESULT.json] [partial]: the log's lines as above; with RESULT.json the
# result line agrees with it; "partial": the log may end without its result line (a run
# still going, or killed). Prints what is wrong, exits 1 then.
cat >"$tmp/check_log.py" <<'PY'
import json, sys

def refuse_constant(name):
    raise ValueError("not JSON: " + name)

path = sys.argv[1]
result_path = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "-" else None
partial = len(sys.argv) > 3 and sys.argv[3] == "partial"
problems = []
text = open(path, encoding="ascii").read()
if text and not text.endswith("\n"):
    problems.append("the last line is not whole")
lines = [json.loads(line, parse_constant=refuse_constant) for line in text.splitlines()]
events = [line.get("event") for line in lines]
if not lines or events[0] != "run":
    problems.append("the first line is not the run line: %s" % events[:1])
if not partial and events[-1:] != ["result"]:
    problems.append("the last line is not the result line: %s" % events[-1:])
if events.count("run") != 1 or events.count("result") > 1 or any(e not in ("run", "progress", "result") for e in events):
    problems.append("events: %s" % events)
times = [line["time_s"] for line in lines]
if any(b < a for a, b in zip(times, times[1:])):
    problems.append("times go back: %s" % times)
progress = [line for line in lines if line["event"] == "progress"]
steps = [line["time_s"] for line in progress]
if any(b <= a for a, b in zip(steps, steps[1:])):
    problems.append("progress times do not increase: %s" % steps)
keys = ["nodes", "nodes_per_s", "incumbent", "lower_bound", "gap", "fraction_done", "eta_s", "open_nodes"]
for line in progress:
    for key in keys:
        if key not in line:
            problems.append("progress line without %s" % key)
        elif line[key] is not None and (not isinstance(line[key], (int, float)) or line[key] < 0):
            problems.append("progress %s = %r" % (key, line[key]))
run = lines[0] if lines else {}
for key in ("instance", "jobs", "machines", "engine", "device", "options"):
    if key not in run:
        problems.append("run line without " + key)
if "options" in run and run["options"].get("log-interval") is None:
    problems.append("run line's options lack log-interval")
if result_path:
    expected = json.load(open(result_path))
    last = lines[-1]
    for key in ("makespan", "permutation", "optimal", "lower_bound", "gap", "fraction_done", "stop_reason", "nodes",
                "initial_ub", "found_by", "device", "threads"):
        got, want = last.get(key, "<absent>"), expected.get(key, "<absent>")
        # Reals: the log writes 6 significant digits of the gap, --json 6 decimals.
        close = key in ("gap", "fraction_done") and isinstance(got, float) and isinstance(want, float) and \
            abs(got - want) <= 1e-6
        if got != want and not close:
            problems.append("result %s: log %r, --json %r" % (key, got, want))
    if last.get("engine") != run.get("engine"):
        problems.append("engine: run %r, result %r" % (run.get("engine"), last.get("engine")))
    # The log covers the engine's run: a second of it without a progress line is wrong.
    if last["time_s"] - run["time_s"] > 1 + 2 * run["interval_s"] and not progress:
        problems.append("no progress line in %.1f s" % (last["time_s"] - run["time_s"]))
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
PY
check_log() { python3 "$tmp/check_log.py" "$@" >"$tmp/check.out" 2>&1; }

# A run stopped by its node limit, and one proven optimal: the log against --json.
"$bin" ta021 --threads 2 --node-limit "$node_limit" --log "$tmp/limit.jsonl" --log-interval 0.05 --json -q \
    >"$tmp/limit.json" 2>"$tmp/err"
check "node limit: exit 1" '[ $? -eq 1 ]'
check "node limit: log well formed, its result the --json one" 'check_log "$tmp/limit.jsonl" "$tmp/limit.json"' ||
    cat "$tmp/check.out"
check "node limit: no -1 in the log" '! grep -q -- "-1[,}]" "$tmp/limit.jsonl"'
"$bin" ta001 --threads 2 --log "$tmp/proven.jsonl" --json -q >"$tmp/proven.json" 2>"$tmp/err"
check "proven: exit 0" '[ $? -eq 0 ]'
check "proven: log well formed, its result the --json one" 'check_log "$tmp/proven.jsonl" "$tmp/proven.json"' ||
    cat "$tmp/check.out"
check "proven: result optimal" 'grep -q "\"event\": \"result\".*\"optimal\": true" "$tmp/proven.jsonl"'
"$bin" ta001 --search heuristic --heuristic-iterations 20 --threads 1 --log "$tmp/heuristic.jsonl" --json -q \
    >"$tmp/heuristic.json" 2>/dev/null
check "heuristic alone: log well formed" 'check_log "$tmp/heuristic.jsonl" "$tmp/heuristic.json"' ||
    cat "$tmp/check.out"
# The heuristic alone reports its progress too (no nodes; the root's bound, 3480 on ta051):
# the walk that finds the time limit passed looks at the progress first, so a line is due.
"$bin" ta051 --search heuristic --threads 1 --time-limit 0.5 --log "$tmp/walks.jsonl" --log-interval 0.05 --json \
    -q >"$tmp/walks.json" 2>/dev/null
check "heuristic alone: progress lines while it walks" \
    'grep -q "\"event\": \"progress\", .*\"nodes\": 0, .*\"lower_bound\": 3480, " "$tmp/walks.jsonl"' ||
    cat "$tmp/walks.jsonl"
check "heuristic alone, time limit: log well formed" 'check_log "$tmp/walks.jsonl" "$tmp/walks.json"' ||
    cat "$tmp/check.out"

# Breadth-first, stopped by a node limit: no progress line gives a share of the tree or a
# forecast (the share nears 1 at once and said the end was a millisecond away), the lower
# bound is measured; the result line keeps the share, below 1 (and never written 1). The
# chart draws the log without a forecast.
"$bin" ta021 --select bfs --threads 1 --node-limit 1000000 --log "$tmp/bfs.jsonl" --log-interval 0.01 --json -q \
    >"$tmp/bfs.json" 2>/dev/null
check "bfs: log well formed" 'check_log "$tmp/bfs.jsonl" "$tmp/bfs.json"' || cat "$tmp/check.out"
check "bfs: no share and no forecast on any progress line, the lower bound on one at least" 'python3 -c "import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
progress = [l for l in lines if l[\"event\"] == \"progress\"]
sys.exit(not (progress and all(l[\"fraction_done\"] is None and l[\"eta_s\"] is None for l in progress)
              and any(l[\"lower_bound\"] is not None for l in progress) and 0 < lines[-1][\"fraction_done\"] < 1))" "$tmp/bfs.jsonl"' ||
    { grep progress "$tmp/bfs.jsonl" | head -3; tail -n 1 "$tmp/bfs.jsonl"; }
"$sweep" plot-log --out "$tmp/bfs.svg" "$tmp/bfs.jsonl" >/dev/null 2>"$tmp/err"
check "bfs: plotted" '[ $? -eq 0 ]' || cat "$tmp/err"
check "bfs: no forecast drawn" '! grep -q "forecast end" "$tmp/bfs.svg"'
# A plateau: ta051's share stays where its first census finds it (from NEH's bound, no walks
# beside: the same on every machine); the forecast is null on every line (it was 1.7 s, then
# grew by the time elapsed). The chart draws no forecast.
"$bin" ta051 --ub neh --threads 2 --heuristic-threads 0 --time-limit 3 --log "$tmp/plateau.jsonl" --log-interval 0.5 --json -q \
    >"$tmp/plateau.json" 2>/dev/null
check "plateau: log well formed" 'check_log "$tmp/plateau.jsonl" "$tmp/plateau.json"' || cat "$tmp/check.out"
check "plateau: the share measured, the forecast null on every progress line" 'python3 -c "import json, sys
progress = [l for l in map(json.loads, open(sys.argv[1])) if l[\"event\"] == \"progress\"]
sys.exit(not (any(l[\"fraction_done\"] is not None for l in progress) and all(l[\"eta_s\"] is None for l in progress)))" "$tmp/plateau.jsonl"' ||
    grep progress "$tmp/plateau.jsonl"
"$sweep" plot-log --out "$tmp/plateau.svg" "$tmp/plateau.jsonl" >/dev/null 2>"$tmp/err"
check "plateau: plotted, no forecast drawn" '[ $? -eq 0 ] && ! grep -q "forecast end" "$tmp/plateau.svg"' ||
    cat "$tmp/err"

# The log of a run that goes on is read as it grows, then the run is killed: whole lines only.
"$bin" ta021 --threads 1 --ub inf --log "$tmp/killed.jsonl" --log-interval 0.05 -q >/dev/null 2>&1 &
runner=$!
waited=0
progress_lines() { lines=$(grep -c progress "$tmp/killed.jsonl" 2>/dev/null); echo "${lines:-0}"; }
while [ "$(progress_lines)" -lt 3 ] && [ $waited -lt 600 ]; do
    sleep 0.1
    waited=$((waited + 1))
done
check "running: the log so far is well formed" 'check_log "$tmp/killed.jsonl" - partial' || cat "$tmp/check.out"
kill -9 $runner
wait $runner 2>/dev/null
runner=
check "killed: the log holds progress lines" '[ "$(grep -c progress "$tmp/killed.jsonl")" -ge 3 ]'
check "killed: the log is well formed" 'check_log "$tmp/killed.jsonl" - partial' || cat "$tmp/check.out"

# Refused: a folder, a missing folder, the checkpoint's file, an interval of 0; with --json
# each is one JSON error.
mkdir "$tmp/folder"
"$bin" ta001 --log "$tmp/folder" --json -q >"$tmp/out" 2>"$tmp/err"
check "folder: exit 2" '[ $? -eq 2 ]'
check "folder: a JSON error" 'grep -q "\"error\": \"--log .*is a folder" "$tmp/out"'
"$bin" ta001 --log "$tmp/none/log.jsonl" --json -q >"$tmp/out" 2>"$tmp/err"
check "missing folder: exit 2" '[ $? -eq 2 ]'
check "missing folder: a JSON error" 'grep -q "\"status\": \"i/o error\"" "$tmp/out"'
"$bin" ta001 --log "$tmp/cp" --checkpoint "$tmp/cp" --json -q >"$tmp/out" 2>"$tmp/err"
check "checkpoint's file: exit 2" '[ $? -eq 2 ]'
check "checkpoint's file: a JSON error" 'grep -q "\"error\": \"--log .*checkpoint" "$tmp/out"'
"$bin" ta001 --log "$tmp/x.jsonl" --log-interval 0 --json -q >"$tmp/out" 2>"$tmp/err"
check "interval 0: exit 2" '[ $? -eq 2 ]'
check "interval 0: a JSON error" 'grep -q "\"error\": \"invalid value .0. for log-interval" "$tmp/out"'

# check_svg SVG NAME: xmllint parses it.
check_svg() {
    if xmllint --noout "$1" 2>"$tmp/xml.err"; then pass; else fail "$2: SVG does not parse"; cat "$tmp/xml.err"; fi
}

# Charts of the logs above, as SVG and PNG.
(cd "$tmp" && "$sweep" plot-log limit.jsonl >"$tmp/out" 2>"$tmp/err")
check "plot: exit 0" '[ $? -eq 0 ]' || cat "$tmp/err"
check "plot: default output name" '[ -s "$tmp/limit.svg" ] && grep -q "limit.svg" "$tmp/out"'
check_svg "$tmp/limit.svg" "plot"
"$sweep" plot-log --out "$tmp/proven.png" "$tmp/proven.jsonl" >/dev/null 2>"$tmp/err"
check "plot PNG: exit 0" '[ $? -eq 0 ]' || cat "$tmp/err"
check "plot PNG: a PNG file" '[ "$(head -c 4 "$tmp/proven.png" | tail -c 3)" = PNG ]'
"$sweep" plot-log --out "$tmp/killed.svg" "$tmp/killed.jsonl" >/dev/null 2>"$tmp/err"
check "plot killed log: exit 0" '[ $? -eq 0 ]' || cat "$tmp/err"
check_svg "$tmp/killed.svg" "plot killed log"
check "plot killed log: says it is cut short" 'grep -q "cut short" "$tmp/killed.svg"'

# A log with every value (as the engines that know them write it), a torn last line, and
# unknown values in between; a log of one line.
cat >"$tmp/full.jsonl" <<'LOG'
{"event": "run", "time_s": 0.2, "instance": "ta031", "jobs": 50, "machines": 5, "engine": "resident", "device": "NVIDIA H100", "threads": 1, "ranks": 0, "initial_ub": 2760, "interval_s": 2, "options": {"log-interval": "2"}}
{"event": "progress", "time_s": 2.2, "nodes": 1000, "nodes_per_s": 500, "incumbent": 2760, "lower_bound": 2700, "gap": 0.0217, "fraction_done": 0.1, "eta_s": 18, "open_nodes": 40}
{"event": "progress", "time_s": 4.2, "nodes": 3000, "nodes_per_s": 700, "incumbent": 2740, "lower_bound": null, "gap": null, "fraction_done": null, "eta_s": null, "open_nodes": null}
{"event": "progress", "time_s": 6.2, "nodes": 5000, "nodes_per_s": 800, "incumbent": 2724, "lower_bound": 2710, "gap": 0.005, "fraction_done": 0.4, "eta_s": 9.3, "open_nodes": 55}
{"event": "progress", "time_s": 8.2, "nodes": 7000, "nodes_
LOG
"$sweep" plot-log --out "$tmp/full.svg" "$tmp/full.jsonl" >/dev/null 2>"$tmp/err"
check "plot torn log: exit 0" '[ $? -eq 0 ]' || cat "$tmp/err"
check "plot torn log: the torn line is named" 'grep -q "1 of 5 lines" "$tmp/err"'
check_svg "$tmp/full.svg" "plot torn log"
check "plot torn log: the forecast is drawn" 'grep -q "forecast end 15.5 s" "$tmp/full.svg"'
head -n 1 "$tmp/full.jsonl" >"$tmp/one.jsonl"
"$sweep" plot-log --out "$tmp/one.svg" "$tmp/one.jsonl" >/dev/null 2>"$tmp/err"
check "plot one line: exit 0" '[ $? -eq 0 ]' || cat "$tmp/err"
check_svg "$tmp/one.svg" "plot one line"

# A forecast far beyond the run: its long label stays between the lower panel's axes (its
# extent along the line taken at 0.65 em a character, more than DejaVu Sans's widest digit).
head -n 2 "$tmp/full.jsonl" >"$tmp/far.jsonl"
echo '{"event": "progress", "time_s": 6.2, "nodes": 5000, "nodes_per_s": 800, "incumbent": 2724, "lower_bound": 2710, "gap": 0.005, "fraction_done": 0.0001, "eta_s": 12339.3, "open_nodes": 55}' \
    >>"$tmp/far.jsonl"
"$sweep" plot-log --out "$tmp/far.svg" "$tmp/far.jsonl" >/dev/null 2>"$tmp/err"
check "plot far forecast: exit 0" '[ $? -eq 0 ]' || cat "$tmp/err"
cat >"$tmp/label_inside.py" <<'PY'
import re, sys
svg = open(sys.argv[1]).read()
# The panels' frames: black paths (ticks too); the lower panel's reaches lowest, and is the
# tallest path that does.
frames = [[float(y) for y in re.findall(r"[ML][-\d.]+,([-\d.]+)", d)]
          for d in re.findall(r"<path stroke='black'\s+d='([^']*)'", svg)]
frame = max(frames, key=lambda f: (max(f), max(f) - min(f)))
top, bottom = min(frame), max(frame)
label = re.search(r'translate\(([-\d.]+),([-\d.]+)\) rotate\(-90\)[^>]*font-size="([\d.]+)"[^>]*text-anchor="(\w+)">\s*'
                  r'<text>(forecast end [^<]*)</text>', svg)
if not label:
    sys.exit("no forecast label")
y, size, anchor, text = float(label.group(2)), float(label.group(3)), label.group(4), label.group(5)
length = 0.65 * size * len(text)
# Turned by -90 degrees the text runs upwards from its start.
low, high = {"start": (y, y - length), "middle": (y + length / 2, y - length / 2), "end": (y + length, y)}[anchor]
if low > bottom or high < top:
    sys.exit("%r spans y %.1f to %.1f, the panel %.1f to %.1f" % (text, high, low, top, bottom))
PY
check "plot far forecast: its label within the panel" 'python3 "$tmp/label_inside.py" "$tmp/far.svg" >"$tmp/check.out" 2>&1' ||
    cat "$tmp/check.out"

# Refused: no line of a log, a missing log, an output that is neither .svg nor .png.
printf 'not a log\n{"event": "progress"}\n' >"$tmp/junk.jsonl"
"$sweep" plot-log --out "$tmp/junk.svg" "$tmp/junk.jsonl" >/dev/null 2>"$tmp/err"
check "plot junk: exit 2" '[ $? -eq 2 ]'
check "plot junk: no chart" '[ ! -e "$tmp/junk.svg" ]'
"$sweep" plot-log "$tmp/missing.jsonl" >/dev/null 2>&1
check "plot missing log: exit 2" '[ $? -eq 2 ]'
"$sweep" plot-log --out "$tmp/chart.txt" "$tmp/limit.jsonl" >/dev/null 2>&1
check "plot .txt: exit 2" '[ $? -eq 2 ] && [ ! -e "$tmp/chart.txt" ]'

expect_status "plot-log without LOG: exit 2" 2 "$sweep" plot-log
expect_output "plot-log without LOG: says so" "plot-log takes one LOG" "$tmp/err"
expect_status "plot into a missing folder: exit 2" 2 "$sweep" plot-log --out "$tmp/none/x.png" "$tmp/limit.jsonl"
expect_output "plot into a missing folder: names the folder" "the folder $tmp/none does not exist" "$tmp/err"
check "plot into a missing folder: no temporary file named" '! grep -q "x\.png\." "$tmp/err"'

# Paths in plot-log's messages: quoted where they hold more than plain characters (as a
# shell takes them), a control character escaped, so the message is one line.
expect_status "plot-log --out with a space: exit 2" 2 "$sweep" plot-log --out "$tmp/l og.jsonl" "$tmp/limit.jsonl"
expect_output "plot-log --out with a space: quoted" \
    "plot-log: --out '$tmp/l og.jsonl': expected a file name ending in .svg or .png" "$tmp/err"
expect_status "plot-log --out with a quote: exit 2" 2 "$sweep" plot-log --out "$tmp/it's.txt" "$tmp/limit.jsonl"
expect_output "plot-log --out with a quote: quoted" "plot-log: --out '$tmp/it'\\\\''s.txt': expected" "$tmp/err"
expect_status "plot-log --out with a newline: exit 2" 2 "$sweep" plot-log --out "$tmp/l
og.txt" "$tmp/limit.jsonl"
expect_output "plot-log --out with a newline: escaped" "plot-log: --out '$tmp/l\\\\nog.txt': expected" "$tmp/err"
check "plot-log --out with a newline: one line" "[ \"\$(wc -l <'$tmp/err')\" -eq 1 ]" || cat "$tmp/err"

mkdir "$tmp/empty-bin"
expect_status "plot without gnuplot: exit 1" 1 env PATH="$tmp/empty-bin" "$sweep" plot-log --out "$tmp/g.svg" \
    "$tmp/limit.jsonl"
expect_output "plot without gnuplot: says so" "gnuplot not found" "$tmp/err"

# Hostile names: an instance file whose name (the instance's name) and a log and chart whose
# paths hold quotes, backquotes, $(...), a semicolon and a line break. gnuplot's temporary
# folder is under $tmp (TMPDIR), where a command it ran would leave its file.
hostile="q'x\`touch pwned1\`\$(touch pwned2);system(\"touch pwned3\")\"
z"
mkdir "$tmp/hostile"
printf '3 2\n1 2 3\n4 5 6\n' >"$tmp/hostile/$hostile.txt"
(cd "$tmp/hostile" && TMPDIR="$tmp/hostile" "$bin" "./$hostile.txt" --log "./$hostile.jsonl" --json -q \
    >"$tmp/hostile.json" 2>"$tmp/err")
check "hostile name: solved" '[ $? -eq 0 ]' || cat "$tmp/err"
check "hostile name: log well formed" 'check_log "$tmp/hostile/$hostile.jsonl" "$tmp/hostile.json"' ||
    cat "$tmp/check.out"
(cd "$tmp/hostile" && TMPDIR="$tmp/hostile" "$sweep" plot-log --out "./$hostile.svg" "./$hostile.jsonl" \
    >/dev/null 2>"$tmp/err")
check "hostile name: plotted" '[ $? -eq 0 ]' || cat "$tmp/err"
check_svg "$tmp/hostile/$hostile.svg" "hostile name"
check "hostile name: nothing ran" '[ -z "$(find "$tmp" -name "pwned*")" ]'
check "hostile name: no folder left behind" '[ -z "$(find "$tmp/hostile" -name "flowshop-plot-log-*")" ]'
check "hostile name: the title holds the name" \
    'python3 -c "import sys, xml.etree.ElementTree as t
texts = [\"\".join(e.itertext()) for e in t.parse(sys.argv[1]).iter() if e.tag.endswith(\"text\")]
sys.exit(not any(\"touch pwned1\" in x and \"q'"'"'x\" in x for x in texts))" "$tmp/hostile/$hostile.svg"'

# A name that is no valid UTF-8 (a byte 0xff) beside accented and non-BMP characters: the log
# stays ASCII JSON (check_log reads it as ASCII), the bad byte U+FFFD, the others themselves.
odd="odd$(printf '\377')-é-😀"
printf '3 2\n1 2 3\n4 5 6\n' >"$tmp/$odd.txt"
"$bin" "$tmp/$odd.txt" --log "$tmp/odd.jsonl" --json -q >"$tmp/odd.json" 2>/dev/null
check "odd name: log well formed" 'check_log "$tmp/odd.jsonl" "$tmp/odd.json"' || cat "$tmp/check.out"
check "odd name: the name read back" 'python3 -c "import json, sys
sys.exit(json.loads(open(sys.argv[1]).readline())[\"instance\"] != \"odd\ufffd-\u00e9-\U0001f600\")" "$tmp/odd.jsonl"'

# A log that cannot be written: said once, naming the file and the system's error, exit
# status 4 (an output file could not be written), the result still printed.
printf '3 2\n3 2 4\n2 5 1\n' >"$tmp/small.txt"
expect_status "--log /dev/full: exit 4" 4 "$bin" "$tmp/small.txt" --log /dev/full -q
expect_output "--log /dev/full: the result printed" "^makespan     10"
expect_output "--log /dev/full: why" "--log /dev/full: cannot write: No space left on device" "$tmp/err"
check "--log /dev/full: said once" '[ "$(grep -c -- "--log /dev/full" "$tmp/err")" -eq 1 ]'
expect_status "--log /dev/full --json: exit 4" 4 "$bin" "$tmp/small.txt" --log /dev/full --json -q
expect_output "--log /dev/full --json: the error in the object" '"error": "--log /dev/full: cannot write: '
expect_output "--log /dev/full --json: its exit" '"exit": 4'

# A log cut by a file size limit between its "run" and "result" lines: the partial result
# line is cut off again, the log ends at its last whole line. The limit's unit (512 or
# 1024 bytes, by shell) is measured first.
"$bin" "$tmp/small.txt" --log "$tmp/uncut.jsonl" -q >/dev/null 2>&1
run_bytes=$(head -n 1 "$tmp/uncut.jsonl" | wc -c)
whole_bytes=$(wc -c <"$tmp/uncut.jsonl")
(trap '' XFSZ; ulimit -f 1; head -c 4096 /dev/zero >"$tmp/unit") 2>/dev/null
unit=$(wc -c <"$tmp/unit")
blocks=$(((run_bytes + unit - 1) / unit))
if [ $((blocks * unit)) -lt "$whole_bytes" ]; then
    (ulimit -f $blocks; exec "$bin" "$tmp/small.txt" --log "$tmp/cut_a.jsonl" -q >"$tmp/out" 2>"$tmp/err")
    check "size limit: exit 4" '[ $? -eq 4 ]' || cat "$tmp/err"
    expect_output "size limit: why" "--log $tmp/cut_a.jsonl: cannot write: " "$tmp/err"
    check "size limit: the run line whole, nothing after it" 'python3 -c "import json, sys
text = open(sys.argv[1]).read()
sys.exit(not (text.endswith(\"\\n\") and text.count(\"\\n\") == 1 and json.loads(text)[\"event\"] == \"run\"))" "$tmp/cut_a.jsonl"' ||
        od -c "$tmp/cut_a.jsonl" | tail -3
else
    fail "size limit: no limit of $unit-byte blocks falls between the run line ($run_bytes) and the log ($whole_bytes)"
fi

# plot-log never draws over its own log (--out the log, or a link to it).
cp "$tmp/limit.jsonl" "$tmp/self.png"
expect_status "plot-log --out the log: exit 2" 2 "$sweep" plot-log --out "$tmp/self.png" "$tmp/self.png"
expect_output "plot-log --out the log: why" "is the log .*self.png itself" "$tmp/err"
check "plot-log --out the log: the log kept" 'cmp -s "$tmp/limit.jsonl" "$tmp/self.png"'
ln -s self.png "$tmp/alias.png"
expect_status "plot-log --out a link to the log: exit 2" 2 "$sweep" plot-log --out "$tmp/alias.png" "$tmp/self.png"

# A run that fails after it started: its result line knows neither a lower bound nor the
# share of the tree done (no search thread can start: 1 GB stacks in 600 MB of address
# space; skipped where such limits cannot be set).
if limited "$bin" --help >/dev/null 2>&1; then
    limited "$bin" ta001 --threads 2 --quiet --log "$tmp/failed.jsonl" >/dev/null 2>&1
    expect_output "a failed run's result: no lower bound" '"event": "result".*"lower_bound": null' "$tmp/failed.jsonl"
    expect_output "a failed run's result: no share of the tree" '"event": "result".*"fraction_done": null' \
        "$tmp/failed.jsonl"
else
    echo "progress_log: failed run skipped (stack and address-space limits unavailable here)"
fi

finish progress_log
