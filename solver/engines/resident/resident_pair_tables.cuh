/* resident_pair_tables.cuh — the host side of the LB2 tables the refine stage reads
 * (fsbb_resident_lb2_tables, resident_layout.cuh): built from the bound data's machine
 * pairs, Johnson orders and lags (bound_data.h), pairs in their order there (strongest at
 * the root first). The resident engine uploads them; the GPU tests build the same. */
#ifndef FSBB_RESIDENT_PAIR_TABLES_CUH
#define FSBB_RESIDENT_PAIR_TABLES_CUH

#include "bound_data.h"

#include <cuda_runtime.h>

/* steps: n * pairs, machines: pairs. */
static inline void fsbb_resident_fill_pair_tables(const fsbb_bound_data *d, int4 *steps, int2 *machines)
{
    const int n = d->n, pairs = d->pair_count;
    for (int q = 0; q < pairs; q++) {
        const int k = d->pair_first[q], l = d->pair_second[q];
        const int *johnson = d->johnson_order + (size_t)q * n, *lag = d->lag + (size_t)q * n;
        machines[q] = make_int2(k, l);
        for (int r = 0; r < n; r++) {
            const int j = johnson[r];
            steps[(size_t)r * pairs + q] = make_int4(d->p[k * n + j], d->p[l * n + j], lag[j], j);
        }
    }
}

#endif
