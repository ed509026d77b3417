/* resident_pair_tables.cuh — the host side of the LB2 tables the refine stage reads
 * (fsbb_resident_lb2_tables, resident_layout.cuh): built from the bound data's machine
 * pairs, Johnson orders and lags (bound_data.h) in a given order of the pairs. The resident
 * engine uploads them (and builds them again when it learns a better pair order); the GPU
 * tests build the same. */
#ifndef FSBB_RESIDENT_PAIR_TABLES_CUH
#define FSBB_RESIDENT_PAIR_TABLES_CUH

#include "bound_data.h"

#include <cuda_runtime.h>

/* The most jobs for which the tables carry ranks (a job's place in a pair's order, one
 * byte): the refine stage then walks the places of the unscheduled jobs as bits of four
 * 32-bit words; above it scans every place. */
#define FSBB_RESIDENT_RANKED_JOBS 128

/* steps: n * pairs, ranks: n * pairs bytes (NULL above FSBB_RESIDENT_RANKED_JOBS jobs),
 * machines: pairs; place q of the tables holds the bound data's pair order[q]. */
static inline void fsbb_resident_fill_pair_tables(const fsbb_bound_data *d, const int *order, int4 *steps,
                                                  unsigned char *ranks, int2 *machines)
{
    const int n = d->n, pairs = d->pair_count;
    for (int q = 0; q < pairs; q++) {
        const int from = order[q], k = d->pair_first[from], l = d->pair_second[from];
        const int *johnson = d->johnson_order + (size_t)from * n, *lag = d->lag + (size_t)from * n;
        machines[q] = make_int2(k, l);
        for (int r = 0; r < n; r++) {
            const int j = johnson[r];
            steps[(size_t)r * pairs + q] = make_int4(d->p[k * n + j], d->p[l * n + j], lag[j], j);
            if (ranks)
                ranks[(size_t)j * pairs + q] = (unsigned char)r;
        }
    }
}

#endif
