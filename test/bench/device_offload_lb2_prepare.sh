#!/bin/sh
# device_offload_lb2_prepare.sh — builds, here, what device_offload_lb2.sh runs on the GPU
# machine, into one folder that git ignores (default build-offload-lb2-device): new/ (this tree's
# flowshop-bb and check-gpu), old/ (flowshop-bb of OLD_REVISION, default 8fb6a2a: main
# before the lane-group LB2 kernel), both for sm_90 only and stripped, and devlibs/ (their
# shared libraries: the GPU machine has no GLib or CUnit); the programs gzipped (the
# device script unpacks them).
#   usage: test/bench/device_offload_lb2_prepare.sh [D [OLD_REVISION]]
# Then carry D and run: LD_LIBRARY_PATH=D/devlibs test/bench/device_offload_lb2.sh D/new D/old
set -eu
dir=${1:-build-offload-lb2-device}
old_rev=${2:-8fb6a2a}
jobs=${JOBS:-2}
bundle=${BUNDLE:-../shared/device/bundle-libs.sh}
build=build-device-offload-lb2

make -j"$jobs" CUDA_ARCH=90 BUILD="$build" "$build/flowshop-bb" "$build/check-gpu"
rm -rf "$dir"
mkdir -p "$dir/new" "$dir/old"
for program in flowshop-bb check-gpu; do
    cp "$build/$program" "$dir/new/"
    strip "$dir/new/$program"
done
git rev-parse --short HEAD >"$dir/new/REVISION"
old_src=$(mktemp -d)
git archive "$old_rev" | tar -x -C "$old_src"
make -C "$old_src" -j"$jobs" CUDA_ARCH=90 build/flowshop-bb
cp "$old_src/build/flowshop-bb" "$dir/old/flowshop-bb"
rm -rf "$old_src"
strip "$dir/old/flowshop-bb"
echo "$old_rev" >"$dir/old/REVISION"
sh "$bundle" "$dir/devlibs" "$dir/new/flowshop-bb" "$dir/new/check-gpu" "$dir/old/flowshop-bb" >/dev/null
gzip -9 "$dir/new/flowshop-bb" "$dir/new/check-gpu" "$dir/old/flowshop-bb"
du -sh "$dir"
