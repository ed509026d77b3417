/* brute_force.h — exact answers for tiny instances by enumerating permutations: the
 * reference that the bound and heuristic tests compare against. Independent of the
 * library's makespan and bound code: only the textbook recurrence
 *     C[i][k] = max(C[i-1][k], C[i][k-1]) + p[k][job i].
 * Times are m x n row-major, p[k * n + j]; jobs are 0-based. */
#ifndef FSBB_TEST_BRUTE_FORCE_H
#define FSBB_TEST_BRUTE_FORCE_H

#define BRUTE_FORCE_MAX_JOBS 9       /* 9! = 362880 schedules */
#define BRUTE_FORCE_MAX_MACHINES 64

/* Makespan of a sequence of `count` jobs (any m <= BRUTE_FORCE_MAX_MACHINES, any n). */
int brute_force_makespan(int n, int m, const int *p, const int *sequence, int count);

/* The optimal makespan over all n! permutations; permutation (n ints, may be NULL)
 * receives one optimal schedule. Returns -1 when n or m is out of range. */
int brute_force_optimum(int n, int m, const int *p, int *permutation);

/* The best makespan over all schedules that start with prefix (in order) and end with
 * suffix (in order of execution), the other jobs in any order between; prefix and suffix
 * must be disjoint. Returns -1 when n or m is out of range. */
int brute_force_best_completion(int n, int m, const int *p, const int *prefix, int prefix_length,
                                const int *suffix, int suffix_length);

/* 1 when no single job of sequence[0..n), taken out and put back at any position, gives a
 * makespan below `makespan`, every makespan recomputed by the recurrence above: an insertion
 * local optimum. scratch: 2 n ints. */
int brute_force_is_insertion_local_optimum(int n, int m, const int *p, const int *sequence, int makespan,
                                           int *scratch);

#endif
