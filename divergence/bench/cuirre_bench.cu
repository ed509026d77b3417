/* cuirre_bench.cu — CUIRRE's task-pool experiments (Chen et al., section 8) on a synthetic
 * irregular loop: task i runs L_i iterations of 4 dependent FMAs, L_i = 8 + (h mod 56),
 * plus 480 for one task in 16 (h a hash of i): mean 66, max 543, so nearly every warp waits
 * for a long task. Kernels:
 *   baseline     one task per thread (its trace gives I_irre and U_util, characterize.h);
 *   central, distributed, steal   the pools of task_pool.cuh at loading ratios R and at the
 *                adaptive ratio, over a flattened loop (one iteration per step; a lane that
 *                finishes fetches its next task while its warp goes on); lightweight mode
 *                (indices; the task lengths stay in the application's array) and full mode
 *                (the pool owns {length, seed} records);
 *   persistent   a resident grid whose warps fetch 32 tasks at a time and run them as a batch.
 * Performance is normalized to the baseline (its time over the kernel's). Every kernel's
 * per-task results are compared with the baseline's. */
#include "bench_kernels.h"
#include "bench_util.h"
#include "characterize.h"
#include "loading_ratio.h"
#include "task_pool.cuh"
#include "task_trace.cuh"

#include <cuda_runtime.h>

#include <string.h>

enum { POOL_BLOCK = 256, POOL_TASKS = 1 << 20 };
enum { SCHEME_CENTRAL, SCHEME_DISTRIBUTED, SCHEME_STEAL };

typedef struct task_record {
    int length;
    float seed;
} task_record;

__host__ __device__ static inline int task_length(unsigned i)
{
    unsigned h = i * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return 8 + (int)(h % 56u) + (((h >> 8) & 15u) == 0 ? 480 : 0);
}

__device__ __forceinline__ float task_step(float x)
{
    x = fmaf(x, 1.0001f, 0.5f);
    x = fmaf(x, 0.9999f, -0.25f);
    x = fmaf(x, 1.0001f, 0.5f);
    return fmaf(x, 0.9999f, -0.25f);
}

template <bool DIAG>
__global__ void __launch_bounds__(POOL_BLOCK) baseline_kernel(const int *lengths, const float *seeds, unsigned count,
                                                             float *out, fsbb_trace_buffers trace)
{
    const long long entry = DIAG ? fsbb_trace_clock() : 0;
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    const bool valid = i < count;
    const long long begin = DIAG ? fsbb_trace_clock() : 0;
    long long end = 0;
    if (valid) {
        float x = seeds[i];
        const int length = lengths[i];
        if constexpr (DIAG) {
            /* The lane reads the end clock itself on its last step. Read after the loop, or in
             * the remainder loop of an unrolled one, it would come after the warp reconverged:
             * the same for every lane. */
#pragma unroll 1
            for (int k = 0; k < length; k++) {
                x = task_step(x);
                end = fsbb_trace_clock();
            }
        } else {
            for (int k = 0; k < length; k++)
                x = task_step(x);
        }
        out[i] = x;
    }
    if constexpr (DIAG) {
        if (valid)
            fsbb_trace_task(&trace, i, begin, end);
        fsbb_trace_warp(&trace, entry, begin, valid, end);
    }
}

struct pool_args {
    const int *lengths;
    const float *seeds;
    const task_record *records; /* full mode */
    unsigned count, per_block, per_thread;
    unsigned *next;
};

template <int SCHEME, bool FULL>
__global__ void __launch_bounds__(POOL_BLOCK) pool_kernel(pool_args a, float *out)
{
    __shared__ fsbb_distributed_storage distributed;
    __shared__ fsbb_steal_storage steal;
    fsbb_steal_state steal_state = {0};
    if constexpr (SCHEME == SCHEME_DISTRIBUTED)
        fsbb_distributed_init(&distributed);
    if constexpr (SCHEME == SCHEME_STEAL)
        fsbb_steal_init(&steal, &steal_state);
    bool has = false, alive = true, first = true;
    unsigned task = 0;
    int remaining = 0;
    float x = 0;
    while (__any_sync(FSBB_FULL_WARP, has || alive)) {
        if (!has && alive) {
            bool got;
            if constexpr (SCHEME == SCHEME_CENTRAL)
                got = first ? fsbb_central_first(a.count, &task) : fsbb_central_fetch(a.next, a.count, &task);
            else if constexpr (SCHEME == SCHEME_DISTRIBUTED)
                got = first ? fsbb_distributed_first(a.count, a.per_block, &task)
                            : fsbb_distributed_fetch(&distributed, a.count, a.per_block, &task);
            else
                got = fsbb_steal_fetch(&steal, &steal_state, a.count, a.per_block, a.per_thread, &task);
            first = false;
            alive = got;
            if (got) {
                if constexpr (FULL) {
                    const task_record r = a.records[task];
                    remaining = r.length;
                    x = r.seed;
                } else {
                    remaining = a.lengths[task];
                    x = a.seeds[task];
                }
                has = remaining > 0;
                if (!has)
                    out[task] = x;
            }
        }
        if (has) {
            x = task_step(x);
            if (--remaining == 0) {
                out[task] = x;
                has = false;
            }
        }
    }
}

