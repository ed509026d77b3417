#!/bin/bash
# issue 15, session 19, call 11: where the refining kernel's time goes with LB2 at 371bb8e:
# ncu --set full with source counters on 3 mid-search launches (from the 101st) of
# r20x20_2020019 and of r30x15_3015005, lb=lb2; the details page and the SASS source page
# (per instruction: executions, stall samples by reason) as CSV.
set -u
d=.dev/s19
mkdir -p "$OUT"
exec > >(tee "$OUT/call.log") 2>&1
tar xJf $d/head.tar.xz -C $d
export LD_LIBRARY_PATH=$d/lib
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); $(ncu --version | tail -1)"
r=instances/random
for name in r20x20_2020019 r30x15_3015005; do
    item=$r/$name.txt:$(awk -v n=$name '$1==n{print $5}' $r/optima.tsv)
    timeout 240 ncu --kernel-name regex:fsbb_resident_branch --launch-skip 100 --launch-count 3 --set full \
        --import-source yes -o "/tmp/$name" $d/head/gpu-resident-bench "$item" lb=lb2 >/dev/null 2>&1
    echo "ncu $name: exit $?"
    ncu --import "/tmp/$name.ncu-rep" --page details --csv > "$OUT/$name-details.csv" 2>&1
    ncu --import "/tmp/$name.ncu-rep" --page source --csv --print-source sass 2>&1 | gzip > "$OUT/$name-sass.csv.gz"
    ls -la "$OUT"
done
echo "call done $(date -u)"
