/* lb_auto.h — the rule behind --lb auto: where to refine LB1's surviving children with LB2,
 * decided per depth from what the running search measured, not from the instance's name or
 * size. Plain C, for every engine: the resident GPU engine applies it between iterations
 * (resident_search_cuda.c), the CPU engine on its threads' merged counts (cpu_lb_auto.c).
 *
 * Per depth x (a child's scheduled jobs; buckets when n > 63) the engine counts:
 *   branched   nodes branched at depth x,
 *   survivors  children at depth x whose LB1 stays below the incumbent,
 *   refined    of those, the ones LB2 refined, and pruned, the ones LB2 then cut,
 *   lb2_cost   the time those refinements took,
 * and, over the whole search, lb1_cost, the time of one LB1 candidate (both directions
 * of one job of one parent), in the same unit as lb2_cost (GPU: warp-cycles).
 *
 * A child at depth x that LB2 cuts is a node less at depth x, and with it its subtree: the
 * work spent per depth-x node at depths >= x,
 *     S_x = sum_{y >= x} [branched_y (n - y) lb1_cost + lb2_cost_{y+1}] / branched_x
 * (its own LB1 candidates, and the LB2 refinements its children get, down the tree), as
 * measured under the rule in force. Refining at x pays when the expected saving exceeds the
 * refinement's own cost:
 *     (pruned_x / refined_x) * gain * S_x  >=  lb2_cost_x / refined_x
 * gain < 1 discounts the subtree: the children LB2 cuts sit close to the incumbent and have
 * smaller subtrees than the average node (default FSBB_LB_AUTO_GAIN, the CPU engine's); an
 * engine may weigh it otherwise (the resident GPU engine above 1: one depth at a time, the
 * rule misses that LB2 at neighbouring depths pays together, resident_search_cuda.c). Where no node of
 * depth x was branched (LB2 cut every survivor there), S_x is taken as the node's own LB1
 * candidates, (n - x) lb1_cost. A depth keeps its setting until it has
 * FSBB_LB_AUTO_MIN_REFINED refinements and FSBB_LB_AUTO_MIN_SURVIVORS (or the engine's
 * min_survivors) survivors behind it;
 * the engine keeps refining a sample of the survivors at depths turned off, so that
 * pruned/refined stays current there.
 *
 * gain x S_x is a prior, and a poor one: the children LB2 cuts have subtrees 10-1000x
 * smaller than gain x S_x on some instances and not on others (results/lb-auto/gain/). An
 * engine may measure what a cut saves: it keeps a fixed share of the children LB2 cuts at
 * every depth as shadows (they never improve the incumbent, LB2 having proved them no
 * better), explores them under the rule in force, and counts shadows, the shadow roots at
 * depth x whose subtrees are done, and shadow_cost, the work below them. That is what one
 * more cut saves with the other depths as they are; where LB2 pays at several depths
 * together, each one's share of it is smaller than what they save together, so that a rule
 * weighing each depth on its measured saving turns them off one after the other. The
 * measurement is used as a veto instead (fsbb_lb_auto_decide): where every depth that the
 * prior turns on is measured not to pay (fsbb_lb_auto_measured_off: FSBB_LB_AUTO_MIN_SHADOWS
 * shadows, and its cuts, weighted by shadow_weight, save less than its refinements cost),
 * every decided depth is off; elsewhere the prior decides. Where at least one depth is so
 * measured off, the depths the prior turns on that lack their shadows (whatever their probes
 * say) do not stand in the veto's way while their refinements together cost
 * FSBB_LB_AUTO_UNSHADOWED_SHARE or less of the refinements at all the depths it turns on (a
 * shallow depth, whose cuts are few, gathers its shadows late); a depth measured to pay by
 * its shadows does.
 *
 * A shadow's subtree is done late where the search is depth first: a shallow depth, whose
 * cuts are few, may gather its shadows only at the end of a short search, and until then
 * keeps every depth on. An engine may probe instead: on some of the children LB2 cuts it
 * counts at once their own LB1 survivors (probes, probe_children: the cut child's first
 * generation, f_x on average). The work below a cut child at depth x is then taken as
 *     C_x = (n - x) lb1_cost + f_x (r_{x+1} + (1 - p_{x+1}) C_{x+1}),
 * its own LB1 candidates and, per survivor of its own, the same one level down (the
 * survivors taken as cut children themselves), r_y and p_y being a refinement's cost and
 * cut rate at depth y where y's survivors are refined, 0 where they are not. Whether they
 * are is the probes' own answer at y, the depths weighed from the deepest up
 * (fsbb_lb_auto_probed_savings); a depth with too few probes takes the prior's S_y and
 * setting. C_x stands for the shadows' measured saving at a depth with
 * FSBB_LB_AUTO_MIN_PROBES probes and fewer than FSBB_LB_AUTO_MIN_SHADOWS shadows (where a
 * bucket is one depth: n < FSBB_LB_AUTO_DEPTHS), and the
 * veto may then fire on probes where FSBB_LB_AUTO_PROBE_VETO_DEPTHS depths or more are
 * measured off, or the engine's probe_veto_depths (the CPU engine, whose refinements cost
 * hundreds of LB1 candidates, so that its prior turns on a few shallow depths only, asks for
 * one). An engine may also switch off, by itself, each depth the prior turns on and its
 * probes measure off (probes_per_depth: the CPU engine, with a probe weight of 1.5), veto or
 * not. The recursion weighs a depth with those below it refined where their own probes say
 * they pay; the rule refines them only where the prior turns them on as well and no veto
 * fires. Offline (results/lb-auto/gap-model/), on the LB1 tree of a 30x15 instance whose cuts
 * save little, the recursion matched the actual work below LB2's cuts within 4 % at depths
 * 4-28; on the first 150 M nodes of a 20x20 tree where LB2 pays it overstated it 1.25x at
 * depth 9 and 4.3x at depth 5. */
