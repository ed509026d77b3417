/* census.c — counting the open tree by depth and weighing it (census.h). */
#include "census.h"

#include "node.h"

#include <stdlib.h>
#include <string.h>

int fsbb_census_init(fsbb_census *census, int n)
{
    memset(census, 0, sizeof *census);
    census->n = n;
    census->min_lb = INT_MAX;
    census->by_depth = calloc((size_t)n + 1, sizeof *census->by_depth);
    census->weight = malloc(((size_t)n + 1) * sizeof *census->weight);
    if (!census->by_depth || !census->weight)
        return -1;
    /* (n - d)! / n! = 1 / (n (n - 1) ... (n - d + 1)); deep levels may underflow to 0. */
    census->weight[0] = 1;
    for (int d = 1; d <= n; d++)
        census->weight[d] = census->weight[d - 1] / (long double)(n - d + 1);
    return 0;
}

void fsbb_census_free(fsbb_census *census)
{
    free(census->by_depth);
    free(census->weight);
    census->by_depth = NULL;
    census->weight = NULL;
}

void fsbb_census_reset(fsbb_census *census)
{
    memset(census->by_depth, 0, ((size_t)census->n + 1) * sizeof *census->by_depth);
    census->min_lb = INT_MAX;
    census->open_nodes = 0;
}

void fsbb_census_add_census(fsbb_census *census, const fsbb_census *other)
{
    for (int d = 0; d <= census->n; d++)
        census->by_depth[d] += other->by_depth[d];
    census->open_nodes += other->open_nodes;
    if (other->min_lb < census->min_lb)
        census->min_lb = other->min_lb;
}

void fsbb_census_add_nodes(fsbb_census *census, const unsigned char *nodes, size_t count, size_t stride)
{
    for (size_t i = 0; i < count; i++) {
        const fsbb_node *node = (const fsbb_node *)(nodes + i * stride);
        fsbb_census_add(census, fsbb_node_depth(node), node->lb);
    }
}

long double fsbb_census_open_weight(const fsbb_census *census)
{
    long double sum = 0;
    for (int d = census->n; d >= 0; d--)
        sum += (long double)census->by_depth[d] * census->weight[d];
    return sum < 1 ? sum : 1;
}

double fsbb_census_fraction_done(const fsbb_census *census)
{
    const long double done = 1 - fsbb_census_open_weight(census);
    return done > 0 ? (double)done : 0;
}