__global__ void __launch_bounds__(POOL_BLOCK) persistent_kernel(const int *lengths, const float *seeds, unsigned count,
                                                               unsigned *next, float *out)
{
    unsigned base;
    while (fsbb_warp_fetch(next, count, FSBB_WARP_SIZE, &base)) {
        const unsigned i = base + fsbb_lane();
        if (i < count) {
            float x = seeds[i];
            const int length = lengths[i];
            for (int k = 0; k < length; k++)
                x = task_step(x);
            out[i] = x;
        }
    }
}

typedef struct pool_bench {
    pool_args args;
    float *out;
    float *reference, *check;
    int sms;
    FILE *csv;
    double baseline_ms;
    int once;
} pool_bench;

static void compare(pool_bench *b, const char *what)
{
    BENCH_CUDA(cudaMemcpy(b->check, b->out, sizeof(float) * POOL_TASKS, cudaMemcpyDeviceToHost));
    if (memcmp(b->check, b->reference, sizeof(float) * POOL_TASKS) != 0) {
        fprintf(stderr, "%s: results differ from the baseline\n", what);
        bench_die("a task pool changed the results");
    }
}

static void record(pool_bench *b, const char *scheme, const char *mode, double ratio, int blocks, double ms)
{
    fprintf(b->csv, "%s,%s,%.3f,%d,%.4f,%.3f\n", scheme, mode, ratio, blocks, ms, b->baseline_ms / ms);
    printf("cuirre %-11s %-11s R %8.3f blocks %6d: %8.3f ms, normalized %.2f\n", scheme, mode, ratio, blocks, ms,
           b->baseline_ms / ms);
    fflush(stdout);
}

template <int SCHEME, bool FULL>
static void run_pool(pool_bench *b, double ratio, const char *scheme, const char *mode)
{
    const int64_t blocks = fsbb_loading_ratio_blocks(POOL_TASKS, POOL_BLOCK, ratio);
    pool_args a = b->args;
    a.per_block = (unsigned)fsbb_loading_ratio_tasks_per_block(POOL_TASKS, blocks);
    a.per_thread = (a.per_block + POOL_BLOCK - 1) / POOL_BLOCK;
    const unsigned grid_threads = (unsigned)blocks * POOL_BLOCK;
    double ms = 0;
    BENCH_CUDA(cudaMemset(b->out, 0xff, sizeof(float) * POOL_TASKS));
    if (b->once) {
        BENCH_CUDA(cudaMemcpy(a.next, &grid_threads, sizeof grid_threads, cudaMemcpyHostToDevice));
        pool_kernel<SCHEME, FULL><<<(unsigned)blocks, POOL_BLOCK>>>(a, b->out);
        BENCH_CUDA(cudaDeviceSynchronize());
        return;
    }
    BENCH_TIME(ms, BENCH_CUDA(cudaMemcpy(a.next, &grid_threads, sizeof grid_threads, cudaMemcpyHostToDevice)),
               pool_kernel<SCHEME, FULL><<<(unsigned)blocks, POOL_BLOCK>>>(a, b->out));
    compare(b, scheme);
    record(b, scheme, mode, ratio, (int)blocks, ms);
}

