/* resident_branch.cuh — the branching kernel of the device-resident engine, one iteration a
 * launch.
 *
 * The open nodes form a stack: the pool, and on top of it the children of the previous
 * iteration, left where they were written (staging[parity]). The kernel takes the batch of
 * parents at the top of that stack, a chunk of parents_per_chunk parents per block at a
 * time (chunks are handed out one at a time, so that blocks finish together), copies the
 * chunk's parents into shared memory (asynchronous 16-byte copies, all in flight at once),
 * and runs the chunk through five stages:
 *   1 parents    one thread per parent: skip the pruned, finish those with one job left,
 *                count the open jobs; a block scan gives each parent its candidates
 *                (parent, unscheduled job). The chunk's candidates are then cut into
 *                sub-chunks of at most cap (a parent is never split); each parent writes
 *                its candidates' parent and job, and each sub-chunk runs through:
 *   2 bound      one thread per candidate: the LB1 of the forward and of the backward
 *                child its job makes (resident_child.cuh, on the parent's copied front,
 *                back and remain);
 *   3 direction  one thread per parent: the direction as search_cpu.c chooses it (fewer
 *                children with lb < ub, ties to the larger bound sum, then forward);
 *   4 prune      one thread per candidate of the chosen direction: prune, finish the
 *                leaves, queue the survivors for LB2 where asked, or write them to the other
 *                staging area, 32 at a time: each warp collects its survivors on a CCC
 *                context stack and writes when it has a full warp's worth (the rest at the
 *                chunk's end; one atomic add per warp);
 *   5 refine     when refining, lane groups over the queued children (resident_refine.cuh):
 *                LB2, then leaf or write; with --lb auto, after the stage, the children
 *                it marked for probes (their own LB1 survivors counted, lb_auto.h).
 * A better complete schedule lowers the incumbent (atomicMin) and is recorded under a lock.
 * Staged children that are not parents this time are copied onto the pool by the same
 * kernel; at the end each block adds its counters, and the last block to finish plans the
 * next iteration (resident_plan.cuh).
 *
 * MT is the machine count when it is known at compile time (the per-machine arrays then
 * live in registers); 0 is the generic form. REGISTERS caps the registers per thread
 * (occupancy against spills). REFINE: the kernel queues LB1 survivors for LB2 (--lb lb2,
 * or --lb auto at the depths and in the samples prm.refine_mask names) and counts
 * per depth what auto decides from (fsbb_resident_depth_stats); without it no LB2 code or
 * counting is compiled in, but for the work below auto's shadows (lb_auto.h), which both
 * kernels branch. */
#ifndef FSBB_RESIDENT_BRANCH_CUH
#define FSBB_RESIDENT_BRANCH_CUH

#include "options.h"
#include "resident_child.cuh"
#include "resident_layout.cuh"
#include "resident_plan.cuh"
#include "resident_refine.cuh"
#include "context_stack.cuh"
#include "warp_claim.cuh"
#include "warp_lanes.cuh"
#include "warp_scan.cuh"

#include <cuda_pipeline.h>

/* The block's counts of the refining kernels (shared, unsigned; added to the control
 * block's fsbb_resident_depth_stats, same order, at the end). */
enum {
    FSBB_STAT_BRANCHED = 0,
    FSBB_STAT_SURVIVORS = FSBB_RESIDENT_DEPTH_BUCKETS,
    FSBB_STAT_REFINED = 2 * FSBB_RESIDENT_DEPTH_BUCKETS,
    FSBB_STAT_PRUNED = 3 * FSBB_RESIDENT_DEPTH_BUCKETS,
    FSBB_STAT_LB2_CYCLES = 4 * FSBB_RESIDENT_DEPTH_BUCKETS,
    FSBB_STAT_LB1_CYCLES = 5 * FSBB_RESIDENT_DEPTH_BUCKETS,
    FSBB_STAT_LB1_CANDIDATES,
    FSBB_STAT_LB2_STAGE,
    FSBB_STAT_LB2_FED_STAGE,
    FSBB_STAT_LB2_FED_CHILD,
    FSBB_STAT_SHADOW_ROOTS,
    FSBB_STAT_SHADOW_CANDIDATES = FSBB_STAT_SHADOW_ROOTS + FSBB_RESIDENT_DEPTH_BUCKETS,
    FSBB_STAT_SHADOW_CYCLES = FSBB_STAT_SHADOW_CANDIDATES + FSBB_RESIDENT_DEPTH_BUCKETS,
    FSBB_STAT_PROBES = FSBB_STAT_SHADOW_CYCLES + FSBB_RESIDENT_DEPTH_BUCKETS,
    FSBB_STAT_PROBE_CHILDREN = FSBB_STAT_PROBES + FSBB_RESIDENT_DEPTH_BUCKETS,
    FSBB_STAT_WORDS = FSBB_STAT_PROBE_CHILDREN + FSBB_RESIDENT_DEPTH_BUCKETS
};
static_assert(sizeof(fsbb_resident_depth_stats) == FSBB_STAT_WORDS * sizeof(unsigned long long),
              "the block's counts and fsbb_resident_depth_stats are word for word the same");

