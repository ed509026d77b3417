/* cpu_lb_auto.c — the CPU engine's --lb auto sums and switches (cpu_lb_auto.h). */
#include "cpu_lb_auto.h"

#include <string.h>

unsigned fsbb_cpu_lb_auto_off_sample(const fsbb_lb_auto_depth *d, int unscheduled, double lb1_cost)
{
    unsigned sample = FSBB_CPU_LB_AUTO_SAMPLE;
    if (d->refined <= 0 || lb1_cost <= 0)
        return sample;
    /* A refinement's cost over the LB1 work of the survivors a sample may take it from. */
    const double lb1_work = (unscheduled > 1 ? unscheduled : 1) * lb1_cost;
    const double wanted = d->lb2_cost / d->refined / (FSBB_CPU_LB_AUTO_SAMPLE_SHARE * lb1_work);
    while (sample < FSBB_CPU_LB_AUTO_SAMPLE_MAX && sample < wanted)
        sample *= 2;
    return sample;
}

/* The share of bucket b's survivors refined, 1 in this many, after the evidence d
 * (lb_auto.h's rule with this engine's samples and evidence), a survivor left to LB1 costing
 * `unscheduled` candidates of lb1_cost each. */
static int sample_of(const fsbb_cpu_lb_auto *a, const fsbb_lb_auto_depth *d, int b, int unscheduled, double lb1_cost)
{
    const int off_sample = (int)fsbb_cpu_lb_auto_off_sample(d, unscheduled, lb1_cost);
    return fsbb_lb_auto_sample(d, a->refine[b], a->whole[b], (int)a->explore, off_sample,
                               FSBB_CPU_LB_AUTO_MIN_SURVIVORS);
}

void fsbb_cpu_lb_auto_init(fsbb_cpu_lb_auto *a, int jobs, int running)
{
    memset(a->depth, 0, sizeof a->depth);
    a->jobs = jobs;
    a->merge_every_s = (running > 1 ? running : 1) / FSBB_CPU_LB_AUTO_MERGES_PER_S;
    a->buckets = fsbb_lb_auto_buckets(jobs);
    a->explore = FSBB_CPU_LB_AUTO_EXPLORE;
    while (a->explore < FSBB_CPU_LB_AUTO_EXPLORE * (unsigned)(running > 1 ? running : 1))
        a->explore *= 2;
    a->lb1_seconds = a->lb1_candidates = 0;
    pthread_mutex_init(&a->lock, NULL);
    int refining = 0;
    const fsbb_lb_auto_depth no_evidence = {0};
    for (int b = 0; b < FSBB_LB_AUTO_DEPTHS; b++) {
        /* Too small to sample at a thread's rate: refined in full until decided. */
        a->whole[b] = fsbb_lb_auto_whole(b, jobs, (int)a->explore, FSBB_CPU_LB_AUTO_MIN_SURVIVORS);
        a->refine[b] = a->whole[b];
        atomic_init(&a->mask[b], (unsigned)sample_of(a, &no_evidence, b, 0, 0) - 1u);
        refining += a->refine[b];
    }
    atomic_init(&a->refining, refining);
    atomic_init(&a->refined, 0);
    atomic_init(&a->survivors, 0);
}

void fsbb_cpu_lb_auto_clear(fsbb_cpu_lb_auto *a)
{
    pthread_mutex_destroy(&a->lock);
}

void fsbb_cpu_lb_auto_merge(fsbb_cpu_lb_auto *a, fsbb_cpu_lb_auto_counts *c)
{
    const int buckets = a->buckets, n = a->jobs;
    uint64_t refined = 0, survivors = 0;
    pthread_mutex_lock(&a->lock);
    for (int b = 0; b < buckets; b++) {
        fsbb_lb_auto_depth *sum = &a->depth[b];
        const fsbb_lb_auto_depth *add = &c->depth[b];
        sum->branched += add->branched;
        sum->survivors += add->survivors;
        sum->refined += add->refined;
        sum->pruned += add->pruned;
        sum->lb2_cost += add->lb2_cost;
        sum->probes += add->probes;
        sum->probe_children += add->probe_children;
        refined += (uint64_t)add->refined;
        survivors += (uint64_t)add->survivors;
    }
    a->lb1_seconds += c->lb1_seconds;
    a->lb1_candidates += c->lb1_candidates;
    int unscheduled[FSBB_LB_AUTO_DEPTHS];
    fsbb_lb_auto_unscheduled(n, unscheduled);
    const fsbb_lb_auto_input input = {
        .jobs = n, .depths = buckets, .unscheduled = unscheduled, .depth = a->depth,
        .lb1_cost = a->lb1_candidates > 0 ? a->lb1_seconds / a->lb1_candidates : 0, .gain = 0,
        .min_survivors = FSBB_CPU_LB_AUTO_MIN_SURVIVORS,
        .probe_veto_depths = FSBB_CPU_LB_AUTO_PROBE_VETO_DEPTHS, .probe_weight = FSBB_CPU_LB_AUTO_PROBE_WEIGHT,
        .probes_per_depth = 1};
    /* Without a timed node yet there is no cost to weigh against. */
    const int refining = input.lb1_cost > 0 ? fsbb_lb_auto_decide(&input, a->refine) : atomic_load(&a->refining);
    /* Stored only where changed: every thread reads the masks. */
    for (int b = 0; b < buckets; b++) {
        const unsigned mask = (unsigned)sample_of(a, &a->depth[b], b, unscheduled[b], input.lb1_cost) - 1u;
        if (atomic_load_explicit(&a->mask[b], memory_order_relaxed) != mask)
            atomic_store_explicit(&a->mask[b], mask, memory_order_relaxed);
    }
    atomic_store_explicit(&a->refining, refining, memory_order_relaxed);
    atomic_fetch_add_explicit(&a->refined, refined, memory_order_relaxed);
    atomic_fetch_add_explicit(&a->survivors, survivors, memory_order_relaxed);
    pthread_mutex_unlock(&a->lock);
    memset(c->depth, 0, sizeof c->depth);
    c->lb1_seconds = c->lb1_candidates = 0;
}
