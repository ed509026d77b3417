/* gpu_bounder.h — bounding pools of nodes on a CUDA GPU, one node per thread (the design of
 * Chakroun et al.). The kernels compute the pool bound of gpu_pool.h (LB1, or LB2 on top of
 * it) with the bound code of bounds/ as written (refactor none) or with its data-dependent
 * branches rewritten (trig, select: branch_free.cuh); all modes give the same integers.
 * LB2 may instead be bounded one node per lane group of 8, 16 or 32 lanes (lanes over the
 * machine pairs: the resident engine's LB2, solver/gpu/lb2_lanes.cuh), by default where its
 * work per node is not much above a thread's (gpu_bounder.cu says the rule); the refactor
 * modes are rewrites of the one-node-per-thread code and leave that kernel as it is. The
 * integers are the same whichever kernel runs.
 *
 * A bounder holds the instance tables on the device and FSBB_GPU_SLOTS pool slots, each
 * with a pinned host pool, device buffers and its own stream: the host fills slot k + 1
 * while the GPU bounds slot k (submit is asynchronous, wait blocks until the bounds of a
 * slot are back in pinned host memory). A bounder is used by one host thread at a time.
 * Plain C; CUDA builds only (without CUDA, fsbb_gpu_bounder_new fails with FSBB_ERR_NO_GPU). */
#ifndef FSBB_GPU_BOUND_H
#define FSBB_GPU_BOUND_H

#include "bound_data.h"
#include "flowshopbb.h"
#include "gpu_pool.h"
#include "options.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FSBB_GPU_SLOTS 2
/* The largest instances the kernels take (their per-thread arrays are sized at compile time). */
#define FSBB_GPU_MAX_JOBS 1024
#define FSBB_GPU_MAX_MACHINES 64

/* Where the instance tables live during a kernel. The LB1 tables are p, the minimum heads,
 * tails and times, and the machine pairs; the LB2 tables the Johnson orders and lags.
 *   GLOBAL:   all in global memory (read through L1).
 *   SHARED:   the LB1 tables copied to shared memory by each block, the LB2 tables too when
 *             all fit in 48 KiB, else those stay in global memory.
 *   CONSTANT: the LB1 tables passed as a kernel parameter (constant bank, up to 31 KiB),
 *             the LB2 tables in global memory; refused when the LB1 tables do not fit.
 *   AUTO:     the default, from measurements on an H100 (results/gpu-bounding/report.md):
 *             all tables in shared memory when they fit in 48 KiB, else the LB1 tables in
 *             shared memory when they take at most 24 KiB (more shrinks L1, which serves
 *             the LB2 tables and the per-thread arrays), else global memory. */
typedef enum {
    FSBB_GPU_TABLES_AUTO,
    FSBB_GPU_TABLES_GLOBAL,
    FSBB_GPU_TABLES_SHARED,
    FSBB_GPU_TABLES_CONSTANT
} fsbb_gpu_tables;

typedef struct fsbb_gpu_bounder fsbb_gpu_bounder;

/* Uploads d's tables (AUTO placement) and allocates FSBB_GPU_SLOTS slots of max_pool nodes.
 * block_size: threads per block, a multiple of 32 from 32 to 1024. trig needs n <= 1024 and
 * a total work below 2^24 (see branch_free.cuh); d must outlive nothing: it is copied. */
fsbb_status fsbb_gpu_bounder_new(const fsbb_bound_data *d, int max_pool, int block_size,
                                 fsbb_refactor_kind refactor, fsbb_lb_kind lb, fsbb_gpu_bounder **out,
                                 fsbb_error *err);
void fsbb_gpu_bounder_free(fsbb_gpu_bounder *bounder);

/* The LB2 kernel, by lanes per node: one node per thread (0), a lane group of 8, 16 or 32
 * lanes, or the rule's choice (AUTO, the default). */
#define FSBB_GPU_LB2_LANES_AUTO (-1)
/* Sets the LB2 kernel of later submits (no slot may be in flight); kept across set_mode. */
fsbb_status fsbb_gpu_bounder_set_lb2_lanes(fsbb_gpu_bounder *bounder, int lanes, fsbb_error *err);
/* Lanes per node of the LB2 kernel that submits run now: 0 for one node per thread (and
 * with LB1), else the group's lanes. */
