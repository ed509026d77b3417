/* gap_model.c — an offline test of a model for --lb auto: what a node's subtree costs,
 * predicted from one-level counts by (depth, gap) class, gap being the incumbent less the
 * node's LB1.
 *
 * It explores the LB1 tree of an instance depth first with the upper bound fixed (the tree
 * is then the one every engine explores, in any order), up to a node limit, and counts:
 *   branched[d][g]      nodes of class (d, g) branched,
 *   moves[d][g][h]      their LB1 survivors, by the child's class (d + 1, h),
 *   refined, pruned     per child class: LB2 computed on 1 in `sample` survivors, and cut,
 *   subtree sums        the actual work below every node, and below every child LB2 cuts.
 * The model: a class-(d, g) node's subtree costs
 *     E[d][g] = own(d) + sum_h moves[d][g][h] / branched[d][g] * E[d + 1][h],
 * and under a policy refining class (d, h) with LB2 (cost c2 a refinement, in LB1
 * candidates), each child there costs c2 and survives with 1 - cut(d, h). The per-class
 * optimum is the bottom-up rule "refine where cut(d, h) * V[d][h] > c2".
 *
 * Prints, per depth: nodes branched; the prior's mean subtree S_d (lb_auto.h); the actual
 * mean work below the children LB2 cuts; what the class means and the model predict for
 * them; LB2's cut rate; the model over the actual; the cut children's own LB1 survivors on
 * average (first generation, lb_auto.h's f_x) and the one-level recursion built on it
 * (lb_auto.h's C_x with no depth refined). Then the first generation with both directions
 * and forward only; the predicted totals of LB1 alone, LB2 everywhere, the per-class optimum
 * and the best per-depth policy; and the depths where cut rate x recursion x 1.5 reaches c2.
 * Work is in LB1 candidates of one direction each (lb_auto.h counts both directions of a
 * job as one: halve these to compare).
 *
 * Build (from the checkout, after make CUDA=0):
 *   cc -O2 -std=c11 -D_GNU_SOURCE -Ibounds -Ipool -Isolver -Isolver/core \
 *      results/lb-auto/gap-model/gap_model.c build/libflowshopbb-internal.a -lm -pthread -o /tmp/gap_model
 * Run: gap_model INSTANCE UB C2 [SAMPLE [NODE_LIMIT]] */
#include "flowshopbb.h"
#include "bound_data.h"
#include "child_order.h"
#include "lb1.h"
#include "lb1_batch.h"
#include "lb2.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_JOBS = 64, MAX_MACHINES = 32, GAPS = 16 };

/* Half-octave classes of a gap >= 1: 1, 2, 3, 4-5, 6-7, 8-11, ... 192-255, 256 and more. */
static int gap_class(int gap)
{
    if (gap < 4)
        return gap - 1;
    int octave = 31 - __builtin_clz((unsigned)gap);
    const int c = 3 + 2 * (octave - 2) + ((gap >> (octave - 1)) & 1);
    return c < GAPS ? c : GAPS - 1;
}

typedef struct counts {
    double branched[MAX_JOBS + 1][GAPS];
    double moves[MAX_JOBS + 1][GAPS][GAPS];
    double refined[MAX_JOBS + 1][GAPS], pruned[MAX_JOBS + 1][GAPS];
    double subtree[MAX_JOBS + 1][GAPS];          /* summed actual work below branched nodes */
    double cut_subtree[MAX_JOBS + 1][GAPS];      /* summed actual work below cut children */
    double cut_children[MAX_JOBS + 1];           /* summed LB1 survivors of cut children, by their depth */
    double cut_forward[MAX_JOBS + 1];            /* the same, forward children only */
} counts;

typedef struct explorer {
    const fsbb_bound_data *d;
    int ub, sample;
    unsigned long long seen, limit, hash;
    counts *c;
} explorer;

/* Work of a node's own bounds, in LB1 candidates: both directions of every unscheduled job. */
static double own_work(int n, int depth)
{
    const int u = n - depth;
    return u > 1 ? 2.0 * u : 1.0;
}

