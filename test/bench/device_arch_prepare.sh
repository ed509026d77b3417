#!/bin/sh
# device_arch_prepare.sh — builds, on the build machine (no GPU: the default architectures),
# what device_arch_check.sh runs on the GPU machine, into one folder to carry there:
#   default/  flowshop-bb as `make` builds it without a GPU: machine code for Turing to
#             Hopper (Volta too with a CUDA before 13) and PTX of the newest
#   ptx80/    CUDA_ARCH=80: sm_80 code and compute_80 PTX only; on a Hopper GPU the driver
#             compiles the PTX (how a build runs on a GPU newer than itself)
#   sm100/    CUDA_ARCH=100: Blackwell code and PTX only, which no Hopper GPU runs (how a
#             build meets a GPU it has no kernel for: exit 5, never a wrong result)
#   lib/      the shared libraries they need (the GPU machine has no GLib)
# The programs are gzipped (a device call carries at most 64 MiB).
#   usage: test/bench/device_arch_prepare.sh OUTDIR [BUNDLE_LIBS_SCRIPT]
# Then, on the GPU machine, from the repository root: bash OUTDIR/device_arch_check.sh OUTDIR
set -eu
out=${1:?usage: device_arch_prepare.sh OUTDIR [BUNDLE_LIBS_SCRIPT]}
bundle=${2:-../../shared/device/bundle-libs.sh}
jobs=${JOBS:-2}

rm -rf "$out"
mkdir -p "$out/lib"
for build in default:"" ptx80:80 sm100:100; do
    name=${build%%:*} arch=${build#*:}
    make -j"$jobs" BUILD="build-arch/$name" CUDA_ARCH="$arch" "build-arch/$name/flowshop-bb"
    mkdir -p "$out/$name"
    cp "build-arch/$name/flowshop-bb" "$out/$name/"
    make -s BUILD="build-arch/$name" CUDA_ARCH="$arch" cuda-arch >"$out/$name/ARCHES"
done
sh "$bundle" "$out/lib" "$out/default/flowshop-bb" >/dev/null
for name in default ptx80 sm100; do
    strip "$out/$name/flowshop-bb" 2>/dev/null || true
    gzip -9 "$out/$name/flowshop-bb"
done
cp test/bench/device_arch_check.sh "$out/"
du -sh "$out"
