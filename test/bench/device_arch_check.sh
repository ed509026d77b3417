#!/usr/bin/env bash
# device_arch_check.sh — on the GPU machine, the GPU architectures of issue 19 item 5,
# about a minute: make's choice for the GPU present (`make cuda-arch` with the GPU machine's
# nvcc); the default fat build solving ta001 on the GPU; a build with only sm_80 code and
# compute_80 PTX solving it through the driver's PTX compilation (start-up time from the
# JSON's gpu_startup_s); a build with only Blackwell code refusing the GPU with exit 5 and
# its compute capability in the message (text and --json), --device auto solving on the
# CPU with a note, and --version saying why. Built by device_arch_prepare.sh into DIR; log
# in $OUT/arch.log; the last line is "arch: N passed, N failed".
#   usage: bash DIR/device_arch_check.sh DIR   (from the repository root)
set -u
dir=${1:?usage: device_arch_check.sh DIR}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
exec > >(tee "$out/arch.log") 2>&1
bin=$(mktemp -d)
for name in default ptx80 sm100; do
    mkdir -p "$bin/$name"
    gunzip -c "$dir/$name/flowshop-bb.gz" >"$bin/$name/flowshop-bb"
    chmod +x "$bin/$name/flowshop-bb"
done
export LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }
field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p" "$2"; }

echo "# $(nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader 2>&1 | head -1)"
cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)

# make's choice here: the GPU present (the Makefile only; nothing is compiled).
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
choice=$(make -s NVCC="$nvcc" cuda-arch 2>/dev/null)
echo "make cuda-arch: $choice"
if [ "$choice" = "sm_$cap compute_$cap (the GPU present at build time)" ]; then pass "make builds for the GPU present"; else
    fail "make cuda-arch: '$choice', expected sm_$cap for the GPU present"
fi

for name in default ptx80 sm100; do
    echo "## $name: $(cat "$dir/$name/ARCHES")"
    "$bin/$name/flowshop-bb" --version
done

for name in default ptx80; do
    "$bin/$name/flowshop-bb" ta001 --device gpu --json --quiet >"$out/$name.json" 2>"$out/$name.err"
    status=$?
    cat "$out/$name.json" "$out/$name.err"
    if [ $status -eq 0 ] && [ "$(field makespan "$out/$name.json")" = 1278 ] &&
        [ "$(field optimal "$out/$name.json")" = true ]; then
        pass "$name: ta001 on the GPU, optimum 1278 (gpu_startup_s $(field gpu_startup_s "$out/$name.json"))"
    else
        fail "$name: ta001 on the GPU: exit $status"
    fi
done
"$bin/ptx80/flowshop-bb" ta021 --ub opt --device gpu --json --quiet >"$out/ptx80-ta021.json" 2>&1
"$bin/default/flowshop-bb" ta021 --ub opt --device gpu --json --quiet >"$out/default-ta021.json" 2>&1
echo "ta021 --ub opt: default $(field nodes "$out/default-ta021.json") nodes $(field time_s "$out/default-ta021.json") s," \
    "ptx80 $(field nodes "$out/ptx80-ta021.json") nodes $(field time_s "$out/ptx80-ta021.json") s"
if [ "$(field makespan "$out/ptx80-ta021.json")" = 2297 ]; then pass "ptx80: ta021 optimum 2297"; else fail "ptx80: ta021"; fi

sm100=$bin/sm100/flowshop-bb
"$sm100" ta001 --device gpu >"$out/sm100.out" 2>"$out/sm100.err"
status=$?
cat "$out/sm100.out" "$out/sm100.err"
if [ $status -eq 5 ]; then pass "sm100 --device gpu: exit 5"; else fail "sm100 --device gpu: exit $status, expected 5"; fi
if grep -q "compute capability ${cap%?}\.${cap#?}" "$out/sm100.err"; then pass "sm100: the message names the GPU's compute capability"; else
    fail "sm100: message"
fi
if [ ! -s "$out/sm100.out" ]; then pass "sm100: no result printed"; else fail "sm100: a result was printed"; fi
"$sm100" ta001 --device gpu --json >"$out/sm100.json" 2>/dev/null
status=$?
cat "$out/sm100.json"
if [ $status -eq 5 ] && [ "$(field exit "$out/sm100.json")" = 5 ] &&
    [ "$(field status "$out/sm100.json")" = "no kernel for this GPU" ]; then pass "sm100 --json: the error object"; else
    fail "sm100 --json"
fi
"$sm100" ta001 --device auto --json >"$out/sm100-auto.json" 2>"$out/sm100-auto.err"
status=$?
cat "$out/sm100-auto.json" "$out/sm100-auto.err"
if [ $status -eq 0 ] && [ "$(field device "$out/sm100-auto.json")" = cpu ] &&
    [ "$(field makespan "$out/sm100-auto.json")" = 1278 ] && grep -q "solving on the CPU" "$out/sm100-auto.err"; then
    pass "sm100 --device auto: the CPU, with a note"
else
    fail "sm100 --device auto"
fi
if "$sm100" --version | grep -q "^gpu          not usable: .*compute capability"; then pass "sm100 --version says why"; else
    fail "sm100 --version"
fi

echo "arch: $passed passed, $failed failed"
