/* cte.cuh — Collaborative Task Engagement (Khorasani et al.): warp-collaborative execution
 * of a nested pattern. Each lane brings one coarse task of `size` fine tasks; the warp
 * expands the 32 coarse tasks into one list of fine tasks and its lanes take the list 32 at
 * a time, whatever coarse task each fine task belongs to. In each round a lane finds its
 * coarse task by a binary search over the inclusive prefix sums of the sizes, maps its fine
 * task, and the lanes of one coarse task (a contiguous segment) combine their values by a
 * segmented tree reduction (log2 32 shuffle steps); the segment's last lane holds the
 * result, and the coarse task's owner folds it into its running value.
 *
 * The pieces (prefix sums, locate, segmented reduction, owner update) are exposed so that
 * kernels can run rounds of their own (the LB2 bound with early exit does); fsbb_cte_run is
 * the whole pattern. A warp that is not whole when it calls (lanes exited or diverged) runs
 * one coarse task per thread instead. TempStorage: one fsbb_cte_storage per warp. */
#ifndef FSBB_CTE_CUH
#define FSBB_CTE_CUH

#include "warp_lanes.cuh"
#include "warp_scan.cuh"

typedef struct fsbb_cte_storage {
    int inclusive[FSBB_WARP_SIZE]; /* prefix sums of the coarse task sizes, lane by lane */
} fsbb_cte_storage;

/* Stores the inclusive prefix sums of the lanes' sizes; returns the total (every lane). */
__device__ __forceinline__ int fsbb_cte_expand(fsbb_cte_storage *s, int size)
{
    const int lane = fsbb_lane();
    const int sum = fsbb_warp_inclusive_sum(size);
    __syncwarp();
    s->inclusive[lane] = sum;
    __syncwarp();
    return __shfl_sync(FSBB_FULL_WARP, sum, FSBB_WARP_SIZE - 1);
}

/* The coarse task (lane) owning fine task f (< total), and f's index inside it. */
__device__ __forceinline__ int fsbb_cte_locate(const fsbb_cte_storage *s, int f, int *index_in_coarse)
{
    int coarse = 0;
#pragma unroll
    for (int step = FSBB_WARP_SIZE / 2; step > 0; step >>= 1)
        if (s->inclusive[coarse + step - 1] <= f)
            coarse += step;
    *index_in_coarse = f - (coarse > 0 ? s->inclusive[coarse - 1] : 0);
    return coarse;
}

/* Segmented inclusive reduction over lanes with the same segment id (segments contiguous):
 * each lane gets the reduction of its segment's lanes up to itself, so the last lane of a
 * segment holds the whole segment's. */
template <class T, class Reduce>
__device__ __forceinline__ T fsbb_cte_segmented_reduce(T value, int segment, Reduce reduce)
{
    const int lane = fsbb_lane();
#pragma unroll
    for (int d = 1; d < FSBB_WARP_SIZE; d <<= 1) {
        const T other = __shfl_up_sync(FSBB_FULL_WARP, value, d);
        const int other_segment = __shfl_up_sync(FSBB_FULL_WARP, segment, d);
        if (lane >= d && other_segment == segment)
            value = reduce(other, value);
    }
    return value;
}

/* The lane holding the end of coarse task `lane`'s segment in the round of fine tasks
 * [base, base + 32), or -1 when the round holds none of its fine tasks. */
__device__ __forceinline__ int fsbb_cte_segment_end(const fsbb_cte_storage *s, int base)
{
    const int lane = fsbb_lane();
    const int first = lane > 0 ? s->inclusive[lane - 1] : 0;
    const int last = s->inclusive[lane]; /* one past */
    const int lo = first > base ? first : base;
    const int hi = last < base + FSBB_WARP_SIZE ? last : base + FSBB_WARP_SIZE;
    return lo < hi ? hi - 1 - base : -1;
}

/* The whole pattern: returns reduce(init, map(lane, 0), ..., map(lane, size - 1)) for the
 * calling lane's coarse task. map(coarse, index) -> T; reduce(T, T) -> T, associative. */
template <class T, class Map, class Reduce>
__device__ __forceinline__ T fsbb_cte_run(fsbb_cte_storage *s, int size, T init, Map map, Reduce reduce)
{
    const int lane = fsbb_lane();
    T result = init;
    if (__activemask() != FSBB_FULL_WARP) {
        for (int i = 0; i < size; i++)
            result = reduce(result, map(lane, i));
        return result;
    }
    const int total = fsbb_cte_expand(s, size);
    for (int base = 0; base < total; base += FSBB_WARP_SIZE) {
        const int f = base + lane;
        int coarse = FSBB_WARP_SIZE, index = 0; /* lanes past the end: a segment of their own */
        T value = init;
        if (f < total) {
            coarse = fsbb_cte_locate(s, f, &index);
            value = map(coarse, index);
        }
        value = fsbb_cte_segmented_reduce(value, coarse, reduce);
        const int end = fsbb_cte_segment_end(s, base);
        const T mine = __shfl_sync(FSBB_FULL_WARP, value, end >= 0 ? end : lane);
        if (end >= 0)
            result = reduce(result, mine);
    }
    return result;
}

#endif
