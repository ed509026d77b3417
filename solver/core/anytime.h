/* anytime.h — the heuristic engine (iterated_greedy.h) run for a search: its schedules
 * become the search's incumbent as they are found, and the search's become the walks'.
 *
 * Three uses, one code path: the initial upper bound (a short budget before the search),
 * the heuristic alone (option search=heuristic: until its budget or the time limit), and
 * workers beside an exact search (option heuristic-threads), started before the engine on
 * threads of their own and stopped the moment the engine returns.
 *
 * Every engine reads the search's incumbent as it goes (the CPU threads before each node,
 * the offload loop before each pool, the resident loop between kernel runs, which copies
 * it to the device when it is lower), so a schedule offered here prunes at once; a bound
 * only ever lowers. A walk that sees the search holding a better schedule than its own
 * adopts it (the take_schedule hook). */
#ifndef FSBB_ANYTIME_H
#define FSBB_ANYTIME_H

#include "iterated_greedy.h"
#include "search.h"

/* CPU seconds per walk of the initial upper bound's heuristic (option ub=heuristic) for n
 * jobs and m machines: FSBB_ANYTIME_UB_MS_PER_CELL milliseconds for each of n m / 2
 * cells, at most FSBB_ANYTIME_UB_CAP_S. */
#define FSBB_ANYTIME_UB_MS_PER_CELL 0.25
#define FSBB_ANYTIME_UB_CAP_S 1.0
double fsbb_anytime_ub_budget_s(int n, int m);

/* The per-walk CPU budget of the heuristic alone without a time limit or an iteration
 * budget: the published iterated-greedy budget, n m / 2 * 60 milliseconds. */
double fsbb_anytime_alone_budget_s(int n, int m);

/* The walks' configuration for a search: the tuned defaults with the options' seed and
 * the given walks, independent of each other (each walk its full budget: restarting
 * stagnating walks from the best of all made the final schedules worse, 10 of 15 runs on
 * ta081-ta090 with 2 and 16 walks, results/anytime/README.md); the start is the search's
 * schedule when it holds one (else NEH). */
void fsbb_anytime_config(const fsbb_search *search, int walks, fsbb_ig_config *config, int *start);

/* The exact window move (ig_walk.h) in the walks that run long, the heuristic alone and the
 * workers beside a search, on instances of at least FSBB_ANYTIME_WINDOW_MIN_JOBS jobs: at
 * the published budget on the GPU machine's Xeon, windows of FSBB_ANYTIME_WINDOW jobs gave
 * lower makespans than none on 50x20 (better in 12 of 20 runs, worse in 4), 100x20 (23 of
 * 40, worse in 11) and 200x20 (ARPD 0.585 % against 0.653 %), the same on 100x5, 100x10 and
 * 200x10. Not in the initial upper bound's short walks, where they cost more than they find
 * (worse in 17 of 25 runs of 50-200 jobs; on ta011-ta030 the optimum in 8 of 20 against 15):
 * results/heuristic/README.md. */
#define FSBB_ANYTIME_WINDOW 10
#define FSBB_ANYTIME_WINDOW_MIN_JOBS 50
void fsbb_anytime_long_walks(fsbb_ig_config *config, int jobs);

/* Runs the heuristic on the calling thread until config's budget, the search's time limit
 * or interrupt, or the search's stop flag; each better schedule is offered to the search
 * as found by source. result may be NULL. Nothing else reports while it runs (it builds
 * the initial upper bound before the search, or it is the heuristic alone), so its walks
 * report the search's progress when due (nodes 0), from NEH's first insertion on. */
fsbb_status fsbb_anytime_run(fsbb_search *search, const fsbb_ig_config *config, fsbb_found_by source,
                             fsbb_ig_result *result, fsbb_error *err);

/* Heuristic workers beside a running search. */
typedef struct fsbb_anytime fsbb_anytime;

/* Starts `walks` walks (seeded from the options' seed) on a thread of their own, with no
 * budget: they run until fsbb_anytime_finish. *out is NULL for walks <= 0 (nothing to
 * start). FSBB_ERR_MEMORY or FSBB_ERR_RESOURCE when they could not start; the search can
 * go on without them. */
fsbb_status fsbb_anytime_start(fsbb_search *search, int walks, fsbb_anytime **out, fsbb_error *err);

/* Stops the walks, waits for them and frees them; the iterations they made (NULL: not
 * wanted). NULL does nothing. */
void fsbb_anytime_finish(fsbb_anytime *workers, uint64_t *iterations);

#endif
