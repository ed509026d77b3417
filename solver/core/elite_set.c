/* elite_set.c — a walk's elite set of distinct good schedules (elite_set.h). */
#include "elite_set.h"

#include "splitmix.h"

#include <stdlib.h>
#include <string.h>

int fsbb_elite_init(fsbb_elite_set *set, int n, int capacity, int min_distance)
{
    memset(set, 0, sizeof *set);
    set->n = n;
    set->capacity = capacity < 1 ? 1 : capacity > FSBB_ELITE_MAX ? FSBB_ELITE_MAX : capacity;
    set->min_distance = min_distance < 1 ? 1 : min_distance;
    set->schedules = malloc(sizeof(int) * (size_t)set->capacity * (size_t)n);
    set->makespans = malloc(sizeof(int) * (size_t)set->capacity);
    set->successor = malloc(sizeof(int) * ((size_t)n + 1));
    if (!set->schedules || !set->makespans || !set->successor) {
        fsbb_elite_free(set);
        return -1;
    }
    return 0;
}

void fsbb_elite_free(fsbb_elite_set *set)
{
    free(set->schedules);
    free(set->makespans);
    free(set->successor);
    memset(set, 0, sizeof *set);
}

int fsbb_elite_distance(fsbb_elite_set *set, const int *a, const int *b)
{
    const int n = set->n;
    int *successor = set->successor; /* job -> its successor in b; n: none */
    for (int i = 0; i + 1 < n; i++)
        successor[b[i]] = b[i + 1];
    successor[b[n - 1]] = n;
    int distance = a[0] != b[0];
    for (int i = 0; i + 1 < n; i++)
        distance += successor[a[i]] != a[i + 1];
    return distance;
}

static void store(fsbb_elite_set *set, int member, const int *schedule, int makespan)
{
    memcpy(set->schedules + (size_t)member * (size_t)set->n, schedule, sizeof(int) * (size_t)set->n);
    set->makespans[member] = makespan;
}

int fsbb_elite_offer(fsbb_elite_set *set, const int *schedule, int makespan)
{
    int worst = 0;
    for (int e = 1; e < set->count; e++)
        if (set->makespans[e] > set->makespans[worst])
            worst = e;
    if (set->count == set->capacity && makespan >= set->makespans[worst])
        return 0;
    int closest = -1, closest_distance = set->n + 1;
    for (int e = 0; e < set->count; e++) {
        const int distance = fsbb_elite_distance(set, schedule, set->schedules + (size_t)e * (size_t)set->n);
        if (distance < closest_distance) {
            closest = e;
            closest_distance = distance;
        }
    }
    if (closest >= 0 && closest_distance < set->min_distance) {
        if (makespan >= set->makespans[closest])
            return 0;
        store(set, closest, schedule, makespan);
        return 1;
    }
    if (set->count < set->capacity) {
        store(set, set->count++, schedule, makespan);
        return 1;
    }
    store(set, worst, schedule, makespan);
    return 1;
}

const int *fsbb_elite_pick(fsbb_elite_set *set, const int *schedule, uint64_t *rng, int *makespan)
{
    int far[FSBB_ELITE_MAX], count = 0;
    for (int e = 0; e < set->count; e++)
        if (fsbb_elite_distance(set, schedule, set->schedules + (size_t)e * (size_t)set->n) >= set->min_distance)
            far[count++] = e;
    if (count == 0)
        return NULL;
    const int member = far[fsbb_splitmix_below(rng, count)];
    *makespan = set->makespans[member];
    return set->schedules + (size_t)member * (size_t)set->n;
}
