/* gpu_bounder.cu — the pool-bounding kernels and the bounder of gpu_bounder.h: device
 * tables, pinned pool slots, streams, asynchronous submit and wait.
 *
 * One node per thread: kernels instantiated per size class (the per-thread arrays for the
 * permutation, the unscheduled flags and the per-machine times are sized at compile time
 * and live in local memory, interleaved across the warp by the hardware), refactor mode,
 * bound and table space. refactor none calls the FSBB_HOST_DEVICE functions of bounds/
 * unchanged.
 *
 * One node per lane group (LB2, where lb2_lanes_for chooses it): a group of G lanes bounds
 * a node, its lanes over the machines for the node's rows and over the machine pairs for
 * LB2 (fsbb_lb2_lanes of lb2_lanes.cuh, the resident engine's LB2). */
#include "gpu_bounder.h"

#include "branch_free.cuh"
#include "lb1.h"
#include "lb2.h"
#include "lb2_lanes.cuh"

#include "cuda_check.h"
#include "warp_reduce.cuh"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <type_traits>

static const size_t SHARED_BUDGET_BYTES = 48 * 1024;
/* AUTO keeps the LB1 tables in shared memory only up to this size: more shrinks L1, which
 * serves the LB2 tables and the per-thread arrays (ta111's 42 KB measured slower than global). */
static const size_t AUTO_SHARED_LB1_BYTES = 24 * 1024;
/* Kernel parameters may take 32764 bytes; the rest of the parameters fit in what is left. */
enum { PARAM_WORDS = 7936 };

/* Where a kernel reads the tables (the resolved form of fsbb_gpu_tables). */
enum table_space { SPACE_GLOBAL, SPACE_SHARED_LB1, SPACE_SHARED_ALL, SPACE_PARAM_LB1 };

struct pool_args {
    const fsbb_job *perm;       /* n x capacity */
    const int16_t *front_len;
    const int16_t *back_len;
    int *lb;
    int capacity;
    int count;
};

/* The table block: [p | min_head | min_tail | min_p | pair_first | pair_second] (the LB1
 * part, lb1_words) then [johnson_order | lag] (the LB2 part). */
struct table_args {
    const int *global;
    int n, m, pairs;
    int lb1_words, total_words;
};

struct param_tables {
    int words[PARAM_WORDS];
};

static __host__ __device__ __forceinline__ fsbb_bound_data table_view(const table_args &t, const int *lb1_part,
                                                                      const int *lb2_part)
{
    const int nm = t.n * t.m;
    int *lb1 = const_cast<int *>(lb1_part), *lb2 = const_cast<int *>(lb2_part);
    fsbb_bound_data d;
    d.n = t.n;
    d.m = t.m;
    d.p = lb1;
    d.min_head = lb1 + nm;
    d.min_tail = lb1 + nm + t.m;
    d.min_p = lb1 + nm + 2 * t.m;
    d.pair_count = t.pairs;
    d.pair_first = lb1 + nm + 3 * t.m;
    d.pair_second = lb1 + nm + 3 * t.m + t.pairs;
    d.johnson_order = lb2;
    d.lag = lb2 + t.pairs * t.n;
    return d;
}

/* The bound code of bounds/ as written: divergent loops, branches and early exits. */
template <int MAXN, int MAXM, bool LB2>
__device__ __forceinline__ void bound_node_plain(const fsbb_bound_data *d, const pool_args &pool, int ub)
{
    const int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= pool.count)
        return;
    const int n = d->n;
    fsbb_job perm[MAXN];
    int front[MAXM], back[MAXM], remain[MAXM];
    for (int i = 0; i < n; i++)
        perm[i] = pool.perm[(size_t)i * pool.capacity + id];
    const int front_len = pool.front_len[id], back_len = pool.back_len[id];
    fsbb_front_times(d, perm, front_len, front);
    fsbb_back_times(d, perm, back_len, back);
    fsbb_remaining_work(d, perm, front_len, back_len, remain);
    const int unscheduled_count = n - front_len - back_len;
    int lb = fsbb_lb1_from_parts(d, front, back, remain, unscheduled_count);
    if constexpr (LB2) {
        if (unscheduled_count > 0 && lb < ub) {
            unsigned char unscheduled[MAXN];
            for (int j = 0; j < n; j++)
                unscheduled[j] = 0;
            for (int i = front_len; i < n - back_len; i++)
                unscheduled[perm[i]] = 1;
            const int lb2 = fsbb_lb2(d, unscheduled, front, back, ub);
            lb = FSBB_MAX(lb, lb2);
        }
    }
    pool.lb[id] = lb;
}

/* The branch-free variants of branch_free.cuh. Lanes past the end of the pool bound the
 * last node again (without storing it) so that every warp stays whole. */
template <int MAXN, int MAXM, bool LB2, class P>
__device__ __forceinline__ void bound_node_branch_free(const fsbb_bound_data *d, const pool_args &pool, int ub)
{
    const int id = blockIdx.x * blockDim.x + threadIdx.x;
    const int node = min(id, pool.count - 1);
    const int n = d->n;
    fsbb_job perm[MAXN];
    int front[MAXM], back[MAXM], remain[MAXM];
    for (int i = 0; i < n; i++)
        perm[i] = pool.perm[(size_t)i * pool.capacity + node];
    const int front_len = pool.front_len[node], back_len = pool.back_len[node];
    const int lo = front_len, hi = n - back_len;
    const int warp_front_len = fsbb_warp_max(front_len);
    const int warp_back_len = fsbb_warp_max(back_len);
    const int warp_lo = fsbb_warp_min(lo);
    const int warp_hi = fsbb_warp_max(hi);
    fsbb_branch_free_front_times<P>(d, perm, front_len, warp_front_len, front);
    fsbb_branch_free_back_times<P>(d, perm, back_len, warp_back_len, back);
    fsbb_branch_free_remaining_work<P>(d, perm, lo, hi, warp_lo, warp_hi, remain);
    const int unscheduled_count = hi - lo;
    int lb = fsbb_branch_free_lb1_from_parts<P>(d, front, back, remain, unscheduled_count);
    if constexpr (LB2) {
        unsigned char unscheduled[MAXN];
        fsbb_branch_free_mark_unscheduled<P>(n, perm, lo, hi, unscheduled);
        lb = fsbb_branch_free_lb2<P>(d, unscheduled, front, back, lb, unscheduled_count, ub);
    }
    if (id < pool.count)
        pool.lb[node] = lb;
}

