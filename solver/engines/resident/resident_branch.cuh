/* resident_branch.cuh — the branching kernel of the device-resident engine, one iteration a
 * launch.
 *
 * The open nodes form a stack: the pool, and on top of it the children of the previous
 * iteration, left where they were written (staging[parity]). The kernel takes the batch of
 * parents at the top of that stack, a chunk of parents_per_chunk parents per block at a
 * time (chunks are handed out one at a time, so that blocks finish together), and runs
 * each chunk through five stages:
 *   1 parents    one thread per parent: skip the pruned, finish those with one job left,
 *                count the open jobs; a block scan gives each parent its candidates
 *                (parent, unscheduled job). The chunk's candidates are then cut into
 *                sub-chunks of at most cap (a parent is never split), each run through:
 *   2 bound      one thread per candidate: the LB1 of the forward and of the backward
 *                child its job makes (resident_child.cuh, on the parent's stored front,
 *                back and remain);
 *   3 direction  one thread per parent: the direction as search_cpu.c chooses it (fewer
 *                children with lb < ub, ties to the larger bound sum, then forward);
 *   4 prune      one thread per candidate of the chosen direction: prune, finish the
 *                leaves, queue the survivors for LB2 when asked, or write them to the other
 *                staging area (one atomic add per warp);
 *   5 refine     with LB2, one warp per queued child (lanes over machine pairs): LB2, then
 *                leaf or write.
 * A better complete schedule lowers the incumbent (atomicMin) and is recorded under a lock.
 * Staged children that are not parents this time are copied onto the pool by the same
 * kernel; at the end each block adds its counters, and the last block to finish plans the
 * next iteration (resident_plan.cuh).
 *
 * MT is the machine count when it is known at compile time (the per-machine arrays then
 * live in registers); 0 is the generic form. REGISTERS caps the registers per thread
 * (occupancy against spills: measured in results/bench-gpu). */
#ifndef FSBB_RESIDENT_BRANCH_CUH
#define FSBB_RESIDENT_BRANCH_CUH

#include "options.h"
#include "resident_child.cuh"
#include "resident_layout.cuh"
#include "resident_plan.cuh"
#include "warp_claim.cuh"
#include "warp_lanes.cuh"
#include "warp_scan.cuh"

/* The arrays of the block's dynamic shared memory (fsbb_resident_shared_layout). */
struct fsbb_resident_arrays {
    int *table, *offsets, *info, *forward_of, *lb_forward, *lb_backward, *parent_of, *queue;
};

/* What every stage of a block reads: the shared arrays, where the iteration's parents lie
 * (the pool's top from_pool nodes, then the staged children from excess on) and where its
 * children go. */
struct fsbb_resident_block {
    fsbb_resident_arrays shared;
    const int *pool_parents, *staged_parents;
    int from_pool;
    int *children;
};

/* The directions the iteration bounds (prm.branch): forward, backward, or both (dynamic). */
__device__ __forceinline__ int fsbb_resident_wants_forward(const fsbb_resident_params &prm)
{
    return prm.branch != FSBB_BRANCH_BACKWARD;
}

__device__ __forceinline__ int fsbb_resident_wants_backward(const fsbb_resident_params &prm)
{
    return prm.branch != FSBB_BRANCH_FORWARD;
}

/* Parent g of the iteration. */
__device__ __forceinline__ const int *fsbb_resident_parent(const fsbb_resident_params &prm,
                                                           const fsbb_resident_block &b, int g)
{
    const fsbb_resident_layout &l = prm.layout;
    return g < b.from_pool ? b.pool_parents + (size_t)g * l.stride
                           : b.staged_parents + (size_t)(g - b.from_pool) * l.stride;
}

/* A chunk: parents first..first + count of the iteration, bounded against ub. uniform: all
 * its open parents have same_jobs open jobs (candidate c then belongs to parent c / jobs). */
struct fsbb_resident_chunk {
    int first, count, ub;
    int same_jobs, uniform;
};

/* A sub-chunk: the chunk's parents [a, b), candidates [start, start + total). */
struct fsbb_resident_sub_chunk {
    int a, b, start, total;
};

/* The block's counters: parents branched (leaves included) and bounds computed. */
struct fsbb_resident_counts {
    unsigned long long nodes, bounded;
};

/* Stage 1, one thread per parent: skips the pruned, finishes the parents with one job
 * left, counts; the block scan writes each parent's first candidate to offsets (the total
 * after the last parent) and tells whether the chunk is uniform. Synchronizes the block. */
