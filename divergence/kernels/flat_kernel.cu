/* flat_kernel.cu — FLAT (div_bounder.h): CUIRRE's task pools (task_pool.cuh) over a
 * flattened per-thread loop, one machine pair per step (`chunk` steps between fetches): a
 * lane whose node is done fetches the next node from the pool (centralized, distributed or
 * stealing) while its warp goes on; the grid follows the loading ratio (loading_ratio.h). */
#include "div_node.cuh"
#include "loading_ratio.h"
#include "task_pool.cuh"

struct flat_pool_args {
    unsigned *next;             /* CENTRAL: the global index */
    unsigned per_block;         /* DISTRIBUTED, STEAL: tasks a block owns */
    unsigned per_thread;        /* STEAL: tasks a thread owns */
};

template <int MAXN, int MAXM, int BALANCE>
__global__ void __launch_bounds__(1024) flat_kernel(fsbb_div_pool pool, fsbb_div_tables t, int ub, flat_pool_args a,
                                  int chunk)
{
    extern __shared__ int shared_words[];
    fsbb_distributed_storage *distributed = (fsbb_distributed_storage *)shared_words;
    fsbb_steal_storage *steal = (fsbb_steal_storage *)shared_words;
    fsbb_steal_state steal_state = {0};
    if constexpr (BALANCE == FSBB_DIV_BALANCE_DISTRIBUTED)
        fsbb_distributed_init(distributed);
    if constexpr (BALANCE == FSBB_DIV_BALANCE_STEAL)
        fsbb_steal_init(steal, &steal_state);
    const fsbb_bound_data d = fsbb_div_table_view(t);
    const unsigned count = (unsigned)pool.count;
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    bool has = false, alive = true, first = true, needs;
    int node = 0, pair = 0, run = 0, lb1 = 0;
    while (__any_sync(FSBB_FULL_WARP, has || alive)) {
        if (!has && alive) {
            unsigned task = 0;
            bool got;
            if constexpr (BALANCE == FSBB_DIV_BALANCE_CENTRAL)
                got = first ? fsbb_central_first(count, &task) : fsbb_central_fetch(a.next, count, &task);
            else if constexpr (BALANCE == FSBB_DIV_BALANCE_DISTRIBUTED)
                got = first ? fsbb_distributed_first(count, a.per_block, &task)
                            : fsbb_distributed_fetch(distributed, count, a.per_block, &task);
            else
                got = fsbb_steal_fetch(steal, &steal_state, count, a.per_block, a.per_thread, &task);
            first = false;
            if (!got) {
                alive = false;
            } else {
                lb1 = fsbb_div_start_node<MAXN, MAXM>(&d, t, pool, (int)task, ub, heads, tails, bits, &needs);
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
                const int value = fsbb_div_packed_pair(t, d.pair_first, d.pair_second, pair, bits, heads, tails);
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

template <int MAXN, int MAXM>
static cudaError_t launch_flat(const fsbb_div_run &a, fsbb_div_balance balance, int chunk, double loading_ratio,
                               double *ratio_used, int *grid_blocks)
{
    const int count = a.pool.count, block_size = a.block_size;
    size_t shared = 0;
    cudaError_t e = cudaSuccess;
    int sms = 0, per_sm = 0;
    if (balance == FSBB_DIV_BALANCE_CENTRAL) {
        e = fsbb_block_threshold(flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_CENTRAL>, block_size, 0, &sms, &per_sm);
    } else if (balance == FSBB_DIV_BALANCE_DISTRIBUTED) {
        shared = sizeof(fsbb_distributed_storage);
        e = fsbb_block_threshold(flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_DISTRIBUTED>, block_size, shared, &sms,
                                 &per_sm);
    } else {
        shared = sizeof(fsbb_steal_storage);
        e = fsbb_block_threshold(flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_STEAL>, block_size, shared, &sms,
                                 &per_sm);
    }
    if (e != cudaSuccess)
        return e;
    const double ratio = loading_ratio > 0 ? loading_ratio
                                           : fsbb_adaptive_loading_ratio(count, block_size, sms, per_sm);
    const int64_t blocks = fsbb_loading_ratio_blocks(count, block_size, ratio);
    const int64_t per_block = fsbb_loading_ratio_tasks_per_block(count, blocks);
    flat_pool_args p;
    p.next = a.counters;
    p.per_block = (unsigned)per_block;
    p.per_thread = (unsigned)((per_block + block_size - 1) / block_size);
    *ratio_used = ratio;
    *grid_blocks = (int)blocks;
    const unsigned grid_threads = (unsigned)blocks * (unsigned)block_size;
    e = cudaMemcpyAsync(a.counters, &grid_threads, sizeof grid_threads, cudaMemcpyHostToDevice, a.stream);
    if (e != cudaSuccess)
        return e;
    switch (balance) {
    case FSBB_DIV_BALANCE_CENTRAL:
        flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_CENTRAL>
            <<<(unsigned)blocks, block_size, shared, a.stream>>>(a.pool, a.tables, a.ub, p, chunk);
        break;
    case FSBB_DIV_BALANCE_DISTRIBUTED:
        flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_DISTRIBUTED>
            <<<(unsigned)blocks, block_size, shared, a.stream>>>(a.pool, a.tables, a.ub, p, chunk);
        break;
    default:
        flat_kernel<MAXN, MAXM, FSBB_DIV_BALANCE_STEAL>
            <<<(unsigned)blocks, block_size, shared, a.stream>>>(a.pool, a.tables, a.ub, p, chunk);
        break;
    }
    return cudaGetLastError();
}

cudaError_t fsbb_div_launch_flat(const fsbb_div_run &a, fsbb_div_balance balance, int chunk, double ratio,
                                 double *ratio_used, int *blocks)
{
    if (a.small)
        return launch_flat<FSBB_DIV_SMALL_JOBS, FSBB_DIV_MAX_MACHINES>(a, balance, chunk, ratio, ratio_used, blocks);
    return launch_flat<FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES>(a, balance, chunk, ratio, ratio_used, blocks);
}
