/* gpu_custom_bound.h — custom GPU bounds: the CUDA source of each custom bound
 * (fsbb_bound_definition.gpu_source) compiled at run time with NVRTC, together with the
 * kernel template of gpu_custom_kernel.cuh, for one instance, loaded with the CUDA driver
 * API and evaluated one node per thread.
 *
 * NVRTC and the driver are loaded with dlopen (libnvrtc.so.13 or libnvrtc.so, then the
 * toolkit's lib64 directory; libcuda.so.1), so the library needs neither to load and CPU
 * solves run on machines without CUDA. Kernels run in the device's primary context, the
 * one the CUDA runtime uses, so device pointers from cudaMalloc are valid arguments.
 *
 * How a GPU engine uses it (the offload engine: the CPU branches, the GPU bounds pools):
 *     fsbb_gpu_custom_bounds *custom = NULL;
 *     if (search->custom_bound_count > 0)       // once, before the search
 *         status = fsbb_gpu_custom_bounds_new(search->custom_bounds, search->custom_bound_count,
 *                                             search->data, 0, &custom, err);
 *     ...
 *     // for each pool, after the built-in bounds are in d_lbs, on the same stream:
 *     status = fsbb_gpu_custom_bounds_evaluate_pool(custom, d_perm, capacity, d_front_len, d_back_len,
 *                                                   count, ub, d_lbs, stream, err);
 *     ...
 *     fsbb_gpu_custom_bounds_free(custom);     // at the end
 * Each evaluation raises d_lbs[i] to the custom bound of node i where d_lbs[i] < ub (a node
 * already at ub is pruned and not evaluated), so the result is max(built-in, custom).
 *
 * An object is used by one host thread at a time. CUDA builds only; without CUDA
 * (gpu_custom_bound_nocuda.c) the public fsbb_bound_check_gpu_source fails with
 * FSBB_ERR_NO_GPU. */
#ifndef FSBB_GPU_CUSTOM_BOUND_H
#define FSBB_GPU_CUSTOM_BOUND_H

#include "bound_data.h"
#include "custom_bound.h"
#include "flowshopbb.h"
#include "node.h"

#include <stdint.h>

typedef struct fsbb_gpu_custom_bounds fsbb_gpu_custom_bounds;

/* Compiles the GPU source of every bound of bounds[0..count) that has one, for d's instance
 * (n, m and the times, which are copied to the device), and loads the kernels on CUDA device
 * `device`. FSBB_ERR_COMPILE (with the bound's name and NVRTC's log) when a source does not
 * compile, FSBB_ERR_NO_GPU when NVRTC or the driver cannot be loaded or there is no such
 * device, FSBB_ERR_GPU on other CUDA errors. */
fsbb_status fsbb_gpu_custom_bounds_new(const fsbb_custom_bound *bounds, int count, const fsbb_bound_data *d,
                                       int device, fsbb_gpu_custom_bounds **out, fsbb_error *err);
void fsbb_gpu_custom_bounds_free(fsbb_gpu_custom_bounds *custom);

/* The number of compiled bounds (the bounds that have GPU source). */
int fsbb_gpu_custom_bounds_count(const fsbb_gpu_custom_bounds *custom);

/* Device arrays in the structure-of-arrays layout of gpu_pool.h (perm[i * capacity + node],
 * front_len[node], back_len[node]), asynchronous on `stream` (a cudaStream_t or CUstream;
 * NULL: the default stream): the caller synchronises the stream before reading lbs, count
 * ints, in and out (see above). */
fsbb_status fsbb_gpu_custom_bounds_evaluate_pool(fsbb_gpu_custom_bounds *custom, const fsbb_job *perm, int capacity,
                                                 const int16_t *front_len, const int16_t *back_len, int count,
                                                 int ub, int *lbs, void *stream, fsbb_error *err);

/* From host memory, synchronously (copies in, evaluates, copies lbs back): count fsbb_node
 * records (pool/node.h) of fsbb_node_size(n) bytes each, or a pool as above; for tests and
 * for checking a GPU bound against its CPU version. */
fsbb_status fsbb_gpu_custom_bounds_evaluate_host_nodes(fsbb_gpu_custom_bounds *custom, const fsbb_node *nodes,
                                                       int count, int ub, int *lbs, fsbb_error *err);
fsbb_status fsbb_gpu_custom_bounds_evaluate_host_pool(fsbb_gpu_custom_bounds *custom, const fsbb_job *perm,
                                                      int capacity, const int16_t *front_len,
                                                      const int16_t *back_len, int count, int ub, int *lbs,
                                                      fsbb_error *err);

#endif
