/* engines.c — the engine table and the choice of a solve's engine (engine.h). */
#include "engine.h"

#include "div_options.h"
#include "error.h"
#include "offload_div_bounder.h"
#include "offload_loop.h"
#include "resident_search.h"
#include "search_cpu.h"

#include <string.h>

/* A GPU engine's functions exist in CUDA builds only. */
#ifdef FSBB_HAVE_CUDA
#define CUDA_ONLY(function) function
#else
#define CUDA_ONLY(function) NULL
#endif

#define EVERY_BOUND ((1u << FSBB_LB1) | (1u << FSBB_LB2) | (1u << FSBB_LB_AUTO))

#ifdef FSBB_HAVE_CUDA
/* The offload engine with the divergence kernels, without statistics. */
static fsbb_status search_offload_divergence(fsbb_search *search, fsbb_error *err)
{
    return fsbb_search_offload_div(search, NULL, err);
}
#endif

static const fsbb_engine engines[] = {
    {.name = "resident", .device = FSBB_DEVICE_GPU, .gpu_engine = FSBB_GPU_RESIDENT, .bounds = EVERY_BOUND,
     .default_lb = FSBB_LB_AUTO, .custom = FSBB_ENGINE_CUSTOM_NONE, .divergence = 0, .threads = 0, .party = 1,
     .run = CUDA_ONLY(fsbb_search_gpu_resident),
     .warm_up = CUDA_ONLY(fsbb_resident_warm_up)},
    {.name = "offload", .device = FSBB_DEVICE_GPU, .gpu_engine = FSBB_GPU_OFFLOAD, .bounds = EVERY_BOUND,
     .default_lb = FSBB_LB1, .custom = FSBB_ENGINE_CUSTOM_GPU_SOURCE, .divergence = 0, .threads = 1, .run = CUDA_ONLY(fsbb_search_gpu_offload)},
    {.name = "offload", .device = FSBB_DEVICE_GPU, .gpu_engine = FSBB_GPU_OFFLOAD, .bounds = EVERY_BOUND,
     .default_lb = FSBB_LB1, .custom = FSBB_ENGINE_CUSTOM_NONE, .divergence = 1, .threads = 1, .run = CUDA_ONLY(search_offload_divergence)},
    {.name = "cpu", .device = FSBB_DEVICE_CPU, .bounds = EVERY_BOUND, .default_lb = FSBB_LB_AUTO, .custom = FSBB_ENGINE_CUSTOM_CPU,
     .divergence = 0, .threads = 1, .party = 1, .run = fsbb_search_cpu},
};

enum { ENGINE_COUNT = sizeof engines / sizeof *engines };

fsbb_engine_request fsbb_engine_request_of(const fsbb_options *options, const fsbb_custom_bound *bounds, int count,
                                           int gpu_available)
{
    fsbb_engine_request request = {.options = options, .custom_bounds = count, .gpu_available = gpu_available};
    for (int b = 0; b < count; b++)
        request.custom_bounds_without_gpu_source += bounds[b].definition.gpu_source == NULL;
    return request;
}

static int on_device(const fsbb_engine *engine, const fsbb_engine_request *request)
{
    const fsbb_device_kind device = request->options->device;
    if (engine->device == FSBB_DEVICE_GPU && !request->gpu_available)
        return 0;
    return device == FSBB_DEVICE_AUTO || device == engine->device;
}

static int takes_custom_bounds(const fsbb_engine *engine, const fsbb_engine_request *request)
{
    switch (engine->custom) {
    case FSBB_ENGINE_CUSTOM_NONE: return request->custom_bounds == 0;
    case FSBB_ENGINE_CUSTOM_CPU: return 1;
    case FSBB_ENGINE_CUSTOM_GPU_SOURCE: return request->custom_bounds_without_gpu_source == 0;
    }
    return 0;
}

static int takes_divergence(const fsbb_engine *engine, const fsbb_engine_request *request)
{
    return engine->divergence == fsbb_div_options_active(&request->options->divergence);
}

static int takes_bound(const fsbb_engine *engine, const fsbb_engine_request *request)
{
    return (engine->bounds >> request->options->lb) & 1u;
}

/* Keeps the engines of kept[] that pass; returns how many are left. */
static int keep(int *kept, int (*passes)(const fsbb_engine *, const fsbb_engine_request *),
                const fsbb_engine_request *request)
{
    int left = 0;
    for (int e = 0; e < ENGINE_COUNT; e++) {
        kept[e] = kept[e] && passes(&engines[e], request);
        left += kept[e];
    }
    return left;
}

/* Why no engine runs the divergence options: the custom bounds took away the engine that
 * would have, or none is on the device asked for (then all they need is named: the GPU, and
 * LB2 where a technique needs it). */
