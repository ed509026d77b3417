/* ccc_kernel.cu — CCC (div_bounder.h): collaborative context collection on the LB2 path
 * (context_stack.cuh). Lanes whose node needs LB2 hold a context (node, next pair, bound so
 * far); a warp evaluates `chunk` pairs only when all 32 lanes hold one (popping stacked
 * contexts), otherwise it stacks them and fetches fresh nodes; a popped node's state is
 * rebuilt from the node (context compression: 3 words instead of 2m + n/32); a leftover
 * pass at the end. Always on the resident blocks, warps fetching fresh nodes. */
#include "context_stack.cuh"
#include "div_node.cuh"
#include "task_pool.cuh"

enum { CCC_WORDS = 3 }; /* context: node, next pair, bound so far */

template <int MAXN, int MAXM>
__global__ void __launch_bounds__(1024) ccc_kernel(fsbb_div_pool pool, fsbb_div_tables t, int ub, unsigned *next,
                                  int chunk)
{
    extern __shared__ int shared_words[];
    fsbb_ccc_storage<CCC_WORDS> *stack = (fsbb_ccc_storage<CCC_WORDS> *)shared_words + fsbb_warp_in_block();
    const fsbb_bound_data d = fsbb_div_table_view(t);
    const unsigned count = (unsigned)pool.count;
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    bool has = false, exhausted = false, needs;
    int node = 0, pair = 0, run = 0, lb1 = 0, top = 0;
    for (;;) {
        if (!exhausted) {
            /* Lanes without a context take fresh nodes; their LB1 decides whether they need LB2. */
            const unsigned free_lanes = __ballot_sync(FSBB_FULL_WARP, !has);
            unsigned base = 0;
            if (fsbb_lane() == 0 && free_lanes)
                base = atomicAdd(next, (unsigned)__popc(free_lanes));
            base = __shfl_sync(FSBB_FULL_WARP, base, 0);
            if (free_lanes && base >= count)
                exhausted = true;
            const unsigned fresh = base + (unsigned)__popc(free_lanes & fsbb_lanemask_lt());
            if (!has && fresh < count) {
                lb1 = fsbb_div_start_node<MAXN, MAXM>(&d, t, pool, (int)fresh, ub, heads, tails, bits, &needs);
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
                lb1 = fsbb_div_start_node<MAXN, MAXM>(&d, t, pool, node, ub, heads, tails, bits, &needs);
            }
            has = true;
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
        } else {
            has = false;
        }
        if (exhausted && !__any_sync(FSBB_FULL_WARP, has))
            break;
    }
    int ctx[CCC_WORDS];
    if (fsbb_ccc_leftover(stack, top, ctx)) {
        node = ctx[0];
        pair = ctx[1];
        run = ctx[2];
        lb1 = fsbb_div_start_node<MAXN, MAXM>(&d, t, pool, node, ub, heads, tails, bits, &needs);
        while (run < ub && pair < t.pairs) {
            const int value = fsbb_div_packed_pair(t, d.pair_first, d.pair_second, pair++, bits, heads, tails);
            run = FSBB_MAX(run, value);
        }
        pool.lb[node] = FSBB_MAX(lb1, run);
    }
}

template <int MAXN, int MAXM>
static cudaError_t launch_ccc(const fsbb_div_run &a, int chunk, int *blocks)
{
    const size_t shared = sizeof(fsbb_ccc_storage<CCC_WORDS>) * (size_t)(a.block_size / FSBB_WARP_SIZE);
    const cudaError_t e = fsbb_div_persistent_blocks(ccc_kernel<MAXN, MAXM>, a.block_size, shared, blocks);
    if (e != cudaSuccess)
        return e;
    ccc_kernel<MAXN, MAXM><<<*blocks, a.block_size, shared, a.stream>>>(a.pool, a.tables, a.ub, a.counters, chunk);
    return cudaGetLastError();
}

cudaError_t fsbb_div_launch_ccc(const fsbb_div_run &a, int chunk, int *blocks)
{
    return a.small ? launch_ccc<FSBB_DIV_SMALL_JOBS, FSBB_DIV_MAX_MACHINES>(a, chunk, blocks)
                   : launch_ccc<FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES>(a, chunk, blocks);
}
