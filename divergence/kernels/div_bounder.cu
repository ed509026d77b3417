/* div_bounder.cu — the divergence bounder of div_bounder.h: the tables (the bound tables of
 * bounds/ as one block, and the packed pair table of div_node.cuh) and one pool on the
 * device, the check of a configuration, a run (the kernel family it names, one file each:
 * plain_kernel.cu, packed_kernel.cu, subwarp_kernel.cu, cte_kernel.cu, ccc_kernel.cu,
 * flat_kernel.cu, tiled_kernel.cu with tile_planner.cu), its timing with CUDA events, and
 * the CUIRRE traces of the plain kernel. */
#include "div_bounder.h"

#include "div_bounder_state.h"
#include "div_launch.h"
#include "div_node.cuh"

#include "cuda_check.h"

#include <stdlib.h>
#include <string.h>

extern "C" void fsbb_div_bounder_free(fsbb_div_bounder *b)
{
    if (!b)
        return;
    if (b->stream)
        cudaStreamSynchronize(b->stream);
    cudaFree(b->dev_block);
    cudaFree(b->dev_pack);
    cudaFree(b->dev_perm);
    cudaFree(b->dev_front);
    cudaFree(b->dev_back);
    cudaFree(b->dev_lb);
    cudaFree(b->dev_counters);
    cudaFreeHost(b->host_bounds);
    cudaFree(b->tiles.heads);
    cudaFree(b->tiles.tails);
    cudaFree(b->tiles.bits);
    cudaFree(b->tiles.needs);
    cudaFree(b->tiles.crossing);
    cudaFree(b->tiles.fullmax);
    cudaFree(b->dev_entries);
    cudaFree(b->trace.begin);
    cudaFree(b->trace.end);
    cudaFree(b->trace.head);
    cudaFree(b->trace.tail);
    if (b->start)
        cudaEventDestroy(b->start);
    if (b->stop)
        cudaEventDestroy(b->stop);
    if (b->stream)
        cudaStreamDestroy(b->stream);
    fsbb_div_plan_free(&b->plan);
    free(b);
}

