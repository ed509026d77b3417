/* search_gpu_cuda.c — fsbb_search_gpu of a CUDA build: runs the GPU engine that
 * options->gpu_engine names, the device-resident search (resident_search_cuda.c) or
 * the offload design where the CPU branches and the GPU bounds. The divergence options
 * (div_options.h) run the offload engine whichever engine is named: only it has their
 * kernels. Custom bounds run on the offload engine too, whichever engine is named: the
 * device-resident kernels do not take them. */
#include "div_options.h"
#include "error.h"
#include "search.h"

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
