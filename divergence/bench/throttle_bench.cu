/* throttle_bench.cu — locality-aware software throttling (Chen et al.) on a synthetic
 * y = reduce_op(A (.) x) with reduce_op = min and (.) = + (an SSSP relaxation step), whose
 * working set exceeds the L2: x holds 2^25 ints (128 MiB), y 2^22 (16 MiB); row r has 16
 * entries in one window of 2^19 columns, the window a hash of r, so rows in their natural
 * order touch all of x at once while a window and its rows fit the cache. A(r, c) is a
 * function of (r, c); tuples are (row, column).
 *   original   one thread per tuple, tuples in row order;
 *   org+r      the same kernel over the tuples reorganized by DBWP (sorted by column): the
 *              paper's data reorganization alone;
 *   cf         one kernel per cache-fit partition (DBWP leaf);
 *   cfq        one persistent kernel, warps take 256-tuple chunks from a queue, leaf after leaf;
 *   sj         split-join: every tree part profiled alone, the cheapest cover run part by part;
 *   sjq        each part of the cover as a queue kernel.
 * y is reset before every run; every schedule's y is compared with a CPU reference. */
#include "bench_kernels.h"
#include "bench_util.h"
#include "cache_fit.h"
#include "task_pool.cuh"

#include <cuda_runtime.h>

#include <limits.h>
#include <string.h>

enum { ROWS = 1 << 22, COLUMNS = 1 << 25, PER_ROW = 16, WINDOW = 1 << 19, CHUNK = 256, THROTTLE_BLOCK = 256 };
#define TUPLES ((int64_t)ROWS * PER_ROW)

__host__ __device__ static inline int matrix_value(int row, int column)
{
    return (int)(((unsigned)row * 31u + (unsigned)column * 17u) & 255u);
}

__host__ __device__ static inline int x_value(int column)
{
    return (int)(((unsigned)column * 2654435761u) >> 20);
}

__global__ void __launch_bounds__(THROTTLE_BLOCK) relax_kernel(const fsbb_work_tuple *tuples, int64_t begin,
                                                              int64_t end, const int *x, int *y)
{
    const int64_t t = begin + (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= end)
        return;
    const fsbb_work_tuple w = tuples[t];
    atomicMin(&y[w.a], matrix_value(w.a, w.b) + x[w.b]);
}

/* Warps take chunks of CHUNK tuples of [begin, end) in order. */
__global__ void __launch_bounds__(THROTTLE_BLOCK) relax_queue_kernel(const fsbb_work_tuple *tuples, int64_t begin,
                                                                    int64_t end, const int *x, int *y, unsigned *next)
{
    const unsigned chunks = (unsigned)((end - begin + CHUNK - 1) / CHUNK);
    unsigned chunk;
    while (fsbb_warp_fetch(next, chunks, 1, &chunk)) {
        const int64_t first = begin + (int64_t)chunk * CHUNK;
        for (int i = fsbb_lane(); i < CHUNK; i += FSBB_WARP_SIZE) {
            const int64_t t = first + i;
            if (t < end) {
                const fsbb_work_tuple w = tuples[t];
                atomicMin(&y[w.a], matrix_value(w.a, w.b) + x[w.b]);
            }
        }
    }
}

static unsigned hash(unsigned v)
{
    v ^= v >> 16;
    v *= 0x7feb352du;
    v ^= v >> 15;
    v *= 0x846ca68bu;
    return v ^ (v >> 16);
}

typedef struct throttle_setup {
    const fsbb_work_tuple *original, *reorganized; /* device */
    const int *x;
    int *y;
    unsigned *counters;
    int *expected, *got;
    int queue_blocks;
    FILE *csv;
    double original_ms;
} throttle_setup;

static void launch_range(const throttle_setup *s, const fsbb_work_tuple *tuples, int64_t begin, int64_t end)
{
    const int64_t blocks = (end - begin + THROTTLE_BLOCK - 1) / THROTTLE_BLOCK;
    relax_kernel<<<(unsigned)blocks, THROTTLE_BLOCK>>>(tuples, begin, end, s->x, s->y);
}

