/* resident_growth.h — how the resident GPU engine's pool and batch grow during a search: the
 * pool four times larger up to its largest size, the batch eight times larger up to its
 * largest and to what the pool holds (a batch's children fill at most half the pool), and
 * when a step is worth its allocation. Plain C; resident_device.cu applies it between runs.
 *
 * One step can cost more than it gives a short search: the last one, which takes the pool to
 * its largest size by less than twice, once the batch already holds a third of the candidates
 * an iteration aims at or more. On 20 jobs and 20 machines it takes the pool from 16.8 M nodes to
 * 28.3 M (8 GB) and the batch from 419,430 parents (8.4 M candidates) to 706,409: on the
 * H100, 6-14 ms of allocation and copying, for iterations about 4 % faster (ta023: 1.86 ->
 * 1.93 G nodes/s). Whether a search takes it depends on the open count at a sync, so that LB1 on
 * r20x20_2020003 (the same tree every time) ran 35-40 ms without it and 40-51 ms with it
 * (results/lb-auto/gain/, session 15). At 4 % its 14 ms are paid back after about 0.35 s of
 * search at the larger batch (H100 figures), so it waits until the search has run that long, as
 * one rents until the rent paid equals the price: a search that ends soon after the wait has
 * paid at most about twice the step. Measured on the H100 (session 16, 22 rounds of the 35
 * instances of results/lb-auto/gain/, UB = optimum, medians against main's): --lb auto 3-16 %
 * faster on 12 searches of 1.4-101 ms, 7-16 % slower on three of 4-79 ms, 1.4-2.1 % (20-30 ms)
 * slower on the three of 1.3-1.5 s, the sums within 0.5 %; its rounds above 1.3x the better
 * bound 35 of 572 against 56. Smaller batches
 * gain more from growing (ta023: 1.70 -> 1.86 G nodes/s from 4.2 M candidates, a quarter of
 * the aim, to 8.4 M) and do not wait. */
#ifndef FSBB_RESIDENT_GROWTH_H
#define FSBB_RESIDENT_GROWTH_H

/* Seconds of search before the last, short step. */
#define FSBB_RESIDENT_LATE_GROWTH_S 0.35

/* The pool's and the batch's sizes. */
typedef struct fsbb_resident_sizes {
    int jobs;                 /* n */
    long long capacity;       /* the pool's nodes */
    long long max_capacity;   /* the largest pool */
    long long batch;          /* parents an iteration takes at most */
    long long max_batch;      /* the largest batch */
    long long aim;            /* (parent, job) candidates an iteration aims at */
} fsbb_resident_sizes;

/* The pool's next size: four times larger, up to the largest. */
static inline long long fsbb_resident_grown_capacity(const fsbb_resident_sizes *s)
{
    return 4 * s->capacity < s->max_capacity ? 4 * s->capacity : s->max_capacity;
}

/* The batch's next size: eight times larger, up to the largest batch and to the parents
 * whose children fill half the pool. */
static inline long long fsbb_resident_grown_batch(const fsbb_resident_sizes *s)
{
    const long long wanted = 8 * s->batch < s->max_batch ? 8 * s->batch : s->max_batch;
    const long long fits = s->capacity / (2LL * s->jobs);
    return wanted < fits ? wanted : fits;
}

/* Whether the batch must grow the pool first: it is as large as the pool allows, and the
 * pool can grow. */
static inline int fsbb_resident_batch_needs_pool(const fsbb_resident_sizes *s)
{
    return s->batch >= s->capacity / (2LL * s->jobs) && s->capacity < s->max_capacity;
}

/* Whether the batch may grow after `searched_s` seconds of search: the last, short step
 * with a third of the aim or more only after FSBB_RESIDENT_LATE_GROWTH_S, any other at once. */
static inline int fsbb_resident_batch_grows_now(const fsbb_resident_sizes *s, double searched_s)
{
    const int last_short_step = fsbb_resident_batch_needs_pool(s) && fsbb_resident_grown_capacity(s) < 2 * s->capacity;
    const int near_aim = 3 * s->batch * s->jobs >= s->aim;
    return !(last_short_step && near_aim) || searched_s >= FSBB_RESIDENT_LATE_GROWTH_S;
}

#endif
