/* cpu_lb_auto.h — --lb auto in the CPU engine (search_cpu.c). Each search thread counts,
 * per depth bucket, what the rule of lb_auto.h decides from: the nodes it branched, the
 * children LB1 kept, those LB2 refined and cut, the seconds those refinements took, the
 * probes (below 64 jobs, every child LB2 cuts, its own LB1 survivors counted: cut_probe.h),
 * and the seconds of a node's LB1 work per candidate (timed on one node in
 * FSBB_CPU_LB_AUTO_TIMED).
 * Every so often a thread adds its counts to the engine's (fsbb_cpu_lb_auto_merge): the
 * threads together about FSBB_CPU_LB_AUTO_MERGES_PER_S times a second, so that the lock and the
 * sums' cache lines cost little whatever the thread count. A merge
 * runs the rule on the sums and publishes, per depth, the share of the survivors that every
 * thread refines (lb_auto.h's fsbb_lb_auto_sample): every one where a depth is on, one in
 * FSBB_CPU_LB_AUTO_EXPLORE x the threads where it is not decided yet, and where it is off
 * one in FSBB_CPU_LB_AUTO_SAMPLE or fewer, so that the evidence stays current there at a bounded
 * cost: an LB2 refinement costs as much as tens to hundreds of LB1 children (ta029: about 400
 * LB1 candidates), so the sample is thinned, in powers of 2 up to FSBB_CPU_LB_AUTO_SAMPLE_MAX,
 * until it costs at most FSBB_CPU_LB_AUTO_SAMPLE_SHARE of the LB1 work of the survivors it is
 * drawn from (fsbb_cpu_lb_auto_off_sample). A thread's sampled refinements, exploring and
 * off, stop while their seconds exceed FSBB_CPU_LB_AUTO_SAMPLED_SHARE of the time since the
 * thread started. */
#ifndef FSBB_CPU_LB_AUTO_H
#define FSBB_CPU_LB_AUTO_H

#include "lb_auto.h"
#include "stop.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* One survivor in this many, at most, is refined at a depth turned off (a power of 2)... */
#define FSBB_CPU_LB_AUTO_SAMPLE 1024u
/* ...and fewer where that would cost more than this share of the depth's LB1 work... */
#define FSBB_CPU_LB_AUTO_SAMPLE_SHARE 0.01
/* ...down to one in this many (a power of 2). */
#define FSBB_CPU_LB_AUTO_SAMPLE_MAX 65536u
/* Survivors a depth needs behind it before the rule may switch it: fewer than on the GPU,
 * where a refinement costs tens of LB1 candidates, not hundreds. */
#define FSBB_CPU_LB_AUTO_MIN_SURVIVORS 256.0
/* At a depth not decided yet, each thread refines 1 of its survivors in this many times the
 * threads that run at once (rounded up to a power of 2), and so do the threads together: the
 * exploration costs T threads what it cost one thread at 1 in 4, and a depth's evidence, 64
 * refinements, comes with its 256 T-th survivor, which T threads branch in about the time
 * one thread branched the 256th (while the sampled refinements stay within
 * FSBB_CPU_LB_AUTO_SAMPLED_SHARE). A depth too small for that (fsbb_lb_auto_whole) is
 * refined in full until decided. On 16 cores, 7 rounds, 7 processes whose LB1 takes
 * 0.16-1.1 s, the median of auto's time over lb1's within a round: 0.977-1.062 against
 * 1.005-1.076 with 1 in 4 on every thread on the six where LB2 does not pay, 0.690 against
 * 0.696 on r20x20_2020006 (results/lb-auto/gain/README.md, "Session 24"). */