template <int MAXN, int MAXM, int REFACTOR, bool LB2>
__device__ __forceinline__ void bound_node(const fsbb_bound_data *d, const pool_args &pool, int ub)
{
    if constexpr (REFACTOR == FSBB_REFACTOR_NONE)
        bound_node_plain<MAXN, MAXM, LB2>(d, pool, ub);
    else
        bound_node_branch_free<MAXN, MAXM, LB2,
                               std::conditional_t<REFACTOR == FSBB_REFACTOR_TRIG, fsbb_trig_policy,
                                                  fsbb_select_policy>>(d, pool, ub);
}

template <int MAXN, int MAXM, int REFACTOR, bool LB2, int SPACE>
__global__ void __launch_bounds__(1024) bound_pool_kernel(pool_args pool, table_args t, int ub)
{
    extern __shared__ int shared_tables[];
    const int *lb1_part = t.global, *lb2_part = t.global + t.lb1_words;
    if constexpr (SPACE == SPACE_SHARED_LB1 || SPACE == SPACE_SHARED_ALL) {
        const int words = SPACE == SPACE_SHARED_ALL ? t.total_words : t.lb1_words;
        for (int i = threadIdx.x; i < words; i += blockDim.x)
            shared_tables[i] = t.global[i];
        __syncthreads();
        lb1_part = shared_tables;
        if constexpr (SPACE == SPACE_SHARED_ALL)
            lb2_part = shared_tables + t.lb1_words;
    }
    const fsbb_bound_data d = table_view(t, lb1_part, lb2_part);
    bound_node<MAXN, MAXM, REFACTOR, LB2>(&d, pool, ub);
}

template <int MAXN, int MAXM, int REFACTOR, bool LB2>
__global__ void __launch_bounds__(1024)
    bound_pool_kernel_param(pool_args pool, table_args t, const __grid_constant__ param_tables c, int ub)
{
    const fsbb_bound_data d = table_view(t, c.words, t.global + t.lb1_words);
    bound_node<MAXN, MAXM, REFACTOR, LB2>(&d, pool, ub);
}

/* ---- One node per lane group (LB2) ----------------------------------------------------- */

/* The lane-group kernel's tables, in global memory: LB2's pair-minor tables and the
 * processing times by job (p_by_job[job * m + k]), so that lanes over the machines read
 * consecutive words. */
struct lane_args {
    fsbb_lb2_lane_tables lb2;
    const int *p_by_job;
    int group;        /* G lanes per node */
    int group_words;  /* shared ints per group (lane_group_words) */
};

static __host__ __device__ int round4(int x)
{
    return (x + 3) / 4 * 4;
}

/* A group's shared memory, in ints: its node's rows front, back and remain (m ints each,
 * rounded to 4), its permutation (n jobs) and its unscheduled flags (n bytes). */
static __host__ __device__ int lane_group_words(int n, int m)
{
    return 3 * round4(m) + round4((n + 1) / 2) + round4((n + 3) / 4);
}

/* The node's front (FORWARD) or back row by a wavefront over the group's lanes: lane L owns
 * machines [L c, L c + c) (c = ceil(m / G)), in the recurrence's machine order, and
 * processes the scheduled job of index s - L at step s, taking the time at which that job
 * left the lane before's machines by a shuffle. Each job's times are those of
 * fsbb_front_times (fsbb_back_times for the back) in another order of the same steps. */
template <bool FORWARD>
__device__ __forceinline__ void lane_row(const fsbb_lane_group &g, const int *p_by_job, int n, int m,
                                         const fsbb_job *perm, int count, int *row)
{
    const int c = (m + g.size - 1) / g.size, lanes = (m + c - 1) / c;
    const int own = g.lane * c, own_end = min(own + c, m);
    for (int k = g.lane; k < m; k += g.size)
        row[k] = 0;
    __syncwarp(g.mask);
    if (count == 0)
        return;
    int carry = 0;
    for (int step = 0; step < count + lanes - 1; step++) {
        const int left = __shfl_up_sync(g.mask, carry, 1, g.size);
        const int i = step - g.lane;
        if (g.lane < lanes && i >= 0 && i < count) {
            const int *times = p_by_job + perm[FORWARD ? i : n - 1 - i] * m;
            int t = g.lane == 0 ? 0 : left;
            for (int x = own; x < own_end; x++) {
                const int k = FORWARD ? x : m - 1 - x;
                t = fsbb_machine_step(t, row[k], __ldg(times + k));
                row[k] = t;
            }
            carry = t;
        }
    }
    __syncwarp(g.mask);
}

/* The pool bound of gpu_pool.h, a node per group: the node's permutation and flags into
 * the group's shared memory, its rows by lanes over the machines, LB1 by the group's first
 * lane (fsbb_lb1_from_parts), LB2 by the group's lanes over the pairs. */
