/* gpu_pool.h — a pool of nodes laid out for GPU bounding (structure of arrays: position i
 * of every node's permutation side by side, so that the threads of a warp read one
 * position of 32 nodes in one coalesced access), and the bound the GPU kernels compute,
 * evaluated on the CPU with the code of bounds/ (the reference for tests and the
 * single-thread baseline of the benchmarks).
 *
 * Names: a pool holds nodes, a bounder bounds the nodes of a pool. fsbb_node_pool is a CPU
 * worker's open nodes (node_pool.h), fsbb_gpu_pool nodes laid out for a GPU to bound (this
 * file); fsbb_pool_bounder is what the offload loop asks to bound a GPU pool
 * (offload_loop.h), and fsbb_gpu_bounder and fsbb_div_bounder are its two GPU kinds: the
 * code of bounds/ one node per thread (gpu_bounder.h) and the divergence kernels
 * (div_bounder.h). A file is named after the type it holds. */
#ifndef FSBB_GPU_POOL_H
#define FSBB_GPU_POOL_H

#include "bound_data.h"
#include "bound_kind.h"
#include "flowshopbb.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The order in which an engine fills the pools: breadth-first (a FIFO of parents, children
 * of one parent side by side) or depth-first. */
typedef enum { FSBB_POOL_ORDER_BFS, FSBB_POOL_ORDER_DFS } fsbb_pool_order;

typedef struct fsbb_gpu_pool {
    int n;              /* jobs per permutation */
    int capacity;       /* nodes the arrays hold */
    int count;          /* nodes in the pool */
    fsbb_job *perm;     /* n x capacity: perm[i * capacity + node] is position i of node */
    int16_t *front_len; /* capacity: length of each node's scheduled prefix */
    int16_t *back_len;  /* capacity: length of each node's scheduled suffix */
} fsbb_gpu_pool;

/* Allocates an empty pool on the host heap. */
fsbb_status fsbb_gpu_pool_init(fsbb_gpu_pool *pool, int n, int capacity, fsbb_error *err);
void fsbb_gpu_pool_free(fsbb_gpu_pool *pool);

/* Writes node `node` (perm in the layout of bound_data.h). */
void fsbb_gpu_pool_put(fsbb_gpu_pool *pool, int node, const fsbb_job *perm, int front_len, int back_len);
/* Reads the permutation of node `node` into perm (n jobs). */
void fsbb_gpu_pool_get(const fsbb_gpu_pool *pool, int node, fsbb_job *perm);

/* The pool bound of one node, as the GPU kernels define it:
 *   LB1: fsbb_lb1 of the node;
 *   LB2: max(LB1, fsbb_lb2(..., ub)) when the node has unscheduled jobs and LB1 < ub, else LB1
 *        (LB2 stops at ub exactly as fsbb_lb2 does, so a bound >= ub may be below the full LB2).
 * scratch holds 3 * m ints, unscheduled n bytes. */
int fsbb_pool_node_bound(const fsbb_bound_data *d, fsbb_lb_kind lb, const fsbb_job *perm, int front_len,
                         int back_len, int ub, int *scratch, unsigned char *unscheduled);

#ifdef __cplusplus
}
#endif

#endif
