#!/usr/bin/env bash
# Session 26, call 3 (CPU only, the GPU machine's 16 cores): r20x20_2020019, --lb auto alone
# on every core (16 threads), at most 430 s, progress logged every 15 s. Calls 1-2 had auto
# and lb2 at once on 8 threads each, neither finished in 450 and 540 s; lb2 had done 0.695 and
# 0.896 of its 147.6 M nodes. Whole process, --heuristic-threads 0, UB = optimum. Build: main.
set -u
d=$(mktemp -d)
tar xJf .dev/s26/bins1.tar.xz -C "$d"
mkdir -p "$OUT"
export LD_LIBRARY_PATH="$d/lib"
cat "$d/pack/main/REVISION" | tee "$OUT/call3.log"
/usr/bin/time -o "$OUT/auto16.time" -f '%e %U %S' "$d/pack/main/flowshop-bb" \
    instances/random/r20x20_2020019.txt -t 16 --heuristic-threads 0 --lb auto --ub 2348 \
    --time-limit 430 --json -q --log "$OUT/auto16.jsonl" --log-interval 15 >"$OUT/auto16.json"
cat "$OUT/auto16.time" "$OUT/auto16.json" | tee -a "$OUT/call3.log"
