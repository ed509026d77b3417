#!/bin/sh
# build.sh — builds the libFuzzer harnesses with clang (AddressSanitizer and UBSan) into
# build/fuzz/: fuzz-instance and fuzz-checkpoint. Usage: sh test/fuzz/build.sh (from the
# repository root). See README.md.
set -eu
cd "$(dirname "$0")/../.."
out=${FUZZ_BUILD:-build/fuzz}
mkdir -p "$out"
flags="-g -O1 -std=c11 -D_GNU_SOURCE -pthread -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
       -Isolver -Ibounds -Ipool -Idivergence $(pkg-config --cflags glib-2.0)"
sources=$(ls bounds/*.c pool/*.c solver/*.c divergence/*.c 2>/dev/null | grep -v '_cuda\.c$')
for harness in instance checkpoint; do
    # shellcheck disable=SC2086
    clang $flags -o "$out/fuzz-$harness" "test/fuzz/fuzz_$harness.c" $sources $(pkg-config --libs glib-2.0) -lm
done
echo "built $out/fuzz-instance $out/fuzz-checkpoint"
