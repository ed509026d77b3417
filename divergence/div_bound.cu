/* div_bound.cu — the kernels and the bounder of div_bound.h: plain, packed, sub-warp, CTE,
 * CCC, flat task-pool and tiled (throttled) LB2 pool bounding, with the per-node LB1 part
 * shared by all (the bound code of bounds/), and CUIRRE diagnostics on the plain kernel.
 *
 * Size classes: the per-thread arrays (permutation, per-machine times, the unscheduled set
 * as a bit mask) are sized at compile time: up to 128 jobs, or up to 512, with up to 32
 * machines. Warp-level kernels keep each of their 32 nodes' LB2 state in shared memory:
 * heads max(front, min_head) and tails max(back, min_tail) per machine and the unscheduled
 * bit mask, `stride` words per node. */
#include "div_bound.h"

#include "cache_fit.h"
#include "context_stack.cuh"
#include "cte.cuh"
#include "lb1.h"
#include "lb2.h"
#include "loading_ratio.h"
#include "task_pool.cuh"
#include "task_trace.cuh"

extern "C" {
#include "error.h"
}

#include <cuda_runtime.h>

#include <stdlib.h>
#include <string.h>

#define CUDA_TRY(...)                                                                               \
    do {                                                                                            \
        const cudaError_t status_ = (__VA_ARGS__);                                                  \
        if (status_ != cudaSuccess)                                                                 \
            return fsbb_fail(err, FSBB_ERR_GPU, "%s: %s", #__VA_ARGS__, cudaGetErrorString(status_)); \
    } while (0)

enum { SMALL_JOBS = 128, LARGE_JOBS = FSBB_DIV_MAX_JOBS, MAX_MACHINES = FSBB_DIV_MAX_MACHINES };
enum { COUNTERS = 4 };          /* pool indices of one run */

struct div_tables {
    const int *block;           /* [p | min_head | min_tail | min_p | pair_first | pair_second | order | lag] */
    const int4 *pack;           /* n x pairs, r-major: {job, p_k[job], lag[job], p_l[job]} */
    int n, m, pairs, words;     /* words: of the unscheduled bit mask */
};

struct div_pool {
    const fsbb_job *perm;       /* n x capacity */
    const int16_t *front_len, *back_len;
    int *lb;
    int capacity, count;
};

/* The per-node state of the tiled kernels, structure of arrays over the pool's nodes. */
struct tile_state {
    int *heads, *tails;         /* m x capacity */
    unsigned *bits;             /* words x capacity */
    unsigned char *needs;       /* capacity: 1 when the node needs LB2 */
    unsigned long long *crossing; /* capacity: (pair << 32 | bound) of the first pair reaching ub */
    int *fullmax;               /* capacity: the largest pair bound below ub seen */
};

__device__ __forceinline__ fsbb_bound_data table_view(const div_tables &t)
{
    int *b = const_cast<int *>(t.block);
    const int nm = t.n * t.m;
    fsbb_bound_data d;
    d.n = t.n;
    d.m = t.m;
    d.p = b;
    d.min_head = b + nm;
    d.min_tail = b + nm + t.m;
    d.min_p = b + nm + 2 * t.m;
    d.pair_count = t.pairs;
    d.pair_first = b + nm + 3 * t.m;
    d.pair_second = d.pair_first + t.pairs;
    d.johnson_order = d.pair_second + t.pairs;
    d.lag = d.johnson_order + t.pairs * t.n;
    return d;
}

/* ---- The per-node parts ---------------------------------------------------------------- */

/* LB1 of pool node `node` (bounds/ code); leaves its permutation and per-machine arrays. */
template <int MAXN, int MAXM>
__device__ __forceinline__ int node_lb1(const fsbb_bound_data *d, const div_pool &pool, int node, fsbb_job *perm,
                                        int *front, int *back, int *remain, int *front_len, int *back_len)
{
    const int n = d->n;
    for (int i = 0; i < n; i++)
        perm[i] = pool.perm[(size_t)i * pool.capacity + node];
    *front_len = pool.front_len[node];
    *back_len = pool.back_len[node];
    fsbb_front_times(d, perm, *front_len, front);
    fsbb_back_times(d, perm, *back_len, back);
    fsbb_remaining_work(d, perm, *front_len, *back_len, remain);
    return fsbb_lb1_from_parts(d, front, back, remain, n - *front_len - *back_len);
}

/* The LB2 state of a node: heads, tails and the unscheduled bit mask. */
__device__ __forceinline__ void build_state(const fsbb_bound_data *d, const fsbb_job *perm, int front_len,
                                            int back_len, const int *front, const int *back, int words, int *heads,
                                            int *tails, unsigned *bits)
{
    for (int k = 0; k < d->m; k++) {
        heads[k] = FSBB_MAX(front[k], d->min_head[k]);
        tails[k] = FSBB_MAX(back[k], d->min_tail[k]);
    }
    for (int w = 0; w < words; w++)
        bits[w] = 0;
    for (int i = front_len; i < d->n - back_len; i++)
        bits[perm[i] >> 5] |= 1u << (perm[i] & 31);
}

/* LB1 of a node and, when it needs LB2 (unscheduled jobs left and LB1 < ub), its state. */
template <int MAXN, int MAXM>
__device__ __forceinline__ int start_node(const fsbb_bound_data *d, const div_tables &t, const div_pool &pool,
                                          int node, int ub, int *heads, int *tails, unsigned *bits, bool *needs)
{
    fsbb_job perm[MAXN];
    int front[MAXM], back[MAXM], remain[MAXM], front_len, back_len;
    const int lb1 = node_lb1<MAXN, MAXM>(d, pool, node, perm, front, back, remain, &front_len, &back_len);
    *needs = d->n - front_len - back_len > 0 && lb1 < ub && t.pairs > 0; /* no pairs: LB2 is 0 */
    if (*needs)
        build_state(d, perm, front_len, back_len, front, back, t.words, heads, tails, bits);
    return lb1;
}

/* The bound of machine pair q from the packed table (fsbb_lb2_pair, reordered data). */
__device__ __forceinline__ int packed_pair(const div_tables &t, const int *first, const int *second, int q,
                                           const unsigned *bits, const int *heads, const int *tails)
{
    const int k = __ldg(first + q), l = __ldg(second + q);
    int tk = heads[k], tl = heads[l];
    const int4 *entry = t.pack + q;
    for (int r = 0; r < t.n; r++) {
        const int4 e = __ldg(entry + (size_t)r * t.pairs);
        if ((bits[e.x >> 5] >> (e.x & 31)) & 1u) {
            tk += e.y;
            tl = FSBB_MAX(tl, tk + e.z) + e.w;
        }
    }
    return FSBB_MAX(tk + tails[k], tl + tails[l]);
}

/* ---- PLAIN: one node per thread, bounds/ as written ------------------------------------ */

/* With DIAG, *end takes the clock after LB1 and after every LB2 pair (CUIRRE_DIAG_END inside
 * the loop), so a lane's last reading is when its own work ended, not when its warp
 * reconverged; the DIAG loop is fsbb_lb2's, written out. */
template <int MAXN, int MAXM, bool LB2, bool DIAG>
__device__ __forceinline__ int plain_bound(const fsbb_bound_data *d, const div_pool &pool, int node, int ub,
                                           long long *end)
{
    fsbb_job perm[MAXN];
    int front[MAXM], back[MAXM], remain[MAXM], front_len, back_len;
    int lb = node_lb1<MAXN, MAXM>(d, pool, node, perm, front, back, remain, &front_len, &back_len);
    if constexpr (DIAG)
        *end = fsbb_trace_clock();
    if constexpr (LB2) {
        if (d->n - front_len - back_len > 0 && lb < ub) {
            unsigned char unscheduled[MAXN];
            for (int j = 0; j < d->n; j++)
                unscheduled[j] = 0;
            for (int i = front_len; i < d->n - back_len; i++)
                unscheduled[perm[i]] = 1;
            int lb2 = 0;
            if constexpr (DIAG) {
                for (int q = 0; q < d->pair_count; q++) {
                    const int value = fsbb_lb2_pair(d, q, unscheduled, front, back);
                    lb2 = FSBB_MAX(lb2, value);
                    *end = fsbb_trace_clock();
                    if (lb2 >= ub)
                        break;
                }
            } else {
                lb2 = fsbb_lb2(d, unscheduled, front, back, ub);
            }
            lb = FSBB_MAX(lb, lb2);
        }
    }
    return lb;
}

template <int MAXN, int MAXM, bool LB2, bool DIAG>
__global__ void __launch_bounds__(1024) plain_kernel(div_pool pool, div_tables t, int ub, fsbb_trace_buffers trace)
{
    const long long entry = DIAG ? fsbb_trace_clock() : 0;
    const int id = blockIdx.x * blockDim.x + threadIdx.x;
    const fsbb_bound_data d = table_view(t);
    const bool valid = id < pool.count;
    const long long begin = DIAG ? fsbb_trace_clock() : 0;
    long long end = 0;
    if (valid)
        pool.lb[id] = plain_bound<MAXN, MAXM, LB2, DIAG>(&d, pool, id, ub, &end);
    if constexpr (DIAG) {
        if (valid)
            fsbb_trace_task(&trace, (unsigned)id, begin, end);
        fsbb_trace_warp(&trace, entry, begin, valid, end);
    }
}

template <int MAXN, int MAXM>
__global__ void __launch_bounds__(1024) plain_persistent_kernel(div_pool pool, div_tables t, int ub, unsigned *next)
{
    const fsbb_bound_data d = table_view(t);
    unsigned base;
    while (fsbb_warp_fetch(next, (unsigned)pool.count, FSBB_WARP_SIZE, &base)) {
        const unsigned node = base + fsbb_lane();
        if (node < (unsigned)pool.count)
            pool.lb[node] = plain_bound<MAXN, MAXM, true, false>(&d, pool, (int)node, ub, NULL);
    }
}

/* ---- PACKED: one node per thread over the packed pair table ---------------------------- */

template <int MAXN, int MAXM>
__device__ __forceinline__ int packed_bound(const fsbb_bound_data *d, const div_tables &t, const div_pool &pool,
                                            int node, int ub)
{
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    bool needs;
    const int lb1 = start_node<MAXN, MAXM>(d, t, pool, node, ub, heads, tails, bits, &needs);
    if (!needs)
        return lb1;
    int run = 0;
    for (int q = 0; q < t.pairs; q++) {
        const int value = packed_pair(t, d->pair_first, d->pair_second, q, bits, heads, tails);
        run = FSBB_MAX(run, value);
        if (run >= ub)
            break;
    }
    return FSBB_MAX(lb1, run);
}

template <int MAXN, int MAXM, bool PERSISTENT>
__global__ void __launch_bounds__(1024) packed_kernel(div_pool pool, div_tables t, int ub, unsigned *next)
{
    const fsbb_bound_data d = table_view(t);
    if constexpr (PERSISTENT) {
        unsigned base;
        while (fsbb_warp_fetch(next, (unsigned)pool.count, FSBB_WARP_SIZE, &base)) {
            const unsigned node = base + fsbb_lane();
            if (node < (unsigned)pool.count)
                pool.lb[node] = packed_bound<MAXN, MAXM>(&d, t, pool, (int)node, ub);
        }
    } else {
        const int id = blockIdx.x * blockDim.x + threadIdx.x;
        if (id < pool.count)
            pool.lb[id] = packed_bound<MAXN, MAXM>(&d, t, pool, id, ub);
    }
}

/* ---- Warp-level kernels: 32 nodes per warp, LB2 state in shared memory ----------------- */

struct warp_state {
    int *words;                 /* 32 nodes x stride */
    int stride, m;
    __device__ int *heads(int slot) const { return words + slot * stride; }
    __device__ int *tails(int slot) const { return words + slot * stride + m; }
    __device__ unsigned *bits(int slot) const { return (unsigned *)(words + slot * stride + 2 * m); }
};

struct max_of {
    __device__ __forceinline__ int operator()(int a, int b) const
    {
        return a > b ? a : b;
    }
};

/* CTE over (node, pair) tasks with early exit. Each round, the nodes still needing pairs
 * (lanes with `active`) get a quota of 32 / (active nodes) pairs each, so one round's
 * expansion fills the warp; the segment of a node finds its first pair reaching ub (ballot)
 * or its maximum (segmented reduction). Returns the LB2 of the calling lane's node. */
__device__ int cte_lb2(const div_tables &t, const fsbb_bound_data *d, const warp_state &state,
                       fsbb_cte_storage *cte, bool needs, int ub)
{
    const int lane = fsbb_lane();
    int next_pair = 0, run = 0, result = 0;
    bool active = needs;
    for (;;) {
        const unsigned active_lanes = __ballot_sync(FSBB_DIV_FULL_WARP, active);
        if (!active_lanes)
            break;
        const int quota = FSBB_WARP_SIZE / __popc(active_lanes);
        const int size = active ? min(t.pairs - next_pair, quota) : 0;
        const int total = fsbb_cte_expand(cte, size);
        int coarse = FSBB_WARP_SIZE + lane, index = 0;
        if (lane < total)
            coarse = fsbb_cte_locate(cte, lane, &index);
        const int coarse_next = __shfl_sync(FSBB_DIV_FULL_WARP, next_pair, coarse & (FSBB_WARP_SIZE - 1));
        int value = 0;
        if (lane < total)
            value = packed_pair(t, d->pair_first, d->pair_second, coarse_next + index, state.bits(coarse),
                                state.heads(coarse), state.tails(coarse));
        const unsigned hits = __ballot_sync(FSBB_DIV_FULL_WARP, lane < total && value >= ub);
        const int segment_max = fsbb_cte_segmented_reduce(value, coarse, max_of());
        /* The owner's segment is lanes [first, first + size). */
        const int first = cte->inclusive[lane] - size;
        const unsigned segment = size ? (0xffffffffu >> (FSBB_WARP_SIZE - size)) << first : 0u;
        const unsigned my_hits = hits & segment;
        const int hit_lane = my_hits ? __ffs(my_hits) - 1 : lane;
        const int last_lane = size ? first + size - 1 : lane;
        const int hit_value = __shfl_sync(FSBB_DIV_FULL_WARP, value, hit_lane);
        const int max_value = __shfl_sync(FSBB_DIV_FULL_WARP, segment_max, last_lane);
        if (active) {
            if (my_hits) {
                result = hit_value;
                active = false;
            } else {
                run = FSBB_MAX(run, max_value);
                next_pair += size;
                if (next_pair == t.pairs) {
                    result = run;
                    active = false;
                }
            }
        }
    }
    return result;
}

/* Sub-warps of S lanes: S passes over the warp's 32 nodes, 32 / S at a time; a sub-warp
 * evaluates S consecutive pairs of its node per step, until the first reaching ub. */
template <int S>
__device__ int subwarp_lb2(const div_tables &t, const fsbb_bound_data *d, const warp_state &state, bool needs,
                           int ub)
{
    const int lane = fsbb_lane();
    const int groups = FSBB_WARP_SIZE / S, group = lane / S, sub = lane % S;
    const unsigned group_mask =
        S == FSBB_WARP_SIZE ? FSBB_DIV_FULL_WARP : ((1u << (S % FSBB_WARP_SIZE)) - 1u) << (group * S);
    int result = 0;
    for (int pass = 0; pass < S; pass++) {
        const int slot = pass * groups + group;
        bool active = __shfl_sync(FSBB_DIV_FULL_WARP, (int)needs, slot) != 0;
        int run = 0, lb2 = 0;
        for (int q0 = 0; __any_sync(FSBB_DIV_FULL_WARP, active); q0 += S) {
            const int q = q0 + sub;
            int value = 0;
            if (active && q < t.pairs)
                value = packed_pair(t, d->pair_first, d->pair_second, q, state.bits(slot), state.heads(slot),
                                    state.tails(slot));
            const unsigned hits = __ballot_sync(FSBB_DIV_FULL_WARP, active && q < t.pairs && value >= ub) & group_mask;
            int group_max = value;
#pragma unroll
            for (int dist = 1; dist < S; dist <<= 1) {
                /* the shuffle outside FSBB_MAX, which would run it again in one branch only */
                const int other = __shfl_xor_sync(FSBB_DIV_FULL_WARP, group_max, dist);
                group_max = FSBB_MAX(group_max, other);
            }
            const int hit_value = __shfl_sync(FSBB_DIV_FULL_WARP, value, hits ? __ffs(hits) - 1 : lane);
            if (active) {
                if (hits) {
                    lb2 = hit_value;
                    active = false;
                } else {
                    run = FSBB_MAX(run, group_max);
                    if (q0 + S >= t.pairs) {
                        lb2 = run;
                        active = false;
                    }
                }
            }
        }
        const bool owned_now = lane / groups == pass;
        const int got = __shfl_sync(FSBB_DIV_FULL_WARP, lb2, owned_now ? (lane - pass * groups) * S : lane);
        if (owned_now)
            result = got;
    }
    return result;
}

enum { WARP_CTE = 0 }; /* MODE of warp_kernel: 0 for CTE, else the sub-warp width */

template <int MAXN, int MAXM, int MODE, bool PERSISTENT>
__global__ void __launch_bounds__(1024) warp_kernel(div_pool pool, div_tables t, int ub, unsigned *next, int stride)
{
    extern __shared__ int shared_words[];
    const int lane = fsbb_lane();
    int *mine = shared_words + fsbb_warp_in_block() * (FSBB_WARP_SIZE * stride + FSBB_WARP_SIZE);
    const warp_state state = {mine, stride, t.m};
    fsbb_cte_storage *cte = (fsbb_cte_storage *)(mine + FSBB_WARP_SIZE * stride);
    const fsbb_bound_data d = table_view(t);
    unsigned base = (unsigned)fsbb_warp_in_grid() * FSBB_WARP_SIZE;
    for (;;) {
        if constexpr (PERSISTENT) {
            if (!fsbb_warp_fetch(next, (unsigned)pool.count, FSBB_WARP_SIZE, &base))
                break;
        } else if (base >= (unsigned)pool.count) {
            break;
        }
        const unsigned node = base + lane;
        bool needs = false;
        int lb1 = 0;
        if (node < (unsigned)pool.count)
            lb1 = start_node<MAXN, MAXM>(&d, t, pool, (int)node, ub, state.heads(lane), state.tails(lane),
                                         state.bits(lane), &needs);
        __syncwarp();
        int lb2;
        if constexpr (MODE == WARP_CTE)
            lb2 = cte_lb2(t, &d, state, cte, needs, ub);
        else
            lb2 = subwarp_lb2<MODE>(t, &d, state, needs, ub);
        if (node < (unsigned)pool.count)
            pool.lb[node] = needs ? FSBB_MAX(lb1, lb2) : lb1;
        __syncwarp();
        if constexpr (!PERSISTENT)
            break;
    }
}

/* ---- CCC: collaborative context collection on the LB2 path ----------------------------- */

enum { CCC_WORDS = 3 }; /* context: node, next pair, bound so far */

template <int MAXN, int MAXM>
__global__ void __launch_bounds__(1024) ccc_kernel(div_pool pool, div_tables t, int ub, unsigned *next, int chunk)
{
    extern __shared__ int shared_words[];
    fsbb_ccc_storage<CCC_WORDS> *stack = (fsbb_ccc_storage<CCC_WORDS> *)shared_words + fsbb_warp_in_block();
    const fsbb_bound_data d = table_view(t);
    const unsigned count = (unsigned)pool.count;
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    bool has = false, exhausted = false, needs;
    int node = 0, pair = 0, run = 0, lb1 = 0, top = 0;
    for (;;) {
        if (!exhausted) {
            /* Lanes without a context take fresh nodes; their LB1 decides whether they need LB2. */
            const unsigned free_lanes = __ballot_sync(FSBB_DIV_FULL_WARP, !has);
            unsigned base = 0;
            if (fsbb_lane() == 0 && free_lanes)
                base = atomicAdd(next, (unsigned)__popc(free_lanes));
            base = __shfl_sync(FSBB_DIV_FULL_WARP, base, 0);
            if (free_lanes && base >= count)
                exhausted = true;
            const unsigned fresh = base + (unsigned)__popc(free_lanes & fsbb_lanemask_lt());
            if (!has && fresh < count) {
                lb1 = start_node<MAXN, MAXM>(&d, t, pool, (int)fresh, ub, heads, tails, bits, &needs);
                if (needs) {
                    has = true;
                    node = (int)fresh;
                    pair = 0;
                    run = 0;
                } else {
                    pool.lb[fresh] = lb1;
                }
            }
        }
        int ctx[CCC_WORDS] = {node, pair, run};
        const bool had = has;
        if (fsbb_ccc_collect(stack, &top, has, ctx)) {
            if (!had) {
                node = ctx[0];
                pair = ctx[1];
                run = ctx[2];
                lb1 = start_node<MAXN, MAXM>(&d, t, pool, node, ub, heads, tails, bits, &needs);
            }
            has = true;
            for (int step = 0; step < chunk; step++) {
                if (has) {
                    const int value = packed_pair(t, d.pair_first, d.pair_second, pair, bits, heads, tails);
                    run = FSBB_MAX(run, value);
                    pair++;
                    if (run >= ub || pair == t.pairs) {
                        pool.lb[node] = FSBB_MAX(lb1, run);
                        has = false;
                    }
                }
            }
        } else {
            has = false;
        }
        if (exhausted && !__any_sync(FSBB_DIV_FULL_WARP, has))
            break;
    }
    int ctx[CCC_WORDS];
    if (fsbb_ccc_leftover(stack, top, ctx)) {
        node = ctx[0];
        pair = ctx[1];
        run = ctx[2];
        lb1 = start_node<MAXN, MAXM>(&d, t, pool, node, ub, heads, tails, bits, &needs);
        while (run < ub && pair < t.pairs) {
            const int value = packed_pair(t, d.pair_first, d.pair_second, pair++, bits, heads, tails);
            run = FSBB_MAX(run, value);
        }
        pool.lb[node] = FSBB_MAX(lb1, run);
    }
}

/* ---- FLAT: CUIRRE task pools over a flattened per-thread loop -------------------------- */

struct flat_pool_args {
    unsigned *next;             /* CENTRAL: the global index */
    unsigned per_block;         /* DISTRIBUTED, STEAL: tasks a block owns */
    unsigned per_thread;        /* STEAL: tasks a thread owns */
};

template <int MAXN, int MAXM, int BALANCE>
__global__ void __launch_bounds__(1024) flat_kernel(div_pool pool, div_tables t, int ub, flat_pool_args a, int chunk)
{
    extern __shared__ int shared_words[];
    fsbb_distributed_storage *distributed = (fsbb_distributed_storage *)shared_words;
    fsbb_steal_storage *steal = (fsbb_steal_storage *)shared_words;
    fsbb_steal_state steal_state = {0};
    if constexpr (BALANCE == FSBB_DIV_BALANCE_DISTRIBUTED)
        fsbb_distributed_init(distributed);
    if constexpr (BALANCE == FSBB_DIV_BALANCE_STEAL)
        fsbb_steal_init(steal, &steal_state);
    const fsbb_bound_data d = table_view(t);
    const unsigned count = (unsigned)pool.count;
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    bool has = false, alive = true, first = true, needs;
    int node = 0, pair = 0, run = 0, lb1 = 0;
    while (__any_sync(FSBB_DIV_FULL_WARP, has || alive)) {
        if (!has && alive) {
            unsigned task = 0;
            bool got;
            if constexpr (BALANCE == FSBB_DIV_BALANCE_CENTRAL)
                got = first ? fsbb_central_first_lw(count, &task) : fsbb_central_fetch_lw(a.next, count, &task);
            else if constexpr (BALANCE == FSBB_DIV_BALANCE_DISTRIBUTED)
                got = first ? fsbb_distributed_first_lw(count, a.per_block, &task)
                            : fsbb_distributed_fetch_lw(distributed, count, a.per_block, &task);
            else
                got = fsbb_steal_fetch_lw(steal, &steal_state, count, a.per_block, a.per_thread, &task);
            first = false;
            if (!got) {
                alive = false;
            } else {
                lb1 = start_node<MAXN, MAXM>(&d, t, pool, (int)task, ub, heads, tails, bits, &needs);
                if (needs) {
                    has = true;
                    node = (int)task;
                    pair = 0;
                    run = 0;
                } else {
                    pool.lb[task] = lb1;
                }
            }
        }
        for (int step = 0; step < chunk; step++) {
            if (has) {
                const int value = packed_pair(t, d.pair_first, d.pair_second, pair, bits, heads, tails);
                run = FSBB_MAX(run, value);
                pair++;
                if (run >= ub || pair == t.pairs) {
                    pool.lb[node] = FSBB_MAX(lb1, run);
                    has = false;
                }
            }
        }
    }
}

/* ---- TILED: nodes x pairs rectangles for throttling ------------------------------------ */

template <int MAXN, int MAXM>
__global__ void __launch_bounds__(1024) tile_prepare_kernel(div_pool pool, div_tables t, int ub, tile_state s)
{
    const int node = blockIdx.x * blockDim.x + threadIdx.x;
    if (node >= pool.count)
        return;
    const fsbb_bound_data d = table_view(t);
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    bool needs;
    pool.lb[node] = start_node<MAXN, MAXM>(&d, t, pool, node, ub, heads, tails, bits, &needs);
    s.needs[node] = needs;
    s.crossing[node] = ~0ull;
    s.fullmax[node] = 0;
    if (!needs)
        return;
    const size_t stride = (size_t)pool.capacity;
    for (int k = 0; k < t.m; k++) {
        s.heads[k * stride + node] = heads[k];
        s.tails[k * stride + node] = tails[k];
    }
    for (int w = 0; w < t.words; w++)
        s.bits[w * stride + node] = bits[w];
}

/* Pairs [pair_begin, pair_end) of one node; skipped when an earlier pair already reached ub. */
template <int MAXN, int MAXM>
__device__ __forceinline__ void tile_node(const div_tables &t, const fsbb_bound_data *d, const tile_state &s,
                                          int capacity, int node, int pair_begin, int pair_end, int ub)
{
    if (!s.needs[node])
        return;
    const unsigned known = (unsigned)(s.crossing[node] >> 32);
    if (known != 0xffffffffu && known < (unsigned)pair_begin)
        return;
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    const size_t stride = (size_t)capacity;
    for (int k = 0; k < t.m; k++) {
        heads[k] = s.heads[k * stride + node];
        tails[k] = s.tails[k * stride + node];
    }
    for (int w = 0; w < t.words; w++)
        bits[w] = s.bits[w * stride + node];
    int run = 0;
    for (int q = pair_begin; q < pair_end; q++) {
        const int value = packed_pair(t, d->pair_first, d->pair_second, q, bits, heads, tails);
        if (value >= ub) {
            atomicMin(&s.crossing[node], (unsigned long long)q << 32 | (unsigned)value);
            return;
        }
        run = FSBB_MAX(run, value);
    }
    atomicMax(&s.fullmax[node], run);
}

template <int MAXN, int MAXM>
__global__ void __launch_bounds__(1024) tile_kernel(div_pool pool, div_tables t, int ub, tile_state s, int node_begin,
                                                    int node_end, int pair_begin, int pair_end)
{
    const int node = node_begin + blockIdx.x * blockDim.x + threadIdx.x;
    if (node >= node_end)
        return;
    const fsbb_bound_data d = table_view(t);
    tile_node<MAXN, MAXM>(t, &d, s, pool.capacity, node, pair_begin, pair_end, ub);
}

/* CF-Q / SJ-Q: warps take queue entries {nodes [x, y), pairs [z, w)} in order. */
template <int MAXN, int MAXM>
__global__ void __launch_bounds__(1024) tile_queue_kernel(div_pool pool, div_tables t, int ub, tile_state s,
                                                          const int4 *entries, unsigned entry_count, unsigned *next)
{
    const fsbb_bound_data d = table_view(t);
    unsigned e;
    while (fsbb_warp_fetch(next, entry_count, 1, &e)) {
        const int4 entry = entries[e];
        const int node = entry.x + fsbb_lane();
        if (node < entry.y)
            tile_node<MAXN, MAXM>(t, &d, s, pool.capacity, node, entry.z, entry.w, ub);
    }
}

__global__ void tile_finish_kernel(div_pool pool, tile_state s)
{
    const int node = blockIdx.x * blockDim.x + threadIdx.x;
    if (node >= pool.count || !s.needs[node])
        return;
    const unsigned long long crossing = s.crossing[node];
    const int lb2 = crossing != ~0ull ? (int)(unsigned)(crossing & 0xffffffffu) : s.fullmax[node];
    pool.lb[node] = FSBB_MAX(pool.lb[node], lb2);
}

/* ---- The bounder ----------------------------------------------------------------------- */

struct tile_plan {
    int valid;
    fsbb_div_throttle kind;
    double cache_bytes;
    int count, ub, block_size;
    fsbb_fit_tree tree;
    int *leaves, leaf_count;
    int *chosen, chosen_count;  /* SJ, SJ-Q: the recombined cover */
    int4 *host_entries;         /* CF-Q, SJ-Q: queue entries, leaf after leaf */
    int entry_count;
    int *group_first;           /* SJ-Q: entries of chosen part c are [group_first[c], group_first[c + 1]) */
};

struct fsbb_div_bounder {
    int n, m, pairs, words, max_pool, count, small;
    int *dev_block;
    int4 *dev_pack;
    fsbb_job *dev_perm;
    int16_t *dev_front, *dev_back;
    int *dev_lb;
    unsigned *dev_counters;
    int *host_bounds;           /* pinned */
    cudaStream_t stream;
    cudaEvent_t start, stop;
    tile_state tiles;
    int4 *dev_entries;
    int entry_capacity;
    tile_plan plan;
    fsbb_trace_buffers trace;
    int trace_tasks, trace_warps;
    fsbb_div_report report;
};

static div_tables tables_of(const fsbb_div_bounder *b)
{
    return div_tables{b->dev_block, b->dev_pack, b->n, b->m, b->pairs, b->words};
}

static div_pool pool_of(const fsbb_div_bounder *b)
{
    return div_pool{b->dev_perm, b->dev_front, b->dev_back, b->dev_lb, b->max_pool, b->count};
}

static void plan_free(tile_plan *plan)
{
    fsbb_fit_tree_free(&plan->tree);
    free(plan->leaves);
    free(plan->chosen);
    free(plan->host_entries);
    free(plan->group_first);
    memset(plan, 0, sizeof *plan);
}

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
    plan_free(&b->plan);
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
        return fsbb_fail(err, FSBB_ERR_GPU, "uploading the tables: %s", cudaGetErrorString(e));
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
    b->small = d->n <= SMALL_JOBS;
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
        e = cudaMalloc((void **)&b->dev_counters, sizeof(unsigned) * COUNTERS);
    if (e == cudaSuccess)
        e = cudaMallocHost((void **)&b->host_bounds, sizeof(int) * nodes);
    if (e == cudaSuccess)
        e = cudaStreamCreateWithFlags(&b->stream, cudaStreamNonBlocking);
    if (e == cudaSuccess)
        e = cudaEventCreate(&b->start);
    if (e == cudaSuccess)
        e = cudaEventCreate(&b->stop);
    if (status == FSBB_OK && e != cudaSuccess)
        status = fsbb_fail(err, FSBB_ERR_GPU, "allocating the bounder: %s", cudaGetErrorString(e));
    if (status != FSBB_OK) {
        fsbb_div_bounder_free(b);
        return status;
    }
    *out = b;
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_div_bounder_load(fsbb_div_bounder *b, const fsbb_bound_pool *pool, fsbb_error *err)
{
    if (pool->n != b->n || pool->count < 0 || pool->count > b->max_pool)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "a pool of %d nodes of %d jobs for a bounder of %d nodes of %d",
                         pool->count, pool->n, b->max_pool, b->n);
    b->count = pool->count;
    if (b->count > 0) {
        CUDA_TRY(cudaMemcpy2D(b->dev_perm, sizeof(fsbb_job) * (size_t)b->max_pool, pool->perm,
                              sizeof(fsbb_job) * (size_t)pool->capacity, sizeof(fsbb_job) * (size_t)b->count,
                              (size_t)b->n, cudaMemcpyHostToDevice));
        CUDA_TRY(cudaMemcpy(b->dev_front, pool->front_len, sizeof(int16_t) * (size_t)b->count,
                            cudaMemcpyHostToDevice));
        CUDA_TRY(cudaMemcpy(b->dev_back, pool->back_len, sizeof(int16_t) * (size_t)b->count, cudaMemcpyHostToDevice));
    }
    b->plan.valid = 0;
    return FSBB_OK;
}

