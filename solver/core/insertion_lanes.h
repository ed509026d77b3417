/* insertion_lanes.h — several reinsertions at once: for several jobs of a sequence, each
 * taken out and put back at its best position, the least makespan of each (what
 * fsbb_insertion_reinsert returns, without the position), one job per vector lane. The
 * insertion local search asks it which of its next jobs is the first whose reinsertion
 * shortens the schedule, and moves that one only (local_search.c): to the position named
 * here when only one position has its least makespan, else where fsbb_insertion_reinsert's
 * tie-breaking puts it. Most reinsertions do not improve (about 98 % on Taillard's
 * 100 x 20 instances), and this answers for 8 or 16 of them at once (below) at a quarter to
 * a half of the cost of asking them one at a time (docs/heuristic.md).
 *
 * Lane l takes out the job at position f_l: column c of its shorter sequence holds seq[c]
 * for c < f_l and seq[c + 1] after, so its time on machine k at column c is one of two
 * neighbours in row k of the sequence's times in sequence order, picked per column. The
 * heads and tails of all the lanes' shorter sequences are then one uniform recurrence over
 * the columns and machines (insertion.h), and so is the insertion of each lane's job at
 * each position: the tails go backward into a buffer, the heads forward with the
 * insertions. O(length m) vector steps for all the lanes.
 *
 * The times in sequence order are kept in the insertion workspace, loaded here beside
 * fsbb_insertion_load and fsbb_insertion_reload; their buffers are made by
 * fsbb_insertion_init, except for instances whose lane buffers would pass
 * FSBB_INSERTION_LANES_MAX_BYTES (there fsbb_insertion_lanes_on is 0 and a local search
 * takes its jobs one at a time). */
#ifndef FSBB_INSERTION_LANES_H
#define FSBB_INSERTION_LANES_H

#include "insertion.h"

/* The most jobs asked at once: 16 with AVX2 (else 4), as fsbb_insertion_lanes_width says. */
#ifdef __AVX2__
#define FSBB_INSERTION_MAX_LANES 16
#else
#define FSBB_INSERTION_MAX_LANES 4
#endif

/* The largest lane buffers made for one workspace. */
#define FSBB_INSERTION_LANES_MAX_BYTES (16u << 20)

/* Makes the lane buffers of w (n, m and times set) when they fit
 * FSBB_INSERTION_LANES_MAX_BYTES; 0, or -1 when out of memory. Called by
 * fsbb_insertion_init. */
int fsbb_insertion_lanes_init(fsbb_insertion *w);
void fsbb_insertion_lanes_free(fsbb_insertion *w);

/* 1 when w has its lane buffers. */
int fsbb_insertion_lanes_on(const fsbb_insertion *w);

/* The times of seq[lo..hi] into the columns lo..hi of the sequence's times: after a load
 * of seq (lo 0, hi length - 1) or after a change of seq in lo..hi only. */
void fsbb_insertion_lanes_load(fsbb_insertion *w, const int *seq, int lo, int hi);

/* How many jobs fsbb_insertion_least_reinsertions asks at once in a sequence of that
 * makespan: with AVX2, 16 in lanes of 16 bits where every value fits them (the makespan
 * plus the longest job's total time below 2^16, as on Taillard's instances), else 8 in
 * lanes of 32 bits; without AVX2, 4. */
int fsbb_insertion_lanes_width(const fsbb_insertion *w, int makespan);

/* For the sequence of length 2 or more whose times were loaded, of that makespan (or
 * less; it need not be loaded in the workspace's heads and tails): for l < count (1 ..
 * fsbb_insertion_lanes_width(w, makespan)), the least makespan of the sequence with its job
 * at from[l] (distinct positions) taken out and inserted at any position of the rest, into
 * least[l]. */
void fsbb_insertion_least_reinsertions(fsbb_insertion *w, int length, int makespan, const int *from, int count,
                                       int *least);

/* After fsbb_insertion_least_reinsertions for a sequence of that length: 1 when lane l's
 * least makespan is reached at one position only, that position (in the shorter sequence)
 * into *position, the one fsbb_insertion_reinsert chooses; 0 when several positions tie
 * (its idle-time estimate then decides). */
int fsbb_insertion_lanes_position(const fsbb_insertion *w, int lane, int length, int *position);

#endif
