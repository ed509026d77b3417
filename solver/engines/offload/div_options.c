/* div_options.c — the mapping of div_options.h from the divergence options to a kernel
 * configuration, and its refusals. */
#include "div_options.h"

#include "error.h"

#include <stdio.h>

int fsbb_div_options_active(const fsbb_div_options *div)
{
    return div->balance != FSBB_DIV_BALANCE_NONE || div->loading_ratio > 0 || div->ccc || div->cte ||
           div->subwarp > 0 || div->throttle != FSBB_DIV_THROTTLE_NONE || div->diagnose_path;
}

static int task_pool(fsbb_div_balance balance)
{
    return balance == FSBB_DIV_BALANCE_CENTRAL || balance == FSBB_DIV_BALANCE_DISTRIBUTED ||
           balance == FSBB_DIV_BALANCE_STEAL;
}

int fsbb_div_options_lack_lb2(const fsbb_options *options)
{
    const fsbb_div_options *div = &options->divergence;
    return options->lb == FSBB_LB1 && (div->cte || div->ccc || div->subwarp > 0 ||
                                       div->balance != FSBB_DIV_BALANCE_NONE || div->throttle != FSBB_DIV_THROTTLE_NONE);
}

/* fsbb_div_options_config but for the bound: the kernel configuration, or the refusal of a
 * combination of techniques. */
static fsbb_status configure(const fsbb_options *options, fsbb_div_config *config, fsbb_error *err)
{
    const fsbb_div_options *div = &options->divergence;
    fsbb_div_config_default(config);
    config->lb = options->lb;
    config->block_size = options->block_size;
    config->balance = div->balance;
    config->loading_ratio = div->loading_ratio;

    /* Each technique that picks a kernel, as the user wrote it. */
    char chosen[2][48];
    int count = 0;
    const struct {
        int on;
        fsbb_div_kernel kernel;
        const char *name;
        const char *value;
    } techniques[] = {
        {div->cte, FSBB_DIV_CTE, "cte", "on"},
        {div->ccc, FSBB_DIV_CCC, "ccc", "on"},
        {div->subwarp > 0, FSBB_DIV_SUBWARP, "subwarp", NULL},
        {task_pool(div->balance), FSBB_DIV_FLAT, "balance", fsbb_div_balance_name(div->balance)},
        {div->throttle != FSBB_DIV_THROTTLE_NONE, FSBB_DIV_TILED, "throttle", fsbb_div_throttle_name(div->throttle)},
    };
    for (size_t t = 0; t < sizeof techniques / sizeof *techniques; t++) {
        if (!techniques[t].on)
            continue;
        if (count < 2) {
            if (techniques[t].value)
                snprintf(chosen[count], sizeof chosen[count], "%s %s", techniques[t].name, techniques[t].value);
            else
                snprintf(chosen[count], sizeof chosen[count], "%s %d", techniques[t].name, div->subwarp);
        }
        count++;
        config->kernel = techniques[t].kernel;
    }
    if (count > 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "--%s and --%s each choose the LB2 bound kernel: use one of them at a time", chosen[0],
                         chosen[1]);
    config->subwarp = div->subwarp > 0 ? div->subwarp : config->subwarp;
    config->throttle = div->throttle;
    if (div->loading_ratio > 0 && !task_pool(div->balance))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "--loading-ratio sets the task pools of --balance central|distributed|steal");
    if (div->balance == FSBB_DIV_BALANCE_PERSISTENT && config->kernel == FSBB_DIV_TILED)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--balance persistent does not combine with --throttle %s",
                         fsbb_div_throttle_name(div->throttle));
    return FSBB_OK;
}

fsbb_status fsbb_div_options_check_combination(const fsbb_options *options, fsbb_error *err)
{
    fsbb_div_config config;
    return configure(options, &config, err);
}

fsbb_status fsbb_div_options_check_bound(const fsbb_options *options, fsbb_error *err)
{
    if (fsbb_div_options_lack_lb2(options))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "the divergence techniques work on LB2's machine-pair loop: use --lb lb2 (with --lb lb1 "
                         "only --diagnose applies)");
    return FSBB_OK;
}

fsbb_status fsbb_div_options_config(const fsbb_options *options, fsbb_div_config *config, fsbb_error *err)
{
    const fsbb_status status = configure(options, config, err);
    return status != FSBB_OK ? status : fsbb_div_options_check_bound(options, err);
}
