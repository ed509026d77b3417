#!/bin/bash
# issue 15, prepared in session 22 for the next session's first call (not run yet): where
# ta021's slow mode starts (auto refines 8-19 % of the survivors and takes 1.26-1.44x LB1's
# search; session 22, calls 1 and 6). Main's build in $d/pack/new: gpu-resident-bench
# trace=1 depths=1 on ta021, 10 searches (a line a run with the decision's counts, then the
# per-depth table), LB1 once; the same 10 searches stopped at 60 M nodes for the table at
# that point. Each log's summary line tells a slow search by its time and refined share;
# session21/rule_on_counts.c runs lb_auto.h on the tables (JOBS = 20 there as well).
set -u
d=.dev/s23
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/bins.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/ta021.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
for k in 1 2 3 4 5 6 7 8 9 10; do
    echo "## $k full" >>"$log"
    timeout 20 $d/pack/new/gpu-resident-bench ta021 lb=auto trace=1 depths=1 >>"$log" 2>&1
    echo "## $k stopped" >>"$log"
    timeout 20 $d/pack/new/gpu-resident-bench ta021 lb=auto trace=1 depths=1 node-limit=60000000 >>"$log" 2>&1
done
echo "## lb1" >>"$log"
timeout 20 $d/pack/new/gpu-resident-bench ta021 lb=lb1 trace=1 >>"$log" 2>&1
grep -E "^## |^ta021" "$log" | paste - - | tee -a "$log.summary"
echo "call done $(date -u)" | tee -a "$log"
