#!/bin/sh
# progress_line.sh — flowshop-bb's progress line on a terminal (a pseudo-terminal of a given
# width, python3's pty): every update fits the width (never wraps: a wrapped line leaves a
# stale row at each update), the least important fields going first (all of them on a wide
# terminal, --lb auto's note included; nodes/s first gone at 80 columns; elapsed time and
# incumbent kept at 40); 80 columns where the terminal does not say (0); the forecast reads
# "eta ?" on a plateau (ta051: the share stays at its first census's) and with --select
# bfs, which shows no share of the tree either. Usage: sh test/cli/progress_line.sh
# build/flowshop-bb.
# Prints "N passed, N failed".
bin=${1:?usage: progress_line.sh PATH-TO-flowshop-bb}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
. "$(dirname "$0")/check.sh"

if ! command -v python3 >/dev/null; then
    echo "progress_line: python3 is missing"
    exit 1
fi

# on_terminal.py COLUMNS COMMAND...: runs COMMAND with stderr on a pseudo-terminal COLUMNS
# wide (stdout to /dev/null) and prints each update of the progress line on a line of its
# own: the text between carriage returns, the erase (ESC [K) taken off.
cat >"$tmp/on_terminal.py" <<'PY'
import fcntl, os, pty, struct, subprocess, sys, termios

columns = int(sys.argv[1])
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
child = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
os.close(slave)
output = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    output += chunk
child.wait()
for update in output.replace(b"\x1b[K", b"").split(b"\r"):
    text = update.decode("ascii", "replace").strip("\n")
    if text:
        print(text)
PY

# progress_lines COLUMNS ARGS...: the progress line's updates of flowshop-bb ARGS on a
# terminal COLUMNS wide, into $tmp/lines (those that name the incumbent).
progress_lines() {
    columns=$1
    shift
    python3 "$tmp/on_terminal.py" "$columns" "$bin" "$@" | grep 'incumbent' >"$tmp/lines"
}

# widest: the longest update's length.
widest() { awk '{ if (length($0) > most) most = length($0) } END { print most + 0 }' "$tmp/lines"; }

for columns in 200 80 60 40; do
    progress_lines $columns ta021 --lb auto --time-limit 3
    check "$columns columns: progress lines shown ($(wc -l <"$tmp/lines"))" "[ -s '$tmp/lines' ]"
    check "$columns columns: every update fits in $((columns - 1)) (widest $(widest))" \
        "[ $(widest) -lt $columns ]" || cat "$tmp/lines"
    check "$columns columns: the elapsed time and the incumbent kept" \
        "grep -Eq 'incumbent 2[0-9]{3}.* [0-9]+\\.[0-9] s' '$tmp/lines'" || cat "$tmp/lines"
    case $columns in
    200)
        check "200 columns: every field, --lb auto's note included" \
            "grep -q 'nodes/s  incumbent .*  lb [0-9]*  gap .*% done  eta .*  lb auto: LB2 at' '$tmp/lines'" ||
            cat "$tmp/lines"
        ;;
    80)
        check "80 columns: nodes/s and --lb auto's note go first, the share done stays" \
            "! grep -q 'nodes/s\\|lb auto' '$tmp/lines' && grep -q '% done' '$tmp/lines'" || cat "$tmp/lines"
        ;;
    esac
done

# A terminal that does not say its width (0 columns): 80.
progress_lines 0 ta021 --lb auto --time-limit 2
check "unknown width: progress lines shown" "[ -s '$tmp/lines' ]"
check "unknown width: every update fits in 79 (widest $(widest))" "[ $(widest) -lt 80 ]" || cat "$tmp/lines"

# A plateau: ta051's share stays where its first census finds it (16.8 % from NEH's bound,
# 22.4 % from the heuristic's); the average rate's forecast grew by the time elapsed ("eta
# 1.7 s", "3.5 s", ...). No forecast is shown. NEH's bound and no walks beside the search:
# the same bound on every machine.
progress_lines 120 ta051 --ub neh --threads 2 --heuristic-threads 0 --time-limit 3
check "ta051 plateau: the share shown" "grep -q '% done' '$tmp/lines'" || cat "$tmp/lines"
check "ta051 plateau: the forecast unknown at every update" \
    "grep -q 'eta ?' '$tmp/lines' && ! grep -q 'eta [0-9]' '$tmp/lines'" || cat "$tmp/lines"

# Breadth-first: no share of the tree (99 % from the first census) and no forecast.
progress_lines 120 ta021 --select bfs --threads 2 --time-limit 3
check "bfs: the lower bound shown" "grep -q '  lb [0-9]' '$tmp/lines'" || cat "$tmp/lines"
check "bfs: no share of the tree, the forecast unknown" \
    "! grep -q '% done' '$tmp/lines' && grep -q 'eta ?' '$tmp/lines' && ! grep -q 'eta [0-9]' '$tmp/lines'" ||
    cat "$tmp/lines"

finish progress_line