template <int MT>
__device__ __forceinline__ void fsbb_resident_stage_parents(const fsbb_resident_params &prm,
                                                            const fsbb_resident_block &b,
                                                            fsbb_resident_static_storage &storage,
                                                            fsbb_resident_chunk &c, fsbb_resident_counts &counts)
{
    const fsbb_resident_layout &l = prm.layout;
    const int tid = threadIdx.x;
    const int *table = b.shared.table;
    int open_jobs = 0;
    if (tid < c.count) {
        const int *pw = fsbb_resident_parent(prm, b, c.first + tid);
        const int lb = __ldg(pw);
        const int packed = __ldg(pw + 1);
        b.shared.info[tid] = packed;
        const int front_len = packed & 0xffff, back_len = (int)((unsigned)packed >> 16);
        const int unscheduled = l.n - front_len - back_len;
        if (lb < c.ub) {
            counts.nodes++;
            if (unscheduled == 1) {
                const fsbb_job *perm = reinterpret_cast<const fsbb_job *>(pw + l.perm);
                const int makespan = fsbb_resident_complete<MT>(prm, table, pw, perm[front_len]);
                counts.bounded++;
                if (makespan < c.ub)
                    fsbb_resident_offer(prm, makespan, perm, -1, -1);
            } else {
                open_jobs = unscheduled;
                counts.bounded += (unsigned long long)unscheduled *
                                  (fsbb_resident_wants_forward(prm) + fsbb_resident_wants_backward(prm));
            }
        }
    }
    if (tid == 0)
        storage.stage.parents.first_jobs = open_jobs;
    int total;
    const int before = fsbb_block_exclusive_sum(open_jobs, &storage.stage.parents.scan, &total);
    if (tid < c.count)
        b.shared.offsets[tid] = before;
    if (tid == 0)
        b.shared.offsets[c.count] = total;
    c.same_jobs = storage.stage.parents.first_jobs;
    c.uniform = __syncthreads_count(tid < c.count && open_jobs != c.same_jobs) == 0 && c.same_jobs > 0;
}

/* The sub-chunk that starts at the chunk's parent a: as many parents as fit in cap
 * candidates, at least one. */
__device__ __forceinline__ fsbb_resident_sub_chunk fsbb_resident_sub_chunk_at(const int *offsets, int a, int count,
                                                                              int cap)
{
    const int start = offsets[a];
    int lo = a + 1, hi = count;
    while (lo < hi) {
        const int mid = (lo + hi + 1) >> 1;
        if (offsets[mid] - start <= cap)
            lo = mid;
        else
            hi = mid - 1;
    }
    return fsbb_resident_sub_chunk{a, lo, start, offsets[lo] - start};
}

/* Stage 2, one thread per candidate of the sub-chunk: its parent (parent_of) and both
 * children's LB1 (lb_forward, lb_backward). Empties the LB2 queue and synchronizes. */
template <int MT>
__device__ __forceinline__ void fsbb_resident_stage_bound(const fsbb_resident_params &prm,
                                                          const fsbb_resident_block &b,
                                                          fsbb_resident_static_storage &storage,
                                                          const fsbb_resident_chunk &c,
                                                          const fsbb_resident_sub_chunk &s)
{
    const fsbb_resident_layout &l = prm.layout;
    const int *offsets = b.shared.offsets;
    const int tid = threadIdx.x, threads = blockDim.x;
    for (int r = tid; r < s.total; r += threads) {
        const int candidate = s.start + r;
        int i = s.a, last = s.b - 1;
        if (c.uniform)
            i = last = candidate / c.same_jobs;
        while (i < last) {
            const int mid = (i + last + 1) >> 1;
            if (offsets[mid] <= candidate)
                i = mid;
            else
                last = mid - 1;
        }
        b.shared.parent_of[r] = i;
        const int *pw = fsbb_resident_parent(prm, b, c.first + i);
        const int front_len = b.shared.info[i] & 0xffff;
        const int job = reinterpret_cast<const fsbb_job *>(pw + l.perm)[front_len + candidate - offsets[i]];
        int f, g;
        fsbb_resident_bound_children<MT>(prm, b.shared.table, pw, job, fsbb_resident_wants_forward(prm),
                                         fsbb_resident_wants_backward(prm), &f, &g);
        b.shared.lb_forward[r] = f;
        b.shared.lb_backward[r] = g;
    }
    if (tid == 0)
        storage.stage.prune.queued = 0;
    __syncthreads();
}

