#!/usr/bin/env bash
# Session 10, call 9: main's final build (device code as in session 8): check-gpu, every
# suite; whole processes with every default (--device gpu): ta021-ta030 to optimality, ta051
# for 3 s; a 500-job instance's progress during set-up is not visible here (no terminal), so
# its --log and JSON are checked instead.
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
exec > >(tee "$out/call.log") 2>&1
pkg=.dev/s10p9
mkdir -p /tmp/b/new
for f in "$pkg/new"/*.gz; do gunzip -c "$f" >"/tmp/b/new/$(basename "$f" .gz)"; done
chmod +x /tmp/b/new/*
export LD_LIBRARY_PATH=$pkg/lib
echo "# $(nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader | head -1), $(nproc) cores; build $(cat $pkg/new/REVISION); $(date -u)"
echo "## whole processes, every default"
for k in $(seq 21 30); do
  t0=$(date +%s.%N)
  /tmp/b/new/flowshop-bb ta0$k --device gpu --json -q > "$out/r.json" 2>&1
  t1=$(date +%s.%N)
  echo "ta0$k wall $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }') $(grep -o '"makespan": [0-9]*\|"status": "[a-z ]*"\|"time_s": [0-9.]*\|"lb_used": "[a-z0-9+]*"' "$out/r.json" | tr '\n' ' ')"
done
/tmp/b/new/flowshop-bb ta051 --device gpu --time-limit 3 --json -q --log "$out/ta051.jsonl" > "$out/ta051.json" 2>&1
echo "ta051 $(grep -o '"makespan": [0-9]*\|"status": "[a-z :]*"\|"nodes": [0-9]*' "$out/ta051.json" | tr '\n' ' ')"
head -c 300 "$out/ta051.jsonl"; echo; grep -c '"event": "progress"' "$out/ta051.jsonl"
echo "## check-gpu, every suite"
timeout 330 /tmp/b/new/check-gpu > "$out/check-gpu.txt" 2>&1; echo "check-gpu rc=$?"
grep -E "Run Summary|suites|tests|asserts|Elapsed" "$out/check-gpu.txt" | head -8
grep -B2 -A6 -i "had failures" "$out/check-gpu.txt" | head -30
rm -f "$out/r.json"
echo "call done $(date -u)"