#define FSBB_CPU_LB_AUTO_EXPLORE 4u
/* One node in this many has its LB1 work timed (a power of 2). */
#define FSBB_CPU_LB_AUTO_TIMED 16u
/* Depths measured off by their probes that let the veto fire (lb_auto.h; the resident GPU
 * engine asks for 4). A refinement costs hundreds of LB1 candidates here, so the prior turns
 * on a few shallow depths only. On ta030 (2 threads, 3 runs) it kept depth 3 on and, in 2 of
 * the runs, depth 4: 16-55 ms of LB2 in about 1.5 CPU seconds, for 1,601-3,315 nodes fewer
 * than LB1's 2.41 M; their cut children keep 0.50 and 0.36 LB1 survivors each by their
 * probes. On r20x20_2020006, where LB2 pays, they keep 2.4-4.6 at depths 3-7, which stay
 * on. (On r20x20_2020032 the share of the tree done in 150 s, 0.385 as with LB1 or 0.437,
 * told two builds apart in session 24; it moves in steps, as shallow subtrees end, and
 * both values came from one build in session 25.) results/lb-auto/gain/README.md,
 * "Session 24" and "Session 25". */
#define FSBB_CPU_LB_AUTO_PROBE_VETO_DEPTHS 1
/* The share of a thread's time, wall time since it started (idle time included), past which
 * its sampled refinements stop: those at a depth not decided yet (the exploration) and at a
 * depth turned off, not those at a depth refined in full (switched on, or too small to
 * sample). It is looked at before each one, so it may be passed by one refinement and its
 * probe. A depth's evidence, 64 refinements, costs a fixed time, which a search too short to
 * repay it paid in full: on r30x10_3010001 (2 threads, 26 k nodes, 5.5 % of the survivors
 * refined) the refinements took 8.8 ms over the two threads, against about 12 ms of LB1 work,
 * and auto 1.57-1.79x LB1's search time; with the share 1.09-1.46x (medians of 5 and 9 runs
 * here, where a 10 ms search varies by 2x). results/lb-auto/gain/README.md, "Session 25". */
#define FSBB_CPU_LB_AUTO_SAMPLED_SHARE 0.05
/* The weight of the saving the probes measure (the GPU's is 4, which the CPU engine used
 * before); a depth they measure off is off by itself (lb_auto.h's probes_per_depth), veto or
 * not. On ta024 (2 threads) the prior kept depths 1-6 on: 5.3 CPU seconds of LB2 in 111 for
 * 0.7 % fewer nodes, 1.06x LB1's time (1.14-1.34x in 3 pairs on 16 cores; 1.12x on 8 of
 * them, LB1 on the other 8); by its probes, at this weight, depth 6's cuts save 0.80 of its
 * refinements' cost and depth 7's 0.34, where the depths on of r20x20_2020006 and
 * r20x20_2020032 (LB2 pays there on the CPU) are at 4.1-244
 * (results/lb-auto/gain/session25/probe_pays.txt). */
#define FSBB_CPU_LB_AUTO_PROBE_WEIGHT 1.5
/* Merges a second, all threads together: each thread merges every `running` (those that run
 * at once) / this seconds. */
#define FSBB_CPU_LB_AUTO_MERGES_PER_S 2000.0

/* A thread's counts since its last merge. */
typedef struct fsbb_cpu_lb_auto_counts {
    fsbb_lb_auto_depth depth[FSBB_LB_AUTO_DEPTHS];  /* lb2_cost in seconds */
    double lb1_seconds, lb1_candidates;             /* the timed nodes' LB1 work */
    unsigned survivors_seen, nodes_seen;            /* the sample's and the timing's clocks */
    double merged_at;                               /* fsbb_now() at the thread's last merge */
    double started_at, last_read_at;                /* fsbb_now() at the thread's start, and its latest reading */
    double sampled_seconds;                         /* its sampled refinements' time, all told */
    int sampling;                                   /* whether the refinement fsbb_cpu_lb_auto_refines let
                                                       last is a sampled one */
} fsbb_cpu_lb_auto_counts;

/* The engine's sums and the switches the rule set. What every thread reads without the lock
 * (the masks, for every survivor, written only when a sample changes; the merges' period) has
 * cache lines of their own, away from the lock and the sums a merge writes. */
