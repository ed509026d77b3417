/* bench_main.c — bench-divergence: the micro-benchmarks of divergence/ next to their papers'
 * key experiments, and the techniques inside our LB2 pool bounding.
 *   bench-divergence ccc DIR        DIR/ccc.csv (CCC: speedup vs divergent lanes and path length)
 *   bench-divergence cte DIR        DIR/cte.csv (CTE: LINE and QUAD, 1D, sub-warps, CTE)
 *   bench-divergence cuirre DIR     DIR/cuirre.csv and rows of DIR/characterization.csv
 *   bench-divergence throttle DIR   DIR/throttle.csv (y = min(A + x), working set > L2)
 *   bench-divergence bound DIR      DIR/bound.csv (our LB2 kernels on 20x20, 50x20, 100x20 pools)
 *   bench-divergence throttle-bound DIR   DIR/throttle_bound.csv (200x20, 500x20)
 *   bench-divergence diagnose DIR   DIR/trace_*.txt and rows of DIR/characterization.csv
 *   bench-divergence all DIR        every experiment above
 *   bench-divergence once WHAT      each kernel of ccc, cte, cuirre or bound once (for ncu)
 * Environment: FSBB_BENCH_REPEATS (9), FSBB_BENCH_WARMUP (2), FSBB_BENCH_POOL (nodes). */
#include "bench_kernels.h"
#include "bench_util.h"

#include <stdio.h>
#include <string.h>

static void path_in(char *path, size_t size, const char *dir, const char *file)
{
    snprintf(path, size, "%s/%s", dir, file);
}

static FILE *characterization(const char *dir)
{
    char path[512];
    path_in(path, sizeof path, dir, "characterization.csv");
    FILE *file = fopen(path, "a");
    if (!file)
        bench_die("cannot open characterization.csv");
    fseek(file, 0, SEEK_END);
    if (ftell(file) == 0)
        fprintf(file, "instance,kernel,tasks,task_min,task_max,task_mean,irregularity,utilization,kernel_ms,"
                      "diagnosed_ms\n");
    return file;
}

static int run(const char *what, const char *dir)
{
    char path[512];
    const int all = strcmp(what, "all") == 0;
    int known = all;
    if (all || strcmp(what, "ccc") == 0) {
        path_in(path, sizeof path, dir, "ccc.csv");
        bench_ccc(path, 0);
        known = 1;
    }
    if (all || strcmp(what, "cte") == 0) {
        path_in(path, sizeof path, dir, "cte.csv");
        bench_cte(path, 0);
        known = 1;
    }
    if (all || strcmp(what, "cuirre") == 0) {
        path_in(path, sizeof path, dir, "cuirre.csv");
        FILE *summary = characterization(dir);
        bench_cuirre(path, NULL, summary, 0);
        fclose(summary);
        known = 1;
    }
    if (all || strcmp(what, "diagnose") == 0) {
        FILE *summary = characterization(dir);
        bench_diagnose(dir, summary);
        fclose(summary);
        known = 1;
    }
    if (all || strcmp(what, "bound") == 0) {
        path_in(path, sizeof path, dir, "bound.csv");
        bench_bound(path, 0);
        known = 1;
    }
    if (all || strcmp(what, "throttle-bound") == 0) {
        path_in(path, sizeof path, dir, "throttle_bound.csv");
        bench_throttle_bound(path);
        known = 1;
    }
    if (all || strcmp(what, "throttle") == 0) {
        path_in(path, sizeof path, dir, "throttle.csv");
        bench_throttle(path, 0);
        known = 1;
    }
    return known;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "once") == 0) {
        if (strcmp(argv[2], "ccc") == 0)
            bench_ccc(NULL, 1);
        else if (strcmp(argv[2], "cte") == 0)
            bench_cte(NULL, 1);
        else if (strcmp(argv[2], "cuirre") == 0)
            bench_cuirre(NULL, NULL, NULL, 1);
        else if (strcmp(argv[2], "bound") == 0)
            bench_bound(NULL, 1);
        else
            bench_die("once: ccc, cte, cuirre or bound");
        return 0;
    }
    if (argc == 3 && run(argv[1], argv[2]))
        return 0;
    fprintf(stderr, "usage: bench-divergence ccc|cte|cuirre|throttle|bound|throttle-bound|diagnose|all DIR\n"
                    "       bench-divergence once ccc|cte|cuirre|bound\n");
    return 2;
}