__global__ void __launch_bounds__(1024) bound_pool_lanes_kernel(pool_args pool, table_args t, lane_args a, int ub)
{
    extern __shared__ int4 lane_scratch[];
    const fsbb_bound_data d = table_view(t, t.global, t.global + t.lb1_words);
    const int n = t.n, m = t.m, m4 = round4(m);
    const fsbb_lane_group g = fsbb_lane_group_of(a.group);
    int *front = reinterpret_cast<int *>(lane_scratch) + g.index * a.group_words;
    int *back = front + m4, *remain = back + m4;
    fsbb_job *perm = reinterpret_cast<fsbb_job *>(remain + m4);
    unsigned char *flags = reinterpret_cast<unsigned char *>(remain + m4 + round4((n + 1) / 2));
    const int per_block = blockDim.x / a.group;
    for (int node = blockIdx.x * per_block + g.index; node < pool.count; node += gridDim.x * per_block) {
        const int front_len = pool.front_len[node], back_len = pool.back_len[node];
        const int lo = front_len, hi = n - back_len;
        for (int i = g.lane; i < n; i += g.size) {
            const fsbb_job job = pool.perm[(size_t)i * pool.capacity + node];
            perm[i] = job;
            flags[job] = i >= lo && i < hi;
        }
        __syncwarp(g.mask);
        lane_row<true>(g, a.p_by_job, n, m, perm, front_len, front);
        lane_row<false>(g, a.p_by_job, n, m, perm, back_len, back);
        for (int k = g.lane; k < m; k += g.size) {
            int work = 0;
            for (int i = lo; i < hi; i++)
                work += __ldg(a.p_by_job + perm[i] * m + k);
            remain[k] = work;
        }
        __syncwarp(g.mask);
        int lb = 0;
        if (g.lane == 0)
            lb = fsbb_lb1_from_parts(&d, front, back, remain, hi - lo);
        lb = __shfl_sync(g.mask, lb, 0, g.size);
        if (hi > lo && lb < ub)
            lb = max(lb, fsbb_lb2_lanes(a.lb2, n, d.min_head, d.min_tail, g, front, back, flags, ub));
        if (g.lane == 0)
            pool.lb[node] = lb;
        __syncwarp(g.mask);
    }
}

/* ---- Kernel selection ------------------------------------------------------------------ */

struct launch_args {
    dim3 grid, block;
    size_t shared_bytes;
    pool_args pool;
    table_args tables;
    const param_tables *param;
    int ub;
};

template <int MAXN, int MAXM, int REFACTOR, bool LB2, int SPACE>
static cudaError_t launch(const launch_args &a, cudaStream_t stream)
{
    if constexpr (SPACE == SPACE_PARAM_LB1)
        bound_pool_kernel_param<MAXN, MAXM, REFACTOR, LB2><<<a.grid, a.block, 0, stream>>>(a.pool, a.tables,
                                                                                           *a.param, a.ub);
    else
        bound_pool_kernel<MAXN, MAXM, REFACTOR, LB2, SPACE>
            <<<a.grid, a.block, a.shared_bytes, stream>>>(a.pool, a.tables, a.ub);
    return cudaGetLastError();
}

template <int MAXN, int MAXM, int REFACTOR, bool LB2>
static cudaError_t launch_space(int space, const launch_args &a, cudaStream_t stream)
{
    switch (space) {
    case SPACE_SHARED_LB1: return launch<MAXN, MAXM, REFACTOR, LB2, SPACE_SHARED_LB1>(a, stream);
    case SPACE_SHARED_ALL:
        if constexpr (LB2)
            return launch<MAXN, MAXM, REFACTOR, LB2, SPACE_SHARED_ALL>(a, stream);
        else
            return launch<MAXN, MAXM, REFACTOR, LB2, SPACE_SHARED_LB1>(a, stream);
    case SPACE_PARAM_LB1: return launch<MAXN, MAXM, REFACTOR, LB2, SPACE_PARAM_LB1>(a, stream);
    default: return launch<MAXN, MAXM, REFACTOR, LB2, SPACE_GLOBAL>(a, stream);
    }
}

template <int MAXN, int MAXM>
static cudaError_t launch_mode(fsbb_refactor_kind refactor, fsbb_lb_kind lb, int space, const launch_args &a,
                               cudaStream_t stream)
{
    const bool lb2 = lb == FSBB_LB2;
    switch (refactor) {
    case FSBB_REFACTOR_TRIG:
        return lb2 ? launch_space<MAXN, MAXM, FSBB_REFACTOR_TRIG, true>(space, a, stream)
                   : launch_space<MAXN, MAXM, FSBB_REFACTOR_TRIG, false>(space, a, stream);
    case FSBB_REFACTOR_SELECT:
        return lb2 ? launch_space<MAXN, MAXM, FSBB_REFACTOR_SELECT, true>(space, a, stream)
                   : launch_space<MAXN, MAXM, FSBB_REFACTOR_SELECT, false>(space, a, stream);
    default:
        return lb2 ? launch_space<MAXN, MAXM, FSBB_REFACTOR_NONE, true>(space, a, stream)
                   : launch_space<MAXN, MAXM, FSBB_REFACTOR_NONE, false>(space, a, stream);
    }
}

/* Size classes of the per-thread arrays. */
enum { SMALL_JOBS = 128, SMALL_MACHINES = 32 };