typedef struct fsbb_cpu_lb_auto {
    _Alignas(64) atomic_uint mask[FSBB_LB_AUTO_DEPTHS]; /* a survivor is refined when its clock & mask is 0 */
    double merge_every_s;                           /* a thread's time between two merges */
    unsigned explore;                               /* a thread refines 1 in this many at a depth not
                                                       decided yet (FSBB_CPU_LB_AUTO_EXPLORE x threads) */
    _Alignas(64) int jobs, buckets;
    pthread_mutex_t lock;                           /* guards the sums */
    fsbb_lb_auto_depth depth[FSBB_LB_AUTO_DEPTHS];
    double lb1_seconds, lb1_candidates;
    int refine[FSBB_LB_AUTO_DEPTHS];                /* the rule's switches (under lock) */
    int whole[FSBB_LB_AUTO_DEPTHS];                 /* refined in full until decided: too small to sample */
    atomic_int refining;                            /* buckets on */
    atomic_uint_least64_t refined, survivors;       /* totals, for the result and the progress line */
} fsbb_cpu_lb_auto;

/* Every bucket sampled (or refined in full where too small to sample) until decided; for a
 * search of which `running` threads run at once (its threads, at most one a core). */
void fsbb_cpu_lb_auto_init(fsbb_cpu_lb_auto *a, int jobs, int running);
void fsbb_cpu_lb_auto_clear(fsbb_cpu_lb_auto *a);

/* A thread's clocks, from its start at `now` (fsbb_now()). */
static inline void fsbb_cpu_lb_auto_start(fsbb_cpu_lb_auto_counts *c, double now)
{
    c->started_at = c->last_read_at = now;
}

/* Whether a survivor of LB1 at child depth bucket b is refined with LB2 (counts it): every
 * one at a depth refined in full (mask 0), the sample elsewhere while the thread's sampled
 * refinements stay within FSBB_CPU_LB_AUTO_SAMPLED_SHARE of its time. */
static inline int fsbb_cpu_lb_auto_refines(const fsbb_cpu_lb_auto *a, fsbb_cpu_lb_auto_counts *c, int b)
{
    c->depth[b].survivors++;
    const unsigned mask = atomic_load_explicit(&a->mask[b], memory_order_relaxed);
    if ((++c->survivors_seen & mask) != 0)
        return 0;
    c->sampling = mask != 0;
    return !c->sampling || c->sampled_seconds <= FSBB_CPU_LB_AUTO_SAMPLED_SHARE * (c->last_read_at - c->started_at);
}

/* Counts the refinement fsbb_cpu_lb_auto_refines let last, at depth bucket b, which took
 * `seconds` and ended at `now`, `cut` if LB2 cut the child LB1 kept. */
static inline void fsbb_cpu_lb_auto_refined(fsbb_cpu_lb_auto_counts *c, int b, int cut, double seconds, double now)
{
    fsbb_lb_auto_depth *d = &c->depth[b];
    d->refined++;
    d->pruned += cut;
    d->lb2_cost += seconds;
    if (c->sampling)
        c->sampled_seconds += seconds;
    c->last_read_at = now;
}

/* The time the node about to be branched starts at (fsbb_now()), where its LB1 work is timed;
 * 0 where not. */
static inline double fsbb_cpu_lb_auto_node_timer(fsbb_cpu_lb_auto_counts *c)
{
    if ((++c->nodes_seen & (FSBB_CPU_LB_AUTO_TIMED - 1)) != 0)
        return 0;
    c->last_read_at = fsbb_now();
    return c->last_read_at;
}

/* 1 in how many survivors a depth turned off refines, after the evidence d, where a survivor
 * left to LB1 costs `unscheduled` LB1 candidates of lb1_cost each (the same unit as
 * d->lb2_cost); FSBB_CPU_LB_AUTO_SAMPLE before a cost is measured. */
unsigned fsbb_cpu_lb_auto_off_sample(const fsbb_lb_auto_depth *d, int unscheduled, double lb1_cost);

/* Whether a thread whose clock reads now merges its counts. */
static inline int fsbb_cpu_lb_auto_merge_due(const fsbb_cpu_lb_auto *a, const fsbb_cpu_lb_auto_counts *c, double now)
{
    return now - c->merged_at >= a->merge_every_s;
}

/* Adds a thread's counts to the engine's, zeroes them, and runs the rule on the sums. */
void fsbb_cpu_lb_auto_merge(fsbb_cpu_lb_auto *a, fsbb_cpu_lb_auto_counts *c);

#endif
