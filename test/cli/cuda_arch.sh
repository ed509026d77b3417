#!/bin/sh
# cuda_arch.sh — the GPU architectures of a CUDA build: every fat binary in the program
# (one per compiled .cu file) holds exactly the images the build chose (cuda_arch.mk), as
# test/support/fatbin_arches.py reads them and, where installed, cuobjdump --list-elf and
# --list-ptx; --version names the same list; a build that chose the default set covers
# Turing to Hopper (Volta too where nvcc still has it) with PTX of the newest.
# Usage: sh test/cli/cuda_arch.sh build/flowshop-bb "sm_75 ... compute_90" "WHY".
# Prints "N passed, N failed".
bin=${1:?usage: cuda_arch.sh PATH-TO-flowshop-bb ARCH-NAMES WHY}
want=${2:?usage: cuda_arch.sh PATH-TO-flowshop-bb ARCH-NAMES WHY}
why=${3:-}
. "$(dirname "$0")/check.sh"

sorted() { printf '%s\n' $1 | sort | tr '\n' ' ' | sed 's/ $//'; }
want_sorted=$(sorted "$want")

if python3 test/support/fatbin_arches.py "$bin" >"$tmp/fatbins"; then pass; else fail "no fat binary in $bin"; fi
count=$(wc -l <"$tmp/fatbins")
others=$(grep -cvxF "$want_sorted" "$tmp/fatbins")
if [ "$count" -gt 0 ] && [ "$others" -eq 0 ]; then pass; else
    fail "$others of $count fat binaries differ from '$want_sorted':"
    grep -vxF "$want_sorted" "$tmp/fatbins" | sort | uniq -c
fi

if command -v cuobjdump >/dev/null 2>&1; then
    { cuobjdump --list-elf "$bin" | sed -n 's/.*\.\(sm_[0-9]*\)\.cubin$/\1/p'
      cuobjdump --list-ptx "$bin" | sed -n 's/.*\.sm_\([0-9]*\)\.ptx$/compute_\1/p'; } | sort -u >"$tmp/cuobjdump"
    got=$(tr '\n' ' ' <"$tmp/cuobjdump" | sed 's/ $//')
    if [ "$got" = "$want_sorted" ]; then pass; else fail "cuobjdump lists '$got', expected '$want_sorted'"; fi
else
    echo "cuda arch: cuobjdump not installed, the fat binaries read by test/support/fatbin_arches.py only"
fi

if "$bin" --version | grep -qF "($want)"; then pass; else fail "--version does not name ($want)"; "$bin" --version; fi

ptx=$(printf '%s\n' $want | sed -n 's/^compute_//p')
newest=$(printf '%s\n' $want | sed -n 's/^sm_//p' | sort -n | tail -n 1)
if [ -n "$ptx" ] && [ "$ptx" = "$newest" ]; then pass; else fail "PTX of compute_$ptx, expected of the newest, $newest"; fi

case $why in
"the default set"*)
    known=$(nvcc --list-gpu-code 2>/dev/null)
    for arch in 70 75 80 86 89 90; do
        if printf '%s\n' $known | grep -qx "sm_$arch"; then
            if printf '%s\n' $want | grep -qx "sm_$arch"; then pass; else fail "default set without sm_$arch"; fi
        else
            echo "cuda arch: this nvcc has no sm_$arch (not in the default set)"
        fi
    done
    ;;
*) echo "cuda arch: built for $why: the default set not checked" ;;
esac

finish "cuda arch"
