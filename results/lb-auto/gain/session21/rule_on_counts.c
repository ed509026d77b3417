/* rule_on_counts.c — lb_auto.h's decision on the per-depth counts that gpu-resident-bench
 * depths=1 prints (session 21, call 12): for each depth the prior turns on, the prior's and
 * the probes' saving as a share of its cost (weight 4, the gain of the resident engine, no
 * shadows), and what fsbb_lb_auto_decide_noted makes of them.
 *     cc -O1 -I../../../../bounds -o rule_on_counts rule_on_counts.c
 *     awk '/^## /{split($3,a,"/"); name=$2"-"a[3]} /fed stages/{c=$3; sub(",","",c);
 *          print "B", name, $NF, c} /^ +[0-9]+ +[0-9]/' call12/call12.log | ./rule_on_counts
 * Input: a line "B NAME FED_SCALE LB1_CYCLES" before each table, then its rows.
 * Built with -DFSBB_TAIL_TRIM against the bounds/ of a copy of the checkout with
 * ../session22/tail-trim.diff applied (session 22; output in ../session22/tail_on_counts.txt),
 * it reads the shadows' counts as well (a shadow's saving, "saved/shadow", in LB1
 * candidates) and prints the depths measured off by shadows, the tail trimmed and the depths
 * left refining. Two differences from what the engine decides on the same counts: the
 * table's shadows are every root kept, done or not, where the engine counts only the roots
 * whose subtrees are done (resident_search_cuda.c, auto_done_shadows), so that here the
 * saving per shadow is lower and more depths are measured off; and the table's saving
 * leaves the fed-stage scale off its LB2 cycles, which the engine applies. */
#include "lb_auto.h"

#include <stdio.h>

enum { JOBS = 20 };

static void decide(const char *name, const fsbb_lb_auto_depth *depth, int depths, double lb1_cost)
{
    int unscheduled[FSBB_LB_AUTO_DEPTHS], on[FSBB_LB_AUTO_DEPTHS] = {0}, refine[FSBB_LB_AUTO_DEPTHS] = {0};
    double subtree[FSBB_LB_AUTO_DEPTHS], saving[FSBB_LB_AUTO_DEPTHS];
    fsbb_lb_auto_unscheduled(JOBS, unscheduled);
    const fsbb_lb_auto_input in = {.jobs = JOBS, .depths = depths, .unscheduled = unscheduled, .depth = depth,
                                   .lb1_cost = lb1_cost, .gain = 4.0, .probe_weight = 4.0};
    fsbb_lb_auto_subtrees(&in, subtree);
    for (int x = 0; x < depths; x++)
        if (fsbb_lb_auto_has_evidence(&depth[x], 0))
            on[x] = depth[x].pruned / depth[x].refined * in.gain * subtree[x] >= depth[x].lb2_cost / depth[x].refined;
    fsbb_lb_auto_probed_savings(&in, on, subtree, in.probe_weight, saving);
    printf("%s:", name);
    for (int x = 0; x < depths; x++)
        if (on[x])
            printf(" depth %d prior %.2f probes %.2f", x, depth[x].pruned * in.gain * subtree[x] / depth[x].lb2_cost,
                   fsbb_lb_auto_has_probes(&in, &depth[x])
                       ? depth[x].pruned * in.probe_weight * saving[x] / depth[x].lb2_cost
                       : -1);
    fsbb_lb_auto_outcome outcome;
    fsbb_lb_auto_decide_noted(&in, refine, &outcome);
#ifdef FSBB_TAIL_TRIM
    printf(" | prior on %d, off by shadows %d, by probes %d, veto %d, tail %d; refining:", outcome.prior_on,
           outcome.off_by_shadows, outcome.off_by_probes, outcome.vetoed, outcome.trimmed);
    for (int x = 0; x < depths; x++)
        if (refine[x])
            printf(" %d", x);
    printf("\n");
#else
    printf(" | prior on %d, off by probes %d, veto %d\n", outcome.prior_on, outcome.off_by_probes, outcome.vetoed);
#endif
}

int main(void)
{
    char line[1024], name[256] = "";
    double scale = 1, lb1_cost = 1;
    fsbb_lb_auto_depth depth[FSBB_LB_AUTO_DEPTHS];
    int depths = 0;
    while (fgets(line, sizeof line, stdin)) {
        double v[14];
        if (line[0] == 'B') {
            if (depths > 0)
                decide(name, depth, depths, lb1_cost);
            depths = 0;
            if (sscanf(line, "B %255s %lf %lf", name, &scale, &lb1_cost) != 3)
                return 1;
        } else if (sscanf(line, "%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3],
                          &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10], &v[11], &v[12], &v[13]) == 14 &&
                   v[0] >= 0 && v[0] < FSBB_LB_AUTO_DEPTHS) {
            const int x = (int)v[0];
            depth[x] = (fsbb_lb_auto_depth){.branched = v[1], .survivors = v[2], .refined = v[3], .pruned = v[4],
                                            .lb2_cost = v[6] * v[3] * scale, .probes = v[12],
                                            .probe_children = v[12] * v[13]};
#ifdef FSBB_TAIL_TRIM
            depth[x].shadows = v[9];
            depth[x].shadow_cost = v[9] * v[10] * lb1_cost;
#endif
            depths = x + 1 > depths ? x + 1 : depths;
        }
    }
    if (depths > 0)
        decide(name, depth, depths, lb1_cost);
    return 0;
}
