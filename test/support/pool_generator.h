/* pool_generator.h — pools of realistic nodes for GPU bounding experiments and tests: the
 * children produced by forward branching from the root of an instance, pruned with LB1
 * against an upper bound, in the order a breadth-first or a depth-first search would
 * generate them (the two pool kinds of Chakroun et al.'s thread-data reordering). */
#ifndef FSBB_POOL_GENERATOR_H
#define FSBB_POOL_GENERATOR_H

#include "bound_data.h"
#include "flowshopbb.h"
#include "gpu_pool.h"
#include "options.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fills pool (count set, up to its capacity) with the surviving children (LB1 < ub) of
 * successive parents, starting from the root:
 *   FSBB_POOL_ORDER_BFS: parents from the head of a FIFO queue, as in the paper: levels
 *     in increasing order (a few neighbouring levels), children of one parent side by side;
 *   FSBB_POOL_ORDER_DFS: parents from the top of a stack, children pushed so that the best
 *     bound is expanded first: the depths of a dive and of its backtracks mixed.
 * Children keep their generation order, so a pool is a prefix of any larger pool built the
 * same way. Complete schedules (leaves) are kept in the pool but not expanded. The pool
 * holds fewer nodes than its capacity only when the pruned tree has fewer. */
fsbb_status fsbb_pool_generate(const fsbb_bound_data *d, fsbb_pool_order order, int ub, fsbb_gpu_pool *pool,
                               fsbb_error *err);

#ifdef __cplusplus
}
#endif

#endif
