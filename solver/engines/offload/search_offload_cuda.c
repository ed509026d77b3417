/* search_offload_cuda.c — fsbb_search_gpu_offload: the offload loop of offload_loop.h with
 * the GPU bounder of gpu_bounder.h behind it (two pinned pool slots, each with its own stream,
 * so the CPU fills one while the GPU bounds the other). The pool size is --pool-size or
 * fsbb_offload_default_pool_size; when the GPU or the host cannot hold two pools of that
 * size, it is halved down to a floor before giving up. Custom bounds are compiled once
 * with NVRTC (gpu_custom_bound.h) and run on each pool after the built-in bound, on the
 * same stream, before the bounds come back. (The divergence options' solves run the same
 * loop with the divergence kernels: offload_div_bounder.h.) */
#include "offload_loop.h"

#include "error.h"
#include "gpu_bounder.h"
#include "gpu_custom_bound.h"
#include "host_device.h"

#include <stdio.h>

typedef struct gpu_opening {
    const fsbb_search *search;
    fsbb_gpu_custom_bounds *custom;  /* the search's custom bounds, compiled; NULL: none */
    fsbb_gpu_bounder *bounder;
} gpu_opening;

/* The custom bounds as the bounder's second pass over each pool. */
static fsbb_status apply_custom_bounds(void *context, const fsbb_job *perm, int capacity, const int16_t *front_len,
                                       const int16_t *back_len, int count, int ub, int *lbs, void *stream,
                                       fsbb_error *err)
{
    return fsbb_gpu_custom_bounds_evaluate_pool(context, perm, capacity, front_len, back_len, count, ub, lbs, stream,
                                                err);
}

static fsbb_status open_bounder(void *context, int capacity, fsbb_error *err)
{
    gpu_opening *opening = context;
    const fsbb_options *options = opening->search->options;
    const fsbb_status status = fsbb_gpu_bounder_new(opening->search->data, capacity, options->block_size,
                                                    options->refactor, options->lb, &opening->bounder, err);
    if (status == FSBB_OK && opening->custom)
        fsbb_gpu_bounder_set_refiner(opening->bounder, apply_custom_bounds, opening->custom);
    return status;
}

/* Compiles the search's custom bounds for the GPU (NVRTC); *out stays NULL without any.
 * Every custom bound has GPU source here (the engine table, engine.h): the CPU functions
 * are not run. */
static fsbb_status compile_custom_bounds(const fsbb_search *search, fsbb_gpu_custom_bounds **out, fsbb_error *err)
{
    *out = NULL;
    if (search->custom_bound_count == 0)
        return FSBB_OK;
    return fsbb_gpu_custom_bounds_new(search->custom_bounds, search->custom_bound_count, search->data, 0, out, err);
}

static fsbb_gpu_pool *slot_pool(void *context, int slot)
{
    return fsbb_gpu_bounder_pool(context, slot);
}

static fsbb_status slot_submit(void *context, int slot, int ub, fsbb_error *err)
{
    const fsbb_status status = fsbb_gpu_bounder_submit(context, slot, ub, err);
    return status == FSBB_OK ? FSBB_OK : fsbb_fail_in(err, status, "GPU offload engine, submitting a pool");
}

static fsbb_status slot_wait(void *context, int slot, const int **bounds, fsbb_error *err)
{
    const fsbb_status status = fsbb_gpu_bounder_wait(context, slot, bounds, err);
    return status == FSBB_OK ? FSBB_OK : fsbb_fail_in(err, status, "GPU offload engine, bounding a pool");
}

fsbb_status fsbb_search_gpu_offload_stats(fsbb_search *search, fsbb_offload_stats *stats, fsbb_error *err)
{
    const int n = search->data->n;
    const int requested = search->options->pool_size > 0 ? search->options->pool_size
                                                         : fsbb_offload_default_pool_size(n);
    fsbb_status status = fsbb_offload_check(search, requested, err);
    if (status != FSBB_OK)
        return status;
    const int floor = FSBB_MIN(requested, FSBB_MAX(n, FSBB_OFFLOAD_POOL_FLOOR));
    gpu_opening opening = {.search = search, .custom = NULL, .bounder = NULL};
    status = compile_custom_bounds(search, &opening.custom, err);
    if (status != FSBB_OK)
        return status;
    int capacity = 0;
    status = fsbb_offload_open_halving(open_bounder, &opening, requested, floor, &capacity, err);
    if (status != FSBB_OK) {
        fsbb_gpu_custom_bounds_free(opening.custom);
        return fsbb_fail_in(err, status, "GPU offload engine, starting");
    }
    const fsbb_pool_bounder bounder = {
        .context = opening.bounder,
        .capacity = capacity,
        .pool = slot_pool,
        .submit = slot_submit,
        .wait = slot_wait,
    };
    status = fsbb_offload_search(search, &bounder, stats, err);
    fsbb_gpu_bounder_free(opening.bounder);
    fsbb_gpu_custom_bounds_free(opening.custom);
    return status;
}

fsbb_status fsbb_search_gpu_offload(fsbb_search *search, fsbb_error *err)
{
    return fsbb_search_gpu_offload_stats(search, NULL, err);
}
