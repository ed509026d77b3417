/* gpu_check.h — helpers of the GPU tests: instances (Taillard's and random ones), pools of
 * random nodes, and the comparison of the GPU bounder against the CPU pool bound for every
 * refactor mode and both bounds. */
#ifndef FSBB_TEST_GPU_CHECK_H
#define FSBB_TEST_GPU_CHECK_H

#include "bound_data.h"
#include "gpu_bounder.h"
#include "gpu_pool.h"

/* The seed of this run's random inputs (FSBB_TEST_SEED, else the clock; printed once). */
unsigned gpu_check_seed(void);
/* xorshift step; a uniform integer in [low, high]. */
int gpu_check_uniform(unsigned *state, int low, int high);

/* Bound tables of a Taillard instance ("ta001"..."ta120", taillard.h); best_known may be NULL. */
void gpu_check_taillard(const char *name, fsbb_bound_data *d, int *best_known);
/* Bound tables of an n x m instance with times in [1, max_time]. */
void gpu_check_random_instance(unsigned *state, int n, int m, int max_time, fsbb_bound_data *d);
/* Fills pool (capacity nodes) with random permutations, prefixes and suffixes. */
void gpu_check_random_nodes(unsigned *state, fsbb_gpu_pool *pool);
/* Makespan of the identity order: a valid upper bound. */
int gpu_check_identity_makespan(const fsbb_bound_data *d);

/* Copies pool into the bounder's slot (its capacity must be at least pool->count). */
void gpu_check_load_slot(fsbb_gpu_bounder *bounder, int slot, const fsbb_gpu_pool *pool);
/* The CPU pool bound of every node of pool. */
void gpu_check_reference(const fsbb_bound_data *d, fsbb_lb_kind lb, const fsbb_gpu_pool *pool, int ub,
                         int *bounds);
/* The median LB1 of a pool: an incumbent that LB2 reaches on some nodes and not on others. */
int gpu_check_median_lb1(const fsbb_bound_data *d, const fsbb_gpu_pool *pool);
/* Bounds pool on the GPU in the bounder's current mode and returns the number of nodes
 * whose bound differs from reference (the first few are printed, tagged with what). */
int gpu_check_slot_against(fsbb_gpu_bounder *bounder, int slot, int ub, const int *reference, int count,
                           const char *what);
/* Every refactor mode with LB1 and LB2 one node a thread, and LB2 by lane groups of 8, 16
 * and 32 lanes, blocks of block_size, tables placed as asked: mismatches over all runs (a
 * refusal counts as one). */
int gpu_check_all_modes(const fsbb_bound_data *d, const fsbb_gpu_pool *pool, int ub, int block_size,
                        fsbb_gpu_tables where, const char *what);

/* Custom GPU bound source defining gpu_lb1: LB1 (bounds/lb1.h) from the fields of
 * fsbb_gpu_node, with static heads, tails and minimum times over all jobs. */
extern const char gpu_check_lb1_source[];

#endif