#ifndef FSBB_LB_AUTO_H
#define FSBB_LB_AUTO_H

#include "host_device.h"

/* The most depth buckets the rule takes. */
#define FSBB_LB_AUTO_DEPTHS 64
/* The depth bucket of a node with `depth` scheduled jobs (0..n) of n: one bucket per depth
 * below FSBB_LB_AUTO_DEPTHS jobs, coarser above. */
FSBB_HOST_DEVICE int fsbb_lb_auto_bucket(int depth, int n)
{
    return n < FSBB_LB_AUTO_DEPTHS ? depth : (int)((long long)depth * FSBB_LB_AUTO_DEPTHS / (n + 1));
}

/* The buckets a search of n jobs uses. */
FSBB_HOST_DEVICE int fsbb_lb_auto_buckets(int n)
{
    return n < FSBB_LB_AUTO_DEPTHS ? n + 1 : FSBB_LB_AUTO_DEPTHS;
}

/* Discount of the subtree a cut child would have had. */
#define FSBB_LB_AUTO_GAIN 0.5
/* Evidence a depth needs before its setting changes. */
#define FSBB_LB_AUTO_MIN_REFINED 64.0
#define FSBB_LB_AUTO_MIN_SURVIVORS 1024.0
/* Shadow roots a depth needs before its measured saving counts, and its weight (of 1, 1.5
 * and 2 the best in sum in the resident GPU engine: results/lb-auto/gain/, "The veto"). */
#define FSBB_LB_AUTO_MIN_SHADOWS 64.0
#define FSBB_LB_AUTO_SHADOW_WEIGHT 1.5
/* The share of the refinements' cost, summed over the depths the prior turns on, that those
 * of them without shadows enough may carry and not stand in the veto's way (H100: ta021's
 * depth 6, about 1 % of that cost, kept depths 7-10 on, all four measured off, in 12 of 52
 * searches, which took 1.26-1.43x LB1's time. Another rule, a veto wherever the depths
 * measured off carry 0.9 of the cost, depths measured to pay or not, lost the pair of
 * instances where LB2 pays in 2 of 16 searches. results/lb-auto/gain/, "Session 23"). */