static fsbb_status upload_tables(fsbb_div_bounder *b, const fsbb_bound_data *d, fsbb_error *err)
{
    const int n = d->n, m = d->m, pairs = d->pair_count;
    const size_t words = (size_t)n * m + 3 * (size_t)m + 2 * (size_t)pairs + 2 * (size_t)pairs * n;
    int *block = (int *)malloc(sizeof(int) * words);
    int4 *pack = (int4 *)malloc(sizeof(int4) * (size_t)n * (pairs ? pairs : 1));
    if (!block || !pack) {
        free(block);
        free(pack);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the tables");
    }
    int *t = block;
    memcpy(t, d->p, sizeof(int) * (size_t)n * m);
    t += (size_t)n * m;
    memcpy(t, d->min_head, sizeof(int) * m);
    memcpy(t + m, d->min_tail, sizeof(int) * m);
    memcpy(t + 2 * m, d->min_p, sizeof(int) * m);
    t += 3 * m;
    if (pairs > 0) { /* none with LB1: its tables are not built */
        memcpy(t, d->pair_first, sizeof(int) * pairs);
        memcpy(t + pairs, d->pair_second, sizeof(int) * pairs);
        t += 2 * pairs;
        memcpy(t, d->johnson_order, sizeof(int) * (size_t)pairs * n);
        memcpy(t + (size_t)pairs * n, d->lag, sizeof(int) * (size_t)pairs * n);
    }
    for (int q = 0; q < pairs; q++) {
        const int k = d->pair_first[q], l = d->pair_second[q];
        for (int r = 0; r < n; r++) {
            const int job = d->johnson_order[(size_t)q * n + r];
            pack[(size_t)r * pairs + q] =
                make_int4(job, d->p[k * n + job], d->lag[(size_t)q * n + job], d->p[l * n + job]);
        }
    }
    cudaError_t e = cudaMalloc((void **)&b->dev_block, sizeof(int) * words);
    if (e == cudaSuccess)
        e = cudaMemcpy(b->dev_block, block, sizeof(int) * words, cudaMemcpyHostToDevice);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&b->dev_pack, sizeof(int4) * (size_t)n * (pairs ? pairs : 1));
    if (e == cudaSuccess)
        e = cudaMemcpy(b->dev_pack, pack, sizeof(int4) * (size_t)n * pairs, cudaMemcpyHostToDevice);
    free(block);
    free(pack);
    if (e != cudaSuccess)
        return fsbb_cuda_fail(err, e, "uploading the tables");
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_div_bounder_new(const fsbb_bound_data *d, int max_pool, fsbb_div_bounder **out,
                                            fsbb_error *err)
{
    *out = NULL;
    if (d->n < 1 || d->n > FSBB_DIV_MAX_JOBS || d->m < 1 || d->m > FSBB_DIV_MAX_MACHINES)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the divergence kernels take 1 to %d jobs and 1 to %d machines, "
                         "not %d x %d", FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES, d->n, d->m);
    if (max_pool < 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "pool size %d must be positive", max_pool);
    fsbb_div_bounder *b = (fsbb_div_bounder *)calloc(1, sizeof *b);
    if (!b)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the bounder");
    b->n = d->n;
    b->m = d->m;
    b->pairs = d->pair_count;
    b->words = (d->n + 31) / 32;
    b->max_pool = max_pool;
    b->small = d->n <= FSBB_DIV_SMALL_JOBS;
    fsbb_status status = upload_tables(b, d, err);
    const size_t nodes = (size_t)max_pool;
    cudaError_t e = status == FSBB_OK ? cudaSuccess : cudaErrorUnknown;
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&b->dev_perm, sizeof(fsbb_job) * nodes * d->n);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&b->dev_front, sizeof(int16_t) * nodes);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&b->dev_back, sizeof(int16_t) * nodes);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&b->dev_lb, sizeof(int) * nodes);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&b->dev_counters, sizeof(unsigned) * FSBB_DIV_COUNTERS);
    if (e == cudaSuccess)
        e = cudaMallocHost((void **)&b->host_bounds, sizeof(int) * nodes);
    if (e == cudaSuccess)
        e = cudaStreamCreateWithFlags(&b->stream, cudaStreamNonBlocking);
    if (e == cudaSuccess)
        e = cudaEventCreate(&b->start);
    if (e == cudaSuccess)
        e = cudaEventCreate(&b->stop);
    if (status == FSBB_OK && e != cudaSuccess)
        status = fsbb_cuda_fail(err, e, "allocating the bounder");
    if (status != FSBB_OK) {
        fsbb_div_bounder_free(b);
        return status;
    }
    *out = b;
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_div_bounder_load(fsbb_div_bounder *b, const fsbb_gpu_pool *pool, fsbb_error *err)
{
    if (pool->n != b->n || pool->count < 0 || pool->count > b->max_pool)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "a pool of %d nodes of %d jobs for a bounder of %d nodes of %d",
                         pool->count, pool->n, b->max_pool, b->n);
    b->count = pool->count;
    if (b->count > 0) {
        FSBB_CUDA_TRY(cudaMemcpy2D(b->dev_perm, sizeof(fsbb_job) * (size_t)b->max_pool, pool->perm,
                              sizeof(fsbb_job) * (size_t)pool->capacity, sizeof(fsbb_job) * (size_t)b->count,
                              (size_t)b->n, cudaMemcpyHostToDevice));
        FSBB_CUDA_TRY(cudaMemcpy(b->dev_front, pool->front_len, sizeof(int16_t) * (size_t)b->count,
                            cudaMemcpyHostToDevice));
        FSBB_CUDA_TRY(cudaMemcpy(b->dev_back, pool->back_len, sizeof(int16_t) * (size_t)b->count,
                                 cudaMemcpyHostToDevice));
    }
    b->plan.valid = 0;
    return FSBB_OK;
}


/* ---- Runs ------------------------------------------------------------------------------ */

static fsbb_status check_config(const fsbb_div_bounder *b, const fsbb_div_config *c, fsbb_error *err)
{
    if (c->block_size < 32 || c->block_size > 1024 || c->block_size % 32)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "block size %d must be a multiple of 32 from 32 to 1024",
                         c->block_size);
    if (c->lb == FSBB_LB1 && c->kernel != FSBB_DIV_PLAIN)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "LB1 alone runs only in the plain kernel");
    if (c->kernel == FSBB_DIV_SUBWARP && (c->subwarp < 2 || c->subwarp > 32 || (c->subwarp & (c->subwarp - 1))))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "sub-warps of %d lanes: 2, 4, 8, 16 or 32", c->subwarp);
    if ((c->kernel == FSBB_DIV_CCC || c->kernel == FSBB_DIV_FLAT) && c->chunk < 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "chunk %d must be positive", c->chunk);
    if (c->kernel == FSBB_DIV_FLAT && c->balance != FSBB_DIV_BALANCE_CENTRAL &&
        c->balance != FSBB_DIV_BALANCE_DISTRIBUTED && c->balance != FSBB_DIV_BALANCE_STEAL)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the flat kernel runs a task pool: central, distributed or steal");
    if (c->kernel != FSBB_DIV_FLAT && c->balance != FSBB_DIV_BALANCE_NONE &&
        c->balance != FSBB_DIV_BALANCE_PERSISTENT)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--balance %s needs the flat kernel",
                         fsbb_div_balance_name(c->balance));
    if (c->kernel == FSBB_DIV_TILED && c->cache_bytes <= 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "throttling needs a positive cache size");
    return FSBB_OK;
}

