#!/usr/bin/env bash
# Session 26, call 2 (CPU only, the GPU machine's 16 cores): r20x20_2020019 again, --lb auto
# and --lb lb2 at once, 8 threads each, the cores swapped from call 1 (auto on 0-7), at most
# 540 s a run, each with its progress logged every 15 s (--log: nodes, fraction of the tree
# done). Whole process, --heuristic-threads 0, UB = optimum (2348). Build: main.
set -u
d=$(mktemp -d)
tar xJf .dev/s26/bins1.tar.xz -C "$d"
mkdir -p "$OUT"
exec > >(tee "$OUT/call2.log") 2>&1
export LD_LIBRARY_PATH="$d/lib"
cat "$d/pack/main/REVISION"
solve() { # lb cores
    local s=$(date +%s.%N)
    /usr/bin/time -o "$OUT/$1.time" -f '%e %U %S' taskset -c "$2" "$d/pack/main/flowshop-bb" \
        instances/random/r20x20_2020019.txt -t 8 --heuristic-threads 0 --lb "$1" --ub 2348 \
        --time-limit 540 --json -q --log "$OUT/$1.jsonl" --log-interval 15 >"$OUT/$1.json"
    echo "$1: $(cat "$OUT/$1.time") (wall user sys), $(date +%s.%N) - $s"
}
solve auto 0-7 &
solve lb2 8-15 &
wait
for b in auto lb2; do
    echo "== $b"; cat "$OUT/$b.json"; echo
    grep progress "$OUT/$b.jsonl" | sed 's/.*"time_s": \([0-9.]*\), "nodes": \([0-9]*\).*"fraction_done": \([0-9.a-z]*\).*/\1 \2 \3/'
done