/* Bytes of the warp kernels' dynamic shared memory per block, and the per-node stride. */
static size_t warp_shared_bytes(const fsbb_div_bounder *b, int block_size, int *stride)
{
    *stride = (2 * b->m + b->words) | 1; /* odd: nodes fall on different banks */
    return sizeof(int) * (size_t)(block_size / FSBB_WARP_SIZE) * (FSBB_WARP_SIZE * *stride + FSBB_WARP_SIZE);
}

template <class Kernel>
static cudaError_t allow_shared(Kernel kernel, size_t bytes)
{
    if (bytes <= 48 * 1024)
        return cudaSuccess;
    return cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
}

/* Blocks of a persistent grid: the resident blocks of the whole GPU. */
template <class Kernel>
static cudaError_t persistent_blocks(Kernel kernel, int block_size, size_t shared, int *blocks)
{
    int sms = 0, per_sm = 0;
    const cudaError_t e = fsbb_block_threshold(kernel, block_size, shared, &sms, &per_sm);
    *blocks = sms * (per_sm > 0 ? per_sm : 1);
    return e;
}

template <int MAXN, int MAXM>
static cudaError_t launch_warp(fsbb_div_bounder *b, const fsbb_div_config *c, int ub)
{
    const div_pool pool = pool_of(b);
    const div_tables t = tables_of(b);
    int stride;
    const size_t shared = warp_shared_bytes(b, c->block_size, &stride);
    const bool persistent = c->balance == FSBB_DIV_BALANCE_PERSISTENT;
    const int static_blocks = (b->count + c->block_size - 1) / c->block_size;
    cudaError_t e = cudaSuccess;
#define FSBB_LAUNCH_WARP(MODE, PERSISTENT)                                                                 \
    do {                                                                                                   \
        auto kernel = warp_kernel<MAXN, MAXM, MODE, PERSISTENT>;                                           \
        int blocks = static_blocks;                                                                        \
        e = allow_shared(kernel, shared);                                                                  \
        if (e == cudaSuccess && PERSISTENT)                                                                \
            e = persistent_blocks(kernel, c->block_size, shared, &blocks);                                 \
        if (e == cudaSuccess)                                                                              \
            kernel<<<blocks, c->block_size, shared, b->stream>>>(pool, t, ub, b->dev_counters, stride);    \
        b->report.blocks = blocks;                                                                         \
    } while (0)
    if (c->kernel == FSBB_DIV_CTE) {
        if (persistent)
            FSBB_LAUNCH_WARP(WARP_CTE, true);
        else
            FSBB_LAUNCH_WARP(WARP_CTE, false);
    } else {
        switch (c->subwarp) {
        case 2: FSBB_LAUNCH_WARP(2, false); break;
        case 4: FSBB_LAUNCH_WARP(4, false); break;
        case 8: FSBB_LAUNCH_WARP(8, false); break;
        case 16: FSBB_LAUNCH_WARP(16, false); break;
        default: FSBB_LAUNCH_WARP(32, false); break;
        }
    }
#undef FSBB_LAUNCH_WARP
    return e == cudaSuccess ? cudaGetLastError() : e;
}

