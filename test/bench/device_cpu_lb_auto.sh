#!/usr/bin/env bash
# device_cpu_lb_auto.sh — the CPU engine's --lb auto against --lb lb1 (or lb2) on every core of the GPU
# machine (issue 15: auto within 1.1x of the better bound): ta021-ta030 (--ub opt) and the
# proven random instances (their optimum), whole process, --heuristic-threads 0 (the same tree
# for every run of lb1), ROUNDS rounds of lb1, auto and, given a second build directory, the
# baseline's auto (in the reverse order in even rounds); each run at most LIMIT_S seconds. No
# new instance after DEADLINE_S seconds (16 cores, 26 of these instances, results/lb-auto/gain/
# call 13: lb1 75 s, auto 83 s in all).
#   usage: test/bench/device_cpu_lb_auto.sh BUILD_DIR [BASELINE_BUILD_DIR]
# Each build directory holds flowshop-bb; the shared libraries it needs are in DEVLIBS
# (default .devlibs). Run from the repository root. Environment: ROUNDS (2), LIMIT_S (20),
# DEADLINE_S (480), THREADS (0: every core), DEVLIBS, ITEMS (NAME:UB list; default the above),
# SIMULTANEOUS (1: lb1 and auto at once, each on half of the cores with as many threads,
# the halves swapped in even rounds; no baseline), OTHER (the bound auto is measured
# against, lb1 or lb2; default lb1: everything said of lb1 here is said of it).
# Writes $OUT/cpu_lb_auto_runs.tsv (round, instance, variant, status, nodes, refined fraction,
# wall and CPU seconds: user + system) and prints, per instance, each variant's least wall
# and CPU seconds over the rounds, auto's ratio to lb1, and the sums; then the median of the
# ratios to lb1 within a round, to $OUT/cpu_lb_auto.log.
set -u
dir=${1:?usage: device_cpu_lb_auto.sh BUILD_DIR [BASELINE_BUILD_DIR]}
baseline=${2:-}
rounds=${ROUNDS:-2}
limit=${LIMIT_S:-20}
deadline_s=${DEADLINE_S:-480}
threads=${THREADS:-0}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
exec > >(tee "$out/cpu_lb_auto.log") 2>&1
export LD_LIBRARY_PATH="${DEVLIBS:-.devlibs}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
runs="$out/cpu_lb_auto_runs.tsv"
printf 'round\tinstance\tvariant\tstatus\tnodes\trefined\twall\tcpu\n' >"$runs"
now() { date +%s.%N; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
began=$(now)
late() { awk -v a="$began" -v b="$(now)" -v d="$deadline_s" 'BEGIN { exit !(b - a > d) }'; }
simultaneous=${SIMULTANEOUS:-0}
other=${OTHER:-lb1}
case $other in
    lb1 | lb2) ;;
    *) echo "device_cpu_lb_auto.sh: OTHER is lb1 or lb2" >&2; exit 2 ;;
esac
if [ "$simultaneous" = 1 ] && [ -n "$baseline" ]; then
    echo "device_cpu_lb_auto.sh: SIMULTANEOUS=1 compares $other and auto only (no baseline)" >&2
    exit 2
fi
half=$(($(nproc) / 2))
[ "$simultaneous" = 1 ] && [ "$half" -lt 1 ] && { echo "device_cpu_lb_auto.sh: SIMULTANEOUS=1 needs 2 cores" >&2; exit 2; }
low_cores="0-$((half - 1))" high_cores="$half-$((2 * half - 1))"

echo "# $(nproc) cores, threads $threads, at most $limit s a run, $rounds rounds"
[ "$simultaneous" = 1 ] &&
    echo "# simultaneous: $other and auto at once, $half threads each, on cores $low_cores and $high_cores (swapped in even rounds)"
echo "# build: $(cat "$dir/REVISION" 2>/dev/null || echo "$dir")${baseline:+, baseline: $(cat "$baseline/REVISION" 2>/dev/null || echo "$baseline")}"

items=${ITEMS:-}
[ -z "$items" ] && for k in $(seq 21 30); do items="$items ta0$k:opt"; done &&
    while IFS=$'\t' read -r name jobs machines seed optimum rest; do
        [ "$name" = instance ] && continue
        items="$items instances/random/$name.txt:$optimum"
    done <instances/random/optima.tsv