/* Adds to counter stats[base + key] for every lane of the (converged) warp whose key is
 * not negative, one shared atomic per distinct key. */
__device__ __forceinline__ void fsbb_resident_count(unsigned *stats, int base, int key)
{
    const unsigned peers = __match_any_sync(FSBB_FULL_WARP, key);
    if (key >= 0 && fsbb_lane() == __ffs(peers) - 1)
        atomicAdd(stats + base + key, (unsigned)__popc(peers));
}

/* The work below a shadow (lb_auto.h; a node whose word 2, tag, is not 0): a shadow parent's
 * unscheduled jobs, added to the block's counts in the refining kernels, and in the plain
 * kernel, which keeps none, straight to the control block's (shadows are few). */
template <bool REFINE>
__device__ __forceinline__ void fsbb_resident_count_shadow_work(const fsbb_resident_params &prm, unsigned *stats,
                                                                int tag, int unscheduled)
{
    if (REFINE)
        atomicAdd(stats + FSBB_STAT_SHADOW_CANDIDATES + tag - 1, (unsigned)unscheduled);
    else
        atomicAdd(&prm.control->depth.shadow_candidates[tag - 1], (unsigned long long)unscheduled);
}

/* The arrays of the block's dynamic shared memory (fsbb_resident_shared_layout). */
struct fsbb_resident_arrays {
    int *table, *nodes, *offsets, *forward_of, *lb_forward, *lb_backward, *parent_of, *job_of, *queue;
    fsbb_ccc_storage<2> *write_stacks;
    int *group_rows;
    unsigned char *group_flags;
    unsigned *stats;
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

/* Parent g of the iteration, in device memory. */
__device__ __forceinline__ const int *fsbb_resident_parent(const fsbb_resident_params &prm,
                                                           const fsbb_resident_block &b, int g)
{
    const fsbb_resident_layout &l = prm.layout;
    return g < b.from_pool ? b.pool_parents + (size_t)g * l.stride
                           : b.staged_parents + (size_t)(g - b.from_pool) * l.stride;
}

/* A chunk: parents first..first + count of the iteration, bounded against ub. */
struct fsbb_resident_chunk {
    int first, count, ub;
};

/* The chunk's parent i as the block copied it (shared memory). */
__device__ __forceinline__ const int *fsbb_resident_node(const fsbb_resident_params &prm,
                                                         const fsbb_resident_block &b, int i)
{
    return b.shared.nodes + i * prm.shared.node_words;
}

/* The permutation of the chunk's parent i: in the copy when the whole node was copied. */
__device__ __forceinline__ const fsbb_job *fsbb_resident_perm(const fsbb_resident_params &prm,
                                                              const fsbb_resident_block &b,
                                                              const fsbb_resident_chunk &c, int i)
{
    const fsbb_resident_layout &l = prm.layout;
    const int *node = prm.shared.node_words == l.stride ? fsbb_resident_node(prm, b, i)
                                                        : fsbb_resident_parent(prm, b, c.first + i);
    return reinterpret_cast<const fsbb_job *>(node + l.perm);
}

/* A sub-chunk: the chunk's parents [a, b), candidates [start, start + total). */
struct fsbb_resident_sub_chunk {
    int a, b, start, total;
};

/* The block's counters: parents branched (leaves included) and bounds computed. */
struct fsbb_resident_counts {
    unsigned long long nodes, bounded;
};

/* Copies the first node_words words of each of the chunk's parents into shared memory,
 * 16 bytes per asynchronous copy, all in flight before the wait. Synchronizes the block. */
__device__ __forceinline__ void fsbb_resident_copy_parents(const fsbb_resident_params &prm,
                                                           const fsbb_resident_block &b,
                                                           const fsbb_resident_chunk &c)
{
    const int words = prm.shared.node_words, pieces = words / 4;
    const int vectors = c.count * pieces;
    for (int v = threadIdx.x; v < vectors; v += blockDim.x) {
        const int i = v / pieces, piece = v - i * pieces;
        __pipeline_memcpy_async(b.shared.nodes + i * words + 4 * piece,
                                fsbb_resident_parent(prm, b, c.first + i) + 4 * piece, 16);
    }
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
}

/* Stage 1, one thread per parent: skips the pruned, finishes the parents with one job
 * left, counts; the block scan writes each parent's first candidate to offsets (the total
 * after the last parent). When all the chunk's candidates fit one sub-chunk, each parent
 * also writes its candidates' parent and job (stage_candidates' work); returns whether it
 * did. Synchronizes the block. */
template <int MT, bool REFINE>
__device__ __forceinline__ bool fsbb_resident_stage_parents(const fsbb_resident_params &prm,
                                                            const fsbb_resident_block &b,
                                                            fsbb_resident_static_storage &storage,
                                                            const fsbb_resident_chunk &c,
                                                            fsbb_resident_counts &counts)
{
    const fsbb_resident_layout &l = prm.layout;
    const int tid = threadIdx.x;
    int open_jobs = 0, front_len = 0, branched = -1;
    if (tid < c.count) {
        const int *node = fsbb_resident_node(prm, b, tid);
        const int lb = node[0], packed = node[1];
        front_len = packed & 0xffff;
        const int back_len = (int)((unsigned)packed >> 16);
        const int unscheduled = l.n - front_len - back_len;
        if (lb < c.ub) {
            counts.nodes++;
            branched = fsbb_resident_depth_bucket(front_len + back_len, l.n);
            if (node[2] != 0)
                fsbb_resident_count_shadow_work<REFINE>(prm, b.shared.stats, node[2], unscheduled);
            if (unscheduled == 1) {
                const fsbb_job *perm = fsbb_resident_perm(prm, b, c, tid);
                const int makespan = fsbb_resident_complete<MT>(prm, b.shared.table, node, perm[front_len]);
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
    if (REFINE)
        fsbb_resident_count(b.shared.stats, FSBB_STAT_BRANCHED, branched);
    int total;
    const int before = fsbb_block_exclusive_sum(open_jobs, &storage.stage.parents.scan, &total);
    if (tid < c.count)
        b.shared.offsets[tid] = before;
    if (tid == 0)
        b.shared.offsets[c.count] = total;
    const bool filled = total <= prm.shared.cap;
    if (filled && open_jobs > 0) {
        const fsbb_job *perm = fsbb_resident_perm(prm, b, c, tid) + front_len;
        for (int x = 0; x < open_jobs; x++) {
            b.shared.parent_of[before + x] = tid;
            b.shared.job_of[before + x] = perm[x];
        }
    }
    __syncthreads();
    return filled;
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

/* Each parent of the sub-chunk writes its candidates' parent (parent_of) and job (job_of).
 * Synchronizes the block. */
__device__ __forceinline__ void fsbb_resident_stage_candidates(const fsbb_resident_params &prm,
                                                               const fsbb_resident_block &b,
                                                               const fsbb_resident_chunk &c,
                                                               const fsbb_resident_sub_chunk &s)
{
    const int *offsets = b.shared.offsets;
    for (int i = s.a + (int)threadIdx.x; i < s.b; i += blockDim.x) {
        const int first = offsets[i] - s.start, jobs = offsets[i + 1] - offsets[i];
        if (jobs == 0)
            continue;
        const int front_len = fsbb_resident_node(prm, b, i)[1] & 0xffff;
        const fsbb_job *perm = fsbb_resident_perm(prm, b, c, i) + front_len;
        for (int x = 0; x < jobs; x++) {
            b.shared.parent_of[first + x] = i;
            b.shared.job_of[first + x] = perm[x];
        }
    }
    __syncthreads();
}

/* Stage 2, one thread per candidate of the sub-chunk: both children's LB1 (lb_forward,
 * lb_backward). Empties the LB2 queue and synchronizes. */
template <int MT, bool REFINE>
__device__ __forceinline__ void fsbb_resident_stage_bound(const fsbb_resident_params &prm,
                                                          const fsbb_resident_block &b,
                                                          fsbb_resident_static_storage &storage,
                                                          const fsbb_resident_sub_chunk &s)
{
    const int tid = threadIdx.x, threads = blockDim.x;
    const long long started = REFINE ? clock64() : 0;
    for (int r = tid; r < s.total; r += threads) {
        int f, g;
        fsbb_resident_bound_children<MT>(prm, b.shared.table, fsbb_resident_node(prm, b, b.shared.parent_of[r]),
                                         b.shared.job_of[r], &f, &g);
        b.shared.lb_forward[r] = f;
        b.shared.lb_backward[r] = g;
    }
    if (tid == 0) {
        storage.stage.prune.queued = 0;
        storage.stage.prune.taken = 0;
        storage.stage.prune.probes_marked = 0;
    }
    __syncthreads();
    if (REFINE && tid == 0) {
        b.shared.stats[FSBB_STAT_LB1_CYCLES] += (unsigned)(clock64() - started) * (threads / FSBB_WARP_SIZE);
        b.shared.stats[FSBB_STAT_LB1_CANDIDATES] += (unsigned)s.total;
    }
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

/* Whether a survivor at child depth bucket d goes to LB2: the bucket's mask is 0 (every
 * survivor: --lb lb2, and auto where the host turned refining on) or its bits of the
 * survivor's mixed hash are 0 (a sample). */
__device__ __forceinline__ bool fsbb_resident_refines(const fsbb_resident_params &prm, int bucket, unsigned hash)
{
    return ((hash * 0x9E3779B1u) >> 20 & (unsigned)__ldg(prm.refine_mask + bucket)) == 0;
}

/* A child to write, as a context of the warp's CCC stack (context_stack.cuh): its parent
 * in the chunk, direction and position (one word), and its bound. It stays valid for the
 * whole chunk (it names no sub-chunk array). */
static_assert(FSBB_RESIDENT_MAX_BLOCK / 2 <= 256, "a chunk's parents (half a block at most) fit 8 bits");

__device__ __forceinline__ void fsbb_resident_child_context(int parent, int forward, int pos, int lb, int *ctx)
{
    ctx[0] = parent | forward << 8 | pos << 9;
    ctx[1] = lb;
}

/* The whole warp: the lanes that hold a context (has) write its child, each to a slot of the
 * other staging area (one atomic add for the warp). */
template <int MT>
__device__ __forceinline__ void fsbb_resident_write_contexts(const fsbb_resident_params &prm,
                                                             const fsbb_resident_block &b,
                                                             const fsbb_resident_chunk &c, bool has, const int *ctx)
{
    const unsigned writers = __ballot_sync(FSBB_FULL_WARP, has);
    if (!writers)
        return;
    const int slot = fsbb_warp_claim(&prm.control->children, writers);
    if (has) {
        const int i = ctx[0] & 0xff, forward = ctx[0] >> 8 & 1, pos = ctx[0] >> 9;
        const int *node = fsbb_resident_node(prm, b, i);
        const int front_len = node[1] & 0xffff, back_len = (int)((unsigned)node[1] >> 16);
        fsbb_resident_write_child<MT>(prm, b.shared.table, node, fsbb_resident_perm(prm, b, c, i), front_len,
                                      back_len, pos, forward, ctx[1],
                                      b.children + (size_t)slot * prm.layout.stride);
    }
}

/* Stage 4, one thread per candidate of the chosen direction: prunes, finishes the leaves,
 * queues the survivors for LB2 (where refining) or writes them. Few candidates survive, so
 * writing each where it was decided would leave most lanes of a warp idle: each warp
 * collects its survivors on its CCC stack (stacked counts them, across the chunk's
 * sub-chunks) and writes 32 at a time, whenever the stack and the round's survivors make a
 * full warp; fsbb_resident_write_leftover writes the rest at the chunk's end. */
template <int MT, bool REFINE>
__device__ __forceinline__ void fsbb_resident_stage_prune(const fsbb_resident_params &prm,
                                                          const fsbb_resident_block &b,
                                                          fsbb_resident_static_storage &storage,
                                                          const fsbb_resident_chunk &c,
                                                          const fsbb_resident_sub_chunk &s,
                                                          fsbb_resident_counts &counts, int &stacked)
{
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n;
    const int *offsets = b.shared.offsets;
    const int tid = threadIdx.x, threads = blockDim.x;
    fsbb_ccc_storage<2> *stack = b.shared.write_stacks + fsbb_warp_in_block();
    for (int r0 = 0; r0 < s.total; r0 += threads) {
        const int r = r0 + tid;
        int survivor = -1, leaf = 0, ctx[2] = {0, 0};
        bool write = false;
        if (r < s.total) {
            const int i = b.shared.parent_of[r], forward = b.shared.forward_of[i];
            const int lb = forward ? b.shared.lb_forward[r] : b.shared.lb_backward[r];
            if (lb < c.ub) {
                const int *node = fsbb_resident_node(prm, b, i);
                const int front_len = node[1] & 0xffff, back_len = (int)((unsigned)node[1] >> 16);
                bool refine = false;
                if (REFINE) {
                    survivor = fsbb_resident_depth_bucket(front_len + back_len + 1, n);
                    refine = fsbb_resident_refines(prm, survivor, (unsigned)(c.first + i) * 131u + b.shared.job_of[r]);
                }
                if (refine) {
                    b.shared.queue[atomicAdd(&storage.stage.prune.queued, 1)] = r;
                } else if (offsets[i + 1] - offsets[i] == 2) {
                    const int j = s.start + r - offsets[i];
                    const fsbb_job *perm = fsbb_resident_perm(prm, b, c, i);
                    const int makespan = fsbb_resident_leaf<MT>(prm, b.shared.table, node, perm[front_len + j],
                                                                perm[front_len + 1 - j], forward);
                    counts.nodes++;
                    counts.bounded++;
                    leaf = 1;
                    if (makespan < c.ub)
                        fsbb_resident_offer(prm, makespan, perm, front_len + j,
                                            forward ? front_len : n - back_len - 1);
                } else {
                    write = true;
                    fsbb_resident_child_context(i, forward, front_len + s.start + r - offsets[i], lb, ctx);
                }
            }
        }
        if (REFINE) {
            fsbb_resident_count(b.shared.stats, FSBB_STAT_SURVIVORS, survivor);
            fsbb_resident_count(b.shared.stats, FSBB_STAT_BRANCHED, leaf ? fsbb_resident_depth_bucket(n - 1, n) : -1);
        }
        if (fsbb_ccc_collect<2>(stack, &stacked, write, ctx))
            fsbb_resident_write_contexts<MT>(prm, b, c, true, ctx);
    }
}

/* At the chunk's end, before its parents leave shared memory: each warp writes the children
 * left on its stack. */
template <int MT>
__device__ __forceinline__ void fsbb_resident_write_leftover(const fsbb_resident_params &prm,
                                                             const fsbb_resident_block &b,
                                                             const fsbb_resident_chunk &c, int &stacked)
{
    int ctx[2] = {0, 0};
    const bool has = fsbb_ccc_leftover<2>(b.shared.write_stacks + fsbb_warp_in_block(), stacked, ctx);
    fsbb_resident_write_contexts<MT>(prm, b, c, has, ctx);
    stacked = 0;
}

/* A survivor stage 5 queued (entry r of the sub-chunk's candidates): its parent i (node,
 * permutation, fronts' lengths, open jobs, direction) and its own place and job. */
struct fsbb_resident_queued_child {
    const int *node;
    const fsbb_job *perm;
    int i, forward, front_len, back_len, open, pos, job;
};

__device__ __forceinline__ fsbb_resident_queued_child fsbb_resident_queued_child_of(const fsbb_resident_params &prm,
                                                                                     const fsbb_resident_block &b,
                                                                                     const fsbb_resident_chunk &c,
                                                                                     const fsbb_resident_sub_chunk &s,
                                                                                     int r)
{
    fsbb_resident_queued_child q;
    q.i = b.shared.parent_of[r];
    q.forward = b.shared.forward_of[q.i];
    q.node = fsbb_resident_node(prm, b, q.i);
    q.perm = fsbb_resident_perm(prm, b, c, q.i);
    q.front_len = q.node[1] & 0xffff;
    q.back_len = (int)((unsigned)q.node[1] >> 16);
    q.open = b.shared.offsets[q.i + 1] - b.shared.offsets[q.i];
    q.pos = q.front_len + s.start + r - b.shared.offsets[q.i];
    q.job = b.shared.job_of[r];
    return q;
}

/* Stage 5, when refining: lane groups take the queued children one at a time (a task pool
 * in shared memory), compute LB2 (resident_refine.cuh), then finish the leaf or write the
 * child 16 bytes a lane. A child LB2 cuts, neither a leaf nor a shadow's descendant, is
 * written all the same, as a shadow root (its LB1 its bound, its depth bucket + 1 its tag),
 * where a second hash picks it (prm.shadow_mask: resident_device.h's set_refine), and where
 * a third one picks it (prm.probe_mask), its own LB1 survivors are counted (a probe). Returns
 * whether the stage counts as fed (FSBB_RESIDENT_FED_CHILDREN children for every lane group
 * of the block, resident_device.h). */
template <int MT>
__device__ __forceinline__ bool fsbb_resident_stage_refine(const fsbb_resident_params &prm,
                                                           const fsbb_resident_block &b,
                                                           fsbb_resident_static_storage &storage,
                                                           const fsbb_resident_chunk &c,
                                                           const fsbb_resident_sub_chunk &s,
                                                           fsbb_resident_counts &counts)
{
    const fsbb_resident_layout &l = prm.layout;
    const fsbb_resident_shared_layout &sl = prm.shared;
    const int n = l.n;
    const int *table = b.shared.table;
    __syncthreads();
    const int queued = storage.stage.prune.queued;
    if (queued == 0)
        return false;
    const fsbb_lane_group g = fsbb_lane_group_of(prm.lb2_group);
    const bool fed = queued >= FSBB_RESIDENT_FED_CHILDREN * ((int)blockDim.x / g.size);
    unsigned spent = 0;
    int *changed = b.shared.group_rows + g.index * l.m4;
    unsigned char *flags = b.shared.group_flags + g.index * 4 * sl.flag_words;
    for (;;) {
        int q = 0;
        if (g.lane == 0)
            q = atomicAdd(&storage.stage.prune.taken, 1);
        q = __shfl_sync(g.mask, q, 0, g.size);
        if (q >= queued)
            break;
        const long long started = clock64();
        const int r = b.shared.queue[q];
        const fsbb_resident_queued_child child = fsbb_resident_queued_child_of(prm, b, c, s, r);
        const int lb1 = child.forward ? b.shared.lb_forward[r] : b.shared.lb_backward[r];
        const int lb2 = fsbb_resident_child_lb2(prm, g, table, child.node, child.perm, child.front_len, child.open,
                                                child.pos, child.job, child.forward, c.ub, changed, flags);
        const int lb = max(lb1, lb2);
        const int bucket = fsbb_resident_depth_bucket(child.front_len + child.back_len + 1, n);
        const int tag = child.node[2];
        bool shadow = false, probe = false;
        if (lb >= c.ub && tag == 0 && child.open > 2) {
            const unsigned place = (unsigned)(c.first + child.i) * 131u + child.job;
            const int mask = __ldg(prm.shadow_mask + bucket), probe_mask = __ldg(prm.probe_mask + bucket);
            shadow = mask >= 0 && (place * 0x85EBCA77u >> 18 & (unsigned)mask) == 0;
            probe = probe_mask >= 0 && (place * 0xC2B2AE3Du >> 18 & (unsigned)probe_mask) == 0;
        }
        if (g.lane == 0) {
            counts.bounded++;
            atomicAdd(b.shared.stats + FSBB_STAT_REFINED + bucket, 1u);
            if (lb >= c.ub)
                atomicAdd(b.shared.stats + FSBB_STAT_PRUNED + bucket, 1u);
            const unsigned cycles = (unsigned)((clock64() - started) * g.size / FSBB_WARP_SIZE);
            atomicAdd(b.shared.stats + FSBB_STAT_LB2_CYCLES + bucket, cycles);
            spent += cycles;
            if (tag != 0)
                atomicAdd(b.shared.stats + FSBB_STAT_SHADOW_CYCLES + tag - 1, cycles);
            if (shadow)
                atomicAdd(b.shared.stats + FSBB_STAT_SHADOW_ROOTS + bucket, 1u);
        }
        /* A probe waits for the end of the stage (fsbb_resident_stage_probe): it is the
         * measurement's cost, not LB2's, and its code outside this loop keeps the loop as
         * fast as without it (inside, LB2 took 3 % longer on 20x20 instances). The mark
         * overwrites queue[q], which the group's lanes read before fsbb_resident_child_lb2's
         * __syncwarp. */
        if (probe && g.lane == 0) {
            b.shared.queue[q] = -1 - r;
            storage.stage.prune.probes_marked = 1;
        }
        if (lb < c.ub || shadow) {
            if (child.open == 2) {
                if (g.lane == 0) {
                    const int front_len = child.front_len;
                    const int other = child.perm[child.pos == front_len ? front_len + 1 : front_len];
                    const int makespan =
                        fsbb_resident_leaf<MT>(prm, table, child.node, child.job, other, child.forward);
                    counts.nodes++;
                    counts.bounded++;
                    atomicAdd(b.shared.stats + FSBB_STAT_BRANCHED + fsbb_resident_depth_bucket(n - 1, n), 1u);
                    if (makespan < c.ub)
                        fsbb_resident_offer(prm, makespan, child.perm, child.pos,
                                            child.forward ? front_len : n - child.back_len - 1);
                }
            } else {
                int slot = 0;
                if (g.lane == 0)
                    slot = atomicAdd(&prm.control->children, 1);
                slot = __shfl_sync(g.mask, slot, 0, g.size);
                int4 *out = reinterpret_cast<int4 *>(b.children + (size_t)slot * l.stride);
                for (int v = g.lane; v < l.stride / 4; v += g.size)
                    out[v] = fsbb_resident_child_vector(prm, table, child.node, child.perm, changed, child.front_len,
                                                        child.back_len, child.pos, child.forward, shadow ? lb1 : lb,
                                                        shadow ? bucket + 1 : tag, v);
            }
        }
        __syncwarp(g.mask);
    }
    if (fed && g.lane == 0 && spent)
        atomicAdd(b.shared.stats + FSBB_STAT_LB2_FED_CHILD, spent);
    return fed;
}

/* After stage 5, when it marked children for --lb auto's probes (queue entries -1 - r): lane
 * groups take them in turn, recompute the child's new row and count its own LB1 survivors
 * (fsbb_resident_probe). Synchronizes the block. */
__device__ __forceinline__ void fsbb_resident_stage_probe(const fsbb_resident_params &prm, const fsbb_resident_block &b,
                                                          fsbb_resident_static_storage &storage,
                                                          const fsbb_resident_chunk &c, const fsbb_resident_sub_chunk &s)
{
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n, queued = storage.stage.prune.queued;
    const fsbb_lane_group g = fsbb_lane_group_of(prm.lb2_group);
    int *changed = b.shared.group_rows + g.index * l.m4;
    for (int q = g.index; q < queued; q += blockDim.x / g.size) {
        const int marked = b.shared.queue[q];
        if (marked >= 0)
            continue;
        const fsbb_resident_queued_child child = fsbb_resident_queued_child_of(prm, b, c, s, -1 - marked);
        fsbb_resident_changed_row(prm, g, b.shared.table, child.node, child.job, child.forward, changed);
        __syncwarp(g.mask);
        const int first = fsbb_resident_probe(prm, g, b.shared.table, child.node, child.perm, child.front_len,
                                              child.open, child.pos, child.job, child.forward, c.ub, changed);
        if (g.lane == 0) {
            const int bucket = fsbb_resident_depth_bucket(child.front_len + child.back_len + 1, n);
            atomicAdd(b.shared.stats + FSBB_STAT_PROBES + bucket, 1u);
            atomicAdd(b.shared.stats + FSBB_STAT_PROBE_CHILDREN + bucket, (unsigned)first);
        }
        __syncwarp(g.mask);
    }
    __syncthreads();
}

/* The block's counters, one atomic add each (with the refining kernels' per-depth counts);
 * the last block to finish moves the stack's top and plans the next
 * iteration. */
template <bool REFINE>
__device__ __forceinline__ void fsbb_resident_finish(const fsbb_resident_params &prm, const fsbb_resident_block &b,
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
    if (REFINE) {
        unsigned long long *depth = reinterpret_cast<unsigned long long *>(&ctl->depth);
        for (int x = tid; x < FSBB_STAT_WORDS; x += blockDim.x)
            if (b.shared.stats[x])
                atomicAdd(depth + x, (unsigned long long)b.shared.stats[x]);
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
        fsbb_resident_plan_next(prm);
    }
}

extern __shared__ int4 fsbb_resident_dynamic_shared[];

template <int MT, int REGISTERS, bool REFINE>
__global__ void __maxnreg__(REGISTERS) fsbb_resident_branch(fsbb_resident_params prm)
{
    int *smem = reinterpret_cast<int *>(fsbb_resident_dynamic_shared);
    __shared__ fsbb_resident_static_storage storage;
    const fsbb_resident_layout &l = prm.layout;
    const fsbb_resident_shared_layout &sl = prm.shared;
    const int threads = blockDim.x, tid = threadIdx.x;
    fsbb_resident_control *ctl = prm.control;

    fsbb_resident_block b;
    b.shared = fsbb_resident_arrays{smem + sl.table,       smem + sl.nodes,     smem + sl.offsets,
                                    smem + sl.forward,     smem + sl.lb_forward, smem + sl.lb_backward,
                                    smem + sl.parent_of,   smem + sl.job_of,    smem + sl.queue,
                                    reinterpret_cast<fsbb_ccc_storage<2> *>(smem + sl.write_stacks),
                                    smem + sl.group_rows,
                                    reinterpret_cast<unsigned char *>(smem + sl.group_flags),
                                    reinterpret_cast<unsigned *>(smem + sl.depth_stats)};
    for (int i = tid; i < l.n * l.m4; i += threads)
        b.shared.table[i] = __ldg(prm.p + i);
    if (REFINE) {
        for (int x = tid; x < FSBB_STAT_WORDS; x += threads)
            b.shared.stats[x] = 0;
    }
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
    int stacked = 0;
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
        fsbb_resident_copy_parents(prm, b, c);
        const bool filled = fsbb_resident_stage_parents<MT, REFINE>(prm, b, storage, c, counts);
        for (int a = 0; a < c.count;) {
            const fsbb_resident_sub_chunk s = fsbb_resident_sub_chunk_at(b.shared.offsets, a, c.count, sl.cap);
            if (s.total > 0) {
                if (!filled)
                    fsbb_resident_stage_candidates(prm, b, c, s);
                fsbb_resident_stage_bound<MT, REFINE>(prm, b, storage, s);
                fsbb_resident_stage_direction(prm, b, c, s);
                fsbb_resident_stage_prune<MT, REFINE>(prm, b, storage, c, s, counts, stacked);
                const long long refine_started = REFINE ? clock64() : 0;
                const bool fed = REFINE && fsbb_resident_stage_refine<MT>(prm, b, storage, c, s, counts);
                __syncthreads();
                if (REFINE && tid == 0) {
                    const unsigned stage = (unsigned)(clock64() - refine_started) * (threads / FSBB_WARP_SIZE);
                    b.shared.stats[FSBB_STAT_LB2_STAGE] += stage;
                    if (fed)
                        b.shared.stats[FSBB_STAT_LB2_FED_STAGE] += stage;
                }
                if (REFINE && storage.stage.prune.probes_marked)
                    fsbb_resident_stage_probe(prm, b, storage, c, s);
            }
            a = s.b;
        }
        fsbb_resident_write_leftover<MT>(prm, b, c, stacked);
    }
    fsbb_resident_finish<REFINE>(prm, b, storage, counts);
}

#endif
