#!/bin/sh
# schedule.sh — command-line tests of flowshop-bb's schedule files: --schedule (CSV) holds
# every operation of a feasible, semi-active schedule with the printed makespan; --gantt
# (SVG) parses as XML (xmllint) and draws one bar per operation whose x and width are the
# CSV's start and end under one scale, rows by machine; the instance name is escaped; no
# files and a warning when the search finds no schedule; bad paths refused before solving.
# Usage: sh test/cli/schedule.sh build/flowshop-bb. Prints "N passed, N failed".
bin=${1:?usage: schedule.sh PATH-TO-flowshop-bb}
. "$(dirname "$0")/check.sh"

if ! command -v xmllint >/dev/null; then
    echo "schedule: xmllint is missing (Debian: libxml2-utils)"
    exit 1
fi

# check_csv NAME CSV TIMES MAKESPAN: the CSV has the header and one row per operation; each
# lasts its processing time (TIMES: the m rows of n times); machines take their jobs one at a
# time, jobs their machines in order, each operation as early as both allow; the last ends at
# MAKESPAN.
check_csv() {
    if awk -F, -v makespan="$4" '
        FILENAME == ARGV[1] { machines++; jobs = split($0, t, " "); for (j = 1; j <= jobs; j++) p[machines, j] = t[j]; next }
        FNR == 1 { if ($0 != "job,machine,start,end") { print "bad header: " $0; bad = 1 }; next }
        {
            job = $1; machine = $2; start = $3; end = $4; rows++
            if ((job, machine) in seen) { print "twice: " $0; bad = 1 }
            seen[job, machine] = 1
            if (end - start != p[machine, job]) { print "wrong duration: " $0; bad = 1 }
            ready = machine in free ? free[machine] : 0
            if ((job, machine - 1) in done && done[job, machine - 1] > ready) ready = done[job, machine - 1]
            if (start != ready) { print "not as early as it can: " $0; bad = 1 }
            free[machine] = end; done[job, machine] = end
            if (end > last) last = end
        }
        END {
            if (rows != jobs * machines) { print rows " rows for " jobs " x " machines; bad = 1 }
            if (last != makespan) { print "last end " last ", makespan " makespan; bad = 1 }
            exit bad
        }' "$3" "$2" >"$tmp/csv.log"; then
        pass
    else
        fail "$1: schedule CSV"
        head -5 "$tmp/csv.log"
    fi
}

# check_svg NAME SVG CSV: one rect of class "op" per CSV row, x = x0 + start * scale and
# width = (end - start) * scale for one x0 and scale, the same y for a machine's bars and
# lower rows for later machines.
check_svg() {
    if ! xmllint --noout "$2" 2>"$tmp/xml.log"; then
        fail "$1: SVG is not well-formed XML"
        head -3 "$tmp/xml.log"
        return
    fi
    count=$(xmllint --xpath 'count(//*[local-name()="rect"][@class="op"])' "$2")
    rows=$(($(wc -l <"$3") - 1))
    check "$1: $count bars for $rows operations" "[ '$count' -eq '$rows' ]"
    xmllint --xpath '//*[local-name()="rect"][@class="op"]/@*[name()="id" or name()="x" or name()="y" or name()="width"]' \
        "$2" | tr -d ' "' | tr '=' ' ' >"$tmp/bars"
    if awk -F'[ ,]' '
        FILENAME == ARGV[1] { if (FNR > 1) { start["op-" $1 "-" $2] = $3; end["op-" $1 "-" $2] = $4; if ($4 > makespan) makespan = $4 } ; next }
        $1 == "id" { id = $2; ids[++bars] = id; next }
        $1 == "x" { x[id] = $2; next }
        $1 == "y" { y[id] = $2; next }
        $1 == "width" { w[id] = $2; next }
        function abs(v) { return v < 0 ? -v : v }
        END {
            for (i = 1; i <= bars; i++) {
                id = ids[i]
                if (!(id in start)) { print "bar " id " is no operation"; bad = 1; continue }
                if (start[id] == 0) x0 = x[id]
                if (end[id] == makespan) right = x[id] + w[id]
            }
            scale = (right - x0) / makespan
            for (i = 1; i <= bars; i++) {
                id = ids[i]; split(id, part, "-"); machine = part[3]
                if (abs(x[id] - (x0 + start[id] * scale)) > 0.02) { print id ": x " x[id]; bad = 1 }
                if (abs(w[id] - (end[id] - start[id]) * scale) > 0.02) { print id ": width " w[id]; bad = 1 }
                if (machine in row && row[machine] != y[id]) { print id ": y " y[id]; bad = 1 }
                row[machine] = y[id]
            }
            for (k = 2; k in row; k++) if (row[k] <= row[k - 1]) { print "machine " k " above " k - 1; bad = 1 }
            exit bad
        }' "$3" "$tmp/bars" >"$tmp/svg.log"; then
        pass
    else
        fail "$1: SVG bars against the CSV"
        head -5 "$tmp/svg.log"
    fi
}

# ta001 from a file, so that its times are at hand; optimal schedule.
expect_status "ta001 schedule files" 0 "$bin" instances/ta001.txt --ub inf --quiet --schedule "$tmp/ta001.csv" \
    --gantt "$tmp/ta001.svg"