/* Which LB2 kernel bounds pools of n x m nodes with `pairs` machine pairs: lanes per node
 * (fsbb_lb2_lane_group_size, the resident engine's group), or 0 for one node per thread.
 * Steps a node costs, one step a table read and its arithmetic:
 *   a thread:    n m for the rows (front, back, remain), then n per pair;
 *   a lane group of G lanes, c = ceil(m / G) machines a lane: n c for the rows, 2 min(m, G)
 *                filling and draining the wavefronts, then n per round of G pairs;
 *                on G lanes.
 * The group wins on latency always (a pool of 4096 nodes, the default with 16 host loops,
 * is a few warps per SM one node a thread, so a kernel lasts as long as one thread's node).
 * It is chosen unless its lanes' total work exceeds 1.5 times the thread's: the
 * one-thread kernel loses about that much to divergence in LB2 (the task pools that remove
 * it ran 1.45-1.55x faster, results/divergence/report.md). That keeps one node per thread
 * for 5 machines (10 pairs: 2.2-2.7 times the work), and takes lane groups from 10
 * machines on (20 x 10: 1.45, 20 x 20: 1.37, 200 x 20: 1.09). */
static int lb2_lanes_for(int n, int m, int pairs)
{
    if (pairs <= 0)
        return 0;
    const int g = fsbb_lb2_lane_group_size(pairs);
    const double c = (m + g - 1) / g, rounds = (pairs + g - 1) / g;
    const double lane_steps = g * ((double)n * c + 2.0 * FSBB_MIN(m, g) + rounds * n);
    const double thread_steps = (double)n * m + (double)pairs * n;
    return lane_steps <= 1.5 * thread_steps ? g : 0;
}

/* ---- The bounder ----------------------------------------------------------------------- */

struct gpu_slot {
    fsbb_gpu_pool host;      /* pinned */
    int *host_lb;              /* pinned */
    fsbb_job *dev_perm;
    int16_t *dev_front_len, *dev_back_len;
    int *dev_lb;
    cudaStream_t stream;
    cudaEvent_t started, copied_in, bounded, done;
    int count_in_flight;       /* nodes of the last submit */
};

struct fsbb_gpu_bounder {
    int n, m, pairs, max_pool, block_size;
    int small;                 /* 1: the small size class */
    fsbb_refactor_kind refactor;
    fsbb_lb_kind lb;
    fsbb_gpu_tables where;     /* as requested */
    int space;                 /* as resolved for the current bound */
    int total_work_fits_trig;
    int *host_tables;          /* the table block, total_words ints */
    int *dev_tables;
    int lb1_words, total_words;
    param_tables *param;       /* host copy of the LB1 part, when it fits */
    fsbb_gpu_pool_refiner refine;  /* NULL: none */
    void *refine_context;
    gpu_slot slots[FSBB_GPU_SLOTS];
    fsbb_gpu_stream_time stream_time;  /* summed by each wait */
    int lb2_lanes_asked;       /* FSBB_GPU_LB2_LANES_AUTO, 0 (one node per thread), 8, 16 or 32 */
    int lb2_lanes;             /* as resolved for the current bound: 0 or the group's lanes */
    void *dev_lane_tables;     /* the lane-group kernel's tables (lane_args), once needed */
    lane_args lanes;
};

static fsbb_status check_mode(const fsbb_gpu_bounder *b, fsbb_refactor_kind refactor, fsbb_error *err)
{
    if (refactor == FSBB_REFACTOR_TRIG && (b->n > FSBB_TRIG_MAX_COUNT || !b->total_work_fits_trig))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "--branch-free trig is exact only for at most %d jobs and a total work below 2^24",
                         FSBB_TRIG_MAX_COUNT);
    return FSBB_OK;
}

/* Resolves where the tables go for bound lb; fails for an explicit space they do not fit. */
static fsbb_status resolve_space(const fsbb_gpu_bounder *b, fsbb_gpu_tables where, fsbb_lb_kind lb, int *space,
                                 fsbb_error *err)
{
    const size_t lb1_bytes = sizeof(int) * (size_t)b->lb1_words;
    const size_t all_bytes = sizeof(int) * (size_t)b->total_words;
    switch (where) {
    case FSBB_GPU_TABLES_GLOBAL:
        *space = SPACE_GLOBAL;
        return FSBB_OK;
    case FSBB_GPU_TABLES_CONSTANT:
        if (b->lb1_words > PARAM_WORDS)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the LB1 tables (%zu bytes) exceed the %zu bytes of the "
                             "constant kernel parameter", lb1_bytes, sizeof(param_tables));
        *space = SPACE_PARAM_LB1;
        return FSBB_OK;
    case FSBB_GPU_TABLES_SHARED:
    case FSBB_GPU_TABLES_AUTO:
        if (lb == FSBB_LB2 && all_bytes <= SHARED_BUDGET_BYTES)
            *space = SPACE_SHARED_ALL;
        else if (lb1_bytes <= (where == FSBB_GPU_TABLES_AUTO ? AUTO_SHARED_LB1_BYTES : SHARED_BUDGET_BYTES))
            *space = SPACE_SHARED_LB1;
        else if (where == FSBB_GPU_TABLES_AUTO)
            *space = SPACE_GLOBAL;
        else
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the LB1 tables (%zu bytes) exceed the %zu bytes of shared "
                             "memory a block may use", lb1_bytes, SHARED_BUDGET_BYTES);
        return FSBB_OK;
    }
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "unknown table placement %d", (int)where);
}

