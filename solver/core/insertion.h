/* insertion.h — the insertion neighbourhood of a permutation flow-shop sequence with
 * Taillard's acceleration (E. Taillard, EJOR 47, 1990): the makespans of one job inserted at
 * each of the L + 1 positions of a sequence of L jobs cost O(L m) in all, not O(L^2 m).
 *
 * For a sequence s[0..L), machine k and position i (0..L):
 *     head[k][i]  completion on machine k of s[0..i)                 (0 for i = 0)
 *     tail[k][i]  time from the start of s[i..L) on machine k to its end (0 for i = L)
 * and job j inserted at position i finishes on machine k at
 *     f[k] = max(f[k-1], head[k][i]) + p[k][j]
 * so the sequence with j at i has makespan max_k f[k] + tail[k][i]. The positions are
 * independent of each other: the loop over them runs in vector lanes (rows machine-major).
 *
 * Ties between positions of equal makespan are broken by the idle-time estimate of
 * Fernandez-Viagas and Framinan (C&OR 45, 2014): among them, the position where the job and
 * the job it pushes back (if any) add the least time on machines 2..m. Remaining ties go to
 * the first position.
 *
 * Times are m x n row-major, p[k * n + j]; jobs are 0-based. A workspace belongs to one
 * thread. */
#ifndef FSBB_INSERTION_H
#define FSBB_INSERTION_H

typedef struct fsbb_insertion {
    int n, m;
    int stride;       /* entries per machine row of the tables below: n + 1, rounded up */
    int *times;       /* n x m, job-major: times[j * m + k] */
    int *head;        /* m x stride: heads of the sequence last loaded */
    int *tail;        /* m x stride: tails of the sequence last loaded */
    int *part_head;   /* m x stride: heads of that sequence without one job, past its place */
    int *part_tail;   /* m x stride: tails of that sequence without one job, before its place */
    int *cost;        /* stride: makespan with the job at each position */
    int *column;      /* m + 1: scratch for one job's completion times */
    /* Several reinsertions at once (insertion_lanes.h); NULL when the instance is too large: */
    int *sequence_times; /* m x lane_stride: the times of the sequence loaded for the lanes */
    int lane_stride;
    int longest_job;     /* the largest total time of one job */
    int lanes_narrow;    /* the last lanes asked were 16-bit ones */
    void *lane_space;    /* the lanes' tails, heads, job times and makespans at each position */
} fsbb_insertion;

/* Returns 0, or -1 when out of memory (nothing to free then). */
int fsbb_insertion_init(fsbb_insertion *w, int n, int m, const int *p);
void fsbb_insertion_free(fsbb_insertion *w);

/* Makespan of the sequence seq[0..length), computed directly. */
int fsbb_insertion_makespan(const fsbb_insertion *w, const int *seq, int length);

/* Makespans of job inserted at each position 0..length of seq[0..length) into
 * costs[0..length]. Loads seq (its heads and tails stay in w). */
void fsbb_insertion_costs(fsbb_insertion *w, const int *seq, int length, int job, int *costs);

/* The best position (ties broken as above) for job in seq[0..length) into *position;
 * returns the makespan of seq with job there. Loads seq. */
int fsbb_insertion_best(fsbb_insertion *w, const int *seq, int length, int job, int *position);

/* Computes the heads and tails of seq[0..length) into w, for fsbb_insertion_reinsert. */
void fsbb_insertion_load(fsbb_insertion *w, const int *seq, int length);

/* After seq[0..length) was loaded and then changed only in positions lo..hi (a job moved
 * between lo and hi), brings the heads and tails up to date in O((length - lo + hi) m). */
void fsbb_insertion_reload(fsbb_insertion *w, const int *seq, int length, int lo, int hi);

/* For the loaded sequence seq[0..length): the best position of job seq[from] in the
 * sequence without it, counted in that shorter sequence, into *position; returns the
 * makespan of the sequence with the job moved there. Ties are broken as above when that
 * makespan is below `below` (a local search moves the job only then; INT_MAX: always),
 * else *position is the first best. Uses the loaded heads and tails up to the job's place,
 * so it costs O(length m) once, not three times. The loaded tables are left as they were. */
int fsbb_insertion_reinsert(fsbb_insertion *w, const int *seq, int length, int from, int below, int *position);

/* The largest block that fsbb_insertion_reinsert_block moves. */
#define FSBB_INSERTION_MAX_BLOCK 4

/* Block insertion (the block moves of Kizilay, Tasgetiren, Pan and Gao, Algorithms 12,
 * 2019): for the loaded sequence seq[0..length), the first best position of the block
 * seq[from..from + size) (2 <= size <= FSBB_INSERTION_MAX_BLOCK, size < length), kept in
 * its order, in the sequence without it, counted in that shorter sequence, into *position;
 * returns the makespan of the sequence with the block moved there. The same acceleration
 * with the block's jobs in a row: O(length size m) in all. The loaded tables are left as
 * they were. */
int fsbb_insertion_reinsert_block(fsbb_insertion *w, const int *seq, int length, int from, int size, int *position);

#endif
