/* loading_ratio.c — the loading ratio arithmetic of loading_ratio.h. */
#include "loading_ratio.h"

#include <math.h>

double fsbb_adaptive_loading_ratio(int64_t tasks, int block_size, int sm_count, int blocks_per_sm)
{
    if (tasks < 1 || block_size < 1 || sm_count < 1 || blocks_per_sm < 1)
        return 1.0;
    const double threshold = (double)sm_count * (double)blocks_per_sm;
    const double ratio = (double)tasks / ((double)block_size * threshold);
    return ratio > 1.0 ? ratio : 1.0;
}

int64_t fsbb_loading_ratio_blocks(int64_t tasks, int block_size, double ratio)
{
    if (tasks < 1 || block_size < 1)
        return 1;
    if (ratio < 1.0)
        ratio = 1.0;
    /* ceil, except where rounding put an exact quotient (the adaptive ratio's) a hair above an integer */
    const double exact = (double)tasks / (ratio * (double)block_size);
    const double nearest = floor(exact + 0.5);
    const int64_t blocks = (int64_t)(fabs(exact - nearest) <= 1e-9 * exact ? nearest : ceil(exact));
    return blocks > 0 ? blocks : 1;
}

int64_t fsbb_loading_ratio_tasks_per_block(int64_t tasks, int64_t blocks)
{
    if (blocks < 1)
        blocks = 1;
    return tasks > 0 ? (tasks + blocks - 1) / blocks : 0;
}