static void build_table_block(fsbb_gpu_bounder *b, const fsbb_bound_data *d)
{
    const int n = d->n, m = d->m, pairs = d->pair_count;
    int *t = b->host_tables;
    memcpy(t, d->p, sizeof(int) * (size_t)n * m);
    t += n * m;
    memcpy(t, d->min_head, sizeof(int) * m);
    memcpy(t + m, d->min_tail, sizeof(int) * m);
    memcpy(t + 2 * m, d->min_p, sizeof(int) * m);
    t += 3 * m;
    if (pairs == 0) /* LB1 only: no LB2 tables were built */
        return;
    memcpy(t, d->pair_first, sizeof(int) * pairs);
    memcpy(t + pairs, d->pair_second, sizeof(int) * pairs);
    t += 2 * pairs;
    memcpy(t, d->johnson_order, sizeof(int) * (size_t)pairs * n);
    memcpy(t + (size_t)pairs * n, d->lag, sizeof(int) * (size_t)pairs * n);
}

static fsbb_status slot_init(gpu_slot *s, int n, int capacity, fsbb_error *err)
{
    const size_t perm_bytes = sizeof(fsbb_job) * (size_t)n * capacity;
    const size_t len_bytes = sizeof(int16_t) * (size_t)capacity;
    s->host.n = n;
    s->host.capacity = capacity;
    s->host.count = 0;
    FSBB_CUDA_TRY(cudaMallocHost((void **)&s->host.perm, perm_bytes));
    FSBB_CUDA_TRY(cudaMallocHost((void **)&s->host.front_len, len_bytes));
    FSBB_CUDA_TRY(cudaMallocHost((void **)&s->host.back_len, len_bytes));
    FSBB_CUDA_TRY(cudaMallocHost((void **)&s->host_lb, sizeof(int) * (size_t)capacity));
    FSBB_CUDA_TRY(cudaMalloc((void **)&s->dev_perm, perm_bytes));
    FSBB_CUDA_TRY(cudaMalloc((void **)&s->dev_front_len, len_bytes));
    FSBB_CUDA_TRY(cudaMalloc((void **)&s->dev_back_len, len_bytes));
    FSBB_CUDA_TRY(cudaMalloc((void **)&s->dev_lb, sizeof(int) * (size_t)capacity));
    FSBB_CUDA_TRY(cudaStreamCreateWithFlags(&s->stream, cudaStreamNonBlocking));
    FSBB_CUDA_TRY(cudaEventCreate(&s->started));
    FSBB_CUDA_TRY(cudaEventCreate(&s->copied_in));
    FSBB_CUDA_TRY(cudaEventCreate(&s->bounded));
    FSBB_CUDA_TRY(cudaEventCreate(&s->done));
    return FSBB_OK;
}

static void slot_free(gpu_slot *s)
{
    if (s->stream)
        cudaStreamSynchronize(s->stream);
    cudaFreeHost(s->host.perm);
    cudaFreeHost(s->host.front_len);
    cudaFreeHost(s->host.back_len);
    cudaFreeHost(s->host_lb);
    cudaFree(s->dev_perm);
    cudaFree(s->dev_front_len);
    cudaFree(s->dev_back_len);
    cudaFree(s->dev_lb);
    if (s->stream)
        cudaStreamDestroy(s->stream);
    if (s->started)
        cudaEventDestroy(s->started);
    if (s->copied_in)
        cudaEventDestroy(s->copied_in);
    if (s->bounded)
        cudaEventDestroy(s->bounded);
    if (s->done)
        cudaEventDestroy(s->done);
    memset(s, 0, sizeof *s);
}

extern "C" void fsbb_gpu_bounder_free(fsbb_gpu_bounder *b)
{
    if (!b)
        return;
    for (int s = 0; s < FSBB_GPU_SLOTS; s++)
        slot_free(&b->slots[s]);
    cudaFree(b->dev_tables);
    cudaFree(b->dev_lane_tables);
    free(b->host_tables);
    free(b->param);
    free(b);
}

static fsbb_status bounder_init(fsbb_gpu_bounder *b, const fsbb_bound_data *d, fsbb_error *err)
{
    b->lb1_words = d->n * d->m + 3 * d->m + 2 * d->pair_count;
    b->total_words = b->lb1_words + 2 * d->pair_count * d->n;
    long long total_work = 0;
    for (int i = 0; i < d->n * d->m; i++)
        total_work += d->p[i];
    b->total_work_fits_trig = total_work < FSBB_TRIG_MAX_VALUE;
    b->host_tables = (int *)malloc(sizeof(int) * (size_t)b->total_words);
    if (!b->host_tables)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the GPU tables");
    build_table_block(b, d);
    if (b->lb1_words <= PARAM_WORDS) {
        b->param = (param_tables *)calloc(1, sizeof *b->param);
        if (!b->param)
            return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the GPU tables");
        memcpy(b->param->words, b->host_tables, sizeof(int) * (size_t)b->lb1_words);
    }
    FSBB_CUDA_TRY(cudaMalloc((void **)&b->dev_tables, sizeof(int) * (size_t)b->total_words));
    FSBB_CUDA_TRY(cudaMemcpy(b->dev_tables, b->host_tables, sizeof(int) * (size_t)b->total_words,
                        cudaMemcpyHostToDevice));
    for (int s = 0; s < FSBB_GPU_SLOTS; s++) {
        const fsbb_status status = slot_init(&b->slots[s], d->n, b->max_pool, err);
        if (status != FSBB_OK)
            return status;
    }
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_gpu_bounder_new(const fsbb_bound_data *d, int max_pool, int block_size,
                                            fsbb_refactor_kind refactor, fsbb_lb_kind lb,
                                            fsbb_gpu_bounder **out, fsbb_error *err)
{
    *out = NULL;
    if (d->n < 1 || d->n > FSBB_GPU_MAX_JOBS || d->m < 1 || d->m > FSBB_GPU_MAX_MACHINES)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "the GPU bounder takes 1 to %d jobs and 1 to %d machines, not %d x %d",
                         FSBB_GPU_MAX_JOBS, FSBB_GPU_MAX_MACHINES, d->n, d->m);
    if (max_pool < 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "pool size %d must be positive", max_pool);
    if (block_size < 32 || block_size > 1024 || block_size % 32 != 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "block size %d must be a multiple of 32 from 32 to 1024",
                         block_size);
    fsbb_gpu_bounder *b = (fsbb_gpu_bounder *)calloc(1, sizeof *b);
    if (!b)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the GPU bounder");
    b->n = d->n;
    b->m = d->m;
    b->pairs = d->pair_count;
    b->max_pool = max_pool;
    b->block_size = block_size;
    b->small = d->n <= SMALL_JOBS && d->m <= SMALL_MACHINES;
    b->where = FSBB_GPU_TABLES_AUTO;
    b->lb2_lanes_asked = FSBB_GPU_LB2_LANES_AUTO;
    fsbb_status status = bounder_init(b, d, err);
    if (status == FSBB_OK)
        status = fsbb_gpu_bounder_set_mode(b, refactor, lb, err);
    if (status != FSBB_OK) {
        fsbb_gpu_bounder_free(b);
        return status;
    }
    *out = b;
    return FSBB_OK;
}