/* Enqueues the run's kernels between the start event and the caller's stop event. */
static fsbb_status enqueue(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err)
{
    const fsbb_div_run a = fsbb_div_run_of(b, c->block_size, ub);
    const bool persistent = c->balance == FSBB_DIV_BALANCE_PERSISTENT;
    int blocks = fsbb_div_static_blocks(a);
    b->report.blocks = blocks;
    if (c->kernel == FSBB_DIV_TILED) {
        fsbb_status status = fsbb_div_ensure_tile_state(b, err);
        if (status == FSBB_OK && b->pairs == 0) { /* no LB2 work: LB1 alone */
            FSBB_CUDA_TRY(cudaEventRecord(b->start, b->stream));
            FSBB_CUDA_TRY(fsbb_div_launch_tile_prepare(a, b->tiles));
            b->report.partitions = 0;
            b->report.launches = 1;
            return FSBB_OK;
        }
        if (status == FSBB_OK)
            status = fsbb_div_make_plan(b, c, ub, err);
        if (status == FSBB_OK) {
            FSBB_CUDA_TRY(cudaEventRecord(b->start, b->stream));
            status = fsbb_div_enqueue_tiled(b, c, ub, err);
        }
        return status;
    }
    FSBB_CUDA_TRY(cudaMemsetAsync(b->dev_counters, 0, sizeof(unsigned) * FSBB_DIV_COUNTERS, b->stream));
    FSBB_CUDA_TRY(cudaEventRecord(b->start, b->stream));
    cudaError_t launched;
    switch (c->kernel) {
    case FSBB_DIV_PLAIN: launched = fsbb_div_launch_plain(a, c->lb, persistent, &blocks); break;
    case FSBB_DIV_PACKED: launched = fsbb_div_launch_packed(a, persistent, &blocks); break;
    case FSBB_DIV_SUBWARP: launched = fsbb_div_launch_subwarp(a, c->subwarp, &blocks); break;
    case FSBB_DIV_CTE: launched = fsbb_div_launch_cte(a, persistent, &blocks); break;
    case FSBB_DIV_CCC: launched = fsbb_div_launch_ccc(a, c->chunk, &blocks); break;
    default:
        launched = fsbb_div_launch_flat(a, c->balance, c->chunk, c->loading_ratio, &b->report.loading_ratio, &blocks);
        break;
    }
    b->report.blocks = blocks;
    FSBB_CUDA_TRY(launched);
    FSBB_CUDA_TRY(cudaGetLastError());
    return FSBB_OK;
}

