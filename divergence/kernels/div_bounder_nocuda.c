/* div_bounder_nocuda.c — the divergence bounder of a build made without CUDA: every entry
 * point that needs a GPU fails with FSBB_ERR_NO_GPU. */
#include "div_bounder.h"

#include "error.h"

#include <stddef.h>
#include <string.h>

fsbb_status fsbb_div_bounder_new(const fsbb_bound_data *d, int max_pool, fsbb_div_bounder **out, fsbb_error *err)
{
    (void)d;
    (void)max_pool;
    *out = NULL;
    return fsbb_fail(err, FSBB_ERR_NO_GPU, "the divergence kernels: this build of flowshop-bb was made without CUDA");
}

void fsbb_div_bounder_free(fsbb_div_bounder *bounder)
{
    (void)bounder;
}

fsbb_status fsbb_div_bounder_load(fsbb_div_bounder *bounder, const fsbb_bound_pool *pool, fsbb_error *err)
{
    (void)bounder;
    (void)pool;
    return fsbb_fail(err, FSBB_ERR_NO_GPU, "no GPU in this build");
}

fsbb_status fsbb_div_bounder_run(fsbb_div_bounder *bounder, const fsbb_div_config *config, int ub, int *bounds,
                                 double *kernel_ms, fsbb_error *err)
{
    (void)bounder;
    (void)config;
    (void)ub;
    (void)bounds;
    (void)kernel_ms;
    return fsbb_fail(err, FSBB_ERR_NO_GPU, "no GPU in this build");
}

fsbb_status fsbb_div_bounder_time(fsbb_div_bounder *bounder, const fsbb_div_config *config, int ub, int warmup,
                                  int repeats, double *median_ms, fsbb_error *err)
{
    (void)bounder;
    (void)config;
    (void)ub;
    (void)warmup;
    (void)repeats;
    (void)median_ms;
    return fsbb_fail(err, FSBB_ERR_NO_GPU, "no GPU in this build");
}

fsbb_status fsbb_div_bounder_diagnose(fsbb_div_bounder *bounder, fsbb_lb_kind lb, int ub, fsbb_trace *trace,
                                      fsbb_error *err)
{
    (void)bounder;
    (void)lb;
    (void)ub;
    (void)trace;
    return fsbb_fail(err, FSBB_ERR_NO_GPU, "no GPU in this build");
}

void fsbb_div_bounder_report(const fsbb_div_bounder *bounder, fsbb_div_report *report)
{
    (void)bounder;
    memset(report, 0, sizeof *report);
}
