/* plain_kernel.cu — PLAIN (div_bounder.h): one node per thread, the bound code of bounds/
 * as written (LB1, or LB2 on top of it); its persistent form, where warps fetch 32 nodes at
 * a time; and the form with CUIRRE's diagnostics (task_trace.cuh). */
#include "div_node.cuh"
#include "lb2.h"
#include "task_pool.cuh"
#include "task_trace.cuh"

/* With DIAG, *end takes the clock after LB1 and after every LB2 pair (CUIRRE_DIAG_END inside
 * the loop), so a lane's last reading is when its own work ended, not when its warp
 * reconverged; the DIAG loop is fsbb_lb2's, written out. */
template <int MAXN, int MAXM, bool LB2, bool DIAG>
__device__ __forceinline__ int plain_bound(const fsbb_bound_data *d, const fsbb_div_pool &pool, int node, int ub,
                                           long long *end)
{
    fsbb_job perm[MAXN];
    int front[MAXM], back[MAXM], remain[MAXM], front_len, back_len;
    int lb = fsbb_div_node_lb1<MAXN, MAXM>(d, pool, node, perm, front, back, remain, &front_len, &back_len);
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
__global__ void __launch_bounds__(1024) plain_kernel(fsbb_div_pool pool, fsbb_div_tables t, int ub,
                                  fsbb_trace_buffers trace)
{
    const long long entry = DIAG ? fsbb_trace_clock() : 0;
    const int id = blockIdx.x * blockDim.x + threadIdx.x;
    const fsbb_bound_data d = fsbb_div_table_view(t);
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
__global__ void __launch_bounds__(1024) plain_persistent_kernel(fsbb_div_pool pool, fsbb_div_tables t, int ub,
                                  unsigned *next)
{
    const fsbb_bound_data d = fsbb_div_table_view(t);
    unsigned base;
    while (fsbb_warp_fetch(next, (unsigned)pool.count, FSBB_WARP_SIZE, &base)) {
        const unsigned node = base + fsbb_lane();
        if (node < (unsigned)pool.count)
            pool.lb[node] = plain_bound<MAXN, MAXM, true, false>(&d, pool, (int)node, ub, NULL);
    }
}

template <int MAXN, int MAXM>
static cudaError_t launch_plain(const fsbb_div_run &a, fsbb_lb_kind lb, bool persistent, int *blocks)
{
    const fsbb_trace_buffers no_trace = {NULL, NULL, NULL, NULL};
    *blocks = fsbb_div_static_blocks(a);
    if (persistent && lb == FSBB_LB2) {
        const cudaError_t e =
            fsbb_div_persistent_blocks(plain_persistent_kernel<MAXN, MAXM>, a.block_size, 0, blocks);
        if (e != cudaSuccess)
            return e;
        plain_persistent_kernel<MAXN, MAXM><<<*blocks, a.block_size, 0, a.stream>>>(a.pool, a.tables, a.ub,
                                                                                    a.counters);
    } else if (lb == FSBB_LB2) {
        plain_kernel<MAXN, MAXM, true, false><<<*blocks, a.block_size, 0, a.stream>>>(a.pool, a.tables, a.ub,
                                                                                      no_trace);
    } else {
        plain_kernel<MAXN, MAXM, false, false><<<*blocks, a.block_size, 0, a.stream>>>(a.pool, a.tables, a.ub,
                                                                                       no_trace);
    }
    return cudaGetLastError();
}

cudaError_t fsbb_div_launch_plain(const fsbb_div_run &a, fsbb_lb_kind lb, bool persistent, int *blocks)
{
    return a.small ? launch_plain<FSBB_DIV_SMALL_JOBS, FSBB_DIV_MAX_MACHINES>(a, lb, persistent, blocks)
                   : launch_plain<FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES>(a, lb, persistent, blocks);
}

template <int MAXN, int MAXM>
static cudaError_t launch_diagnose(const fsbb_div_run &a, fsbb_lb_kind lb, const fsbb_trace_buffers &trace)
{
    const int blocks = fsbb_div_static_blocks(a);
    if (lb == FSBB_LB2)
        plain_kernel<MAXN, MAXM, true, true><<<blocks, a.block_size, 0, a.stream>>>(a.pool, a.tables, a.ub, trace);
    else
        plain_kernel<MAXN, MAXM, false, true><<<blocks, a.block_size, 0, a.stream>>>(a.pool, a.tables, a.ub, trace);
    return cudaGetLastError();
}

cudaError_t fsbb_div_launch_diagnose(const fsbb_div_run &a, fsbb_lb_kind lb, const fsbb_trace_buffers &trace)
{
    return a.small ? launch_diagnose<FSBB_DIV_SMALL_JOBS, FSBB_DIV_MAX_MACHINES>(a, lb, trace)
                   : launch_diagnose<FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES>(a, lb, trace);
}