/* The lane-group kernel's tables, from the table block: pair-minor LB2 tables, their
 * machines and the times by job, in one allocation, each part 16-byte aligned. */
static fsbb_status upload_lane_tables(fsbb_gpu_bounder *b, fsbb_error *err)
{
    const table_args t = {NULL, b->n, b->m, b->pairs, b->lb1_words, b->total_words};
    const fsbb_bound_data d = table_view(t, b->host_tables, b->host_tables + b->lb1_words);
    const int n = b->n, m = b->m;
    const size_t steps = sizeof(int4) * (size_t)n * b->pairs;
    const size_t machines = (sizeof(int2) * (size_t)b->pairs + 15) / 16 * 16;
    const size_t times = sizeof(int) * (size_t)n * m;
    unsigned char *host = (unsigned char *)malloc(steps + machines + times);
    if (!host)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the LB2 lane tables");
    fsbb_lb2_fill_lane_tables(&d, (int4 *)host, (int2 *)(host + steps));
    int *by_job = (int *)(host + steps + machines);
    for (int j = 0; j < n; j++)
        for (int k = 0; k < m; k++)
            by_job[j * m + k] = d.p[k * n + j];
    cudaError_t e = cudaMalloc(&b->dev_lane_tables, steps + machines + times);
    if (e == cudaSuccess)
        e = cudaMemcpy(b->dev_lane_tables, host, steps + machines + times, cudaMemcpyHostToDevice);
    free(host);
    if (e != cudaSuccess) {
        cudaFree(b->dev_lane_tables);
        b->dev_lane_tables = NULL;
        return fsbb_cuda_fail(err, e, "the LB2 lane tables");
    }
    const unsigned char *at = (const unsigned char *)b->dev_lane_tables;
    b->lanes.lb2.steps = (const int4 *)at;
    b->lanes.lb2.pair_machines = (const int2 *)(at + steps);
    b->lanes.lb2.pairs = b->pairs;
    b->lanes.p_by_job = (const int *)(at + steps + machines);
    b->lanes.group_words = lane_group_words(n, m);
    return FSBB_OK;
}

/* The LB2 kernel for bound lb and the lanes asked (uploading the lane tables when first
 * needed): *lanes 0 (one node per thread, and every LB1 kernel) or the group's lanes. */
static fsbb_status resolve_lanes(fsbb_gpu_bounder *b, fsbb_lb_kind lb, int asked, int *lanes, fsbb_error *err)
{
    if (asked != FSBB_GPU_LB2_LANES_AUTO && asked != 0 && asked != 8 && asked != 16 && asked != 32)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the LB2 kernel takes 8, 16 or 32 lanes a node, or 0 for one node "
                         "a thread (got %d)", asked);
    *lanes = lb != FSBB_LB2 || b->pairs == 0 ? 0
             : asked == FSBB_GPU_LB2_LANES_AUTO ? lb2_lanes_for(b->n, b->m, b->pairs)
                                                : asked;
    /* A block holds one warp of groups at least: where that passes the shared memory budget
     * (thousands of jobs), LB2 runs a node a thread, or a lane count asked is refused. */
    const size_t warp_of_groups = *lanes > 0 ? sizeof(int) * (size_t)lane_group_words(b->n, b->m) *
                                                   (size_t)(FSBB_WARP_SIZE / *lanes)
                                             : 0;
    if (warp_of_groups > SHARED_BUDGET_BYTES) {
        if (asked != FSBB_GPU_LB2_LANES_AUTO)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "LB2 on %d lanes a node needs %zu bytes of shared memory a "
                             "block for %d jobs, more than the %zu a block may use", asked, warp_of_groups, b->n,
                             SHARED_BUDGET_BYTES);
        *lanes = 0;
    }
    if (*lanes > 0 && !b->dev_lane_tables)
        return upload_lane_tables(b, err);
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_gpu_bounder_set_lb2_lanes(fsbb_gpu_bounder *b, int lanes, fsbb_error *err)
{
    int resolved = 0;
    const fsbb_status status = resolve_lanes(b, b->lb, lanes, &resolved, err);
    if (status != FSBB_OK)
        return status;
    b->lb2_lanes_asked = lanes;
    b->lb2_lanes = resolved;
    return FSBB_OK;
}

extern "C" int fsbb_gpu_bounder_lb2_lanes(const fsbb_gpu_bounder *b)
{
    return b->lb2_lanes;
}