static void launch_queue(const throttle_setup *s, int64_t begin, int64_t end, unsigned *counter)
{
    BENCH_CUDA(cudaMemsetAsync(counter, 0, sizeof(unsigned)));
    relax_queue_kernel<<<s->queue_blocks, THROTTLE_BLOCK>>>(s->reorganized, begin, end, s->x, s->y, counter);
}

static void reset_y(const throttle_setup *s)
{
    BENCH_CUDA(cudaMemset(s->y, 0x7f, sizeof(int) * ROWS));
}

static void check_y(const throttle_setup *s, const char *what)
{
    BENCH_CUDA(cudaMemcpy(s->got, s->y, sizeof(int) * ROWS, cudaMemcpyDeviceToHost));
    if (memcmp(s->got, s->expected, sizeof(int) * ROWS) != 0) {
        fprintf(stderr, "%s: y differs from the CPU reference\n", what);
        bench_die("a throttling schedule changed y");
    }
}

static void record(const throttle_setup *s, const char *schedule, double capacity, int parts, int launches, double ms)
{
    fprintf(s->csv, "%s,%.0f,%d,%d,%.4f,%.3f\n", schedule, capacity, parts, launches, ms, s->original_ms / ms);
    printf("throttle %-8s cache %10.0f B: %5d parts, %5d launches, %8.3f ms, speedup %.2f\n", schedule, capacity, parts,
           launches, ms, s->original_ms / ms);
    fflush(stdout);
}

static void run_schedules(throttle_setup *s, fsbb_fit_tree *tree, double capacity)
{
    int *leaves = (int *)malloc(sizeof(int) * (size_t)tree->count);
    int *chosen = (int *)malloc(sizeof(int) * (size_t)tree->count);
    if (!leaves || !chosen)
        bench_die("out of memory");
    const int leaf_count = fsbb_fit_leaves(tree, leaves, tree->count);
    double ms = 0;
    BENCH_TIME(ms, reset_y(s), for (int i = 0; i < leaf_count; i++)
                                   launch_range(s, s->reorganized, tree->nodes[leaves[i]].begin,
                                                tree->nodes[leaves[i]].end));
    check_y(s, "cf");
    record(s, "cf", capacity, leaf_count, leaf_count, ms);
    BENCH_TIME(ms, reset_y(s), launch_queue(s, 0, TUPLES, s->counters));
    check_y(s, "cfq");
    record(s, "cfq", capacity, leaf_count, 1, ms);
    /* SJ: profile every part alone (y reset before each), then recombine. */
    for (int i = 0; i < tree->count; i++) {
        double part_ms = 0;
        BENCH_TIME(part_ms, reset_y(s), launch_range(s, s->reorganized, tree->nodes[i].begin, tree->nodes[i].end));
        tree->nodes[i].standalone_ms = part_ms;
    }
    fsbb_fit_recombine(tree);
    const int chosen_count = fsbb_fit_chosen(tree, chosen, tree->count);
    if (chosen_count > 1024)
        bench_die("too many split-join parts");
    BENCH_TIME(ms, reset_y(s), for (int i = 0; i < chosen_count; i++)
                                   launch_range(s, s->reorganized, tree->nodes[chosen[i]].begin,
                                                tree->nodes[chosen[i]].end));
    check_y(s, "sj");
    record(s, "sj", capacity, chosen_count, chosen_count, ms);
    BENCH_TIME(ms, reset_y(s), for (int i = 0; i < chosen_count; i++)
                                   launch_queue(s, tree->nodes[chosen[i]].begin, tree->nodes[chosen[i]].end,
                                                s->counters + i));
    check_y(s, "sjq");
    record(s, "sjq", capacity, chosen_count, chosen_count, ms);
    free(leaves);
    free(chosen);
}

