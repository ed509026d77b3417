/* search_gpu_cuda.c — fsbb_search_gpu of a CUDA build: runs the GPU engine that
 * options->gpu_engine names, the device-resident search (resident_search_cuda.c) or
 * the offload design where the CPU branches and the GPU bounds. The divergence options
 * (div_options.h) run the offload engine whichever engine is named: only it has their
 * kernels. Custom bounds run on the offload engine too, whichever engine is named: the
 * device-resident kernels do not take them. The GPU warm-up of a solve starts the resident
 * engine's context and kernels on a thread of its own. */
#include "div_options.h"
#include "error.h"
#include "resident_device.h"
#include "search.h"

static void *warm_up_thread_entry(void *arg)
{
    const fsbb_gpu_warm_up *w = arg;
    fsbb_error err;
    /* A failure here (no GPU) shows again, with its message, where the solve uses the GPU. */
    (void)fsbb_resident_warm_up(w->m, w->lb, &err);
    return NULL;
}

void fsbb_gpu_warm_up_start(fsbb_gpu_warm_up *warm_up, int m, fsbb_lb_kind lb)
{
    warm_up->m = m;
    warm_up->lb = lb;
    warm_up->started = pthread_create(&warm_up->thread, NULL, warm_up_thread_entry, warm_up) == 0;
}

void fsbb_gpu_warm_up_finish(fsbb_gpu_warm_up *warm_up)
{
    if (warm_up->started)
        pthread_join(warm_up->thread, NULL);
    warm_up->started = 0;
}

fsbb_status fsbb_search_gpu(fsbb_search *search, fsbb_error *err)
{
    if (fsbb_div_options_active(&search->options->divergence))
        return fsbb_search_gpu_offload(search, err);
    if (search->custom_bound_count > 0)
        return fsbb_search_gpu_offload(search, err);
    switch (search->options->gpu_engine) {
    case FSBB_GPU_RESIDENT:
        return fsbb_search_gpu_resident(search, err);
    case FSBB_GPU_OFFLOAD:
        return fsbb_search_gpu_offload(search, err);
    }
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "unknown GPU engine %d", (int)search->options->gpu_engine);
}
