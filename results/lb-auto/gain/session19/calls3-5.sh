#!/bin/bash
# issue 15, session 19, calls 3-5 (each a one-line command, recorded here): where call 1's one
# check-gpu failure came from. check-gpu built with free-memory-probe.diff (session18's
# device-arena.diff applied first), which prints the device's free memory against the test's
# first reading at each step of the arena's refusal tests; .dev/s19/probe/check-gpu.xz.
# Call 2 was the same as call 3 without the carry (nothing ran).
set -u
d=.dev/s19
xz -d $d/probe/check-gpu.xz && chmod +x $d/probe/check-gpu
export LD_LIBRARY_PATH=$d/lib
case "${1:-3}" in
3) for i in 1 2 3; do  # the arena's suite alone, 3 times: passes, every step +0 KB once freed
       timeout 60 $d/probe/check-gpu gpu_device_arena 2>&1 | grep -E 'probe|arena|failures|test_device|asserts|tests'
   done ;;
4) for i in 1 2; do  # "gpu" names no suite: the arena's suite alone again
       timeout 200 $d/probe/check-gpu gpu gpu_device_arena 2>&1 | grep -E 'probe|arena|failures|test_device|asserts|tests'
   done ;;
5) for i in 1 2; do  # after the two suites that run before it: the by-copy refusal +12 to +16 MB
       timeout 200 $d/probe/check-gpu "gpu custom bound" "gpu custom offload" gpu_device_arena 2>&1 |
           grep -E 'probe|arena|failures|test_device|asserts|tests'
   done ;;
esac
