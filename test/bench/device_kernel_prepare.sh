#!/bin/sh
# device_kernel_prepare.sh — builds, on the build machine, what device_kernel_check.sh and
# device_kernel_bench.sh run on the GPU machine, into one folder to carry there:
#   old/   flowshop-bb and gpu-resident-bench of another revision (default e6254c3, main
#          before the resident kernel work of issues 15 and 21)
#   new/   flowshop-bb, check-gpu and gpu-resident-bench of this tree, gpu-startup-probe
#   lib/   the shared libraries they need (the GPU machine has no GLib or CUnit)
#   random/  the random instances of instances/random, and the two scripts
# The programs are gzipped (the device call carries at most 64 MiB). Both builds are for
# CUDA_ARCH (default 90, the H100); this tree's build goes to BUILD (default build-device,
# apart from the CUDA=0 test build).
#   usage: test/bench/device_kernel_prepare.sh OUTDIR [OLD_REVISION [BUNDLE_LIBS_SCRIPT]]
# Then, on the GPU machine: bash OUTDIR/device_kernel_check.sh OUTDIR (or _bench.sh, _rate.sh).
set -eu
out=${1:?usage: device_kernel_prepare.sh OUTDIR [OLD_REVISION [BUNDLE_LIBS_SCRIPT]]}
old_rev=${2:-e6254c3}
bundle=${3:-../../shared/device/bundle-libs.sh}
jobs=${JOBS:-2}
nvcc=${NVCC:-nvcc}
arch=${CUDA_ARCH:-90}
build=${BUILD:-build-device}

rm -rf "$out"
mkdir -p "$out/old" "$out/new" "$out/lib" "$out/random"
old_src=$(mktemp -d)
trap 'rm -rf "$old_src"' EXIT
git archive "$old_rev" | tar -x -C "$old_src"
make -C "$old_src" -j"$jobs" CUDA_ARCH="$arch" build/flowshop-bb build/gpu-resident-bench
cp "$old_src/build/flowshop-bb" "$old_src/build/gpu-resident-bench" "$out/old/"
git rev-parse --short "$old_rev" >"$out/old/REVISION"

make -j"$jobs" CUDA_ARCH="$arch" BUILD="$build" "$build/flowshop-bb" "$build/check-gpu" "$build/gpu-resident-bench"
cp "$build/flowshop-bb" "$build/check-gpu" "$build/gpu-resident-bench" "$out/new/"
"$nvcc" -O2 -gencode=arch=compute_90,code=sm_90 test/bench/gpu_startup_probe.cu -o "$out/new/gpu-startup-probe"
echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo +changes)" >"$out/new/REVISION"

sh "$bundle" "$out/lib" "$out/new/flowshop-bb" "$out/new/check-gpu" "$out/old/flowshop-bb" >/dev/null
for program in "$out"/old/* "$out"/new/*; do
    case "$program" in
    */REVISION) ;;
    *) strip "$program" 2>/dev/null || true; gzip -9 "$program" ;;
    esac
done
cp instances/random/*.txt instances/random/optima.tsv "$out/random/"
cp test/bench/device_kernel_check.sh test/bench/device_kernel_bench.sh test/bench/device_kernel_rate.sh \
    test/bench/device_kernel_unpack.sh test/bench/ncu_rows.py "$out/"
du -sh "$out"
