#!/usr/bin/env bash
# device_large_every_default.sh — on a GPU machine with several GPUs (issue 14): Taillard's
# instances FIRST..LAST with every default, --device gpu --time-limit LIMIT, whole process,
# each run on one GPU and its share of the cores (CUDA_VISIBLE_DEVICES and taskset), as many
# runs at once as there are GPUs, so that each sees what a machine of CORES cores and one GPU
# gives it. One row per run: the makespan's deviation from the best known, who found it and
# when, the heuristic walks, the nodes, the wall time. The log goes to
# $OUT/large_FIRST_LAST.log, the rows to $OUT/large_FIRST_LAST.tsv.
#   usage: test/bench/device_large_every_default.sh FLOWSHOP_BB TAILLARD_TSV FIRST LAST
# FIRST and LAST are Taillard numbers (51 and 120 for ta051-ta120). Environment: LIMIT (60),
# GPUS (every GPU of nvidia-smi), CORES (the cores divided by GPUS), DEVICE (gpu; cpu tries the
# script where there is no GPU), DEVLIBS (.devlibs).
set -u
bb=${1:?usage: device_large_every_default.sh FLOWSHOP_BB TAILLARD_TSV FIRST LAST}
tsv=${2:?usage: device_large_every_default.sh FLOWSHOP_BB TAILLARD_TSV FIRST LAST}
first=${3:?first Taillard number}
last=${4:?last Taillard number}
limit=${LIMIT:-60}
device=${DEVICE:-gpu}
gpus=${GPUS:-$(nvidia-smi --query-gpu=index --format=csv,noheader 2>/dev/null | wc -l)}
[ "$gpus" -ge 1 ] || { echo "device_large_every_default.sh: no GPU" >&2; exit 2; }
cores=${CORES:-$(($(nproc) / gpus))}
[ -x "$bb" ] && [ -r "$tsv" ] || { echo "device_large_every_default.sh: no $bb or $tsv" >&2; exit 2; }
case "$first$last" in *[!0-9]*) echo "device_large_every_default.sh: FIRST and LAST are numbers" >&2; exit 2 ;; esac
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
tag=$(printf "%03d_%03d" "$first" "$last")
exec > >(tee "$out/large_$tag.log") 2>&1
export LD_LIBRARY_PATH="${DEVLIBS:-.devlibs}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
rows="$out/large_$tag.tsv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1) x $gpus, $(nproc) cores: $cores cores a run"
echo "# $("$bb" --version | head -1)  $(cat "$(dirname "$bb")/REVISION" 2>/dev/null)"
echo "# every default, --device $device --time-limit $limit, ta$(printf %03d "$first")-ta$(printf %03d "$last")"
printf 'instance\tgpu\tcores\tmakespan\tbest_known\tdeviation_pct\tfound_by\ttime_to_best_s\twalks\tnodes\tlb_used\twall_s\n' >"$rows"

seq "$first" "$last" >"$work/queue"
# worker K: takes the next instance from the queue until it is empty.
worker() {
    local k=$1 next name start json wall best makespan
    while :; do
        next=$(flock "$work/queue" sh -c 'n=$(head -1 "$1"); sed -i 1d "$1"; echo "$n"' _ "$work/queue")
        [ -n "$next" ] || return 0
        name=$(printf "ta%03d" "$next")
        best=$(awk -F'\t' -v n="$name" '$1 == n { print $5 }' "$tsv")
        start=$(now)
        json=$(CUDA_VISIBLE_DEVICES=$k taskset -c "$((k * cores))-$((k * cores + cores - 1))" \
            "$bb" "$name" --device "$device" --time-limit "$limit" --json --quiet 2>"$work/err$k")
        wall=$(echo "$start $(now)" | awk '{printf "%.1f", $2 - $1}')
        makespan=$(echo "$json" | field makespan)
        [ -n "$makespan" ] || { echo "# $name: no result: $(tail -1 "$work/err$k")"; continue; }
        flock "$rows" printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$k" "$cores" "$makespan" "$best" \
            "$(echo "$makespan $best" | awk '{printf "%.3f", 100 * ($1 - $2) / $2}')" \
            "$(echo "$json" | field found_by)" "$(echo "$json" | field time_to_best_s)" \
            "$(echo "$json" | field heuristic_threads)" "$(echo "$json" | field nodes)" \
            "$(echo "$json" | field lb_used)" "$wall" >>"$rows"
        echo "$name done on GPU $k: $makespan (best known $best), $wall s"
    done
}
began=$(now)
pids=""
for k in $(seq 0 $((gpus - 1))); do
    worker "$k" &
    pids="$pids $!"
done
# shellcheck disable=SC2086
wait $pids
echo
sort "$rows" | column -t -s $'\t'
echo
echo "by class (jobs x machines): runs, average deviation %, best known matched"
awk -F'\t' 'NR > 1 { n = substr($1, 3) + 0; c = int((n - 1) / 10); runs[c]++; dev[c] += $6; hit[c] += ($4 <= $5) }
    END { for (c in runs) printf "  ta%03d-ta%03d  %2d  %.3f  %d\n", 10 * c + 1, 10 * c + 10, runs[c], dev[c] / runs[c], hit[c] }' \
    "$rows" | sort
echo "done in $(echo "$began $(now)" | awk '{printf "%.0f", $2 - $1}') s"
