/* gpu_custom_bound_nocuda.c — custom GPU bounds in a build made without CUDA: nothing can
 * be compiled or run, and every function fails with FSBB_ERR_NO_GPU. */
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

fsbb_status fsbb_gpu_custom_bounds_new(const fsbb_custom_bound *bounds, int count, const fsbb_bound_data *d,
                                       int device, fsbb_gpu_custom_bounds **out, fsbb_error *err)
{
    (void)bounds;
    (void)count;
    (void)d;
    (void)device;
    if (out)
        *out = NULL;
    return no_cuda(err);
}

void fsbb_gpu_custom_bounds_free(fsbb_gpu_custom_bounds *custom)
{
    (void)custom;
}

int fsbb_gpu_custom_bounds_count(const fsbb_gpu_custom_bounds *custom)
{
    (void)custom;
    return 0;
}

fsbb_status fsbb_gpu_custom_bounds_evaluate_nodes(fsbb_gpu_custom_bounds *custom, const void *nodes, int count,
                                                  int ub, int *lbs, void *stream, fsbb_error *err)
{
    (void)custom;
    (void)nodes;
    (void)count;
    (void)ub;
    (void)lbs;
    (void)stream;
    return no_cuda(err);
}

fsbb_status fsbb_gpu_custom_bounds_evaluate_pool(fsbb_gpu_custom_bounds *custom, const fsbb_job *perm, int capacity,
                                                 const int16_t *front_len, const int16_t *back_len, int count,
                                                 int ub, int *lbs, void *stream, fsbb_error *err)
{
    (void)custom;
    (void)perm;
    (void)capacity;
    (void)front_len;
    (void)back_len;
    (void)count;
    (void)ub;
    (void)lbs;
    (void)stream;
    return no_cuda(err);
}

fsbb_status fsbb_gpu_custom_bounds_evaluate_host_nodes(fsbb_gpu_custom_bounds *custom, const fsbb_node *nodes,
                                                       int count, int ub, int *lbs, fsbb_error *err)
{
    (void)custom;
    (void)nodes;
    (void)count;
    (void)ub;
    (void)lbs;
    return no_cuda(err);
}

fsbb_status fsbb_gpu_custom_bounds_evaluate_host_pool(fsbb_gpu_custom_bounds *custom, const fsbb_job *perm,
                                                      int capacity, const int16_t *front_len,
                                                      const int16_t *back_len, int count, int ub, int *lbs,
                                                      fsbb_error *err)
{
    (void)custom;
    (void)perm;
    (void)capacity;
    (void)front_len;
    (void)back_len;
    (void)count;
    (void)ub;
    (void)lbs;
    return no_cuda(err);
}
