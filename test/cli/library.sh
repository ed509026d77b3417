#!/bin/sh
# library.sh — libflowshopbb as an installed library: `make install PREFIX=...` (and with
# DESTDIR), the soname, the pkg-config file, and the programs of examples/ built with
# `cc app.c $(pkg-config --cflags --libs flowshopbb)` against the shared library and,
# with `pkg-config --static`, against the static one, then run.
# Usage: sh test/cli/library.sh BUILD-DIR CUDA(0|1). Prints "N passed, N failed".
build=${1:?usage: library.sh BUILD-DIR CUDA}
cuda=${2:?usage: library.sh BUILD-DIR CUDA}
make=${MAKE:-make}
. "$(dirname "$0")/check.sh"

expect_output() {
    if grep -q -- "$2" "$3"; then pass; else fail "$1: output lacks '$2'"; cat "$3"; fi
}

if ! command -v pkg-config >/dev/null; then
    echo "library: pkg-config is missing"
    exit 1
fi

prefix=$tmp/prefix
lib=$prefix/lib
version=$(sed -n 's/^#define FSBB_VERSION "\(.*\)"/\1/p' solver/flowshopbb.h)
if $make -s install PREFIX="$prefix" BUILD="$build" CUDA="$cuda" >"$tmp/install.log" 2>&1; then
    pass
else
    fail "make install"
    cat "$tmp/install.log"
fi
for file in include/flowshopbb.h lib/libflowshopbb.a "lib/libflowshopbb.so.$version" lib/libflowshopbb.so.0 \
    lib/libflowshopbb.so lib/pkgconfig/flowshopbb.pc bin/flowshop-bb share/man/man1/flowshop-bb.1 \
    bin/flowshop-sweep; do
    check "installed $file" "[ -e '$prefix/$file' ]"
done
# The installed flowshop-sweep runs from anywhere (a dry run of a sweep file elsewhere).
printf '[sweep]\nname = installed\ninstances = ta001\n[parameters]\nlb = lb1, lb2\n' >"$tmp/installed.ini"
(cd "$tmp" && "$prefix/bin/flowshop-sweep" --dry-run installed.ini) >"$tmp/out" 2>&1
expect_output "the installed flowshop-sweep runs" "2 runs" "$tmp/out"
check "soname libflowshopbb.so.0" "readelf -d '$lib/libflowshopbb.so' | grep -q 'SONAME.*\[libflowshopbb.so.0\]'"

# The libraries define the functions of flowshopbb.h (its FSBB_API declarations) and nothing
# else: the shared library's dynamic symbols, the installed archive's global ones.
sed -n 's/^FSBB_API .*[ *]\(fsbb_[a-z0-9_]*\)(.*/\1/p' solver/flowshopbb.h | sort >"$tmp/api"
nm -D --defined-only "$lib/libflowshopbb.so" | awk '{print $3}' | sort >"$tmp/exported"
if [ -s "$tmp/api" ] && cmp -s "$tmp/api" "$tmp/exported"; then pass; else
    fail "libflowshopbb.so exports the API and nothing else"
    diff "$tmp/api" "$tmp/exported"
fi
nm --defined-only -g "$lib/libflowshopbb.a" | awk 'NF == 3 {print $3}' | sort >"$tmp/archived"
if cmp -s "$tmp/api" "$tmp/archived"; then pass; else
    fail "libflowshopbb.a defines the API and nothing else"
    diff "$tmp/api" "$tmp/archived"
fi

export PKG_CONFIG_PATH="$lib/pkgconfig"
check "pkg-config version" "[ \"\$(pkg-config --modversion flowshopbb)\" = '$version' ]"
check "pkg-config cflags" "pkg-config --cflags flowshopbb | grep -q -- '-I$prefix/include'"
check "pkg-config static libs" "pkg-config --static --libs flowshopbb | grep -q -- '-lflowshopbb.*-lm'"
# The library uses no GLib (the programs do): neither its link nor flowshopbb.pc names it.
check "pkg-config static libs: no GLib" "! pkg-config --static --libs flowshopbb | grep -q -- '-lglib'"
check "the shared library needs no GLib" "! readelf -d '$lib/libflowshopbb.so' | grep -q 'libglib'"

for example in solve_taillard custom_cpu_bound custom_gpu_bound; do
    # shellcheck disable=SC2046
    if cc -Wall -Wextra -Werror "examples/$example.c" $(pkg-config --cflags --libs flowshopbb) -o "$tmp/$example" \
        2>"$tmp/cc.log"; then
        pass
    else
        fail "build examples/$example.c against the installed library"
        cat "$tmp/cc.log"
    fi
done

run() {
    name=$1
    shift
    if LD_LIBRARY_PATH="$lib" "$@" >"$tmp/out" 2>&1; then pass; else fail "$name: exit status $?"; cat "$tmp/out"; fi
}

run "solve_taillard ta001" "$tmp/solve_taillard" ta001 2
expect_output "solve_taillard makespan" "^makespan *1278$" "$tmp/out"
expect_output "solve_taillard status" "^status *optimal$" "$tmp/out"
expect_output "solve_taillard incumbent callback" "^incumbent" "$tmp/out"
check "solve_taillard uses the installed shared library" \
    "LD_LIBRARY_PATH='$lib' ldd '$tmp/solve_taillard' | grep -q 'libflowshopbb.so.0 => $lib/'"

run "custom_cpu_bound ta002" "$tmp/custom_cpu_bound" ta002
expect_output "custom_cpu_bound verified" "^verified" "$tmp/out"
expect_output "custom_cpu_bound makespan" "^makespan *1359$" "$tmp/out"
expect_output "custom_cpu_bound status" "^status *optimal$" "$tmp/out"
expect_output "custom_cpu_bound user data freed" "^bound calls *[1-9]" "$tmp/out"

run "custom_gpu_bound ta001" "$tmp/custom_gpu_bound" ta001
expect_output "custom_gpu_bound source" "^gpu source" "$tmp/out"
if [ "$cuda" = 1 ]; then
    expect_output "custom_gpu_bound compiles with NVRTC" "compiles with NVRTC" "$tmp/out"
fi
expect_output "custom_gpu_bound makespan" "^makespan *1278$" "$tmp/out"

# Static: the archive and Libs.private, no shared libflowshopbb at run time.
static_libs=$(pkg-config --static --libs flowshopbb | sed "s|-lflowshopbb|$lib/libflowshopbb.a|")
# shellcheck disable=SC2086
if cc examples/solve_taillard.c $(pkg-config --cflags flowshopbb) $static_libs -o "$tmp/solve_static" 2>"$tmp/cc.log"; then
    pass
else
    fail "static link with pkg-config --static"
    cat "$tmp/cc.log"
fi
check "static program needs no libflowshopbb.so" "! ldd '$tmp/solve_static' | grep -q libflowshopbb"
run "static solve_taillard ta003" "$tmp/solve_static" ta003
expect_output "static makespan" "^makespan *1081$" "$tmp/out"

# Staged install: DESTDIR prefixes the files, the .pc keeps the real prefix.
if $make -s install PREFIX=/opt/fsbb DESTDIR="$tmp/stage" BUILD="$build" CUDA="$cuda" >"$tmp/install.log" 2>&1; then
    pass
else
    fail "make install DESTDIR"
    cat "$tmp/install.log"
fi
check "DESTDIR header" "[ -e '$tmp/stage/opt/fsbb/include/flowshopbb.h' ]"
check "DESTDIR pkg-config prefix" "grep -q '^prefix=/opt/fsbb$' '$tmp/stage/opt/fsbb/lib/pkgconfig/flowshopbb.pc'"

finish "library"
