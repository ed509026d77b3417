/* gpu_bounder_nocuda.c — the GPU bounder (gpu_bounder.h) of a build made without CUDA:
 * opening one fails with FSBB_ERR_NO_GPU. (Its other functions are only called by CUDA
 * builds.) */
#include "error.h"
#include "gpu_bounder.h"

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
    return fsbb_fail(err, FSBB_ERR_NO_GPU, "GPU bounding: this build of flowshop-bb was made without "
                                           "CUDA");
}
