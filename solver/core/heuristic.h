/* heuristic.h — the initial upper bound: NEH (Nawaz, Enscore and Ham 1983) and iterated
 * greedy (Ruiz and Stützle 2007), both with Taillard's acceleration, so that trying a job at
 * every position of a sequence of L jobs costs O(L m) in all.
 *
 * Times are m x n row-major, p[k * n + j]; permutations hold the n jobs 0-based.
 *
 * Both take a stop rule (stop.h; NULL: run to the end) and count their work on it, so a
 * time limit or an interrupt ends them within about a millisecond of work on any size of
 * instance; they then still leave a complete schedule and return its makespan. */
#ifndef FSBB_HEURISTIC_H
#define FSBB_HEURISTIC_H

#include "stop.h"

/* Iterations of fsbb_heuristic_improve for instances up to 20 jobs x 20 machines, where
 * they take about 30 ms on one core (10 ms on 20 x 5). One iteration costs O(n^2 m) (a few
 * local-search passes, each trying every job at every position), so larger instances need
 * proportionally fewer: the solver scales this by 20*20*20 / (n^2 m) when that is below 1,
 * which leaves one iteration for 500 x 20 (about 70 ms with NEH). */
#define FSBB_HEURISTIC_DEFAULT_ITERATIONS 1000

/* NEH: jobs by decreasing total time (ties: lower index first), each inserted at the
 * first position that minimises the partial makespan. Writes the schedule to permutation
 * (n ints) and returns its makespan, or -1 when out of memory. O(n^2 m). Stopped early,
 * it appends the jobs not yet inserted, in that order, after the partial sequence. */
int fsbb_heuristic_neh(int n, int m, const int *p, int *permutation, fsbb_stop *stop);

/* Iterated greedy from the schedule in permutation: a local search by insertion, then
 * `iterations` times: remove 4 random jobs (n - 1 when n <= 4), reinsert each at its best
 * position, local search by insertion, accept the result if not worse or else with
 * probability exp(-(worse - current) / T), T = 0.4 * (sum of times) / (10 n m).
 * Deterministic for a given seed. Leaves the best schedule found in permutation and
 * returns its makespan (never worse than the schedule given), or -1 when out of memory.
 * Stopped early, it keeps the best schedule found so far. */
int fsbb_heuristic_improve(int n, int m, const int *p, int *permutation, int iterations, unsigned seed,
                           fsbb_stop *stop);

#endif
