/* bench_util.c — the helpers of bench_util.h. */
#include "bench_util.h"

#include <string.h>

void bench_die(const char *what)
{
    fprintf(stderr, "bench-divergence: %s\n", what);
    exit(1);
}

FILE *bench_csv(const char *path, const char *header)
{
    FILE *file = fopen(path, "w");
    if (!file) {
        perror(path);
        exit(1);
    }
    fprintf(file, "%s\n", header);
    return file;
}

static int compare_double(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

double bench_median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, compare_double);
    return count % 2 ? values[count / 2] : 0.5 * (values[count / 2 - 1] + values[count / 2]);
}

static int env_int(const char *name, int fallback, int low, int high)
{
    const char *text = getenv(name);
    const int value = text ? atoi(text) : fallback;
    return value < low ? low : value > high ? high : value;
}

int bench_repeats(void)
{
    return env_int("FSBB_BENCH_REPEATS", 9, 1, 64);
}

int bench_warmup(void)
{
    return env_int("FSBB_BENCH_WARMUP", 2, 0, 100);
}