extern "C" fsbb_status fsbb_gpu_bounder_set_mode(fsbb_gpu_bounder *b, fsbb_refactor_kind refactor, fsbb_lb_kind lb,
                                                 fsbb_error *err)
{
    int space = SPACE_GLOBAL, lanes = 0;
    fsbb_status status = check_mode(b, refactor, err);
    if (status == FSBB_OK)
        status = resolve_space(b, b->where, lb, &space, err);
    if (status == FSBB_OK)
        status = resolve_lanes(b, lb, b->lb2_lanes_asked, &lanes, err);
    if (status != FSBB_OK)
        return status;
    b->refactor = refactor;
    b->lb = lb;
    b->space = space;
    b->lb2_lanes = lanes;
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_gpu_bounder_place_tables(fsbb_gpu_bounder *b, fsbb_gpu_tables where, fsbb_error *err)
{
    int space = SPACE_GLOBAL;
    const fsbb_status status = resolve_space(b, where, b->lb, &space, err);
    if (status != FSBB_OK)
        return status;
    b->where = where;
    b->space = space;
    return FSBB_OK;
}

extern "C" const char *fsbb_gpu_bounder_tables_name(const fsbb_gpu_bounder *b)
{
    if (b->lb2_lanes > 0)
        return "global (LB2 by lane groups)";
    switch (b->space) {
    case SPACE_SHARED_LB1: return b->lb == FSBB_LB2 ? "shared (LB1) + global (LB2)" : "shared";
    case SPACE_SHARED_ALL: return "shared";
    case SPACE_PARAM_LB1: return b->lb == FSBB_LB2 ? "constant (LB1) + global (LB2)" : "constant";
    default: return "global";
    }
}

extern "C" void fsbb_gpu_bounder_set_refiner(fsbb_gpu_bounder *b, fsbb_gpu_pool_refiner refine, void *context)
{
    b->refine = refine;
    b->refine_context = context;
}

extern "C" fsbb_gpu_pool *fsbb_gpu_bounder_pool(fsbb_gpu_bounder *b, int slot)
{
    if (slot < 0 || slot >= FSBB_GPU_SLOTS)
        return NULL;
    return &b->slots[slot].host;
}

/* The lane-group kernel on a slot's count nodes: blocks of the bounder's block size, fewer
 * groups where their shared memory would pass the budget (whole warps of groups, one warp
 * at least), a group per node. */
static cudaError_t launch_lanes(fsbb_gpu_bounder *b, gpu_slot *s, int count, int ub)
{
    lane_args a = b->lanes;
    a.group = b->lb2_lanes;
    const size_t group_bytes = sizeof(int) * (size_t)a.group_words;
    const int per_warp = FSBB_WARP_SIZE / a.group;
    int groups = b->block_size / a.group;
    while (groups > per_warp && (size_t)groups * group_bytes > SHARED_BUDGET_BYTES)
        groups -= per_warp;
    const pool_args pool = {s->dev_perm, s->dev_front_len, s->dev_back_len, s->dev_lb, b->max_pool, count};
    const table_args t = {b->dev_tables, b->n, b->m, b->pairs, b->lb1_words, b->total_words};
    const unsigned grid = (unsigned)((count + groups - 1) / groups);
    bound_pool_lanes_kernel<<<grid, (unsigned)(groups * a.group), (size_t)groups * group_bytes, s->stream>>>(pool, t, a,
                                                                                                           ub);
    return cudaGetLastError();
}

/* Queues copy in, kernel and copy out of a slot, with an event after each. */
static fsbb_status enqueue(fsbb_gpu_bounder *b, int slot, int ub, fsbb_error *err)
{
    if (slot < 0 || slot >= FSBB_GPU_SLOTS)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "GPU pool slot %d does not exist", slot);
    gpu_slot *s = &b->slots[slot];
    const int count = s->host.count;
    if (count < 0 || count > b->max_pool)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "pool count %d outside 0..%d", count, b->max_pool);
    const size_t pitch = sizeof(fsbb_job) * (size_t)b->max_pool;
    s->count_in_flight = count;
    FSBB_CUDA_TRY(cudaEventRecord(s->started, s->stream));
    if (count > 0) {
        FSBB_CUDA_TRY(cudaMemcpy2DAsync(s->dev_perm, pitch, s->host.perm, pitch, sizeof(fsbb_job) * (size_t)count,
                                   (size_t)b->n, cudaMemcpyHostToDevice, s->stream));
        FSBB_CUDA_TRY(cudaMemcpyAsync(s->dev_front_len, s->host.front_len, sizeof(int16_t) * (size_t)count,
                                 cudaMemcpyHostToDevice, s->stream));
        FSBB_CUDA_TRY(cudaMemcpyAsync(s->dev_back_len, s->host.back_len, sizeof(int16_t) * (size_t)count,
                                 cudaMemcpyHostToDevice, s->stream));
    }
    FSBB_CUDA_TRY(cudaEventRecord(s->copied_in, s->stream));
    if (count > 0 && b->lb2_lanes > 0) {
        const cudaError_t launched = launch_lanes(b, s, count, ub);
        if (launched != cudaSuccess)
            return fsbb_fail(err, FSBB_ERR_GPU, "LB2 lane-group kernel launch (%d nodes, %d lanes each): %s", count,
                             b->lb2_lanes, cudaGetErrorString(launched));
    } else if (count > 0) {
        launch_args a;
        a.block = dim3((unsigned)b->block_size);
        a.grid = dim3((unsigned)((count + b->block_size - 1) / b->block_size));
        a.shared_bytes = b->space == SPACE_SHARED_ALL ? sizeof(int) * (size_t)b->total_words
                         : b->space == SPACE_SHARED_LB1 ? sizeof(int) * (size_t)b->lb1_words
                                                        : 0;
        a.pool = pool_args{s->dev_perm, s->dev_front_len, s->dev_back_len, s->dev_lb, b->max_pool, count};
        a.tables = table_args{b->dev_tables, b->n, b->m, b->pairs, b->lb1_words, b->total_words};
        a.param = b->param;
        a.ub = ub;
        const cudaError_t launched =
            b->small ? launch_mode<SMALL_JOBS, SMALL_MACHINES>(b->refactor, b->lb, b->space, a, s->stream)
                     : launch_mode<FSBB_GPU_MAX_JOBS, FSBB_GPU_MAX_MACHINES>(b->refactor, b->lb, b->space, a,
                                                                             s->stream);
        if (launched != cudaSuccess)
            return fsbb_fail(err, FSBB_ERR_GPU, "bound kernel launch (%d nodes, blocks of %d): %s", count,
                             b->block_size, cudaGetErrorString(launched));
    }
    if (count > 0 && b->refine) {
        const fsbb_status refined = b->refine(b->refine_context, s->dev_perm, b->max_pool, s->dev_front_len,
                                              s->dev_back_len, count, ub, s->dev_lb, s->stream, err);
        if (refined != FSBB_OK)
            return refined;
    }
    FSBB_CUDA_TRY(cudaEventRecord(s->bounded, s->stream));
    if (count > 0)
        FSBB_CUDA_TRY(cudaMemcpyAsync(s->host_lb, s->dev_lb, sizeof(int) * (size_t)count, cudaMemcpyDeviceToHost,
                                 s->stream));
    FSBB_CUDA_TRY(cudaEventRecord(s->done, s->stream));
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_gpu_bounder_submit(fsbb_gpu_bounder *b, int slot, int ub, fsbb_error *err)
{
    return enqueue(b, slot, ub, err);
}