/* Stage 3, one thread per parent of the sub-chunk: the direction (choose_forward of
 * search_cpu.c) into forward_of. Synchronizes the block. */
__device__ __forceinline__ void fsbb_resident_stage_direction(const fsbb_resident_params &prm,
                                                              const fsbb_resident_block &b,
                                                              const fsbb_resident_chunk &c,
                                                              const fsbb_resident_sub_chunk &s)
{
    const int *offsets = b.shared.offsets;
    const int tid = threadIdx.x, threads = blockDim.x;
    for (int i = s.a + tid; i < s.b; i += threads) {
        const int jobs = offsets[i + 1] - offsets[i];
        if (jobs == 0)
            continue;
        int forward = fsbb_resident_wants_forward(prm);
        if (prm.branch == FSBB_BRANCH_DYNAMIC) {
            const int r0 = offsets[i] - s.start;
            int alive_f = 0, alive_b = 0;
            long long sum_f = 0, sum_b = 0;
            for (int j = 0; j < jobs; j++) {
                const int f = b.shared.lb_forward[r0 + j], g = b.shared.lb_backward[r0 + j];
                alive_f += f < c.ub;
                alive_b += g < c.ub;
                sum_f += f;
                sum_b += g;
            }
            forward = alive_f != alive_b ? alive_f < alive_b : sum_f >= sum_b;
        }
        b.shared.forward_of[i] = forward;
    }
    __syncthreads();
}

/* Stage 4, one thread per candidate of the chosen direction: prunes, finishes the leaves,
 * queues the survivors for LB2 (with LB2) or writes them (one atomic add per warp). */
template <int MT>
__device__ __forceinline__ void fsbb_resident_stage_prune(const fsbb_resident_params &prm,
                                                          const fsbb_resident_block &b,
                                                          fsbb_resident_static_storage &storage,
                                                          const fsbb_resident_chunk &c,
                                                          const fsbb_resident_sub_chunk &s,
                                                          fsbb_resident_counts &counts)
{
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n;
    const int *offsets = b.shared.offsets, *info = b.shared.info;
    const int tid = threadIdx.x, threads = blockDim.x;
    for (int r0 = 0; r0 < s.total; r0 += threads) {
        const int r = r0 + tid;
        int write = 0, i = 0, forward = 0, lb = 0;
        if (r < s.total) {
            i = b.shared.parent_of[r];
            forward = b.shared.forward_of[i];
            lb = forward ? b.shared.lb_forward[r] : b.shared.lb_backward[r];
            if (lb < c.ub) {
                if (prm.lb2) {
                    b.shared.queue[atomicAdd(&storage.stage.prune.queued, 1)] = r;
                } else if (offsets[i + 1] - offsets[i] == 2) {
                    const int *pw = fsbb_resident_parent(prm, b, c.first + i);
                    const int front_len = info[i] & 0xffff, back_len = (int)((unsigned)info[i] >> 16);
                    const int j = s.start + r - offsets[i];
                    const fsbb_job *perm = reinterpret_cast<const fsbb_job *>(pw + l.perm);
                    const int makespan = fsbb_resident_leaf<MT>(prm, b.shared.table, pw, perm[front_len + j],
                                                                perm[front_len + 1 - j], forward);
                    counts.nodes++;
                    counts.bounded++;
                    if (makespan < c.ub)
                        fsbb_resident_offer(prm, makespan, perm, front_len + j,
                                            forward ? front_len : n - back_len - 1);
                } else {
                    write = 1;
                }
            }
        }
        const unsigned writers = __ballot_sync(FSBB_FULL_WARP, write);
        if (writers) {
            const int slot = fsbb_warp_claim(&prm.control->children, writers);
            if (write) {
                const int *pw = fsbb_resident_parent(prm, b, c.first + i);
                const int front_len = info[i] & 0xffff, back_len = (int)((unsigned)info[i] >> 16);
                fsbb_resident_write_child<MT>(prm, b.shared.table, pw, front_len, back_len,
                                              front_len + s.start + r - offsets[i], forward, lb,
                                              b.children + (size_t)slot * l.stride);
            }
        }
    }
}

/* Stage 5, with LB2, one warp per queued child: LB2 over the machine pairs, then the leaf
 * finished or the child written word by word. */
