/* gpu_nocuda.c — the GPU entry points of a build made without CUDA: no GPU is available,
 * and a GPU search or GPU bounder fails with FSBB_ERR_NO_GPU. (The rest of gpu_bounder.h,
 * div_bounder.h and gpu_custom_bound.h is only called by CUDA builds.) */
#include "error.h"
#include "gpu_bounder.h"
#include "search.h"

#include <stddef.h>

static fsbb_status no_gpu(fsbb_error *err, const char *what)
{
    return fsbb_fail(err, FSBB_ERR_NO_GPU, "%s: this build of flowshop-bb was made without CUDA", what);
}

int fsbb_gpu_available(char *name_out, int size)
{
    (void)name_out;
    (void)size;
    return 0;
}

void fsbb_gpu_warm_up_start(fsbb_gpu_warm_up *warm_up, int m, fsbb_lb_kind lb)
{
    (void)m;
    (void)lb;
    warm_up->started = 0;
}

void fsbb_gpu_warm_up_finish(fsbb_gpu_warm_up *warm_up)
{
    (void)warm_up;
}

int fsbb_gpu_choose(int index, char *name_out, int size)
{
    (void)index;
    (void)name_out;
    (void)size;
    return -1;
}

fsbb_status fsbb_search_gpu(fsbb_search *search, fsbb_error *err)
{
    (void)search;
    return no_gpu(err, "--device gpu");
}

fsbb_status fsbb_gpu_bounder_new(const fsbb_bound_data *d, int max_pool, int block_size,
                                 fsbb_refactor_kind refactor, fsbb_lb_kind lb, fsbb_gpu_bounder **out,
                                 fsbb_error *err)
{
    (void)d;
    (void)max_pool;
    (void)block_size;
    (void)refactor;
    (void)lb;
    *out = NULL;
    return no_gpu(err, "GPU bounding");
}
