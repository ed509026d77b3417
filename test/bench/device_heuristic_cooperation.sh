#!/usr/bin/env bash
# device_heuristic_cooperation.sh — several walks of the heuristic engine on one instance,
# independent against cooperating (restart from the best of all after 500 iterations without
# improvement, the solver's default), at the budget a user gets: every walk n (m/2) 60 ms of
# its own CPU time, as `flowshop-bb --search heuristic` gives each of its walks (issue 14; the
# choice in results/anytime/README.md was measured at 0.03 of that). On the GPU machine's 16
# cores, no GPU used:
#   part 2: 2 walks per instance, ta081-ta090, 8 instances at once (16 walks);
#   part 16: 16 walks per instance, ta081-ta085 with half the budget per walk, one at a time.
#   usage: test/bench/device_heuristic_cooperation.sh HEURISTIC_BENCH [PARTS]   (PARTS: "2 16")
# Writes $OUT/cooperation/: one log and one CSV per part and variant, cpu.txt.
set -u
bench=${1:?usage: $0 HEURISTIC_BENCH [PARTS]}
parts=${2:-2 16}
out=${OUT:-$(mktemp -d)}/cooperation
mkdir -p "$out"
{
    grep -m1 'model name' /proc/cpuinfo
    echo "cores: $(nproc)"
} | tee "$out/cpu.txt"
status=0
for part in $parts; do
    case $part in
    2) args=(--instances ta081-ta090 --threads 2 --parallel 8 --factor 2) ;;
    16) args=(--instances ta081-ta085 --threads 16 --parallel 1 --factor 8) ;;
    *) echo "unknown part $part"; exit 2 ;;
    esac
    for variant in independent cooperative; do
        extra=()
        [ "$variant" = cooperative ] && extra=(--restart 500 --cooperation cooperative)
        echo "== part $part, $variant: heuristic-bench ${args[*]} --seed 1 ${extra[*]}"
        "$bench" "${args[@]}" --seed 1 "${extra[@]}" --csv "$out/part${part}_$variant.csv" \
            2>&1 | tee "$out/part${part}_$variant.log" || status=1
    done
done
exit $status
