/* custom_bound.c — custom CPU bounds on a node (custom_bound.h). */
#include "custom_bound.h"

#include "host_device.h"

int fsbb_custom_cpu_bounds(const fsbb_custom_bound *bounds, int count, const fsbb_bound_data *d,
                           const fsbb_custom_node *node, int lb, int ub, int *scratch)
{
    if (count == 0 || lb >= ub)
        return lb;
    const int n = d->n, fl = node->front_len, bl = node->back_len;
    int *prefix = scratch, *suffix = scratch + n, *unscheduled = scratch + 2 * n;
    for (int i = 0; i < fl; i++)
        prefix[i] = node->perm[i];
    for (int i = 0; i < bl; i++)
        suffix[i] = node->perm[n - bl + i];
    for (int i = fl; i < n - bl; i++)
        unscheduled[i - fl] = node->perm[i];
    const fsbb_node_view view = {
        .jobs = n, .machines = d->m, .times = d->p,
        .prefix = prefix, .prefix_length = fl,
        .suffix = suffix, .suffix_length = bl,
        .unscheduled = unscheduled, .unscheduled_count = n - fl - bl,
        .front = node->front, .back = node->back,
    };
    for (int b = 0; b < count && lb < ub; b++) {
        const fsbb_bound_definition *def = &bounds[b].definition;
        if (def->cpu_bound) {
            const int custom = def->cpu_bound(&view, def->user_data);
            lb = FSBB_MAX(lb, custom);
        }
    }
    return lb;
}