#define FSBB_LB_AUTO_UNSHADOWED_SHARE 0.1
/* Probes a depth needs before its first generation counts; the weight of the saving they
 * measure (an LB1 tree's, which leaves out that LB2 at several depths together saves more
 * than each alone: of 1.5, 4 and 6, 4 kept the pair of instances where LB2 pays in their
 * fast mode in the resident GPU engine); and the depths that must be measured off before a
 * veto may rest on probes (a veto of one depth is a per-depth decision, which loses that pair;
 * over 8 rounds of 35 instances, 4 left 3 searches of 1 ms or more with a median above 1.1x
 * the better bound, 2 left 7). results/lb-auto/gain/, "Session 20". */
#define FSBB_LB_AUTO_MIN_PROBES 16.0
#define FSBB_LB_AUTO_PROBE_WEIGHT 4.0
#define FSBB_LB_AUTO_PROBE_VETO_DEPTHS 4

typedef struct fsbb_lb_auto_depth {
    double branched, survivors, refined, pruned;
    double lb2_cost;          /* summed over the refined children */
    double shadows;           /* cut children kept as shadows whose subtrees are done (0: not measured) */
    double shadow_cost;       /* the work below them, lb2_cost's unit */
    double probes;            /* cut children probed (0: not measured) */
    double probe_children;    /* their LB1 survivors, summed */
} fsbb_lb_auto_depth;

/* Whether depth d has the evidence its setting may change on. */
static inline int fsbb_lb_auto_has_evidence(const fsbb_lb_auto_depth *d, double min_survivors)
{
    return d->refined >= FSBB_LB_AUTO_MIN_REFINED &&
           d->survivors >= (min_survivors > 0 ? min_survivors : FSBB_LB_AUTO_MIN_SURVIVORS);
}

/* The most children a search of n jobs can have in depth bucket b, capped at cap: at depth
 * x >= 1, x of the n jobs in order, split between the front and the back in at most x + 1
 * ways (the root, depth 0, is no one's child). */
static inline double fsbb_lb_auto_bucket_capacity(int b, int n, double cap)
{
    double total = 0, ordered = n; /* n! / (n - x)! */
    for (int x = 1; x <= n && total < cap; x++) {
        if (fsbb_lb_auto_bucket(x, n) == b)
            total += ordered * (x + 1);
        else if (fsbb_lb_auto_bucket(x, n) > b)
            break;
        ordered *= n - x;
        if (ordered > cap)
            ordered = cap;
    }
    return total < cap ? total : cap;
}

/* The jobs left unscheduled at each depth bucket of a search of n jobs (FSBB_LB_AUTO_DEPTHS
 * values; the average over the bucket's depths, 0 for buckets it does not use). */
static inline void fsbb_lb_auto_unscheduled(int n, int *unscheduled)
{
    int counted[FSBB_LB_AUTO_DEPTHS] = {0};
    for (int b = 0; b < FSBB_LB_AUTO_DEPTHS; b++)
        unscheduled[b] = 0;
    for (int x = 0; x <= n; x++) {
        const int b = fsbb_lb_auto_bucket(x, n);
        unscheduled[b] += n - x;
        counted[b]++;
    }
    for (int b = 0; b < FSBB_LB_AUTO_DEPTHS; b++)
        unscheduled[b] = counted[b] ? unscheduled[b] / counted[b] : 0;
}

/* Sampling for an engine that refines 1 in `sample` LB1 survivors of a depth bucket: a
 * depth not decided yet refines 1 in explore_sample (its evidence, MIN_REFINED refinements
 * among min_survivors survivors, is in with its min_survivors-th survivor when explore_sample
 * is min_survivors / MIN_REFINED), unless it is too small to sample: a bucket that cannot
 * hold min_survivors x explore_sample children (the shallowest, where a cut saves the most)
 * refines every one, a bounded cost. A decided depth refines every survivor where it is
 * switched on, 1 in off_sample where off, so that its cut rate stays current. min_survivors:
 * the engine's evidence (0: FSBB_LB_AUTO_MIN_SURVIVORS). */