template <int MT>
__device__ __forceinline__ void fsbb_resident_stage_refine(const fsbb_resident_params &prm,
                                                           const fsbb_resident_block &b,
                                                           fsbb_resident_static_storage &storage,
                                                           const fsbb_resident_chunk &c,
                                                           const fsbb_resident_sub_chunk &s,
                                                           fsbb_resident_counts &counts, int *smem)
{
    const fsbb_resident_layout &l = prm.layout;
    const fsbb_resident_shared_layout &sl = prm.shared;
    const int n = l.n, m = l.m;
    const int lane = fsbb_lane(), warp = fsbb_warp_in_block(), warps = (int)(blockDim.x / FSBB_WARP_SIZE);
    const int *table = b.shared.table, *offsets = b.shared.offsets, *info = b.shared.info;
    __syncthreads();
    const int queued = storage.stage.prune.queued;
    int *changed = smem + sl.warp_child + warp * l.m4;
    unsigned char *flags = reinterpret_cast<unsigned char *>(smem + sl.warp_flags + warp * sl.flag_words);
    for (int q = warp; q < queued; q += warps) {
        const int r = b.shared.queue[q], i = b.shared.parent_of[r], forward = b.shared.forward_of[i];
        const int lb1 = forward ? b.shared.lb_forward[r] : b.shared.lb_backward[r];
        const int *pw = fsbb_resident_parent(prm, b, c.first + i);
        const int front_len = info[i] & 0xffff, back_len = (int)((unsigned)info[i] >> 16);
        const int pos = front_len + s.start + r - offsets[i];
        const fsbb_job *perm = reinterpret_cast<const fsbb_job *>(pw + l.perm);
        const int job = perm[pos];
        for (int x = lane; x < n; x += FSBB_WARP_SIZE)
            flags[x] = 0;
        __syncwarp();
        for (int x = front_len + lane; x < n - back_len; x += FSBB_WARP_SIZE)
            if (x != pos)
                flags[perm[x]] = 1;
        if (lane == 0) {
            int t = 0;
            if (forward)
                for (int k = 0; k < m; k++) {
                    t = fsbb_machine_step(t, pw[l.front + k], table[k * n + job]);
                    changed[k] = t;
                }
            else
                for (int k = m - 1; k >= 0; k--) {
                    t = fsbb_machine_step(t, pw[l.back + k], table[k * n + job]);
                    changed[k] = t;
                }
        }
        __syncwarp();
        const int lb2 = fsbb_resident_warp_lb2(prm, table, flags, forward ? changed : pw + l.front,
                                               forward ? pw + l.back : changed, c.ub);
        const int lb = max(lb1, lb2);
        if (lane == 0)
            counts.bounded++;
        if (lb < c.ub) {
            if (offsets[i + 1] - offsets[i] == 2) {
                if (lane == 0) {
                    const int other = perm[pos == front_len ? front_len + 1 : front_len];
                    const int makespan = fsbb_resident_leaf<MT>(prm, table, pw, job, other, forward);
                    counts.nodes++;
                    counts.bounded++;
                    if (makespan < c.ub)
                        fsbb_resident_offer(prm, makespan, perm, pos, forward ? front_len : n - back_len - 1);
                }
            } else {
                int slot = 0;
                if (lane == 0)
                    slot = atomicAdd(&prm.control->children, 1);
                slot = __shfl_sync(FSBB_FULL_WARP, slot, 0);
                int *out = b.children + (size_t)slot * l.stride;
                for (int w = lane; w < l.stride; w += FSBB_WARP_SIZE)
                    out[w] = fsbb_resident_child_word(prm, table, pw, changed, front_len, back_len, pos, forward, lb,
                                                      w);
            }
        }
        __syncwarp();
    }
}

/* The block's counters, one atomic add each; the last block to finish moves the stack's
 * top and plans the next iteration. */