template <int MAXN, int MAXM>
static cudaError_t launch_flat(fsbb_div_bounder *b, const fsbb_div_config *c, int ub)
{
    const div_pool pool = pool_of(b);
    const div_tables t = tables_of(b);
    size_t shared = 0;
    cudaError_t e = cudaSuccess;
    int sms = 0, per_sm = 0;
    if (c->balance == FSBB_DIV_BALANCE_CENTRAL) {
        e = fsbb_block_threshold(flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_CENTRAL>, c->block_size, 0, &sms, &per_sm);
    } else if (c->balance == FSBB_DIV_BALANCE_DISTRIBUTED) {
        shared = sizeof(fsbb_distributed_storage);
        e = fsbb_block_threshold(flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_DISTRIBUTED>, c->block_size, shared, &sms,
                                 &per_sm);
    } else {
        shared = sizeof(fsbb_steal_storage);
        e = fsbb_block_threshold(flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_STEAL>, c->block_size, shared, &sms,
                                 &per_sm);
    }
    if (e != cudaSuccess)
        return e;
    const double ratio = c->loading_ratio > 0 ? c->loading_ratio
                                              : fsbb_adaptive_loading_ratio(b->count, c->block_size, sms, per_sm);
    const int64_t blocks = fsbb_loading_ratio_blocks(b->count, c->block_size, ratio);
    const int64_t per_block = fsbb_loading_ratio_tasks_per_block(b->count, blocks);
    flat_pool_args a;
    a.next = b->dev_counters;
    a.per_block = (unsigned)per_block;
    a.per_thread = (unsigned)((per_block + c->block_size - 1) / c->block_size);
    b->report.loading_ratio = ratio;
    b->report.blocks = (int)blocks;
    const unsigned grid_threads = (unsigned)blocks * (unsigned)c->block_size;
    e = cudaMemcpyAsync(b->dev_counters, &grid_threads, sizeof grid_threads, cudaMemcpyHostToDevice, b->stream);
    if (e != cudaSuccess)
        return e;
    switch (c->balance) {
    case FSBB_DIV_BALANCE_CENTRAL:
        flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_CENTRAL>
            <<<(unsigned)blocks, c->block_size, shared, b->stream>>>(pool, t, ub, a, c->chunk);
        break;
    case FSBB_DIV_BALANCE_DISTRIBUTED:
        flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_DISTRIBUTED>
            <<<(unsigned)blocks, c->block_size, shared, b->stream>>>(pool, t, ub, a, c->chunk);
        break;
    default:
        flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_STEAL>
            <<<(unsigned)blocks, c->block_size, shared, b->stream>>>(pool, t, ub, a, c->chunk);
        break;
    }
    return cudaGetLastError();
}

