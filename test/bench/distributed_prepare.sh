#!/bin/sh
# distributed_prepare.sh — builds, on the build machine, what distributed_scaling.sh runs on
# the GPU machine: this tree's flowshop-bb with CUDA and MPI in .device-build/dist, and in
# .devlibs/dist the shared libraries it needs, split in two: app/ (GLib and the like, which
# the GPU machine lacks) and mpi/ (this machine's Open MPI libraries), and ompi/, this
# machine's Open MPI installation laid out for OPAL_PREFIX (orterun, its plugins and help
# files, and PMIx's). The GPU machine's own Open MPI 4.1 (libmpi.so.40, ABI-compatible
# within 4.x) is tried first there; the carried one is the fallback.
#   usage: [CUDA_ARCH=90] [BUILD=build] test/bench/distributed_prepare.sh [BUNDLE_LIBS_SCRIPT]
# The bundling script defaults to ../shared/device/bundle-libs.sh. Then carry .device-build
# and .devlibs (both ignored by git) to the GPU machine.
set -eu
bundle=${1:-../shared/device/bundle-libs.sh}
jobs=${JOBS:-2}
command -v mpicc >/dev/null || { echo "distributed_prepare.sh: no mpicc here (install libopenmpi-dev)" >&2; exit 1; }
command -v nvcc >/dev/null || { echo "distributed_prepare.sh: no nvcc here" >&2; exit 1; }

build=${BUILD:-build}
make -j"$jobs" ${CUDA_ARCH:+CUDA_ARCH="$CUDA_ARCH"} BUILD="$build" "$build/flowshop-bb"
mkdir -p .device-build/dist
cp "$build/flowshop-bb" .device-build/dist/
git rev-parse --short HEAD >.device-build/dist/REVISION

rm -rf .devlibs/dist
all=$(mktemp -d)
trap 'rm -rf "$all"' EXIT
sh "$bundle" "$all" .device-build/dist/flowshop-bb >/dev/null
mkdir -p .devlibs/dist/app .devlibs/dist/mpi
for lib in "$all"/*; do
    case "$(basename "$lib")" in
        libmpi*|libopen-*|libhwloc*|libevent*|libpmix*|libmunge*|libudev*|libz.so*) cp "$lib" .devlibs/dist/mpi/ ;;
        *) cp "$lib" .devlibs/dist/app/ ;;
    esac
done

# Open MPI for OPAL_PREFIX: its directories relative to its prefix, as ompi_info says.
prefix=$(ompi_info --path prefix --parsable | sed -n 's/^path:prefix://p')
libdir=$(ompi_info --path libdir --parsable | sed -n 's/^path:libdir://p')
pkglibdir=$(ompi_info --path pkglibdir --parsable | sed -n 's/^path:pkglibdir://p')
pkgdatadir=$(ompi_info --path pkgdatadir --parsable | sed -n 's/^path:pkgdatadir://p')
tree=.devlibs/dist/ompi
mkdir -p "$tree/bin" "$tree${libdir#"$prefix"}" "$tree${pkglibdir#"$prefix"}" "$tree${pkgdatadir#"$prefix"}"
cp -L "$(command -v orterun)" "$tree/bin/orterun"
[ -x "$prefix/bin/orted" ] && cp -L "$prefix/bin/orted" "$tree/bin/orted"
for lib in "$libdir"/libmpi.so* "$libdir"/libopen-*.so*; do
    [ -e "$lib" ] && cp -L "$lib" "$tree${libdir#"$prefix"}/"
done
cp -L "$pkglibdir"/*.so "$tree${pkglibdir#"$prefix"}/"
cp -rL "$pkgdatadir"/. "$tree${pkgdatadir#"$prefix"}/"
# PMIx (an external library in Debian's Open MPI) and its plugins, and the plugins' libraries.
pmix=$(dirname "$(ldconfig -p | awk '/libpmix\.so\.2 / {print $NF; exit}')")/pmix2
if [ -d "$pmix" ]; then
    mkdir -p "$tree/pmix2"
    cp -rL "$pmix"/. "$tree/pmix2/"
fi
sh "$bundle" .devlibs/dist/mpi "$pkglibdir"/mca_pmix_*.so "$pkglibdir"/mca_ess_*.so >/dev/null 2>&1 || true
printf '%s\n%s\n' "$(ompi_info --version 2>/dev/null | head -1)" "$libdir" >"$tree/VERSION"
du -ch .device-build/dist .devlibs/dist | tail -1
