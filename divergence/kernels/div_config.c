/* div_config.c — the defaults and the names of div_bounder.h's kernels, balancing schemes and
 * throttling schedules (shared by the CUDA and CPU-only builds). */
#include "div_bounder.h"

#include "error.h"

#include <string.h>

static const char *kernel_names[] = {"plain", "packed", "subwarp", "cte", "ccc", "flat", "tiled"};
static const char *balance_names[] = {"none", "central", "distributed", "steal", "persistent"};
static const char *throttle_names[] = {"none", "cf", "cfq", "sj", "sjq"};

#define COUNT(a) ((int)(sizeof a / sizeof *a))

const char *fsbb_div_kernel_name(fsbb_div_kernel kernel)
{
    return (int)kernel >= 0 && (int)kernel < COUNT(kernel_names) ? kernel_names[kernel] : "?";
}

const char *fsbb_div_balance_name(fsbb_div_balance balance)
{
    return (int)balance >= 0 && (int)balance < COUNT(balance_names) ? balance_names[balance] : "?";
}

const char *fsbb_div_throttle_name(fsbb_div_throttle throttle)
{
    return (int)throttle >= 0 && (int)throttle < COUNT(throttle_names) ? throttle_names[throttle] : "?";
}

static fsbb_status parse(const char *name, const char **names, int count, int *value, const char *what,
                         fsbb_error *err)
{
    for (int i = 0; i < count; i++)
        if (name && strcmp(name, names[i]) == 0) {
            *value = i;
            return FSBB_OK;
        }
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "unknown %s '%s'", what, name ? name : "(null)");
}

fsbb_status fsbb_div_parse_kernel(const char *name, fsbb_div_kernel *kernel, fsbb_error *err)
{
    int value = 0;
    const fsbb_status status = parse(name, kernel_names, COUNT(kernel_names), &value, "bound kernel", err);
    *kernel = (fsbb_div_kernel)value;
    return status;
}

fsbb_status fsbb_div_parse_balance(const char *name, fsbb_div_balance *balance, fsbb_error *err)
{
    int value = 0;
    const fsbb_status status = parse(name, balance_names, COUNT(balance_names), &value, "balancing scheme", err);
    *balance = (fsbb_div_balance)value;
    return status;
}

fsbb_status fsbb_div_parse_throttle(const char *name, fsbb_div_throttle *throttle, fsbb_error *err)
{
    int value = 0;
    const fsbb_status status = parse(name, throttle_names, COUNT(throttle_names), &value, "throttling schedule", err);
    *throttle = (fsbb_div_throttle)value;
    return status;
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
