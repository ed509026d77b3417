/* interchange.h — the interchange (swap) neighbourhood of a permutation flow-shop sequence:
 * the makespan of the sequence with the jobs at positions i < j exchanged, on the heads and
 * tails of insertion.h's workspace, and a lower bound on it that costs O(1).
 *
 * Exact makespan: the heads before i and the tails after j are those of the loaded sequence,
 * so only the segment i..j is recomputed, O((j - i + 1) m), and the computation stops as
 * soon as the makespan is known to reach a given bound (a lower bound on what is left: the
 * segment's remaining jobs on one machine, then the longest path from the job moved to j on
 * that machine to the end).
 *
 * Lower bound: a critical path of the loaded sequence (a path through the grid of positions
 * x machines, monotone in both, whose times sum to the makespan) is also a path of the
 * sequence after any exchange, over the same cells with other jobs in two of its positions.
 * Its length there, the makespan plus the change in those two positions' times on the
 * path's machines, is a lower bound on the new makespan (the path argument behind the block
 * properties of Nowicki and Smutnicki, Management Science 42, 1996, and Grabowski and
 * Wodecki, C&OR 31, 2004): an exchange whose bound is not below the makespan cannot
 * improve it. So exchanges inside one stretch of the path on one machine are never
 * evaluated, nor any whose jobs are longer where they would go.
 *
 * A workspace belongs to one thread, beside an insertion workspace of the same instance. */
#ifndef FSBB_INTERCHANGE_H
#define FSBB_INTERCHANGE_H

#include "insertion.h"

typedef struct fsbb_interchange {
    int n, m;
    int *path_first;  /* n: per position, the first machine of the critical path there */
    int *path_last;   /* n: per position, its last machine */
    int *job_prefix;  /* n x (m + 1): job_prefix[j * (m + 1) + k] = p[0][j] + ... + p[k - 1][j] */
    int *row_prefix;  /* m x (n + 1): per machine, the times of the loaded sequence's first jobs */
    int *column;      /* 2 m: scratch */
} fsbb_interchange;

/* Returns 0, or -1 when out of memory (nothing to free then). w: the instance's insertion
 * workspace (its times are read here, now and later). */
int fsbb_interchange_init(fsbb_interchange *x, const fsbb_insertion *w);
void fsbb_interchange_free(fsbb_interchange *x);

/* After seq[0..length) was loaded into w (fsbb_insertion_load or _reload), prepares the
 * lower bound and the early stop for that sequence: a critical path and the machines' sums.
 * O(length m). */
void fsbb_interchange_prepare(fsbb_interchange *x, const fsbb_insertion *w, const int *seq, int length);

/* The lower bound above on the makespan of seq with positions i < j exchanged; makespan:
 * that of seq. Needs fsbb_interchange_prepare for seq. */
int fsbb_interchange_bound(const fsbb_interchange *x, const int *seq, int makespan, int i, int j);

/* The makespan of the loaded sequence seq with positions i < j exchanged, or, once that
 * is known to be at least `below`, some value >= below. Needs fsbb_interchange_prepare. */
int fsbb_interchange_makespan(fsbb_interchange *x, const fsbb_insertion *w, const int *seq, int i, int j, int below);

#endif