/* ---- Throttling plans ------------------------------------------------------------------ */

static fsbb_status ensure_tile_state(fsbb_div_bounder *b, fsbb_error *err)
{
    if (b->tiles.heads)
        return FSBB_OK;
    const size_t nodes = (size_t)b->max_pool;
    CUDA_TRY(cudaMalloc((void **)&b->tiles.heads, sizeof(int) * nodes * b->m));
    CUDA_TRY(cudaMalloc((void **)&b->tiles.tails, sizeof(int) * nodes * b->m));
    CUDA_TRY(cudaMalloc((void **)&b->tiles.bits, sizeof(unsigned) * nodes * b->words));
    CUDA_TRY(cudaMalloc((void **)&b->tiles.needs, nodes));
    CUDA_TRY(cudaMalloc((void **)&b->tiles.crossing, sizeof(unsigned long long) * nodes));
    CUDA_TRY(cudaMalloc((void **)&b->tiles.fullmax, sizeof(int) * nodes));
    return FSBB_OK;
}

template <int MAXN, int MAXM>
static cudaError_t launch_tile(fsbb_div_bounder *b, int block_size, int ub, const fsbb_fit_node *part)
{
    const int nodes = (int)(part->a_end - part->a_begin);
    tile_kernel<MAXN, MAXM><<<(nodes + block_size - 1) / block_size, block_size, 0, b->stream>>>(
        pool_of(b), tables_of(b), ub, b->tiles, (int)part->a_begin, (int)part->a_end, (int)part->b_begin,
        (int)part->b_end);
    return cudaGetLastError();
}

