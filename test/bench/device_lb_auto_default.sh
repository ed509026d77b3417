#!/usr/bin/env bash
# device_lb_auto_default.sh — on the GPU machine, whether --lb auto can be the default
# (issue 15), one call:
#   1. check-gpu, every suite (the device code changed);
#   2. gpu-resident-bench, search seconds after setup, ta021-ta030 (--ub opt) and the proven
#      random instances (their optimum): the BENCH_VARIANTS, by default lb1, auto with
#      full-length refining runs from the start (first=-1, the former auto) and auto as built
#      (short first refining runs), ROUNDS rounds, the variants' order turned every other
#      round;
#   2b. (PARTS with wide) each of the BENCH_VARIANTS once on WIDE_ITEMS (NAME:UB list, UB above
#      the optimum: wider trees), each run stopped after WIDE_LIMIT (3) seconds: nodes/s, the
#      peak open count and the end batch (the bench's peak and b columns).
#   3. flowshop-bb, whole process, the same instances: --lb lb1, auto and lb2, ROUNDS rounds
#      alternating;
#   4. the CPU engine (--device cpu, every core), lb1, auto and lb2 on ta028-ta030 and the
#      random instances, one round, each run at most CPU_LIMIT seconds, lb2 at most twice lb1's
#      time and half a second (LB2 costs 30-50 LB1 nodes a node on the CPU: where it cannot
#      finish in that, LB1 is the better bound and the run says so).
#   5. (PARTS with trace) gpu-resident-bench trace=1 with auto on TRACE_ITEMS: a line per run.
# Rows go to $OUT/lb_auto_default_runs.tsv (part, round, instance, lb, variant, status, nodes,
# refined, seconds, and for flowshop-bb the solve's own time_s, gpu_startup_s and the bound in
# force), the log to
# $OUT/lb_auto_default.log. No new part-3/4 run after DEADLINE_S seconds.
#   usage: test/bench/device_lb_auto_default.sh BUILD_DIR
# BUILD_DIR holds flowshop-bb, check-gpu and gpu-resident-bench (built with CUDA); the shared
# libraries they need are in DEVLIBS (default .devlibs). Run from the repository root.
# Environment: ROUNDS (2), CPU_LIMIT (20), DEADLINE_S (480), DEVLIBS, PARTS (the parts to run:
# "check bench gpu cpu"; also trace and wide), BENCH_VARIANTS ("lb=lb1|lb=auto first=-1|lb=auto"; a variant
# "@DIR knobs" runs DIR's gpu-resident-bench, another build's, for two builds in one call), GPU_LBS
# ("lb1 auto lb2"; default: no --lb, the engine's own), LB2_ROUNDS (ROUNDS: rounds with lb2 in
# part 3), TRACE_ITEMS (NAME[:UB] list), CHECK_SUITES (check-gpu's suites: every one), WIDE_ITEMS,
# WIDE_LIMIT.
set -u
dir=${1:?usage: device_lb_auto_default.sh BUILD_DIR}
rounds=${ROUNDS:-2}
cpu_limit=${CPU_LIMIT:-20}
deadline_s=${DEADLINE_S:-480}
parts=${PARTS:-check bench gpu cpu}
bench_variants=${BENCH_VARIANTS:-lb=lb1|lb=auto first=-1|lb=auto}
gpu_lbs=${GPU_LBS:-lb1 auto lb2}
lb2_rounds=${LB2_ROUNDS:-$rounds}
trace_items=${TRACE_ITEMS:-ta022 ta024 ta025 ta030}
# Wide trees: ta021-ta025 with an upper bound about 1 % above the best known (solver/core/taillard.c)
# and ta051 at its best known, each run stopped after wide_limit seconds.
wide_items=${WIDE_ITEMS:-ta021:2320,ta022:2120,ta023:2349,ta024:2245,ta025:2314,ta051:3846}
wide_limit=${WIDE_LIMIT:-3}
part() { case " $parts " in *" $1 "*) return 0 ;; esac; return 1; }
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
exec > >(tee "$out/lb_auto_default.log") 2>&1
export LD_LIBRARY_PATH="${DEVLIBS:-.devlibs}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
runs="$out/lb_auto_default_runs.tsv"
printf 'part\tround\tinstance\tlb\tvariant\tstatus\tnodes\trefined\tseconds\ttime_s\tgpu_startup_s\tlb_in_force\n' >"$runs"
now() { date +%s.%N; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"; }
began=$(now)
late() { awk -v a="$began" -v b="$(now)" -v d="$deadline_s" 'BEGIN { exit !(b - a > d) }'; }

echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1), $(nproc) cores"
echo "# build: $(cat "$dir/REVISION" 2>/dev/null || echo '?')"

