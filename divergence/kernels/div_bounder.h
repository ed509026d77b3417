/* div_bounder.h — pool-bounding kernels for LB2 built from the divergence techniques, next to
 * a plain one-node-per-thread kernel, all computing exactly the pool bound of gpu_pool.h
 * (fsbb_pool_node_bound). The LB2 early exit returns the bound of the first machine pair
 * that reaches ub, else the largest pair bound; every kernel below reproduces it.
 *
 * Kernels (fsbb_div_kernel):
 *   PLAIN    one node per thread, the bound code of bounds/ as written (LB1 or LB2);
 *   PACKED   one node per thread, LB2 over a packed pair table: entry (r, q) = {job, p_k,
 *            lag, p_l} of pair q's r-th job in Johnson order, stored r-major so that lanes
 *            on consecutive pairs read consecutive 16 bytes (the layout the other LB2
 *            kernels use; PACKED separates the layout's effect from the techniques');
 *   SUBWARP  fixed sub-warps of `subwarp` lanes (2..32) per node: a warp bounds 32 nodes,
 *            each sub-warp strides over a node's pairs, `subwarp` pairs per step;
 *   CTE      warp-collaborative LB2: a warp takes 32 nodes (LB1 one per lane), expands the
 *            pairs of the nodes that still need LB2 into one list and its lanes evaluate
 *            32 (node, pair) tasks per round; a segmented reduction per node finds the first
 *            pair reaching ub or the running maximum, and nodes that reached ub drop out of
 *            the next round's expansion;
 *   CCC      collaborative context collection on the LB2 path: lanes whose node needs LB2
 *            hold a context (node, next pair, bound so far); a warp evaluates `chunk` pairs
 *            only when all 32 lanes hold one (popping stacked contexts), otherwise it stacks
 *            them and fetches fresh nodes; node state is rebuilt from the node on a pop
 *            (context compression: 3 words instead of 2m + n/32); a leftover pass at the end;
 *   FLAT     CUIRRE task pools: the per-thread loop is flattened (one pair per step); a lane
 *            whose node is done fetches the next node from the pool (centralized,
 *            distributed or stealing) at loading ratio R while its warp goes on.
 * Dispatch (fsbb_div_balance): NONE launches a warp per 32 nodes; PERSISTENT launches the
 * resident blocks only and warps fetch 32 nodes at a time (PLAIN, PACKED, SUBWARP, CTE and
 * CCC; CCC always fetches); CENTRAL, DISTRIBUTED and STEAL are FLAT's pools (lightweight
 * mode: node indices; the pool keeps the nodes).
 * Throttling (fsbb_div_throttle, TILED): the (node, pair) work is cut by the cache-fit
 * partition of cache_fit.h into rectangles of nodes x pairs whose node states and pair rows
 * fit cache_bytes, then run CF, CF-Q, SJ or SJ-Q; a node's LB2 then combines its pairs'
 * results in any order (the smallest pair index reaching ub wins), so it is still exact.
 *
 * Plain C; CUDA builds only (the names and defaults of div_config.c are in every build). */
#ifndef FSBB_DIV_BOUND_H
#define FSBB_DIV_BOUND_H

#include "bound_data.h"
#include "bound_kind.h"
#include "characterize.h"
#include "div_kinds.h"
#include "flowshopbb.h"
#include "gpu_pool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The kernels take instances up to this size. */
#define FSBB_DIV_MAX_JOBS 512
#define FSBB_DIV_MAX_MACHINES 32

typedef enum {
    FSBB_DIV_PLAIN,
    FSBB_DIV_PACKED,
    FSBB_DIV_SUBWARP,
    FSBB_DIV_CTE,
    FSBB_DIV_CCC,
    FSBB_DIV_FLAT,
    FSBB_DIV_TILED
} fsbb_div_kernel;

typedef struct fsbb_div_config {
    fsbb_div_kernel kernel;
    fsbb_lb_kind lb;           /* LB1 only with PLAIN */
    fsbb_div_balance balance;
    int subwarp;               /* SUBWARP: 2, 4, 8, 16 or 32 */
    int chunk;                 /* CCC and FLAT: pairs per step (1 or more) */
    double loading_ratio;      /* FLAT: tasks per thread; <= 0 for the adaptive ratio */
    int block_size;            /* threads per block, a multiple of 32 up to 1024 (STEAL: up to 1024) */
    fsbb_div_throttle throttle;
    double cache_bytes;        /* TILED: the capacity each partition's data must fit */
} fsbb_div_config;

/* The names used by the benchmarks and options ("plain", "cte", "central", "cfq", ...). */
const char *fsbb_div_kernel_name(fsbb_div_kernel kernel);
const char *fsbb_div_balance_name(fsbb_div_balance balance);
const char *fsbb_div_throttle_name(fsbb_div_throttle throttle);

/* A config with the defaults: PLAIN, LB2, no balancing, chunk 4, adaptive ratio, blocks
 * of 128, no throttling, 192 KiB of cache. */
void fsbb_div_config_default(fsbb_div_config *config);

typedef struct fsbb_div_bounder fsbb_div_bounder;

/* Uploads d's tables (d is copied) and allocates room for pools of max_pool nodes. */
fsbb_status fsbb_div_bounder_new(const fsbb_bound_data *d, int max_pool, fsbb_div_bounder **out, fsbb_error *err);
void fsbb_div_bounder_free(fsbb_div_bounder *bounder);

/* Copies pool (count <= max_pool) to the device; later runs bound it. */
fsbb_status fsbb_div_bounder_load(fsbb_div_bounder *bounder, const fsbb_gpu_pool *pool, fsbb_error *err);

/* Bounds the loaded pool against ub with config; bounds (count ints, may be NULL) receives
 * them; *kernel_ms (may be NULL) the time of the kernels, from CUDA events. */
fsbb_status fsbb_div_bounder_run(fsbb_div_bounder *bounder, const fsbb_div_config *config, int ub, int *bounds,
                                 double *kernel_ms, fsbb_error *err);

/* warmup runs, then the median kernel time of repeats runs. */
fsbb_status fsbb_div_bounder_time(fsbb_div_bounder *bounder, const fsbb_div_config *config, int ub, int warmup,
                                  int repeats, double *median_ms, fsbb_error *err);

/* The PLAIN kernel with CUIRRE's diagnostics: one task (node) per thread; appends each
 * node's body clocks and each warp's head and tail to trace. */
fsbb_status fsbb_div_bounder_diagnose(fsbb_div_bounder *bounder, fsbb_lb_kind lb, int ub, fsbb_trace *trace,
                                      fsbb_error *err);

/* What the last TILED run did: partitions (leaves), kernels launched, and the adaptive
 * loading ratio of the last FLAT run. */
typedef struct fsbb_div_report {
    int partitions;
    int launches;
    double loading_ratio;
    int blocks;
} fsbb_div_report;
void fsbb_div_bounder_report(const fsbb_div_bounder *bounder, fsbb_div_report *report);

#ifdef __cplusplus
}
#endif

#endif
