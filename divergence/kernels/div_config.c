/* div_config.c — the defaults and the names of div_bounder.h's kernels, balancing schemes and
 * throttling schedules (shared by the CUDA and CPU-only builds). */
#include "div_bounder.h"

#include <string.h>

static const char *kernel_names[] = {"plain", "packed", "subwarp", "cte", "ccc", "flat", "tiled"};
const char *const fsbb_div_balance_names[] = {"none", "central", "distributed", "steal", "persistent", NULL};
const char *const fsbb_div_throttle_names[] = {"none", "cf", "cfq", "sj", "sjq", NULL};

#define COUNT(a) ((int)(sizeof a / sizeof *a))

const char *fsbb_div_kernel_name(fsbb_div_kernel kernel)
{
    return (int)kernel >= 0 && (int)kernel < COUNT(kernel_names) ? kernel_names[kernel] : "?";
}

const char *fsbb_div_balance_name(fsbb_div_balance balance)
{
    return (int)balance >= 0 && (int)balance < COUNT(fsbb_div_balance_names) - 1 ? fsbb_div_balance_names[balance]
                                                                                : "?";
}

const char *fsbb_div_throttle_name(fsbb_div_throttle throttle)
{
    return (int)throttle >= 0 && (int)throttle < COUNT(fsbb_div_throttle_names) - 1 ? fsbb_div_throttle_names[throttle]
                                                                                  : "?";
}

void fsbb_div_config_default(fsbb_div_config *config)
{
    memset(config, 0, sizeof *config);
    config->kernel = FSBB_DIV_PLAIN;
    config->lb = FSBB_LB2;
    config->balance = FSBB_DIV_BALANCE_NONE;
    config->subwarp = 8;
    config->chunk = 4;
    config->loading_ratio = 0;
    config->block_size = 128;
    config->throttle = FSBB_DIV_THROTTLE_NONE;
    config->cache_bytes = 192.0 * 1024.0;
}