static inline int fsbb_lb_auto_whole(int b, int n, int explore_sample, double min_survivors)
{
    const double small = (min_survivors > 0 ? min_survivors : FSBB_LB_AUTO_MIN_SURVIVORS) * explore_sample;
    const double capacity = fsbb_lb_auto_bucket_capacity(b, n, small);
    return b < fsbb_lb_auto_buckets(n) && capacity > 0 && capacity < small;
}

static inline int fsbb_lb_auto_sample(const fsbb_lb_auto_depth *d, int refine, int whole, int explore_sample,
                                      int off_sample, double min_survivors)
{
    if (fsbb_lb_auto_has_evidence(d, min_survivors))
        return refine ? 1 : off_sample;
    return whole ? 1 : explore_sample;
}

typedef struct fsbb_lb_auto_input {
    int jobs;                 /* n */
    int depths;               /* buckets in depth[] (at most FSBB_LB_AUTO_DEPTHS) */
    const int *unscheduled;   /* per bucket: jobs left unscheduled at its depth (n - depth) */
    const fsbb_lb_auto_depth *depth;
    double lb1_cost;          /* per LB1 candidate */
    double gain;              /* 0: FSBB_LB_AUTO_GAIN */
    double shadow_weight;     /* the measured saving's weight (0: FSBB_LB_AUTO_SHADOW_WEIGHT) */
    double probe_weight;      /* the probed saving's weight (0: FSBB_LB_AUTO_PROBE_WEIGHT) */
    int probe_veto_depths;    /* depths measured off a veto resting on probes needs (0:
                                 FSBB_LB_AUTO_PROBE_VETO_DEPTHS) */
    int probes_per_depth;     /* 1: a depth measured off by its probes is off by itself, veto or not */
    double min_survivors;     /* evidence a depth needs: 0: FSBB_LB_AUTO_MIN_SURVIVORS (an engine whose
                                 refinements cost hundreds of LB1 candidates asks for fewer) */
} fsbb_lb_auto_input;

/* subtree[x] = S_x above for each bucket, in lb1_cost's unit. */
static inline void fsbb_lb_auto_subtrees(const fsbb_lb_auto_input *in, double *subtree)
{
    const int depths = in->depths < FSBB_LB_AUTO_DEPTHS ? in->depths : FSBB_LB_AUTO_DEPTHS;
    double below = 0; /* work at depths >= x */
    for (int x = depths - 1; x >= 0; x--) {
        const fsbb_lb_auto_depth *d = &in->depth[x];
        const double refine_children = x + 1 < depths ? in->depth[x + 1].lb2_cost : 0;
        below += d->branched * in->unscheduled[x] * in->lb1_cost + refine_children;
        subtree[x] = d->branched > 0 ? below / d->branched : in->unscheduled[x] * in->lb1_cost;
    }
}

/* Whether probes count in a search of n jobs: one bucket per depth (n < FSBB_LB_AUTO_DEPTHS:
 * with coarser buckets a cut child's survivors mostly stay in its own bucket, and the
 * recursion, one bucket a level, would not hold). */
static inline int fsbb_lb_auto_uses_probes(int n)
{
    return n < FSBB_LB_AUTO_DEPTHS;
}

/* Whether depth d's probes count: FSBB_LB_AUTO_MIN_PROBES of them, in a search that uses them. */
static inline int fsbb_lb_auto_has_probes(const fsbb_lb_auto_input *in, const fsbb_lb_auto_depth *d)
{
    return fsbb_lb_auto_uses_probes(in->jobs) && d->probes >= FSBB_LB_AUTO_MIN_PROBES;
}

/* C_x above for each bucket (lb2_cost's unit), from the deepest bucket up. Whether the
 * survivors one level down are refined (r and p counted) is that level's probes' own answer
 * where it has probes that count (its cuts, weighted by weight, save at least its
 * refinements' cost: the levels below decided first, as in a dynamic program, so that a
 * depth is weighed with the depths below it refining where they pay, not as the prior has
 * them at the moment; the shadows, too late for this, are not asked), the prior's on[]
 * where it has none; subtree[] is fsbb_lb_auto_subtrees', and stands for C_x there. */