static fsbb_status run_once(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, double *ms, fsbb_error *err)
{
    fsbb_status status = check_config(b, c, err);
    if (status != FSBB_OK)
        return status;
    if (b->count == 0) {
        *ms = 0;
        return FSBB_OK;
    }
    status = enqueue(b, c, ub, err);
    if (status != FSBB_OK)
        return status;
    FSBB_CUDA_TRY(cudaEventRecord(b->stop, b->stream));
    FSBB_CUDA_TRY(cudaEventSynchronize(b->stop));
    FSBB_CUDA_TRY(cudaGetLastError());
    float elapsed = 0;
    FSBB_CUDA_TRY(cudaEventElapsedTime(&elapsed, b->start, b->stop));
    *ms = elapsed;
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_div_bounder_run(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, int *bounds,
                                            double *kernel_ms, fsbb_error *err)
{
    double ms = 0;
    if (bounds && b->count > 0)
        FSBB_CUDA_TRY(cudaMemsetAsync(b->dev_lb, 0xff, sizeof(int) * (size_t)b->count, b->stream));
    const fsbb_status status = run_once(b, c, ub, &ms, err);
    if (status != FSBB_OK)
        return status;
    if (kernel_ms)
        *kernel_ms = ms;
    if (bounds && b->count > 0) {
        FSBB_CUDA_TRY(cudaMemcpyAsync(b->host_bounds, b->dev_lb, sizeof(int) * (size_t)b->count, cudaMemcpyDeviceToHost,
                                 b->stream));
        FSBB_CUDA_TRY(cudaStreamSynchronize(b->stream));
        memcpy(bounds, b->host_bounds, sizeof(int) * (size_t)b->count);
    }
    return FSBB_OK;
}

static int compare_double(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

extern "C" fsbb_status fsbb_div_bounder_time(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, int warmup,
                                             int repeats, double *median_ms, fsbb_error *err)
{
    if (repeats < 1 || warmup < 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "timing needs at least one repeat");
    double *times = (double *)malloc(sizeof(double) * (size_t)repeats);
    if (!times)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory");
    fsbb_status status = FSBB_OK;
    for (int r = 0; status == FSBB_OK && r < warmup + repeats; r++) {
        double ms = 0;
        status = run_once(b, c, ub, &ms, err);
        if (r >= warmup)
            times[r - warmup] = ms;
    }
    if (status == FSBB_OK) {
        qsort(times, (size_t)repeats, sizeof *times, compare_double);
        *median_ms = repeats % 2 ? times[repeats / 2] : 0.5 * (times[repeats / 2 - 1] + times[repeats / 2]);
    }
    free(times);
    return status;
}

extern "C" fsbb_status fsbb_div_bounder_diagnose(fsbb_div_bounder *b, fsbb_lb_kind lb, int ub, fsbb_trace *trace,
                                                 fsbb_error *err)
{
    enum { BLOCK = 128 };
    if (b->count == 0)
        return FSBB_OK;
    const int blocks = (b->count + BLOCK - 1) / BLOCK;
    const int warps = blocks * (BLOCK / FSBB_WARP_SIZE);
    if (b->trace_tasks < b->count || b->trace_warps < warps) {
        cudaFree(b->trace.begin);
        cudaFree(b->trace.end);
        cudaFree(b->trace.head);
        cudaFree(b->trace.tail);
        memset(&b->trace, 0, sizeof b->trace);
        b->trace_tasks = b->trace_warps = 0;
        FSBB_CUDA_TRY(cudaMalloc((void **)&b->trace.begin, sizeof(long long) * (size_t)b->max_pool));
        FSBB_CUDA_TRY(cudaMalloc((void **)&b->trace.end, sizeof(long long) * (size_t)b->max_pool));
        FSBB_CUDA_TRY(cudaMalloc((void **)&b->trace.head, sizeof(long long) * (size_t)warps));
        FSBB_CUDA_TRY(cudaMalloc((void **)&b->trace.tail, sizeof(long long) * (size_t)warps));
        b->trace_tasks = b->max_pool;
        b->trace_warps = warps;
    }
    FSBB_CUDA_TRY(fsbb_div_launch_diagnose(fsbb_div_run_of(b, BLOCK, ub), lb, b->trace));
    FSBB_CUDA_TRY(cudaStreamSynchronize(b->stream));
    long long *begin = (long long *)malloc(sizeof(long long) * (size_t)b->count);
    long long *end = (long long *)malloc(sizeof(long long) * (size_t)b->count);
    long long *head = (long long *)malloc(sizeof(long long) * (size_t)warps);
    long long *tail = (long long *)malloc(sizeof(long long) * (size_t)warps);
    fsbb_status status = begin && end && head && tail ? FSBB_OK : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory");
    cudaError_t e = cudaSuccess;
    if (status == FSBB_OK) {
        e = cudaMemcpy(begin, b->trace.begin, sizeof(long long) * (size_t)b->count, cudaMemcpyDeviceToHost);
        if (e == cudaSuccess)
            e = cudaMemcpy(end, b->trace.end, sizeof(long long) * (size_t)b->count, cudaMemcpyDeviceToHost);
        if (e == cudaSuccess)
            e = cudaMemcpy(head, b->trace.head, sizeof(long long) * (size_t)warps, cudaMemcpyDeviceToHost);
        if (e == cudaSuccess)
            e = cudaMemcpy(tail, b->trace.tail, sizeof(long long) * (size_t)warps, cudaMemcpyDeviceToHost);
        if (e != cudaSuccess)
            status = fsbb_cuda_fail(err, e, "reading the trace");
    }
    for (int i = 0; status == FSBB_OK && i < b->count; i++)
        status = fsbb_trace_add_task(trace, i / FSBB_WARP_SIZE, i % FSBB_WARP_SIZE, i, begin[i], end[i], err);
    const int used_warps = (b->count + FSBB_WARP_SIZE - 1) / FSBB_WARP_SIZE;
    for (int w = 0; status == FSBB_OK && w < used_warps; w++)
        status = fsbb_trace_add_warp(trace, w, head[w], tail[w], err);
    free(begin);
    free(end);
    free(head);
    free(tail);
    return status;
}

extern "C" void fsbb_div_bounder_report(const fsbb_div_bounder *b, fsbb_div_report *report)
{
    *report = b->report;
}
