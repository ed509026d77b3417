/* taillard_times.h — the Taillard instances the GPU tests and the pool benchmark use: time
 * seeds and best-known makespans (Taillard 1993, as in ../shared/data/taillard.tsv) and
 * Taillard's generator for the processing times. */
#ifndef FSBB_TEST_TAILLARD_TIMES_H
#define FSBB_TEST_TAILLARD_TIMES_H

#include <string.h>

typedef struct taillard_entry {
    const char *name;
    int jobs, machines;
    long time_seed;
    int best_known;
} taillard_entry;

/* One instance of each size class up to 500 x 20. */
static const taillard_entry taillard_entries[] = {
    {"ta001", 20, 5, 873654221L, 1278},    {"ta021", 20, 20, 479340445L, 2297},
    {"ta031", 50, 5, 1328042058L, 2724},   {"ta051", 50, 20, 1539989115L, 3846},
    {"ta061", 100, 5, 896678084L, 5493},   {"ta081", 100, 20, 450926852L, 6173},
    {"ta091", 200, 10, 471503978L, 10862}, {"ta101", 200, 20, 2013025619L, 11158},
    {"ta111", 500, 20, 1368624604L, 26040},
};
#define TAILLARD_ENTRY_COUNT ((int)(sizeof taillard_entries / sizeof *taillard_entries))

static inline const taillard_entry *taillard_find(const char *name)
{
    for (int i = 0; i < TAILLARD_ENTRY_COUNT; i++)
        if (strcmp(taillard_entries[i].name, name) == 0)
            return &taillard_entries[i];
    return NULL;
}

/* Taillard's uniform integer in [low, high] from a Lehmer generator (a = 16807, m = 2^31 - 1). */
static inline int taillard_uniform(long *seed, int low, int high)
{
    const long m = 2147483647L, a = 16807L, b = 127773L, c = 2836L;
    const long k = *seed / b;
    *seed = a * (*seed % b) - k * c;
    if (*seed < 0)
        *seed += m;
    return low + (int)((double)*seed / (double)m * (high - low + 1));
}

/* p[k * jobs + j], machine by machine, as Taillard draws them. */
static inline void taillard_times(const taillard_entry *e, int *p)
{
    long seed = e->time_seed;
    for (int k = 0; k < e->machines; k++)
        for (int j = 0; j < e->jobs; j++)
            p[k * e->jobs + j] = taillard_uniform(&seed, 1, 99);
}

#endif