tail -n 5 instances/ta001.txt >"$tmp/ta001.times"
check_csv "ta001" "$tmp/ta001.csv" "$tmp/ta001.times" 1278
check_svg "ta001" "$tmp/ta001.svg" "$tmp/ta001.csv"
title=$(xmllint --xpath 'string(//*[local-name()="svg"]/*[local-name()="title"])' "$tmp/ta001.svg")
check "ta001 title" "[ '$title' = 'ta001: Gantt chart, makespan 1278' ]"
labels=$(xmllint --xpath 'count(//*[local-name()="text"])' "$tmp/ta001.svg")
check "ta001 has job labels ($labels texts)" "[ '$labels' -gt 50 ]"

# A large instance: bars but no labels that do not fit; a limit stops the search.
if [ -n "${FSBB_TEST_LIGHT:-}" ]; then large=ta091 jobs=200 machines=10; else large=ta111 jobs=500 machines=20; fi
expect_status "$large schedule files" 1 "$bin" "$large" --node-limit 1000 --quiet --schedule "$tmp/large.csv" \
    --gantt "$tmp/large.svg"
makespan=$(sed -n 's/^makespan *//p' "$tmp/out")
awk 'NR > 3' "instances/$large.txt" >"$tmp/large.times"
check_csv "$large" "$tmp/large.csv" "$tmp/large.times" "$makespan"
check_svg "$large" "$tmp/large.svg" "$tmp/large.csv"
count=$(xmllint --xpath 'count(//*[local-name()="rect"][@class="op"])' "$tmp/large.svg")
check "$large: $count bars" "[ '$count' -eq $((jobs * machines)) ]"

# The instance's name, from its file name, is escaped in the SVG.
name='a<b&c"d'\''e'
printf '3 2\n3 2 4\n2 5 1\n' >"$tmp/$name.txt"
expect_status "odd name" 0 "$bin" "$tmp/$name.txt" --quiet --gantt "$tmp/odd.svg"
check "odd name: well-formed" "xmllint --noout '$tmp/odd.svg' 2>/dev/null"
title=$(xmllint --xpath 'string(//*[local-name()="svg"]/*[local-name()="title"])' "$tmp/odd.svg")
check "odd name: title" "[ \"\$title\" = 'a<b&c\"d'\\''e: Gantt chart, makespan 10' ]"
odd=$(printf 'x\001\377y')
printf '3 2\n3 2 4\n2 5 1\n' >"$tmp/$odd.txt"
expect_status "control and invalid bytes in the name" 0 "$bin" "$tmp/$odd.txt" --quiet --gantt "$tmp/bytes.svg"
check "control and invalid bytes: well-formed" "xmllint --noout '$tmp/bytes.svg' 2>/dev/null"

# No schedule: --ub opt proves the optimum without one. The search's status stands.
expect_status "no schedule" 0 "$bin" ta001 --ub opt --quiet --schedule "$tmp/none.csv" --gantt "$tmp/none.svg"
expect_output "no schedule warning" "warning: no schedule found below the initial upper bound 1278" "$tmp/err"
check "no schedule: no files" "[ ! -e '$tmp/none.csv' ] && [ ! -e '$tmp/none.svg' ]"

# Paths that cannot be written are refused before the search.
expect_status "schedule in a missing folder" 2 "$bin" ta051 --ub inf --schedule "$tmp/missing/s.csv"
expect_output "schedule in a missing folder message" "--schedule $tmp/missing/s.csv: folder" "$tmp/err"
check "schedule in a missing folder: no search" "[ ! -s '$tmp/out' ]"
mkdir "$tmp/folder.svg"
expect_status "gantt on a folder" 2 "$bin" ta001 --gantt "$tmp/folder.svg"
expect_output "gantt on a folder message" "is a folder" "$tmp/err"

# A file that cannot be written after the search: exit 4 (output not written), the result
# printed, the other file still written.
if [ -w /dev/full ]; then
    expect_status "schedule on a full disk" 4 "$bin" ta001 --schedule /dev/full --gantt "$tmp/full.svg" --quiet
    expect_output "schedule on a full disk: the result" "^makespan     1278"
    expect_output "schedule on a full disk: why" "--schedule /dev/full: No space left on device" "$tmp/err"
    check "schedule on a full disk: the chart written" "xmllint --noout '$tmp/full.svg' 2>/dev/null"
fi

# Makespan 0: the makespan's label starts at its line, inside the chart (ending there, it
# ran left of the rows and was cut off).
printf '2 2\n0 0\n0 0\n' >"$tmp/zero.txt"
expect_status "makespan 0 chart" 0 "$bin" "$tmp/zero.txt" --quiet --gantt "$tmp/zero.svg"
check "makespan 0: label inside" "grep -q 'text-anchor=\"start\" fill=\"#c0392b\">makespan 0<' '$tmp/zero.svg'"
check "ta001: label ends at the line" "grep -q 'text-anchor=\"end\" fill=\"#c0392b\">makespan 1278<' '$tmp/ta001.svg'"

finish "schedule"