static void trace_baseline(pool_bench *b, const char *trace_path, FILE *summary)
{
    const int blocks = (POOL_TASKS + POOL_BLOCK - 1) / POOL_BLOCK, warps = blocks * POOL_BLOCK / FSBB_WARP_SIZE;
    fsbb_trace_buffers t;
    BENCH_CUDA(cudaMalloc((void **)&t.begin, sizeof(long long) * POOL_TASKS));
    BENCH_CUDA(cudaMalloc((void **)&t.end, sizeof(long long) * POOL_TASKS));
    BENCH_CUDA(cudaMalloc((void **)&t.head, sizeof(long long) * warps));
    BENCH_CUDA(cudaMalloc((void **)&t.tail, sizeof(long long) * warps));
    double plain_ms = 0, diag_ms = 0;
    const fsbb_trace_buffers none = {NULL, NULL, NULL, NULL};
    BENCH_TIME(plain_ms, (void)0, baseline_kernel<false><<<blocks, POOL_BLOCK>>>(b->args.lengths, b->args.seeds,
                                                                                   POOL_TASKS, b->out, none));
    BENCH_TIME(diag_ms, (void)0, baseline_kernel<true><<<blocks, POOL_BLOCK>>>(b->args.lengths, b->args.seeds,
                                                                                 POOL_TASKS, b->out, t));
    long long *begin = (long long *)malloc(sizeof(long long) * POOL_TASKS);
    long long *end = (long long *)malloc(sizeof(long long) * POOL_TASKS);
    long long *head = (long long *)malloc(sizeof(long long) * warps);
    long long *tail = (long long *)malloc(sizeof(long long) * warps);
    if (!begin || !end || !head || !tail)
        bench_die("out of memory");
    BENCH_CUDA(cudaMemcpy(begin, t.begin, sizeof(long long) * POOL_TASKS, cudaMemcpyDeviceToHost));
    BENCH_CUDA(cudaMemcpy(end, t.end, sizeof(long long) * POOL_TASKS, cudaMemcpyDeviceToHost));
    BENCH_CUDA(cudaMemcpy(head, t.head, sizeof(long long) * warps, cudaMemcpyDeviceToHost));
    BENCH_CUDA(cudaMemcpy(tail, t.tail, sizeof(long long) * warps, cudaMemcpyDeviceToHost));
    fsbb_trace trace;
    fsbb_trace_init(&trace);
    fsbb_error err;
    for (int i = 0; i < POOL_TASKS; i++)
        if (fsbb_trace_add_task(&trace, i / 32, i % 32, i, begin[i], end[i], &err) != FSBB_OK)
            bench_die(err.message);
    for (int w = 0; w < warps; w++)
        if (fsbb_trace_add_warp(&trace, w, head[w], tail[w], &err) != FSBB_OK)
            bench_die(err.message);
    if (trace_path) {
        FILE *file = fopen(trace_path, "w");
        if (!file || fsbb_trace_write(file, &trace, &err) != FSBB_OK)
            bench_die("writing the synthetic trace");
        fclose(file);
    }
    fsbb_trace_stats s;
    if (fsbb_trace_characterize(&trace, &s, &err) != FSBB_OK)
        bench_die(err.message);
    fprintf(summary, "synthetic,baseline,%lld,%.0f,%.0f,%.1f,%.3f,%.3f,%.4f,%.4f\n", (long long)s.tasks, s.task_min,
            s.task_max, s.task_mean, s.irregularity, s.utilization, plain_ms, diag_ms);
    printf("cuirre baseline trace: %lld tasks, length %.0f..%.0f (mean %.1f) cycles, I_irre %.3f, U_util %.3f; "
           "diagnostics overhead %.1f%%\n",
           (long long)s.tasks, s.task_min, s.task_max, s.task_mean, s.irregularity, s.utilization,
           100.0 * (diag_ms - plain_ms) / plain_ms);
    fsbb_trace_free(&trace);
    free(begin);
    free(end);
    free(head);
    free(tail);
    cudaFree(t.begin);
    cudaFree(t.end);
    cudaFree(t.head);
    cudaFree(t.tail);
}