template <int MAXN, int MAXM>
static cudaError_t launch_queue(fsbb_div_bounder *b, int block_size, int ub, int first_entry, int entries,
                                unsigned *counter)
{
    int blocks = 0;
    cudaError_t e = persistent_blocks(tile_queue_kernel<MAXN, MAXM>, block_size, 0, &blocks);
    if (e == cudaSuccess)
        e = cudaMemsetAsync(counter, 0, sizeof(unsigned), b->stream);
    if (e != cudaSuccess)
        return e;
    tile_queue_kernel<MAXN, MAXM><<<blocks, block_size, 0, b->stream>>>(pool_of(b), tables_of(b), ub, b->tiles,
                                                                          b->dev_entries + first_entry,
                                                                          (unsigned)entries, counter);
    return cudaGetLastError();
}

template <int MAXN, int MAXM>
static cudaError_t launch_prepare(fsbb_div_bounder *b, int block_size, int ub)
{
    tile_prepare_kernel<MAXN, MAXM><<<(b->count + block_size - 1) / block_size, block_size, 0, b->stream>>>(
        pool_of(b), tables_of(b), ub, b->tiles);
    return cudaGetLastError();
}

/* Queue entries of the leaves under `node` (warp-sized node chunks), written from `at`;
 * scratch holds tree.count ints. Returns the next free entry. */