static double explore(explorer *x, fsbb_job *perm, int fl, int bl, const int *front, const int *back, int lb,
                      int was_cut)
{
    const fsbb_bound_data *d = x->d;
    const int n = d->n, m = d->m, depth = fl + bl, lo = fl, hi = n - bl, u = hi - lo, g = gap_class(x->ub - lb);
    counts *c = x->c;
    c->branched[depth][g]++;
    x->seen++;
    double work = own_work(n, depth);
    if (u == 1 || x->seen >= x->limit) {
        c->subtree[depth][g] += work;
        return work;
    }
    int times[MAX_MACHINES * MAX_JOBS], remain[MAX_MACHINES], t[MAX_JOBS + 4], last[MAX_JOBS + 4];
    int child_back_batch[MAX_MACHINES * (MAX_JOBS + 4)];
    int lbf[MAX_JOBS + 4], lbb[MAX_JOBS + 4], lb_forward[MAX_JOBS], lb_backward[MAX_JOBS];
    fsbb_gather_unscheduled(d, perm, lo, u, times, remain);
    fsbb_lb1_forward_children(d, front, back, remain, times, u, t, last, lbf);
    fsbb_lb1_backward_children(d, front, back, remain, times, u, child_back_batch, last, lbb);
    for (int i = 0; i < u; i++) {
        lb_forward[lo + i] = lbf[i];
        lb_backward[lo + i] = lbb[i];
    }
    const int forward = fsbb_choose_forward(FSBB_BRANCH_DYNAMIC, lb_forward, lb_backward, lo, hi, x->ub);
    const int *child_lb = forward ? lb_forward : lb_backward;
    if (was_cut)
        for (int i = lo; i < hi; i++) {
            c->cut_children[depth] += child_lb[i] < x->ub;
            c->cut_forward[depth] += lb_forward[i] < x->ub;
        }
    unsigned char unscheduled[MAX_JOBS] = {0};
    for (int i = lo; i < hi; i++)
        unscheduled[perm[i]] = 1;
    for (int i = lo; i < hi && x->seen < x->limit; i++) {
        if (child_lb[i] >= x->ub)
            continue;
        const int h = gap_class(x->ub - child_lb[i]);
        c->moves[depth][g][h]++;
        const int slot = forward ? lo : hi - 1;
        const fsbb_job job = perm[i];
        perm[i] = perm[slot];
        perm[slot] = job;
        int child_front[MAX_MACHINES], child_back[MAX_MACHINES];
        if (forward) {
            fsbb_front_append(d, job, front, child_front);
            memcpy(child_back, back, sizeof(int) * (size_t)m);
        } else {
            fsbb_back_prepend(d, job, back, child_back);
            memcpy(child_front, front, sizeof(int) * (size_t)m);
        }
        int cut = 0;
        x->hash = x->hash * 6364136223846793005ULL + 1442695040888963407ULL;
        const int sampled = (x->hash >> 33) % (unsigned)x->sample == 0;
        if (sampled && u > 1) {
            unscheduled[job] = 0;
            cut = fsbb_lb2(d, unscheduled, child_front, child_back, x->ub) >= x->ub;
            unscheduled[job] = 1;
            c->refined[depth + 1][h]++;
            c->pruned[depth + 1][h] += cut;
        }
        const double below = explore(x, perm, fl + forward, bl + !forward, child_front, child_back, child_lb[i], cut);
        if (cut)
            c->cut_subtree[depth + 1][h] += below;
        work += below;
        perm[slot] = perm[i];
        perm[i] = job;
    }
    c->subtree[depth][g] += work;
    return work;
}

/* V[d][g] under a policy: refine[d][h] nonzero refines children of class (d, h); with
 * optimise, the policy is chosen bottom up where refining pays and written to refine. */
