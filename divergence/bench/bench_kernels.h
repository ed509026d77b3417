/* bench_kernels.h — the experiments of bench-divergence, one per technique (each in its own
 * file), called by bench_main.c. `once` runs each kernel of the experiment once, untimed,
 * writing no CSV (for profiling under ncu). */
#ifndef FSBB_BENCH_KERNELS_H
#define FSBB_BENCH_KERNELS_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

void bench_ccc(const char *csv_path, int once);
void bench_cte(const char *csv_path, int once);
/* characterization: the CSV that receives the baseline trace's characterization row;
 * trace_path (may be NULL) receives the baseline's trace. */
void bench_cuirre(const char *csv_path, const char *trace_path, FILE *characterization, int once);
void bench_throttle(const char *csv_path, int once);
void bench_bound(const char *csv_path, int once);
void bench_throttle_bound(const char *csv_path);
/* Writes trace_DIR/trace_<instance>_<lb>.txt (trace_dir may be NULL) and summary rows. */
void bench_diagnose(const char *trace_dir, FILE *summary);

#ifdef __cplusplus
}
#endif

#endif
