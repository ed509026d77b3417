/* splitmix.h — a small random generator (Steele, Lea and Flood's SplitMix64) whose whole
 * state is one 64-bit word owned by the caller: the heuristics' walks draw from it, so a
 * seed fixes a walk. */
#ifndef FSBB_SPLITMIX_H
#define FSBB_SPLITMIX_H

#include <stdint.h>

static inline uint64_t fsbb_splitmix_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, bound), bound > 0 (the modulo bias is below 2^-40 for bound < 2^24). */
static inline int fsbb_splitmix_below(uint64_t *state, int bound)
{
    return (int)(fsbb_splitmix_next(state) % (uint64_t)bound);
}

/* Uniform in [0, 1). */
static inline double fsbb_splitmix_unit(uint64_t *state)
{
    return (double)(fsbb_splitmix_next(state) >> 11) * 0x1.0p-53;
}

/* values[0..count) in a uniformly random order (Fisher-Yates). */
static inline void fsbb_splitmix_shuffle(uint64_t *state, int *values, int count)
{
    for (int i = count - 1; i > 0; i--) {
        const int other = fsbb_splitmix_below(state, i + 1);
        const int swap = values[i];
        values[i] = values[other];
        values[other] = swap;
    }
}

#endif