static void values(const counts *c, int n, double c2, int (*refine)[GAPS], int optimise, double (*v)[GAPS])
{
    for (int d = n; d >= 0; d--)
        for (int g = 0; g < GAPS; g++) {
            double value = own_work(n, d);
            if (d < n && c->branched[d][g] > 0)
                for (int h = 0; h < GAPS; h++) {
                    const double rate = c->moves[d][g][h] / c->branched[d][g];
                    if (rate == 0)
                        continue;
                    const double cut = c->refined[d + 1][h] > 0 ? c->pruned[d + 1][h] / c->refined[d + 1][h] : 0;
                    const double plain = v[d + 1][h], refined = c2 + (1 - cut) * v[d + 1][h];
                    const int on = optimise ? refined < plain : refine[d + 1][h];
                    value += rate * (on ? refined : plain);
                }
            v[d][g] = value;
        }
    if (optimise)
        for (int d = 1; d <= n; d++)
            for (int h = 0; h < GAPS; h++) {
                const double cut = c->refined[d][h] > 0 ? c->pruned[d][h] / c->refined[d][h] : 0;
                refine[d][h] = c2 + (1 - cut) * v[d][h] < v[d][h];
            }
}

static double root_value(const counts *c, double (*v)[GAPS])
{
    double total = 0, roots = 0;
    for (int g = 0; g < GAPS; g++) {
        total += c->branched[0][g] * v[0][g];
        roots += c->branched[0][g];
    }
    return roots > 0 ? total / roots : 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: gap_model INSTANCE UB C2 [SAMPLE [NODE_LIMIT]]\n");
        return 2;
    }
    fsbb_instance *instance;
    fsbb_error err;
    if (fsbb_instance_load(argv[1], &instance, &err) != FSBB_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    const int n = fsbb_instance_jobs(instance), m = fsbb_instance_machines(instance);
    if (n > MAX_JOBS || m > MAX_MACHINES) {
        fprintf(stderr, "at most %d jobs and %d machines\n", MAX_JOBS, MAX_MACHINES);
        return 1;
    }
    int *p = malloc(sizeof(int) * (size_t)n * (size_t)m);
    for (int k = 0; k < m; k++)
        for (int j = 0; j < n; j++)
            p[k * n + j] = fsbb_instance_time(instance, k, j);
    fsbb_bound_data d;
    if (fsbb_bound_data_init(&d, n, m, p) != 0 || fsbb_bound_data_build_pairs(&d, 0, NULL, NULL) != 0)
        return 1;
    const double c2 = atof(argv[3]);
    explorer x = {.d = &d, .ub = atoi(argv[2]), .sample = argc > 4 ? atoi(argv[4]) : 1,
                  .limit = argc > 5 ? strtoull(argv[5], NULL, 10) : ~0ULL, .hash = 12345,
                  .c = calloc(1, sizeof(counts))};
    fsbb_job perm[MAX_JOBS];
    for (int j = 0; j < n; j++)
        perm[j] = (fsbb_job)j;
    int front[MAX_MACHINES] = {0}, back[MAX_MACHINES] = {0};
    int scratch[4 * MAX_MACHINES];
    const int root_lb = fsbb_lb1(&d, perm, 0, 0, scratch);
    const double actual = explore(&x, perm, 0, 0, front, back, root_lb, 0);
    const counts *c = x.c;

    static double v[MAX_JOBS + 1][GAPS];
    static int refine[MAX_JOBS + 1][GAPS];
    values(c, n, c2, refine, 0, v);
    const double model_lb1 = root_value(c, v);
    printf("%s n=%d m=%d ub=%d c2=%g sample=%d nodes=%llu%s\n", argv[1], n, m, x.ub, c2, x.sample, x.seen,
           x.seen >= x.limit ? " (limit reached)" : "");
    /* The one-level recursion: a cut child's subtree is its own work and, per LB1 survivor
     * among its children, a cut child's subtree one level down. */
    double recursion[MAX_JOBS + 2] = {0};
    for (int depth = n; depth >= 1; depth--) {
        double cuts = 0;
        for (int g = 0; g < GAPS; g++)
            cuts += c->pruned[depth][g];
        const double first = cuts > 0 ? c->cut_children[depth] / cuts : 0;
        recursion[depth] = own_work(n, depth) + first * recursion[depth + 1];
    }
    printf("depth %9s %10s %10s %10s %10s %8s %10s %7s %10s\n", "branched", "S_d", "cut_mean", "class_mean", "model",
           "cut%", "model/cut", "first", "recursion");
    for (int depth = 1; depth < n; depth++) {
        double branched = 0, sub = 0, cuts = 0, cut_sub = 0, class_pred = 0, model_pred = 0, refined = 0;
        for (int g = 0; g < GAPS; g++) {
            branched += c->branched[depth][g];
            sub += c->subtree[depth][g];
            refined += c->refined[depth][g];
            cuts += c->pruned[depth][g];
            cut_sub += c->cut_subtree[depth][g];
            if (c->branched[depth][g] > 0)
                class_pred += c->pruned[depth][g] * c->subtree[depth][g] / c->branched[depth][g];
            model_pred += c->pruned[depth][g] * v[depth][g];
        }
        if (branched == 0)
            continue;
        printf("%5d %9.0f %10.1f %10.1f %10.1f %10.1f %8.2f %10.2f %7.3f %10.1f\n", depth, branched, sub / branched,
               cuts ? cut_sub / cuts : 0, cuts ? class_pred / cuts : 0, cuts ? model_pred / cuts : 0,
               refined ? 100 * cuts / refined : 0, cut_sub > 0 ? model_pred / cut_sub : 0,
               cuts ? c->cut_children[depth] / cuts : 0, recursion[depth]);
    }
    /* Every class refined. */
    for (int depth = 0; depth <= n; depth++)
        for (int g = 0; g < GAPS; g++)
            refine[depth][g] = depth > 0 && depth < n;
    values(c, n, c2, refine, 0, v);
    const double model_lb2 = root_value(c, v);
    values(c, n, c2, refine, 1, v);
    const double model_best = root_value(c, v);
    int classes_on = 0;
    for (int depth = 0; depth <= n; depth++)
        for (int g = 0; g < GAPS; g++)
            classes_on += refine[depth][g] && c->branched[depth][g] > 0;
    /* The best per-depth policy, by coordinate descent from LB1 alone. */
    int by_depth[MAX_JOBS + 1] = {0};
    double best_depth = model_lb1;
    for (int pass = 0; pass < 4; pass++)
        for (int depth = 1; depth < n; depth++) {
            by_depth[depth] ^= 1;
            for (int e = 0; e <= n; e++)
                for (int g = 0; g < GAPS; g++)
                    refine[e][g] = by_depth[e];
            values(c, n, c2, refine, 0, v);
            const double value = root_value(c, v);
            if (value < best_depth)
                best_depth = value;
            else
                by_depth[depth] ^= 1;
        }
    printf("work (LB1 candidates): actual LB1 %.4g, model LB1 %.4g (%.3f), LB2 everywhere %.4g (%.3f of LB1), "
           "per-class best %.4g (%.3f, %d classes on), per-depth best %.4g (%.3f) depths on:",
           actual, model_lb1, model_lb1 / actual, model_lb2, model_lb2 / model_lb1, model_best, model_best / model_lb1,
           classes_on, best_depth, best_depth / model_lb1);
    for (int depth = 1; depth < n; depth++)
        if (by_depth[depth])
            printf(" %d", depth);
    printf("\n");
    printf("first generation, forward only:");
    for (int depth = 1; depth < n; depth++) {
        double cuts = 0;
        for (int g = 0; g < GAPS; g++)
            cuts += c->pruned[depth][g];
        printf(" %d:%.2f/%.2f", depth, cuts ? c->cut_children[depth] / cuts : 0, cuts ? c->cut_forward[depth] / cuts : 0);
    }
    printf("\n");
    /* The recursion's rule: refine at depth d where cut rate x recursion x 1.5 reaches c2. */
    printf("recursion rule (x1.5 >= c2):");
    for (int depth = 1; depth < n; depth++) {
        double refined = 0, cuts = 0;
        for (int g = 0; g < GAPS; g++) {
            refined += c->refined[depth][g];
            cuts += c->pruned[depth][g];
        }
        if (refined >= 16 && cuts / refined * recursion[depth] * 1.5 >= c2)
            printf(" %d(%.2f)", depth, cuts / refined * recursion[depth] * 1.5 / c2);
    }
    printf("\n");
    return 0;
}