static int append_entries(const tile_plan *plan, int node, int *scratch, int4 *entries, int at)
{
    const int count = fsbb_fit_leaves_under(&plan->tree, node, scratch, plan->tree.count);
    for (int i = 0; i < count; i++) {
        const fsbb_fit_node *leaf = &plan->tree.nodes[scratch[i]];
        for (int64_t a = leaf->a_begin; a < leaf->a_end; a += FSBB_WARP_SIZE) {
            const int64_t a_end = a + FSBB_WARP_SIZE < leaf->a_end ? a + FSBB_WARP_SIZE : leaf->a_end;
            entries[at++] = make_int4((int)a, (int)a_end, (int)leaf->b_begin, (int)leaf->b_end);
        }
    }
    return at;
}

template <int MAXN, int MAXM>
static fsbb_status profile_parts(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err)
{
    tile_plan *plan = &b->plan;
    for (int i = 0; i < plan->tree.count; i++) {
        float ms = 0;
        CUDA_TRY(launch_prepare<MAXN, MAXM>(b, c->block_size, ub));
        CUDA_TRY(cudaEventRecord(b->start, b->stream));
        CUDA_TRY(launch_tile<MAXN, MAXM>(b, c->block_size, ub, &plan->tree.nodes[i]));
        CUDA_TRY(cudaEventRecord(b->stop, b->stream));
        CUDA_TRY(cudaEventSynchronize(b->stop));
        CUDA_TRY(cudaEventElapsedTime(&ms, b->start, b->stop));
        plan->tree.nodes[i].standalone_ms = ms;
    }
    return FSBB_OK;
}

