/* gpu_custom_bound_nocuda.c — custom GPU bounds in a build made without CUDA: nothing can
 * be compiled, and the public check of a bound's GPU source fails with FSBB_ERR_NO_GPU. The
 * rest of gpu_custom_bound.h is only called by CUDA builds. */
#include "error.h"
#include "gpu_custom_bound.h"

#include <stddef.h>

static fsbb_status no_cuda(fsbb_error *err)
{
    return fsbb_fail(err, FSBB_ERR_NO_GPU, "custom GPU bounds: this build of libflowshopbb was made without CUDA");
}

fsbb_status fsbb_bound_check_gpu_source(const fsbb_bound_definition *bound, int jobs, int machines,
                                        fsbb_error *err)
{
    (void)bound;
    (void)jobs;
    (void)machines;
    return no_cuda(err);
}