static fsbb_status refuse_divergence(const int *on_device_kept, const fsbb_engine_request *request, fsbb_error *err)
{
    for (int e = 0; e < ENGINE_COUNT; e++)
        if (on_device_kept[e] && engines[e].divergence && !takes_custom_bounds(&engines[e], request))
            return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                             "the divergence kernels do not apply custom bounds: drop the custom bounds or the "
                             "divergence options");
    if (fsbb_div_options_lack_lb2(request->options))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "--balance, --loading-ratio, --ccc, --cte, --subwarp and --throttle act on the GPU offload "
                         "engine's LB2: add --device gpu --lb lb2");
    return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                     "--balance, --loading-ratio, --ccc, --cte, --subwarp, --throttle and --diagnose act on the "
                     "GPU offload engine: add --device gpu");
}

/* --device auto without a usable GPU: the search falls back to the CPU, where the divergence
 * options do nothing (as the GPU tuning options). */
static int falls_back_to_cpu(const fsbb_engine_request *request)
{
    return request->options->device == FSBB_DEVICE_AUTO && !request->gpu_available;
}

/* The engines left, the one gpu-engine names first, else the table's first. */
static const fsbb_engine *preferred(const int *kept, const fsbb_engine_request *request)
{
    for (int e = 0; e < ENGINE_COUNT; e++)
        if (kept[e] && engines[e].device == FSBB_DEVICE_GPU && engines[e].gpu_engine == request->options->gpu_engine)
            return &engines[e];
    for (int e = 0; e < ENGINE_COUNT; e++)
        if (kept[e])
            return &engines[e];
    return NULL;
}

fsbb_status fsbb_engine_choose(const fsbb_engine_request *request, const fsbb_engine **out, fsbb_error *err)
{
    *out = NULL;
    int kept[ENGINE_COUNT], on_device_kept[ENGINE_COUNT];
    for (int e = 0; e < ENGINE_COUNT; e++)
        kept[e] = 1;
    if (keep(kept, on_device, request) == 0)
#ifdef FSBB_HAVE_CUDA
        return fsbb_fail(err, FSBB_ERR_NO_GPU, "--device gpu: no usable CUDA GPU (this build has CUDA)");
#else
        return fsbb_fail(err, FSBB_ERR_NO_GPU, "--device gpu: no usable CUDA GPU (this build was made without CUDA)");
#endif
    memcpy(on_device_kept, kept, sizeof kept);
    if (keep(kept, takes_custom_bounds, request) == 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--device gpu: a custom bound has no GPU source");
    /* The divergence options are checked on every machine, so that a command line refused
     * on a GPU is refused without one too. */
    const int divergence = fsbb_div_options_active(&request->options->divergence);
    if (divergence) {
        const fsbb_status status = fsbb_div_options_check_combination(request->options, err);
        if (status != FSBB_OK)
            return status;
    }
    if (!(divergence && falls_back_to_cpu(request)) && keep(kept, takes_divergence, request) == 0)
        return refuse_divergence(on_device_kept, request, err);
    if (divergence) {
        const fsbb_status status = fsbb_div_options_check_bound(request->options, err);
        if (status != FSBB_OK)
            return status;
    }
    if (keep(kept, takes_bound, request) == 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "no engine on this device computes this --lb");
    *out = preferred(kept, request);
    return FSBB_OK;
}

fsbb_lb_kind fsbb_engine_lb(const fsbb_engine *engine, const fsbb_options *options, int given_elsewhere)
{
    return given_elsewhere || fsbb_options_given(options, "lb") ? options->lb : engine->default_lb;
}

static void *run_warm_up(void *arg)
{
    const fsbb_engine_warm_up *warm_up = arg;
    fsbb_error err;
    (void)warm_up->engine->warm_up(warm_up->m, warm_up->lb, &err);
    return NULL;
}

void fsbb_engine_warm_up_start(fsbb_engine_warm_up *warm_up, const fsbb_engine_request *request, int m,
                               int lb_given_elsewhere)
{
    memset(warm_up, 0, sizeof *warm_up);
    fsbb_engine_request with_gpu = *request;
    with_gpu.gpu_available = 1;
    if (fsbb_engine_choose(&with_gpu, &warm_up->engine, NULL) != FSBB_OK || !warm_up->engine->warm_up)
        return;
    warm_up->m = m;
    warm_up->lb = fsbb_engine_lb(warm_up->engine, request->options, lb_given_elsewhere);
    warm_up->started = pthread_create(&warm_up->thread, NULL, run_warm_up, warm_up) == 0;
}

void fsbb_engine_warm_up_finish(fsbb_engine_warm_up *warm_up)
{
    if (warm_up->started)
        pthread_join(warm_up->thread, NULL);
    warm_up->started = 0;
}
