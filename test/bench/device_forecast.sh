#!/usr/bin/env bash
# device_forecast.sh — on the GPU machine, the forecast of the end against the real end (issue
# 19 item 3): forecast-bench (test/bench/forecast_bench.c) on ta021-ta030 with --device gpu
# --ub opt (the resident engine; the solves take 0.3-2 s each, all within 60 s on an H100), a
# progress report every 0.01 s. Prints the table and tees it to $OUT/forecast/forecast_gpu.txt.
#   usage: test/bench/device_forecast.sh BUILD_DIR     (BUILD_DIR holds forecast-bench, or the
#          objects to make it: make BUILD=BUILD_DIR BUILD_DIR/forecast-bench)
# Environment: OUT (a new temporary folder by default), INTERVAL_S (0.01).
set -u
build=${1:?usage: test/bench/device_forecast.sh BUILD_DIR}
out=${OUT:-$(mktemp -d)}/forecast
mkdir -p "$out"
if [ ! -x "$build/forecast-bench" ]; then
    make -s BUILD="$build" "$build/forecast-bench" >"$out/make.log" 2>&1 || { cat "$out/make.log"; exit 1; }
fi
{
    echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
    echo "# $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    timeout 60 "$build/forecast-bench" --device gpu --ub opt --interval "${INTERVAL_S:-0.01}" \
        ta021 ta022 ta023 ta024 ta025 ta026 ta027 ta028 ta029 ta030
    echo "# forecast-bench: exit $?"
} 2>&1 | tee "$out/forecast_gpu.txt"
