/* window_search.h — a window of consecutive jobs of a permutation flow-shop sequence
 * re-sequenced optimally, the rest of the sequence fixed.
 *
 * For a sequence s and a window s[a..a + K), the jobs before the window leave machine k free
 * at head[k] (the loaded heads at position a, insertion.h) and the jobs after it need
 * tail[k] from their start on machine k to the end (the loaded tails at position a + K).
 * Every path of the schedule's grid crosses from the window's last position to the next on
 * exactly one machine, so the sequence with the window's jobs in an order pi has makespan
 *     max_k f_k + tail[k],
 * f_k the completion of pi's last job on machine k when pi starts from the heads.
 *
 * The best order is found by a depth-first branch-and-bound over the window's jobs placed
 * from the front. The bound of a partial order with completions f and unplaced jobs U, on
 * each machine k: the first job of U starts on k no earlier than
 *     e_k = max(f_k, e_{k-1} + min_{j in U} p[j][k-1])     (e_0 = f_0),
 * the jobs of U then take R_k (their times on k) there, and the last of them still needs
 *     q[j][k] = max(tail[k], p[j][k+1] + q[j][k+1])        (q[j][m-1] = tail[m-1])
 * from its completion on k to the end; the bound is max_k e_k + R_k + min_{j in U} q[j][k].
 * Children are visited in increasing bound, and a child whose bound is not below the best
 * makespan so far is cut: only strictly better orders are found. The bounds of all the
 * children of a node are computed together, one slot of the window per vector lane. Before
 * any of this, a window is cut at once when on some machine head[k] + R_k + tail[k] (R_k:
 * all its jobs' times there) is not below the bound asked: most windows of a walk's step
 * (about 91 % on ta081) end there. A workspace also remembers the last windows (by a hash of
 * their jobs, heads and tails; FSBB_WINDOW_KNOWN of them) that had no order below a bound,
 * and answers the same window asked again with that bound or a lower one at once (about a
 * fifth of the windows that pass the first test on ta081: after a move elsewhere left their
 * heads and tails as they were).
 *
 * A window's tree can be large where there are many machines (a window of 10 jobs on 1000
 * machines: seconds): a solve asks the caller's stop about every FSBB_WINDOW_STOP_WORK
 * nodes times machines, and ends when it says so (on Taillard's 20 machines, every 52429
 * nodes, where a window of 10 jobs visits at most about 10^4).
 *
 * A workspace belongs to one thread, beside an insertion workspace of the same instance. */
#ifndef FSBB_WINDOW_SEARCH_H
#define FSBB_WINDOW_SEARCH_H

#include "insertion.h"

#include <stdint.h>

/* The largest window. */
#define FSBB_WINDOW_MAX 16

/* How many windows found unimprovable a workspace remembers. */
#define FSBB_WINDOW_KNOWN 256

/* Nodes times machines visited between two questions to the caller's stop. */
#define FSBB_WINDOW_STOP_WORK ((uint64_t)1 << 20)

/* Asked during a long solve: nonzero to stop now. */
typedef int (*fsbb_window_should_stop)(void *data);

typedef struct fsbb_window {
    int m, largest;
    const int *times;   /* n x m, job-major: the insertion workspace's */
    int *jobs;          /* largest: the window's jobs */
    int *to_end;        /* largest x m: q[j][k] above, per window slot */
    int *front;         /* (largest + 1) x m: completions after each depth */
    int *rest;          /* m: times on each machine of the jobs not yet placed */
    int *children;      /* largest x largest: per depth, the slots of its children by bound */
    int *child_bound;   /* largest x largest: their bounds */
    int *order, *best;  /* largest: the slots placed so far, and the best order's */
    int *placed;        /* largest: 1 when the slot is placed */
    int *least;         /* 4 m: per machine the least and second least p[j][k] and q[j][k] over U */
    int *least_slot;    /* 2 m: per machine the slot of the least p and of the least q */
    int *slot_times;    /* m x FSBB_WINDOW_MAX: p[j][k] of the window's slots, machine-major */
    int *known;         /* FSBB_WINDOW_KNOWN x known_stride: windows that had no order below a bound */
    int known_stride;   /* 2 + largest + 2 m: size (0: none), the bound, jobs, heads, tails */
    int *head, *tail;   /* m each: room for a caller's heads and tails of a window */
    uint64_t nodes;     /* nodes visited by the last solve */
    fsbb_window_should_stop stop; /* the last solve's stop (may be NULL) and its data */
    void *stop_data;
    uint64_t work;      /* nodes times machines since stop was last asked */
    int stopped;        /* the last solve ended because stop said so */
} fsbb_window;

/* Returns 0, or -1 when out of memory (nothing to free then). w: the instance's insertion
 * workspace (its times are read here, now and later); largest: the largest window
 * (2..FSBB_WINDOW_MAX). */
int fsbb_window_init(fsbb_window *x, const fsbb_insertion *w, int largest);
void fsbb_window_free(fsbb_window *x);

/* The jobs jobs[0..size) (size <= largest) after heads head[0..m) and before tails
 * tail[0..m): finds an order of makespan below `below` (INT_MAX: the optimum), the least
 * such, into order[0..size) and returns its makespan; returns `below` and leaves order as
 * it was when there is none. When stop (may be NULL) says so, returns at once with
 * x->stopped set: the best order found so far below `below`, as above, or `below`. */
int fsbb_window_solve(fsbb_window *x, const int *jobs, int size, const int *head, const int *tail, int below,
                      int *order, fsbb_window_should_stop stop, void *stop_data);

/* The makespan of jobs[0..size) in that order after head and before tail. */
int fsbb_window_makespan(const fsbb_window *x, const int *jobs, int size, const int *head, const int *tail);

#endif
