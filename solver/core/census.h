/* census.h — the open tree counted at one moment: its open nodes by depth (jobs placed,
 * front and back), their least bound, and the share of the tree they hold. Each expansion
 * splits a node's weight equally among its n - d children (pruned ones included), so a node
 * of depth d weighs (n - d)! / n!, and the share of the tree done is 1 minus the weight of
 * the open nodes (those being expanded included). The weight is summed from the counts, the
 * deepest first, in long double. Engines fill a census at report time (search.h). */
#ifndef FSBB_CENSUS_H
#define FSBB_CENSUS_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

typedef struct fsbb_census {
    int n;                  /* jobs */
    uint64_t *by_depth;     /* n + 1: open nodes at each depth */
    long double *weight;    /* n + 1: the share of the tree one node of each depth holds */
    int min_lb;             /* least bound of the open nodes; INT_MAX when none */
    uint64_t open_nodes;
} fsbb_census;

/* 0, or -1 when memory runs out (fsbb_census_free releases what was had). */
int fsbb_census_init(fsbb_census *census, int n);
void fsbb_census_free(fsbb_census *census);

/* Empties the counts. */
void fsbb_census_reset(fsbb_census *census);

/* Counts one open node of this depth and bound. */
static inline void fsbb_census_add(fsbb_census *census, int depth, int lb)
{
    census->by_depth[depth]++;
    census->open_nodes++;
    if (lb < census->min_lb)
        census->min_lb = lb;
}

/* Adds the counts of other (over as many jobs) to census. */
void fsbb_census_add_census(fsbb_census *census, const fsbb_census *other);

/* Counts count nodes in the node.h layout, stride bytes apart. */
void fsbb_census_add_nodes(fsbb_census *census, const unsigned char *nodes, size_t count, size_t stride);

/* The share of the tree the counted nodes hold, in [0, 1]. */
long double fsbb_census_open_weight(const fsbb_census *census);

/* 1 - the open weight, in [0, 1]. */
double fsbb_census_fraction_done(const fsbb_census *census);

#endif
