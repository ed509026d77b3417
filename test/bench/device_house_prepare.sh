#!/bin/sh
# device_house_prepare.sh — builds, on the build machine, what device_house_check.sh runs on
# the GPU machine: this tree's flowshop-bb and check-gpu (copied to .device-build/new), an
# OLD flowshop-bb built from another revision into .device-build/old, and the shared
# libraries they need in .devlibs (the GPU machine has no GLib or CUnit).
#   usage: test/bench/device_house_prepare.sh [OLD_REVISION [BUNDLE_LIBS_SCRIPT]]
# OLD_REVISION defaults to 284a38f (main before the device code moved); the bundling script
# to ../shared/device/bundle-libs.sh. Then carry .device-build and .devlibs to the GPU
# machine (both ignored by git).
set -eu
old_rev=${1:-284a38f}
bundle=${2:-../shared/device/bundle-libs.sh}
jobs=${JOBS:-2}

old_src=$(mktemp -d)
trap 'rm -rf "$old_src"' EXIT
git archive "$old_rev" | tar -x -C "$old_src"
make -C "$old_src" -j"$jobs" build/flowshop-bb
mkdir -p .device-build/old
cp "$old_src/build/flowshop-bb" .device-build/old/flowshop-bb
git rev-parse --short "$old_rev" >.device-build/old/REVISION

make -j"$jobs" build/flowshop-bb build/check-gpu
mkdir -p .device-build/new
cp build/flowshop-bb build/check-gpu .device-build/new/
git rev-parse --short HEAD >.device-build/new/REVISION
rm -rf .devlibs
sh "$bundle" .devlibs .device-build/new/flowshop-bb .device-build/new/check-gpu .device-build/old/flowshop-bb
du -ch .device-build .devlibs | tail -1