static inline void fsbb_lb_auto_probed_savings(const fsbb_lb_auto_input *in, const int *on, const double *subtree,
                                               double weight, double *saving)
{
    const int depths = in->depths < FSBB_LB_AUTO_DEPTHS ? in->depths : FSBB_LB_AUTO_DEPTHS;
    double below = 0;    /* C_{x+1} */
    int below_on = 0;    /* whether the survivors at x + 1 are refined */
    for (int x = depths - 1; x >= 0; x--) {
        const fsbb_lb_auto_depth *d = &in->depth[x];
        double child = below;
        if (below_on) {
            const fsbb_lb_auto_depth *next = &in->depth[x + 1];
            child = next->lb2_cost / next->refined + (1 - next->pruned / next->refined) * below;
        }
        const int has_probes = fsbb_lb_auto_has_probes(in, d);
        saving[x] = has_probes ? in->unscheduled[x] * in->lb1_cost + d->probe_children / d->probes * child
                               : subtree[x];
        below = saving[x];
        below_on = d->refined > 0 && (has_probes ? d->pruned * weight * saving[x] >= d->lb2_cost : on[x] != 0);
    }
}

/* Whether depth d is measured not to pay: its cut rate times the measured saving of a cut,
 * times a weight, stays below the cost of a refinement; the saving is its shadows' (weight
 * shadow_weight) where it has FSBB_LB_AUTO_MIN_SHADOWS of them, else probed_saving (C_x,
 * fsbb_lb_auto_probed_savings; weight probe_weight) where its probes count (negative: they
 * do not), else not measured. */
static inline int fsbb_lb_auto_measured_off(const fsbb_lb_auto_depth *d, double probed_saving, double shadow_weight,
                                            double probe_weight)
{
    if (d->shadows >= FSBB_LB_AUTO_MIN_SHADOWS)
        return d->pruned * shadow_weight * d->shadow_cost / d->shadows < d->lb2_cost;
    return probed_saving >= 0 && d->pruned * probe_weight * probed_saving < d->lb2_cost;
}

/* What a decision saw, for a tracer: the decided depths the prior turned on, those of them
 * measured off by their shadows and by their probes, and whether the veto fired. */
typedef struct fsbb_lb_auto_outcome {
    int prior_on, off_by_shadows, off_by_probes, vetoed;
} fsbb_lb_auto_outcome;

/* Updates refine[x] (1: refine the survivors at depth bucket x, 0: only a sample) for each
 * bucket with enough evidence; returns how many buckets refine afterwards; outcome (NULL:
 * not wanted) gets what the decision saw. */
