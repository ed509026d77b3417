/* offload_div_bounder_cuda.c — the offload engine's pool bounder over the divergence
 * kernels, and the --diagnose traces of its first pools (offload_div_bounder.h). */
#include "offload_div_bounder.h"

#include "div_bounder.h"
#include "div_options.h"
#include "error.h"
#include "host_device.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct div_slots {
    fsbb_div_bounder *bounder;
    fsbb_div_config config;
    fsbb_gpu_pool pools[FSBB_OFFLOAD_SLOTS];
    int *bounds[FSBB_OFFLOAD_SLOTS];
    int diagnose;          /* 1 while pools are still traced */
    fsbb_trace trace;
    int64_t traced_warps;  /* warps and tasks of the pools traced so far */
    int64_t traced_tasks;
} div_slots;

typedef struct div_opening {
    const fsbb_search *search;
    fsbb_div_config config;
    div_slots *slots;
} div_opening;

static void slots_free(div_slots *slots)
{
    if (!slots)
        return;
    fsbb_div_bounder_free(slots->bounder);
    for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++) {
        fsbb_gpu_pool_free(&slots->pools[s]);
        free(slots->bounds[s]);
    }
    fsbb_trace_free(&slots->trace);
    free(slots);
}

static fsbb_status open_slots(void *context, int capacity, fsbb_error *err)
{
    div_opening *opening = context;
    const fsbb_search *search = opening->search;
    div_slots *slots = calloc(1, sizeof *slots);
    if (!slots)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the pool slots");
    slots->config = opening->config;
    slots->diagnose = search->options->divergence.diagnose_path != NULL;
    fsbb_trace_init(&slots->trace);
    fsbb_status status = FSBB_OK;
    for (int s = 0; status == FSBB_OK && s < FSBB_OFFLOAD_SLOTS; s++) {
        status = fsbb_gpu_pool_init(&slots->pools[s], search->data->n, capacity, err);
        slots->bounds[s] = status == FSBB_OK ? malloc(sizeof(int) * (size_t)capacity) : NULL;
        if (status == FSBB_OK && !slots->bounds[s])
            status = fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for %d bounds", capacity);
    }
    if (status == FSBB_OK)
        status = fsbb_div_bounder_new(search->data, capacity, &slots->bounder, err);
    if (status != FSBB_OK) {
        slots_free(slots);
        return status;
    }
    opening->slots = slots;
    return FSBB_OK;
}

/* Appends the PLAIN kernel's trace of the loaded pool, its warps and tasks numbered after
 * those of the pools traced before. */
static fsbb_status trace_pool(div_slots *slots, int count, int ub, fsbb_error *err)
{
    fsbb_trace *trace = &slots->trace;
    const int64_t first_task = trace->task_count, first_warp = trace->warp_count;
    const fsbb_status status = fsbb_div_bounder_diagnose(slots->bounder, slots->config.lb, ub, trace, err);
    if (status != FSBB_OK)
        return status;
    for (int64_t t = first_task; t < trace->task_count; t++) {
        trace->tasks[t].warp += slots->traced_warps;
        trace->tasks[t].task += slots->traced_tasks;
    }
    for (int64_t w = first_warp; w < trace->warp_count; w++)
        trace->warps[w].warp += slots->traced_warps;
    slots->traced_warps += (count + 31) / 32;
    slots->traced_tasks += count;
    slots->diagnose = trace->task_count < FSBB_OFFLOAD_DIAGNOSE_TASKS;
    return FSBB_OK;
}

static fsbb_gpu_pool *slot_pool(void *context, int slot)
{
    div_slots *slots = context;
    return &slots->pools[slot];
}

static fsbb_status slot_submit(void *context, int slot, int ub, fsbb_error *err)
{
    div_slots *slots = context;
    const fsbb_gpu_pool *pool = &slots->pools[slot];
    fsbb_status status = fsbb_div_bounder_load(slots->bounder, pool, err);
    if (status == FSBB_OK && slots->diagnose && pool->count > 0)
        status = trace_pool(slots, pool->count, ub, err);
    if (status == FSBB_OK)
        status = fsbb_div_bounder_run(slots->bounder, &slots->config, ub, slots->bounds[slot], NULL, err);
    return status == FSBB_OK ? FSBB_OK
                             : fsbb_fail_in(err, status, "GPU offload engine (divergence kernels), bounding a pool");
}

static fsbb_status slot_wait(void *context, int slot, const int **bounds, fsbb_error *err)
{
    (void)err;
    div_slots *slots = context;
    *bounds = slots->bounds[slot];
    return FSBB_OK;
}

static fsbb_status write_trace(const char *path, const fsbb_trace *trace, fsbb_error *err)
{
    FILE *file = fopen(path, "w");
    if (!file)
        return fsbb_fail(err, FSBB_ERR_IO, "--diagnose %s: %s", path, strerror(errno));
    fsbb_status status = fsbb_trace_write(file, trace, err);
    if (fclose(file) != 0 && status == FSBB_OK)
        status = fsbb_fail(err, FSBB_ERR_IO, "--diagnose %s: %s", path, strerror(errno));
    return status;
}

fsbb_status fsbb_search_offload_div(fsbb_search *search, fsbb_offload_stats *stats, fsbb_error *err)
{
    div_opening opening = {.search = search, .slots = NULL};
    fsbb_status status = fsbb_div_options_config(search->options, &opening.config, err);
    if (status != FSBB_OK)
        return status;
    const int n = search->data->n;
    const int requested = search->options->pool_size > 0 ? search->options->pool_size
                                                         : fsbb_offload_default_pool_size(n);
    status = fsbb_offload_check(search, requested, err);
    if (status != FSBB_OK)
        return status;
    const int floor = FSBB_MIN(requested, FSBB_MAX(n, FSBB_OFFLOAD_POOL_FLOOR));
    int capacity = 0;
    status = fsbb_offload_open_halving(open_slots, &opening, requested, floor, &capacity, err);
    if (status != FSBB_OK)
        return fsbb_fail_in(err, status, "GPU offload engine (divergence kernels), starting");
    const fsbb_pool_bounder bounder = {
        .context = opening.slots,
        .capacity = capacity,
        .pool = slot_pool,
        .submit = slot_submit,
        .wait = slot_wait,
    };
    status = fsbb_offload_search(search, &bounder, stats, err);
    const char *diagnose_path = search->options->divergence.diagnose_path;
    if (status == FSBB_OK && diagnose_path)
        status = write_trace(diagnose_path, &opening.slots->trace, err);
    slots_free(opening.slots);
    return status;
}