__device__ __forceinline__ void fsbb_resident_finish(const fsbb_resident_params &prm,
                                                     fsbb_resident_static_storage &storage,
                                                     fsbb_resident_counts counts)
{
    fsbb_resident_control *ctl = prm.control;
    const int tid = threadIdx.x;
    if (tid == 0)
        storage.stage.count.nodes = storage.stage.count.bounded = 0;
    __syncthreads();
    counts.nodes = fsbb_warp_sum_to_first(counts.nodes);
    counts.bounded = fsbb_warp_sum_to_first(counts.bounded);
    if (fsbb_lane() == 0 && (counts.nodes || counts.bounded)) {
        atomicAdd(&storage.stage.count.nodes, counts.nodes);
        atomicAdd(&storage.stage.count.bounded, counts.bounded);
    }
    __syncthreads();
    if (tid == 0 && (storage.stage.count.nodes || storage.stage.count.bounded)) {
        atomicAdd(&ctl->nodes, storage.stage.count.nodes);
        atomicAdd(&ctl->bounded, storage.stage.count.bounded);
    }
    __threadfence();
    __syncthreads();
    if (tid == 0)
        storage.stage.count.last_block = atomicAdd(&ctl->finished_blocks, 1u) == gridDim.x - 1;
    __syncthreads();
    if (storage.stage.count.last_block && tid == 0) {
        __threadfence();
        /* The plan this iteration ran, unchanged since every block read it at its start. */
        const int batch = ctl->batch, top = ctl->top, from_pool = ctl->from_pool, excess = ctl->excess;
        const int parity = ctl->parity;
        if (batch > 0) {
            ctl->top = top - from_pool + excess;
            ctl->staged = *(volatile int *)&ctl->children;
            ctl->parity = parity ^ 1;
        }
        ctl->children = 0;
        ctl->next_chunk = 0;
        ctl->finished_blocks = 0;
        __threadfence();
        fsbb_resident_plan_next(prm, blockDim.x);
    }
}

template <int MT, int REGISTERS>
__global__ void __maxnreg__(REGISTERS) fsbb_resident_branch(fsbb_resident_params prm)
{
    extern __shared__ int smem[];
    __shared__ fsbb_resident_static_storage storage;
    const fsbb_resident_layout &l = prm.layout;
    const fsbb_resident_shared_layout &sl = prm.shared;
    const int threads = blockDim.x, tid = threadIdx.x;
    fsbb_resident_control *ctl = prm.control;

    fsbb_resident_block b;
    b.shared = fsbb_resident_arrays{smem + sl.table,      smem + sl.offsets,     smem + sl.info,
                                    smem + sl.forward,    smem + sl.lb_forward,  smem + sl.lb_backward,
                                    smem + sl.parent_of,  smem + sl.queue};
    for (int i = tid; i < l.n * l.m; i += threads)
        b.shared.table[i] = prm.p[i];
    const int batch = ctl->batch, per_chunk = ctl->parents_per_chunk, top = ctl->top;
    const int from_pool = ctl->from_pool, excess = ctl->excess, parity = ctl->parity;
    /* Parents: the pool's top from_pool nodes, then the last children of the previous
     * iteration; its other children (excess) go onto the pool. */
    b.pool_parents = prm.pool + (size_t)(top - from_pool) * l.stride;
    b.staged_parents = prm.staging[parity] + (size_t)excess * l.stride;
    b.from_pool = from_pool;
    b.children = prm.staging[parity ^ 1];
    {
        const size_t vectors = (size_t)excess * (size_t)(l.stride / 4);
        const int4 *from = reinterpret_cast<const int4 *>(prm.staging[parity]);
        int4 *to = reinterpret_cast<int4 *>(prm.pool + (size_t)top * l.stride);
        for (size_t v = (size_t)blockIdx.x * threads + tid; v < vectors; v += (size_t)gridDim.x * threads)
            to[v] = __ldg(from + v);
    }
    fsbb_resident_counts counts = {0, 0};
    __syncthreads();

    for (;;) {
        if (tid == 0) {
            storage.take.chunk = atomicAdd(&ctl->next_chunk, 1);
            storage.take.ub = *(volatile int *)&ctl->incumbent;
        }
        __syncthreads();
        fsbb_resident_chunk c;
        c.first = storage.take.chunk * per_chunk;
        if (c.first >= batch)
            break;
        c.count = min(per_chunk, batch - c.first);
        c.ub = storage.take.ub;
        fsbb_resident_stage_parents<MT>(prm, b, storage, c, counts);
        for (int a = 0; a < c.count;) {
            const fsbb_resident_sub_chunk s = fsbb_resident_sub_chunk_at(b.shared.offsets, a, c.count, sl.cap);
            fsbb_resident_stage_bound<MT>(prm, b, storage, c, s);
            fsbb_resident_stage_direction(prm, b, c, s);
            fsbb_resident_stage_prune<MT>(prm, b, storage, c, s, counts);
            if (prm.lb2)
                fsbb_resident_stage_refine<MT>(prm, b, storage, c, s, counts, smem);
            __syncthreads();
            a = s.b;
        }
    }
    fsbb_resident_finish(prm, storage, counts);
}

#endif