# The instances: NAME:UB items (ta021-ta030 with --ub opt, the random ones at the optimum of
# instances/random/optima.tsv).
items=""
for k in $(seq 21 30); do items="$items ta0$k:opt"; done
while IFS=$'\t' read -r name jobs machines seed optimum rest; do
    [ "$name" = instance ] && continue
    items="$items instances/random/$name.txt:$optimum"
done <instances/random/optima.tsv

if part check; then
echo
echo "## 1. check-gpu ${CHECK_SUITES:-every suite}"
start=$(now)
# shellcheck disable=SC2086
timeout 300 "$dir/check-gpu" ${CHECK_SUITES:-}
echo "check-gpu: exit $?, $(echo "$start $(now)" | awk '{printf "%.1f", $2 - $1}') s"
fi

echo
echo "## 2. gpu-resident-bench: search seconds after setup (columns: instance knobs search_s setup_s nodes"
echo "##    nodes/s bounds iterations syncs peak spilled done batch grid block refined refining_syncs depths)"
bench_list() {  # the items as gpu-resident-bench's list (opt: the best known, so no :UB)
    local list="" item
    for item in $items; do
        case $item in *:opt) list="$list,${item%:opt}" ;; *) list="$list,$item" ;; esac
    done
    echo "${list#,}"
}
list=$(bench_list)
IFS='|' read -r -a variants <<<"$bench_variants"
# bench_variant PART ROUND VARIANT LIST [KNOB...]: one gpu-resident-bench run of VARIANT ("@DIR
# knobs": DIR's bench) over LIST, its lines in the log and as PART rows in $runs.
bench_variant() {
    local row_part=$1 round=$2 variant=$3 bench_list=$4 bench_dir=$dir knobs=$3
    shift 4
    if [ "${variant#@}" != "$variant" ]; then
        read -r bench_dir knobs <<<"${variant#@}"
    fi
    # shellcheck disable=SC2086
    "$bench_dir/gpu-resident-bench" "$bench_list" $knobs "$@" | tee "$out/bench_last.txt"
    awk -v p="$row_part" -v r="$round" -v v="$variant" '{ n = $1; sub(".*/", "", n); sub("\\.txt$", "", n);
        printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p, r, n, v, v, $12, $5, $16, $3, $3, $4 }' \
        "$out/bench_last.txt" >>"$runs"
}
part bench && for round in $(seq "$rounds"); do
    order=("${variants[@]}")
    if [ $((round % 2)) = 0 ]; then  # every other round the other way round
        order=()
        for ((k = ${#variants[@]} - 1; k >= 0; k--)); do order+=("${variants[k]}"); done
    fi
    for variant in "${order[@]}"; do
        echo "# round $round: $variant"
        bench_variant bench "$round" "$variant" "$list"
    done
done
if part wide; then
    echo
    echo "## 2b. gpu-resident-bench, wide trees: $wide_items, time-limit=$wide_limit"
    for variant in "${variants[@]}"; do
        echo "# wide: $variant"
        bench_variant wide 1 "$variant" "$wide_items" "time-limit=$wide_limit"
    done
fi
rm -f "$out/bench_last.txt"
echo
echo "bench totals (search s, setup s) by variant and round:"
awk -F'\t' '$1 == "bench" { t[$5 " round " $2] += $9; u[$5 " round " $2] += $11 }
    END { for (k in t) printf "  %-28s %8.3f %8.3f\n", k, t[k], u[k] }' "$runs" | sort

# solve PART ROUND ITEM LB ARGS...: one whole-process flowshop-bb run, a row in $runs.
solve() {
    local part=$1 round=$2 item=$3 lb=$4 name ub s e
    shift 4
    name=${item%:*}
    ub=${item##*:}
    local bound=(--lb "$lb")
    [ "$lb" = default ] && bound=()
    s=$(now)
    "$dir/flowshop-bb" "$name" "${bound[@]}" --ub "$ub" "$@" --json -q >"$out/last.json" 2>"$out/last.err"
    e=$(now)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$part" "$round" "$(basename "$name" .txt)" "$lb" "$*" \
        "$(field status <"$out/last.json" | cut -d: -f1)" "$(field nodes <"$out/last.json")" \
        "$(field lb2_refined_fraction <"$out/last.json")" \
        "$(echo "$s $e" | awk '{printf "%.3f", $2 - $1}')" "$(field time_s <"$out/last.json")" \
        "$(field gpu_startup_s <"$out/last.json")" "$(field lb <"$out/last.json")" | tee -a "$runs"
}

part gpu && echo && echo "## 3. flowshop-bb --device gpu, whole process"
part gpu && for round in $(seq "$rounds"); do
    for item in $items; do
        late && { echo "deadline: the rest of part 3 skipped"; break 2; }
        for lb in $gpu_lbs; do
            [ "$lb" = lb2 ] && [ "$round" -gt "$lb2_rounds" ] && continue
            solve gpu "$round" "$item" "$lb" --device gpu
        done
    done
done

part cpu && echo && echo "## 4. flowshop-bb --device cpu (every core), at most $cpu_limit s a run"
part cpu && for item in ta028:opt ta029:opt ta030:opt $(echo "$items" | tr ' ' '\n' | grep random); do
    late && { echo "deadline: the rest of part 4 skipped"; break; }
    solve cpu 1 "$item" lb1 --device cpu --time-limit "$cpu_limit"
    lb1_s=$(tail -1 "$runs" | cut -f9)
    solve cpu 1 "$item" auto --device cpu --time-limit "$cpu_limit"
    solve cpu 1 "$item" lb2 --device cpu --time-limit \
        "$(echo "$lb1_s $cpu_limit" | awk '{ t = 2 * $1 + 0.5; printf "%.3f", t < $2 ? t : $2 }')"
done
rm -f "$out/last.json" "$out/last.err"

if part trace; then
    echo
    echo "## 5. gpu-resident-bench lb=auto trace=1 (a line per run)"
    trace_list=""
    for item in $trace_items; do trace_list="$trace_list,${item%:opt}"; done
    "$dir/gpu-resident-bench" "${trace_list#,}" lb=auto trace=1
    "$dir/gpu-resident-bench" "${trace_list#,}" lb=lb1 trace=1 | grep -v '^  run' 
fi

echo
echo "## Totals by part and set (the best of the rounds per instance; a run stopped at its limit"
echo "## counts as its limit, and a bound whose run stopped is not the better one)"
awk -F'\t' 'NR > 1 && $1 != "bench" && $1 != "wide" {
        set = $1 "/" (substr($3, 1, 2) == "ta" ? "taillard" : "random")
        key = set SUBSEP $3 SUBSEP $4
        if (!(key in best) || $9 < best[key]) { best[key] = $9; done[key] = ($6 ~ /optimal|no schedule/) }
        inst[set SUBSEP $3] = 1
    }
    END {
        for (si in inst) {
            split(si, a, SUBSEP)
            b1 = best[si SUBSEP "lb1"]; b2 = best[si SUBSEP "lb2"]; ba = best[si SUBSEP "auto"]
            if (ba == "") { ba = best[si SUBSEP "default"]; done[si SUBSEP "auto"] = done[si SUBSEP "default"] }
            if (b1 == "" || b2 == "" || ba == "") continue
            if (!done[si SUBSEP "lb1"] || !done[si SUBSEP "auto"]) { unfinished[a[1]]++; continue }
            t1[a[1]] += b1; t2[a[1]] += b2; ta[a[1]] += ba; n[a[1]]++
            better = done[si SUBSEP "lb2"] && b2 < b1 ? b2 : b1
            r = ba / better
            if (r > worst[a[1]]) { worst[a[1]] = r; worst_name[a[1]] = a[2] }
            if (r > 1.1) over[a[1]]++
        }
        for (p in n)
            printf "  %-16s %2d instances: lb1 %.3f s, lb2 %.3f s, auto %.3f s; auto / better at most %.3f (%s), above 1.1: %d; lb1 or auto unfinished: %d\n",
                p, n[p], t1[p], t2[p], ta[p], worst[p], worst_name[p], over[p] + 0, unfinished[p] + 0
    }' "$runs"
echo "done in $(echo "$began $(now)" | awk '{printf "%.0f", $2 - $1}') s"