template <int MAXN, int MAXM>
static fsbb_status make_plan(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err)
{
    tile_plan *plan = &b->plan;
    if (plan->valid && plan->kind == c->throttle && plan->cache_bytes == c->cache_bytes && plan->count == b->count &&
        plan->ub == ub && plan->block_size == c->block_size)
        return FSBB_OK;
    plan_free(plan);
    const double node_bytes = sizeof(int) * (2.0 * b->m + b->words) + sizeof(unsigned long long) + sizeof(int) + 1;
    const double pair_bytes = sizeof(int4) * (double)b->n + 2 * sizeof(int);
    const double capacity = c->throttle == FSBB_DIV_THROTTLE_NONE ? 1e300 : c->cache_bytes;
    fsbb_status status = fsbb_fit_partition_tiles(b->count, b->pairs, node_bytes, pair_bytes, capacity,
                                                  FSBB_WARP_SIZE, &plan->tree, err);
    if (status != FSBB_OK)
        return status;
    plan->leaves = (int *)malloc(sizeof(int) * (size_t)plan->tree.count);
    plan->chosen = (int *)malloc(sizeof(int) * (size_t)plan->tree.count);
    plan->group_first = (int *)malloc(sizeof(int) * ((size_t)plan->tree.count + 1));
    if (!plan->leaves || !plan->chosen || !plan->group_first)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a throttling plan");
    plan->leaf_count = fsbb_fit_leaves(&plan->tree, plan->leaves, plan->tree.count);
    if (c->throttle == FSBB_DIV_THROTTLE_SJ || c->throttle == FSBB_DIV_THROTTLE_SJQ) {
        status = profile_parts<MAXN, MAXM>(b, c, ub, err);
        if (status != FSBB_OK)
            return status;
        fsbb_fit_recombine(&plan->tree);
        plan->chosen_count = fsbb_fit_chosen(&plan->tree, plan->chosen, plan->tree.count);
    } else {
        plan->chosen_count = 0;
    }
    if (c->throttle == FSBB_DIV_THROTTLE_CFQ || c->throttle == FSBB_DIV_THROTTLE_SJQ) {
        int64_t entries = 0;
        for (int i = 0; i < plan->leaf_count; i++) {
            const fsbb_fit_node *leaf = &plan->tree.nodes[plan->leaves[i]];
            entries += (leaf->a_end - leaf->a_begin + FSBB_WARP_SIZE - 1) / FSBB_WARP_SIZE;
        }
        plan->host_entries = (int4 *)malloc(sizeof(int4) * (size_t)(entries ? entries : 1));
        if (!plan->host_entries)
            return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a throttling queue");
        int *scratch = (int *)malloc(sizeof(int) * (size_t)plan->tree.count);
        if (!scratch)
            return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a throttling queue");
        int at = 0;
        if (c->throttle == FSBB_DIV_THROTTLE_CFQ) {
            at = append_entries(plan, 0, scratch, plan->host_entries, 0);
        } else {
            for (int i = 0; i < plan->chosen_count; i++) {
                plan->group_first[i] = at;
                at = append_entries(plan, plan->chosen[i], scratch, plan->host_entries, at);
            }
            plan->group_first[plan->chosen_count] = at;
        }
        free(scratch);
        plan->entry_count = at;
        if (at > b->entry_capacity) {
            cudaFree(b->dev_entries);
            b->dev_entries = NULL;
            CUDA_TRY(cudaMalloc((void **)&b->dev_entries, sizeof(int4) * (size_t)at));
            b->entry_capacity = at;
        }
        CUDA_TRY(cudaMemcpy(b->dev_entries, plan->host_entries, sizeof(int4) * (size_t)at, cudaMemcpyHostToDevice));
    }
    plan->valid = 1;
    plan->kind = c->throttle;
    plan->cache_bytes = c->cache_bytes;
    plan->count = b->count;
    plan->ub = ub;
    plan->block_size = c->block_size;
    return FSBB_OK;
}

/* Enqueues a throttled bounding of the pool (prepare, the schedule's kernels, finish). */
template <int MAXN, int MAXM>
static fsbb_status enqueue_tiled(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err)
{
    const tile_plan *plan = &b->plan;
    int launches = 2;
    CUDA_TRY(launch_prepare<MAXN, MAXM>(b, c->block_size, ub));
    switch (c->throttle) {
    case FSBB_DIV_THROTTLE_CFQ:
        CUDA_TRY(launch_queue<MAXN, MAXM>(b, c->block_size, ub, 0, plan->entry_count, b->dev_counters));
        launches++;
        break;
    case FSBB_DIV_THROTTLE_SJ:
        for (int i = 0; i < plan->chosen_count; i++, launches++)
            CUDA_TRY(launch_tile<MAXN, MAXM>(b, c->block_size, ub, &plan->tree.nodes[plan->chosen[i]]));
        break;
    case FSBB_DIV_THROTTLE_SJQ:
        for (int i = 0; i < plan->chosen_count; i++, launches++)
            CUDA_TRY(launch_queue<MAXN, MAXM>(b, c->block_size, ub, plan->group_first[i],
                                              plan->group_first[i + 1] - plan->group_first[i], b->dev_counters));
        break;
    default: /* CF, and NONE (a single part) */
        for (int i = 0; i < plan->leaf_count; i++, launches++)
            CUDA_TRY(launch_tile<MAXN, MAXM>(b, c->block_size, ub, &plan->tree.nodes[plan->leaves[i]]));
        break;
    }
    tile_finish_kernel<<<(b->count + c->block_size - 1) / c->block_size, c->block_size, 0, b->stream>>>(pool_of(b),
                                                                                                       b->tiles);
    CUDA_TRY(cudaGetLastError());
    b->report.partitions = plan->leaf_count;
    b->report.launches = launches;
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
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--balance %s needs the flat kernel", fsbb_div_balance_name(c->balance));
    if (c->kernel == FSBB_DIV_TILED && c->cache_bytes <= 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "throttling needs a positive cache size");
    return FSBB_OK;
}