extern "C" void bench_throttle(const char *csv_path, int once)
{
    fsbb_work_tuple *tuples = (fsbb_work_tuple *)malloc(sizeof(fsbb_work_tuple) * (size_t)TUPLES);
    int *x = (int *)malloc(sizeof(int) * COLUMNS);
    throttle_setup s;
    memset(&s, 0, sizeof s);
    s.expected = (int *)malloc(sizeof(int) * ROWS);
    s.got = (int *)malloc(sizeof(int) * ROWS);
    if (!tuples || !x || !s.expected || !s.got)
        bench_die("out of memory");
    for (int c = 0; c < COLUMNS; c++)
        x[c] = x_value(c);
    for (int r = 0; r < ROWS; r++) {
        const int window = (int)(hash((unsigned)r) % (COLUMNS / WINDOW));
        s.expected[r] = INT_MAX;
        for (int k = 0; k < PER_ROW; k++) {
            const int column = window * WINDOW + (int)(hash((unsigned)r * PER_ROW + k + 0x9e3779b9u) % WINDOW);
            tuples[(int64_t)r * PER_ROW + k] = (fsbb_work_tuple){r, column};
            const int value = matrix_value(r, column) + x[column];
            s.expected[r] = value < s.expected[r] ? value : s.expected[r];
        }
    }
    fsbb_work_tuple *dev_original, *dev_reorganized;
    int *dev_x;
    BENCH_CUDA(cudaMalloc((void **)&dev_original, sizeof(fsbb_work_tuple) * (size_t)TUPLES));
    BENCH_CUDA(cudaMalloc((void **)&dev_reorganized, sizeof(fsbb_work_tuple) * (size_t)TUPLES));
    BENCH_CUDA(cudaMalloc((void **)&dev_x, sizeof(int) * COLUMNS));
    BENCH_CUDA(cudaMalloc((void **)&s.y, sizeof(int) * ROWS));
    BENCH_CUDA(cudaMalloc((void **)&s.counters, sizeof(unsigned) * 1024));
    BENCH_CUDA(cudaMemcpy(dev_original, tuples, sizeof(fsbb_work_tuple) * (size_t)TUPLES, cudaMemcpyHostToDevice));
    BENCH_CUDA(cudaMemcpy(dev_x, x, sizeof(int) * COLUMNS, cudaMemcpyHostToDevice));
    s.original = dev_original;
    s.x = dev_x;
    int sms = 0, per_sm = 0, l2 = 0;
    BENCH_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    BENCH_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
    BENCH_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, relax_queue_kernel, THROTTLE_BLOCK, 0));
    s.queue_blocks = sms * per_sm;
    printf("throttle: %lld tuples, x %d MiB, y %d MiB, L2 %d MiB\n", (long long)TUPLES, (int)(COLUMNS * 4 >> 20),
           (int)(ROWS * 4 >> 20), l2 >> 20);

    if (once) {
        reset_y(&s);
        launch_range(&s, s.original, 0, TUPLES);
        BENCH_CUDA(cudaDeviceSynchronize());
    } else {
        s.csv = bench_csv(csv_path, "schedule,cache_bytes,parts,launches,ms,speedup");
        BENCH_TIME(s.original_ms, reset_y(&s), launch_range(&s, s.original, 0, TUPLES));
        check_y(&s, "original");
        record(&s, "original", 0, 1, 1, s.original_ms);
        /* DBWP sorts the tuples by column: partitions are contiguous ranges of the sorted list. */
        const double capacities[] = {l2 / 2.0, l2 / 4.0};
        int reorganized = 0;
        for (int i = 0; i < 2; i++) {
            fsbb_fit_tree tree;
            fsbb_error err;
            if (fsbb_fit_partition_tuples(tuples, TUPLES, ROWS, COLUMNS, sizeof(int), sizeof(int), capacities[i], &tree,
                                          &err) != FSBB_OK)
                bench_die(err.message);
            if (!reorganized) {
                BENCH_CUDA(cudaMemcpy(dev_reorganized, tuples, sizeof(fsbb_work_tuple) * (size_t)TUPLES,
                                      cudaMemcpyHostToDevice));
                s.reorganized = dev_reorganized;
                reorganized = 1;
                double ms = 0;
                BENCH_TIME(ms, reset_y(&s), launch_range(&s, s.reorganized, 0, TUPLES));
                check_y(&s, "org+r");
                record(&s, "org+r", 0, 1, 1, ms);
            }
            run_schedules(&s, &tree, capacities[i]);
            fsbb_fit_tree_free(&tree);
        }
        fclose(s.csv);
    }
    cudaFree(dev_original);
    cudaFree(dev_reorganized);
    cudaFree(dev_x);
    cudaFree(s.y);
    cudaFree(s.counters);
    free(tuples);
    free(x);
    free(s.expected);
    free(s.got);
}
