#!/bin/sh
# device_final_prepare.sh — builds, here, what device_final.sh runs on the GPU machine, into
# one folder that git ignores (default .device-final): new/ (this tree's flowshop-bb,
# check-gpu and the benchmark programs the parts use, for sm_90 only, stripped), old/
# (flowshop-bb of OLD_REVISION, default 284a38f, or an existing binary given as OLD_BINARY)
# and devlibs/ (their shared libraries: the GPU machine has no GLib or CUnit); the CUDA
# programs gzipped.
#   usage: test/bench/device_final_prepare.sh [D [OLD_REVISION]]
# Then carry D with the call: test/bench/device_final.sh D.
set -eu
dir=${1:-.device-final}
old_rev=${2:-284a38f}
jobs=${JOBS:-2}
bundle=${BUNDLE:-../shared/device/bundle-libs.sh}
build=build-device-final

make -j"$jobs" CUDA_ARCH=90 BUILD="$build" "$build/flowshop-bb" "$build/check-gpu" "$build/heuristic-bench" \
    "$build/forecast-bench"
rm -rf "$dir"
mkdir -p "$dir/new" "$dir/old"
for program in flowshop-bb check-gpu heuristic-bench forecast-bench; do
    cp "$build/$program" "$dir/new/"
    strip "$dir/new/$program"
done
git rev-parse --short HEAD >"$dir/new/REVISION"
if [ -n "${OLD_BINARY:-}" ]; then
    cp "$OLD_BINARY" "$dir/old/flowshop-bb"
else
    old_src=$(mktemp -d)
    git archive "$old_rev" | tar -x -C "$old_src"
    make -C "$old_src" -j"$jobs" build/flowshop-bb
    cp "$old_src/build/flowshop-bb" "$dir/old/flowshop-bb"
    rm -rf "$old_src"
fi
strip "$dir/old/flowshop-bb"
echo "$old_rev" >"$dir/old/REVISION"
sh "$bundle" "$dir/devlibs" "$dir/new/flowshop-bb" "$dir/new/check-gpu" "$dir/new/heuristic-bench" \
    "$dir/new/forecast-bench" "$dir/old/flowshop-bb" >/dev/null
# The CUDA programs compress about 4x (their cubins): the carry limit is 64 MiB with the
# working tree; device_final.sh unpacks them.
gzip -9 "$dir/new/flowshop-bb" "$dir/new/check-gpu" "$dir/new/forecast-bench" "$dir/old/flowshop-bb"
du -sh "$dir"