template <int MAXN, int MAXM>
static fsbb_status enqueue_class(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err)
{
    const div_pool pool = pool_of(b);
    const div_tables t = tables_of(b);
    const int static_blocks = (b->count + c->block_size - 1) / c->block_size;
    const bool persistent = c->balance == FSBB_DIV_BALANCE_PERSISTENT;
    int blocks = static_blocks;
    b->report.blocks = blocks;
    if (c->kernel == FSBB_DIV_TILED) {
        fsbb_status status = ensure_tile_state(b, err);
        if (status == FSBB_OK && b->pairs == 0) { /* no LB2 work: LB1 alone */
            CUDA_TRY(cudaEventRecord(b->start, b->stream));
            CUDA_TRY(launch_prepare<MAXN, MAXM>(b, c->block_size, ub));
            b->report.partitions = 0;
            b->report.launches = 1;
            return FSBB_OK;
        }
        if (status == FSBB_OK)
            status = make_plan<MAXN, MAXM>(b, c, ub, err);
        if (status == FSBB_OK) {
            CUDA_TRY(cudaEventRecord(b->start, b->stream));
            status = enqueue_tiled<MAXN, MAXM>(b, c, ub, err);
        }
        return status;
    }
    CUDA_TRY(cudaMemsetAsync(b->dev_counters, 0, sizeof(unsigned) * 4, b->stream));
    CUDA_TRY(cudaEventRecord(b->start, b->stream));
    const fsbb_trace_buffers no_trace = {NULL, NULL, NULL, NULL};
    switch (c->kernel) {
    case FSBB_DIV_PLAIN:
        if (persistent && c->lb == FSBB_LB2) {
            CUDA_TRY(persistent_blocks(plain_persistent_kernel<MAXN, MAXM>, c->block_size, 0, &blocks));
            plain_persistent_kernel<MAXN, MAXM><<<blocks, c->block_size, 0, b->stream>>>(pool, t, ub, b->dev_counters);
        } else if (c->lb == FSBB_LB2) {
            plain_kernel<MAXN, MAXM, true, false><<<blocks, c->block_size, 0, b->stream>>>(pool, t, ub, no_trace);
        } else {
            plain_kernel<MAXN, MAXM, false, false><<<blocks, c->block_size, 0, b->stream>>>(pool, t, ub, no_trace);
        }
        b->report.blocks = blocks;
        break;
    case FSBB_DIV_PACKED:
        if (persistent) {
            CUDA_TRY(persistent_blocks(packed_kernel<MAXN, MAXM, true>, c->block_size, 0, &blocks));
            packed_kernel<MAXN, MAXM, true><<<blocks, c->block_size, 0, b->stream>>>(pool, t, ub, b->dev_counters);
        } else {
            packed_kernel<MAXN, MAXM, false><<<blocks, c->block_size, 0, b->stream>>>(pool, t, ub, b->dev_counters);
        }
        b->report.blocks = blocks;
        break;
    case FSBB_DIV_SUBWARP:
    case FSBB_DIV_CTE:
        CUDA_TRY(launch_warp<MAXN, MAXM>(b, c, ub));
        break;
    case FSBB_DIV_CCC: {
        const size_t shared = sizeof(fsbb_ccc_storage<CCC_WORDS>) * (size_t)(c->block_size / FSBB_WARP_SIZE);
        CUDA_TRY(persistent_blocks(ccc_kernel<MAXN, MAXM>, c->block_size, shared, &blocks));
        ccc_kernel<MAXN, MAXM><<<blocks, c->block_size, shared, b->stream>>>(pool, t, ub, b->dev_counters, c->chunk);
        b->report.blocks = blocks;
        break;
    }
    default:
        CUDA_TRY(launch_flat<MAXN, MAXM>(b, c, ub));
        break;
    }
    CUDA_TRY(cudaGetLastError());
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
    status = b->small ? enqueue_class<SMALL_JOBS, MAX_MACHINES>(b, c, ub, err)
                      : enqueue_class<LARGE_JOBS, MAX_MACHINES>(b, c, ub, err);
    if (status != FSBB_OK)
        return status;
    CUDA_TRY(cudaEventRecord(b->stop, b->stream));
    CUDA_TRY(cudaEventSynchronize(b->stop));
    CUDA_TRY(cudaGetLastError());
    float elapsed = 0;
    CUDA_TRY(cudaEventElapsedTime(&elapsed, b->start, b->stop));
    *ms = elapsed;
    return FSBB_OK;
}

extern "C" fsbb_status fsbb_div_bounder_run(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, int *bounds,
                                            double *kernel_ms, fsbb_error *err)
{
    double ms = 0;
    if (bounds && b->count > 0)
        CUDA_TRY(cudaMemsetAsync(b->dev_lb, 0xff, sizeof(int) * (size_t)b->count, b->stream));
    const fsbb_status status = run_once(b, c, ub, &ms, err);
    if (status != FSBB_OK)
        return status;
    if (kernel_ms)
        *kernel_ms = ms;
    if (bounds && b->count > 0) {
        CUDA_TRY(cudaMemcpyAsync(b->host_bounds, b->dev_lb, sizeof(int) * (size_t)b->count, cudaMemcpyDeviceToHost,
                                 b->stream));
        CUDA_TRY(cudaStreamSynchronize(b->stream));
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

template <int MAXN, int MAXM>
static cudaError_t launch_diagnose(fsbb_div_bounder *b, fsbb_lb_kind lb, int ub, int block_size)
{
    const int blocks = (b->count + block_size - 1) / block_size;
    if (lb == FSBB_LB2)
        plain_kernel<MAXN, MAXM, true, true><<<blocks, block_size, 0, b->stream>>>(pool_of(b), tables_of(b), ub,
                                                                                  b->trace);
    else
        plain_kernel<MAXN, MAXM, false, true><<<blocks, block_size, 0, b->stream>>>(pool_of(b), tables_of(b), ub,
                                                                                   b->trace);
    return cudaGetLastError();
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
        CUDA_TRY(cudaMalloc((void **)&b->trace.begin, sizeof(long long) * (size_t)b->max_pool));
        CUDA_TRY(cudaMalloc((void **)&b->trace.end, sizeof(long long) * (size_t)b->max_pool));
        CUDA_TRY(cudaMalloc((void **)&b->trace.head, sizeof(long long) * (size_t)warps));
        CUDA_TRY(cudaMalloc((void **)&b->trace.tail, sizeof(long long) * (size_t)warps));
        b->trace_tasks = b->max_pool;
        b->trace_warps = warps;
    }
    CUDA_TRY(b->small ? launch_diagnose<SMALL_JOBS, MAX_MACHINES>(b, lb, ub, BLOCK)
                      : launch_diagnose<LARGE_JOBS, MAX_MACHINES>(b, lb, ub, BLOCK));
    CUDA_TRY(cudaStreamSynchronize(b->stream));
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
            status = fsbb_fail(err, FSBB_ERR_GPU, "reading the trace: %s", cudaGetErrorString(e));
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
