#!/bin/bash
# issue 15, session 22, call 3: where a process's start-up goes when it takes 70-90 ms more
# (call 2: in 22-31 of 42 processes of the 30x10 instances, 5-8 of 56 of the 20x20). A
# build of main with time stamps at the start-up's steps (on stderr where FSBB_STAMP is set;
# not committed): whole processes, lb1 and the default alternating, on r30x10_3010001 (12
# each), r50x10_5010002 and r20x20_2020004 (6 each); r30x10_3010001 again with
# CUDA_MODULE_LOADING=EAGER (6 each). One log: per process, the steps' seconds since main.
set -u
d=.dev/s22
mkdir -p "$OUT"
rm -rf $d/pack
tar xJf $d/stamp.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
log="$OUT/call3.log"
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(nproc) cores; $(date -u)" | tee "$log"
one() {  # one INSTANCE UB LB [ENV...]
    local name=$1 ub=$2 lb=$3 s e
    shift 3
    local bound=(--lb "$lb")
    [ "$lb" = default ] && bound=()
    s=$(date +%s.%N)
    env FSBB_STAMP=1 "$@" $d/pack/stamp/flowshop-bb "$name" "${bound[@]}" --ub "$ub" --device gpu --json -q \
        >"$OUT/last.json" 2>"$OUT/last.err"
    e=$(date +%s.%N)
    awk -v n="$(basename "$name" .txt)" -v lb="$lb" -v env="$*" -v w="$(echo "$s $e" | awk '{printf "%.3f", $2 - $1}')" \
        '$1 == "T" { t = $NF; $1 = ""; $NF = ""; if (!base) base = t; gsub(/^ +| +$/, ""); gsub(/ +/, "_"); out = out sprintf(" %s=%.4f", $0, t - base) }
         END { printf "%s %s %s wall=%s%s\n", n, lb, (env == "" ? "-" : env), w, out }' "$OUT/last.err" | tee -a "$log"
}
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
    one instances/random/r30x10_3010001.txt 2096 lb1
    one instances/random/r30x10_3010001.txt 2096 default
done
for k in 1 2 3 4 5 6; do
    one instances/random/r50x10_5010002.txt "$(awk '$1 == "r50x10_5010002" {print $5}' instances/random/optima.tsv)" lb1
    one instances/random/r50x10_5010002.txt "$(awk '$1 == "r50x10_5010002" {print $5}' instances/random/optima.tsv)" default
    one instances/random/r20x20_2020004.txt "$(awk '$1 == "r20x20_2020004" {print $5}' instances/random/optima.tsv)" lb1
    one instances/random/r20x20_2020004.txt "$(awk '$1 == "r20x20_2020004" {print $5}' instances/random/optima.tsv)" default
done
for k in 1 2 3 4 5 6; do
    one instances/random/r30x10_3010001.txt 2096 lb1 CUDA_MODULE_LOADING=EAGER
    one instances/random/r30x10_3010001.txt 2096 default CUDA_MODULE_LOADING=EAGER
done
echo "call done $(date -u)" | tee -a "$log"
