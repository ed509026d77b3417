/* bench_util.h — what the divergence benchmarks share: failing loudly, CUDA error checks,
 * medians, CSV files and the GPU's name (C and CUDA alike). */
#ifndef FSBB_BENCH_UTIL_H
#define FSBB_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Prints "bench-divergence: what" and exits with status 1. */
void bench_die(const char *what);

/* Opens path for writing a CSV, writes the header line; exits on failure. */
FILE *bench_csv(const char *path, const char *header);

/* Median of count values (reorders them). */
double bench_median(double *values, int count);

/* Repeats of a timed measurement (FSBB_BENCH_REPEATS, default 9) and warm-up runs (2). */
int bench_repeats(void);
int bench_warmup(void);

#ifdef __cplusplus
}
#endif

#ifdef __CUDACC__
#define BENCH_CUDA(...)                                                                     \
    do {                                                                                    \
        const cudaError_t e_ = (__VA_ARGS__);                                               \
        if (e_ != cudaSuccess) {                                                            \
            fprintf(stderr, "bench-divergence: %s:%d: %s: %s\n", __FILE__, __LINE__,        \
                    #__VA_ARGS__, cudaGetErrorString(e_));                                  \
            exit(1);                                                                        \
        }                                                                                   \
    } while (0)

/* Times the last argument (a statement that enqueues kernels on the default stream) with events:
 * warm-up runs, then the median of the repeats, in milliseconds. `before` runs ahead of
 * every launch, outside the timed region. */
#define BENCH_TIME(result_ms, before, ...)                                                  \
    do {                                                                                    \
        cudaEvent_t start_, stop_;                                                          \
        BENCH_CUDA(cudaEventCreate(&start_));                                               \
        BENCH_CUDA(cudaEventCreate(&stop_));                                                \
        const int repeats_ = bench_repeats(), warmup_ = bench_warmup();                     \
        double times_[64];                                                                  \
        for (int r_ = 0; r_ < warmup_ + repeats_; r_++) {                                   \
            before;                                                                         \
            BENCH_CUDA(cudaEventRecord(start_));                                            \
            __VA_ARGS__;                                                                    \
            BENCH_CUDA(cudaGetLastError());                                                 \
            BENCH_CUDA(cudaEventRecord(stop_));                                             \
            BENCH_CUDA(cudaEventSynchronize(stop_));                                        \
            float ms_ = 0;                                                                  \
            BENCH_CUDA(cudaEventElapsedTime(&ms_, start_, stop_));                          \
            if (r_ >= warmup_)                                                              \
                times_[r_ - warmup_] = ms_;                                                 \
        }                                                                                   \
        (result_ms) = bench_median(times_, repeats_);                                       \
        cudaEventDestroy(start_);                                                           \
        cudaEventDestroy(stop_);                                                            \
    } while (0)
#endif

#endif