static inline int fsbb_lb_auto_decide_noted(const fsbb_lb_auto_input *in, int *refine, fsbb_lb_auto_outcome *outcome)
{
    const int depths = in->depths < FSBB_LB_AUTO_DEPTHS ? in->depths : FSBB_LB_AUTO_DEPTHS;
    const double gain = in->gain > 0 ? in->gain : FSBB_LB_AUTO_GAIN;
    const double weight = in->shadow_weight > 0 ? in->shadow_weight : FSBB_LB_AUTO_SHADOW_WEIGHT;
    const double probe_weight = in->probe_weight > 0 ? in->probe_weight : FSBB_LB_AUTO_PROBE_WEIGHT;
    const double min_survivors = in->min_survivors > 0 ? in->min_survivors : FSBB_LB_AUTO_MIN_SURVIVORS;
    const int probe_veto_depths = in->probe_veto_depths > 0 ? in->probe_veto_depths : FSBB_LB_AUTO_PROBE_VETO_DEPTHS;
    double subtree[FSBB_LB_AUTO_DEPTHS], probed_saving[FSBB_LB_AUTO_DEPTHS];
    fsbb_lb_auto_subtrees(in, subtree);
    /* The prior's settings; the veto where every decided depth they turn on is measured off,
     * but for those without shadows enough at a small share of the cost. */
    int on[FSBB_LB_AUTO_DEPTHS] = {0}, prior_on = 0, measured_off = 0, unshadowed = 0;
    double cost_on = 0, cost_unshadowed = 0; /* the refinements' cost at those depths, and at those of them
                                                neither measured off nor with shadows enough */
    for (int x = 0; x < depths; x++) {
        const fsbb_lb_auto_depth *d = &in->depth[x];
        if (fsbb_lb_auto_has_evidence(d, min_survivors))
            on[x] = d->pruned / d->refined * gain * subtree[x] >= d->lb2_cost / d->refined;
    }
    fsbb_lb_auto_probed_savings(in, on, subtree, probe_weight, probed_saving);
    int by_probes = 0, off_by_probes[FSBB_LB_AUTO_DEPTHS] = {0};
    for (int x = 0; x < depths; x++) {
        const fsbb_lb_auto_depth *d = &in->depth[x];
        const double saving = fsbb_lb_auto_has_probes(in, d) ? probed_saving[x] : -1;
        const int off = on[x] && fsbb_lb_auto_measured_off(d, saving, weight, probe_weight);
        const int without_shadows = on[x] && !off && d->shadows < FSBB_LB_AUTO_MIN_SHADOWS;
        prior_on += on[x];
        measured_off += off;
        unshadowed += without_shadows;
        cost_on += on[x] ? d->lb2_cost : 0;
        cost_unshadowed += without_shadows ? d->lb2_cost : 0;
        off_by_probes[x] = off && d->shadows < FSBB_LB_AUTO_MIN_SHADOWS;
        by_probes += off_by_probes[x];
    }
    const int veto = measured_off > 0 && measured_off + unshadowed == prior_on &&
                     cost_unshadowed <= FSBB_LB_AUTO_UNSHADOWED_SHARE * cost_on &&
                     (by_probes == 0 || measured_off >= probe_veto_depths);
    if (outcome)
        *outcome = (fsbb_lb_auto_outcome){.prior_on = prior_on, .off_by_shadows = measured_off - by_probes,
                                          .off_by_probes = by_probes, .vetoed = veto};
    int refining = 0;
    for (int x = 0; x < depths; x++) {
        if (fsbb_lb_auto_has_evidence(&in->depth[x], min_survivors))
            refine[x] = on[x] && !veto && !(in->probes_per_depth && off_by_probes[x]);
        refining += refine[x] != 0;
    }
    return refining;
}

static inline int fsbb_lb_auto_decide(const fsbb_lb_auto_input *in, int *refine)
{
    return fsbb_lb_auto_decide_noted(in, refine, 0);
}

/* For an engine whose refining path costs more than its plain LB1 path even where it
 * refines nothing (the resident GPU engine's refining kernel: its counting, its sample and
 * its larger shared memory), overhead being that extra as a share of the work: whether the
 * depths refine[] switches on saved more in the stretch of search `recent` counts (per
 * bucket, as depth[] but over that stretch alone) than they and that overhead cost:
 *     sum_{x on} [pruned_x gain S_x - lb2_cost_x]  >=  overhead * W,
 * W being the stretch's work, sum_y branched_y (n - y) lb1_cost + lb2_cost_y, and S_x from
 * the whole search (in). */
static inline int fsbb_lb_auto_refining_pays(const fsbb_lb_auto_input *in, const fsbb_lb_auto_depth *recent,
                                             const int *refine, double overhead)
{
    const int depths = in->depths < FSBB_LB_AUTO_DEPTHS ? in->depths : FSBB_LB_AUTO_DEPTHS;
    const double gain = in->gain > 0 ? in->gain : FSBB_LB_AUTO_GAIN;
    double subtree[FSBB_LB_AUTO_DEPTHS];
    fsbb_lb_auto_subtrees(in, subtree);
    double net_saving = 0, work = 0;
    for (int x = 0; x < depths; x++) {
        const fsbb_lb_auto_depth *r = &recent[x];
        work += r->branched * in->unscheduled[x] * in->lb1_cost + r->lb2_cost;
        if (refine[x])
            net_saving += r->pruned * gain * subtree[x] - r->lb2_cost;
    }
    return net_saving >= overhead * work;
}

#endif