# solve ROUND ITEM VARIANT BINARY LB [CORES]: one row; on CORES (a taskset list of `half`
# cores, with that many threads) when given.
solve() {
    local name=${2%%:*} ub=${2#*:} start end json usage pin=() t=$threads
    json=$(mktemp) usage=$(mktemp)
    [ -n "${6:-}" ] && pin=(taskset -c "$6") t=$half
    start=$(now)
    /usr/bin/time -o "$usage" -f '%U %S' "${pin[@]}" "$4" "$name" -t "$t" --heuristic-threads 0 --lb "$5" \
        --ub "$ub" --time-limit "$limit" --json -q >"$json" 2>/dev/null
    end=$(now)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$(basename "$name" .txt)" "$3" \
        "$(field status <"$json" | cut -d' ' -f1)" "$(field nodes <"$json")" \
        "$(field lb2_refined_fraction <"$json")" "$(echo "$start $end" | awk '{printf "%.3f", $2 - $1}')" \
        "$(tail -1 "$usage" | awk '{printf "%.2f", $1 + $2}')" >>"$runs"
    rm -f "$json" "$usage"
}

# $other and auto at once on the two halves of the cores, which swap in even rounds: the two
# runs of a pair share whatever else the machine does at that moment.
solve_at_once() {
    local other_cores=$low_cores auto_cores=$high_cores
    [ $(($1 % 2)) -eq 0 ] && other_cores=$high_cores auto_cores=$low_cores
    local other_run auto_run
    solve "$1" "$2" "$other" "$dir/flowshop-bb" "$other" "$other_cores" &
    other_run=$!
    solve "$1" "$2" auto "$dir/flowshop-bb" auto "$auto_cores" &
    auto_run=$!
    wait "$other_run" "$auto_run"  # not the log's tee, also a child
}

for round in $(seq "$rounds"); do
    for item in $items; do
        late && { echo "# deadline: stopped in round $round before ${item%%:*}"; break 2; }
        if [ "$simultaneous" = 1 ]; then
            solve_at_once "$round" "$item"
        elif [ $((round % 2)) -eq 1 ]; then
            solve "$round" "$item" "$other" "$dir/flowshop-bb" "$other"
            solve "$round" "$item" auto "$dir/flowshop-bb" auto
            [ -n "$baseline" ] && solve "$round" "$item" baseline-auto "$baseline/flowshop-bb" auto
        else  # the reverse order in even rounds: a drift within a round favours no variant
            [ -n "$baseline" ] && solve "$round" "$item" baseline-auto "$baseline/flowshop-bb" auto
            solve "$round" "$item" auto "$dir/flowshop-bb" auto
            solve "$round" "$item" "$other" "$dir/flowshop-bb" "$other"
        fi
    done
done

echo
echo "## least wall and CPU seconds over the rounds; auto / $other; refined: auto's fraction (last round)"
awk -F'\t' -v other="$other" '
NR == 1 { next }
{
    k = $2 SUBSEP $3
    if (!(k in wall) || $7 < wall[k]) wall[k] = $7
    if (!(k in cpu) || $8 < cpu[k]) cpu[k] = $8
    if (!($2 in seen)) { seen[$2] = 1; order[++count] = $2 }
    if ($3 == "auto") refined[$2] = $6
    if ($4 != "optimal" && $4 != "no" && !((k, $4) in noted)) { noted[k, $4] = 1; open_[$2] = open_[$2] " " $3 ":" $4 }
    variants[$3] = 1
}
END {
    printf "%-16s %8s %8s %8s %8s %7s %7s %9s", "instance", other "_wall", other "_cpu", "auto_w", "auto_cpu", "w_ratio", "c_ratio", "refined"
    if ("baseline-auto" in variants) printf " %8s %8s %7s", "base_w", "base_cpu", "b_ratio"
    printf "\n"
    for (i = 1; i <= count; i++) {
        n = order[i]; l = n SUBSEP other; a = n SUBSEP "auto"; b = n SUBSEP "baseline-auto"
        printf "%-16s %8.3f %8.2f %8.3f %8.2f %7.3f %7.3f %9s", n, wall[l], cpu[l], wall[a], cpu[a],
            wall[a] / wall[l], cpu[a] / (cpu[l] > 0 ? cpu[l] : 1), refined[n]
        if (b in wall) printf " %8.3f %8.2f %7.3f", wall[b], cpu[b], wall[b] / wall[l]
        printf "%s\n", open_[n]
        sum_l += wall[l]; sum_a += wall[a]; sum_b += wall[b]; cl += cpu[l]; ca += cpu[a]; cb += cpu[b]
    }
    printf "%-16s %8.3f %8.2f %8.3f %8.2f %7.3f %7.3f %9s", "sum", sum_l, cl, sum_a, ca, sum_a / sum_l, ca / cl, ""
    if ("baseline-auto" in variants) printf " %8.3f %8.2f %7.3f", sum_b, cb, sum_b / sum_l
    printf "\n"
}' "$runs"

# The GPU machine's cores drift between rounds (session 24: lb1 on ta025 took 6.90, 5.82 and
# 4.13 s in three rounds, the same nodes), so each auto run is also compared with the lb1 run
# of its own round: the median of those ratios per instance (instances whose lb1 runs take
# 0.1 s or more), and their geometric mean over every such pair.
echo
echo "## auto / $other within each round: median over the rounds, per instance ($other of 0.1 s or more)"
awk -F'\t' -v other="$other" '
NR == 1 { next }
{ wall[$1 SUBSEP $2 SUBSEP $3] = $7; if (!($2 in seen)) { seen[$2] = 1; order[++count] = $2 }; rounds[$1] = 1; variants[$3] = 1 }
function median(values, n,    i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && values[j - 1] > values[j]; j--) { t = values[j]; values[j] = values[j - 1]; values[j - 1] = t }
    return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
}
END {
    printf "%-16s %6s %9s", "instance", "pairs", "auto_med"
    if ("baseline-auto" in variants) printf " %9s", "base_med"
    printf "\n"
    for (i = 1; i <= count; i++) {
        name = order[i]; n = 0
        for (r in rounds) {
            l = wall[r, name, other]; a = wall[r, name, "auto"]; b = wall[r, name, "baseline-auto"]
            if (l < 0.1 || a == "") continue
            n++; ra[n] = a / l; log_a += log(a / l); pairs++
            if (b != "") { rb[n] = b / l; log_b += log(b / l); pairs_b++ }
        }
        if (n == 0) continue
        printf "%-16s %6d %9.3f", name, n, median(ra, n)
        if ("baseline-auto" in variants) printf " %9.3f", median(rb, n)
        printf "\n"
    }
    if (pairs) printf "%-16s %6d %9.3f", "geometric mean", pairs, exp(log_a / pairs)
    if (pairs && pairs_b) printf " %9.3f", exp(log_b / pairs_b)
    if (pairs) printf "\n"
}' "$runs"