extern "C" void bench_cuirre(const char *csv_path, const char *trace_path, FILE *characterization, int once)
{
    pool_bench b;
    memset(&b, 0, sizeof b);
    b.once = once;
    int *lengths = (int *)malloc(sizeof(int) * POOL_TASKS);
    float *seeds = (float *)malloc(sizeof(float) * POOL_TASKS);
    task_record *records = (task_record *)malloc(sizeof(task_record) * POOL_TASKS);
    b.reference = (float *)malloc(sizeof(float) * POOL_TASKS);
    b.check = (float *)malloc(sizeof(float) * POOL_TASKS);
    if (!lengths || !seeds || !records || !b.reference || !b.check)
        bench_die("out of memory");
    for (unsigned i = 0; i < POOL_TASKS; i++) {
        lengths[i] = task_length(i);
        seeds[i] = (float)(i % 1000) * 1e-3f;
        records[i].length = lengths[i];
        records[i].seed = seeds[i];
    }
    pool_args *a = &b.args;
    a->count = POOL_TASKS;
    BENCH_CUDA(cudaMalloc((void **)&a->lengths, sizeof(int) * POOL_TASKS));
    BENCH_CUDA(cudaMalloc((void **)&a->seeds, sizeof(float) * POOL_TASKS));
    BENCH_CUDA(cudaMalloc((void **)&a->records, sizeof(task_record) * POOL_TASKS));
    BENCH_CUDA(cudaMalloc((void **)&a->next, sizeof(unsigned)));
    BENCH_CUDA(cudaMalloc((void **)&b.out, sizeof(float) * POOL_TASKS));
    BENCH_CUDA(cudaMemcpy((void *)a->lengths, lengths, sizeof(int) * POOL_TASKS, cudaMemcpyHostToDevice));
    BENCH_CUDA(cudaMemcpy((void *)a->seeds, seeds, sizeof(float) * POOL_TASKS, cudaMemcpyHostToDevice));
    BENCH_CUDA(cudaMemcpy((void *)a->records, records, sizeof(task_record) * POOL_TASKS, cudaMemcpyHostToDevice));
    BENCH_CUDA(cudaDeviceGetAttribute(&b.sms, cudaDevAttrMultiProcessorCount, 0));

    const int blocks = (POOL_TASKS + POOL_BLOCK - 1) / POOL_BLOCK;
    const fsbb_trace_buffers none = {NULL, NULL, NULL, NULL};
    if (once) {
        baseline_kernel<false><<<blocks, POOL_BLOCK>>>(a->lengths, a->seeds, POOL_TASKS, b.out, none);
        run_pool<SCHEME_CENTRAL, false>(&b, 4, "central", "lightweight");
        BENCH_CUDA(cudaDeviceSynchronize());
    } else {
        b.csv = bench_csv(csv_path, "scheme,mode,loading_ratio,blocks,ms,normalized_performance");
        BENCH_TIME(b.baseline_ms, (void)0,
                   baseline_kernel<false><<<blocks, POOL_BLOCK>>>(a->lengths, a->seeds, POOL_TASKS, b.out, none));
        BENCH_CUDA(cudaMemcpy(b.reference, b.out, sizeof(float) * POOL_TASKS, cudaMemcpyDeviceToHost));
        record(&b, "baseline", "-", 1, blocks, b.baseline_ms);
        trace_baseline(&b, trace_path, characterization);

        int per_sm = 0;
        BENCH_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, pool_kernel<SCHEME_CENTRAL, false>,
                                                                 POOL_BLOCK, 0));
        const double adaptive = fsbb_adaptive_loading_ratio(POOL_TASKS, POOL_BLOCK, b.sms, per_sm);
        printf("cuirre adaptive loading ratio %.3f (%d SMs x %d blocks of %d)\n", adaptive, b.sms, per_sm, POOL_BLOCK);
        static const double ratios[] = {1, 2, 4, 8, 16, 32, 64, 128, 256};
        for (int i = 0; i < (int)(sizeof ratios / sizeof *ratios); i++) {
            run_pool<SCHEME_CENTRAL, false>(&b, ratios[i], "central", "lightweight");
            run_pool<SCHEME_DISTRIBUTED, false>(&b, ratios[i], "distributed", "lightweight");
            run_pool<SCHEME_STEAL, false>(&b, ratios[i], "steal", "lightweight");
        }
        run_pool<SCHEME_CENTRAL, false>(&b, adaptive, "central", "adaptive-lw");
        run_pool<SCHEME_DISTRIBUTED, false>(&b, adaptive, "distributed", "adaptive-lw");
        run_pool<SCHEME_STEAL, false>(&b, adaptive, "steal", "adaptive-lw");
        run_pool<SCHEME_CENTRAL, true>(&b, adaptive, "central", "adaptive-full");
        run_pool<SCHEME_DISTRIBUTED, true>(&b, adaptive, "distributed", "adaptive-full");

        int persistent_per_sm = 0;
        BENCH_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&persistent_per_sm, persistent_kernel, POOL_BLOCK, 0));
        const int persistent_blocks = b.sms * persistent_per_sm;
        double ms = 0;
        BENCH_TIME(ms, BENCH_CUDA(cudaMemset(a->next, 0, sizeof(unsigned))),
                   persistent_kernel<<<persistent_blocks, POOL_BLOCK>>>(a->lengths, a->seeds, POOL_TASKS, a->next,
                                                                        b.out));
        compare(&b, "persistent");
        record(&b, "persistent", "warp-fetch", (double)POOL_TASKS / ((double)persistent_blocks * POOL_BLOCK),
               persistent_blocks, ms);
        fclose(b.csv);
    }
    cudaFree((void *)a->lengths);
    cudaFree((void *)a->seeds);
    cudaFree((void *)a->records);
    cudaFree(a->next);
    cudaFree(b.out);
    free(lengths);
    free(seeds);
    free(records);
    free(b.reference);
    free(b.check);
}
