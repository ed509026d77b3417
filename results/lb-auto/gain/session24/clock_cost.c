/* clock_cost.c — what one clock_gettime(CLOCK_MONOTONIC) costs on this machine, the call
 * fsbb_now() makes (stop.c) and the CPU engine's --lb auto makes on 1 node in
 * FSBB_CPU_LB_AUTO_TIMED and twice for every LB2 refinement (search_cpu.c).
 *   cc -O2 -o clock_cost clock_cost.c && ./clock_cost [CALLS] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    const long calls = argc > 1 ? atol(argv[1]) : 2000000;
    double sink = 0;
    for (int round = 0; round < 3; round++) {
        const double start = now();
        for (long i = 0; i < calls; i++)
            sink += now();
        const double seconds = now() - start;
        printf("round %d: %ld calls, %.1f ns a call\n", round, calls, seconds / (double)calls * 1e9);
    }
    return sink == 0;
}
