/* gpu_nocuda.c — the GPU entry points of a build made without CUDA: no GPU is available,
 * and everything that needs one fails with FSBB_ERR_NO_GPU. */
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

void fsbb_gpu_bounder_free(fsbb_gpu_bounder *bounder)
{
    (void)bounder;
}

fsbb_status fsbb_gpu_bounder_set_mode(fsbb_gpu_bounder *bounder, fsbb_refactor_kind refactor, fsbb_lb_kind lb,
                                      fsbb_error *err)
{
    (void)bounder;
    (void)refactor;
    (void)lb;
    return no_gpu(err, "GPU bounding");
}

fsbb_status fsbb_gpu_bounder_place_tables(fsbb_gpu_bounder *bounder, fsbb_gpu_tables where, fsbb_error *err)
{
    (void)bounder;
    (void)where;
    return no_gpu(err, "GPU bounding");
}

const char *fsbb_gpu_bounder_tables_name(const fsbb_gpu_bounder *bounder)
{
    (void)bounder;
    return "none (no CUDA)";
}

void fsbb_gpu_bounder_set_refiner(fsbb_gpu_bounder *bounder, fsbb_gpu_pool_refiner refine, void *context)
{
    (void)bounder;
    (void)refine;
    (void)context;
}

fsbb_bound_pool *fsbb_gpu_bounder_pool(fsbb_gpu_bounder *bounder, int slot)
{
    (void)bounder;
    (void)slot;
    return NULL;
}

fsbb_status fsbb_gpu_bounder_submit(fsbb_gpu_bounder *bounder, int slot, int ub, fsbb_error *err)
{
    (void)bounder;
    (void)slot;
    (void)ub;
    return no_gpu(err, "GPU bounding");
}

fsbb_status fsbb_gpu_bounder_wait(fsbb_gpu_bounder *bounder, int slot, const int **lbs, fsbb_error *err)
{
    (void)bounder;
    (void)slot;
    *lbs = NULL;
    return no_gpu(err, "GPU bounding");
}

fsbb_status fsbb_gpu_bounder_clear_bounds(fsbb_gpu_bounder *bounder, int slot, fsbb_error *err)
{
    (void)bounder;
    (void)slot;
    return no_gpu(err, "GPU bounding");
}

fsbb_status fsbb_gpu_bounder_time(fsbb_gpu_bounder *bounder, int slot, int ub, int warmup, int repeats,
                                  fsbb_gpu_timing *median, fsbb_error *err)
{
    (void)bounder;
    (void)slot;
    (void)ub;
    (void)warmup;
    (void)repeats;
    (void)median;
    return no_gpu(err, "GPU bounding");
}