int fsbb_gpu_bounder_lb2_lanes(const fsbb_gpu_bounder *bounder);

/* Changes the kernel used by later submits (no slot may be in flight). */
fsbb_status fsbb_gpu_bounder_set_mode(fsbb_gpu_bounder *bounder, fsbb_refactor_kind refactor, fsbb_lb_kind lb,
                                      fsbb_error *err);
/* Moves the tables to another memory space (no slot may be in flight). */
fsbb_status fsbb_gpu_bounder_place_tables(fsbb_gpu_bounder *bounder, fsbb_gpu_tables where, fsbb_error *err);
/* Where the tables are now, in words ("shared (LB1+LB2)", "constant (LB1) + global (LB2)", ...). */
const char *fsbb_gpu_bounder_tables_name(const fsbb_gpu_bounder *bounder);

/* A second pass over a slot's pool, queued by each submit after the pool bound and before
 * the bounds are copied back, on the slot's stream (a cudaStream_t): device arrays in the
 * layout of gpu_pool.h (perm[i * capacity + node]), lbs holding the pool bound of each of
 * the count nodes, to be raised where below ub. fsbb_gpu_custom_bounds_evaluate_pool
 * (gpu_custom_bound.h) has this form: the offload engine applies custom bounds with it. */
typedef fsbb_status (*fsbb_gpu_pool_refiner)(void *context, const fsbb_job *perm, int capacity,
                                             const int16_t *front_len, const int16_t *back_len, int count, int ub,
                                             int *lbs, void *stream, fsbb_error *err);
/* Sets the refiner of later submits (NULL: none, the default); context is not owned. */
void fsbb_gpu_bounder_set_refiner(fsbb_gpu_bounder *bounder, fsbb_gpu_pool_refiner refine, void *context);

/* The pinned host pool of a slot (capacity max_pool): fill it and set its count, then submit. */
fsbb_gpu_pool *fsbb_gpu_bounder_pool(fsbb_gpu_bounder *bounder, int slot);
/* Starts copying the slot's pool to the device, bounding it against ub, and copying the
 * bounds back; returns at once. The pool must not be touched until wait returns. */
fsbb_status fsbb_gpu_bounder_submit(fsbb_gpu_bounder *bounder, int slot, int ub, fsbb_error *err);
/* Blocks until the slot's bounds are back; *lbs (pinned, count ints, valid until the next
 * submit of the slot) then holds the bound of each node of the pool, in pool order. */
fsbb_status fsbb_gpu_bounder_wait(fsbb_gpu_bounder *bounder, int slot, const int **lbs, fsbb_error *err);

/* Seconds between the events of a slot's stream, summed over every wait so far: the pool
 * copied in, bounded (the kernel and any refiner), the bounds copied out. A stream that
 * waits its turn behind other streams counts the wait too. */
typedef struct fsbb_gpu_stream_time {
    double copy_in_s, kernel_s, copy_out_s;
} fsbb_gpu_stream_time;
fsbb_gpu_stream_time fsbb_gpu_bounder_stream_time(const fsbb_gpu_bounder *bounder);

/* Fills the slot's bounds, on the device and in pinned memory, with -1, so that a test
 * sees any bound a kernel did not write. */
fsbb_status fsbb_gpu_bounder_clear_bounds(fsbb_gpu_bounder *bounder, int slot, fsbb_error *err);

/* Median times, in milliseconds, measured with CUDA events on the slot's stream. */
typedef struct fsbb_gpu_timing {
    double kernel_ms;      /* the bounding kernel alone, pool already on the device */
    double round_trip_ms;  /* copy the pool in, bound it, copy the bounds out */
} fsbb_gpu_timing;

/* Bounds the slot's pool warmup + repeats times (each a full round trip) and returns the
 * median of the last repeats; the slot's bounds are valid afterwards as after a wait. */
fsbb_status fsbb_gpu_bounder_time(fsbb_gpu_bounder *bounder, int slot, int ub, int warmup, int repeats,
                                  fsbb_gpu_timing *median, fsbb_error *err);

#ifdef __cplusplus
}
#endif

#endif