extern "C" fsbb_status fsbb_gpu_bounder_wait(fsbb_gpu_bounder *b, int slot, const int **lbs, fsbb_error *err)
{
    if (slot < 0 || slot >= FSBB_GPU_SLOTS)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "GPU pool slot %d does not exist", slot);
    gpu_slot *s = &b->slots[slot];
    FSBB_CUDA_TRY(cudaEventSynchronize(s->done));
    FSBB_CUDA_TRY(cudaGetLastError());
    float copy_in_ms = 0, kernel_ms = 0, copy_out_ms = 0;
    if (cudaEventElapsedTime(&copy_in_ms, s->started, s->copied_in) == cudaSuccess &&
        cudaEventElapsedTime(&kernel_ms, s->copied_in, s->bounded) == cudaSuccess &&
        cudaEventElapsedTime(&copy_out_ms, s->bounded, s->done) == cudaSuccess) {
        b->stream_time.copy_in_s += 1e-3 * copy_in_ms;
        b->stream_time.kernel_s += 1e-3 * kernel_ms;
        b->stream_time.copy_out_s += 1e-3 * copy_out_ms;
    }
    *lbs = s->host_lb;
    return FSBB_OK;
}

extern "C" fsbb_gpu_stream_time fsbb_gpu_bounder_stream_time(const fsbb_gpu_bounder *b)
{
    return b->stream_time;
}

extern "C" fsbb_status fsbb_gpu_bounder_clear_bounds(fsbb_gpu_bounder *b, int slot, fsbb_error *err)
{
    if (slot < 0 || slot >= FSBB_GPU_SLOTS)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "GPU pool slot %d does not exist", slot);
    gpu_slot *s = &b->slots[slot];
    FSBB_CUDA_TRY(cudaStreamSynchronize(s->stream));
    memset(s->host_lb, 0xff, sizeof(int) * (size_t)b->max_pool);
    FSBB_CUDA_TRY(cudaMemsetAsync(s->dev_lb, 0xff, sizeof(int) * (size_t)b->max_pool, s->stream));
    return FSBB_OK;
}

static int compare_double(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static double median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, compare_double);
    return count % 2 ? values[count / 2] : 0.5 * (values[count / 2 - 1] + values[count / 2]);
}

extern "C" fsbb_status fsbb_gpu_bounder_time(fsbb_gpu_bounder *b, int slot, int ub, int warmup, int repeats,
                                             fsbb_gpu_timing *result, fsbb_error *err)
{
    if (repeats < 1 || warmup < 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "timing needs at least one repeat");
    double *kernel = (double *)malloc(sizeof(double) * (size_t)repeats);
    double *round_trip = (double *)malloc(sizeof(double) * (size_t)repeats);
    fsbb_status status = kernel && round_trip ? FSBB_OK : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory");
    for (int r = 0; status == FSBB_OK && r < warmup + repeats; r++) {
        status = enqueue(b, slot, ub, err);
        const int *lbs;
        if (status == FSBB_OK)
            status = fsbb_gpu_bounder_wait(b, slot, &lbs, err);
        if (status != FSBB_OK || r < warmup)
            continue;
        gpu_slot *s = &b->slots[slot];
        float kernel_ms = 0, round_trip_ms = 0;
        cudaError_t e = cudaEventElapsedTime(&kernel_ms, s->copied_in, s->bounded);
        if (e == cudaSuccess)
            e = cudaEventElapsedTime(&round_trip_ms, s->started, s->done);
        if (e != cudaSuccess)
            status = fsbb_cuda_fail(err, e, "cudaEventElapsedTime");
        kernel[r - warmup] = kernel_ms;
        round_trip[r - warmup] = round_trip_ms;
    }
    if (status == FSBB_OK) {
        result->kernel_ms = median(kernel, repeats);
        result->round_trip_ms = median(round_trip, repeats);
    }
    free(kernel);
    free(round_trip);
    return status;
}
