/* probe_pays.c — reads a per-depth dump (depth_counts/*.txt, printed by depth-dump.diff's builds) and
 * prints, per depth, the prior's ratio of saving to cost (gain 0.5 x S_x, lb_auto.h) and the probes'
 * (lb_auto.h's recursion C_x, the depths below decided at the weight W, times W: a depth the probes
 * keep on measures 1 or more), both as the rule would see the final sums.
 *   cc -I../../../../bounds -I../../../../solver/core -o probe_pays probe_pays.c
 *   ./probe_pays depth_counts/ta024_798dfa0.txt 20 [W, default 1.5: the CPU engine's since 8070cea] */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "lb_auto.h"
int main(int argc, char **argv)
{
    FILE *f = fopen(argv[1], "r");
    int n = atoi(argv[2]);
    char line[512];
    fsbb_lb_auto_depth dep[FSBB_LB_AUTO_DEPTHS];
    memset(dep, 0, sizeof dep);
    int on[FSBB_LB_AUTO_DEPTHS] = {0};
    double lb1 = 0;
    while (fgets(line, sizeof line, f)) {
        int b, o;
        unsigned mask;
        double br, sv, rf, cut, lb2, pr, fx;
        if (sscanf(line, "lb1_cost %lf", &lb1) == 1) continue;
        if (sscanf(line, "d%d on %d mask %u br %lf surv %lf ref %lf cut %lf lb2 %lf s probes %lf f %lf", &b, &o, &mask, &br, &sv, &rf, &cut, &lb2, &pr, &fx) == 10) {
            dep[b] = (fsbb_lb_auto_depth){.branched = br, .survivors = sv, .refined = rf, .pruned = cut, .lb2_cost = lb2, .probes = pr, .probe_children = pr * fx};
            on[b] = o;
        }
    }
    int unsch[FSBB_LB_AUTO_DEPTHS];
    fsbb_lb_auto_unscheduled(n, unsch);
    fsbb_lb_auto_input in = {.jobs = n, .depths = fsbb_lb_auto_buckets(n), .unscheduled = unsch, .depth = dep, .lb1_cost = lb1, .min_survivors = 256};
    double sub[FSBB_LB_AUTO_DEPTHS], sav[FSBB_LB_AUTO_DEPTHS];
    fsbb_lb_auto_subtrees(&in, sub);
    double w = argc > 3 ? atof(argv[3]) : 1.5;
    fsbb_lb_auto_probed_savings(&in, on, sub, w, sav);
    for (int x = 0; x < in.depths; x++) {
        const fsbb_lb_auto_depth *d = &dep[x];
        if (d->refined < 1) continue;
        printf("d%2d on %d cut %.3f cost/ref %.2fus S %.1fus prior %.2f probeC %.1fus probe-pays(W=%.1f) %.2f\n", x, on[x],
               d->pruned / d->refined, d->lb2_cost / d->refined * 1e6, sub[x] * 1e6,
               d->pruned * 0.5 * sub[x] / d->lb2_cost, sav[x] * 1e6, w, d->probes >= 16 ? w * d->pruned * sav[x] / d->lb2_cost : -1);
    }
    return 0;
}
