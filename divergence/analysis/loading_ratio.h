/* loading_ratio.h — CUIRRE's loading ratio R (tasks per thread) and the grid it implies.
 * N tasks in blocks of B threads at ratio R take #blocks = N / (R B) blocks (the paper's
 * equation 5); the adaptive ratio keeps just enough blocks to fill the GPU, #blocks = the
 * block threshold = SMs x resident blocks per SM, so R = N / (B x threshold), and never
 * below 1 (a thread always has at least one task). Plain C: the SM count and the resident
 * blocks per SM come from the CUDA occupancy query (task_pool.cuh). */
#ifndef FSBB_LOADING_RATIO_H
#define FSBB_LOADING_RATIO_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The adaptive loading ratio; 1 when any argument is below 1. */
double fsbb_adaptive_loading_ratio(int64_t tasks, int block_size, int sm_count, int blocks_per_sm);

/* Blocks of block_size threads that run tasks at loading ratio ratio (>= 1): ceil(N / (R B)),
 * at least 1. */
int64_t fsbb_loading_ratio_blocks(int64_t tasks, int block_size, double ratio);

/* Tasks each block owns in a distributed pool: ceil(tasks / blocks), so the blocks of
 * fsbb_loading_ratio_blocks cover every task. */
int64_t fsbb_loading_ratio_tasks_per_block(int64_t tasks, int64_t blocks);

#ifdef __cplusplus
}
#endif

#endif
