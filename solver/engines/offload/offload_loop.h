/* offload_loop.h — the host loop of the offload design (Chakroun et al.): the CPU pops
 * parents from a depth-first stack of open nodes, branches them and writes their children,
 * unbounded, into pools; a pool bounder (the GPU in search_offload_cuda.c, a CPU stand-in
 * in the tests) bounds a whole pool; children under the incumbent are pushed, the others
 * pruned. Two pool slots alternate, so the CPU fills pool k + 1 while pool k is bounded.
 *
 * Branching (options->branch):
 *   fwd, bwd: every child of a popped parent goes into the pool unbounded.
 *   dyn: the CPU bounds both children sets with the batched incremental LB1 (lb1_batch.h)
 *     to choose the direction, exactly as the CPU engine does, and drops the chosen
 *     children whose LB1 already reaches the incumbent; the others go into the pool and
 *     the bounder gives their bound (LB1 again, or max(LB1, LB2), as gpu_pool.h defines it).
 * A popped node with one unscheduled job is a complete schedule: it is evaluated on the
 * CPU and offered to the incumbent.
 *
 * Pools: parents are taken from the top of the stack (the deepest first) while their
 * children still fit, so the open list stays depth-first and its memory bounded. With
 * --pool-order bfs the pool is reordered before bounding (thread-data reordering): the
 * children of one parent stay side by side and parents are grouped by level (prefix and
 * suffix lengths), so a warp sees nodes of one shape; with dfs the pool keeps generation
 * order. Survivors are pushed in generation order either way (per parent the best bound
 * on top, parents in reverse), so the pool order never changes the tree.
 *
 * Counters, as the CPU engine counts them: nodes = parents branched (popped under the
 * incumbent); bounded = the root, the leaves, the 2u CPU LB1 bounds of a dyn parent with
 * u unscheduled jobs, and per pool node the bounds it asked the bounder for: LB1 (not in
 * dyn, where the CPU already counted it) and LB2 (with --lb lb2). With the upper bound at
 * the optimum the tree is fixed and both counters equal the CPU engine's, except bounded
 * with fwd/bwd and LB2 (the CPU engine skips LB2 where LB1 prunes; the pool bounder is
 * asked for both on every node). Custom bounds are applied by the bounder and, as in the
 * CPU engine, not counted.
 *
 * Custom bounds (search->custom_bounds): a bounder that applies them raises the bound of
 * each pool node to the custom bounds' maximum, as the CPU engine does to each child that
 * survives the built-in bound, and the loop bounds the root through it too; a search with
 * custom bounds is refused by a bounder that does not. */
#ifndef FSBB_OFFLOAD_LOOP_H
#define FSBB_OFFLOAD_LOOP_H

#include "gpu_pool.h"
#include "search.h"

#include <stddef.h>
#include <stdint.h>

#define FSBB_OFFLOAD_SLOTS 2
/* Parents popped between two checks of the limits (fsbb_search_should_stop). */
#define FSBB_OFFLOAD_CHECK_EVERY 256
/* Default pool size: about one full wave of an H100 (132 SMs x 2048 threads = 270336;
 * results/gpu-bounding/report.md, finding 4), fewer for large instances (below). */
#define FSBB_OFFLOAD_DEFAULT_POOL 262144
/* A default pool's nodes take at most this many bytes (fsbb_node_size each). */
#define FSBB_OFFLOAD_DEFAULT_POOL_BYTES ((size_t)64 << 20)
/* Out of memory, the pool size is halved down to this floor (or n, when larger). */
#define FSBB_OFFLOAD_POOL_FLOOR 1024

/* Bounds pools of nodes. pool(slot) is the slot's host pool (capacity >= the bounder's
 * capacity): the loop fills it and sets its count; submit starts bounding it against ub
 * (the loop leaves the pool alone until wait); wait blocks until the bound of every node,
 * in pool order, is in *bounds (valid until the slot's next submit). The bound of a node
 * is fsbb_pool_node_bound with the search's options->lb and the ub given to submit, raised
 * to max(that, each custom bound of the search) while below ub (a node at ub may keep any
 * bound >= ub); a bounder that does not apply custom bounds (the divergence kernels) is
 * only run on searches without them (the engine table, engine.h). */
typedef struct fsbb_pool_bounder {
    void *context;
    int capacity;
    fsbb_gpu_pool *(*pool)(void *context, int slot);
    fsbb_status (*submit)(void *context, int slot, int ub, fsbb_error *err);
    fsbb_status (*wait)(void *context, int slot, const int **bounds, fsbb_error *err);
} fsbb_pool_bounder;

/* Where an offload search spent its time and what it sent. */
typedef struct fsbb_offload_stats {
    int pool_capacity;    /* nodes per pool */
    uint64_t pools;       /* pools bounded */
    uint64_t pool_nodes;  /* nodes bounded by the pool bounder */
    uint64_t survivors;   /* of those, pushed (bound under the incumbent) */
    size_t peak_open;     /* most nodes on the open stack at once */
    double fill_s;        /* CPU: popping, branching, leaves, writing pools */
    double wait_s;        /* CPU blocked until a pool's bounds were back */
    double prune_s;       /* CPU: pruning and pushing survivors */
    double total_s;
} fsbb_offload_stats;

/* The pool size for n jobs when options->pool_size is 0: FSBB_OFFLOAD_DEFAULT_POOL,
 * halved while a pool of n-job nodes would exceed FSBB_OFFLOAD_DEFAULT_POOL_BYTES, and
 * never below n (the children of the root must fit in one pool). */
int fsbb_offload_default_pool_size(int n);

/* Refuses what the offload engine does not do (a selection rule other than dfs) and pools
 * of fewer than n nodes. */
fsbb_status fsbb_offload_check(const fsbb_search *search, int capacity, fsbb_error *err);

/* Runs the search of search (from the root, or from search->resume) with bounder; honours
 * the limits and the interrupt, records the open bound when stopped and writes checkpoints
 * when search->checkpoint_path is set. The bounder's capacity must be at least n. stats
 * may be NULL. Checks the search with fsbb_offload_check first. */
fsbb_status fsbb_offload_search(fsbb_search *search, const fsbb_pool_bounder *bounder, fsbb_offload_stats *stats,
                                fsbb_error *err);

/* Opens a bounder of `requested` nodes with open(context, capacity, err); when that fails
 * for lack of memory (FSBB_ERR_MEMORY, or an error whose message says "out of memory"),
 * halves the capacity and tries again, down to floor. Sets *opened to the capacity that
 * worked. Errors other than memory are returned at once; if the floor fails too, the
 * error says so. */
fsbb_status fsbb_offload_open_halving(fsbb_status (*open)(void *context, int capacity, fsbb_error *err),
                                      void *context, int requested, int floor, int *opened, fsbb_error *err);

/* The offload engine with the GPU bounder of gpu_bounder.h, which applies custom GPU
 * bounds too (search_offload_cuda.c; CUDA builds only); FSBB_OK when it ended or a limit or
 * interrupt stopped it. The divergence kernels run the same loop through
 * offload_div_bounder.h. */
fsbb_status fsbb_search_gpu_offload(fsbb_search *search, fsbb_error *err);
/* fsbb_search_gpu_offload with its statistics. */
fsbb_status fsbb_search_gpu_offload_stats(fsbb_search *search, fsbb_offload_stats *stats, fsbb_error *err);

#endif
